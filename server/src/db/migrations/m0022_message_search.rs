//! The full-text index of messages, insensitive to case and accents ("medico" finds "Médico",
//! "nandu" finds "ñandú"). Each backend has its own machinery, so this migration is the one place
//! that speaks both dialects; `messages::search` holds the matching queries.
//!
//! SQLite: an FTS5 table kept by triggers on `mensajes`. Its rows are keyed by a small table with
//! an INTEGER PRIMARY KEY, because the implicit rowid of `mensajes` (a text primary key) is not
//! promised to survive a VACUUM or a restored backup, and deleting by message id from the FTS
//! table itself would scan it whole for every message of an erased family.
//!
//! PostgreSQL: a stored generated `tsvector` on `mensajes` with a GIN index. `unaccent` is not
//! IMMUTABLE (its dictionary could change), so a generated column cannot call it directly: a
//! wrapper declared IMMUTABLE names the dictionary and its schema explicitly, which also keeps a
//! restore (run with an empty search_path) working.

use sea_orm::{ConnectionTrait, DbBackend, Statement};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE TABLE mensajes_busqueda_filas (
        fila INTEGER PRIMARY KEY,
        mensaje_id TEXT NOT NULL UNIQUE
    )",
    // `familia` holds one token per message, its family's id: a search ANDs it with the words,
    // so FTS5 intersects the two lists newest first and stops at the 50th hit instead of walking
    // every other family's matches. The prefix indexes make a short last word ("el", as typed)
    // one list to walk rather than the merge of every word it begins.
    "CREATE VIRTUAL TABLE mensajes_busqueda USING fts5(
        familia,
        texto,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
    )",
    "CREATE TRIGGER mensajes_busqueda_alta AFTER INSERT ON mensajes BEGIN
        INSERT INTO mensajes_busqueda_filas (mensaje_id) VALUES (new.id);
        INSERT INTO mensajes_busqueda (rowid, familia, texto)
            SELECT fila, 'f' || replace(new.familia_id, '-', ''), new.texto
            FROM mensajes_busqueda_filas WHERE mensaje_id = new.id;
    END",
    // Messages are never edited; they leave only with their conversation or family (cascades,
    // which fire this trigger row by row), and their words must leave with them.
    "CREATE TRIGGER mensajes_busqueda_baja AFTER DELETE ON mensajes BEGIN
        DELETE FROM mensajes_busqueda
            WHERE rowid = (SELECT fila FROM mensajes_busqueda_filas WHERE mensaje_id = old.id);
        DELETE FROM mensajes_busqueda_filas WHERE mensaje_id = old.id;
    END",
    "INSERT INTO mensajes_busqueda_filas (mensaje_id)
        SELECT id FROM mensajes ORDER BY enviado_at, id",
    "INSERT INTO mensajes_busqueda (rowid, familia, texto)
        SELECT f.fila, 'f' || replace(m.familia_id, '-', ''), m.texto
        FROM mensajes_busqueda_filas f JOIN mensajes m ON m.id = f.mensaje_id",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS mensajes_busqueda_baja",
    "DROP TRIGGER IF EXISTS mensajes_busqueda_alta",
    "DROP TABLE IF EXISTS mensajes_busqueda",
    "DROP TABLE IF EXISTS mensajes_busqueda_filas",
];

const POSTGRES_DOWN: &[&str] = &[
    "DROP INDEX IF EXISTS idx_mensajes_familia_enviado",
    "DROP INDEX IF EXISTS idx_mensajes_busqueda",
    "ALTER TABLE mensajes DROP COLUMN IF EXISTS busqueda",
    "DROP FUNCTION IF EXISTS nido_sin_acentos(text)",
];

/// The statements that build the PostgreSQL index, once the schema holding `unaccent` is known.
fn postgres_up(schema: &str) -> Vec<String> {
    vec![
        format!(
            "CREATE OR REPLACE FUNCTION nido_sin_acentos(text) RETURNS text
                LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT {schema}.unaccent('{schema}.unaccent'::regdictionary, $1) $$"
        ),
        // Filling the column for the rows already there is part of adding it.
        "ALTER TABLE mensajes ADD COLUMN busqueda tsvector
            GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, nido_sin_acentos(texto))) STORED"
            .to_owned(),
        // With the family in the same GIN index (`btree_gin`), a rare word's matches are
        // intersected with the family's messages inside the index, not fetched from every family.
        "CREATE INDEX idx_mensajes_busqueda ON mensajes USING gin (familia_id, busqueda)"
            .to_owned(),
        // For a word in most messages, walking the family's newest first finds 50 sooner than the
        // GIN index lists them all; other families' newer messages are not on the way.
        "CREATE INDEX idx_mensajes_familia_enviado ON mensajes (familia_id, enviado_at)".to_owned(),
    ]
}

async fn run_all<S: AsRef<str>>(m: &SchemaManager<'_>, statements: &[S]) -> Result<(), DbErr> {
    for sql in statements {
        m.get_connection().execute_unprepared(sql.as_ref()).await?;
    }
    Ok(())
}

/// The schema `unaccent` lives in, quoted for SQL (an existing installation may have put it
/// somewhere other than `public`).
async fn unaccent_schema(m: &SchemaManager<'_>) -> Result<String, DbErr> {
    let row = m
        .get_connection()
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT quote_ident(n.nspname) AS esquema FROM pg_extension e
                JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'",
        ))
        .await?
        .ok_or_else(|| DbErr::Migration("the unaccent extension is not installed".into()))?;
    row.try_get("", "esquema")
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        match m.get_database_backend() {
            DbBackend::Postgres => {
                // Trusted extensions since PostgreSQL 13: the database's owner may install them.
                for extension in ["unaccent", "btree_gin"] {
                    m.get_connection()
                        .execute_unprepared(&format!("CREATE EXTENSION IF NOT EXISTS {extension}"))
                        .await?;
                }
                let schema = unaccent_schema(m).await?;
                run_all(m, &postgres_up(&schema)).await
            }
            _ => run_all(m, SQLITE_UP).await,
        }
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        match m.get_database_backend() {
            // The extension stays: something else may have come to use it.
            DbBackend::Postgres => run_all(m, POSTGRES_DOWN).await,
            _ => run_all(m, SQLITE_DOWN).await,
        }
    }
}
