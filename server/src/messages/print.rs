//! What the print page of a conversation shows: its messages over some days, oldest first, with
//! the family-record entries that prove when each was sent and first seen, so that a printed copy
//! can be checked against the record by anyone holding an export of it.

use std::collections::HashSet;

use axum::extract::{Path, Query, State};
use chrono::{DateTime, SecondsFormat, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::Query as Sql,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    access,
    entities::mensaje,
    search::days::Days,
    views::{self, ConversationView, MessageView},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::{
        entities::familia,
        record::{
            entities::{contenido, entrada},
            kinds,
        },
    },
    i18n::Msg,
    ids::FamilyId,
    request::{AuthUser, Json},
    state::AppState,
};

/// The most messages one printout holds.
const MAX_MESSAGES: u64 = 5_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(print_conversation))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PrintQuery {
    /// The first day, `YYYY-MM-DD`, in your time zone; absent: from the first message.
    desde: Option<String>,
    /// The last day (included), `YYYY-MM-DD`, in your time zone; absent: up to now.
    hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
}

/// A family-record entry as printed: enough to recompute its hash and chain it to the previous.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintedEntry {
    pub seq: i64,
    pub hash: String,
    pub previo: String,
    /// The SHA-256 of the content's canonical JSON.
    pub contenido_hash: String,
    /// What the act was about; null once erased.
    #[schema(value_type = Option<Object>)]
    pub contenido: Option<serde_json::Value>,
    /// `mensaje.enviado` or `mensaje.visto`.
    #[schema(value_type = kinds::Kind)]
    pub tipo: String,
    pub actor: Option<String>,
    /// The server's time as hashed, RFC 3339 UTC.
    pub hora: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PrintedRecord {
    /// By `seq`.
    pub entradas: Vec<PrintedEntry>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Printout {
    pub conversacion: ConversationView,
    pub familia: FamilyRef,
    /// Oldest first, with their first views.
    pub mensajes: Vec<MessageView>,
    pub registro: PrintedRecord,
    pub generada_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PrintoutAnswer {
    pub success: bool,
    pub data: Printout,
}

/// The conversation's messages over the days asked, at most 5,000.
async fn messages_in(
    db: &impl ConnectionTrait,
    conversacion_id: &str,
    days: Days,
) -> ApiResult<Vec<mensaje::Model>> {
    let mut find =
        mensaje::Entity::find().filter(mensaje::Column::ConversacionId.eq(conversacion_id));
    if let Some(from) = days.from {
        find = find.filter(mensaje::Column::EnviadoAt.gte(from));
    }
    if let Some(until) = days.until {
        find = find.filter(mensaje::Column::EnviadoAt.lt(until));
    }
    let rows = find
        .order_by_asc(mensaje::Column::Numero)
        .limit(MAX_MESSAGES + 1)
        .all(db)
        .await?;
    if rows.len() as u64 > MAX_MESSAGES {
        return Err(ApiError::field("hasta", Msg::PrintRangeTooLarge));
    }
    Ok(rows)
}

/// Whether a `mensaje.visto` content concerns one of `ids` of this conversation.
fn sees_any(content: &serde_json::Value, conversacion_id: &str, ids: &HashSet<&str>) -> bool {
    content["conversacion"].as_str() == Some(conversacion_id)
        && content["mensajes"].as_array().is_some_and(|seen| {
            seen.iter()
                .any(|m| m.as_str().is_some_and(|m| ids.contains(m)))
        })
}

/// The record entries of these messages' sending and of their first views, by `seq`.
async fn entries_of(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    conversacion_id: &str,
    rows: &[mensaje::Model],
) -> Result<Vec<PrintedEntry>, DbErr> {
    let Some(first) = rows.first() else {
        return Ok(Vec::new());
    };
    let ids: HashSet<&str> = rows.iter().map(|m| m.id.as_str()).collect();
    let sent: HashSet<i64> = rows.iter().map(|m| m.registro_seq).collect();
    // No view precedes the first message, and its content names the conversation (canonical JSON
    // writes the pair exactly so): both narrow the views read before each is checked whole.
    let since = first
        .enviado_at
        .to_rfc3339_opts(SecondsFormat::Millis, true);
    let named = format!("%\"conversacion\":\"{conversacion_id}\"%");
    let views: Vec<(i64, Option<String>)> = contenido::Entity::find()
        .select_only()
        .column(contenido::Column::Seq)
        .column(contenido::Column::Contenido)
        .filter(contenido::Column::FamiliaId.eq(familia_id))
        .filter(
            contenido::Column::Seq.in_subquery(
                Sql::select()
                    .column(entrada::Column::Seq)
                    .from(entrada::Entity)
                    .and_where(entrada::Column::FamiliaId.eq(familia_id))
                    .and_where(entrada::Column::Tipo.eq(kinds::MESSAGE_SEEN.as_str()))
                    .and_where(entrada::Column::Hora.gte(since))
                    .to_owned(),
            ),
        )
        .filter(contenido::Column::Contenido.like(named))
        .into_tuple()
        .all(db)
        .await?;
    let seen: HashSet<i64> = views
        .into_iter()
        .filter(|(_, content)| {
            content
                .as_deref()
                .and_then(|c| serde_json::from_str::<serde_json::Value>(c).ok())
                .is_some_and(|c| sees_any(&c, conversacion_id, &ids))
        })
        .map(|(seq, _)| seq)
        .collect();
    let seqs: Vec<i64> = sent.union(&seen).copied().collect();
    let entries = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(familia_id))
        .filter(entrada::Column::Seq.is_in(seqs))
        .order_by_asc(entrada::Column::Seq)
        .all(db)
        .await?;
    Ok(
        crate::families::record::verify::contents_of(db, familia_id, entries)
            .await?
            .into_iter()
            .map(|(entry, content)| PrintedEntry {
                seq: entry.seq,
                hash: entry.hash,
                previo: entry.previo,
                contenido_hash: entry.contenido,
                contenido: content.and_then(|c| serde_json::from_str(&c).ok()),
                tipo: entry.tipo,
                actor: entry.actor,
                hora: entry.hora,
            })
            .collect(),
    )
}

/// A conversation ready to print: its messages over the days asked (all of them without dates),
/// oldest first, with the family-record entries of their sending and first views.
#[utoipa::path(get, path = "/conversaciones/{id}/impresion", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path), PrintQuery),
    responses(
        (status = 200, body = PrintoutAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such conversation of yours", body = ErrorBody),
        (status = 422, description = "a bad date, or more than 5,000 messages in the period", body = ErrorBody),
    ))]
async fn print_conversation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<PrintQuery>,
) -> ApiResult<Json<PrintoutAnswer>> {
    let conversation = access::readable_conversation(&state, &auth.id, &id).await?;
    let days = Days::parse(
        query.desde.as_deref(),
        query.hasta.as_deref(),
        &auth.user.zona_horaria,
    )?;
    let rows = messages_in(&state.db, &conversation.id, days).await?;
    let family = familia::Entity::find_by_id(&conversation.familia_id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let entradas = entries_of(
        &state.db,
        &FamilyId::new(&family.id),
        &conversation.id,
        &rows,
    )
    .await?;
    let mensajes = views::messages(&state, rows, &auth.id).await?;
    let conversacion = views::conversation(&state, conversation, &auth.id).await?;
    Ok(Json(PrintoutAnswer {
        success: true,
        data: Printout {
            conversacion,
            familia: FamilyRef {
                id: family.id,
                nombre: family.nombre,
            },
            mensajes,
            registro: PrintedRecord { entradas },
            generada_at: Utc::now(),
        },
    }))
}
