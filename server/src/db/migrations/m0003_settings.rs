//! Instance-wide secrets and settings that every server instance must share.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Ajustes {
    Table,
    Clave,
    Valor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Ajustes::Table)
                .col(string_len(Ajustes::Clave, 100).primary_key())
                .col(text(Ajustes::Valor))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Ajustes::Table).to_owned())
            .await
    }
}
