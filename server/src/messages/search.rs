//! Searching the caller's messages by their words, insensitive to case and accents. The index is
//! built by migration m0022; this module holds the one query per backend that reads it, always
//! scoped in SQL to the conversations the caller may read.

pub mod days;
mod months;
mod words;

use axum::extract::{Query, State};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, PaginatorTrait,
    QueryFilter, QueryResult, Statement, Value,
    sea_query::{PostgresQueryBuilder, SqliteQueryBuilder},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::{days::Days, months::Window, words::Words};
use super::{TEMAS, access, views::PersonaView};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::entities::miembro,
    i18n::Msg,
    request::{AuthUser, Json},
    state::AppState,
};

/// The most results one search answers.
const LIMIT: usize = 50;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_messages))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SearchQuery {
    /// The words to find, 1 to 200 characters; the last one may be the start of a word.
    q: Option<String>,
    /// Only this family's conversations.
    familia_id: Option<String>,
    /// Only conversations about this subject.
    tema: Option<String>,
    /// The first day, `YYYY-MM-DD`, in your time zone.
    desde: Option<String>,
    /// The last day (included), `YYYY-MM-DD`, in your time zone.
    hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    pub mensaje_id: String,
    pub conversacion_id: String,
    pub familia_id: String,
    pub tema: String,
    pub asunto: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonaView>,
    pub tipo: String,
    pub enviado_at: DateTime<Utc>,
    /// Up to 200 characters of the text around the first match, on one line.
    pub fragmento: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    /// Newest first, at most 50.
    pub resultados: Vec<SearchHit>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchAnswer {
    pub success: bool,
    pub data: SearchResults,
}

/// A search, checked.
struct Search {
    words: Option<Words>,
    familia_id: Option<String>,
    tema: Option<String>,
    days: Days,
}

fn query_text(q: Option<&str>) -> Result<&str, Msg> {
    let q = q.unwrap_or_default();
    if q.trim().is_empty() {
        Err(Msg::SearchQueryRequired)
    } else if q.chars().count() > words::MAX_CHARS {
        Err(Msg::SearchQueryTooLong)
    } else {
        Ok(q)
    }
}

fn topic(tema: Option<&str>) -> Result<Option<String>, Msg> {
    match tema.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) if TEMAS.contains(&t) => Ok(Some(t.to_owned())),
        Some(_) => Err(Msg::SearchTopicInvalid),
    }
}

impl Search {
    /// Checks the query: 422 for bad fields, 404 for a family that is not the caller's.
    async fn parse(state: &AppState, auth: &AuthUser, query: SearchQuery) -> ApiResult<Search> {
        let mut errors = FieldErrors::default();
        let q = errors.check("q", query_text(query.q.as_deref()));
        let tema = errors.check("tema", topic(query.tema.as_deref()));
        let days = Days::read(
            query.desde.as_deref(),
            query.hasta.as_deref(),
            &auth.user.zona_horaria,
            &mut errors,
        );
        errors.into_result()?;
        let familia_id = query
            .familia_id
            .map(|f| f.trim().to_owned())
            .filter(|f| !f.is_empty());
        if let Some(familia_id) = &familia_id {
            let member = miembro::Entity::find()
                .filter(miembro::Column::FamiliaId.eq(familia_id))
                .filter(miembro::Column::UsuarioId.eq(&auth.user.id))
                .count(&state.db)
                .await?;
            if member == 0 {
                return Err(ApiError::not_found());
            }
        }
        Ok(Search {
            words: q.and_then(Words::parse),
            familia_id,
            tema: tema.flatten(),
            days,
        })
    }
}

/// One SQL text with its values, numbered the way the backend wants its placeholders.
struct Sql {
    backend: DbBackend,
    text: String,
    values: Vec<Value>,
}

impl Sql {
    fn new(backend: DbBackend) -> Sql {
        Sql {
            backend,
            text: String::new(),
            values: Vec::new(),
        }
    }

    /// The placeholder of a new value.
    fn bind(&mut self, value: impl Into<Value>) -> String {
        self.values.push(value.into());
        match self.backend {
            DbBackend::Postgres => format!("${}", self.values.len()),
            _ => "?".to_owned(),
        }
    }

    fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.text.push('\n');
    }

    fn statement(self) -> Statement {
        Statement::from_sql_and_values(self.backend, self.text, self.values)
    }
}

/// Which messages one statement looks at. PostgreSQL splits a search (see `pg_search`); SQLite
/// always looks at them all.
#[derive(Debug, Clone)]
enum Part {
    All,
    /// The families' newest `RECENT` messages, walked in order.
    Recent,
}

