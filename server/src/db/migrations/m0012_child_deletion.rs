//! A deleted child's record stays, hidden, for the days any co-parent may bring it back.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Hijos {
    Table,
    EliminadoAt,
    EliminadoPor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Hijos::Table)
                .add_column(timestamp_with_time_zone_null(Hijos::EliminadoAt))
                .to_owned(),
        )
        .await?;
        // No foreign key: the one who deleted may be erased before the record is, and SQLite
        // cannot add one to an existing table.
        m.alter_table(
            Table::alter()
                .table(Hijos::Table)
                .add_column(string_len_null(Hijos::EliminadoPor, 36))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_hijos_eliminado")
                .table(Hijos::Table)
                .col(Hijos::EliminadoAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_hijos_eliminado")
                .table(Hijos::Table)
                .to_owned(),
        )
        .await?;
        for column in [Hijos::EliminadoPor, Hijos::EliminadoAt] {
            m.alter_table(
                Table::alter()
                    .table(Hijos::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
