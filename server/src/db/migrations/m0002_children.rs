//! Children and the lists each child has: activities, medical appointments, emergency contacts.
//! School and medical information are the child's own columns; short lists of text (allergies,
//! weekdays, ...) are JSON arrays in a text column, read and written whole.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Hijos {
    Table,
    Id,
    FamiliaId,
    Nombre,
    Apellido,
    FechaNacimiento,
    Genero,
    GrupoSanguineo,
    NumeroSeguroSocial,
    FotoKey,
    MiniaturaKey,
    Escuela,
    Grado,
    ProfesorPrincipal,
    TelefonoEscuela,
    HorarioEntrada,
    HorarioSalida,
    DoctorNombre,
    DoctorTelefono,
    Alergias,
    Medicamentos,
    CondicionesEspeciales,
    NotasMedicas,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Actividades {
    Table,
    Id,
    HijoId,
    Nombre,
    Lugar,
    Horario,
    DiasSemana,
    HoraInicio,
    HoraFin,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TurnosMedicos {
    Table,
    Id,
    HijoId,
    TipoConsulta,
    Estado,
    FechaHora,
    MedicoNombre,
    MedicoEspecialidad,
    Notas,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ContactosEmergencia {
    Table,
    Id,
    HijoId,
    Nombre,
    Relacion,
    Telefono,
    Email,
    Prioridad,
    CreatedAt,
    UpdatedAt,
}

fn belongs_to_child<T: IntoIden + 'static>(table: T, column: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Hijos::Table, Hijos::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Hijos::Table)
                .col(string_len(Hijos::Id, 36).primary_key())
                .col(string_len(Hijos::FamiliaId, 36))
                .col(string_len(Hijos::Nombre, 100))
                .col(string_len(Hijos::Apellido, 100))
                .col(date(Hijos::FechaNacimiento))
                .col(string_len(Hijos::Genero, 20))
                .col(string_len_null(Hijos::GrupoSanguineo, 3))
                .col(string_len_null(Hijos::NumeroSeguroSocial, 40))
                .col(string_len_null(Hijos::FotoKey, 200))
                .col(string_len_null(Hijos::MiniaturaKey, 200))
                .col(string_len_null(Hijos::Escuela, 150))
                .col(string_len_null(Hijos::Grado, 50))
                .col(string_len_null(Hijos::ProfesorPrincipal, 100))
                .col(string_len_null(Hijos::TelefonoEscuela, 30))
                .col(string_len_null(Hijos::HorarioEntrada, 5))
                .col(string_len_null(Hijos::HorarioSalida, 5))
                .col(string_len_null(Hijos::DoctorNombre, 100))
                .col(string_len_null(Hijos::DoctorTelefono, 30))
                .col(text(Hijos::Alergias))
                .col(text(Hijos::Medicamentos))
                .col(text(Hijos::CondicionesEspeciales))
                .col(text_null(Hijos::NotasMedicas))
                .col(timestamp_with_time_zone(Hijos::CreatedAt))
                .col(timestamp_with_time_zone(Hijos::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Hijos::Table, Hijos::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_hijos_familia")
                .table(Hijos::Table)
                .col(Hijos::FamiliaId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Actividades::Table)
                .col(string_len(Actividades::Id, 36).primary_key())
                .col(string_len(Actividades::HijoId, 36))
                .col(string_len(Actividades::Nombre, 100))
                .col(string_len_null(Actividades::Lugar, 150))
                .col(string_len_null(Actividades::Horario, 100))
                .col(text(Actividades::DiasSemana))
                .col(string_len_null(Actividades::HoraInicio, 5))
                .col(string_len_null(Actividades::HoraFin, 5))
                .col(timestamp_with_time_zone(Actividades::CreatedAt))
                .col(timestamp_with_time_zone(Actividades::UpdatedAt))
                .foreign_key(&mut belongs_to_child(
                    Actividades::Table,
                    Actividades::HijoId,
                ))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(TurnosMedicos::Table)
                .col(string_len(TurnosMedicos::Id, 36).primary_key())
                .col(string_len(TurnosMedicos::HijoId, 36))
                .col(string_len(TurnosMedicos::TipoConsulta, 100))
                .col(string_len(TurnosMedicos::Estado, 20))
                .col(timestamp_with_time_zone(TurnosMedicos::FechaHora))
                .col(string_len_null(TurnosMedicos::MedicoNombre, 100))
                .col(string_len_null(TurnosMedicos::MedicoEspecialidad, 100))
                .col(text_null(TurnosMedicos::Notas))
                .col(timestamp_with_time_zone(TurnosMedicos::CreatedAt))
                .col(timestamp_with_time_zone(TurnosMedicos::UpdatedAt))
                .foreign_key(&mut belongs_to_child(
                    TurnosMedicos::Table,
                    TurnosMedicos::HijoId,
                ))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(ContactosEmergencia::Table)
                .col(string_len(ContactosEmergencia::Id, 36).primary_key())
                .col(string_len(ContactosEmergencia::HijoId, 36))
                .col(string_len(ContactosEmergencia::Nombre, 100))
                .col(string_len(ContactosEmergencia::Relacion, 50))
                .col(string_len(ContactosEmergencia::Telefono, 30))
                .col(string_len_null(ContactosEmergencia::Email, 254))
                .col(integer_null(ContactosEmergencia::Prioridad))
                .col(timestamp_with_time_zone(ContactosEmergencia::CreatedAt))
                .col(timestamp_with_time_zone(ContactosEmergencia::UpdatedAt))
                .foreign_key(&mut belongs_to_child(
                    ContactosEmergencia::Table,
                    ContactosEmergencia::HijoId,
                ))
                .to_owned(),
        )
        .await?;

        for (name, table, column) in [
            (
                "idx_actividades_hijo",
                Actividades::Table.into_iden(),
                Actividades::HijoId.into_iden(),
            ),
            (
                "idx_turnos_hijo",
                TurnosMedicos::Table.into_iden(),
                TurnosMedicos::HijoId.into_iden(),
            ),
            (
                "idx_contactos_hijo",
                ContactosEmergencia::Table.into_iden(),
                ContactosEmergencia::HijoId.into_iden(),
            ),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(table)
                    .col(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ContactosEmergencia::Table.into_iden(),
            TurnosMedicos::Table.into_iden(),
            Actividades::Table.into_iden(),
            Hijos::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
