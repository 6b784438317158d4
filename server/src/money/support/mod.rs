//! Child support (cuota alimentaria): an agreement that one co-parent pays another a monthly
//! amount, fixed or a percentage of the payer's stated income; the dues each month makes (a
//! periodic job), payments that settle the oldest dues first, adjustments of the amount from a
//! date (by a percentage or an index, history kept), and an overdue notice to both parents once
//! per due. Every step goes into the family record in its own transaction, is published live
//! (`dinero`) to the family's co-parents and notifies the other party. docs/money.md states the
//! rules.

pub mod adjustments;
pub mod agreements;
pub mod amounts;
pub mod dues;
pub mod entities;
pub mod export;
pub mod input;
pub mod notice;
pub mod payments;
pub mod proposals;
pub mod store;
pub mod views;
pub mod vocabulary;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, sea_query::Expr};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use super::access::{Money, coparents};
use crate::{
    domain::Work,
    families::record,
    ids::FamilyId,
    platform::{
        jobs::Periodic,
        live::{self, Wake},
    },
    state::AppState,
};
use entities::cuota;

/// What the family record calls each step (its kinds live with the record's closed set).
pub mod acts {
    pub use crate::families::record::kinds::{
        SUPPORT_ADJUSTED as ADJUSTED, SUPPORT_CHANGED as CHANGED, SUPPORT_CREATED as CREATED,
        SUPPORT_DUE_MADE as DUE_MADE, SUPPORT_OVERDUE as OVERDUE, SUPPORT_PAYMENT as PAYMENT,
        SUPPORT_PAYMENT_CONFIRMED as PAYMENT_CONFIRMED,
        SUPPORT_PAYMENT_NOT_RECEIVED as PAYMENT_NOT_RECEIVED,
        SUPPORT_PROPOSAL_ANSWERED as PROPOSAL_ANSWERED, SUPPORT_PROPOSED as PROPOSED,
    };
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            agreements::list_agreements,
            agreements::create_agreement
        ))
        .routes(routes!(
            agreements::get_agreement,
            agreements::update_agreement
        ))
        .routes(routes!(adjustments::adjust))
        .routes(routes!(proposals::answer_support_proposal))
        .routes(routes!(payments::record_payment))
        .routes(routes!(payments::confirm_payment))
        .routes(routes!(payments::refuse_payment))
}

/// Makes the month's dues and tells of overdue ones.
pub fn periodic() -> Vec<(Periodic, Work)> {
    vec![(dues::JOB, |state| {
        Box::pin(async move {
            dues::run(&state, Utc::now()).await?;
            Ok(())
        })
    })]
}

/// Tells the family's co-parents' open pages that its money changed. Inside the change's
/// transaction.
pub async fn publish(
    txn: &impl ConnectionTrait,
    familia_id: &FamilyId,
    cuota_id: &str,
) -> Result<Wake, DbErr> {
    let recipients = coparents(txn, familia_id).await?;
    live::publish(
        txn,
        &recipients,
        live::LiveEvent::Money(live::MoneyIds {
            familia_id: familia_id.to_string(),
            what: live::MoneySubject::Due(cuota_id.to_owned()),
        }),
    )
    .await
}

/// Takes the agreement's row as the lock of every change to it, its dues and its payments: the
/// transaction's first statement, so two changes at once queue here (on PostgreSQL the row
/// lock, on SQLite the write lock). Gives back the row as it is now, if it is in the family.
pub async fn lock(
    txn: &impl ConnectionTrait,
    familia_id: &FamilyId,
    cuota_id: &str,
    now: DateTime<Utc>,
) -> Result<Option<cuota::Model>, DbErr> {
    let rows = cuota::Entity::update_many()
        .col_expr(cuota::Column::ActualizadaEn, Expr::value(now))
        .filter(cuota::Column::Id.eq(cuota_id))
        .filter(cuota::Column::FamiliaId.eq(familia_id))
        .exec_with_returning(txn)
        .await?;
    Ok(rows.into_iter().next())
}

/// Who an agreement's record entries are about: its two parents and its children.
pub fn subjects(row: &cuota::Model) -> Vec<String> {
    let hijos: Vec<String> = serde_json::from_str(&row.hijos).unwrap_or_default();
    [&row.pagador_id, &row.beneficiario_id]
        .into_iter()
        .flatten()
        .map(|id| record::user_subject(id))
        .chain(hijos.iter().map(|id| record::child_subject(id)))
        .collect()
}

/// Today in the family's time zone.
pub fn today_in(zona_horaria: &str, now: DateTime<Utc>) -> NaiveDate {
    let zone: chrono_tz::Tz = zona_horaria
        .parse()
        .ok()
        .or_else(|| crate::time_zone::DEFAULT.parse().ok())
        .unwrap_or(chrono_tz::Tz::UTC);
    now.with_timezone(&zone).date_naive()
}

/// An amount as people read it: the currency and the decimal with its exponent (`ARS 1234.50`).
pub fn format_amount(monto: i64, moneda: &str) -> String {
    let exponent = iso_currency::Currency::from_code(moneda)
        .and_then(|c| c.exponent())
        .unwrap_or(2);
    format!("{moneda} {}", decimal(monto, u32::from(exponent)))
}

/// Minor units as a decimal string with `exponent` decimals (`123456`, 2 → `1234.56`).
pub fn decimal(monto: i64, exponent: u32) -> String {
    if exponent == 0 {
        return monto.to_string();
    }
    let sign = if monto < 0 { "-" } else { "" };
    let magnitude = monto.unsigned_abs();
    let scale = 10u64.pow(exponent);
    format!(
        "{sign}{}.{:0width$}",
        magnitude / scale,
        magnitude % scale,
        width = exponent as usize
    )
}

/// An ISO 4217 code as the standard spells it (upper case), of a currency with minor units.
pub fn currency(value: Option<&str>) -> Option<String> {
    let code = value?.trim().to_owned();
    let known = iso_currency::Currency::from_code(&code)?;
    known.exponent()?;
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_follow_the_currency_exponent() {
        assert_eq!(decimal(123_456, 2), "1234.56");
        assert_eq!(decimal(5, 2), "0.05");
        assert_eq!(decimal(-5, 2), "-0.05");
        assert_eq!(decimal(1500, 0), "1500");
        assert_eq!(decimal(1_234_567, 3), "1234.567");
        assert_eq!(format_amount(123_456, "ARS"), "ARS 1234.56");
        assert_eq!(format_amount(1500, "JPY"), "JPY 1500");
    }

    #[test]
    fn currencies_are_iso_codes_with_minor_units() {
        assert_eq!(currency(Some("ARS")).as_deref(), Some("ARS"));
        assert_eq!(currency(Some("ars")), None);
        assert_eq!(currency(Some("KWD")).as_deref(), Some("KWD"));
        assert_eq!(currency(Some("XXX")), None);
        assert_eq!(currency(Some("ZZZ")), None);
        assert_eq!(currency(None), None);
    }
}
