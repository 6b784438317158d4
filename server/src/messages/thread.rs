//! A conversation's messages, newest first in pages going back, and the caller's first views:
//! set once per message, never moved, and written to the family record.

use std::sync::Arc;

use axum::{
    extract::{Path, Query, State},
    response::Response,
};
use bytes::Bytes;
use chrono::SubsecRound;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, QueryFilter, TransactionTrait,
    sea_query::{self, Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{looked_conversation, readable_conversation, readers},
    entities::{mensaje, vista},
    pages::{self, Page, Pages},
    views::{self, MessageView},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::record::{self, Act, Audience, kinds},
    i18n::Msg,
    ids::UserId,
    notifications::{self, entities::notificacion},
    platform::live,
    request::{AuthUser, Json, json_bytes},
    state::AppState,
};

const PAGE: u64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The `siguiente` of the previous page: the messages numbered below it.
    cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessagePage {
    pub mensajes: Vec<MessageView>,
    /// The `numero` to pass as `cursor` for the older page; null on the oldest.
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessagePageAnswer {
    pub success: bool,
    pub data: MessagePage,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SeenInput {
    /// The newest message seen: it and every earlier one count as seen.
    pub hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seen {
    /// How many messages were seen for the first time now.
    pub vistos: u64,
    pub vista_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeenAnswer {
    pub success: bool,
    pub data: Seen,
}

fn cursor(value: Option<&str>) -> ApiResult<Option<i64>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|n| *n > 0)
            .map(Some)
            .ok_or_else(|| ApiError::field("cursor", Msg::MessageCursorInvalid)),
    }
}

/// A conversation's messages, newest first, 50 a page.
#[utoipa::path(get, path = "/conversaciones/{id}/mensajes", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path), PageQuery),
    responses(
        (status = 200, body = MessagePageAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a cursor that is not a message number", body = ErrorBody),
    ))]
