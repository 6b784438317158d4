//! PostgreSQL: the message index by family and week, in place of m0031's by family and month. A
//! search reads the matches of a window of weeks at a time, newest first; a month of the busiest
//! family held hundreds of matches of a word found in a few percent of its messages, all read to
//! keep the few a page still needed, and a week holds a quarter of them. Same scheme as m0031:
//! every lexeme of a message again, behind a key of its family (10 hex digits of the id's MD5)
//! and its week (whole weeks since 1970-01-01 UTC), checked by the search against the message's
//! own `busqueda`, so a key only has to find a superset.
//!
//! Functions called by an index expression run during a restore with an empty search_path: each
//! names the schema of the others it calls.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

use super::m0031_message_search_months::schema;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The statements that build the index, once the schema holding `nido_sin_acentos` is known.
fn postgres_up(schema: &str) -> Vec<String> {
    vec![
        // The key of a family's week: 10 hex digits of the family id's MD5, the week's number.
        // The search builds its queries with it too (a plain expression, inlined where it is
        // called), so the index and its readers cannot disagree on a key.
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_busqueda_clave_semana(familia text, semana int)
                RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT left(md5(familia), 10) || semana || ':' $$"
        ),
        // The week a message was sent in: whole weeks of 604,800 seconds since the epoch.
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_semana(enviado timestamptz)
                RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT floor(extract(epoch FROM enviado) / 604800)::int $$"
        ),
        // A message's lexemes behind its key, cut at 500 characters as in m0031 (a tsvector's
        // lexeme holds at most 2,046 bytes; a query's word at most 200 characters).
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_busqueda_semana(familia text,
                enviado timestamptz, busqueda tsvector)
                RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT array_to_tsvector(ARRAY(
                    SELECT left({schema}.nido_busqueda_clave_semana(familia,
                        {schema}.nido_semana(enviado)) || l, 500)
                    FROM unnest(tsvector_to_array(busqueda)) l)) $$"
        ),
        "CREATE INDEX idx_mensajes_busqueda_semana ON mensajes
            USING gin (nido_busqueda_semana(familia_id, enviado_at, busqueda))"
            .to_owned(),
        "DROP INDEX IF EXISTS idx_mensajes_busqueda_mes".to_owned(),
        "DROP FUNCTION IF EXISTS nido_busqueda_consulta(text[], timestamptz[], text[])".to_owned(),
        "DROP FUNCTION IF EXISTS nido_busqueda_mes(text, timestamptz, tsvector)".to_owned(),
        "DROP FUNCTION IF EXISTS nido_busqueda_clave(text, timestamptz)".to_owned(),
    ]
}

const POSTGRES_DOWN: &[&str] = &[
    "DROP INDEX IF EXISTS idx_mensajes_busqueda_semana",
    "DROP FUNCTION IF EXISTS nido_busqueda_semana(text, timestamptz, tsvector)",
    "DROP FUNCTION IF EXISTS nido_semana(timestamptz)",
    "DROP FUNCTION IF EXISTS nido_busqueda_clave_semana(text, int)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        if m.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let schema = schema(m).await?;
        for sql in postgres_up(&schema) {
            m.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    /// Back to m0031's month index, whose statements rebuild it.
    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        if m.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        for sql in POSTGRES_DOWN {
            m.get_connection().execute_unprepared(sql).await?;
        }
        super::m0031_message_search_months::Migration.up(m).await
    }
}
