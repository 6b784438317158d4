//! Documents: a family's papers (`documentos`), the children each concerns (`documento_hijos`)
//! and every version of its file (`documento_versiones`), each stored encrypted under its key.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Documentos {
    Table,
    Id,
    FamiliaId,
    Titulo,
    /// The title folded (lower case, no accents) for search.
    TituloBusqueda,
    Categoria,
    Notas,
    Visibilidad,
    SubidoPor,
    Version,
    CreatedAt,
    UpdatedAt,
    EliminadoAt,
    EliminadoPor,
}

#[derive(DeriveIden)]
enum DocumentoHijos {
    Table,
    DocumentoId,
    HijoId,
}

#[derive(DeriveIden)]
enum DocumentoVersiones {
    Table,
    Id,
    DocumentoId,
    Numero,
    Clave,
    MiniaturaClave,
    Tipo,
    Nombre,
    Tamano,
    Sha256,
    SubidoPor,
    CreatedAt,
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

fn of_document(table: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, Alias::new("documento_id"))
        .to(Documentos::Table, Documentos::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Documentos::Table)
                .col(string_len(Documentos::Id, 36).primary_key())
                .col(string_len(Documentos::FamiliaId, 36))
                .col(string_len(Documentos::Titulo, 200))
                .col(string_len(Documentos::TituloBusqueda, 200))
                .col(string_len(Documentos::Categoria, 20))
                .col(text_null(Documentos::Notas))
                .col(string_len(Documentos::Visibilidad, 20))
                // Null once the uploader's account is erased.
                .col(string_len_null(Documentos::SubidoPor, 36))
                .col(integer(Documentos::Version))
                .col(timestamp_with_time_zone(Documentos::CreatedAt))
                .col(timestamp_with_time_zone(Documentos::UpdatedAt))
                .col(timestamp_with_time_zone_null(Documentos::EliminadoAt))
                .col(string_len_null(Documentos::EliminadoPor, 36))
                .foreign_key(
                    ForeignKey::create()
                        .from(Documentos::Table, Documentos::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_documentos_familia")
                .table(Documentos::Table)
                .col(Documentos::FamiliaId)
                .col((Documentos::Id, IndexOrder::Desc))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_documentos_eliminado")
                .table(Documentos::Table)
                .col(Documentos::EliminadoAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(DocumentoHijos::Table)
                .col(string_len(DocumentoHijos::DocumentoId, 36))
                .col(string_len(DocumentoHijos::HijoId, 36))
                .primary_key(
                    Index::create()
                        .col(DocumentoHijos::DocumentoId)
                        .col(DocumentoHijos::HijoId),
                )
                .foreign_key(&mut of_document(DocumentoHijos::Table))
                .foreign_key(
                    ForeignKey::create()
                        .from(DocumentoHijos::Table, DocumentoHijos::HijoId)
                        .to(Hijos::Table, Hijos::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_documento_hijos_hijo")
                .table(DocumentoHijos::Table)
                .col(DocumentoHijos::HijoId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(DocumentoVersiones::Table)
                .col(string_len(DocumentoVersiones::Id, 36).primary_key())
                .col(string_len(DocumentoVersiones::DocumentoId, 36))
                .col(integer(DocumentoVersiones::Numero))
                .col(string_len(DocumentoVersiones::Clave, 200))
                .col(string_len_null(DocumentoVersiones::MiniaturaClave, 200))
                .col(string_len(DocumentoVersiones::Tipo, 100))
                .col(string_len(DocumentoVersiones::Nombre, 255))
                .col(big_integer(DocumentoVersiones::Tamano))
                .col(string_len(DocumentoVersiones::Sha256, 64))
                .col(string_len_null(DocumentoVersiones::SubidoPor, 36))
                .col(timestamp_with_time_zone(DocumentoVersiones::CreatedAt))
                .foreign_key(&mut of_document(DocumentoVersiones::Table))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_documento_versiones_numero")
                .table(DocumentoVersiones::Table)
                .col(DocumentoVersiones::DocumentoId)
                .col(DocumentoVersiones::Numero)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_documento_versiones_clave")
                .table(DocumentoVersiones::Table)
                .col(DocumentoVersiones::Clave)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["documento_versiones", "documento_hijos", "documentos"] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
