//! Conversations and messages as the API shows them. Search and print build theirs here too.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    attachments::{self, AdjuntoView},
    entities::{adjunto, conversacion, mensaje, participante, vista},
};
use crate::{
    db::entities::usuario, error::ApiResult, families::record::entities::entrada, platform::photo,
    state::AppState,
};

/// How many characters of the quoted message a reply shows.
const QUOTE_CHARS: usize = 200;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonaView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParticipanteView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    /// A signed link to the user's photo, or null.
    pub foto: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitaView {
    #[serde(rename = "_id")]
    pub id: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonaView>,
    /// Its first 200 characters.
    pub texto: String,
    pub enviado_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VistaView {
    pub usuario_id: String,
    /// When they first saw it; null while they have not.
    pub vista_at: Option<DateTime<Utc>>,
}

/// A message's entry in the family record.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RegistroRef {
    pub seq: i64,
    pub hash: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MensajeView {
    #[serde(rename = "_id")]
    pub id: String,
    pub conversacion_id: String,
    pub familia_id: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonaView>,
    pub texto: String,
    /// `normal`, `urgente` or `emergencia`.
    pub tipo: String,
    /// `ok`, `atencion` or `hostil`.
    pub tono: String,
    pub responde_a: Option<CitaView>,
    pub adjuntos: Vec<AdjuntoView>,
    pub vistas: Vec<VistaView>,
    pub registro: RegistroRef,
    pub enviado_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversacionView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub tema: String,
    pub asunto: String,
    pub creada_por: Option<String>,
    pub creada_at: DateTime<Utc>,
    /// The last message's time, else the creation's.
    pub actualizada_at: DateTime<Utc>,
    pub participantes: Vec<ParticipanteView>,
    pub ultimo_mensaje: Option<MensajeView>,
    /// Messages to the caller they have not seen yet.
    pub no_leidos: u64,
}

pub fn persona(user: &usuario::Model) -> PersonaView {
    PersonaView {
        id: user.id.clone(),
        nombre: user.nombre.clone(),
        apellido: user.apellido.clone(),
    }
}

fn participante_view(state: &AppState, user: &usuario::Model) -> ParticipanteView {
    ParticipanteView {
        id: user.id.clone(),
        nombre: user.nombre.clone(),
        apellido: user.apellido.clone(),
        foto: user
            .foto
            .as_deref()
            .map(|k| state.storage.signed_link(&photo::thumbnail_key(k))),
    }
}

async fn users_by_id(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = String>,
) -> Result<HashMap<String, usuario::Model>, DbErr> {
    let ids: HashSet<String> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id.clone(), u))
        .collect())
}

/// The views of these messages, in the order given, with everything they show read in a few
/// queries.
pub async fn messages(state: &AppState, rows: Vec<mensaje::Model>) -> ApiResult<Vec<MensajeView>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let db = &state.db;
    let ids: Vec<String> = rows.iter().map(|m| m.id.clone()).collect();
    let quoted_ids: HashSet<String> = rows.iter().filter_map(|m| m.responde_a.clone()).collect();
    let quoted: HashMap<String, mensaje::Model> = if quoted_ids.is_empty() {
        HashMap::new()
    } else {
        mensaje::Entity::find()
            .filter(mensaje::Column::Id.is_in(quoted_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|m| (m.id.clone(), m))
            .collect()
    };
    let authors = users_by_id(
        db,
        rows.iter()
            .chain(quoted.values())
            .filter_map(|m| m.autor_id.clone()),
    )
    .await?;
    let mut files: HashMap<String, Vec<AdjuntoView>> = HashMap::new();
    for row in adjunto::Entity::find()
        .filter(adjunto::Column::MensajeId.is_in(ids.clone()))
        .order_by_asc(adjunto::Column::Orden)
        .all(db)
        .await?
    {
        let view = attachments::view(state, &row);
        files
            .entry(row.mensaje_id.unwrap_or_default())
            .or_default()
            .push(view);
    }
    let mut seen: HashMap<String, Vec<VistaView>> = HashMap::new();
    for row in vista::Entity::find()
        .filter(vista::Column::MensajeId.is_in(ids))
        .order_by_asc(vista::Column::UsuarioId)
        .all(db)
        .await?
    {
        seen.entry(row.mensaje_id).or_default().push(VistaView {
            usuario_id: row.usuario_id,
            vista_at: row.vista_at,
        });
    }
    let hashes = entry_hashes(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|m| {
            let author =
                |id: &Option<String>| id.as_ref().and_then(|a| authors.get(a)).map(persona);
            MensajeView {
                autor: author(&m.autor_id),
                responde_a: m
                    .responde_a
                    .as_ref()
                    .and_then(|q| quoted.get(q))
                    .map(|q| CitaView {
                        id: q.id.clone(),
                        numero: q.numero,
                        autor: author(&q.autor_id),
                        texto: q.texto.chars().take(QUOTE_CHARS).collect(),
                        enviado_at: q.enviado_at,
                    }),
                adjuntos: files.remove(&m.id).unwrap_or_default(),
                vistas: seen.remove(&m.id).unwrap_or_default(),
                registro: RegistroRef {
                    seq: m.registro_seq,
                    hash: hashes
                        .get(&(m.familia_id.clone(), m.registro_seq))
                        .cloned()
                        .unwrap_or_default(),
                },
                id: m.id,
                conversacion_id: m.conversacion_id,
                familia_id: m.familia_id,
                numero: m.numero,
                texto: m.texto,
                tipo: m.tipo,
                tono: m.tono,
                enviado_at: m.enviado_at,
            }
        })
        .collect())
}

