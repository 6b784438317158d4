//! A calendar version per family, raised by every change to what a family's calendar shows: its
//! events, custody schedules, holiday periods, swaps and handovers. A calendar answer kept in
//! memory (`calendar::kept`) is served only while the version it was read at is still the
//! family's, which every instance can check in the shared database with one small read.
//!
//! Triggers raise it, in the transaction of the change, so that no way of writing those tables
//! (a route, a job, an account's erasure, one added later) can forget to. An event's next reminder
//! (`proximo_aviso`) is the one column a job rewrites that changes nothing shown, so event updates
//! count only when another column is set.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables whose rows carry a `familia_id` and change what the calendar shows.
const TABLES: &[&str] = &[
    "eventos",
    "custodias",
    "custodia_periodos",
    "cambios",
    "entregas",
];

/// Every column of `eventos` but `proximo_aviso`.
const EVENT_COLUMNS: &str = "id, familia_id, autor_id, titulo, tipo, categoria, inicio, fin, \
    todo_el_dia, zona_horaria, recurrencia, excepciones, fechas_extra, hijos, lugar, notas, \
    privado, recordatorios, serie_id, ocurrencia, primer_inicio, ultimo_inicio, created_at, \
    updated_at";

fn update_of(table: &str) -> String {
    if table == "eventos" {
        format!("UPDATE OF {EVENT_COLUMNS}")
    } else {
        "UPDATE".to_owned()
    }
}

fn sqlite_up() -> Vec<String> {
    let mut statements = Vec::new();
    for table in TABLES {
        for (name, event, row) in [
            ("insert", "INSERT".to_owned(), "NEW"),
            ("update", update_of(table), "NEW"),
            ("delete", "DELETE".to_owned(), "OLD"),
        ] {
            statements.push(format!(
                "CREATE TRIGGER {table}_calendario_{name} AFTER {event} ON {table} BEGIN \
                 UPDATE familias SET calendario_version = calendario_version + 1 \
                 WHERE id = {row}.familia_id; END"
            ));
        }
    }
    statements
}

fn postgres_up() -> Vec<String> {
    let mut statements = vec![
        "CREATE FUNCTION nido_calendario_cambia() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             IF TG_OP = 'DELETE' THEN
                 UPDATE familias SET calendario_version = calendario_version + 1
                     WHERE id = OLD.familia_id;
             ELSE
                 UPDATE familias SET calendario_version = calendario_version + 1
                     WHERE id = NEW.familia_id;
             END IF;
             RETURN NULL;
         END $$"
            .to_owned(),
    ];
    for table in TABLES {
        statements.push(format!(
            "CREATE TRIGGER {table}_calendario AFTER INSERT OR {} OR DELETE ON {table} \
             FOR EACH ROW EXECUTE FUNCTION nido_calendario_cambia()",
            update_of(table)
        ));
    }
    statements
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    CalendarioVersion,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Familias::Table)
                .add_column(
                    ColumnDef::new(Familias::CalendarioVersion)
                        .big_integer()
                        .not_null()
                        .default(0),
                )
                .to_owned(),
        )
        .await?;
        let statements = match m.get_database_backend() {
            DbBackend::Postgres => postgres_up(),
            _ => sqlite_up(),
        };
        for sql in statements {
            m.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}
