//! Messages: conversations between members of a family, whose messages are numbered, never
//! edited nor deleted, and written to the family record with their first views (docs/messages.md).

pub mod access;
pub mod attachments;
pub mod entities;
pub mod print;
pub mod search;
pub mod tone;
pub mod views;

use async_trait::async_trait;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    domain::{Domain, Work},
    platform::jobs::Periodic,
    state::AppState,
};

/// The subjects a conversation may be about.
pub const TEMAS: [&str; 6] = [
    "general",
    "medico",
    "escuela",
    "actividades",
    "horarios",
    "gastos",
];

/// The messages domain's part of the contract (`domain`).
pub struct Messages;

#[async_trait]
impl Domain for Messages {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .merge(attachments::router())
            .merge(search::router())
            .merge(print::router())
            .merge(tone::router())
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        attachments::periodic()
    }

    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &str,
    ) -> Result<Vec<String>, DbErr> {
        attachments::keys_of_family(txn, familia_id).await
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        attachments::keys_in_use(db, keys).await
    }
}
