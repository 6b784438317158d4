//! Sending a message: one transaction takes the conversation's next number, stores the message,
//! its files and one unseen row per recipient, appends it to the family record, publishes it
//! live and notifies (`notice`); nothing of it is ever changed afterwards.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    access::{readable_conversation, readers},
    attachments,
    entities::{conversacion, mensaje, vista},
    limits, notice, professional, shield, tone,
    views::{self, MessageView},
    vocabulary::MessageType,
};
use crate::ids::UserId;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::record::{self, Act, Audience, chain::sha256_hex, kinds},
    fields,
    i18n::Msg,
    ids,
    platform::live::{self, Wake},
    request::{AuthUser, Json},
    state::AppState,
    vocabulary,
};

pub const TEXT_MAX_CHARS: usize = 10_000;
pub const ATTACHMENTS_MAX: usize = 5;
/// Emergencies a sender may send in any `EMERGENCY_WINDOW`, across conversations.
pub const EMERGENCY_LIMIT: usize = 3;
pub const EMERGENCY_WINDOW: Duration = Duration::hours(24);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    /// 1 to 10,000 characters; blank lines around it are dropped, nothing else.
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 10000, pattern = r"\S")]
    pub texto: Option<String>,
    /// normal, urgente or emergencia (at most 3 a day).
    #[schema(value_type = Option<MessageType>)]
    pub tipo: Option<String>,
    /// A message of this conversation that this one answers or corrects.
    pub responde_a: Option<String>,
    /// Uploads of yours to this conversation not yet sent, at most 5.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub adjuntos: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageAnswer {
    pub success: bool,
    pub data: MessageView,
}

/// A message that passed its checks.
struct Checked {
    texto: String,
    tipo: MessageType,
    responde_a: Option<String>,
    adjuntos: Vec<String>,
}

async fn check(
    db: &impl ConnectionTrait,
    conversacion_id: &str,
    body: MessageInput,
) -> ApiResult<Checked> {
    let mut errors = FieldErrors::default();
    let texto = errors.check(
        "texto",
        fields::message_text(
            body.texto.as_deref().unwrap_or_default(),
            TEXT_MAX_CHARS,
            Msg::MessageTextRequired,
            Msg::MessageTextTooLong,
        ),
    );
    // Left out, a message is normal; sent blank, it is a mistake.
    let tipo = match body.tipo.as_deref() {
        None => Some(MessageType::Normal),
        Some(t) => errors.check("tipo", vocabulary::one_of(t, Msg::MessageTypeInvalid)),
    };
    let responde_a = body
        .responde_a
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    if let Some(quoted) = &responde_a {
        let found = mensaje::Entity::find_by_id(quoted)
            .filter(mensaje::Column::ConversacionId.eq(conversacion_id))
            .count(db)
            .await?;
        if found == 0 {
            errors.add("respondeA", Msg::MessageReplyInvalid);
        }
    }
    let mut adjuntos = body.adjuntos;
    adjuntos.dedup();
    if adjuntos.len() > ATTACHMENTS_MAX {
        errors.add("adjuntos", Msg::MessageAttachmentsTooMany);
    }
    errors.into_result()?;
    let (Some(texto), Some(tipo)) = (texto, tipo) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    Ok(Checked {
        texto,
        tipo,
        responde_a,
        adjuntos,
    })
}

/// Send a message. Nothing can edit or delete it afterwards: a correction is a new message that
/// quotes it.
#[utoipa::path(post, path = "/conversaciones/{id}/mensajes", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = MessageInput,
    responses(
        (status = 201, body = MessageAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "an empty or too long text, a bad type, a quote or files not of this conversation", body = ErrorBody),
        (status = 429, description = "`emergency_limit`: a fourth emergency within 24 hours; `message_rate_limit` or `message_daily_limit`: more than 30 messages a minute or 500 a day (emergencies aside); see Retry-After", body = ErrorBody),
    ))]
