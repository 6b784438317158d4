//! Conversations and messages as the API shows them. Search and print build theirs here too.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    JoinType, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Statement,
    sea_query::{Alias, Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    access::{self, Looked},
    attachments::{self, AttachmentView},
    entities::{adjunto, conversacion, mensaje, participante, vista},
    tone::ToneLevel,
    vocabulary::{MessageType, Topic},
};
pub use crate::domain::PersonView;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{professionals::lens::Lens, record::entities::entrada},
    ids::UserId,
    platform::photo,
    state::AppState,
};

/// What a professional's lens leaves of messages: a quoted message said outside its period is not
/// shown.
pub fn through_lens(messages: &mut [MessageView], lens: Option<&Lens>) {
    let Some(lens) = lens else {
        return;
    };
    for message in messages {
        if message
            .responde_a
            .as_ref()
            .is_some_and(|quoted| !lens.moment(quoted.enviado_at))
        {
            message.responde_a = None;
        }
    }
}

/// How many characters of the quoted message a reply shows.
const QUOTE_CHARS: usize = 200;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParticipantView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    /// A signed link to the user's photo, or null.
    pub foto: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedMessageView {
    #[serde(rename = "_id")]
    pub id: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonView>,
    /// Its first 200 characters; empty when `plegado`.
    pub texto: String,
    /// The quoted message's tone, so that a reader's shield folds its quotes as it folds it.
    #[schema(value_type = ToneLevel)]
    pub tono: String,
    /// True when the caller's shield folded the quoted message out of this answer (a list's
    /// preview): `texto` is then empty.
    pub plegado: bool,
    pub enviado_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadReceiptView {
    pub usuario_id: String,
    /// When they first saw it; null while they have not.
    pub vista_at: Option<DateTime<Utc>>,
}

/// A message's entry in the family record.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RecordRef {
    pub seq: i64,
    pub hash: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    #[serde(rename = "_id")]
    pub id: String,
    pub conversacion_id: String,
    pub familia_id: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonView>,
    /// Empty when `plegado`.
    pub texto: String,
    /// `normal`, `urgente` or `emergencia`.
    #[schema(value_type = MessageType)]
    pub tipo: String,
    /// `ok`, `atencion` or `hostil`.
    #[schema(value_type = ToneLevel)]
    pub tono: String,
    /// True when the caller's shield folded this message out of this answer (a list's preview):
    /// `texto` is then empty. A conversation's pages always carry the text (docs/messages.md,
    /// "The shield").
    pub plegado: bool,
    pub responde_a: Option<QuotedMessageView>,
    pub adjuntos: Vec<AttachmentView>,
    pub vistas: Vec<ReadReceiptView>,
    pub registro: RecordRef,
    pub enviado_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    #[schema(value_type = Topic)]
    pub tema: String,
    pub asunto: String,
    pub creada_por: Option<String>,
    pub creada_at: DateTime<Utc>,
    /// The last message's time, else the creation's.
    pub actualizada_at: DateTime<Utc>,
    pub participantes: Vec<ParticipantView>,
    pub ultimo_mensaje: Option<MessageView>,
    /// Messages to the caller they have not seen yet.
    pub no_leidos: u64,
    /// For a family professional's own conversation (topic `profesional`): their access.
    pub acceso_id: Option<String>,
}

