//! Users, their sessions and one-time tokens, families and their members, rate-limit windows.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
    Nombre,
    Apellido,
    Email,
    Telefono,
    Foto,
    Language,
    PasswordHash,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sesiones {
    Table,
    Id,
    UsuarioId,
    TokenHash,
    UserAgent,
    Ip,
    CreatedAt,
    LastSeenAt,
}

#[derive(DeriveIden)]
enum Tokens {
    Table,
    Id,
    UsuarioId,
    Kind,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
    Nombre,
    ZonaHoraria,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Miembros {
    Table,
    Id,
    FamiliaId,
    UsuarioId,
    Relacion,
    Permiso,
    EsAdmin,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Key,
    Count,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Usuarios::Table)
                .col(string_len(Usuarios::Id, 36).primary_key())
                .col(string_len(Usuarios::Nombre, 100))
                .col(string_len(Usuarios::Apellido, 100))
                .col(string_len_uniq(Usuarios::Email, 254))
                .col(string_len_null(Usuarios::Telefono, 30))
                .col(string_len_null(Usuarios::Foto, 500))
                .col(string_len(Usuarios::Language, 2))
                .col(string_len(Usuarios::PasswordHash, 200))
                .col(timestamp_with_time_zone(Usuarios::CreatedAt))
                .col(timestamp_with_time_zone(Usuarios::UpdatedAt))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Sesiones::Table)
                .col(string_len(Sesiones::Id, 36).primary_key())
                .col(string_len(Sesiones::UsuarioId, 36))
                .col(string_len_uniq(Sesiones::TokenHash, 64))
                .col(string_len_null(Sesiones::UserAgent, 300))
                .col(string_len_null(Sesiones::Ip, 45))
                .col(timestamp_with_time_zone(Sesiones::CreatedAt))
                .col(timestamp_with_time_zone(Sesiones::LastSeenAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Sesiones::Table, Sesiones::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sesiones_usuario")
                .table(Sesiones::Table)
                .col(Sesiones::UsuarioId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Tokens::Table)
                .col(string_len(Tokens::Id, 36).primary_key())
                .col(string_len(Tokens::UsuarioId, 36))
                .col(string_len(Tokens::Kind, 30))
                .col(string_len_uniq(Tokens::TokenHash, 64))
                .col(timestamp_with_time_zone(Tokens::ExpiresAt))
                .col(timestamp_with_time_zone_null(Tokens::UsedAt))
                .col(timestamp_with_time_zone(Tokens::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Tokens::Table, Tokens::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tokens_usuario")
                .table(Tokens::Table)
                .col(Tokens::UsuarioId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Familias::Table)
                .col(string_len(Familias::Id, 36).primary_key())
                .col(string_len(Familias::Nombre, 100))
                .col(string_len(Familias::ZonaHoraria, 64))
                .col(timestamp_with_time_zone(Familias::CreatedAt))
                .col(timestamp_with_time_zone(Familias::UpdatedAt))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Miembros::Table)
                .col(string_len(Miembros::Id, 36).primary_key())
                .col(string_len(Miembros::FamiliaId, 36))
                .col(string_len(Miembros::UsuarioId, 36))
                .col(string_len(Miembros::Relacion, 20))
                .col(string_len(Miembros::Permiso, 20))
                .col(boolean(Miembros::EsAdmin))
                .col(timestamp_with_time_zone(Miembros::CreatedAt))
                .col(timestamp_with_time_zone(Miembros::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Miembros::Table, Miembros::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Miembros::Table, Miembros::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_miembros_familia_usuario")
                .table(Miembros::Table)
                .col(Miembros::FamiliaId)
                .col(Miembros::UsuarioId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_miembros_usuario")
                .table(Miembros::Table)
                .col(Miembros::UsuarioId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(RateLimits::Table)
                .col(string_len(RateLimits::Key, 200).primary_key())
                .col(integer(RateLimits::Count))
                .col(timestamp_with_time_zone(RateLimits::ExpiresAt))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            RateLimits::Table.into_iden(),
            Miembros::Table.into_iden(),
            Familias::Table.into_iden(),
            Tokens::Table.into_iden(),
            Sesiones::Table.into_iden(),
            Usuarios::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
