//! Professional access (`accesos_profesionales`): a lawyer, a mediator or another professional
//! given read access to part of a family for a time. Granted by a co-parent for themselves
//! (`de-parte`) or for the family (`de-familia`, active once every co-parent has consented, the
//! ids of those who did in `consentimientos`); taken up by whoever accepts the mailed link from
//! the address invited (the link's secret kept hashed); ended by hand or by its expiry. The
//! scope is its areas, and optionally some children and a period. A professional who registers
//! with the link says what they do (`perfiles_profesionales`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AccesosProfesionales {
    Table,
    Id,
    FamiliaId,
    Tipo,
    Profesion,
    Email,
    Idioma,
    OtorgadoPor,
    ProfesionalId,
    /// JSON list of area names.
    Areas,
    /// JSON list of child ids; null for every child.
    Hijos,
    Desde,
    Hasta,
    VenceAt,
    /// JSON list of the co-parents' user ids who consented.
    Consentimientos,
    TokenHash,
    AceptadoAt,
    TerminadoAt,
    TerminadoPor,
    /// When its expiry was entered in the record (once).
    VencidoAt,
    /// When its grantor was told it ends within a week (once).
    AvisadoAt,
    CreatedAt,
    UpdatedAt,
}

/// What a professional says of themselves when they register with an access's link.
#[derive(DeriveIden)]
enum PerfilesProfesionales {
    Table,
    UsuarioId,
    Profesion,
    /// Their licence number, as they give it.
    Matricula,
    Organizacion,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use AccesosProfesionales as A;
        m.create_table(
            Table::create()
                .table(A::Table)
                .col(string_len(A::Id, 36).primary_key())
                .col(string_len(A::FamiliaId, 36))
                .col(string_len(A::Tipo, 20))
                .col(string_len(A::Profesion, 30))
                .col(string_len(A::Email, 254))
                .col(string_len(A::Idioma, 5))
                .col(string_len_null(A::OtorgadoPor, 36))
                .col(string_len_null(A::ProfesionalId, 36))
                .col(string_len(A::Areas, 200))
                .col(text_null(A::Hijos))
                .col(date_null(A::Desde))
                .col(date_null(A::Hasta))
                .col(timestamp_with_time_zone(A::VenceAt))
                .col(text(A::Consentimientos))
                .col(string_len_null(A::TokenHash, 64))
                .col(timestamp_with_time_zone_null(A::AceptadoAt))
                .col(timestamp_with_time_zone_null(A::TerminadoAt))
                .col(string_len_null(A::TerminadoPor, 36))
                .col(timestamp_with_time_zone_null(A::VencidoAt))
                .col(timestamp_with_time_zone_null(A::AvisadoAt))
                .col(timestamp_with_time_zone(A::CreatedAt))
                .col(timestamp_with_time_zone(A::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(A::Table, A::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        for (name, column) in [
            ("idx_accesos_profesionales_familia", A::FamiliaId),
            ("idx_accesos_profesionales_profesional", A::ProfesionalId),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(A::Table)
                    .col(column)
                    .to_owned(),
            )
            .await?;
        }
        m.create_index(
            Index::create()
                .name("idx_accesos_profesionales_token")
                .table(A::Table)
                .col(A::TokenHash)
                .unique()
                .to_owned(),
        )
        .await?;
        use PerfilesProfesionales as P;
        m.create_table(
            Table::create()
                .table(P::Table)
                .col(string_len(P::UsuarioId, 36).primary_key())
                .col(string_len(P::Profesion, 30))
                .col(string_len_null(P::Matricula, 60))
                .col(string_len_null(P::Organizacion, 120))
                .col(timestamp_with_time_zone(P::CreatedAt))
                .col(timestamp_with_time_zone(P::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(P::Table, P::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }
}
