//! Users get a time zone, as families have; family zones that the zone database does not know
//! (the shape-only check let them in) fall back to the product's home, so every stored zone can
//! be computed with.

use chrono_tz::Tz;
use sea_orm_migration::{prelude::*, schema::*, sea_orm::ConnectionTrait};

/// Spelled out rather than taken from `crate::time_zone`: a migration keeps meaning what it
/// meant when it ran.
const HOME: &str = "America/Argentina/Buenos_Aires";

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    ZonaHoraria,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    ZonaHoraria,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .add_column(string_len(Usuarios::ZonaHoraria, 64).default(HOME))
                .to_owned(),
        )
        .await?;

        let db = m.get_connection();
        let zones = db
            .query_all(
                Query::select()
                    .distinct()
                    .column(Familias::ZonaHoraria)
                    .from(Familias::Table),
            )
            .await?;
        for row in zones {
            let zone: String = row.try_get("", &Familias::ZonaHoraria.to_string())?;
            // One statement per distinct bad name fixes every family that shares it.
            if zone.parse::<Tz>().is_ok() {
                continue;
            }
            db.execute(
                Query::update()
                    .table(Familias::Table)
                    .value(Familias::ZonaHoraria, HOME)
                    .and_where(Expr::col(Familias::ZonaHoraria).eq(zone)),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Usuarios::Table)
                .drop_column(Usuarios::ZonaHoraria)
                .to_owned(),
        )
        .await
    }
}
