//! Outside timestamps (RFC 3161): a signed checkpoint of a family record keeps its authority's
//! token (`registro_puntos_control.sello`, base64 DER, null until stamped), and a report keeps
//! who stamped its signature and when (`informes.sello_autoridad`, `sello_momento`), so that
//! checking it by its code still says so once its file is gone.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RegistroPuntosControl {
    Table,
    Sello,
}

#[derive(DeriveIden)]
enum Informes {
    Table,
    SelloAutoridad,
    SelloMomento,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        m.alter_table(
            Table::alter()
                .table(RegistroPuntosControl::Table)
                .add_column(text_null(RegistroPuntosControl::Sello))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Informes::Table)
                .add_column(text_null(Informes::SelloAutoridad))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Informes::Table)
                .add_column(timestamp_with_time_zone_null(Informes::SelloMomento))
                .to_owned(),
        )
        .await
    }
}
