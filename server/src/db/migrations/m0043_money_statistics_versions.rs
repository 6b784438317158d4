//! The family's `dinero_version` (m0032) is raised too by every change to what money's section of
//! the statistics counts beyond the expense lists: the money settings (the currency), the
//! co-parents' payments, and child support's dues and payments. Statistics kept in memory
//! (`money::statistics::kept`) are served only while the version they were read at is still the
//! family's. Every table here names its family itself.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: &[&str] = &["finanzas", "pagos", "cuota_vencimientos", "cuota_pagos"];

fn sqlite_up() -> Vec<String> {
    let mut statements = Vec::new();
    for table in TABLES {
        for (name, event, row) in [
            ("insert", "INSERT", "NEW"),
            ("update", "UPDATE", "NEW"),
            ("delete", "DELETE", "OLD"),
        ] {
            statements.push(format!(
                "CREATE TRIGGER {table}_dinero_{name} AFTER {event} ON {table} BEGIN \
                 UPDATE familias SET dinero_version = dinero_version + 1 \
                 WHERE id = {row}.familia_id; END"
            ));
        }
    }
    statements
}

fn postgres_up() -> Vec<String> {
    // m0032's function raises the version of the row's own `familia_id`.
    TABLES
        .iter()
        .map(|table| {
            format!(
                "CREATE TRIGGER {table}_dinero AFTER INSERT OR UPDATE OR DELETE ON {table} \
                 FOR EACH ROW EXECUTE FUNCTION nido_dinero_cambia()"
            )
        })
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
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
