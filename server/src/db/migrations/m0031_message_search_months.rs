//! PostgreSQL: the message index by family and month, so that a search reads one month of one
//! family's matches at a time instead of all of them. The GIN index of m0022 on `(familia_id,
//! busqueda)` handed back every match of a word in the family, all fetched and sorted to keep the
//! newest 50; here every lexeme of a message is indexed again with its family and month in front
//! (`<family code><yyyymm>:<lexeme>`), so a query for one month's keys finds only that month's
//! matches. `messages::search` asks month by month from the newest and checks each hit against
//! the message's own `busqueda`, so the keys only have to find a superset: the family code is
//! a hash (shorter keys, a smaller index; a rare collision only brings rows the check drops).
//!
//! Functions called by an index expression run during a restore with an empty search_path: each
//! names the schema of the others it calls. SQLite needs nothing here: its FTS5 index already
//! walks a family's matches newest first and stops at the 50th.

use sea_orm::{ConnectionTrait, DbBackend, Statement};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The statements that build the index, once the schema holding `nido_sin_acentos` is known.
fn postgres_up(schema: &str) -> Vec<String> {
    vec![
        // The key of a family's month: 10 hex digits of the family id's MD5, the month in UTC.
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_busqueda_clave(familia text, mes timestamptz)
                RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT left(md5(familia), 10)
                    || (date_part('year', mes AT TIME ZONE 'UTC') * 100
                        + date_part('month', mes AT TIME ZONE 'UTC'))::int
                    || ':' $$"
        ),
        // A message's lexemes behind its key. A lexeme may be up to 2,046 bytes and the key would
        // push it past what a tsvector holds: cut at 500 characters (2,000 bytes at most), far
        // longer than any query's word (200 characters), so a prefix search still finds it.
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_busqueda_mes(familia text, enviado timestamptz,
                busqueda tsvector)
                RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT array_to_tsvector(ARRAY(
                    SELECT left({schema}.nido_busqueda_clave(familia, enviado) || l, 500)
                    FROM unnest(tsvector_to_array(busqueda)) l)) $$"
        ),
        // The query for these families' months: for each family and month, every lexeme of every
        // word behind that key, all required, those of the last word as prefixes (as
        // `to_tsquery` reads the words); the keys ORed. Lexemes are quoted for the tsquery
        // syntax, so nothing typed is read as an operator. No lexeme at all: NULL, no match.
        format!(
            "CREATE OR REPLACE FUNCTION {schema}.nido_busqueda_consulta(familias text[],
                meses timestamptz[], palabras text[])
                RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT string_agg(por_clave, ' | ')::tsquery FROM (
                    SELECT '(' || string_agg(
                        '''' || replace(replace(k.clave || l.lexema, '\\', '\\\\'), '''', '''''')
                        || '''' || CASE WHEN p.n = cardinality(palabras) THEN ':*' ELSE '' END,
                        ' & ') || ')' AS por_clave
                    FROM (SELECT {schema}.nido_busqueda_clave(f, mes) AS clave
                            FROM unnest(familias) f, unnest(meses) mes) k,
                        unnest(palabras) WITH ORDINALITY p(palabra, n),
                        unnest(tsvector_to_array(to_tsvector('pg_catalog.simple'::regconfig,
                            {schema}.nido_sin_acentos(p.palabra)))) l(lexema)
                    GROUP BY k.clave) x $$"
        ),
        "CREATE INDEX idx_mensajes_busqueda_mes ON mensajes
            USING gin (nido_busqueda_mes(familia_id, enviado_at, busqueda))"
            .to_owned(),
        // Its one reader was the search of older matches, which the month index replaces.
        "DROP INDEX IF EXISTS idx_mensajes_busqueda".to_owned(),
    ]
}

const POSTGRES_DOWN: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS idx_mensajes_busqueda ON mensajes USING gin (familia_id, busqueda)",
    "DROP INDEX IF EXISTS idx_mensajes_busqueda_mes",
    "DROP FUNCTION IF EXISTS nido_busqueda_consulta(text[], timestamptz[], text[])",
    "DROP FUNCTION IF EXISTS nido_busqueda_mes(text, timestamptz, tsvector)",
    "DROP FUNCTION IF EXISTS nido_busqueda_clave(text, timestamptz)",
];

/// The schema `nido_sin_acentos` (m0022) lives in, quoted for SQL; m0035 builds there too.
pub(super) async fn schema(m: &SchemaManager<'_>) -> Result<String, DbErr> {
    let row = m
        .get_connection()
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT quote_ident(n.nspname) AS esquema FROM pg_proc p
                JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname = 'nido_sin_acentos'",
        ))
        .await?
        .ok_or_else(|| DbErr::Migration("nido_sin_acentos is missing (m0022)".into()))?;
    row.try_get("", "esquema")
}

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

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        if m.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        for sql in POSTGRES_DOWN {
            m.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
