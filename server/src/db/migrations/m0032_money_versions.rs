//! A money version per family, raised by every change to what a family's expense list or balance
//! shows: its expenses, their shares, children and answers, its running balances, and its members
//! (whose joining order breaks ties in the settlement). An answer kept in memory (`money::kept`) is served
//! only while the version it was read at is still the family's, which every instance can check in
//! the shared database with one small read.
//!
//! Triggers raise it, in the transaction of the change, so that no way of writing those tables
//! (a route, the monthly job, an account's erasure, one added later) can forget to. Lists and
//! balances name people and children by id only, so nothing written elsewhere changes them.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables that hang from an expense by `gasto_id`.
const PARTS: &[&str] = &["gasto_partes", "gasto_hijos", "gasto_respuestas"];
/// The tables that name their family themselves.
const OWN: &[&str] = &["gastos", "saldos", "miembros"];

/// The family of the row `row` (NEW or OLD) of `table`.
fn family_of(table: &str, row: &str) -> String {
    if OWN.contains(&table) {
        format!("{row}.familia_id")
    } else {
        format!("(SELECT familia_id FROM gastos WHERE id = {row}.gasto_id)")
    }
}

fn sqlite_up() -> Vec<String> {
    let mut statements = Vec::new();
    for table in OWN.iter().chain(PARTS) {
        for (name, event, row) in [
            ("insert", "INSERT", "NEW"),
            ("update", "UPDATE", "NEW"),
            ("delete", "DELETE", "OLD"),
        ] {
            statements.push(format!(
                "CREATE TRIGGER {table}_dinero_{name} AFTER {event} ON {table} BEGIN \
                 UPDATE familias SET dinero_version = dinero_version + 1 \
                 WHERE id = {}; END",
                family_of(table, row)
            ));
        }
    }
    statements
}

fn postgres_up() -> Vec<String> {
    let function = |name: &str, table: &str| {
        format!(
            "CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF TG_OP = 'DELETE' THEN
                     UPDATE familias SET dinero_version = dinero_version + 1 WHERE id = {};
                 ELSE
                     UPDATE familias SET dinero_version = dinero_version + 1 WHERE id = {};
                 END IF;
                 RETURN NULL;
             END $$",
            family_of(table, "OLD"),
            family_of(table, "NEW")
        )
    };
    let mut statements = vec![
        function("nido_dinero_cambia", "gastos"),
        function("nido_dinero_parte_cambia", "gasto_partes"),
    ];
    for table in OWN.iter().chain(PARTS) {
        let function = if OWN.contains(table) {
            "nido_dinero_cambia"
        } else {
            "nido_dinero_parte_cambia"
        };
        statements.push(format!(
            "CREATE TRIGGER {table}_dinero AFTER INSERT OR UPDATE OR DELETE ON {table} \
             FOR EACH ROW EXECUTE FUNCTION {function}()"
        ));
    }
    statements
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    DineroVersion,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Familias::Table)
                .add_column(
                    ColumnDef::new(Familias::DineroVersion)
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
