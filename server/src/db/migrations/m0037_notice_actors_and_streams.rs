//! Who caused a notice (`notificaciones.actor_id`), so that blocking that person can hold back
//! the mail still waiting for it and erasing them can find the notices naming them; and the live
//! streams open now (`flujos_en_vivo`), one row each, so that every instance sharing the
//! database counts a user's streams. Older notices keep no actor: erasure finds them by the
//! name they carry, which is all a backfill could have matched them by.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Notificaciones {
    Table,
    ActorId,
}

#[derive(DeriveIden)]
enum FlujosEnVivo {
    Table,
    Id,
    UsuarioId,
    Latido,
}

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Notificaciones::Table)
                .add_column(string_len_null(Notificaciones::ActorId, 36))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_notificaciones_actor")
                .table(Notificaciones::Table)
                .col(Notificaciones::ActorId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(FlujosEnVivo::Table)
                .col(string_len(FlujosEnVivo::Id, 36).primary_key())
                .col(string_len(FlujosEnVivo::UsuarioId, 36))
                // Refreshed while the stream is open: a row whose beat stopped belongs to an
                // instance that died and counts no more.
                .col(timestamp_with_time_zone(FlujosEnVivo::Latido))
                .foreign_key(
                    ForeignKey::create()
                        .from(FlujosEnVivo::Table, FlujosEnVivo::UsuarioId)
                        .to(Usuarios::Table, Usuarios::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_flujos_en_vivo_usuario")
                .table(FlujosEnVivo::Table)
                .col(FlujosEnVivo::UsuarioId)
                .col(FlujosEnVivo::Latido)
                .to_owned(),
        )
        .await?;
        Ok(())
    }
}
