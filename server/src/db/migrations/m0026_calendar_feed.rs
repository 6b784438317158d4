//! The private calendar feed: one link per user, kept as the hash of its token. Regenerating
//! replaces the row, revoking deletes it, and an erased user's row goes with them.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CalendarioEnlaces {
    Table,
    UsuarioId,
    TokenHash,
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
                .table(CalendarioEnlaces::Table)
                .col(string(CalendarioEnlaces::UsuarioId).primary_key())
                .col(string(CalendarioEnlaces::TokenHash).unique_key())
                .col(timestamp_with_time_zone(CalendarioEnlaces::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(CalendarioEnlaces::Table, CalendarioEnlaces::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }
}
