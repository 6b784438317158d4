//! Searching the caller's messages by their words, insensitive to case and accents. The index is
//! built by migration m0022; this module holds the one query per backend that reads it, always
//! scoped in SQL to the conversations the caller may read.

pub mod days;
mod words;

use axum::extract::{Query, State};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, QueryFilter,
    QueryResult, Statement, Value,
    sea_query::{PostgresQueryBuilder, SqliteQueryBuilder},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::{days::Days, words::Words};
use super::{
    access,
    settings::shield_of,
    shield,
    views::PersonView,
    vocabulary::{MessageType, Topic},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{entities::miembro, membership},
    i18n::Msg,
    ids::{FamilyId, UserId},
    request::{AuthUser, Json},
    state::AppState,
    vocabulary,
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
    #[param(required = true, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    q: Option<String>,
    /// Only this family's conversations.
    familia_id: Option<String>,
    /// Only conversations about this subject.
    #[param(value_type = Option<Topic>)]
    tema: Option<String>,
    /// The first day, `YYYY-MM-DD`, in your time zone.
    #[param(value_type = Option<crate::fields::Day>)]
    desde: Option<String>,
    /// The last day (included), `YYYY-MM-DD`, in your time zone.
    #[param(value_type = Option<crate::fields::Day>)]
    hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    pub mensaje_id: String,
    pub conversacion_id: String,
    pub familia_id: String,
    #[schema(value_type = Topic)]
    pub tema: String,
    pub asunto: String,
    pub numero: i64,
    /// Null: an erased account.
    pub autor: Option<PersonView>,
    #[schema(value_type = MessageType)]
    pub tipo: String,
    pub enviado_at: DateTime<Utc>,
    /// Up to 200 characters of the text around the first match, on one line; empty when
    /// `plegado`.
    pub fragmento: String,
    /// True when the caller's shield folds this message: it was found by its words, none of
    /// which are shown until it is opened in its conversation.
    pub plegado: bool,
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
    tema: Option<Topic>,
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

fn topic(tema: Option<&str>) -> Result<Option<Topic>, Msg> {
    vocabulary::optional_one_of(tema, Msg::SearchTopicInvalid)
}

impl Search {
    /// Checks the query's fields (422). Whether the family asked for is the caller's is checked
    /// by `find`, with the search.
    fn parse(auth: &AuthUser, query: SearchQuery) -> ApiResult<Search> {
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

/// A placeholder for each of these families (at least one), joined by commas, for `IN (…)` and
/// `ARRAY[…]`: each family its own value, so that PostgreSQL sees one family as `=` and walks its
/// `(familia_id, enviado_at)` index in order.
fn family_list(sql: &mut Sql, families: &[String]) -> String {
    families
        .iter()
        .map(|f| sql.bind(f.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// SQLite's one statement. Values are bound in the order their placeholders appear, as SQLite's
/// `?` are positional.
///
/// It walks the FTS matches newest first (their rowids follow the sending order), the words
/// intersected with the families' tokens inside the index, and stops at the 50th readable one, so
/// a word found in every message costs little more than a rare one, however many other families'
/// messages are newer; the CROSS JOINs keep its planner from starting anywhere else.
fn sqlite_statement(
    backend: DbBackend,
    usuario_id: &str,
    search: &Search,
    words: &Words,
    families: &[String],
) -> Statement {
    let mut sql = Sql::new(backend);
    sql.push(&format!(
        "SELECT {COLUMNS}
        FROM mensajes_busqueda b
        CROSS JOIN mensajes_busqueda_filas bf ON bf.fila = b.rowid
        CROSS JOIN mensajes m ON m.id = bf.mensaje_id
        JOIN conversaciones c ON c.id = m.conversacion_id
        LEFT JOIN usuarios u ON u.id = m.autor_id"
    ));
    let q = sql.bind(words.fts5_in_families(families));
    sql.push(&format!("WHERE mensajes_busqueda MATCH {q}"));
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
    sql.push(&format!("ORDER BY b.rowid DESC LIMIT {LIMIT}"));
    sql.statement()
}

/// The columns of a result, `m` a message, `c` its conversation, `u` its author.
const COLUMNS: &str = "m.id, m.conversacion_id, m.familia_id, c.tema, c.asunto, m.numero, \
    m.autor_id, u.nombre, u.apellido, m.tipo, m.enviado_at, m.texto, m.tono";

/// How many of the caller's newest messages PostgreSQL walks, testing each, before it turns to its
/// week index. A word with 50 hits among them (10%) ends there; a rarer one is in fewer than a
/// tenth of a week's messages, which the week index lists without reading the others.
const RECENT: u64 = 500;

/// The most weeks one window of the week index covers: windows double from one week up to this,
/// which bounds the size of each window's query.
const MAX_WEEKS_SHIFT: u32 = 5;

/// PostgreSQL's one statement: whether the caller belongs to the family asked for, the walk of
/// the families' newest `RECENT` messages, and when that walk finds fewer than 50, the older
/// matches from the week index (migration m0035), window by window back from the week the walk
/// ended in: one week, then two, four… up to 32, until the page is full or the families' oldest
/// week is passed. Each round trip costs both cores more than a window does (the hand-offs
/// between the server's threads and PostgreSQL's process, the protocol, the decoding), so the
/// windows are a recursive CTE whose own condition stops it, not one statement each.
///
/// Every row carries `miembro`, then a match, or nulls when nothing matched: the walk's first
/// (`parte` 1), then the windows' (2), each newest first. The text depends only on the caller and
/// the number of families (the subject and days are values that may be null), so the prepared
/// statement is reused. PostgreSQL keeps one generic plan for it instead of planning each search
/// anew (more than the search costs) only while that plan's estimate is no higher than a plan made
/// for the values, so nothing may look cheaper once the values are known: the words' query and
/// lexemes, the family list (behind `OFFSET 0`, so no array is folded into a constant whose size
/// the planner would then know) and the caller's readable conversations of the subject asked for
/// are each computed once.
///
/// - The walk is a subquery with its own LIMIT: the words cannot be pushed into it, so the planner
///   cannot trade it for a GIN index, which would list every match of a common word before
///   sorting them.
/// - The edge (the walk's last message, the weeks to search) sits behind a condition on the walk's
///   count that does not depend on any row, which PostgreSQL tests once: a common word never
///   reads it, nor any window.
/// - A window's query is built here from `nido_busqueda_clave_semana`, which PostgreSQL inlines; as
///   a SQL function of its own it was parsed and planned again on every search, a fifth of the
///   database's time.
/// - A window lists the week index's candidates in a subquery that nothing else is pushed into
///   (`OFFSET 0`), so whatever the values its only path is that index; each candidate is checked
///   against the message's own `busqueda`, family, dates, the walk's edge and the caller's scope,
///   and only the ids of the page's rows are kept. A window reads only its own matches: for a word
///   rarer than 10% of a week's messages, fewer than a tenth of that week, never the family's
///   whole history.
/// - Only the page's rows are then read again by id and joined to their conversation and author.
fn pg_statement(
    usuario_id: &str,
    search: &Search,
    words: &Words,
    families: &[String],
) -> Statement {
    let mut sql = Sql::new(DbBackend::Postgres);
    let list = family_list(&mut sql, families);
    let keys = sql.bind(spaced(families));
    let lexemes = sql.bind(spaced(words.as_slice()));
    let q = sql.bind(words.tsquery());
    let tema = sql.bind(search.tema.map(String::from));
    let from = sql.bind(search.days.from);
    let until = sql.bind(search.days.until);
    let member = match &search.familia_id {
        Some(familia_id) => {
            let f = sql.bind(familia_id.as_str());
            let u = sql.bind(usuario_id);
            let members = sea_orm::EntityName::table_name(&miembro::Entity);
            format!("EXISTS (SELECT 1 FROM {members} WHERE familia_id = {f} AND usuario_id = {u})")
        }
        None => "TRUE".to_owned(),
    };
    let ids = access::readable_ids(usuario_id, None).to_string(PostgresQueryBuilder);
    let filters = format!(
        "m.conversacion_id = ANY((SELECT s.ids FROM scope s)::varchar[])
        AND ({from}::timestamptz IS NULL OR m.enviado_at >= {from}::timestamptz)
        AND ({until}::timestamptz IS NULL OR m.enviado_at < {until}::timestamptz)"
    );
    let size = format!("(1 << least(o.k, {MAX_WEEKS_SHIFT}))");
    sql.push(&format!(
        "WITH RECURSIVE words AS MATERIALIZED (
            SELECT to_tsquery('simple', nido_sin_acentos({q})) AS q,
                ARRAY(SELECT replace(replace(l.lexema, '\\', '\\\\'), '''', '''''') || ''''
                        || CASE WHEN p.n = cardinality(a.palabras) THEN ':*' ELSE '' END
                    FROM unnest(a.palabras) WITH ORDINALITY p(palabra, n),
                        unnest(tsvector_to_array(to_tsvector('simple',
                            nido_sin_acentos(p.palabra)))) l(lexema)) AS colas,
                a.familias
            FROM (SELECT string_to_array({lexemes}, ' ') AS palabras,
                string_to_array({keys}, ' ') AS familias OFFSET 0) a),
        scope AS MATERIALIZED (SELECT ARRAY(SELECT r.id FROM ({ids}) r
            JOIN conversaciones t ON t.id = r.id
            WHERE {tema}::text IS NULL OR t.tema = {tema}::text) AS ids),
        walk AS MATERIALIZED (
            SELECT m.* FROM (SELECT * FROM mensajes m WHERE m.familia_id IN ({list})
                ORDER BY m.enviado_at DESC, m.id DESC LIMIT {RECENT}) m
            WHERE m.busqueda @@ (SELECT w.q FROM words w)
            AND {filters}
            ORDER BY m.enviado_at DESC, m.id DESC LIMIT {LIMIT}),
        edge AS MATERIALIZED (
            SELECT e.enviado_at, e.id,
                nido_semana(least(e.enviado_at, {until}::timestamptz)) AS arriba,
                nido_semana(greatest((SELECT min((SELECT min(o.enviado_at) FROM mensajes o
                    WHERE o.familia_id = f)) FROM unnest(ARRAY[{list}]::text[]) f),
                    {from}::timestamptz)) AS abajo
            FROM (SELECT m.enviado_at, m.id FROM mensajes m WHERE m.familia_id IN ({list})
                ORDER BY m.enviado_at DESC, m.id DESC OFFSET {skip} LIMIT 1) e
            WHERE (SELECT count(*) FROM walk) < {LIMIT}),
        older(k, hasta, encontrados, ids) AS (
            SELECT 0, e.arriba, (SELECT count(*) FROM walk)::int, ARRAY[]::varchar[] FROM edge e
            UNION ALL
            SELECT o.k + 1, o.hasta - {size}, o.encontrados + cardinality(x.ids), x.ids
            FROM older o CROSS JOIN edge e CROSS JOIN LATERAL (SELECT ARRAY(
                SELECT m.id FROM (SELECT m.* FROM mensajes m
                    WHERE nido_busqueda_semana(m.familia_id, m.enviado_at, m.busqueda)
                        @@ (SELECT string_agg(c.por_clave, ' | ')::tsquery FROM (
                            SELECT '(' || string_agg(''''
                                || nido_busqueda_clave_semana(f.f, s.s) || t.t, ' & ')
                                || ')' AS por_clave
                            FROM unnest((SELECT w.familias FROM words w)) f(f),
                                generate_series(greatest(o.hasta - {size} + 1, e.abajo),
                                    o.hasta) s(s),
                                unnest((SELECT w.colas FROM words w)) t(t)
                            GROUP BY f.f, s.s) c)
                    OFFSET 0) m
                WHERE m.busqueda @@ (SELECT w.q FROM words w)
                AND m.familia_id IN ({list})
                AND (m.enviado_at, m.id) < (e.enviado_at, e.id)
                AND {filters}
                ORDER BY m.enviado_at DESC, m.id DESC
                LIMIT {LIMIT} - o.encontrados) AS ids OFFSET 0) x
            WHERE o.encontrados < {LIMIT} AND o.hasta >= e.abajo),
        hits AS (SELECT 1 AS parte, m.* FROM walk m
            UNION ALL SELECT 2, m.* FROM mensajes m
            WHERE m.id = ANY(ARRAY(SELECT unnest(o.ids) FROM older o)))
        SELECT k.miembro, m.parte, {COLUMNS}
        FROM (SELECT {member} AS miembro) k
        LEFT JOIN (hits m JOIN conversaciones c ON c.id = m.conversacion_id
            LEFT JOIN usuarios u ON u.id = m.autor_id) ON TRUE
        ORDER BY m.parte, m.enviado_at DESC, m.id DESC",
        skip = RECENT - 1,
    ));
    sql.statement()
}

/// `values` joined by spaces, for `string_to_array(…, ' ')`: one placeholder whatever their
/// number, so the statement's text is the same for every search of a caller and its prepared
/// plan is reused. Ids and the typed words (split at white space) hold no space.
fn spaced<T: ToString>(values: impl IntoIterator<Item = T>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// PostgreSQL estimates how common a word is from its statistics, and a word that is rare or
/// absent can be taken for a common one; walking every message from the newest then costs the
/// whole family. So the search walks the newest `RECENT` messages, and only when those hold
/// fewer than 50 results asks the week index for older ones (`pg_statement`), all in one
/// statement. None: the family asked for is not the caller's.
async fn pg_search(
    db: &DatabaseConnection,
    usuario_id: &str,
    search: &Search,
    words: &Words,
    families: &[String],
) -> Result<Option<Vec<QueryResult>>, sea_orm::DbErr> {
    let rows = db
        .query_all_raw(pg_statement(usuario_id, search, words, families))
        .await?;
    let Some(first) = rows.first() else {
        return Err(sea_orm::DbErr::RecordNotFound(
            "the search's statement answered no row".into(),
        ));
    };
    if !first.try_get::<bool>("", "miembro")? {
        return Ok(None);
    }
    let mut hits = Vec::with_capacity(rows.len());
    for row in rows {
        if row.try_get::<Option<String>>("", "id")?.is_some() {
            hits.push(row);
        }
    }
    hits.truncate(LIMIT);
    Ok(Some(hits))
}

/// The caller's messages holding the words, newest first, at most `LIMIT`, on either backend;
/// 404 for a family that is not the caller's (on PostgreSQL, asked within the search's first
/// statement, whose scope keeps every other family's messages out of it anyway).
async fn find(
    db: &DatabaseConnection,
    usuario_id: &UserId,
    search: &Search,
    words: &Words,
) -> ApiResult<Vec<QueryResult>> {
    let backend = db.get_database_backend();
    if backend != DbBackend::Postgres {
        check_member(db, usuario_id, search).await?;
    }
    let families = families(db, usuario_id, search).await?;
    if families.is_empty() {
        return Ok(Vec::new());
    }
    match backend {
        DbBackend::Postgres => pg_search(db, usuario_id, search, words, &families)
            .await?
            .ok_or_else(ApiError::not_found),
        backend => {
            let all = sqlite_statement(backend, usuario_id, search, words, &families);
            Ok(db.query_all_raw(all).await?)
        }
    }
}

/// 404 when the search asks for a family that is not the caller's.
async fn check_member(
    db: &impl ConnectionTrait,
    usuario_id: &UserId,
    search: &Search,
) -> ApiResult<()> {
    match &search.familia_id {
        Some(familia_id)
            if membership(db, &FamilyId::new(familia_id), usuario_id)
                .await?
                .is_none() =>
        {
            Err(ApiError::not_found())
        }
        _ => Ok(()),
    }
}

fn hit(row: &QueryResult, words: &Words) -> Result<SearchHit, sea_orm::DbErr> {
    let autor_id: Option<String> = row.try_get("", "autor_id")?;
    let nombre: Option<String> = row.try_get("", "nombre")?;
    let apellido: Option<String> = row.try_get("", "apellido")?;
    let autor = match (autor_id, nombre, apellido) {
        (Some(id), Some(nombre), Some(apellido)) => Some(PersonView {
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
        plegado: false,
    })
}

/// The hits of these rows, with what `reader`'s shield folds left without an excerpt. Their
/// setting is read only when a hit could be folded.
async fn hits(
    db: &DatabaseConnection,
    reader: &str,
    rows: &[QueryResult],
    words: &Words,
) -> ApiResult<Vec<SearchHit>> {
    let mut found = Vec::with_capacity(rows.len());
    for row in rows {
        let tono: String = row.try_get("", "tono")?;
        let hit = hit(row, words)?;
        let foldable = shield::folds(
            true,
            reader,
            hit.autor.as_ref().map(|a| a.id.as_str()),
            &tono,
        );
        found.push((hit, foldable));
    }
    let shielded = found.iter().any(|(_, foldable)| *foldable) && shield_of(db, reader).await?;
    Ok(found
        .into_iter()
        .map(|(mut hit, foldable)| {
            if shielded && foldable {
                hit.fragmento = String::new();
                hit.plegado = true;
            }
            hit
        })
        .collect())
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
    let search = Search::parse(&auth, query)?;
    let resultados = match &search.words {
        None => {
            check_member(&state.db, &auth.id, &search).await?;
            Vec::new()
        }
        Some(words) => {
            let rows = find(&state.db, &auth.id, &search, words).await?;
            hits(&state.db, &auth.id, &rows, words).await?
        }
    };
    Ok(Json(SearchAnswer {
        success: true,
        data: SearchResults { resultados },
    }))
}
