//! `/api/familias/{id}/custodia/entregas`: when an exchange actually happened. A handover belongs
//! to the date whose night changes hands; recorded again, the latest one counts. The parenting-
//! time report's `real` figures move that exchange's boundary to it.

use axum::{
    extract::{Query, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::entities::entrega;
use crate::calendar::access::Calendar;
use crate::families::{Changes, Reads};
use crate::{
    calendar::custody::{exchange_on, plan::Plan, publish_change, zone_of},
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::record::{self, Act, Audience, kinds},
    fields,
    i18n::Msg,
    ids,
    platform::live::CustodySubject,
    request::Json,
    state::AppState,
};

/// How far the actual time may be from the planned exchange.
pub const MAX_DEVIATION: Duration = Duration::hours(12);
const NOTE_MAX_CHARS: usize = 1000;
/// A clock a little ahead of the server's is not "the future".
const CLOCK_SLACK: Duration = Duration::minutes(5);
const LISTED: u64 = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoverInput {
    /// `YYYY-MM-DD`: the date of the exchange (the first night of the parent who receives).
    #[schema(required = true, value_type = crate::fields::Day)]
    pub fecha: Option<String>,
    /// RFC 3339: when it happened; within 12 hours of the planned exchange, not in the future.
    #[schema(required = true, value_type = crate::fields::Instant)]
    pub ocurrio: Option<String>,
    /// Up to 1000 characters.
    #[schema(format = "multi-line", max_length = 1000)]
    pub nota: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoverView {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub ocurrio: DateTime<Utc>,
    /// The planned exchange it deviates from.
    pub previsto: DateTime<Utc>,
    pub nota: Option<String>,
    pub registrada_por: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HandoverAnswer {
    pub success: bool,
    pub data: HandoverView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HandoverListAnswer {
    pub success: bool,
    pub data: Vec<HandoverView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HandoverQuery {
    /// `YYYY-MM-DD`: only from this date.
    pub desde: Option<String>,
}

/// The family's recorded handovers, latest date first (200 at most).
#[utoipa::path(get, path = "/familias/{id}/custodia/entregas", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), HandoverQuery),
    responses(
        (status = 200, body = HandoverListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a bad date", body = ErrorBody),
    ))]
pub async fn list_handovers(
    State(state): State<AppState>,
    access: Reads<Calendar>,
    Query(query): Query<HandoverQuery>,
) -> ApiResult<Json<HandoverListAnswer>> {
    let mut find = entrega::Entity::find().filter(entrega::Column::FamiliaId.eq(&access.family.id));
    if let Some(desde) = query.desde.as_deref().filter(|d| !d.trim().is_empty()) {
        let desde = NaiveDate::parse_from_str(desde.trim(), "%Y-%m-%d")
            .map_err(|_| ApiError::field("desde", Msg::DateInvalid))?;
        find = find.filter(entrega::Column::Fecha.gte(desde));
    }
    let rows = find
        .order_by_desc(entrega::Column::Fecha)
        .order_by_desc(entrega::Column::CreatedAt)
        .limit(LISTED)
        .all(&state.db)
        .await?;
    // One plan for all of them: only the planned exchange times are read from it.
    let (Some(first), Some(last)) = (
        rows.iter().map(|r| r.fecha).min(),
        rows.iter().map(|r| r.fecha).max(),
    ) else {
        return Ok(Json(HandoverListAnswer {
            success: true,
            data: Vec::new(),
        }));
    };
    let zone = zone_of(Some(&access.family.zona_horaria));
    let plan = Plan::load(&state.db, &access.family.id, zone, first, last).await?;
    let data = rows
        .into_iter()
        .map(|row| {
            let previsto = plan.exchange_at(row.fecha);
            view(row, previsto)
        })
        .collect();
    Ok(Json(HandoverListAnswer {
        success: true,
        data,
    }))
}

fn view(row: entrega::Model, previsto: DateTime<Utc>) -> HandoverView {
    HandoverView {
        id: row.id,
        fecha: row.fecha,
        ocurrio: row.ocurrio,
        previsto,
        nota: row.nota,
        registrada_por: row.registrada_por,
        created_at: row.created_at,
    }
}

/// Record when the exchange of `fecha` actually happened. Co-parents only.
#[utoipa::path(post, path = "/familias/{id}/custodia/entregas", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = HandoverInput,
    responses(
        (status = 201, body = HandoverAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a date without an exchange, a time far from it or in the future, a long note", body = ErrorBody),
    ))]
pub async fn record_handover(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Json(body): Json<HandoverInput>,
) -> ApiResult<(StatusCode, Json<HandoverAnswer>)> {
    let now = Utc::now();
    let mut errors = FieldErrors::default();
    let fecha = body
        .fecha
        .as_deref()
        .and_then(|v| NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").ok());
    if fecha.is_none() {
        errors.add("fecha", Msg::DateInvalid);
    }
    let ocurrio = body
        .ocurrio
        .as_deref()
        .and_then(|v| DateTime::parse_from_rfc3339(v.trim()).ok())
        .map(|d| d.with_timezone(&Utc))
        .filter(|d| *d <= now + CLOCK_SLACK);
    if ocurrio.is_none() {
        errors.add("ocurrio", Msg::HandoverTimeInvalid);
    }
    let nota = errors.check(
        "nota",
        fields::optional_multiline_text(body.nota, NOTE_MAX_CHARS),
    );
    errors.into_result()?;
    let (Some(fecha), Some(ocurrio), Some(nota)) = (fecha, ocurrio, nota) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let around = exchange_on(&state.db, &access.family, fecha).await?;
    if !around.changes_hands {
        return Err(ApiError::field("fecha", Msg::HandoverNotExchange));
    }
    let previsto = around.at;
    if (ocurrio - previsto).abs() > MAX_DEVIATION {
        return Err(ApiError::field("ocurrio", Msg::HandoverTimeFar));
    }
    let me = access.auth.user.id.clone();
    let familia_id = access.family.id.clone();
    let row = entrega::Model {
        id: ids::new_id(),
        familia_id: familia_id.clone(),
        fecha,
        ocurrio,
        nota,
        registrada_por: Some(me.clone()),
        created_at: now,
    };
    let txn = state.db.begin().await?;
    entrega::Entity::insert(entrega::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await?;
    record::append(
        &txn,
        &familia_id,
        Act {
            kind: kinds::HANDOVER_RECORDED,
            actor: Some(&me),
            content: serde_json::json!({
                "entrega": row.id,
                "fecha": row.fecha,
                "ocurrio": row.ocurrio,
                "previsto": previsto,
                "nota": row.nota,
            }),
            subjects: vec![record::user_subject(&me)],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = publish_change(&txn, &familia_id, CustodySubject::Handover(row.id.clone())).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(HandoverAnswer {
            success: true,
            data: view(row, previsto),
        }),
    ))
}
