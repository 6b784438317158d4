//! Profiles: verified email addresses, and a value carried by a one-time token (the new address
//! of an email change).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    EmailVerificadoAt,
    EmailPendiente,
    EmailPendienteVenceAt,
}

#[derive(DeriveIden)]
enum Tokens {
    Table,
    Dato,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(timestamp_with_time_zone_null(Usuarios::EmailVerificadoAt))
                .to_owned(),
        )
        .await?;
        // Kept on the user as well as in the token, so that reading the profile costs no query.
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(string_len_null(Usuarios::EmailPendiente, 254))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(timestamp_with_time_zone_null(
                    Usuarios::EmailPendienteVenceAt,
                ))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Tokens::Table)
                .add_column(string_len_null(Tokens::Dato, 254))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Tokens::Table)
                .drop_column(Tokens::Dato)
                .to_owned(),
        )
        .await?;
        for column in [
            Usuarios::EmailPendienteVenceAt,
            Usuarios::EmailPendiente,
            Usuarios::EmailVerificadoAt,
        ] {
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
