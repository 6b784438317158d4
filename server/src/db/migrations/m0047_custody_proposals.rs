//! A parenting coordinator's proposals of a custody schedule or a holiday period
//! (`custodia_propuestas`): what was proposed, by which access, and who of the co-parents has
//! accepted it. It changes the custody only once every co-parent has (`calendar::custody::proposals`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CustodiaPropuestas {
    Table,
    Id,
    FamiliaId,
    AccesoId,
    PropuestaPor,
    Tipo,
    /// The schedule or the period, as checked when proposed (JSON).
    Datos,
    Nota,
    Estado,
    /// JSON list of the co-parents who accepted.
    Aceptaciones,
    ResueltaPor,
    ResueltaAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use CustodiaPropuestas as P;
        m.create_table(
            Table::create()
                .table(P::Table)
                .col(string_len(P::Id, 36).primary_key())
                .col(string_len(P::FamiliaId, 36))
                .col(string_len(P::AccesoId, 36))
                .col(string_len_null(P::PropuestaPor, 36))
                .col(string_len(P::Tipo, 20))
                .col(text(P::Datos))
                .col(text_null(P::Nota))
                .col(string_len(P::Estado, 20))
                .col(text(P::Aceptaciones))
                .col(string_len_null(P::ResueltaPor, 36))
                .col(timestamp_with_time_zone_null(P::ResueltaAt))
                .col(timestamp_with_time_zone(P::CreatedAt))
                .col(timestamp_with_time_zone(P::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(P::Table, P::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_custodia_propuestas_familia")
                .table(P::Table)
                .col(P::FamiliaId)
                .col(P::CreatedAt)
                .to_owned(),
        )
        .await
    }
}
