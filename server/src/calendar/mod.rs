//! Calendar: events with their recurrence, custody (the schedule, holiday periods, who holds each
//! night, the parenting-time report, exchange reminders) and swaps (requests, answers, expiry,
//! handovers). docs/calendar.md states the rules.

pub mod access;
pub mod certified;
pub mod custody;
pub mod events;
mod export;
pub mod feed;
pub mod kept;
pub mod recurrence;
pub mod statistics;
pub mod swaps;
pub mod today;

use async_trait::async_trait;
use chrono::Utc;
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, sea_query::Expr};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    platform::{changes::Forget, jobs::Periodic},
    state::{AppState, Parts},
};
use events::entities::evento;

/// The calendar domain's part of the contract (`domain`).
pub struct Calendar;

#[async_trait]
impl Domain for Calendar {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .merge(events::router())
            .merge(custody::router())
            .merge(swaps::router())
            .merge(feed::router())
            .merge(today::router())
    }

    fn parts(&self, parts: &mut Parts, forget: &mut Vec<Forget>) {
        let answers = kept::cache();
        // The version check covers every change: everything is forgotten only when
        // announcements may have been missed.
        forget.push(answers.forgetter(|_| None));
        parts.insert::<kept::Answers>(answers);
    }

    /// Event reminders, expiring unanswered swap requests and reminding exchanges. The tables go
    /// with a family's row (foreign keys cascade).
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        let mut jobs = events::reminders::periodic();
        jobs.push((swaps::expiry::JOB, |state| {
            Box::pin(async move {
                swaps::expiry::expire_due(&state, Utc::now()).await?;
                Ok(())
            })
        }));
        jobs.push((custody::reminders::JOB, |state| {
            Box::pin(async move {
                custody::reminders::send_due(&state, Utc::now()).await?;
                Ok(())
            })
        }));
        jobs
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((export::files(state, user).await?, export::README))
    }

    /// Their private events go (nobody else may ever see them); their other events stay for the
    /// family, without an author. Who set a schedule, added a period or recorded a handover is
    /// forgotten; the nights, swaps and handovers stay for the other parent, as the family's
    /// history.
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        use custody::entities::{custodia, periodo, propuesta};
        use swaps::entities::entrega;
        let none = || Expr::value(Option::<String>::None);
        evento::Entity::delete_many()
            .filter(evento::Column::AutorId.eq(&user.id))
            .filter(evento::Column::Privado.eq(true))
            .exec(txn)
            .await?;
        evento::Entity::update_many()
            .col_expr(evento::Column::AutorId, none())
            .filter(evento::Column::AutorId.eq(&user.id))
            .exec(txn)
            .await?;
        custodia::Entity::update_many()
            .col_expr(custodia::Column::CreadaPor, none())
            .filter(custodia::Column::CreadaPor.eq(&user.id))
            .exec(txn)
            .await?;
        periodo::Entity::update_many()
            .col_expr(periodo::Column::CreadoPor, none())
            .filter(periodo::Column::CreadoPor.eq(&user.id))
            .exec(txn)
            .await?;
        propuesta::Entity::update_many()
            .col_expr(propuesta::Column::PropuestaPor, none())
            .filter(propuesta::Column::PropuestaPor.eq(&user.id))
            .exec(txn)
            .await?;
        propuesta::Entity::update_many()
            .col_expr(propuesta::Column::ResueltaPor, none())
            .filter(propuesta::Column::ResueltaPor.eq(&user.id))
            .exec(txn)
            .await?;
        entrega::Entity::update_many()
            .col_expr(entrega::Column::RegistradaPor, none())
            .filter(entrega::Column::RegistradaPor.eq(&user.id))
            .exec(txn)
            .await?;
        Ok(Vec::new())
    }
}
