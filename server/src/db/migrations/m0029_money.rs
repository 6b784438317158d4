//! Money: a family's finance settings, expenses with their shares, children, answers and
//! recurring templates, payments between parents, and the running balances (`saldos`) that every
//! counted expense and confirmed payment moves in its own transaction.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Finanzas {
    Table,
    FamiliaId,
    Moneda,
    AprobacionAutomatica,
    Ingresos,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Gastos {
    Table,
    Id,
    FamiliaId,
    Descripcion,
    Monto,
    Moneda,
    Fecha,
    Categoria,
    PagadoPor,
    CreadoPor,
    Reparto,
    Notas,
    Estado,
    ReciboClave,
    ReciboTipo,
    ReciboTamano,
    RecurrenteId,
    ReintegroEntidad,
    ReintegroMonto,
    ReintegroFecha,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum GastoPartes {
    Table,
    GastoId,
    UsuarioId,
    Monto,
    Reintegro,
}

#[derive(DeriveIden)]
enum GastoHijos {
    Table,
    GastoId,
    HijoId,
}

#[derive(DeriveIden)]
enum GastoRespuestas {
    Table,
    Id,
    GastoId,
    UsuarioId,
    Decision,
    Motivo,
    Comentario,
    Propuesta,
    CreatedAt,
}

#[derive(DeriveIden)]
enum GastosRecurrentes {
    Table,
    Id,
    FamiliaId,
    CreadoPor,
    Plantilla,
    Dia,
    Proxima,
    Hasta,
    Activo,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Pagos {
    Table,
    Id,
    FamiliaId,
    De,
    Para,
    Monto,
    Moneda,
    Fecha,
    Metodo,
    Referencia,
    Estado,
    ComprobanteClave,
    ComprobanteTipo,
    ComprobanteTamano,
    CreadoPor,
    CreatedAt,
    RespondidoAt,
}

#[derive(DeriveIden)]
enum Saldos {
    Table,
    FamiliaId,
    Moneda,
    UsuarioId,
    Monto,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Hijos {
    Table,
    Id,
}

fn in_family(table: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, Alias::new("familia_id"))
        .to(Familias::Table, Familias::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn of_expense(table: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, Alias::new("gasto_id"))
        .to(Gastos::Table, Gastos::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    cols: &[(&str, bool)],
) -> Result<(), DbErr> {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    for (col, desc) in cols {
        if *desc {
            stmt.col((Alias::new(*col), IndexOrder::Desc));
        } else {
            stmt.col(Alias::new(*col));
        }
    }
    m.create_index(stmt.to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Finanzas::Table)
                .col(string_len(Finanzas::FamiliaId, 36).primary_key())
                .col(string_len(Finanzas::Moneda, 3))
                // JSON {moneda: monto}: expenses under it approve themselves.
                .col(text(Finanzas::AprobacionAutomatica))
                // JSON {usuarioId: monthly income in minor units}.
                .col(text(Finanzas::Ingresos))
                .col(timestamp_with_time_zone(Finanzas::UpdatedAt))
                .foreign_key(&mut in_family(Finanzas::Table))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Gastos::Table)
                .col(string_len(Gastos::Id, 36).primary_key())
                .col(string_len(Gastos::FamiliaId, 36))
                .col(string_len(Gastos::Descripcion, 400))
                .col(big_integer(Gastos::Monto))
                .col(string_len(Gastos::Moneda, 3))
                .col(date(Gastos::Fecha))
                .col(string_len(Gastos::Categoria, 40))
                .col(string_len(Gastos::PagadoPor, 36))
                .col(string_len(Gastos::CreadoPor, 36))
                // JSON {modo, participantes, pesos?} as given.
                .col(text(Gastos::Reparto))
                .col(text_null(Gastos::Notas))
                .col(string_len(Gastos::Estado, 20))
                .col(string_len_null(Gastos::ReciboClave, 200))
                .col(string_len_null(Gastos::ReciboTipo, 100))
                .col(big_integer_null(Gastos::ReciboTamano))
                .col(string_len_null(Gastos::RecurrenteId, 36))
                .col(string_len_null(Gastos::ReintegroEntidad, 200))
                .col(big_integer_null(Gastos::ReintegroMonto))
                .col(date_null(Gastos::ReintegroFecha))
                .col(timestamp_with_time_zone(Gastos::CreatedAt))
                .col(timestamp_with_time_zone(Gastos::UpdatedAt))
                .foreign_key(&mut in_family(Gastos::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_gastos_familia_fecha_id",
            Gastos::Table,
            &[("familia_id", false), ("fecha", true), ("id", true)],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(GastoPartes::Table)
                .col(string_len(GastoPartes::GastoId, 36))
                .col(string_len(GastoPartes::UsuarioId, 36))
                .col(big_integer(GastoPartes::Monto))
                // Their part of the insurer's refund, once recorded.
                .col(big_integer_null(GastoPartes::Reintegro))
                .primary_key(
                    Index::create()
                        .col(GastoPartes::GastoId)
                        .col(GastoPartes::UsuarioId),
                )
                .foreign_key(&mut of_expense(GastoPartes::Table))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(GastoHijos::Table)
                .col(string_len(GastoHijos::GastoId, 36))
                .col(string_len(GastoHijos::HijoId, 36))
                .primary_key(
                    Index::create()
                        .col(GastoHijos::GastoId)
                        .col(GastoHijos::HijoId),
                )
                .foreign_key(&mut of_expense(GastoHijos::Table))
                .foreign_key(
                    &mut ForeignKey::create()
                        .from(GastoHijos::Table, GastoHijos::HijoId)
                        .to(Hijos::Table, Hijos::Id)
                        .on_delete(ForeignKeyAction::Cascade)
                        .to_owned(),
                )
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_gasto_hijos_hijo",
            GastoHijos::Table,
            &[("hijo_id", false), ("gasto_id", false)],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(GastoRespuestas::Table)
                .col(string_len(GastoRespuestas::Id, 36).primary_key())
                .col(string_len(GastoRespuestas::GastoId, 36))
                .col(string_len(GastoRespuestas::UsuarioId, 36))
                .col(string_len(GastoRespuestas::Decision, 20))
                .col(string_len_null(GastoRespuestas::Motivo, 40))
                .col(text_null(GastoRespuestas::Comentario))
                .col(text_null(GastoRespuestas::Propuesta))
                .col(timestamp_with_time_zone(GastoRespuestas::CreatedAt))
                .foreign_key(&mut of_expense(GastoRespuestas::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_gasto_respuestas_gasto",
            GastoRespuestas::Table,
            &[("gasto_id", false), ("created_at", false)],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(GastosRecurrentes::Table)
                .col(string_len(GastosRecurrentes::Id, 36).primary_key())
                .col(string_len(GastosRecurrentes::FamiliaId, 36))
                .col(string_len(GastosRecurrentes::CreadoPor, 36))
                // JSON: the expense's checked fields, copied into each month's expense.
                .col(text(GastosRecurrentes::Plantilla))
                .col(integer(GastosRecurrentes::Dia))
                .col(date(GastosRecurrentes::Proxima))
                .col(date_null(GastosRecurrentes::Hasta))
                .col(boolean(GastosRecurrentes::Activo).default(true))
                .col(timestamp_with_time_zone(GastosRecurrentes::CreatedAt))
                .foreign_key(&mut in_family(GastosRecurrentes::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_gastos_recurrentes_proxima",
            GastosRecurrentes::Table,
            &[("activo", false), ("proxima", false)],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Pagos::Table)
                .col(string_len(Pagos::Id, 36).primary_key())
                .col(string_len(Pagos::FamiliaId, 36))
                .col(string_len(Pagos::De, 36))
                .col(string_len(Pagos::Para, 36))
                .col(big_integer(Pagos::Monto))
                .col(string_len(Pagos::Moneda, 3))
                .col(date(Pagos::Fecha))
                .col(string_len_null(Pagos::Metodo, 100))
                .col(string_len_null(Pagos::Referencia, 200))
                .col(string_len(Pagos::Estado, 20))
                .col(string_len_null(Pagos::ComprobanteClave, 200))
                .col(string_len_null(Pagos::ComprobanteTipo, 100))
                .col(big_integer_null(Pagos::ComprobanteTamano))
                .col(string_len(Pagos::CreadoPor, 36))
                .col(timestamp_with_time_zone(Pagos::CreatedAt))
                .col(timestamp_with_time_zone_null(Pagos::RespondidoAt))
                .foreign_key(&mut in_family(Pagos::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_pagos_familia_fecha_id",
            Pagos::Table,
            &[("familia_id", false), ("fecha", true), ("id", true)],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Saldos::Table)
                .col(string_len(Saldos::FamiliaId, 36))
                .col(string_len(Saldos::Moneda, 3))
                .col(string_len(Saldos::UsuarioId, 36))
                .col(big_integer(Saldos::Monto))
                .primary_key(
                    Index::create()
                        .col(Saldos::FamiliaId)
                        .col(Saldos::Moneda)
                        .col(Saldos::UsuarioId),
                )
                .foreign_key(&mut in_family(Saldos::Table))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Saldos::Table.into_iden(),
            Pagos::Table.into_iden(),
            GastosRecurrentes::Table.into_iden(),
            GastoRespuestas::Table.into_iden(),
            GastoHijos::Table.into_iden(),
            GastoPartes::Table.into_iden(),
            Gastos::Table.into_iden(),
            Finanzas::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
