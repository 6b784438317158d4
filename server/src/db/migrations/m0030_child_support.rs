//! Child support: each agreement (`cuotas`), the history of its amount (`cuota_ajustes`), the
//! monthly dues it makes (`cuota_vencimientos`) and the payments that settle them
//! (`cuota_pagos`). Amounts are integer minor units.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Cuotas {
    Table,
    Id,
    FamiliaId,
    PagadorId,
    BeneficiarioId,
    Moneda,
    Modo,
    Monto,
    PorcentajePb,
    IngresoDeclarado,
    DiaVencimiento,
    Desde,
    Hasta,
    GenerarDesde,
    Activa,
    Hijos,
    Notas,
    Credito,
    CreadaPor,
    CreadaEn,
    ActualizadaEn,
}

#[derive(DeriveIden)]
enum CuotaAjustes {
    Table,
    Id,
    CuotaId,
    Desde,
    Tipo,
    PorcentajePb,
    IndiceAnterior,
    IndiceNuevo,
    IngresoDeclarado,
    MontoAnterior,
    Monto,
    CreadoPor,
    CreadoEn,
}

#[derive(DeriveIden)]
enum CuotaVencimientos {
    Table,
    CuotaId,
    Periodo,
    FamiliaId,
    Vence,
    Monto,
    Pagado,
    AvisadoEn,
    CreadoEn,
}

#[derive(DeriveIden)]
enum CuotaPagos {
    Table,
    Id,
    CuotaId,
    FamiliaId,
    Monto,
    Fecha,
    Metodo,
    Referencia,
    Estado,
    RegistradoPor,
    CreadoEn,
    RespondidoEn,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

fn of_cuota(table: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, Alias::new("cuota_id"))
        .to(Cuotas::Table, Cuotas::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Cuotas::Table)
                .col(string_len(Cuotas::Id, 36).primary_key())
                .col(string_len(Cuotas::FamiliaId, 36))
                // Null once the account behind it is erased: the agreement stays for the other.
                .col(string_len_null(Cuotas::PagadorId, 36))
                .col(string_len_null(Cuotas::BeneficiarioId, 36))
                .col(string_len(Cuotas::Moneda, 3))
                .col(string_len(Cuotas::Modo, 12))
                .col(big_integer(Cuotas::Monto))
                .col(big_integer_null(Cuotas::PorcentajePb))
                .col(big_integer_null(Cuotas::IngresoDeclarado))
                .col(integer(Cuotas::DiaVencimiento))
                .col(date(Cuotas::Desde))
                .col(date_null(Cuotas::Hasta))
                // Dues are made for due dates from here on: the start, or the day it was
                // last made active again (a paused agreement owes nothing for the pause).
                .col(date(Cuotas::GenerarDesde))
                .col(boolean(Cuotas::Activa))
                .col(text(Cuotas::Hijos))
                .col(text_null(Cuotas::Notas))
                // Paid beyond every due made so far: taken by the next dues as they are made.
                .col(big_integer(Cuotas::Credito).default(0))
                .col(string_len_null(Cuotas::CreadaPor, 36))
                .col(timestamp_with_time_zone(Cuotas::CreadaEn))
                .col(timestamp_with_time_zone(Cuotas::ActualizadaEn))
                .foreign_key(
                    ForeignKey::create()
                        .from(Cuotas::Table, Cuotas::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_cuotas_familia")
                .table(Cuotas::Table)
                .col(Cuotas::FamiliaId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CuotaAjustes::Table)
                .col(string_len(CuotaAjustes::Id, 36).primary_key())
                .col(string_len(CuotaAjustes::CuotaId, 36))
                .col(date(CuotaAjustes::Desde))
                .col(string_len(CuotaAjustes::Tipo, 12))
                .col(big_integer_null(CuotaAjustes::PorcentajePb))
                .col(string_len_null(CuotaAjustes::IndiceAnterior, 40))
                .col(string_len_null(CuotaAjustes::IndiceNuevo, 40))
                .col(big_integer_null(CuotaAjustes::IngresoDeclarado))
                .col(big_integer_null(CuotaAjustes::MontoAnterior))
                .col(big_integer(CuotaAjustes::Monto))
                .col(string_len_null(CuotaAjustes::CreadoPor, 36))
                .col(timestamp_with_time_zone(CuotaAjustes::CreadoEn))
                .foreign_key(&mut of_cuota(CuotaAjustes::Table))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_cuota_ajustes_cuota_desde")
                .table(CuotaAjustes::Table)
                .col(CuotaAjustes::CuotaId)
                .col(CuotaAjustes::Desde)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CuotaVencimientos::Table)
                .col(string_len(CuotaVencimientos::CuotaId, 36))
                .col(string_len(CuotaVencimientos::Periodo, 7))
                .col(string_len(CuotaVencimientos::FamiliaId, 36))
                .col(date(CuotaVencimientos::Vence))
                .col(big_integer(CuotaVencimientos::Monto))
                .col(big_integer(CuotaVencimientos::Pagado).default(0))
                // When both parents were told it is overdue: the claim that tells them once.
                .col(timestamp_with_time_zone_null(CuotaVencimientos::AvisadoEn))
                .col(timestamp_with_time_zone(CuotaVencimientos::CreadoEn))
                .primary_key(
                    Index::create()
                        .col(CuotaVencimientos::CuotaId)
                        .col(CuotaVencimientos::Periodo),
                )
                .foreign_key(&mut of_cuota(CuotaVencimientos::Table))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_cuota_vencimientos_vence")
                .table(CuotaVencimientos::Table)
                .col(CuotaVencimientos::Vence)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CuotaPagos::Table)
                .col(string_len(CuotaPagos::Id, 36).primary_key())
                .col(string_len(CuotaPagos::CuotaId, 36))
                .col(string_len(CuotaPagos::FamiliaId, 36))
                .col(big_integer(CuotaPagos::Monto))
                .col(date(CuotaPagos::Fecha))
                .col(string_len_null(CuotaPagos::Metodo, 100))
                .col(string_len_null(CuotaPagos::Referencia, 200))
                .col(string_len(CuotaPagos::Estado, 12))
                .col(string_len_null(CuotaPagos::RegistradoPor, 36))
                .col(timestamp_with_time_zone(CuotaPagos::CreadoEn))
                .col(timestamp_with_time_zone_null(CuotaPagos::RespondidoEn))
                .foreign_key(&mut of_cuota(CuotaPagos::Table))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_cuota_pagos_cuota_fecha")
                .table(CuotaPagos::Table)
                .col(CuotaPagos::CuotaId)
                .col(CuotaPagos::Fecha)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CuotaPagos::Table.into_iden(),
            CuotaVencimientos::Table.into_iden(),
            CuotaAjustes::Table.into_iden(),
            Cuotas::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
