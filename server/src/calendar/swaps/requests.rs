//! `/api/familias/{id}/cambios`: asking for a swap, the list (open requests first: what waits for
//! an answer), and the other parent's answers: accept, decline, counter.

use std::collections::BTreeSet;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    entities::{
        cambio::{self, ACCEPTED, COUNTERED, DECLINED, OPEN},
        cambio_noche,
    },
    notice::{self, Step},
};
use crate::calendar::access::Calendar;
use crate::families::{Changes, Reads};
use crate::ids::{FamilyId, UserId};
use crate::{
    calendar::custody::{
        plan::{Plan, today},
        publish_change, zone_of,
    },
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        FamilyMember,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids, notifications,
    platform::live::{CustodySubject, Wake},
    request::Json,
    state::AppState,
};

/// The most nights one request may ask for, and may offer back.
pub const MAX_NIGHTS: usize = 31;
/// The least time the other parent gets to answer.
pub const MIN_NOTICE: Duration = Duration::hours(24);
const REASON_MAX_CHARS: usize = 1000;
/// Answered and expired requests listed after the open ones.
const CLOSED_LISTED: u64 = 100;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapInput {
    /// `YYYY-MM-DD` of each night asked for: each goes to the other parent if accepted (1 to 31).
    #[serde(default)]
    #[schema(value_type = Vec<crate::fields::Day>, min_items = 1, max_items = 31)]
    pub noches: Vec<String>,
    /// 1 to 1000 characters.
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 1000, pattern = r"\S")]
    pub motivo: Option<String>,
    /// RFC 3339: at least 24 hours ahead, and before the first night's exchange.
    #[schema(required = true, value_type = crate::fields::Instant)]
    pub responder_antes_de: Option<String>,
    /// Nights offered in return, which also go to the other parent if accepted (up to 31).
    #[serde(default)]
    #[schema(value_type = Vec<crate::fields::Day>, max_items = 31)]
    pub devolucion: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub solicitante_id: String,
    pub destinatario_id: String,
    #[schema(value_type = Vec<String>)]
    pub noches: Vec<NaiveDate>,
    #[schema(value_type = Vec<String>)]
    pub devolucion: Vec<NaiveDate>,
    pub motivo: String,
    pub responder_antes_de: DateTime<Utc>,
    #[schema(value_type = cambio::SwapState)]
    pub estado: String,
    /// The request this one counters.
    pub responde_a: Option<String>,
    pub respondido_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// Open and waiting for the caller's answer.
    pub por_responder: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SwapAnswer {
    pub success: bool,
    pub data: SwapView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SwapListAnswer {
    pub success: bool,
    pub data: Vec<SwapView>,
}

fn dates_of(text: &str) -> Vec<NaiveDate> {
    serde_json::from_str(text).unwrap_or_default()
}

pub fn view(row: &cambio::Model, me: &str, now: DateTime<Utc>) -> SwapView {
    SwapView {
        id: row.id.clone(),
        familia_id: row.familia_id.clone(),
        solicitante_id: row.solicitante_id.clone(),
        destinatario_id: row.destinatario_id.clone(),
        noches: dates_of(&row.noches),
        devolucion: dates_of(&row.devolucion),
        motivo: row.motivo.clone(),
        responder_antes_de: row.responder_antes_de,
        estado: row.estado.clone(),
        responde_a: row.responde_a.clone(),
        respondido_at: row.respondido_at,
        created_at: row.created_at,
        por_responder: row.estado == OPEN
            && row.destinatario_id == me
            && row.responder_antes_de > now,
    }
}

/// The family's swap requests: the open ones first (soonest deadline first), then the latest
/// 100 answered or expired, newest first.
#[utoipa::path(get, path = "/familias/{id}/cambios", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = SwapListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn list_swaps(
    State(state): State<AppState>,
    access: Reads<Calendar>,
) -> ApiResult<Json<SwapListAnswer>> {
    let familia_id = &access.family.id;
    let mut rows = cambio::Entity::find()
        .filter(cambio::Column::FamiliaId.eq(familia_id))
        .filter(cambio::Column::Estado.eq(OPEN))
        .order_by_asc(cambio::Column::ResponderAntesDe)
        .order_by_asc(cambio::Column::Id)
        .all(&state.db)
        .await?;
    rows.extend(
        cambio::Entity::find()
            .filter(cambio::Column::FamiliaId.eq(familia_id))
            .filter(cambio::Column::Estado.ne(OPEN))
            .order_by_desc(cambio::Column::CreatedAt)
            .order_by_desc(cambio::Column::Id)
            .limit(CLOSED_LISTED)
            .all(&state.db)
            .await?,
    );
    let now = Utc::now();
    let me = &access.auth.user.id;
    Ok(Json(SwapListAnswer {
        success: true,
        data: rows.iter().map(|r| view(r, me, now)).collect(),
    }))
}

