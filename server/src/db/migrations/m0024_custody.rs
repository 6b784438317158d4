//! Custody: the dated versions of a family's parenting schedule, its holiday periods, swap
//! requests with the nights an accepted one moves, recorded handovers, and the exchange
//! reminders already sent.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Custodias {
    Table,
    Id,
    FamiliaId,
    Patron,
    Ciclo,
    Inicio,
    ProgenitorA,
    ProgenitorB,
    HoraIntercambio,
    CreadaPor,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CustodiaPeriodos {
    Table,
    Id,
    FamiliaId,
    Nombre,
    Desde,
    Hasta,
    Modo,
    UsuarioId,
    Anual,
    CreadoPor,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Cambios {
    Table,
    Id,
    FamiliaId,
    SolicitanteId,
    DestinatarioId,
    Noches,
    Devolucion,
    Motivo,
    ResponderAntesDe,
    Estado,
    RespondeA,
    RespondidoAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CambioNoches {
    Table,
    CambioId,
    Fecha,
    FamiliaId,
    UsuarioId,
    AceptadoAt,
}

#[derive(DeriveIden)]
enum Entregas {
    Table,
    Id,
    FamiliaId,
    Fecha,
    Ocurrio,
    Nota,
    RegistradaPor,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CustodiaRecordatorios {
    Table,
    FamiliaId,
    Fecha,
    EnviadoAt,
}

#[derive(DeriveIden)]
enum Familias {
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

async fn index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    cols: &[&str],
) -> Result<(), DbErr> {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    for col in cols {
        stmt.col(Alias::new(*col));
    }
    m.create_index(stmt.to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Custodias::Table)
                .col(string_len(Custodias::Id, 36).primary_key())
                .col(string_len(Custodias::FamiliaId, 36))
                .col(string_len(Custodias::Patron, 20))
                // The A/B letters of one cycle; null for the weekend patterns.
                .col(string_len_null(Custodias::Ciclo, 400))
                .col(date(Custodias::Inicio))
                .col(string_len(Custodias::ProgenitorA, 36))
                .col(string_len(Custodias::ProgenitorB, 36))
                .col(string_len(Custodias::HoraIntercambio, 5))
                .col(string_len_null(Custodias::CreadaPor, 36))
                .col(timestamp_with_time_zone(Custodias::CreatedAt))
                .foreign_key(&mut in_family(Custodias::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_custodias_familia_inicio",
            Custodias::Table,
            &["familia_id", "inicio"],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CustodiaPeriodos::Table)
                .col(string_len(CustodiaPeriodos::Id, 36).primary_key())
                .col(string_len(CustodiaPeriodos::FamiliaId, 36))
                .col(string_len(CustodiaPeriodos::Nombre, 200))
                .col(date(CustodiaPeriodos::Desde))
                .col(date(CustodiaPeriodos::Hasta))
                .col(string_len(CustodiaPeriodos::Modo, 20))
                .col(string_len(CustodiaPeriodos::UsuarioId, 36))
                .col(boolean(CustodiaPeriodos::Anual).default(false))
                .col(string_len_null(CustodiaPeriodos::CreadoPor, 36))
                .col(timestamp_with_time_zone(CustodiaPeriodos::CreatedAt))
                .foreign_key(&mut in_family(CustodiaPeriodos::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_custodia_periodos_familia",
            CustodiaPeriodos::Table,
            &["familia_id"],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Cambios::Table)
                .col(string_len(Cambios::Id, 36).primary_key())
                .col(string_len(Cambios::FamiliaId, 36))
                .col(string_len(Cambios::SolicitanteId, 36))
                .col(string_len(Cambios::DestinatarioId, 36))
                // JSON arrays of dates.
                .col(text(Cambios::Noches))
                .col(text(Cambios::Devolucion))
                .col(string_len(Cambios::Motivo, 1000))
                .col(timestamp_with_time_zone(Cambios::ResponderAntesDe))
                .col(string_len(Cambios::Estado, 20))
                .col(string_len_null(Cambios::RespondeA, 36))
                .col(timestamp_with_time_zone_null(Cambios::RespondidoAt))
                .col(timestamp_with_time_zone(Cambios::CreatedAt))
                .foreign_key(&mut in_family(Cambios::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_cambios_familia_estado",
            Cambios::Table,
            &["familia_id", "estado"],
        )
        .await?;
        // The expiry job looks for open requests past their deadline.
        index(
            m,
            "idx_cambios_estado_plazo",
            Cambios::Table,
            &["estado", "responder_antes_de"],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CambioNoches::Table)
                .col(string_len(CambioNoches::CambioId, 36))
                .col(date(CambioNoches::Fecha))
                .col(string_len(CambioNoches::FamiliaId, 36))
                .col(string_len(CambioNoches::UsuarioId, 36))
                .col(timestamp_with_time_zone(CambioNoches::AceptadoAt))
                .primary_key(
                    Index::create()
                        .col(CambioNoches::CambioId)
                        .col(CambioNoches::Fecha),
                )
                .foreign_key(
                    &mut ForeignKey::create()
                        .from(CambioNoches::Table, CambioNoches::CambioId)
                        .to(Cambios::Table, Cambios::Id)
                        .on_delete(ForeignKeyAction::Cascade)
                        .to_owned(),
                )
                .foreign_key(&mut in_family(CambioNoches::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_cambio_noches_familia_fecha",
            CambioNoches::Table,
            &["familia_id", "fecha"],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Entregas::Table)
                .col(string_len(Entregas::Id, 36).primary_key())
                .col(string_len(Entregas::FamiliaId, 36))
                .col(date(Entregas::Fecha))
                .col(timestamp_with_time_zone(Entregas::Ocurrio))
                .col(string_len_null(Entregas::Nota, 2000))
                .col(string_len_null(Entregas::RegistradaPor, 36))
                .col(timestamp_with_time_zone(Entregas::CreatedAt))
                .foreign_key(&mut in_family(Entregas::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_entregas_familia_fecha",
            Entregas::Table,
            &["familia_id", "fecha"],
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CustodiaRecordatorios::Table)
                .col(string_len(CustodiaRecordatorios::FamiliaId, 36))
                .col(date(CustodiaRecordatorios::Fecha))
                .col(timestamp_with_time_zone(CustodiaRecordatorios::EnviadoAt))
                .primary_key(
                    Index::create()
                        .col(CustodiaRecordatorios::FamiliaId)
                        .col(CustodiaRecordatorios::Fecha),
                )
                .foreign_key(&mut in_family(CustodiaRecordatorios::Table))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CustodiaRecordatorios::Table.into_iden(),
            Entregas::Table.into_iden(),
            CambioNoches::Table.into_iden(),
            Cambios::Table.into_iden(),
            CustodiaPeriodos::Table.into_iden(),
            Custodias::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
