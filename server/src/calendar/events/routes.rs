//! `/api/eventos`: creating, listing, reading, changing and cancelling events, a whole series,
//! one occurrence (`?ocurrencia=<local start>&alcance=una`) or one and the following ones
//! (`alcance=siguientes`, which splits the series).

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{editor, readable, writable},
    entities::evento,
    input::{EventInput, Fields, check},
    list_occurrences,
    store::{announce, insert, lock, update},
    views::{EventView, OccurrenceView},
    vocabulary::Reach,
};
use crate::{
    calendar::{
        access::Calendar,
        kept,
        recurrence::{self, Start, resolve},
    },
    error::{ApiError, ApiResult, ErrorBody},
    families::{self, record::kinds},
    i18n::Msg,
    ids::{ChildId, FamilyId, UserId},
    platform::live::Wake,
    request::{AuthUser, Done, Json},
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct EventAnswer {
    pub success: bool,
    pub data: EventView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccurrencesAnswer {
    pub success: bool,
    pub data: Vec<OccurrenceView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// One of the caller's families (another answers 404).
    #[param(required = true, value_type = String)]
    familia_id: Option<String>,
    /// RFC 3339 instant: occurrences starting at or after it.
    #[param(required = true, value_type = crate::fields::Instant)]
    desde: Option<String>,
    /// RFC 3339 instant: occurrences starting before it; at most 5 years after `desde`.
    #[param(required = true, value_type = crate::fields::Instant)]
    hasta: Option<String>,
    /// Only events concerning this child.
    hijo_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    /// The local start of the occurrence (`2026-03-02T17:30:00`, or a date for all-day events),
    /// as the list's `ocurrencia` gives it. Left out: the whole event.
    ocurrencia: Option<String>,
    /// With `ocurrencia`: `una` (that occurrence alone) or `siguientes` (it and the following
    /// ones: the series is split there).
    #[param(value_type = Option<Reach>)]
    alcance: Option<String>,
}

enum Scope {
    Whole,
    One(Start),
    Following(Start),
}

impl ScopeQuery {
    fn scope(&self, all_day: bool) -> ApiResult<Scope> {
        let ocurrencia = self
            .ocurrencia
            .as_deref()
            .map(str::trim)
            .filter(|o| !o.is_empty());
        let alcance = self
            .alcance
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty());
        let at = |o: &str| {
            Start::parse(o, all_day)
                .map_err(|_| ApiError::field("ocurrencia", Msg::EventOccurrenceInvalid))
        };
        match (ocurrencia, alcance) {
            (None, None) => Ok(Scope::Whole),
            (Some(o), Some(a)) if a == Reach::One.as_str() => Ok(Scope::One(at(o)?)),
            (Some(o), Some(a)) if a == Reach::Following.as_str() => Ok(Scope::Following(at(o)?)),
            _ => Err(ApiError::field("alcance", Msg::EventScopeInvalid)),
        }
    }
}

fn instant(value: Option<&str>, field: &'static str) -> ApiResult<DateTime<Utc>> {
    value
        .and_then(|v| DateTime::parse_from_rfc3339(v.trim()).ok())
        .map(|t| t.with_timezone(&Utc))
        .ok_or_else(|| ApiError::field(field, Msg::CalendarRangeInvalid))
}

fn started_error() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Msg::EventStarted)
}

/// Create an event (or a series of them).
#[utoipa::path(post, path = "/eventos", tag = "calendar", security(("bearer" = [])),
    request_body = EventInput,
    responses(
        (status = 201, body = EventAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "a field that is not valid (a bad rule names `recurrencia`)", body = ErrorBody),
    ))]
pub async fn create_event(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<EventInput>,
) -> ApiResult<(StatusCode, Json<EventAnswer>)> {
    let familia_id = FamilyId::named(body.familia_id.as_deref())
        .ok_or_else(|| ApiError::field("familiaId", Msg::FamilyInvalid))?;
    let family = editor(&state.db, &familia_id, &auth.id).await?;
    let fields = check(&state.db, &familia_id, &family.zona_horaria, body).await?;
    let txn = state.db.begin().await?;
    let row = insert(&txn, &FamilyId::new(&family.id), &auth.id, &fields, None).await?;
    let wake = announce(&txn, kinds::EVENT_CREATED, &auth.id, &[&row], json!({})).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(EventAnswer {
            success: true,
            data: EventView::of(&row)?,
        }),
    ))
}

