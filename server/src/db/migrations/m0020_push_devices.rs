//! The devices a user gets web push notifications on: one browser's push subscription each.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DispositivosPush {
    Table,
    Id,
    UsuarioId,
    Endpoint,
    P256dh,
    Auth,
    Agente,
    Creado,
    UltimoUso,
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
                .table(DispositivosPush::Table)
                .col(string_len(DispositivosPush::Id, 36).primary_key())
                .col(string_len(DispositivosPush::UsuarioId, 36))
                // A subscription is its endpoint: the browser hands the same one back when it
                // subscribes again, and no two users can hold it.
                .col(string_len(DispositivosPush::Endpoint, 1024).unique_key())
                .col(string_len(DispositivosPush::P256dh, 128))
                .col(string_len(DispositivosPush::Auth, 64))
                .col(string_len(DispositivosPush::Agente, 80))
                .col(timestamp_with_time_zone(DispositivosPush::Creado))
                .col(timestamp_with_time_zone_null(DispositivosPush::UltimoUso))
                .foreign_key(
                    ForeignKey::create()
                        .from(DispositivosPush::Table, DispositivosPush::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_dispositivos_push_usuario")
                .table(DispositivosPush::Table)
                .col(DispositivosPush::UsuarioId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(DispositivosPush::Table).to_owned())
            .await
    }
}
