//! The public site: contact messages, help-article feedback and status-page notices.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MensajesContacto {
    Table,
    Id,
    Nombre,
    Email,
    Asunto,
    Mensaje,
    Language,
    AvisadoAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ValoracionesAyuda {
    Table,
    Id,
    Categoria,
    Articulo,
    Util,
    Language,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AvisosEstado {
    Table,
    Id,
    Tipo,
    Titulo,
    Descripcion,
    Desde,
    Hasta,
    ResueltoAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(MensajesContacto::Table)
                .col(string_len(MensajesContacto::Id, 36).primary_key())
                .col(string_len(MensajesContacto::Nombre, 100))
                .col(string_len(MensajesContacto::Email, 254))
                .col(string_len(MensajesContacto::Asunto, 200))
                .col(text(MensajesContacto::Mensaje))
                .col(string_len(MensajesContacto::Language, 2))
                // Set once the support address has the message: the clean-up resends the rest.
                .col(timestamp_with_time_zone_null(MensajesContacto::AvisadoAt))
                .col(timestamp_with_time_zone(MensajesContacto::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_mensajes_contacto_avisado")
                .table(MensajesContacto::Table)
                .col(MensajesContacto::AvisadoAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(ValoracionesAyuda::Table)
                .col(string_len(ValoracionesAyuda::Id, 36).primary_key())
                .col(string_len(ValoracionesAyuda::Categoria, 60))
                .col(string_len(ValoracionesAyuda::Articulo, 60))
                .col(boolean(ValoracionesAyuda::Util))
                .col(string_len(ValoracionesAyuda::Language, 2))
                .col(timestamp_with_time_zone(ValoracionesAyuda::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_valoraciones_articulo")
                .table(ValoracionesAyuda::Table)
                .col(ValoracionesAyuda::Categoria)
                .col(ValoracionesAyuda::Articulo)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AvisosEstado::Table)
                .col(string_len(AvisosEstado::Id, 36).primary_key())
                .col(string_len(AvisosEstado::Tipo, 20))
                .col(string_len(AvisosEstado::Titulo, 200))
                .col(text(AvisosEstado::Descripcion))
                .col(timestamp_with_time_zone(AvisosEstado::Desde))
                .col(timestamp_with_time_zone_null(AvisosEstado::Hasta))
                .col(timestamp_with_time_zone_null(AvisosEstado::ResueltoAt))
                .col(timestamp_with_time_zone(AvisosEstado::CreatedAt))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AvisosEstado::Table.into_iden(),
            ValoracionesAyuda::Table.into_iden(),
            MensajesContacto::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
