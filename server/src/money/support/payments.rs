//! Payments towards an agreement. Recorded by the payee it counts at once; recorded by the payer
//! it counts once the payee confirms it (or never, if the payee says it did not arrive). A
//! payment that counts settles the oldest unpaid dues first, partly too; what is left beyond
//! every due made so far is kept as credit for the next ones.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    acts,
    amounts::amount,
    entities::{cuota, pago, vencimiento},
    format_amount,
    input::{date_field, text_field},
    lock,
    notice::{self, Step},
    publish,
    store::find,
    subjects,
    views::{SupportPaymentView, payment_view},
};
use crate::families::Changes;
use crate::ids::{FamilyId, UserId};
use crate::money::{access::Money, vocabulary::PaymentState};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        FamilyMember,
        record::{self, Act, Audience},
    },
    i18n::Msg,
    ids, notifications,
    request::Json,
    state::AppState,
};

const METHOD_MAX_CHARS: usize = 100;
const REFERENCE_MAX_CHARS: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportPaymentInput {
    /// Minor units, 1 to 10^12 (an integer).
    #[schema(value_type = i64, minimum = 1, maximum = 1e12)]
    pub monto: Option<Value>,
    /// `YYYY-MM-DD`: when it was paid.
    #[schema(value_type = crate::fields::Day)]
    pub fecha: Option<Value>,
    /// Transfer, cash...: up to 100 characters.
    #[schema(format = "one-line", value_type = Option<String>, max_length = 100)]
    pub metodo: Option<Value>,
    /// Up to 200 characters.
    #[schema(format = "one-line", value_type = Option<String>, max_length = 200)]
    pub referencia: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SupportPaymentAnswer {
    pub success: bool,
    pub data: SupportPaymentView,
}

/// Inside the transaction that locked the agreement: spreads `monto` over the oldest unpaid
/// dues; the rest becomes credit. Gives back what went to each due, and to credit.
pub async fn settle(
    txn: &impl ConnectionTrait,
    row: &cuota::Model,
    monto: i64,
) -> Result<(Vec<(String, i64)>, i64), DbErr> {
    let unpaid = vencimiento::Entity::find()
        .filter(vencimiento::Column::CuotaId.eq(&row.id))
        .filter(Expr::col(vencimiento::Column::Pagado).lt(Expr::col(vencimiento::Column::Monto)))
        .order_by_asc(vencimiento::Column::Vence)
        .all(txn)
        .await?;
    let mut rest = monto;
    let mut applied = Vec::new();
    for due in unpaid {
        if rest == 0 {
            break;
        }
        let take = std::cmp::min(rest, due.monto - due.pagado);
        vencimiento::Entity::update_many()
            .col_expr(
                vencimiento::Column::Pagado,
                Expr::col(vencimiento::Column::Pagado).add(take),
            )
            .filter(vencimiento::Column::CuotaId.eq(&due.cuota_id))
            .filter(vencimiento::Column::Periodo.eq(&due.periodo))
            .exec(txn)
            .await?;
        rest -= take;
        applied.push((due.periodo, take));
    }
    if rest > 0 {
        cuota::Entity::update_many()
            .col_expr(
                cuota::Column::Credito,
                Expr::col(cuota::Column::Credito).add(rest),
            )
            .filter(cuota::Column::Id.eq(&row.id))
            .exec(txn)
            .await?;
    }
    Ok((applied, rest))
}

fn applied_json(applied: &[(String, i64)], credit: i64) -> Value {
    serde_json::json!({
        "aplicado": applied.iter().map(|(periodo, monto)| serde_json::json!({
            "periodo": periodo, "monto": monto,
        })).collect::<Vec<_>>(),
        "aCredito": credit,
    })
}

/// Record a payment. The payee's counts at once; the payer's waits for the payee's answer.
#[utoipa::path(post, path = "/familias/{id}/cuotas/{cuotaId}/pagos", tag = "money", operation_id = "record_support_payment", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path)),
    request_body = SupportPaymentInput,
    responses(
        (status = 201, body = SupportPaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_not_party`: neither the payer nor the payee", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "an amount that is not an integer from 1 to 10^12, a bad date, texts too long", body = ErrorBody),
    ))]
pub async fn record_payment(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id)): Path<(String, String)>,
    Json(body): Json<SupportPaymentInput>,
) -> ApiResult<(StatusCode, Json<SupportPaymentAnswer>)> {
    let found = find(&state.db, &access, &cuota_id).await?;
    let me = access.auth.user.id.clone();
    let by_payee = found.beneficiario_id.as_deref() == Some(me.as_str());
    if !by_payee && found.pagador_id.as_deref() != Some(me.as_str()) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::SupportNotParty));
    }
    let mut errors = FieldErrors::default();
    let monto = errors.check(
        "monto",
        amount(body.monto.as_ref(), Msg::SupportAmountInvalid),
    );
    let fecha = errors.check("fecha", date_field(body.fecha.as_ref()));
    let metodo = errors.check("metodo", text_field(body.metodo, METHOD_MAX_CHARS, false));
    let referencia = errors.check(
        "referencia",
        text_field(body.referencia, REFERENCE_MAX_CHARS, false),
    );
    errors.into_result()?;
    let (Some(monto), Some(fecha), Some(metodo), Some(referencia)) =
        (monto, fecha, metodo, referencia)
    else {
        return Err(ApiError::internal(
            "a payment's check passed without values",
        ));
    };
    let now = Utc::now();
    let payment = pago::Model {
        id: ids::new_id(),
        cuota_id: found.id.clone(),
        familia_id: found.familia_id.clone(),
        monto,
        fecha,
        metodo,
        referencia,
        estado: if by_payee {
            PaymentState::Confirmed
        } else {
            PaymentState::Pending
        }
        .into(),
        registrado_por: Some(me.clone()),
        creado_en: now,
        respondido_en: by_payee.then_some(now),
    };
    let txn = state.db.begin().await?;
    let row = lock(&txn, &FamilyId::new(&access.family.id), &cuota_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    pago::Entity::insert(pago::ActiveModel::from(payment.clone()))
        .exec_without_returning(&txn)
        .await?;
    let mut content = serde_json::json!({
        "cuota": row.id,
        "pago": payment.id,
        "monto": monto,
        "moneda": row.moneda,
        "fecha": fecha,
        "metodo": payment.metodo,
        "referencia": payment.referencia,
        "estado": payment.estado,
    });
    if by_payee {
        let (applied, credit) = settle(&txn, &row, monto).await?;
        if let (Some(object), Value::Object(more)) =
            (content.as_object_mut(), applied_json(&applied, credit))
        {
            object.extend(more);
        }
    }
    record::append(
        &txn,
        &row.familia_id,
        Act {
            kind: acts::PAYMENT,
            actor: Some(&me),
            content,
            subjects: subjects(&row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let others = notice::other_party(&txn, &row, &me).await?;
    let amount_text = format_amount(monto, &row.moneda);
    let step = if by_payee {
        Step::PaymentRecorded { monto: amount_text }
    } else {
        Step::PaymentToConfirm { monto: amount_text }
    };
    let told = notice::tell(&txn, &row, &me, &others, step).await?;
    let live = publish(&txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok((
        StatusCode::CREATED,
        Json(SupportPaymentAnswer {
            success: true,
            data: payment_view(&payment),
        }),
    ))
}

/// The payee answers a pending payment: it arrived (it counts now) or it did not.
async fn answer(
    state: &AppState,
    access: &FamilyMember,
    cuota_id: &str,
    pago_id: &str,
    estado: PaymentState,
) -> ApiResult<SupportPaymentAnswer> {
    let found = find(&state.db, access, cuota_id).await?;
    let payment = pago::Entity::find_by_id(pago_id)
        .filter(pago::Column::CuotaId.eq(&found.id))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let me = access.auth.user.id.clone();
    if found.beneficiario_id.as_deref() != Some(me.as_str()) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::SupportNotPayee));
    }
    if payment.estado != PaymentState::Pending.as_str() {
        return Err(ApiError::conflict(Msg::SupportPaymentNotPending));
    }
    let now = Utc::now();
    let txn = state.db.begin().await?;
    let row = lock(&txn, &FamilyId::new(&access.family.id), cuota_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // Only a pending payment moves: of two answers at once, one wins.
    let answered = pago::Entity::update_many()
        .col_expr(pago::Column::Estado, Expr::value(estado))
        .col_expr(pago::Column::RespondidoEn, Expr::value(now))
        .filter(pago::Column::Id.eq(pago_id))
        .filter(pago::Column::CuotaId.eq(&row.id))
        .filter(pago::Column::Estado.eq(PaymentState::Pending))
        .exec_with_returning(&txn)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::conflict(Msg::SupportPaymentNotPending))?;
    let mut content = serde_json::json!({
        "cuota": row.id,
        "pago": answered.id,
        "monto": answered.monto,
        "moneda": row.moneda,
    });
    let (kind, amount_text) = (
        if estado == PaymentState::Confirmed {
            acts::PAYMENT_CONFIRMED
        } else {
            acts::PAYMENT_NOT_RECEIVED
        },
        format_amount(answered.monto, &row.moneda),
    );
    if estado == PaymentState::Confirmed {
        let (applied, credit) = settle(&txn, &row, answered.monto).await?;
        if let (Some(object), Value::Object(more)) =
            (content.as_object_mut(), applied_json(&applied, credit))
        {
            object.extend(more);
        }
    }
    record::append(
        &txn,
        &row.familia_id,
        Act {
            kind,
            actor: Some(&me),
            content,
            subjects: subjects(&row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let others = notice::other_party(&txn, &row, &me).await?;
    let step = if estado == PaymentState::Confirmed {
        Step::PaymentConfirmed { monto: amount_text }
    } else {
        Step::PaymentNotReceived { monto: amount_text }
    };
    let told = notice::tell(&txn, &row, &me, &others, step).await?;
    let live = publish(&txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    // Its notices are about the agreement (`cuota`): answering a payment is seeing them.
    let seen = notifications::centre::mark_read_of(&txn, &UserId::new(me), &row.id).await?;
    txn.commit().await?;
    state.wake(told.join(live).join(seen));
    Ok(SupportPaymentAnswer {
        success: true,
        data: payment_view(&answered),
    })
}

/// The payee confirms a payment the payer recorded: it counts now.
#[utoipa::path(post, path = "/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/confirmar", tag = "money", operation_id = "confirm_support_payment", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path), ("pagoId" = String, Path)),
    responses(
        (status = 200, body = SupportPaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_not_payee`", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`support_payment_not_pending`: already answered", body = ErrorBody),
    ))]
pub async fn confirm_payment(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id, pago_id)): Path<(String, String, String)>,
) -> ApiResult<Json<SupportPaymentAnswer>> {
    Ok(Json(
        answer(
            &state,
            &access,
            &cuota_id,
            &pago_id,
            PaymentState::Confirmed,
        )
        .await?,
    ))
}

/// The payee says a payment the payer recorded never arrived: it does not count.
#[utoipa::path(post, path = "/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/no-recibido", tag = "money", operation_id = "refuse_support_payment", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path), ("pagoId" = String, Path)),
    responses(
        (status = 200, body = SupportPaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_not_payee`", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`support_payment_not_pending`: already answered", body = ErrorBody),
    ))]
pub async fn refuse_payment(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id, pago_id)): Path<(String, String, String)>,
) -> ApiResult<Json<SupportPaymentAnswer>> {
    Ok(Json(
        answer(
            &state,
            &access,
            &cuota_id,
            &pago_id,
            PaymentState::NotReceived,
        )
        .await?,
    ))
}
