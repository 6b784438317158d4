//! Calendar events: each row a series (or a single event) with its recurrence, and the reminders
//! already sent for its occurrences, which is how several instances send each one once.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Eventos {
    Table,
    Id,
    FamiliaId,
    AutorId,
    Titulo,
    Tipo,
    Categoria,
    Inicio,
    Fin,
    TodoElDia,
    ZonaHoraria,
    Recurrencia,
    Excepciones,
    FechasExtra,
    Hijos,
    Lugar,
    Notas,
    Privado,
    Recordatorios,
    SerieId,
    Ocurrencia,
    PrimerInicio,
    UltimoInicio,
    ProximoAviso,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum EventoAvisos {
    Table,
    EventoId,
    Ocurrencia,
    Minutos,
    EnviadoAt,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Eventos::Table)
                .col(string_len(Eventos::Id, 36).primary_key())
                .col(string_len(Eventos::FamiliaId, 36))
                // Null once the author's account is erased.
                .col(string_len_null(Eventos::AutorId, 36))
                .col(string_len(Eventos::Titulo, 400))
                .col(string_len(Eventos::Tipo, 20))
                .col(string_len(Eventos::Categoria, 20))
                // Local wall-clock starts and ends (or dates) in `zona_horaria`, as given.
                .col(string_len(Eventos::Inicio, 19))
                .col(string_len(Eventos::Fin, 19))
                .col(boolean(Eventos::TodoElDia))
                .col(string_len(Eventos::ZonaHoraria, 64))
                .col(string_len_null(Eventos::Recurrencia, 400))
                // JSON lists of local starts, of child ids and of minutes.
                .col(text(Eventos::Excepciones))
                .col(text(Eventos::FechasExtra))
                .col(text(Eventos::Hijos))
                .col(string_len_null(Eventos::Lugar, 600))
                .col(text_null(Eventos::Notas))
                .col(boolean(Eventos::Privado))
                .col(text(Eventos::Recordatorios))
                // The series an occurrence's own change was taken out of, with its start there.
                .col(string_len_null(Eventos::SerieId, 36))
                .col(string_len_null(Eventos::Ocurrencia, 19))
                // The first and last start instants (the last null while the series never ends):
                // the events a window can hold, found without expanding every series.
                .col(timestamp_with_time_zone(Eventos::PrimerInicio))
                .col(timestamp_with_time_zone_null(Eventos::UltimoInicio))
                // When the reminders job must look at this event next; null: never again.
                .col(timestamp_with_time_zone_null(Eventos::ProximoAviso))
                .col(timestamp_with_time_zone(Eventos::CreatedAt))
                .col(timestamp_with_time_zone(Eventos::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Eventos::Table, Eventos::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_eventos_familia_inicio")
                .table(Eventos::Table)
                .col(Eventos::FamiliaId)
                .col(Eventos::PrimerInicio)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_eventos_primer_inicio")
                .table(Eventos::Table)
                .col(Eventos::PrimerInicio)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_eventos_proximo_aviso")
                .table(Eventos::Table)
                .col(Eventos::ProximoAviso)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(EventoAvisos::Table)
                .col(string_len(EventoAvisos::EventoId, 36))
                .col(string_len(EventoAvisos::Ocurrencia, 19))
                .col(integer(EventoAvisos::Minutos))
                .col(timestamp_with_time_zone(EventoAvisos::EnviadoAt))
                .primary_key(
                    Index::create()
                        .col(EventoAvisos::EventoId)
                        .col(EventoAvisos::Ocurrencia)
                        .col(EventoAvisos::Minutos),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(EventoAvisos::Table, EventoAvisos::EventoId)
                        .to(Eventos::Table, Eventos::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(EventoAvisos::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Eventos::Table).to_owned())
            .await
    }
}