pub async fn send_message(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<MessageInput>,
) -> ApiResult<(StatusCode, Json<MessageAnswer>)> {
    let conversation = readable_conversation(&state, &auth.id, &id).await?;
    let input = check(&state.db, &conversation.id, body).await?;
    // Emergencies have their own, smaller limit, checked with the send.
    if input.tipo != MessageType::Emergency {
        limits::count_message(&state.limiter, &auth.id).await?;
    }
    let tono = tone::level(&input.texto);
    let txn = state.db.begin().await?;
    if input.tipo == MessageType::Emergency {
        check_emergency_limit(&txn, &auth.id, Utc::now()).await?;
    }
    let (row, wake) = store(&txn, &conversation, &auth.user, input, tono).await?;
    txn.commit().await?;
    state.wake(wake);
    let mut sent = views::messages(&state, vec![row], &auth.id).await?;
    // The author's own message is never folded, the message it quotes may be.
    shield::fold_for(&state.db, &auth.id, sent.iter_mut()).await?;
    let data = sent
        .pop()
        .ok_or_else(|| ApiError::internal("a sent message vanished"))?;
    Ok((
        StatusCode::CREATED,
        Json(MessageAnswer {
            success: true,
            data,
        }),
    ))
}

/// Refuses a fourth emergency within the window. Sends of one sender queue on their user row
/// first (a row lock on PostgreSQL, the write lock on SQLite), so two at once cannot both count
/// two and pass.
async fn check_emergency_limit(
    txn: &DatabaseTransaction,
    usuario_id: &str,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    usuario::Entity::update_many()
        .col_expr(
            usuario::Column::UpdatedAt,
            Expr::col(usuario::Column::UpdatedAt),
        )
        .filter(usuario::Column::Id.eq(usuario_id))
        .exec(txn)
        .await?;
    let recent: Vec<DateTime<Utc>> = mensaje::Entity::find()
        .select_only()
        .column(mensaje::Column::EnviadoAt)
        .filter(mensaje::Column::AutorId.eq(usuario_id))
        .filter(mensaje::Column::Tipo.eq(MessageType::Emergency))
        .filter(mensaje::Column::EnviadoAt.gt(now - EMERGENCY_WINDOW))
        .order_by_asc(mensaje::Column::EnviadoAt)
        .into_tuple()
        .all(txn)
        .await?;
    match emergency_retry_after(&recent, now) {
        Some(secs) => Err(ApiError::limited(Msg::EmergencyLimit, secs)),
        None => Ok(()),
    }
}

/// Seconds until one more emergency fits in the window, or None if it fits now. `recent` holds
/// the times of the sender's emergencies within the window, oldest first.
pub fn emergency_retry_after(recent: &[DateTime<Utc>], now: DateTime<Utc>) -> Option<u64> {
    if recent.len() < EMERGENCY_LIMIT {
        return None;
    }
    // Once this one leaves the window, EMERGENCY_LIMIT - 1 remain.
    let frees = recent[recent.len() - EMERGENCY_LIMIT] + EMERGENCY_WINDOW;
    Some(Ord::max(
        u64::try_from((frees - now).num_seconds()).unwrap_or(0),
        1,
    ))
}

