//! Reports: what a family's records add up to, read across the domains. It stands above them
//! (`layers.rs`): it asks each domain for its own section, computed by that domain under the rule
//! its own routes follow, and never reads a domain's tables itself. Two kinds: the statistics
//! (`statistics`) and the certified PDF reports (`certified`), whose table is the reports' own.

pub mod certified;
pub mod statistics;

use async_trait::async_trait;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, Handler, Work},
    ids::FamilyId,
    platform::jobs::Periodic,
    state::AppState,
};

/// The reports' part of the contract (`domain`).
pub struct Reports;

#[async_trait]
impl Domain for Reports {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(statistics::get_statistics))
            .routes(routes!(certified::create_report, certified::list_reports))
            .routes(routes!(certified::get_report, certified::delete_report))
            .routes(routes!(certified::download_report))
            .routes(routes!(certified::verify::verify_code))
            .merge(
                OpenApiRouter::new()
                    .routes(routes!(certified::verify::verify_file))
                    .layer(certified::verify::body_limit()),
            )
    }

    fn jobs(&self) -> Vec<(&'static str, Handler)> {
        vec![(certified::JOB, |state, job| {
            Box::pin(async move { certified::run(&state, job).await })
        })]
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![(
            Periodic {
                kind: certified::SWEEP,
                every: chrono::Duration::hours(1),
            },
            |state| Box::pin(async move { certified::sweep(&state).await }),
        )]
    }

    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        certified::erase(
            txn,
            certified::entities::informe::Column::UsuarioId,
            &user.id,
        )
        .await
    }

    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        certified::erase(
            txn,
            certified::entities::informe::Column::FamiliaId,
            familia_id.as_str(),
        )
        .await
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        certified::files_in_use(db, keys).await
    }
}
