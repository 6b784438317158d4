//! Notifications: the notices each user receives, their per-kind choice of mail and push, and
//! their quiet hours, discreet mode and summary mail.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Notificaciones {
    Table,
    Id,
    UsuarioId,
    FamiliaId,
    Tipo,
    Datos,
    Enlace,
    LeidaAt,
    Creada,
    Entrega,
}

#[derive(DeriveIden)]
enum PreferenciasNotificacion {
    Table,
    UsuarioId,
    Tipo,
    Email,
    Push,
}

#[derive(DeriveIden)]
enum AjustesNotificacion {
    Table,
    UsuarioId,
    SilencioDesde,
    SilencioHasta,
    Discreto,
    Resumen,
    ResumenEnviado,
}

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

fn owner(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Usuarios::Table, Usuarios::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Notificaciones::Table)
                .col(string_len(Notificaciones::Id, 36).primary_key())
                .col(string_len(Notificaciones::UsuarioId, 36))
                .col(string_len_null(Notificaciones::FamiliaId, 36))
                .col(string_len(Notificaciones::Tipo, 40))
                .col(text(Notificaciones::Datos))
                .col(string_len_null(Notificaciones::Enlace, 300))
                .col(timestamp_with_time_zone_null(Notificaciones::LeidaAt))
                .col(timestamp_with_time_zone(Notificaciones::Creada))
                // pendiente, enviada or retenida (held by quiet hours).
                .col(string_len(Notificaciones::Entrega, 10))
                .foreign_key(&mut owner(Notificaciones::Table, Notificaciones::UsuarioId))
                .to_owned(),
        )
        .await?;
        // The centre's pages, newest first, and the unread count.
        m.create_index(
            Index::create()
                .name("idx_notificaciones_usuario_creada")
                .table(Notificaciones::Table)
                .col(Notificaciones::UsuarioId)
                .col(Notificaciones::Creada)
                .col(Notificaciones::Id)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_notificaciones_usuario_leida")
                .table(Notificaciones::Table)
                .col(Notificaciones::UsuarioId)
                .col(Notificaciones::LeidaAt)
                .to_owned(),
        )
        .await?;
        // The quiet-hours release looks for held notices.
        m.create_index(
            Index::create()
                .name("idx_notificaciones_entrega")
                .table(Notificaciones::Table)
                .col(Notificaciones::Entrega)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_notificaciones_familia")
                .table(Notificaciones::Table)
                .col(Notificaciones::FamiliaId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(PreferenciasNotificacion::Table)
                .col(string_len(PreferenciasNotificacion::UsuarioId, 36))
                .col(string_len(PreferenciasNotificacion::Tipo, 40))
                .col(boolean(PreferenciasNotificacion::Email))
                .col(boolean(PreferenciasNotificacion::Push))
                .primary_key(
                    Index::create()
                        .col(PreferenciasNotificacion::UsuarioId)
                        .col(PreferenciasNotificacion::Tipo),
                )
                .foreign_key(&mut owner(
                    PreferenciasNotificacion::Table,
                    PreferenciasNotificacion::UsuarioId,
                ))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AjustesNotificacion::Table)
                .col(string_len(AjustesNotificacion::UsuarioId, 36).primary_key())
                .col(string_len_null(AjustesNotificacion::SilencioDesde, 5))
                .col(string_len_null(AjustesNotificacion::SilencioHasta, 5))
                .col(boolean(AjustesNotificacion::Discreto))
                .col(string_len(AjustesNotificacion::Resumen, 10))
                .col(timestamp_with_time_zone_null(
                    AjustesNotificacion::ResumenEnviado,
                ))
                .foreign_key(&mut owner(
                    AjustesNotificacion::Table,
                    AjustesNotificacion::UsuarioId,
                ))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AjustesNotificacion::Table.into_iden(),
            PreferenciasNotificacion::Table.into_iden(),
            Notificaciones::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
