//! A family professional's own conversation with the co-parents (`conversaciones.acceso_id`):
//! the access it belongs to, at most one conversation each. The professional reads and writes
//! there while the access is active; the co-parents keep it, as any conversation, afterwards.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Conversaciones {
    Table,
    AccesoId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Conversaciones::Table)
                .add_column(string_len_null(Conversaciones::AccesoId, 36))
                .to_owned(),
        )
        .await?;
        // Unique: two requests at once cannot both start an access's conversation.
        m.create_index(
            Index::create()
                .name("idx_conversaciones_acceso")
                .table(Conversaciones::Table)
                .col(Conversaciones::AccesoId)
                .unique()
                .to_owned(),
        )
        .await
    }
}
