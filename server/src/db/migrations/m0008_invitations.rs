//! Invitations to join a family (by mailed link or by linking code) and users blocking users.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Invitaciones {
    Table,
    Id,
    FamiliaId,
    InvitadoPor,
    Tipo,
    Email,
    TokenHash,
    Codigo,
    Permiso,
    Relacion,
    Idioma,
    Estado,
    ExpiresAt,
    EnviadaAt,
    AceptadaPor,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Bloqueos {
    Table,
    UsuarioId,
    BloqueadoId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Invitaciones::Table)
                .col(string_len(Invitaciones::Id, 36).primary_key())
                .col(string_len(Invitaciones::FamiliaId, 36))
                // Who invited; an invitation outlives its sender's erased account as "nobody".
                .col(string_len_null(Invitaciones::InvitadoPor, 36))
                .col(string_len(Invitaciones::Tipo, 10))
                .col(string_len_null(Invitaciones::Email, 254))
                .col(string_len_null(Invitaciones::TokenHash, 64))
                .col(string_len_null(Invitaciones::Codigo, 8))
                .col(string_len(Invitaciones::Permiso, 16))
                .col(string_len(Invitaciones::Relacion, 16))
                .col(string_len(Invitaciones::Idioma, 2))
                .col(string_len(Invitaciones::Estado, 16))
                .col(timestamp_with_time_zone(Invitaciones::ExpiresAt))
                .col(timestamp_with_time_zone(Invitaciones::EnviadaAt))
                .col(string_len_null(Invitaciones::AceptadaPor, 36))
                .col(timestamp_with_time_zone(Invitaciones::CreatedAt))
                .col(timestamp_with_time_zone(Invitaciones::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Invitaciones::Table, Invitaciones::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Invitaciones::Table, Invitaciones::InvitadoPor)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::SetNull),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Invitaciones::Table, Invitaciones::AceptadaPor)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::SetNull),
                )
                .to_owned(),
        )
        .await?;
        for (name, column) in [
            ("idx_invitaciones_familia", Invitaciones::FamiliaId),
            ("idx_invitaciones_email", Invitaciones::Email),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(Invitaciones::Table)
                    .col(column)
                    .to_owned(),
            )
            .await?;
        }
        // A token or a code leads to one invitation: lookups are by these alone.
        for (name, column) in [
            ("idx_invitaciones_token", Invitaciones::TokenHash),
            ("idx_invitaciones_codigo", Invitaciones::Codigo),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(Invitaciones::Table)
                    .col(column)
                    .unique()
                    .to_owned(),
            )
            .await?;
        }

        m.create_table(
            Table::create()
                .table(Bloqueos::Table)
                .col(string_len(Bloqueos::UsuarioId, 36))
                .col(string_len(Bloqueos::BloqueadoId, 36))
                .col(timestamp_with_time_zone(Bloqueos::CreatedAt))
                .primary_key(
                    Index::create()
                        .col(Bloqueos::UsuarioId)
                        .col(Bloqueos::BloqueadoId),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Bloqueos::Table, Bloqueos::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Bloqueos::Table, Bloqueos::BloqueadoId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Bloqueos::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Invitaciones::Table).to_owned())
            .await
    }
}
