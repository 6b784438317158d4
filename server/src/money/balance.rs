//! The running balances (`saldos`): moved in the same transaction as what moves them, read
//! whole by `GET /api/familias/{id}/balance`, never added up from the history per request.
//! Positive: one is owed. What one paid, minus one's shares, plus confirmed payments sent,
//! minus confirmed payments received.

use std::collections::BTreeMap;

use axum::{
    extract::{Path, State},
    response::Response,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set,
    sea_query::{Expr, ExprTrait, OnConflict},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    access::coparents,
    entities::saldo,
    kept,
    settle::{self, settle},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    ids::FamilyId,
    platform,
    request::{AuthUser, json_bytes},
    state::AppState,
};

/// Adds each (usuarioId, delta) to that person's balance in `moneda`; a delta of zero still
/// makes the row, so that everyone who took part shows in the balance.
pub async fn add(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    moneda: &str,
    movements: &[(String, i64)],
) -> Result<(), DbErr> {
    // One statement per person, always in the same order, so that two transactions moving the
    // same balances lock their rows in the same order.
    let mut merged: BTreeMap<&str, i64> = BTreeMap::new();
    for (usuario_id, delta) in movements {
        *merged.entry(usuario_id.as_str()).or_default() += delta;
    }
    for (usuario_id, delta) in merged {
        saldo::Entity::insert(saldo::ActiveModel {
            familia_id: Set(familia_id.to_owned()),
            moneda: Set(moneda.to_owned()),
            usuario_id: Set(usuario_id.to_owned()),
            monto: Set(delta),
        })
        .on_conflict(
            OnConflict::columns([
                saldo::Column::FamiliaId,
                saldo::Column::Moneda,
                saldo::Column::UsuarioId,
            ])
            .value(
                saldo::Column::Monto,
                Expr::col((saldo::Entity, saldo::Column::Monto)).add(delta),
            )
            .to_owned(),
        )
        .exec_without_returning(txn)
        .await?;
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettlePayment {
    pub de: String,
    pub para: String,
    pub monto: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyBalance {
    /// usuarioId → balance in minor units (positive: is owed). They add up to 0.
    pub saldos: BTreeMap<String, i64>,
    /// The fewest payments that settle everyone.
    pub liquidacion: Vec<SettlePayment>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    /// By ISO 4217 code; currencies are never mixed or converted.
    pub monedas: BTreeMap<String, CurrencyBalance>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceAnswer {
    pub success: bool,
    pub data: BalanceView,
}

/// The family's balances per currency, with the fewest payments that settle each.
#[utoipa::path(get, path = "/familias/{id}/balance", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = BalanceAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
    ))]
pub async fn get_balance(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(familia_id): Path<String>,
) -> ApiResult<Response> {
    // Read again by both parents at every opening and live refresh, and changed far less often:
    // kept under the family's money version, which its balances and members raise (m0032).
    let stamp = kept::stamp(&state.db, &FamilyId::new(familia_id.as_str()), &auth.id).await?;
    let key = serde_json::to_string(&("saldos", &familia_id))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let answers = state.part::<kept::Answers>();
    let body = platform::kept::answer(answers, key, stamp, kept::MAX_KEPT_BYTES, || {
        read_balance(&state, &familia_id)
    })
    .await?;
    Ok(json_bytes(body))
}

async fn read_balance(state: &AppState, familia_id: &str) -> ApiResult<BalanceAnswer> {
    let (rows, order) = tokio::try_join!(
        saldo::Entity::find()
            .filter(saldo::Column::FamiliaId.eq(familia_id))
            .order_by_asc(saldo::Column::Moneda)
            .order_by_asc(saldo::Column::UsuarioId)
            .all(&state.db),
        coparents(&state.db, familia_id),
    )?;
    // The order people joined decides between equally short settlements; people who left come
    // after, by id.
    let rank = |id: &str| order.iter().position(|o| o == id).unwrap_or(order.len());
    let mut by_currency: BTreeMap<String, Vec<(String, i64)>> = BTreeMap::new();
    for row in rows {
        by_currency
            .entry(row.moneda)
            .or_default()
            .push((row.usuario_id, row.monto));
    }
    let mut monedas = BTreeMap::new();
    for (moneda, mut balances) in by_currency {
        balances.sort_by(|a, b| rank(&a.0).cmp(&rank(&b.0)).then_with(|| a.0.cmp(&b.0)));
        let payments = settle(&balances).ok_or_else(|| {
            ApiError::internal(format!(
                "the {moneda} balances of family {familia_id} do not add up to zero"
            ))
        })?;
        monedas.insert(
            moneda,
            CurrencyBalance {
                saldos: balances.into_iter().collect(),
                liquidacion: payments
                    .into_iter()
                    .map(|settle::Payment { de, para, monto }| SettlePayment { de, para, monto })
                    .collect(),
            },
        );
    }
    Ok(BalanceAnswer {
        success: true,
        data: BalanceView { monedas },
    })
}