/// The record hashes of these messages' entries, by (family, seq).
async fn entry_hashes(
    db: &impl ConnectionTrait,
    rows: &[mensaje::Model],
) -> Result<HashMap<(String, i64), String>, DbErr> {
    let mut by_family = Condition::any();
    let mut families: HashMap<&str, Vec<i64>> = HashMap::new();
    for m in rows {
        families
            .entry(&m.familia_id)
            .or_default()
            .push(m.registro_seq);
    }
    for (familia, seqs) in families {
        by_family = by_family.add(
            Condition::all()
                .add(entrada::Column::FamiliaId.eq(familia))
                .add(entrada::Column::Seq.is_in(seqs)),
        );
    }
    Ok(entrada::Entity::find()
        .filter(by_family)
        .all(db)
        .await?
        .into_iter()
        .map(|e| ((e.familia_id, e.seq), e.hash))
        .collect())
}

/// The views of these conversations as `usuario_id` sees them, in the order given.
pub async fn conversations(
    state: &AppState,
    rows: Vec<conversacion::Model>,
    usuario_id: &str,
) -> ApiResult<Vec<ConversacionView>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let db = &state.db;
    let ids: Vec<String> = rows.iter().map(|c| c.id.clone()).collect();
    let members = participante::Entity::find()
        .filter(participante::Column::ConversacionId.is_in(ids.clone()))
        .order_by_asc(participante::Column::CreatedAt)
        .order_by_asc(participante::Column::UsuarioId)
        .all(db)
        .await?;
    let users = users_by_id(db, members.iter().map(|p| p.usuario_id.clone())).await?;
    let mut people: HashMap<String, Vec<ParticipanteView>> = HashMap::new();
    for p in members {
        if let Some(user) = users.get(&p.usuario_id) {
            people
                .entry(p.conversacion_id)
                .or_default()
                .push(participante_view(state, user));
        }
    }
    let mut last_condition = Condition::any();
    for c in rows.iter().filter(|c| c.mensajes > 0) {
        last_condition = last_condition.add(
            Condition::all()
                .add(mensaje::Column::ConversacionId.eq(c.id.clone()))
                .add(mensaje::Column::Numero.eq(c.mensajes)),
        );
    }
    let last_rows = if rows.iter().any(|c| c.mensajes > 0) {
        mensaje::Entity::find()
            .filter(last_condition)
            .all(db)
            .await?
    } else {
        Vec::new()
    };
    let mut last: HashMap<String, MensajeView> = messages(state, last_rows)
        .await?
        .into_iter()
        .map(|m| (m.conversacion_id.clone(), m))
        .collect();
    let unread = unread_by_conversation(db, usuario_id, &ids).await?;
    let mut views = Vec::with_capacity(rows.len());
    for c in rows {
        let no_leidos = unread.get(&c.id).copied().unwrap_or(0);
        views.push(ConversacionView {
            participantes: people.remove(&c.id).unwrap_or_default(),
            ultimo_mensaje: last.remove(&c.id),
            no_leidos,
            actualizada_at: c.ultimo_mensaje_at.unwrap_or(c.created_at),
            creada_at: c.created_at,
            id: c.id,
            familia_id: c.familia_id,
            tema: c.tema,
            asunto: c.asunto,
            creada_por: c.creada_por,
        });
    }
    Ok(views)
}

/// One conversation's view.
pub async fn conversation(
    state: &AppState,
    row: conversacion::Model,
    usuario_id: &str,
) -> ApiResult<ConversacionView> {
    let mut views = conversations(state, vec![row], usuario_id).await?;
    views.pop().ok_or_else(crate::error::ApiError::not_found)
}

/// The caller's unseen messages in each of these conversations (absent: none).
async fn unread_by_conversation(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    ids: &[String],
) -> Result<HashMap<String, u64>, DbErr> {
    let counts: Vec<(String, i64)> = vista::Entity::find()
        .select_only()
        .column(vista::Column::ConversacionId)
        .column_as(Expr::col(vista::Column::MensajeId).count(), "n")
        .filter(vista::Column::UsuarioId.eq(usuario_id))
        .filter(vista::Column::ConversacionId.is_in(ids.iter().cloned()))
        .filter(vista::Column::VistaAt.is_null())
        .group_by(vista::Column::ConversacionId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(counts
        .into_iter()
        .map(|(id, n)| (id, u64::try_from(n).unwrap_or(0)))
        .collect())
}