fn participante_view(state: &AppState, user: &usuario::Model, reader: &str) -> ParticipantView {
    ParticipantView {
        id: user.id.clone(),
        nombre: user.nombre.clone(),
        apellido: user.apellido.clone(),
        foto: user
            .foto
            .as_deref()
            .map(|k| state.storage.signed_link(&photo::thumbnail_key(k), reader)),
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

/// A message with everything its view shows but its files: its author, the message it quotes,
/// its record entry's hash and its first views. A page of a conversation is read at every
/// opening, so all of it comes from one statement (`read`), as one JSON value: SQLite hands each
/// row from its own thread to the request's, and 50 rows were 50 hand-offs.
#[derive(Debug, Deserialize)]
struct Row {
    id: String,
    conversacion_id: String,
    familia_id: String,
    numero: i64,
    autor_id: Option<String>,
    texto: String,
    tipo: String,
    responde_a: Option<String>,
    tono: String,
    registro_seq: i64,
    enviado_at: String,
    autor_nombre: Option<String>,
    autor_apellido: Option<String>,
    registro_hash: Option<String>,
    cita_numero: Option<i64>,
    cita_autor_id: Option<String>,
    cita_autor_nombre: Option<String>,
    cita_autor_apellido: Option<String>,
    cita_texto: Option<String>,
    cita_tono: Option<String>,
    cita_enviado_at: Option<String>,
    /// `[[usuarioId, vistaAt|null], …]` as text; null or `[]` for none.
    vistas: Option<String>,
    /// 1 when it has files (read separately, as few messages have any).
    con_adjuntos: i32,
}

/// The columns of `Row`, in the order `with_view` selects them.
const ROW_COLUMNS: [&str; 23] = [
    "id",
    "conversacion_id",
    "familia_id",
    "numero",
    "autor_id",
    "texto",
    "tipo",
    "responde_a",
    "tono",
    "registro_seq",
    "enviado_at",
    "autor_nombre",
    "autor_apellido",
    "registro_hash",
    "cita_numero",
    "cita_autor_id",
    "cita_autor_nombre",
    "cita_autor_apellido",
    "cita_texto",
    "cita_tono",
    "cita_enviado_at",
    "vistas",
    "con_adjuntos",
];

/// The rows `select` finds, in its order, read as one JSON array built by the database.
async fn read(
    db: &DatabaseConnection,
    select: sea_orm::Select<mensaje::Entity>,
) -> ApiResult<Vec<Row>> {
    let backend = db.get_database_backend();
    let inner = select.build(backend);
    let (object, array) = match backend {
        DbBackend::Postgres => ("json_build_object", "json_agg"),
        _ => ("json_object", "json_group_array"),
    };
    let fields = ROW_COLUMNS
        .iter()
        .map(|c| format!("'{c}', p.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let cast = if backend == DbBackend::Postgres {
        "::text"
    } else {
        ""
    };
    // The order of an aggregate is not promised: callers order what comes back.
    let text = format!(
        "SELECT {array}({object}({fields})){cast} AS filas FROM ({}) p",
        inner.sql
    );
    let statement = Statement::from_sql_and_values(
        backend,
        text,
        inner.values.map(|v| v.0).unwrap_or_default(),
    );
    let json: Option<String> = match db.query_one_raw(statement).await? {
        Some(row) => row.try_get("", "filas")?,
        None => None,
    };
    match json {
        None => Ok(Vec::new()),
        Some(json) => serde_json::from_str(&json)
            .map_err(|e| ApiError::internal(format!("a message page read back wrong: {e}"))),
    }
}

/// The messages with their views' columns (see `Row`); callers add which and in what order.
fn with_view(backend: DbBackend) -> sea_orm::Select<mensaje::Entity> {
    let (u, q, qu, e) = (
        Alias::new("u"),
        Alias::new("q"),
        Alias::new("qu"),
        Alias::new("e"),
    );
    // The first views as JSON, one array per recipient; each backend has its own aggregate.
    let vistas = match backend {
        DbBackend::Postgres => {
            "(SELECT json_agg(json_build_array(v.usuario_id, v.vista_at))::text \
             FROM mensaje_vistas v WHERE v.mensaje_id = mensajes.id)"
        }
        _ => {
            "(SELECT json_group_array(json_array(v.usuario_id, v.vista_at)) \
             FROM mensaje_vistas v WHERE v.mensaje_id = mensajes.id)"
        }
    };
    let mut select = mensaje::Entity::find()
        .column_as(
            Expr::col((u.clone(), usuario::Column::Nombre)),
            "autor_nombre",
        )
        .column_as(
            Expr::col((u.clone(), usuario::Column::Apellido)),
            "autor_apellido",
        )
        .column_as(
            Expr::col((e.clone(), entrada::Column::Hash)),
            "registro_hash",
        )
        .column_as(
            Expr::col((q.clone(), mensaje::Column::Numero)),
            "cita_numero",
        )
        .column_as(
            Expr::col((q.clone(), mensaje::Column::AutorId)),
            "cita_autor_id",
        )
        .column_as(
            Expr::col((qu.clone(), usuario::Column::Nombre)),
            "cita_autor_nombre",
        )
        .column_as(
            Expr::col((qu.clone(), usuario::Column::Apellido)),
            "cita_autor_apellido",
        )
        .column_as(
            Expr::cust(format!("substr(q.texto, 1, {QUOTE_CHARS})")),
            "cita_texto",
        )
        .column_as(Expr::col((q.clone(), mensaje::Column::Tono)), "cita_tono")
        .column_as(
            Expr::col((q.clone(), mensaje::Column::EnviadoAt)),
            "cita_enviado_at",
        )
        .column_as(Expr::cust(vistas), "vistas")
        .column_as(
            Expr::cust(
                "CASE WHEN EXISTS (SELECT 1 FROM mensaje_adjuntos a \
                 WHERE a.mensaje_id = mensajes.id) THEN 1 ELSE 0 END",
            ),
            "con_adjuntos",
        );
    QuerySelect::query(&mut select)
        .join_as(
            JoinType::LeftJoin,
            usuario::Entity,
            u.clone(),
            Expr::col((u, usuario::Column::Id)).equals((mensaje::Entity, mensaje::Column::AutorId)),
        )
        .join_as(
            JoinType::LeftJoin,
            entrada::Entity,
            e.clone(),
            Expr::col((e.clone(), entrada::Column::FamiliaId))
                .equals((mensaje::Entity, mensaje::Column::FamiliaId))
                .and(
                    Expr::col((e, entrada::Column::Seq))
                        .equals((mensaje::Entity, mensaje::Column::RegistroSeq)),
                ),
        )
        .join_as(
            JoinType::LeftJoin,
            mensaje::Entity,
            q.clone(),
            Expr::col((q.clone(), mensaje::Column::Id))
                .equals((mensaje::Entity, mensaje::Column::RespondeA)),
        )
        .join_as(
            JoinType::LeftJoin,
            usuario::Entity,
            qu.clone(),
            Expr::col((qu, usuario::Column::Id)).equals((q, mensaje::Column::AutorId)),
        );
    select
}

/// A time as either backend writes it inside JSON: RFC 3339 from PostgreSQL, the stored text
/// (`2026-11-24 06:50:01.123 +00:00` and the like) from SQLite.
fn json_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .or_else(|_| DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%:z"))
        .or_else(|_| DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f %:z"))
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

fn first_views(json: Option<&str>) -> Vec<ReadReceiptView> {
    let pairs: Vec<(String, Option<String>)> = json
        .and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or_default();
    let mut views: Vec<ReadReceiptView> = pairs
        .into_iter()
        .map(|(usuario_id, at)| ReadReceiptView {
            usuario_id,
            vista_at: at.as_deref().and_then(json_time),
        })
        .collect();
    views.sort_by(|a, b| a.usuario_id.cmp(&b.usuario_id));
    views
}

fn persona_of(
    id: &Option<String>,
    nombre: Option<String>,
    apellido: Option<String>,
) -> Option<PersonView> {
    Some(PersonView {
        id: id.clone()?,
        nombre: nombre?,
        apellido: apellido?,
    })
}

/// The views of these rows as `reader` gets them, in their order; their files are read in one
/// more statement, only when one of them has any.
async fn assemble(state: &AppState, rows: Vec<Row>, reader: &str) -> ApiResult<Vec<MessageView>> {
    let with_files: Vec<String> = rows
        .iter()
        .filter(|r| r.con_adjuntos != 0)
        .map(|r| r.id.clone())
        .collect();
    let mut files: HashMap<String, Vec<AttachmentView>> = HashMap::new();
    if !with_files.is_empty() {
        for row in adjunto::Entity::find()
            .filter(adjunto::Column::MensajeId.is_in(with_files))
            .order_by_asc(adjunto::Column::Orden)
            .all(&state.db)
            .await?
        {
            let view = attachments::view(state, &row, reader);
            files
                .entry(row.mensaje_id.unwrap_or_default())
                .or_default()
                .push(view);
        }
    }
    Ok(rows
        .into_iter()
        .map(|r| MessageView {
            autor: persona_of(&r.autor_id, r.autor_nombre, r.autor_apellido),
            responde_a: match (&r.responde_a, r.cita_numero, &r.cita_enviado_at) {
                (Some(id), Some(numero), Some(enviado_at)) => Some(QuotedMessageView {
                    id: id.clone(),
                    numero,
                    autor: persona_of(&r.cita_autor_id, r.cita_autor_nombre, r.cita_autor_apellido),
                    texto: r.cita_texto.unwrap_or_default(),
                    tono: r.cita_tono.unwrap_or_default(),
                    plegado: false,
                    enviado_at: json_time(enviado_at).unwrap_or_default(),
                }),
                _ => None,
            },
            adjuntos: files.remove(&r.id).unwrap_or_default(),
            vistas: first_views(r.vistas.as_deref()),
            registro: RecordRef {
                seq: r.registro_seq,
                hash: r.registro_hash.unwrap_or_default(),
            },
            id: r.id,
            conversacion_id: r.conversacion_id,
            familia_id: r.familia_id,
            numero: r.numero,
            texto: r.texto,
            tipo: r.tipo,
            tono: r.tono,
            plegado: false,
            enviado_at: json_time(&r.enviado_at).unwrap_or_default(),
        })
        .collect())
}

/// A page of a conversation, newest first: up to `limit` messages numbered below `below`, if
/// `usuario_id` may read it (else none: the caller tells an empty conversation from a closed
/// one). The reader's check rides in the same statement. Through a professional's `lens` (whose
/// reading of the conversation the caller checked), only what was said in its period.
pub async fn page(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
    below: Option<i64>,
    limit: u64,
    looked: &Looked,
) -> ApiResult<Vec<MessageView>> {
    let mut find = with_view(state.db.get_database_backend())
        .filter(mensaje::Column::ConversacionId.eq(conversacion_id));
    match looked.lens() {
        None if matches!(looked, Looked::Own) => {}
        None => {
            let mut readable = access::readable_ids(usuario_id, None);
            readable.and_where(
                Expr::col((conversacion::Entity, conversacion::Column::Id)).eq(conversacion_id),
            );
            find = find.filter(Expr::exists(readable));
        }
        Some(lens) => {
            let (from, until) = lens.instants();
            if let Some(from) = from {
                find = find.filter(mensaje::Column::EnviadoAt.gte(from));
            }
            if let Some(until) = until {
                find = find.filter(mensaje::Column::EnviadoAt.lt(until));
            }
        }
    }
    if let Some(below) = below {
        find = find.filter(mensaje::Column::Numero.lt(below));
    }
    let mut rows = read(
        &state.db,
        find.order_by_desc(mensaje::Column::Numero).limit(limit),
    )
    .await?;
    rows.sort_by_key(|r| std::cmp::Reverse(r.numero));
    assemble(state, rows, usuario_id).await
}

/// How many messages one statement of `messages` asks for by id, well under either backend's
/// limit of values in one statement.
const BY_ID_CHUNK: usize = 500;

/// The views of these messages as `reader` gets them, in the order given.
pub async fn messages(
    state: &AppState,
    rows: Vec<mensaje::Model>,
    reader: &str,
) -> ApiResult<Vec<MessageView>> {
    let backend = state.db.get_database_backend();
    let mut by_id: HashMap<String, Row> = HashMap::with_capacity(rows.len());
    for chunk in rows.chunks(BY_ID_CHUNK) {
        let ids = chunk.iter().map(|m| m.id.clone());
        for row in read(
            &state.db,
            with_view(backend).filter(mensaje::Column::Id.is_in(ids)),
        )
        .await?
        {
            by_id.insert(row.id.clone(), row);
        }
    }
    let ordered = rows.iter().filter_map(|m| by_id.remove(&m.id)).collect();
    assemble(state, ordered, reader).await
}

/// The views of these conversations as `usuario_id` sees them, in the order given.
pub async fn conversations(
    state: &AppState,
    rows: Vec<conversacion::Model>,
    usuario_id: &str,
) -> ApiResult<Vec<ConversationView>> {
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
    let mut people: HashMap<String, Vec<ParticipantView>> = HashMap::new();
    for p in members {
        if let Some(user) = users.get(&p.usuario_id) {
            people
                .entry(p.conversacion_id)
                .or_default()
                .push(participante_view(state, user, usuario_id));
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
    let mut last: HashMap<String, MessageView> = messages(state, last_rows, usuario_id)
        .await?
        .into_iter()
        .map(|m| (m.conversacion_id.clone(), m))
        .collect();
    let unread = unread_by_conversation(db, usuario_id, &ids).await?;
    let mut views = Vec::with_capacity(rows.len());
    for c in rows {
        let no_leidos = unread.get(&c.id).copied().unwrap_or(0);
        views.push(ConversationView {
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
            acceso_id: c.acceso_id,
        });
    }
    Ok(views)
}

/// One conversation's view.
pub async fn conversation(
    state: &AppState,
    row: conversacion::Model,
    usuario_id: &str,
) -> ApiResult<ConversationView> {
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
