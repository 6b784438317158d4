//! A version per conversation, raised by every change to what its messages show (a message sent,
//! a first view, an author erased): a page of messages kept in memory is served only while the
//! version it was read at is still the conversation's, which every instance can check in the
//! shared database with one small read.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Conversaciones {
    Table,
    Version,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Conversaciones::Table)
                .add_column(big_integer(Conversaciones::Version).default(0))
                .to_owned(),
        )
        .await
    }
}