/// The condition that a message (`m`) is in a conversation the caller may read, by the rule of
/// `access::readable_ids`. Its one value, the caller's id, is written into the text (escaped by
/// the query builder), which keeps the placeholders of this statement in step.
fn readable(sql: &Sql, usuario_id: &str) -> String {
    let ids = access::readable_ids(usuario_id, None);
    match sql.backend {
        // An array computed once and tested on each row: as a semi-join, the planner would rather
        // fetch every message of the caller's conversations than walk the few it needs.
        DbBackend::Postgres => {
            let ids = ids.to_string(PostgresQueryBuilder);
            format!("m.conversacion_id = ANY(ARRAY({ids}))")
        }
        _ => {
            let ids = ids.to_string(SqliteQueryBuilder);
            format!("m.conversacion_id IN ({ids})")
        }
    }
}

/// The families whose messages a search looks at: the one asked for (already checked to be the
/// caller's), else every family the caller belongs to.
async fn families(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    search: &Search,
) -> Result<Vec<String>, sea_orm::DbErr> {
    if let Some(familia_id) = &search.familia_id {
        return Ok(vec![familia_id.clone()]);
    }
    Ok(miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.familia_id)
        .collect())
}

/// `m.familia_id IN (…)` for these families (at least one).
fn in_families(sql: &mut Sql, families: &[String]) -> String {
    let list = families
        .iter()
        .map(|f| sql.bind(f.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    format!("m.familia_id IN ({list})")
}

/// One search statement. Values are bound in the order their placeholders appear, as SQLite's
/// `?` are positional.
///
/// SQLite walks the FTS matches newest first (their rowids follow the sending order), the words
/// intersected with the families' tokens inside the index, and stops at the 50th readable one, so
/// a word found in every message costs little more than a rare one, however many other families'
/// messages are newer; the CROSS JOINs keep its planner from starting anywhere else.
///
/// PostgreSQL: `Part::Recent` walks the families' newest `RECENT` messages through the
/// `(familia_id, enviado_at)` index and tests each against the words, stopping at the 50th; as
/// a subquery with its own LIMIT the words cannot be pushed into it, so the planner cannot trade
/// that walk for a GIN index, which would list every match of a common word before sorting
/// them. Older messages are asked month by month (`months_statement`).
fn statement(
    backend: DbBackend,
    usuario_id: &str,
    search: &Search,
    words: &Words,
    part: &Part,
    limit: usize,
    families: &[String],
) -> Statement {
    let mut sql = Sql::new(backend);
    let postgres = backend == DbBackend::Postgres;
    let mut condition = String::new();
    sql.push(
        "SELECT m.id, m.conversacion_id, m.familia_id, c.tema, c.asunto, m.numero, m.autor_id,
            u.nombre, u.apellido, m.tipo, m.enviado_at, m.texto",
    );
    let order = match (postgres, part) {
        (true, _) => {
            let family = in_families(&mut sql, families);
            sql.push(&format!(
                "FROM (SELECT * FROM mensajes m WHERE {family}
                    ORDER BY m.enviado_at DESC, m.id DESC LIMIT {RECENT}) m"
            ));
            let q = sql.bind(words.tsquery());
            condition = format!("AND m.busqueda @@ to_tsquery('simple', nido_sin_acentos({q}))");
            "m.enviado_at DESC, m.id DESC"
        }
        (false, _) => {
            sql.push(
                "FROM mensajes_busqueda b
                CROSS JOIN mensajes_busqueda_filas bf ON bf.fila = b.rowid
                CROSS JOIN mensajes m ON m.id = bf.mensaje_id",
            );
            "b.rowid DESC"
        }
    };
    sql.push(
        "JOIN conversaciones c ON c.id = m.conversacion_id
        LEFT JOIN usuarios u ON u.id = m.autor_id",
    );
    if postgres {
        sql.push("WHERE TRUE");
        sql.push(&condition);
    } else {
        let q = sql.bind(words.fts5_in_families(families));
        sql.push(&format!("WHERE mensajes_busqueda MATCH {q}"));
    }
    let scope = readable(&sql, usuario_id);
    sql.push(&format!("AND {scope}"));
    if let Some(familia_id) = &search.familia_id {
        let f = sql.bind(familia_id.as_str());
        sql.push(&format!("AND m.familia_id = {f}"));
    }
    if let Some(tema) = &search.tema {
        let t = sql.bind(tema.as_str());
        sql.push(&format!("AND c.tema = {t}"));
    }
    if let Some(from) = search.days.from {
        let d = sql.bind(from);
        sql.push(&format!("AND m.enviado_at >= {d}"));
    }
    if let Some(until) = search.days.until {
        let h = sql.bind(until);
        sql.push(&format!("AND m.enviado_at < {h}"));
    }
    sql.push(&format!("ORDER BY {order} LIMIT {limit}"));
    sql.statement()
}

/// How many of the caller's newest messages PostgreSQL walks, testing each, before it turns to its
/// month index. A word with 50 hits among them (10%) ends there; a rarer one is in fewer than a
/// tenth of a month's messages, which the month index lists without reading the others.
const RECENT: u64 = 500;

/// Where the walk of `Part::Recent` ended: the `RECENT`th newest message of these families
/// (sending time and id), and when their oldest message was sent.
struct Edge {
    at: DateTime<Utc>,
    id: String,
    oldest: DateTime<Utc>,
}

/// The edge of the walk, if these families have more than `RECENT` messages.
async fn walk_edge(
    db: &impl ConnectionTrait,
    families: &[String],
) -> Result<Option<Edge>, sea_orm::DbErr> {
    let mut sql = Sql::new(DbBackend::Postgres);
    let family = in_families(&mut sql, families);
    let list = families
        .iter()
        .map(|f| sql.bind(f.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    // The oldest per family, each from its own end of the (familia_id, enviado_at) index.
    sql.push(&format!(
        "SELECT e.enviado_at, e.id, (SELECT min((SELECT min(o.enviado_at) FROM mensajes o
                WHERE o.familia_id = f)) FROM unnest(ARRAY[{list}]::text[]) f) AS oldest
        FROM (SELECT m.enviado_at, m.id FROM mensajes m WHERE {family}
            ORDER BY m.enviado_at DESC, m.id DESC OFFSET {} LIMIT 1) e",
        RECENT - 1
    ));
    match db.query_one_raw(sql.statement()).await? {
        None => Ok(None),
        Some(row) => Ok(Some(Edge {
            at: row.try_get("", "enviado_at")?,
            id: row.try_get("", "id")?,
            oldest: row.try_get("", "oldest")?,
        })),
    }
}

