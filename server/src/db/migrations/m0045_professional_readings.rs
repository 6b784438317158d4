//! What a professional read (`lecturas_profesionales`): one row per access, area and day of the
//! family's calendar, written the first time that day they read the area. It keeps the record to
//! one entry a day per area, and is the access log its grantor reads.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LecturasProfesionales {
    Table,
    AccesoId,
    Area,
    Dia,
    /// The first reading of that day.
    LeidoAt,
}

#[derive(DeriveIden)]
enum AccesosProfesionales {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use LecturasProfesionales as L;
        m.create_table(
            Table::create()
                .table(L::Table)
                .col(string_len(L::AccesoId, 36))
                .col(string_len(L::Area, 20))
                .col(date(L::Dia))
                .col(timestamp_with_time_zone(L::LeidoAt))
                .primary_key(Index::create().col(L::AccesoId).col(L::Dia).col(L::Area))
                .foreign_key(
                    ForeignKey::create()
                        .from(L::Table, L::AccesoId)
                        .to(AccesosProfesionales::Table, AccesosProfesionales::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }
}
