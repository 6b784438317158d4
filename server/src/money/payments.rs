//! `/api/pagos`: payments between co-parents. A payment counts once its receiver confirms it
//! (at once when the receiver records it); the receiver may instead say it never arrived.

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{Money, coparents},
    balance,
    entities::pago,
    input::{self, cursor_of, parse_cursor},
    notice::{self, PaymentStep, publish_change},
    settings,
    views::{self, PaymentView},
    vocabulary::PaymentState,
};
use crate::families::{Need, reach};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids,
    ids::{FamilyId, UserId},
    notifications,
    platform::live::MoneySubject,
    request::{AuthUser, Json},
    state::AppState,
};

const METHOD_MAX_CHARS: usize = 100;
const REFERENCE_MAX_CHARS: usize = 200;
const PAGE: u64 = 50;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInput {
    pub familia_id: Option<String>,
    /// The co-parent who paid.
    pub de: Option<String>,
    /// The co-parent who received it.
    pub para: Option<String>,
    /// Minor units: a whole number from 1 to 10^12.
    #[schema(value_type = i64, minimum = 1, maximum = 1e12)]
    pub monto: Option<Value>,
    /// ISO 4217; left out: the family's currency.
    #[schema(pattern = "^[A-Z]{3}$", example = "ARS")]
    pub moneda: Option<String>,
    /// `YYYY-MM-DD`.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub fecha: Option<String>,
    /// Transfer, cash...: up to 100 characters.
    #[schema(format = "one-line", max_length = 100)]
    pub metodo: Option<String>,
    /// Up to 200 characters.
    #[schema(format = "one-line", max_length = 200)]
    pub referencia: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentAnswer {
    pub success: bool,
    pub data: PaymentView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentPage {
    pub pagos: Vec<PaymentView>,
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentListAnswer {
    pub success: bool,
    pub data: PaymentPage,
}

/// Moves the balances by a confirmed payment: the payer is owed it back, the receiver owes it.
async fn count(txn: &impl ConnectionTrait, row: &pago::Model) -> Result<(), sea_orm::DbErr> {
    balance::add(
        txn,
        &row.familia_id,
        &row.moneda,
        &[(row.de.clone(), row.monto), (row.para.clone(), -row.monto)],
    )
    .await
}

async fn check(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    me: &str,
    body: PaymentInput,
) -> ApiResult<pago::Model> {
    let members = coparents(db, &family.id).await?;
    let mut errors = FieldErrors::default();
    let person = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_owned();
    let (de, para) = (person(&body.de), person(&body.para));
    if !members.contains(&de) {
        errors.add("de", Msg::MoneyNotCoparent);
    }
    if !members.contains(&para) {
        errors.add("para", Msg::MoneyNotCoparent);
    } else if de == para {
        errors.add("para", Msg::MoneyPaymentSamePerson);
    }
    if de != me && para != me {
        errors.add("de", Msg::MoneyPaymentSide);
    }
    let monto = errors.check("monto", input::amount(body.monto.as_ref()));
    let moneda = match body.moneda.as_deref() {
        None => Some(settings::load(db, family).await?.moneda),
        Some(m) => errors.check("moneda", input::currency(Some(m))),
    };
    let fecha = errors.check("fecha", input::date(body.fecha.as_deref()));
    let metodo = errors.check(
        "metodo",
        fields::optional_text(body.metodo, METHOD_MAX_CHARS),
    );
    let referencia = errors.check(
        "referencia",
        fields::optional_text(body.referencia, REFERENCE_MAX_CHARS),
    );
    errors.into_result()?;
    let missing = || ApiError::internal("a payment's check passed with a field missing");
    let now = Utc::now();
    let confirmed = para == me;
    Ok(pago::Model {
        id: ids::new_id(),
        familia_id: family.id.clone(),
        de,
        para,
        monto: monto.ok_or_else(missing)?,
        moneda: moneda.ok_or_else(missing)?,
        fecha: fecha.ok_or_else(missing)?,
        metodo: metodo.ok_or_else(missing)?,
        referencia: referencia.ok_or_else(missing)?,
        estado: if confirmed {
            PaymentState::Confirmed
        } else {
            PaymentState::Pending
        }
        .into(),
        comprobante_clave: None,
        comprobante_tipo: None,
        comprobante_tamano: None,
        creado_por: me.to_owned(),
        created_at: now,
        respondido_at: confirmed.then_some(now),
    })
}

/// Record a payment one made or received. Recorded by the receiver, it counts at once.
#[utoipa::path(post, path = "/pagos", tag = "money", security(("bearer" = [])),
    request_body = PaymentInput,
    responses(
        (status = 201, body = PaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad field, or a payment the caller neither made nor received", body = ErrorBody),
    ))]
pub async fn create_payment(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<PaymentInput>,
) -> ApiResult<(StatusCode, Json<PaymentAnswer>)> {
    let familia_id = FamilyId::named(body.familia_id.as_deref())
        .ok_or_else(|| ApiError::field("familiaId", Msg::MoneyFamilyRequired))?;
    let me = auth.id.clone();
    let family = reach::<Money>(&state.db, &familia_id, &me, Need::Read)
        .await?
        .family;
    let row = check(&state.db, &family, &me, body).await?;
    let txn = state.db.begin().await?;
    pago::Entity::insert(pago::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await?;
    let confirmed = row.estado == PaymentState::Confirmed.as_str();
    if confirmed {
        count(&txn, &row).await?;
    }
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::PAYMENT_RECORDED,
            actor: Some(&me),
            content: serde_json::json!({
                "pago": row.id, "de": row.de, "para": row.para, "monto": row.monto,
                "moneda": row.moneda, "fecha": row.fecha, "metodo": row.metodo,
                "referencia": row.referencia, "estado": row.estado,
            }),
            subjects: vec![
                record::user_subject(&row.de),
                record::user_subject(&row.para),
            ],
            audience: Audience::CoParents,
        },
    )
    .await?;
    let (other, step) = if confirmed {
        (&row.de, PaymentStep::Received)
    } else {
        (&row.para, PaymentStep::ToConfirm)
    };
    let told = notice::tell_payment(
        &txn,
        &FamilyId::new(&family.id),
        &row.id,
        &me,
        other,
        row.monto,
        &row.moneda,
        step,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Payment(row.id.clone())).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok((
        StatusCode::CREATED,
        Json(PaymentAnswer {
            success: true,
            data: views::payment(row),
        }),
    ))
}

async fn visible(
    db: &impl ConnectionTrait,
    pago_id: &str,
    usuario_id: &UserId,
) -> ApiResult<pago::Model> {
    let row = pago::Entity::find_by_id(pago_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    reach::<Money>(db, &FamilyId::new(&row.familia_id), usuario_id, Need::Read).await?;
    Ok(row)
}

/// One payment.
#[utoipa::path(get, path = "/pagos/{id}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = PaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_payment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<PaymentAnswer>> {
    let row = visible(&state.db, &id, &auth.id).await?;
    Ok(Json(PaymentAnswer {
        success: true,
        data: views::payment(row),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PaymentListQuery {
    /// One of the caller's families.
    #[param(required = true, value_type = String)]
    familia_id: Option<String>,
    /// The `siguiente` of the previous page.
    cursor: Option<String>,
}

/// The family's payments, newest date first, 50 a page.
#[utoipa::path(get, path = "/pagos", tag = "money", security(("bearer" = [])),
    params(PaymentListQuery),
    responses(
        (status = 200, body = PaymentListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad cursor", body = ErrorBody),
    ))]
pub async fn list_payments(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<PaymentListQuery>,
) -> ApiResult<Json<PaymentListAnswer>> {
    let familia_id = FamilyId::named(query.familia_id.as_deref())
        .ok_or_else(|| ApiError::field("familiaId", Msg::MoneyFamilyRequired))?;
    reach::<Money>(&state.db, &familia_id, &auth.id, Need::Read).await?;
    let mut select = pago::Entity::find().filter(pago::Column::FamiliaId.eq(familia_id));
    if let Some(cursor) = query.cursor.as_deref().filter(|c| !c.trim().is_empty()) {
        let (fecha, id) = parse_cursor(cursor)
            .ok_or_else(|| ApiError::field("cursor", Msg::MoneyCursorInvalid))?;
        select = select.filter(
            Condition::any().add(pago::Column::Fecha.lt(fecha)).add(
                Condition::all()
                    .add(pago::Column::Fecha.eq(fecha))
                    .add(pago::Column::Id.lt(id)),
            ),
        );
    }
    let mut rows = select
        .order_by_desc(pago::Column::Fecha)
        .order_by_desc(pago::Column::Id)
        .limit(PAGE + 1)
        .all(&state.db)
        .await?;
    let siguiente = if rows.len() as u64 > PAGE {
        rows.truncate(PAGE as usize);
        rows.last().map(|r| cursor_of(r.fecha, &r.id))
    } else {
        None
    };
    Ok(Json(PaymentListAnswer {
        success: true,
        data: PaymentPage {
            pagos: rows.into_iter().map(views::payment).collect(),
            siguiente,
        },
    }))
}

/// The receiver's answer to a pending payment.
async fn respond(
    state: &AppState,
    auth: &AuthUser,
    pago_id: &str,
    estado: PaymentState,
) -> ApiResult<Json<PaymentAnswer>> {
    let me = auth.user.id.clone();
    let found = visible(&state.db, pago_id, &auth.id).await?;
    if found.para != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyPaymentNotReceiver,
        ));
    }
    let now = Utc::now();
    let txn = state.db.begin().await?;
    // Of two answers at once, one finds it no longer pending.
    let taken = pago::Entity::update_many()
        .col_expr(pago::Column::Estado, Expr::value(estado))
        .col_expr(pago::Column::RespondidoAt, Expr::value(now))
        .filter(pago::Column::Id.eq(pago_id))
        .filter(pago::Column::Para.eq(&me))
        .filter(pago::Column::Estado.eq(PaymentState::Pending))
        .exec_with_returning(&txn)
        .await?;
    let Some(row) = taken.into_iter().next() else {
        return Err(ApiError::conflict(Msg::MoneyPaymentNotPending));
    };
    if estado == PaymentState::Confirmed {
        count(&txn, &row).await?;
    }
    record::append(
        &txn,
        &row.familia_id,
        Act {
            kind: kinds::PAYMENT_ANSWERED,
            actor: Some(&me),
            content: serde_json::json!({
                "pago": row.id, "monto": row.monto, "moneda": row.moneda, "estado": row.estado,
            }),
            subjects: vec![
                record::user_subject(&row.de),
                record::user_subject(&row.para),
            ],
            audience: Audience::CoParents,
        },
    )
    .await?;
    let step = if estado == PaymentState::Confirmed {
        PaymentStep::Confirmed
    } else {
        PaymentStep::NotReceived
    };
    let told = notice::tell_payment(
        &txn,
        &FamilyId::new(&row.familia_id),
        &row.id,
        &UserId::new(me.as_str()),
        &row.de,
        row.monto,
        &row.moneda,
        step,
    )
    .await?;
    let live = publish_change(&txn, &row.familia_id, MoneySubject::Payment(row.id.clone())).await?;
    let seen =
        notifications::centre::mark_read_of(&txn, &UserId::new(me.as_str()), &row.id).await?;
    txn.commit().await?;
    state.wake(told.join(live).join(seen));
    Ok(Json(PaymentAnswer {
        success: true,
        data: views::payment(row),
    }))
}

/// Confirm a payment one received: it counts from now on.
#[utoipa::path(post, path = "/pagos/{id}/confirmar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = PaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not its receiver", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_payment_not_pending`", body = ErrorBody),
    ))]
pub async fn confirm_payment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<PaymentAnswer>> {
    respond(&state, &auth, &id, PaymentState::Confirmed).await
}

/// Say a payment never arrived: it never counts.
#[utoipa::path(post, path = "/pagos/{id}/no-recibido", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = PaymentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not its receiver", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_payment_not_pending`", body = ErrorBody),
    ))]
pub async fn not_received_payment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<PaymentAnswer>> {
    respond(&state, &auth, &id, PaymentState::NotReceived).await
}
