//! Calendar: events with their recurrence (docs/calendar.md).

pub mod events;
pub mod recurrence;

use async_trait::async_trait;
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, sea_query::Expr};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work, export_json},
    error::ApiResult,
    families,
    platform::jobs::Periodic,
    state::AppState,
};
use events::{access::visible_to, entities::evento, views::EventoView};

const README: &str = "\
calendario/eventos.json        los eventos de tus familias que ves, con sus repeticiones / your families' events you see, with their repetitions\n";

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

    /// The events of their families that they see, as stored.
    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        use sea_orm::QueryOrder;
        let rows = evento::Entity::find()
            .filter(evento::Column::FamiliaId.in_subquery(families::family_ids_of(&user.id)))
            .filter(visible_to(&user.id))
            .order_by_asc(evento::Column::PrimerInicio)
            .all(&state.db)
            .await?;
        let views = rows
            .iter()
            .map(EventoView::of)
            .collect::<ApiResult<Vec<_>>>()?;
        Ok((
            vec![export_json("calendario/eventos.json", &views)?],
            README,
        ))
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
