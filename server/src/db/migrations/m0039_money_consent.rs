//! Money that needs both parents: proposals to change a family's finance settings
//! (`finanzas_propuestas`) and a child-support agreement (`cuota_propuestas`), which apply only
//! once the other side accepts; when an expense began to count without its approvers' answers
//! (`gastos.aprobado_auto_en`, so they may still dispute it); and the amount or split a dispute,
//! or its creator's reply, proposes (`gasto_respuestas.monto_propuesto`, `reparto_propuesto`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FinanzasPropuestas {
    Table,
    Id,
    FamiliaId,
    PropuestaPor,
    Cambios,
    Anteriores,
    Aceptaron,
    Estado,
    RespondidaPor,
    CreadaEn,
    ResueltaEn,
}

#[derive(DeriveIden)]
enum CuotaPropuestas {
    Table,
    Id,
    CuotaId,
    FamiliaId,
    PropuestaPor,
    Responde,
    Tipo,
    Cambios,
    Estado,
    CreadaEn,
    ResueltaEn,
}

#[derive(DeriveIden)]
enum Gastos {
    Table,
    AprobadoAutoEn,
}

#[derive(DeriveIden)]
enum GastoRespuestas {
    Table,
    MontoPropuesto,
    RepartoPropuesto,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Cuotas {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(FinanzasPropuestas::Table)
                .col(string_len(FinanzasPropuestas::Id, 36).primary_key())
                .col(string_len(FinanzasPropuestas::FamiliaId, 36))
                // Null once the account behind it is erased.
                .col(string_len_null(FinanzasPropuestas::PropuestaPor, 36))
                // JSON {aprobacionAutomatica: {moneda: monto}, ingresos: {usuarioId: monto|null}}.
                .col(text(FinanzasPropuestas::Cambios))
                // The same keys with the values they had when it was proposed.
                .col(text(FinanzasPropuestas::Anteriores))
                // JSON array of the co-parents who accepted so far.
                .col(text(FinanzasPropuestas::Aceptaron))
                .col(string_len(FinanzasPropuestas::Estado, 12))
                .col(string_len_null(FinanzasPropuestas::RespondidaPor, 36))
                .col(timestamp_with_time_zone(FinanzasPropuestas::CreadaEn))
                .col(timestamp_with_time_zone_null(
                    FinanzasPropuestas::ResueltaEn,
                ))
                .foreign_key(
                    ForeignKey::create()
                        .from(FinanzasPropuestas::Table, FinanzasPropuestas::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_finanzas_propuestas_familia")
                .table(FinanzasPropuestas::Table)
                .col(FinanzasPropuestas::FamiliaId)
                .col(FinanzasPropuestas::Estado)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CuotaPropuestas::Table)
                .col(string_len(CuotaPropuestas::Id, 36).primary_key())
                .col(string_len(CuotaPropuestas::CuotaId, 36))
                .col(string_len(CuotaPropuestas::FamiliaId, 36))
                .col(string_len_null(CuotaPropuestas::PropuestaPor, 36))
                // Who must accept it: the side the change goes against.
                .col(string_len_null(CuotaPropuestas::Responde, 36))
                // `ajuste` (an amount from a date) or `cambio` (paused, resumed, an end).
                .col(string_len(CuotaPropuestas::Tipo, 12))
                .col(text(CuotaPropuestas::Cambios))
                .col(string_len(CuotaPropuestas::Estado, 12))
                .col(timestamp_with_time_zone(CuotaPropuestas::CreadaEn))
                .col(timestamp_with_time_zone_null(CuotaPropuestas::ResueltaEn))
                .foreign_key(
                    ForeignKey::create()
                        .from(CuotaPropuestas::Table, CuotaPropuestas::CuotaId)
                        .to(Cuotas::Table, Cuotas::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_cuota_propuestas_cuota")
                .table(CuotaPropuestas::Table)
                .col(CuotaPropuestas::CuotaId)
                .col(CuotaPropuestas::Estado)
                .to_owned(),
        )
        .await?;

        // SQLite adds one column per statement.
        m.alter_table(
            Table::alter()
                .table(Gastos::Table)
                .add_column(timestamp_with_time_zone_null(Gastos::AprobadoAutoEn))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(GastoRespuestas::Table)
                .add_column(big_integer_null(GastoRespuestas::MontoPropuesto))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(GastoRespuestas::Table)
                .add_column(text_null(GastoRespuestas::RepartoPropuesto))
                .to_owned(),
        )
        .await?;
        // Nobody can answer an expense that counts: one that counts with no answer at all
        // approved itself (or had nobody else to ask, whom no dispute can come from).
        m.get_connection()
            .execute_unprepared(
                "UPDATE gastos SET aprobado_auto_en = created_at \
                 WHERE estado = 'aprobado' AND NOT EXISTS (\
                   SELECT 1 FROM gasto_respuestas r WHERE r.gasto_id = gastos.id)",
            )
            .await?;
        Ok(())
    }
}
