//! Closing an account (deactivated at once, purged after a grace period) and the claims that let
//! several server instances share periodic jobs.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    DesactivadoAt,
    PurgaAt,
}

#[derive(DeriveIden)]
enum Trabajos {
    Table,
    Nombre,
    ProximaAt,
    UltimaAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(timestamp_with_time_zone_null(Usuarios::DesactivadoAt))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(timestamp_with_time_zone_null(Usuarios::PurgaAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_usuarios_purga")
                .table(Usuarios::Table)
                .col(Usuarios::PurgaAt)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Trabajos::Table)
                .col(string_len(Trabajos::Nombre, 60).primary_key())
                .col(timestamp_with_time_zone(Trabajos::ProximaAt))
                .col(timestamp_with_time_zone_null(Trabajos::UltimaAt))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Trabajos::Table).to_owned())
            .await?;
        m.drop_index(
            Index::drop()
                .name("idx_usuarios_purga")
                .table(Usuarios::Table)
                .to_owned(),
        )
        .await?;
        for column in [Usuarios::PurgaAt, Usuarios::DesactivadoAt] {
            m.alter_table(
                Table::alter()
                    .table(Usuarios::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