/// `values` joined by spaces, for `string_to_array(…, ' ')`: one placeholder whatever their
/// number, so the statement's text is the same for every window of a caller's searches and its
/// prepared plan is reused. Ids, instants and the typed words (split at white space) hold no
/// space.
fn spaced<T: ToString>(values: impl IntoIterator<Item = T>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// PostgreSQL: the matches in a window of months older than the walk's edge, newest first, at
/// most `LIMIT`. The month index (migration m0031) lists the window's candidates into a
/// materialised list, with no other condition beside it, so the planner has no other index to
/// choose whatever the values; each candidate is then checked against the message's own
/// `busqueda`, family, window, dates, subject and the caller's scope, and only the page's rows
/// are joined to their conversation and author, so even a plan made for any values joins a few.
fn months_statement(
    usuario_id: &str,
    search: &Search,
    words: &Words,
    families: &[String],
    window: &Window,
    edge: &Edge,
) -> Statement {
    let mut sql = Sql::new(DbBackend::Postgres);
    let instant = |at: &DateTime<Utc>| at.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let keys = sql.bind(spaced(families));
    let months = sql.bind(spaced(window.months.iter().map(instant)));
    let list = sql.bind(spaced(words.as_slice()));
    let q = sql.bind(words.tsquery());
    let from = sql.bind(search.days.from.map_or(window.from, |d| d.max(window.from)));
    let until = sql.bind(
        search
            .days
            .until
            .map_or(window.until, |d| d.min(window.until)),
    );
    let (b, i) = (sql.bind(edge.at), sql.bind(edge.id.as_str()));
    let tema = sql.bind(search.tema.clone());
    let scope = readable(&sql, usuario_id);
    sql.push(&format!(
        "WITH hits AS MATERIALIZED (
            SELECT m.* FROM mensajes m
            WHERE nido_busqueda_mes(m.familia_id, m.enviado_at, m.busqueda)
                @@ nido_busqueda_consulta(string_to_array({keys}, ' '),
                    string_to_array({months}, ' ')::timestamptz[], string_to_array({list}, ' '))),
        page AS (SELECT m.* FROM hits m
            WHERE m.busqueda @@ to_tsquery('simple', nido_sin_acentos({q}))
            AND m.familia_id = ANY(string_to_array({keys}, ' '))
            AND m.enviado_at >= {from} AND m.enviado_at < {until}
            AND (m.enviado_at, m.id) < ({b}, {i})
            AND {scope}
            AND ({tema}::text IS NULL OR EXISTS (SELECT 1 FROM conversaciones t
                WHERE t.id = m.conversacion_id AND t.tema = {tema}))
            ORDER BY m.enviado_at DESC, m.id DESC LIMIT {LIMIT})
        SELECT m.id, m.conversacion_id, m.familia_id, c.tema, c.asunto, m.numero, m.autor_id,
            u.nombre, u.apellido, m.tipo, m.enviado_at, m.texto
        FROM page m
        JOIN conversaciones c ON c.id = m.conversacion_id
        LEFT JOIN usuarios u ON u.id = m.autor_id
        ORDER BY m.enviado_at DESC, m.id DESC"
    ));
    sql.statement()
}

