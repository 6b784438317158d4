//! Certified reports (`informes`): what a member asked for, how far the job that makes it has
//! got, and once made, the stored file (encrypted under its key like every file), its SHA-256,
//! its verification code and when it is removed.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Informes {
    Table,
    Id,
    FamiliaId,
    UsuarioId,
    Desde,
    Hasta,
    /// The sections asked for, as a JSON list of their names.
    Secciones,
    Idioma,
    Adjuntos,
    Estado,
    Progreso,
    Paginas,
    Sha256,
    /// The verification code, unique once the report is made.
    Codigo,
    /// The stored file's key.
    Clave,
    Tamano,
    Error,
    CreatedAt,
    ListoAt,
    VenceAt,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Informes::Table)
                .col(string_len(Informes::Id, 36).primary_key())
                .col(string_len(Informes::FamiliaId, 36))
                .col(string_len(Informes::UsuarioId, 36))
                .col(date(Informes::Desde))
                .col(date(Informes::Hasta))
                .col(string_len(Informes::Secciones, 200))
                .col(string_len(Informes::Idioma, 5))
                .col(boolean(Informes::Adjuntos))
                .col(string_len(Informes::Estado, 20))
                .col(integer(Informes::Progreso))
                .col(integer_null(Informes::Paginas))
                .col(string_len_null(Informes::Sha256, 64))
                .col(string_len_null(Informes::Codigo, 19))
                .col(string_len_null(Informes::Clave, 200))
                .col(big_integer_null(Informes::Tamano))
                .col(text_null(Informes::Error))
                .col(timestamp_with_time_zone(Informes::CreatedAt))
                .col(timestamp_with_time_zone_null(Informes::ListoAt))
                .col(timestamp_with_time_zone(Informes::VenceAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Informes::Table, Informes::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_informes_usuario")
                .table(Informes::Table)
                .col(Informes::FamiliaId)
                .col(Informes::UsuarioId)
                .col((Informes::Id, IndexOrder::Desc))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_informes_codigo")
                .table(Informes::Table)
                .col(Informes::Codigo)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_informes_sha256")
                .table(Informes::Table)
                .col(Informes::Sha256)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_informes_vence")
                .table(Informes::Table)
                .col(Informes::VenceAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Informes::Table).to_owned())
            .await
    }
}