/// Every occurrence of the family's events (those the caller sees) and of what its children's
/// records put on the calendar (`origen`), whose start `s` satisfies `desde ≤ s < hasta`, in
/// order. At most 24 of one series on a day and 5,000 in all: a series cut is `limitado`.
#[utoipa::path(get, path = "/eventos", tag = "calendar", security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = OccurrencesAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "bad instants, or more than 5 years", body = ErrorBody),
    ))]
pub async fn list_events(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<ListQuery>,
) -> ApiResult<Response> {
    let familia_id =
        FamilyId::named(query.familia_id.as_deref()).unwrap_or_else(|| FamilyId::new(""));
    let stamp = match kept::stamp(&state.db, &familia_id, &auth.id).await {
        Ok(stamp) => stamp,
        // Not a member: a professional reading the calendar, or no one.
        Err(refused) if refused.status() == StatusCode::NOT_FOUND => {
            return looked_events(&state, &familia_id, &auth.id, &query).await;
        }
        Err(other) => return Err(other),
    };
    let desde = instant(query.desde.as_deref(), "desde")?;
    let hasta = instant(query.hasta.as_deref(), "hasta")?;
    let hijo = ChildId::named(query.hijo_id.as_deref());
    let me = &auth.id;
    // Private events make each member's answer their own.
    let key = format!(
        "eventos {familia_id} {me} {}.{} {}.{} {}",
        desde.timestamp(),
        desde.timestamp_subsec_nanos(),
        hasta.timestamp(),
        hasta.timestamp_subsec_nanos(),
        hijo.as_deref().unwrap_or_default()
    );
    kept::answer(&state, key, stamp, || async {
        let data =
            list_occurrences(&state.db, &familia_id, me, desde, hasta, hijo.as_ref()).await?;
        Ok(OccurrencesAnswer {
            success: true,
            data,
        })
    })
    .await
}

/// The family's calendar as a professional reads it: what every member sees (no private event),
/// within their period, about their children in scope (or about none in particular).
async fn looked_events(
    state: &AppState,
    familia_id: &FamilyId,
    me: &UserId,
    query: &ListQuery,
) -> ApiResult<Response> {
    let lens = families::look::<Calendar>(state, familia_id, me)
        .await?
        .lens
        .ok_or_else(ApiError::not_found)?;
    let desde = instant(query.desde.as_deref(), "desde")?;
    let hasta = instant(query.hasta.as_deref(), "hasta")?;
    recurrence::check_range(desde, hasta)
        .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m))?;
    let hijo = ChildId::named(query.hijo_id.as_deref());
    let (from, until) = lens.instants();
    let start = from.map_or(desde, |from| from.max(desde));
    let end = until.map_or(hasta, |until| until.min(hasta));
    let mut data = if start < end {
        list_occurrences(&state.db, familia_id, me, start, end, hijo.as_ref()).await?
    } else {
        Vec::new()
    };
    data.retain(|o| lens.any_child(o.hijos.iter().map(String::as_str)));
    Ok(Json(OccurrencesAnswer {
        success: true,
        data,
    })
    .into_response())
}

/// One event, as stored (a series with its rule).
#[utoipa::path(get, path = "/eventos/{id}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = EventAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_event(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<EventAnswer>> {
    let row = readable(&state.db, &id, &auth.id).await?;
    Ok(Json(EventAnswer {
        success: true,
        data: EventView::of(&row)?,
    }))
}

/// Change an event: the whole series (no query), one occurrence (`alcance=una`: it becomes an
/// event of its own, taken out of the series) or it and the following ones (`alcance=siguientes`:
/// the series ends before it and a new one starts there). The body is the whole event, as on
/// creation (`familiaId` aside). Whatever has started keeps everything but its notes.
#[utoipa::path(put, path = "/eventos/{id}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ScopeQuery),
    request_body = EventInput,
    responses(
        (status = 200, description = "the event changed, or the new one made for the occurrence or the following ones", body = EventAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a field that is not valid, no occurrence at that start, or `event_started`", body = ErrorBody),
    ))]