/// PostgreSQL estimates how common a word is from its statistics, and a word that is rare or
/// absent can be taken for a common one; walking every message from the newest then costs the
/// whole family. So the search walks the newest `RECENT` messages, and only when those hold
/// fewer than 50 results asks the month index for older ones, month by month from the newest
/// (`months::windows`), so each statement reads one window's matches, not the family's all.
async fn pg_search(
    db: &DatabaseConnection,
    usuario_id: &str,
    search: &Search,
    words: &Words,
    families: &[String],
) -> Result<Vec<QueryResult>, sea_orm::DbErr> {
    let mut rows = db
        .query_all_raw(statement(
            DbBackend::Postgres,
            usuario_id,
            search,
            words,
            &Part::Recent,
            LIMIT,
            families,
        ))
        .await?;
    if rows.len() >= LIMIT {
        return Ok(rows);
    }
    let Some(edge) = walk_edge(db, families).await? else {
        return Ok(rows);
    };
    let newest = search
        .days
        .until
        .map_or(edge.at, |until| until.min(edge.at));
    let oldest = search
        .days
        .from
        .map_or(edge.oldest, |from| from.max(edge.oldest));
    for window in months::windows(newest, oldest) {
        let older = months_statement(usuario_id, search, words, families, &window, &edge);
        rows.extend(db.query_all_raw(older).await?);
        if rows.len() >= LIMIT {
            rows.truncate(LIMIT);
            break;
        }
    }
    Ok(rows)
}

/// The caller's messages holding the words, newest first, at most `LIMIT`, on either backend.
async fn find(
    db: &DatabaseConnection,
    usuario_id: &str,
    search: &Search,
    words: &Words,
) -> Result<Vec<QueryResult>, sea_orm::DbErr> {
    let families = families(db, usuario_id, search).await?;
    if families.is_empty() {
        return Ok(Vec::new());
    }
    match db.get_database_backend() {
        DbBackend::Postgres => pg_search(db, usuario_id, search, words, &families).await,
        backend => {
            let all = statement(
                backend,
                usuario_id,
                search,
                words,
                &Part::All,
                LIMIT,
                &families,
            );
            db.query_all_raw(all).await
        }
    }
}

fn hit(row: &QueryResult, words: &Words) -> Result<SearchHit, sea_orm::DbErr> {
    let autor_id: Option<String> = row.try_get("", "autor_id")?;
    let nombre: Option<String> = row.try_get("", "nombre")?;
    let apellido: Option<String> = row.try_get("", "apellido")?;
    let autor = match (autor_id, nombre, apellido) {
        (Some(id), Some(nombre), Some(apellido)) => Some(PersonaView {
            id,
            nombre,
            apellido,
        }),
        _ => None,
    };
    let texto: String = row.try_get("", "texto")?;
    Ok(SearchHit {
        mensaje_id: row.try_get("", "id")?,
        conversacion_id: row.try_get("", "conversacion_id")?,
        familia_id: row.try_get("", "familia_id")?,
        tema: row.try_get("", "tema")?,
        asunto: row.try_get("", "asunto")?,
        numero: row.try_get("", "numero")?,
        autor,
        tipo: row.try_get("", "tipo")?,
        enviado_at: row.try_get("", "enviado_at")?,
        fragmento: words::fragment(&texto, words),
    })
}

/// Your messages holding these words (accents and case aside), newest first, at most 50. Only
/// conversations you take part in, in families you still belong to.
#[utoipa::path(get, path = "/mensajes/buscar", tag = "messages", security(("bearer" = [])),
    params(SearchQuery),
    responses(
        (status = 200, body = SearchAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "a family that is not yours", body = ErrorBody),
        (status = 422, description = "an empty or too long query, an unknown subject or a bad date", body = ErrorBody),
    ))]
async fn search_messages(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<SearchQuery>,
) -> ApiResult<Json<SearchAnswer>> {
    let search = Search::parse(&state, &auth, query).await?;
    let resultados = match &search.words {
        None => Vec::new(),
        Some(words) => {
            let rows = find(&state.db, &auth.user.id, &search, words).await?;
            rows.iter()
                .map(|row| hit(row, words))
                .collect::<Result<_, _>>()?
        }
    };
    Ok(Json(SearchAnswer {
        success: true,
        data: SearchResults { resultados },
    }))
}