/// A request that passed its checks.
struct Checked {
    noches: Vec<NaiveDate>,
    devolucion: Vec<NaiveDate>,
    motivo: String,
    deadline: DateTime<Utc>,
    /// The parent who must answer.
    other: String,
}

fn night_list(values: &[String], required: bool) -> Result<Vec<NaiveDate>, Msg> {
    if (required && values.is_empty()) || values.len() > MAX_NIGHTS {
        return Err(Msg::SwapNightsRequired);
    }
    let dates: BTreeSet<NaiveDate> = values
        .iter()
        .map(|v| {
            NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d")
                .map_err(|_| Msg::DateInvalid)
                .and_then(fields::date_in_range)
        })
        .collect::<Result<_, _>>()?;
    Ok(dates.into_iter().collect())
}

/// Checks a request `me` makes in `access`'s family at `now`.
async fn check(
    db: &impl ConnectionTrait,
    access: &FamilyMember,
    body: SwapInput,
    now: DateTime<Utc>,
) -> ApiResult<Checked> {
    let me = access.auth.user.id.as_str();
    let zone = zone_of(Some(&access.family.zona_horaria));
    let mut errors = FieldErrors::default();
    let noches = errors.check("noches", night_list(&body.noches, true));
    let devolucion = errors.check("devolucion", night_list(&body.devolucion, false));
    let motivo = errors.check(
        "motivo",
        fields::multiline_text(body.motivo, REASON_MAX_CHARS, Msg::SwapReasonRequired).map_err(
            |m| match m {
                Msg::TooLong => Msg::SwapReasonRequired,
                other => other,
            },
        ),
    );
    let deadline = body
        .responder_antes_de
        .as_deref()
        .and_then(|v| DateTime::parse_from_rfc3339(v.trim()).ok())
        .map(|d| d.with_timezone(&Utc));
    if deadline.is_none() {
        errors.add("responderAntesDe", Msg::SwapDeadlineInvalid);
    }
    let today = today(zone, now);
    if let Some(noches) = &noches {
        if noches.iter().any(|d| *d < today) {
            errors.add("noches", Msg::SwapNightPast);
        }
        if let Some(devolucion) = &devolucion {
            if devolucion.iter().any(|d| *d < today) {
                errors.add("devolucion", Msg::SwapNightPast);
            }
            if devolucion.iter().any(|d| noches.contains(d)) {
                errors.add("devolucion", Msg::SwapNightsOverlap);
            }
        }
    }
    errors.into_result()?;
    let (Some(noches), Some(devolucion), Some(motivo), Some(deadline)) =
        (noches, devolucion, motivo, deadline)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let all: BTreeSet<NaiveDate> = noches.iter().chain(&devolucion).copied().collect();
    let (Some(first), Some(last)) = (all.first().copied(), all.last().copied()) else {
        return Err(ApiError::internal("a request without nights"));
    };
    let plan = Plan::load(db, &access.family.id, zone, first, last).await?;
    let Some(version) = plan.version(first) else {
        return Err(ApiError::field("noches", Msg::CustodyNoSchedule));
    };
    let Some(other) = version.other(me).map(str::to_owned) else {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::SwapNotParent));
    };
    // Every night must fall under a schedule of the same two parents.
    for night in &all {
        match plan.version(*night) {
            Some(v) if v.other(me) == Some(other.as_str()) => {}
            _ => return Err(ApiError::field("noches", Msg::CustodyNoSchedule)),
        }
    }
    if deadline < now + MIN_NOTICE {
        return Err(ApiError::field(
            "responderAntesDe",
            Msg::SwapDeadlineTooSoon,
        ));
    }
    if deadline >= plan.exchange_at(first) {
        return Err(ApiError::field(
            "responderAntesDe",
            Msg::SwapDeadlineTooLate,
        ));
    }
    Ok(Checked {
        noches,
        devolucion,
        motivo,
        deadline,
        other,
    })
}

