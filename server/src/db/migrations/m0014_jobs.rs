//! One queue of jobs that run once, at their time, on whichever instance claims them first
//! (`platform::jobs`). It replaces the table of periodic runs (`trabajos`): periodic work is now
//! a job that schedules its next run.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tareas {
    Table,
    Id,
    Tipo,
    Datos,
    EjecutarAt,
    ReservadaHasta,
    Reserva,
    Intentos,
    UltimoError,
    Clave,
    FallidaAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Trabajos {
    Table,
    Nombre,
    ProximaAt,
    UltimaAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Tareas::Table)
                .col(string_len(Tareas::Id, 36).primary_key())
                .col(string_len(Tareas::Tipo, 60))
                .col(text(Tareas::Datos))
                .col(timestamp_with_time_zone(Tareas::EjecutarAt))
                // Null while free; a claim past this time is abandoned and may be taken again.
                .col(timestamp_with_time_zone_null(Tareas::ReservadaHasta))
                // The claim's own token, so that a runner whose lease ran out cannot settle a
                // job someone else has claimed since.
                .col(string_len_null(Tareas::Reserva, 36))
                .col(integer(Tareas::Intentos).default(0))
                .col(text_null(Tareas::UltimoError))
                .col(string_len_null(Tareas::Clave, 200))
                .col(timestamp_with_time_zone_null(Tareas::FallidaAt))
                .col(timestamp_with_time_zone(Tareas::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tareas_ejecutar")
                .table(Tareas::Table)
                .col(Tareas::EjecutarAt)
                .to_owned(),
        )
        .await?;
        // At most one job per key among those not given up on; the failed ones keep their key for
        // whoever inspects them. SeaQuery cannot write a partial index, and this text is the same
        // on SQLite and PostgreSQL.
        m.get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_tareas_clave ON tareas (clave) WHERE fallida_at IS NULL",
            )
            .await?;
        m.drop_table(Table::drop().table(Trabajos::Table).to_owned())
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Trabajos::Table)
                .col(string_len(Trabajos::Nombre, 60).primary_key())
                .col(timestamp_with_time_zone(Trabajos::ProximaAt))
                .col(timestamp_with_time_zone_null(Trabajos::UltimaAt))
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table(Tareas::Table).to_owned())
            .await
    }
}
