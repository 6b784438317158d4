//! `POST /api/gastos/{id}/reintegro`: the payer records, once, what the health insurer named when
//! the expense was added refunded. It is split with the expense's own weights by the same rule
//! (`shares`); once the expense counts, the payer's balance drops by the refund and each
//! participant's share by their part of it.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait, sea_query::Expr};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    balance,
    entities::{gasto, gasto_parte},
    expenses::{ExpenseAnswer, involved, visible},
    input,
    notice::{self, ExpenseStep, publish_change},
    shares::split,
    split as split_rule, views,
    vocabulary::ExpenseState,
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::record::{self, Act, Audience, kinds},
    i18n::Msg,
    ids::{FamilyId, UserId},
    platform::live::MoneySubject,
    request::{AuthUser, Json},
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundInput {
    /// Minor units: a whole number from 1 to the expense's amount.
    #[schema(value_type = i64, minimum = 1, maximum = 1e12)]
    pub monto: Option<Value>,
    /// `YYYY-MM-DD`: when it was refunded.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub fecha: Option<String>,
}

/// Record the insurer's refund of an expense: by its payer, once.
#[utoipa::path(post, path = "/gastos/{id}/reintegro", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = RefundInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not its payer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_refund_not_expected`: no insurer named, a refund already recorded, or refused or withdrawn", body = ErrorBody),
        (status = 422, description = "an amount that is not a whole number from 1 to the expense's, a bad date", body = ErrorBody),
    ))]
pub async fn record_refund(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<RefundInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    if found.pagado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyRefundNotPayer,
        ));
    }
    let mut errors = FieldErrors::default();
    let monto = errors.check(
        "monto",
        input::amount(body.monto.as_ref())
            .and_then(|m| {
                if m <= found.monto {
                    Ok(m)
                } else {
                    Err(Msg::MoneyRefundTooLarge)
                }
            })
            .map_err(|_| Msg::MoneyRefundTooLarge),
    );
    let fecha: Option<NaiveDate> = errors.check("fecha", input::date(body.fecha.as_deref()));
    errors.into_result()?;
    let (Some(monto), Some(fecha)) = (monto, fecha) else {
        return Err(ApiError::internal("a refund's check passed without values"));
    };
    let kept = views::reparto_of(&found);
    let parts = split_rule::weights(&kept)
        .and_then(|people| {
            split(monto, &people, &found.pagado_por)
                .ok()
                .map(|shares| (people, shares))
        })
        .ok_or_else(|| {
            ApiError::internal(format!("expense {} has an unreadable split", found.id))
        })?;
    let txn = state.db.begin().await?;
    let claimed = gasto::Entity::update_many()
        .col_expr(gasto::Column::ReintegroMonto, Expr::value(monto))
        .col_expr(gasto::Column::ReintegroFecha, Expr::value(fecha))
        .col_expr(gasto::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(gasto::Column::Id.eq(&found.id))
        .filter(gasto::Column::ReintegroEntidad.is_not_null())
        .filter(gasto::Column::ReintegroMonto.is_null())
        .filter(gasto::Column::Estado.is_not_in([ExpenseState::Refused, ExpenseState::Withdrawn]))
        .exec_with_returning(&txn)
        .await?;
    let Some(row) = claimed.into_iter().next() else {
        return Err(ApiError::conflict(Msg::MoneyRefundNotExpected));
    };
    let (people, shares) = parts;
    for (person, share) in people.iter().zip(&shares) {
        gasto_parte::Entity::update_many()
            .col_expr(gasto_parte::Column::Reintegro, Expr::value(*share))
            .filter(gasto_parte::Column::GastoId.eq(&row.id))
            .filter(gasto_parte::Column::UsuarioId.eq(&person.usuario_id))
            .exec(&txn)
            .await?;
    }
    if row.estado == ExpenseState::Approved.as_str() {
        let mut movements = vec![(row.pagado_por.clone(), -monto)];
        movements.extend(
            people
                .iter()
                .zip(&shares)
                .map(|(p, s)| (p.usuario_id.clone(), *s)),
        );
        balance::add(&txn, &row.familia_id, &row.moneda, &movements).await?;
    }
    let partes: std::collections::BTreeMap<&str, i64> = people
        .iter()
        .zip(&shares)
        .map(|(p, s)| (p.usuario_id.as_str(), *s))
        .collect();
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::EXPENSE_REFUND,
            actor: Some(&me),
            content: serde_json::json!({
                "gasto": row.id, "descripcion": row.descripcion,
                "entidad": row.reintegro_entidad, "monto": monto,
                "fecha": fecha, "partes": partes,
            }),
            subjects: people
                .iter()
                .map(|p| record::user_subject(&p.usuario_id))
                .chain(std::iter::once(record::user_subject(&me)))
                .collect(),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let told = notice::tell_expense(
        &txn,
        &FamilyId::new(&family.id),
        &row.id,
        &UserId::new(me),
        &involved(&row),
        &row.descripcion,
        ExpenseStep::Refunded,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}
