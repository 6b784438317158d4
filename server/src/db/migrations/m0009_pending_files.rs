//! Files whose fate is being decided: written before the row that will point at them, or about to
//! be removed after the row that pointed at them changes. A crash in between leaves the row here,
//! and the sweep settles it by looking at what the records point at.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ArchivosPendientes {
    Table,
    Clave,
    Instancia,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ArchivosPendientes::Table)
                .col(string_len(ArchivosPendientes::Clave, 255).primary_key())
                .col(string_len(ArchivosPendientes::Instancia, 36))
                .col(timestamp_with_time_zone(ArchivosPendientes::CreatedAt))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ArchivosPendientes::Table).to_owned())
            .await
    }
}