/// Stores a checked request of `me`, records it and tells the other parent.
async fn store(
    txn: &DatabaseTransaction,
    familia_id: &str,
    me: &str,
    input: Checked,
    responde_a: Option<&str>,
    now: DateTime<Utc>,
) -> ApiResult<(cambio::Model, Wake)> {
    let to_json = |d: &[NaiveDate]| serde_json::to_string(d).unwrap_or_else(|_| "[]".into());
    let row = cambio::Model {
        id: ids::new_id(),
        familia_id: familia_id.to_owned(),
        solicitante_id: me.to_owned(),
        destinatario_id: input.other.clone(),
        noches: to_json(&input.noches),
        devolucion: to_json(&input.devolucion),
        motivo: input.motivo,
        responder_antes_de: input.deadline,
        estado: OPEN.to_owned(),
        responde_a: responde_a.map(str::to_owned),
        respondido_at: None,
        created_at: now,
    };
    cambio::Entity::insert(cambio::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    let (kind, step) = match responde_a {
        Some(_) => (kinds::SWAP_COUNTERED, Step::Countered),
        None => (kinds::SWAP_REQUESTED, Step::Asked(input.noches.len())),
    };
    record::append(
        txn,
        familia_id,
        Act {
            kind,
            actor: Some(me),
            content: serde_json::json!({
                "cambio": row.id,
                "respondeA": row.responde_a,
                "solicitante": row.solicitante_id,
                "destinatario": row.destinatario_id,
                "noches": input.noches,
                "devolucion": input.devolucion,
                "motivo": row.motivo,
                "responderAntesDe": row.responder_antes_de,
            }),
            subjects: vec![
                record::user_subject(me),
                record::user_subject(&row.destinatario_id),
            ],
            audience: Audience::Family,
        },
    )
    .await?;
    let told = notice::tell(
        txn,
        &FamilyId::new(familia_id),
        &row.id,
        Some(me),
        std::slice::from_ref(&row.destinatario_id),
        step,
    )
    .await?;
    let live = publish_change(txn, familia_id, CustodySubject::Swap(row.id.clone())).await?;
    Ok((row, told.join(live)))
}

/// Ask the other parent to move some nights. Only the schedule's parents may ask.
#[utoipa::path(post, path = "/familias/{id}/cambios", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = SwapInput,
    responses(
        (status = 201, body = SwapAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer, or someone who is not one of the schedule's parents", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "bad or past nights, no schedule, a missing reason, a deadline under 24 hours away or not before the first night", body = ErrorBody),
    ))]
pub async fn create_swap(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Json(body): Json<SwapInput>,
) -> ApiResult<(StatusCode, Json<SwapAnswer>)> {
    let now = Utc::now();
    let input = check(&state.db, &access, body, now).await?;
    let me = access.auth.user.id.clone();
    let txn = state.db.begin().await?;
    let (row, wake) = store(&txn, &access.family.id, &me, input, None, now).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(SwapAnswer {
            success: true,
            data: view(&row, &me, now),
        }),
    ))
}

