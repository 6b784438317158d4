//! Suggestions sent by signed-in users from their profile.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Sugerencias {
    Table,
    Id,
    UsuarioId,
    Categoria,
    Mensaje,
    Language,
    AvisadoAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Sugerencias::Table)
                .col(string_len(Sugerencias::Id, 36).primary_key())
                .col(string_len(Sugerencias::UsuarioId, 36))
                .col(string_len_null(Sugerencias::Categoria, 20))
                .col(text(Sugerencias::Mensaje))
                .col(string_len(Sugerencias::Language, 2))
                // Set once support has the suggestion: the clean-up resends the rest.
                .col(timestamp_with_time_zone_null(Sugerencias::AvisadoAt))
                .col(timestamp_with_time_zone(Sugerencias::CreatedAt))
                // Erasing an account erases what its owner suggested.
                .foreign_key(
                    ForeignKey::create()
                        .from(Sugerencias::Table, Sugerencias::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sugerencias_avisado")
                .table(Sugerencias::Table)
                .col(Sugerencias::AvisadoAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sugerencias_usuario")
                .table(Sugerencias::Table)
                .col(Sugerencias::UsuarioId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Sugerencias::Table).to_owned())
            .await
    }
}
