//! A child's activities and medical appointments are on the family's calendar (the children's
//! `Domain::calendar_items`), so changing them changes what the calendar shows: like the
//! calendar's own tables (m0027), they raise the family's `calendario_version` in the transaction
//! of every insert, update or delete, and so does deleting or restoring the child
//! (`hijos.eliminado_at`), which hides or shows them. Otherwise a calendar answer kept in memory
//! (`calendar::kept`) could outlive the change.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The children's lists that reach the calendar; each row names its child (`hijo_id`).
const TABLES: &[&str] = &["actividades", "turnos_medicos"];

/// Raises the version of the family of the child `{row}.hijo_id`.
fn raise(row: &str) -> String {
    format!(
        "UPDATE familias SET calendario_version = calendario_version + 1 \
         WHERE id = (SELECT familia_id FROM hijos WHERE id = {row}.hijo_id)"
    )
}

fn sqlite_up() -> Vec<String> {
    let mut statements = Vec::new();
    for table in TABLES {
        for (name, event, row) in [
            ("insert", "INSERT", "NEW"),
            ("update", "UPDATE", "NEW"),
            ("delete", "DELETE", "OLD"),
        ] {
            statements.push(format!(
                "CREATE TRIGGER {table}_calendario_{name} AFTER {event} ON {table} BEGIN {}; END",
                raise(row)
            ));
        }
    }
    statements.push(
        "CREATE TRIGGER hijos_calendario_update AFTER UPDATE OF eliminado_at ON hijos BEGIN \
         UPDATE familias SET calendario_version = calendario_version + 1 \
         WHERE id = NEW.familia_id; END"
            .to_owned(),
    );
    statements
}

fn postgres_up() -> Vec<String> {
    let mut statements = vec![
        format!(
            "CREATE FUNCTION nido_calendario_hijo_cambia() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF TG_OP = 'DELETE' THEN
                     {};
                 ELSE
                     {};
                 END IF;
                 RETURN NULL;
             END $$",
            raise("OLD"),
            raise("NEW")
        ),
        // The children's own rows carry the family: m0027's function serves them.
        "CREATE TRIGGER hijos_calendario AFTER UPDATE OF eliminado_at ON hijos \
         FOR EACH ROW EXECUTE FUNCTION nido_calendario_cambia()"
            .to_owned(),
    ];
    for table in TABLES {
        statements.push(format!(
            "CREATE TRIGGER {table}_calendario AFTER INSERT OR UPDATE OR DELETE ON {table} \
             FOR EACH ROW EXECUTE FUNCTION nido_calendario_hijo_cambia()"
        ));
    }
    statements
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