/// Closes the open request the caller must answer as `estado`, with the transaction's first
/// statement (`answerable` checked who may, before it): of two answers at once, one wins and the
/// other finds it no longer open.
async fn close(
    txn: &DatabaseTransaction,
    access: &FamilyMember,
    cambio_id: &str,
    estado: &str,
    now: DateTime<Utc>,
) -> ApiResult<cambio::Model> {
    let closed = cambio::Entity::update_many()
        .col_expr(cambio::Column::Estado, Expr::value(estado))
        .col_expr(cambio::Column::RespondidoAt, Expr::value(now))
        .filter(cambio::Column::Id.eq(cambio_id))
        .filter(cambio::Column::FamiliaId.eq(&access.family.id))
        .filter(cambio::Column::DestinatarioId.eq(&access.auth.user.id))
        .filter(cambio::Column::Estado.eq(OPEN))
        .filter(cambio::Column::ResponderAntesDe.gt(now))
        .exec_with_returning(txn)
        .await?;
    closed
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::conflict(Msg::SwapNotOpen))
}

/// Checks who may answer before the transaction, whose first statement must be a write.
async fn answerable(state: &AppState, access: &FamilyMember, cambio_id: &str) -> ApiResult<()> {
    let found = cambio::Entity::find_by_id(cambio_id)
        .filter(cambio::Column::FamiliaId.eq(&access.family.id))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if found.destinatario_id != access.auth.user.id {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::SwapNotYours));
    }
    if found.estado != OPEN || found.responder_antes_de <= Utc::now() {
        return Err(ApiError::conflict(Msg::SwapNotOpen));
    }
    Ok(())
}

/// Accept a request: each night asked for and each night offered back goes to the other parent.
#[utoipa::path(post, path = "/familias/{id}/cambios/{cambioId}/aceptar", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("cambioId" = String, Path)),
    responses(
        (status = 200, body = SwapAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the parent asked", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`swap_not_open`: answered or expired", body = ErrorBody),
    ))]
pub async fn accept_swap(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path((_familia, cambio_id)): Path<(String, String)>,
) -> ApiResult<Json<SwapAnswer>> {
    answerable(&state, &access, &cambio_id).await?;
    let now = Utc::now();
    let me = access.auth.user.id.clone();
    let familia_id = access.family.id.clone();
    let txn = state.db.begin().await?;
    let row = close(&txn, &access, &cambio_id, ACCEPTED, now).await?;
    let nights: BTreeSet<NaiveDate> = dates_of(&row.noches)
        .into_iter()
        .chain(dates_of(&row.devolucion))
        .collect();
    let (Some(first), Some(last)) = (nights.first().copied(), nights.last().copied()) else {
        return Err(ApiError::internal("an accepted request without nights"));
    };
    let zone = zone_of(Some(&access.family.zona_horaria));
    let plan = Plan::load(&txn, &familia_id, zone, first, last).await?;
    let moved: Vec<(NaiveDate, String)> = nights
        .iter()
        .map(|night| {
            let to = if plan.actual(*night).as_deref() == Some(row.solicitante_id.as_str()) {
                row.destinatario_id.clone()
            } else {
                row.solicitante_id.clone()
            };
            (*night, to)
        })
        .collect();
    cambio_noche::Entity::insert_many(moved.iter().map(|(fecha, usuario_id)| {
        cambio_noche::ActiveModel {
            cambio_id: Set(row.id.clone()),
            fecha: Set(*fecha),
            familia_id: Set(familia_id.clone()),
            usuario_id: Set(usuario_id.clone()),
            aceptado_at: Set(now),
        }
    }))
    .exec_without_returning(&txn)
    .await?;
    record::append(
        &txn,
        &familia_id,
        Act {
            kind: kinds::SWAP_ACCEPTED,
            actor: Some(&me),
            content: serde_json::json!({
                "cambio": row.id,
                "noches": moved.iter().map(|(fecha, usuario_id)| serde_json::json!({
                    "fecha": fecha, "usuarioId": usuario_id,
                })).collect::<Vec<_>>(),
            }),
            subjects: vec![
                record::user_subject(&me),
                record::user_subject(&row.solicitante_id),
            ],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = answered(&txn, &row, &me, Step::Accepted).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(SwapAnswer {
        success: true,
        data: view(&row, &me, now),
    }))
}

/// Tells the requester of an answer and the family that the calendar may have changed.
async fn answered(
    txn: &DatabaseTransaction,
    row: &cambio::Model,
    me: &str,
    step: Step,
) -> ApiResult<Wake> {
    let told = notice::tell(
        txn,
        &FamilyId::new(&row.familia_id),
        &row.id,
        Some(me),
        std::slice::from_ref(&row.solicitante_id),
        step,
    )
    .await?;
    let seen = notifications::centre::mark_read_of(txn, &UserId::new(me), &row.id).await?;
    let live = publish_change(txn, &row.familia_id, CustodySubject::Swap(row.id.clone())).await?;
    Ok(told.join(live).join(seen))
}

/// Decline a request: nothing changes.
#[utoipa::path(post, path = "/familias/{id}/cambios/{cambioId}/rechazar", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("cambioId" = String, Path)),
    responses(
        (status = 200, body = SwapAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the parent asked", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`swap_not_open`: answered or expired", body = ErrorBody),
    ))]
