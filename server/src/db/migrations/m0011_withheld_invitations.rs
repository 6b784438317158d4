//! An invitation from someone the invitee blocked is kept but never delivered: the inviter sees
//! it as sent, the invitee never sees it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Invitaciones {
    Table,
    Retenida,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Invitaciones::Table)
                .add_column(boolean(Invitaciones::Retenida).default(false))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Invitaciones::Table)
                .drop_column(Invitaciones::Retenida)
                .to_owned(),
        )
        .await
    }
}
