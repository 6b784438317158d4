//! The emergency card's share links: each a hash of its token, with its expiry, its revocation
//! and who made it, and the openings of each (when, and a coarse browser name; never an
//! address). A child's links go with the child; a link's openings go with the link.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TarjetaEnlaces {
    Table,
    Id,
    HijoId,
    TokenHash,
    CreadoPor,
    VenceAt,
    RevocadoAt,
    PrimeraAperturaAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TarjetaAperturas {
    Table,
    Id,
    EnlaceId,
    At,
    Navegador,
}

#[derive(DeriveIden)]
enum Hijos {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(TarjetaEnlaces::Table)
                .col(string(TarjetaEnlaces::Id).primary_key())
                .col(string(TarjetaEnlaces::HijoId))
                .col(string(TarjetaEnlaces::TokenHash).unique_key())
                // The maker's id; an erased maker leaves a link without a name, not a dangling id.
                .col(string_null(TarjetaEnlaces::CreadoPor))
                .col(timestamp_with_time_zone(TarjetaEnlaces::VenceAt))
                .col(timestamp_with_time_zone_null(TarjetaEnlaces::RevocadoAt))
                .col(timestamp_with_time_zone_null(
                    TarjetaEnlaces::PrimeraAperturaAt,
                ))
                .col(timestamp_with_time_zone(TarjetaEnlaces::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(TarjetaEnlaces::Table, TarjetaEnlaces::HijoId)
                        .to(Hijos::Table, Hijos::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tarjeta_enlaces_hijo")
                .table(TarjetaEnlaces::Table)
                .col(TarjetaEnlaces::HijoId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(TarjetaAperturas::Table)
                .col(string(TarjetaAperturas::Id).primary_key())
                .col(string(TarjetaAperturas::EnlaceId))
                .col(timestamp_with_time_zone(TarjetaAperturas::At))
                .col(string(TarjetaAperturas::Navegador))
                .foreign_key(
                    ForeignKey::create()
                        .from(TarjetaAperturas::Table, TarjetaAperturas::EnlaceId)
                        .to(TarjetaEnlaces::Table, TarjetaEnlaces::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tarjeta_aperturas_enlace")
                .table(TarjetaAperturas::Table)
                .col(TarjetaAperturas::EnlaceId)
                .to_owned(),
        )
        .await
    }
}