pub async fn decline_swap(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path((_familia, cambio_id)): Path<(String, String)>,
) -> ApiResult<Json<SwapAnswer>> {
    answerable(&state, &access, &cambio_id).await?;
    let now = Utc::now();
    let me = access.auth.user.id.clone();
    let txn = state.db.begin().await?;
    let row = close(&txn, &access, &cambio_id, DECLINED, now).await?;
    record::append(
        &txn,
        &row.familia_id,
        Act {
            kind: kinds::SWAP_DECLINED,
            actor: Some(&me),
            content: serde_json::json!({"cambio": row.id}),
            subjects: vec![
                record::user_subject(&me),
                record::user_subject(&row.solicitante_id),
            ],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = answered(&txn, &row, &me, Step::Declined).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(SwapAnswer {
        success: true,
        data: view(&row, &me, now),
    }))
}

/// Counter a request with another: the first ends as `contraofertado`, the new one (linked by
/// `respondeA`) waits for the first requester's answer, under the same rules as any request.
#[utoipa::path(post, path = "/familias/{id}/cambios/{cambioId}/contraofertar", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("cambioId" = String, Path)),
    request_body = SwapInput,
    responses(
        (status = 201, description = "the counter-offer", body = SwapAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the parent asked", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`swap_not_open`: answered or expired", body = ErrorBody),
        (status = 422, description = "as for a new request", body = ErrorBody),
    ))]
pub async fn counter_swap(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path((_familia, cambio_id)): Path<(String, String)>,
    Json(body): Json<SwapInput>,
) -> ApiResult<(StatusCode, Json<SwapAnswer>)> {
    answerable(&state, &access, &cambio_id).await?;
    let now = Utc::now();
    let input = check(&state.db, &access, body, now).await?;
    let me = access.auth.user.id.clone();
    let txn = state.db.begin().await?;
    let first = close(&txn, &access, &cambio_id, COUNTERED, now).await?;
    if input.other != first.solicitante_id {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::SwapNotParent));
    }
    let (row, wake) = store(&txn, &first.familia_id, &me, input, Some(&first.id), now).await?;
    let seen =
        notifications::centre::mark_read_of(&txn, &UserId::new(me.as_str()), &first.id).await?;
    txn.commit().await?;
    state.wake(wake.join(seen));
    Ok((
        StatusCode::CREATED,
        Json(SwapAnswer {
            success: true,
            data: view(&row, &me, now),
        }),
    ))
}
