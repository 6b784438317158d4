//! Money: shared expenses and their exact shares, approvals, payments between parents, running
//! balances and settling up, child support (`support`) and expense reports (docs/money.md states
//! the rules). `shares` and `settle` are the pure parts everything else stands on; `balance`
//! keeps the running totals that every counted expense and confirmed payment moves in its own
//! transaction. Like its routes, its entries in the family record are read by co-parents alone
//! (`Audience::CoParents` at each append), judged when read.

pub mod access;
pub mod answers;
pub mod balance;
pub mod certified;
pub mod entities;
pub mod expenses;
mod export;
pub mod input;
pub mod kept;
pub mod notice;
pub mod payments;
pub mod proposals;
pub mod receipts;
pub mod refunds;
pub mod reports;
pub mod settings;
pub mod settings_routes;
pub mod settle;
pub mod shares;
pub mod split;
pub mod statistics;
pub mod support;
pub mod views;
pub mod vocabulary;

use std::sync::LazyLock;

use async_trait::async_trait;
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter, QuerySelect,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use entities::{gasto, pago};

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    ids::FamilyId,
    platform::{changes::Forget, jobs::Periodic},
    state::{AppState, Parts},
};

/// The export README's lines for expenses, payments and balances, then child support.
static README: LazyLock<String> =
    LazyLock::new(|| format!("{}{}", export::README, support::export::README));

/// The money domain's part of the contract (`domain`). Its tables go with a family's row
/// (foreign keys cascade); an erased account's expenses and payments stay for the other
/// parent as the family's history, their balances whole.
pub struct Money;

#[async_trait]
impl Domain for Money {
    fn parts(&self, parts: &mut Parts, forget: &mut Vec<Forget>) {
        let answers = kept::cache();
        // The version check covers every change: everything is forgotten only when
        // announcements may have been missed.
        forget.push(answers.forgetter(|_| None));
        parts.insert::<kept::Answers>(answers);
    }

    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(
                settings_routes::get_settings,
                settings_routes::put_settings
            ))
            .routes(routes!(
                proposals::list_proposals,
                proposals::create_proposal
            ))
            .routes(routes!(proposals::answer_settings_proposal))
            .routes(routes!(balance::get_balance))
            .merge(expenses::router())
            .routes(routes!(answers::approve_expense))
            .routes(routes!(answers::refuse_expense))
            .routes(routes!(answers::dispute_expense))
            .routes(routes!(answers::reply_to_dispute))
            .routes(routes!(answers::accept_proposal))
            .routes(routes!(refunds::record_refund))
            .routes(routes!(payments::list_payments, payments::create_payment))
            .routes(routes!(payments::get_payment))
            .routes(routes!(payments::confirm_payment))
            .routes(routes!(payments::not_received_payment))
            .merge(
                OpenApiRouter::new()
                    .routes(routes!(receipts::upload_receipt, receipts::get_receipt))
                    .routes(routes!(receipts::upload_proof, receipts::get_proof))
                    .layer(receipts::body_limit()),
            )
            .routes(routes!(reports::expense_report))
            .routes(routes!(reports::expense_csv))
            .merge(support::router())
    }

    /// Makes each month's expense of the monthly series, and child support's dues.
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        let mut jobs: Vec<(Periodic, Work)> = vec![(expenses::recurring::JOB, |state| {
            Box::pin(async move {
                expenses::recurring::make_due(&state, Utc::now()).await?;
                Ok(())
            })
        })];
        jobs.extend(support::periodic());
        jobs
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        let used = stored_files(db, None, Some(keys)).await?;
        Ok(keys.iter().filter(|k| used.contains(k)).cloned().collect())
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        let mut files = export::files(state, user).await?;
        files.extend(support::export::files(state, user).await?);
        Ok((files, README.as_str()))
    }

    /// Child-support agreements stay for the other parent, without the erased user's name.
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        support::export::erase_account(txn, user).await?;
        proposals::erase_account(txn, user).await?;
        Ok(Vec::new())
    }

    /// The family's rows go with its row (foreign keys cascade; child support is erased here);
    /// its receipts and proofs are removed once the erasure commits.
    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        support::export::erase_family(txn, familia_id).await?;
        stored_files(txn, Some(familia_id.as_str()), None).await
    }
}

/// The stored files (receipts and proofs, thumbnails included) of a family, or among `keys`.
async fn stored_files(
    db: &impl ConnectionTrait,
    familia_id: Option<&str>,
    keys: Option<&[String]>,
) -> Result<Vec<String>, DbErr> {
    // A thumbnail's key is its photo's with `-mini`: look for the photo too.
    let wanted: Option<Vec<String>> = keys.map(|keys| {
        keys.iter()
            .map(|k| k.replace("-mini.jpg", ".jpg"))
            .collect()
    });
    let mut expenses = gasto::Entity::find()
        .select_only()
        .column(gasto::Column::ReciboClave)
        .filter(gasto::Column::ReciboClave.is_not_null());
    let mut payments = pago::Entity::find()
        .select_only()
        .column(pago::Column::ComprobanteClave)
        .filter(pago::Column::ComprobanteClave.is_not_null());
    if let Some(familia_id) = familia_id {
        expenses = expenses.filter(gasto::Column::FamiliaId.eq(familia_id));
        payments = payments.filter(pago::Column::FamiliaId.eq(familia_id));
    }
    if let Some(wanted) = &wanted {
        expenses = expenses.filter(gasto::Column::ReciboClave.is_in(wanted.clone()));
        payments = payments.filter(pago::Column::ComprobanteClave.is_in(wanted.clone()));
    }
    let mut found: Vec<Option<String>> = expenses.into_tuple().all(db).await?;
    found.extend(payments.into_tuple::<Option<String>>().all(db).await?);
    Ok(found
        .into_iter()
        .flatten()
        .flat_map(|k| receipts::keys_of(&k))
        .collect())
}
