//! What a notice is about: the id of the thing that made it (a message, say), so that the domain
//! that made it can mark it read when its reader sees that thing. Unread notices of messages
//! made before this column existed point at the newest message of their conversation sent by
//! the time they were made: the one that made them, save for a send that came between.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Notificaciones {
    Table,
    ObjetoId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Notificaciones::Table)
                .add_column(string_null(Notificaciones::ObjetoId))
                .to_owned(),
        )
        .await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE notificaciones SET objeto_id = (\
                   SELECT m.id FROM mensajes m \
                   WHERE notificaciones.enlace = '/messages/' || m.conversacion_id \
                     AND m.enviado_at <= notificaciones.creada \
                   ORDER BY m.numero DESC LIMIT 1) \
                 WHERE leida_at IS NULL AND tipo LIKE 'mensaje.%'",
            )
            .await?;
        Ok(())
    }
}
