//! Money: shared expenses and their exact shares, payments between parents, balances and
//! settling up, child support (docs/money.md). The exact parts everything else stands on:
//! splitting an amount and settling balances.

pub mod settle;
pub mod split;
pub mod support;

use async_trait::async_trait;
use sea_orm::{DatabaseTransaction, DbErr};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    platform::jobs::Periodic,
    state::AppState,
};

/// The money domain's part of the contract (`domain`).
pub struct Money;

#[async_trait]
impl Domain for Money {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new().merge(support::router())
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        support::periodic()
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((
            support::export::files(state, user).await?,
            support::export::README,
        ))
    }

    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        support::export::erase_account(txn, user).await?;
        Ok(Vec::new())
    }

    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &str,
    ) -> Result<Vec<String>, DbErr> {
        support::export::erase_family(txn, familia_id).await?;
        Ok(Vec::new())
    }
}
