//! `/api/tiempo-real`: the ticket a browser opens its stream with (an `EventSource` cannot send
//! an `Authorization` header), and the stream.

use axum::{
    extract::{FromRequestParts, Query, State},
    http::request,
    response::{
        IntoResponse, Response,
        sse::{KeepAlive, Sse},
    },
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::stream::{self, LiveSignal};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    i18n::Msg,
    ids,
    platform::{
        live::{LiveEvent, store},
        rate_limit::Limit,
    },
    request::{AuthUser, Json},
    state::AppState,
};

const TICKET_LIFE: chrono::Duration = chrono::Duration::seconds(60);
/// A tab asks for a ticket each time it (re)connects, with a growing pause between tries: more
/// than this in a minute is not a browser reconnecting.
const TICKETS: Limit = Limit {
    name: "live_ticket",
    max: 30,
    window: std::time::Duration::from_secs(60),
};
/// When a refused stream may try again: about when a closed tab's stream is seen gone.
const STREAM_RETRY_SECS: u64 = 30;
/// A comment line this often keeps proxies from closing a quiet stream.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(15);

#[derive(Debug, Serialize, ToSchema)]
pub struct LiveTicket {
    /// Give it once, as `?ticket=`, within a minute.
    pub ticket: String,
    pub expira: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LiveTicketAnswer {
    pub success: bool,
    pub data: LiveTicket,
}

/// A one-use ticket, valid for 60 seconds on any instance, to open the live stream with; 30 a
/// minute per user.
#[utoipa::path(post, path = "/tiempo-real/ticket", tag = "live", security(("bearer" = [])),
    responses(
        (status = 200, body = LiveTicketAnswer),
        (status = 401, body = ErrorBody),
        (status = 429, description = "too many tickets in the minute", body = ErrorBody),
    ))]
pub(super) async fn create_ticket(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<LiveTicketAnswer>> {
    state.limiter.hit(&TICKETS, &auth.id).await?;
    let ticket = ids::new_secret();
    let expira = Utc::now() + TICKET_LIFE;
    store::insert_ticket(
        &state.db,
        &ids::hash_secret(&ticket),
        &auth.id,
        &auth.session_id,
        expira,
    )
    .await?;
    Ok(Json(LiveTicketAnswer {
        success: true,
        data: LiveTicket { ticket, expira },
    }))
}

/// One frame of the stream: a signal of the stream's own, or one of the user's events. Each has an
/// `id:` line (its sequence number) except `listo`.
// Only describes the stream: its frames are written from stored rows and from `LiveSignal`.
#[allow(dead_code)]
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub(super) enum LiveFrame {
    Signal(LiveSignal),
    Event(LiveEvent),
}

#[derive(Debug, Deserialize, IntoParams)]
pub(super) struct StreamQuery {
    /// A ticket from `POST /tiempo-real/ticket`; without it, the `Authorization: Bearer` header.
    ticket: Option<String>,
    /// The last event id received, when the `Last-Event-ID` header cannot be sent.
    ultimo: Option<String>,
}

/// The caller's live events as `text/event-stream`: first `listo` `{ultimo}` (no id), then each
/// event as `id: <sequence>`, `event: <kind>`, `data: <json of ids>`; a comment every 15 seconds.
/// Resumes after `Last-Event-ID` (else `ultimo`); `recargar` when those events are no longer
/// kept. Ends when the session does or the server stops. A user holds at most 10 streams open
/// at once, over every instance.
#[utoipa::path(get, path = "/tiempo-real", tag = "live", security((), ("bearer" = [])),
    params(StreamQuery, ("Last-Event-ID" = Option<String>, Header, description = "the last event id received")),
    responses(
        (status = 200, description = "a stream of `LiveFrame`s", content_type = "text/event-stream", body = LiveFrame),
        (status = 401, description = "no valid ticket or session", body = ErrorBody),
        (status = 422, description = "a resume point that is not an event number", body = ErrorBody),
        (status = 429, description = "10 streams of the user's already open (`live_streams_too_many`)", body = ErrorBody),
    ))]
pub(super) async fn open_stream(
    State(state): State<AppState>,
    Query(query): Query<StreamQuery>,
    mut parts: request::Parts,
) -> ApiResult<Response> {
    let (usuario_id, sesion_id) = match query.ticket.as_deref().filter(|t| !t.is_empty()) {
        Some(ticket) if ticket.len() <= 200 => {
            let taken = store::take_ticket(&state.db, &ids::hash_secret(ticket), Utc::now())
                .await?
                .ok_or_else(ApiError::unauthorized)?;
            (taken.usuario_id, taken.sesion_id)
        }
        Some(_) => return Err(ApiError::unauthorized()),
        None => {
            let auth = AuthUser::from_request_parts(&mut parts, &state).await?;
            (auth.user.id, auth.session_id)
        }
    };
    let resume = match parts
        .headers
        .get("last-event-id")
        .map(|v| v.to_str().unwrap_or("?"))
        .or(query.ultimo.as_deref())
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        None => None,
        Some(text) => Some(
            text.parse::<i64>()
                .ok()
                .filter(|n| *n >= 0)
                .ok_or_else(|| ApiError::field("ultimo", Msg::LiveResumeInvalid))?,
        ),
    };
    let counted = stream::admit(&state, &usuario_id)
        .await?
        .ok_or_else(|| ApiError::limited(Msg::LiveStreamsTooMany, STREAM_RETRY_SECS))?;
    let events = stream::open(state.clone(), counted, usuario_id, sesion_id, resume).await?;
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(HEARTBEAT))
        .into_response();
    // Proxies that buffer answers (nginx) would hold the events back.
    response.headers_mut().insert(
        "x-accel-buffering",
        axum::http::HeaderValue::from_static("no"),
    );
    Ok(response)
}
