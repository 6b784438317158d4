//! Calendar: events with their recurrence (docs/calendar.md).

pub mod events;
pub mod recurrence;

use async_trait::async_trait;
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, sea_query::Expr};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    domain::{Domain, Work},
    platform::jobs::Periodic,
    state::AppState,
};
use events::entities::evento;

/// The calendar domain's part of the contract (`domain`).
pub struct Calendar;

#[async_trait]
impl Domain for Calendar {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new().merge(events::router())
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        events::reminders::periodic()
    }

    /// Their private events go (nobody else may ever see them); their other events stay for the
    /// family, without an author.
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        evento::Entity::delete_many()
            .filter(evento::Column::AutorId.eq(&user.id))
            .filter(evento::Column::Privado.eq(true))
            .exec(txn)
            .await?;
        evento::Entity::update_many()
            .col_expr(evento::Column::AutorId, Expr::value(Option::<String>::None))
            .filter(evento::Column::AutorId.eq(&user.id))
            .exec(txn)
            .await?;
        Ok(Vec::new())
    }
}