pub async fn update_event(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<ScopeQuery>,
    Json(body): Json<EventInput>,
) -> ApiResult<Json<EventAnswer>> {
    let (row, family) = writable(&state.db, &id, &auth.id).await?;
    let scope = query.scope(row.todo_el_dia)?;
    let new = check(
        &state.db,
        &FamilyId::new(&row.familia_id),
        &family.zona_horaria,
        body,
    )
    .await?;
    let txn = state.db.begin().await?;
    lock(&txn, &row.id).await?;
    // Read again inside the transaction: a change that raced this one is not undone.
    let (row, _) = writable(&txn, &id, &auth.id).await?;
    let changed = change(&txn, &row, &auth.id, scope, new).await?;
    let wake = changed.1;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(EventAnswer {
        success: true,
        data: EventView::of(&changed.0)?,
    }))
}

async fn change(
    txn: &DatabaseTransaction,
    row: &evento::Model,
    actor: &str,
    scope: Scope,
    new: Fields,
) -> ApiResult<(evento::Model, Wake)> {
    let current = Fields::of(row)?;
    let now = Utc::now();
    let series = current.series().map_err(|m| ApiError::internal(m.code()))?;
    let whole = |started: bool| change_whole(txn, row, actor, &current, &new, started);
    match scope {
        Scope::Whole => whole(row.primer_inicio <= now).await,
        Scope::One(at) | Scope::Following(at) if !series.contains(at).map_err(field_error)? => {
            Err(ApiError::field("ocurrencia", Msg::EventOccurrenceInvalid))
        }
        Scope::One(at) => {
            let at_started = resolve(series.zone, at.naive()) <= now;
            if current.recurrencia.is_none() && current.fechas_extra.is_empty() {
                return whole(at_started).await;
            }
            let single = |f: &Fields, start: Start| Fields {
                inicio: start,
                fin: start.like(start.naive() + f.length()),
                recurrencia: None,
                excepciones: Vec::new(),
                fechas_extra: Vec::new(),
                ..f.clone()
            };
            let before = single(&current, at);
            let after = Fields {
                recurrencia: None,
                excepciones: Vec::new(),
                fechas_extra: Vec::new(),
                ..new.clone()
            };
            if at_started && after.without_notes() != before.without_notes() {
                return Err(started_error());
            }
            let mut parent = current.clone();
            parent.excepciones.push(at);
            parent.excepciones.sort();
            parent.excepciones.dedup();
            parent.fechas_extra.retain(|s| *s != at);
            let kept = update(txn, row, &parent).await?;
            let made = insert(
                txn,
                &FamilyId::new(&row.familia_id),
                &UserId::new(actor),
                &after,
                Some((&row.id, Some(at.to_string()))),
            )
            .await?;
            let wake = announce(
                txn,
                kinds::EVENT_CHANGED,
                actor,
                &[&kept, &made],
                json!({"alcance": "una", "ocurrencia": at.to_string(), "nuevoEventoId": made.id}),
            )
            .await?;
            Ok((made, wake))
        }
        Scope::Following(at) => {
            let at_started = resolve(series.zone, at.naive()) <= now;
            if !series.has_before(at).map_err(field_error)? {
                return whole(at_started).await;
            }
            if at_started {
                return Err(started_error());
            }
            let (first_rule, second_rule) = series.split_rules(at).map_err(field_error)?;
            let mut parent = current.clone();
            parent.recurrencia = first_rule;
            parent.excepciones.retain(|s| *s < at);
            parent.fechas_extra.retain(|s| *s < at);
            let mut next = new.clone();
            if next.inicio == current.inicio {
                next.inicio = at;
                next.fin = at.like(at.naive() + new.length());
            }
            if next.recurrencia == current.recurrencia {
                next.recurrencia = second_rule;
            }
            if next.excepciones == current.excepciones {
                next.excepciones.retain(|s| *s >= at);
            }
            if next.fechas_extra == current.fechas_extra {
                next.fechas_extra.retain(|s| *s >= at);
            }
            let kept = update(txn, row, &parent).await?;
            let made = insert(
                txn,
                &FamilyId::new(&row.familia_id),
                &UserId::new(actor),
                &next,
                Some((&row.id, None)),
            )
            .await?;
            let wake = announce(
                txn,
                kinds::EVENT_CHANGED,
                actor,
                &[&kept, &made],
                json!({"alcance": "siguientes", "ocurrencia": at.to_string(), "nuevoEventoId": made.id}),
            )
            .await?;
            Ok((made, wake))
        }
    }
}

