//! Every stored file is encrypted with its own key; this table keeps that key, wrapped by the
//! master key (which never enters the database). Deleting a row makes its file unreadable for
//! good, which is how erasure reaches copies the store or a backup may still hold.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ClavesArchivo {
    Table,
    Clave,
    ClaveEnvuelta,
    ClaveMaestraId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ClavesArchivo::Table)
                .col(string_len(ClavesArchivo::Clave, 255).primary_key())
                // Nonce and sealed key, base64: a text column reads the same on both databases.
                .col(string_len(ClavesArchivo::ClaveEnvuelta, 128))
                .col(string_len(ClavesArchivo::ClaveMaestraId, 32))
                .col(timestamp_with_time_zone(ClavesArchivo::CreatedAt))
                .to_owned(),
        )
        .await?;
        // Rotation walks the rows still wrapped by an older master key.
        m.create_index(
            Index::create()
                .name("idx_claves_archivo_maestra")
                .table(ClavesArchivo::Table)
                .col(ClavesArchivo::ClaveMaestraId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ClavesArchivo::Table).to_owned())
            .await
    }
}