/// Everything a send writes, in order, inside its transaction.
async fn store(
    txn: &DatabaseTransaction,
    conversation: &conversacion::Model,
    author: &usuario::Model,
    input: Checked,
    tono: &str,
) -> ApiResult<(mensaje::Model, Wake)> {
    let now = Utc::now().trunc_subsecs(3);
    let numero = take_number(txn, &conversation.id, now).await?;
    let mut recipients = readers(txn, conversation).await?;
    recipients.retain(|r| r != &author.id);
    let professional = match conversation.acceso_id {
        Some(_) => professional::active_professional(txn, conversation).await?,
        None => None,
    };
    let mut row = mensaje::Model {
        id: ids::new_id(),
        conversacion_id: conversation.id.clone(),
        familia_id: conversation.familia_id.clone(),
        numero,
        autor_id: Some(author.id.clone()),
        texto: input.texto,
        tipo: input.tipo.into(),
        responde_a: input.responde_a,
        tono: tono.to_owned(),
        registro_seq: 0,
        enviado_at: now,
    };
    mensaje::Entity::insert(mensaje::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    let files = attachments::claim(
        txn,
        &conversation.id,
        &UserId::new(&author.id),
        &row.id,
        &input.adjuntos,
    )
    .await?;
    if !recipients.is_empty() {
        vista::Entity::insert_many(recipients.iter().map(|usuario_id| vista::ActiveModel {
            mensaje_id: Set(row.id.clone()),
            usuario_id: Set(usuario_id.clone()),
            conversacion_id: Set(row.conversacion_id.clone()),
            numero: Set(numero),
            vista_at: Set(None),
        }))
        .exec_without_returning(txn)
        .await?;
    }
    let content = serde_json::json!({
        "mensaje": row.id,
        "conversacion": row.conversacion_id,
        "asunto": conversation.asunto,
        "numero": row.numero,
        "autor": author.id,
        "tipo": row.tipo,
        "textoSha256": sha256_hex(row.texto.as_bytes()),
        "respondeA": row.responde_a,
        "adjuntos": files.iter().map(|f| serde_json::json!({
            "id": f.id, "nombre": f.nombre, "sha256": f.sha256,
        })).collect::<Vec<_>>(),
        "destinatarios": recipients,
    });
    // The conversation's readers, author included: what they read of it, the record shows them.
    let mut audience = recipients.clone();
    audience.push(author.id.clone());
    row.registro_seq = record::append(
        txn,
        &row.familia_id,
        Act {
            kind: kinds::MESSAGE_SENT,
            actor: Some(&author.id),
            content,
            subjects: vec![record::user_subject(&author.id)],
            audience: Audience::Users(audience.clone()),
        },
    )
    .await?;
    mensaje::Entity::update_many()
        .col_expr(mensaje::Column::RegistroSeq, Expr::value(row.registro_seq))
        .filter(mensaje::Column::Id.eq(&row.id))
        .exec(txn)
        .await?;
    let wake = live::publish(
        txn,
        &audience,
        live::LiveEvent::Messages(live::MessageIds {
            conversacion_id: row.conversacion_id.clone(),
            mensaje_id: row.id.clone(),
        }),
    )
    .await?;
    let told = notice::tell(
        txn,
        conversation,
        author,
        &row,
        &recipients,
        professional.as_deref(),
    )
    .await?;
    Ok((row, wake.join(told)))
}

/// Raises the conversation's count and takes it as this message's number: the update holds the
/// conversation's row (PostgreSQL) or the write lock (SQLite) until commit, so concurrent sends
/// line up and numbers never repeat nor skip.
async fn take_number(
    txn: &DatabaseTransaction,
    conversacion_id: &str,
    now: DateTime<Utc>,
) -> Result<i64, DbErr> {
    let raised = conversacion::Entity::update_many()
        .col_expr(
            conversacion::Column::Mensajes,
            Expr::col(conversacion::Column::Mensajes).add(1),
        )
        .col_expr(
            conversacion::Column::Version,
            Expr::col(conversacion::Column::Version).add(1),
        )
        .col_expr(conversacion::Column::UltimoMensajeAt, Expr::value(now))
        .col_expr(conversacion::Column::UpdatedAt, Expr::value(now))
        .filter(conversacion::Column::Id.eq(conversacion_id))
        .exec_with_returning(txn)
        .await?;
    raised
        .first()
        .map(|c| c.mensajes)
        .ok_or_else(|| DbErr::RecordNotFound("conversaciones".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_emergency_limit_frees_when_the_oldest_counted_leaves_the_window() {
        let now = Utc::now();
        let ago = |h: i64| now - Duration::hours(h);
        assert_eq!(emergency_retry_after(&[ago(5), ago(1)], now), None);
        assert_eq!(
            emergency_retry_after(&[ago(20), ago(5), ago(1)], now),
            Some(4 * 3600)
        );
        // Four in the window (sent before a limit existed, say): two must leave first.
        assert_eq!(
            emergency_retry_after(&[ago(23), ago(20), ago(5), ago(1)], now),
            Some(4 * 3600)
        );
    }
}