/// A walk of the series that went too far to tell: the series' rule is what to change.
async fn change_whole(
    txn: &DatabaseTransaction,
    row: &evento::Model,
    actor: &str,
    current: &Fields,
    new: &Fields,
    started: bool,
) -> ApiResult<(evento::Model, Wake)> {
    if started && new.without_notes() != current.without_notes() {
        return Err(started_error());
    }
    let saved = update(txn, row, new).await?;
    let wake = announce(
        txn,
        kinds::EVENT_CHANGED,
        actor,
        &[row, &saved],
        json!({"alcance": "todo"}),
    )
    .await?;
    Ok((saved, wake))
}

async fn cancel_whole(
    txn: &DatabaseTransaction,
    row: &evento::Model,
    actor: &str,
    started: bool,
) -> ApiResult<Wake> {
    if started {
        return Err(started_error());
    }
    // Its occurrences changed alone go with it; series split off it stay.
    evento::Entity::delete_many()
        .filter(evento::Column::SerieId.eq(&row.id))
        .filter(evento::Column::Ocurrencia.is_not_null())
        .exec(txn)
        .await?;
    evento::Entity::delete_by_id(&row.id).exec(txn).await?;
    Ok(announce(
        txn,
        kinds::EVENT_CANCELLED,
        actor,
        &[row],
        json!({"alcance": "todo"}),
    )
    .await?)
}

/// A walk of the series that went too far to tell: its rule is what to change.
fn field_error(msg: Msg) -> ApiError {
    ApiError::field("recurrencia", msg)
}

/// Cancel an event: the whole series (no query), one occurrence (`alcance=una`) or it and the
/// following ones (`alcance=siguientes`). What has started stays.
#[utoipa::path(delete, path = "/eventos/{id}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ScopeQuery),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "no occurrence at that start, or `event_started`", body = ErrorBody),
    ))]
pub async fn delete_event(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<ScopeQuery>,
) -> ApiResult<Json<Done>> {
    writable(&state.db, &id, &auth.id).await?;
    let txn = state.db.begin().await?;
    lock(&txn, &id).await?;
    let (row, _) = writable(&txn, &id, &auth.id).await?;
    let scope = query.scope(row.todo_el_dia)?;
    let wake = cancel(&txn, &row, &auth.id, scope).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Done::new(Msg::EventCancelled))
}

async fn cancel(
    txn: &DatabaseTransaction,
    row: &evento::Model,
    actor: &str,
    scope: Scope,
) -> ApiResult<Wake> {
    let current = Fields::of(row)?;
    let series = current.series().map_err(|m| ApiError::internal(m.code()))?;
    let now = Utc::now();
    let whole = |started: bool| cancel_whole(txn, row, actor, started);
    match scope {
        Scope::Whole => whole(row.primer_inicio <= now).await,
        Scope::One(at) | Scope::Following(at) if !series.contains(at).map_err(field_error)? => {
            Err(ApiError::field("ocurrencia", Msg::EventOccurrenceInvalid))
        }
        Scope::One(at) => {
            let at_started = resolve(series.zone, at.naive()) <= now;
            if current.recurrencia.is_none() && current.fechas_extra.is_empty() {
                return whole(at_started).await;
            }
            if at_started {
                return Err(started_error());
            }
            let mut parent = current.clone();
            parent.excepciones.push(at);
            parent.excepciones.sort();
            parent.excepciones.dedup();
            parent.fechas_extra.retain(|s| *s != at);
            let kept = update(txn, row, &parent).await?;
            Ok(announce(
                txn,
                kinds::EVENT_CANCELLED,
                actor,
                &[&kept],
                json!({"alcance": "una", "ocurrencia": at.to_string()}),
            )
            .await?)
        }
        Scope::Following(at) => {
            let at_started = resolve(series.zone, at.naive()) <= now;
            if !series.has_before(at).map_err(field_error)? {
                return whole(at_started).await;
            }
            if at_started {
                return Err(started_error());
            }
            let (first_rule, _) = series.split_rules(at).map_err(field_error)?;
            let mut parent = current.clone();
            parent.recurrencia = first_rule;
            parent.excepciones.retain(|s| *s < at);
            parent.fechas_extra.retain(|s| *s < at);
            evento::Entity::delete_many()
                .filter(evento::Column::SerieId.eq(&row.id))
                .filter(evento::Column::Ocurrencia.gte(at.to_string()))
                .exec(txn)
                .await?;
            let kept = update(txn, row, &parent).await?;
            Ok(announce(
                txn,
                kinds::EVENT_CANCELLED,
                actor,
                &[&kept],
                json!({"alcance": "siguientes", "ocurrencia": at.to_string()}),
            )
            .await?)
        }
    }
}
