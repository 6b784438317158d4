//! Indexes for two questions asked on every upload and every change of membership: what one
//! person uploaded to documents in the last 24 hours (the daily limit), and which card links one
//! person made (revoked when they stop being a co-parent).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DocumentoVersiones {
    Table,
    SubidoPor,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TarjetaEnlaces {
    Table,
    CreadoPor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(
            Index::create()
                .name("idx_documento_versiones_subido_por")
                .table(DocumentoVersiones::Table)
                .col(DocumentoVersiones::SubidoPor)
                .col(DocumentoVersiones::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tarjeta_enlaces_creado_por")
                .table(TarjetaEnlaces::Table)
                .col(TarjetaEnlaces::CreadoPor)
                .to_owned(),
        )
        .await
    }
}