pub async fn list_messages(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let me = auth.id.as_str();
    let (conversation, looked) = looked_conversation(&state, &auth.id, &id).await?;
    let lens = looked.lens();
    let below = cursor(query.cursor.as_deref())?;
    let pages = state.part::<Pages>();
    // A professional's page is cut to their period: not one of the pages kept for participants.
    let newest = below.is_none() && lens.is_none();
    // Each reader's own copy: the file links in it are issued to them (`Storage::signed_link`).
    let kept_as = format!("{}:{me}", conversation.id);
    if newest
        && let Some(page) = pages.get(&kept_as)
        && page.version == conversation.version
    {
        return Ok(json_bytes(page.body.clone()));
    }
    let generation = pages.generation();
    let mut mensajes = views::page(
        &state,
        &UserId::new(me),
        &conversation.id,
        below,
        PAGE + 1,
        &looked,
    )
    .await?;
    views::through_lens(&mut mensajes, lens);
    let more = mensajes.len() as u64 > PAGE;
    mensajes.truncate(PAGE as usize);
    let siguiente = more
        .then(|| mensajes.last().map(|m| m.numero.to_string()))
        .flatten();
    let people = mensajes
        .iter()
        .flat_map(|m| {
            let quoted = m.responde_a.as_ref().and_then(|q| q.autor.as_ref());
            m.autor.iter().chain(quoted).map(|p| p.id.clone())
        })
        .collect();
    let answer = MessagePageAnswer {
        success: true,
        data: MessagePage {
            mensajes,
            siguiente,
        },
    };
    let body =
        Bytes::from(serde_json::to_vec(&answer).map_err(|e| ApiError::internal(e.to_string()))?);
    if newest {
        let page = Page {
            version: conversation.version,
            people,
            body: body.clone(),
        };
        pages.put(generation, kept_as, Arc::new(page));
    }
    Ok(json_bytes(body))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OneMessageAnswer {
    pub success: bool,
    pub data: MessageView,
}

/// One message of a conversation (there is no way to change or delete it).
#[utoipa::path(get, path = "/conversaciones/{id}/mensajes/{mensajeId}", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path), ("mensajeId" = String, Path)),
    responses(
        (status = 200, body = OneMessageAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_message(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((id, mensaje_id)): Path<(String, String)>,
) -> ApiResult<Json<OneMessageAnswer>> {
    let (conversation, looked) = looked_conversation(&state, &auth.id, &id).await?;
    let lens = looked.lens();
    let row = mensaje::Entity::find_by_id(mensaje_id)
        .filter(mensaje::Column::ConversacionId.eq(&conversation.id))
        .one(&state.db)
        .await?
        .filter(|m| lens.is_none_or(|l| l.moment(m.enviado_at)))
        .ok_or_else(ApiError::not_found)?;
    let mut shown = views::messages(&state, vec![row], &auth.id).await?;
    views::through_lens(&mut shown, lens);
    let data = shown.pop().ok_or_else(ApiError::not_found)?;
    Ok(Json(OneMessageAnswer {
        success: true,
        data,
    }))
}

/// Mark the messages up to `hasta` as seen by you. Only those you had not seen get the time;
/// a time once set never moves.
#[utoipa::path(post, path = "/conversaciones/{id}/leidos", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = SeenInput,
    responses(
        (status = 200, body = SeenAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "`hasta` is not a message of this conversation", body = ErrorBody),
    ))]
pub async fn mark_seen(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<SeenInput>,
) -> ApiResult<Json<SeenAnswer>> {
    let me = auth.id.as_str();
    let conversation = readable_conversation(&state, &auth.id, &id).await?;
    let hasta_id = body.hasta.as_deref().map(str::trim).unwrap_or_default();
    let hasta = mensaje::Entity::find_by_id(hasta_id)
        .filter(mensaje::Column::ConversacionId.eq(&conversation.id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::field("hasta", Msg::MessageSeenInvalid))?;
    // Milliseconds, as the record writes its times: the row and the entry say the same.
    let now = Utc::now().trunc_subsecs(3);
    let txn = state.db.begin().await?;
    // The update is the statement that decides: two requests at once cannot both set a row.
    let mut set = vista::Entity::update_many()
        .col_expr(vista::Column::VistaAt, Expr::value(now))
        .filter(vista::Column::UsuarioId.eq(me))
        .filter(vista::Column::ConversacionId.eq(&conversation.id))
        .filter(vista::Column::Numero.lte(hasta.numero))
        .filter(vista::Column::VistaAt.is_null())
        .exec_with_returning(&txn)
        .await?;
    let (notices_read, notices_wake) = notifications::centre::mark_read_about(
        &txn,
        me,
        notices_up_to(&conversation.id, hasta.numero),
    )
    .await?;
    if set.is_empty() {
        if notices_read == 0 {
            txn.rollback().await?;
        } else {
            txn.commit().await?;
            state.wake(notices_wake);
        }
        return Ok(answer(0, now));
    }
    pages::touch(&txn, &conversation.id).await?;
    set.sort_by_key(|v| v.numero);
    let mensajes: Vec<&str> = set.iter().map(|v| v.mensaje_id.as_str()).collect();
    // The conversation's readers now, who read what the record says of it.
    let audience = readers(&txn, &conversation).await?;
    record::append(
        &txn,
        &conversation.familia_id,
        Act {
            kind: kinds::MESSAGE_SEEN,
            actor: Some(me),
            content: serde_json::json!({
                "conversacion": conversation.id,
                "asunto": conversation.asunto,
                "usuario": me,
                "mensajes": mensajes,
                "vistaAt": now,
            }),
            subjects: vec![record::user_subject(me)],
            audience: Audience::Users(audience.clone()),
        },
    )
    .await?;
    let wake = live::publish(
        &txn,
        &audience,
        live::LiveEvent::MessagesSeen(live::SeenIds {
            conversacion_id: conversation.id.clone(),
            usuario_id: me.to_owned(),
            hasta: hasta.id.clone(),
        }),
    )
    .await?;
    txn.commit().await?;
    state.wake(wake.join(notices_wake));
    Ok(answer(set.len() as u64, now))
}

/// The notices about the messages of a conversation numbered up to `numero`: one lookup of the
/// message by its key for each unread notice, never a walk of the conversation.
fn notices_up_to(conversacion_id: &str, numero: i64) -> Condition {
    Condition::all().add(Expr::exists(
        sea_query::Query::select()
            .expr(Expr::value(1))
            .from(mensaje::Entity)
            .and_where(
                Expr::col((mensaje::Entity, mensaje::Column::Id))
                    .equals((notificacion::Entity, notificacion::Column::ObjetoId)),
            )
            .and_where(mensaje::Column::ConversacionId.eq(conversacion_id))
            .and_where(mensaje::Column::Numero.lte(numero))
            .to_owned(),
    ))
}

fn answer(vistos: u64, vista_at: DateTime<Utc>) -> Json<SeenAnswer> {
    Json(SeenAnswer {
        success: true,
        data: Seen { vistos, vista_at },
    })
}
