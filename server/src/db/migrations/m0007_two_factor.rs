//! Two-factor sign-in: a user's confirmed authenticator secret, and their one-use recovery codes.
//! Secrets waiting for their first code live in `tokens` (kind `totp_setup`), not here.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Factores {
    Table,
    UsuarioId,
    Secret,
    ConfirmedAt,
    LastStep,
}

#[derive(DeriveIden)]
enum CodigosRecuperacion {
    Table,
    Id,
    UsuarioId,
    CodeHash,
    UsedAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // A row of its own rather than a column of `usuarios`: a user has at most one, and the
        // last accepted time step (against replayed codes) changes on every second-step sign-in.
        m.create_table(
            Table::create()
                .table(Factores::Table)
                .col(string_len(Factores::UsuarioId, 36).primary_key())
                .col(string_len(Factores::Secret, 64))
                .col(timestamp_with_time_zone(Factores::ConfirmedAt))
                .col(big_integer_null(Factores::LastStep))
                .foreign_key(
                    ForeignKey::create()
                        .from(Factores::Table, Factores::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CodigosRecuperacion::Table)
                .col(string_len(CodigosRecuperacion::Id, 36).primary_key())
                .col(string_len(CodigosRecuperacion::UsuarioId, 36))
                .col(string_len(CodigosRecuperacion::CodeHash, 64))
                .col(timestamp_with_time_zone_null(CodigosRecuperacion::UsedAt))
                .col(timestamp_with_time_zone(CodigosRecuperacion::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(CodigosRecuperacion::Table, CodigosRecuperacion::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // Codes are looked up by user and hash together; the hash alone need not be unique.
        m.create_index(
            Index::create()
                .name("idx_codigos_recuperacion_usuario")
                .table(CodigosRecuperacion::Table)
                .col(CodigosRecuperacion::UsuarioId)
                .col(CodigosRecuperacion::CodeHash)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CodigosRecuperacion::Table.into_iden(),
            Factores::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
