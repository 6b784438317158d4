//! Money: shared expenses and their exact shares, approvals, payments between parents, running
//! balances and settling up, child support (docs/money.md states the rules). `split` and `settle`
//! are the pure parts everything else stands on; `balance` keeps the running totals that every
//! counted expense and confirmed payment moves in its own transaction.

pub mod access;
pub mod answers;
pub mod balance;
pub mod entities;
pub mod expenses;
mod export;
pub mod input;
pub mod notice;
pub mod payments;
pub mod reparto;
pub mod settings;
pub mod settle;
pub mod split;
pub mod support;
pub mod views;

use std::sync::OnceLock;

use async_trait::async_trait;
use sea_orm::{DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    platform::jobs::Periodic,
    state::AppState,
};

/// The money domain's part of the contract (`domain`). Its expense tables go with a family's row
/// (foreign keys cascade); an erased account's expenses and payments stay for the other parent
/// as the family's history, their balances whole.
pub struct Money;

/// The export README's lines for expenses, payments and child support, put together once.
fn readme() -> &'static str {
    static README: OnceLock<String> = OnceLock::new();
    README.get_or_init(|| format!("{}{}", export::README, support::export::README))
}

#[async_trait]
impl Domain for Money {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(settings::get_settings, settings::put_settings))
            .routes(routes!(balance::get_balance))
            .routes(routes!(expenses::list_expenses, expenses::create_expense))
            .routes(routes!(
                expenses::get_expense,
                expenses::update_expense,
                expenses::withdraw_expense
            ))
            .routes(routes!(answers::approve_expense))
            .routes(routes!(answers::refuse_expense))
            .routes(routes!(answers::dispute_expense))
            .routes(routes!(payments::list_payments, payments::create_payment))
            .routes(routes!(payments::get_payment))
            .routes(routes!(payments::confirm_payment))
            .routes(routes!(payments::not_received_payment))
            .merge(support::router())
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        support::periodic()
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        let mut files = export::files(state, user).await?;
        files.extend(support::export::files(state, user).await?);
        Ok((files, readme()))
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
