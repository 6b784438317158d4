//! Live events: each user's events with their own sequence (the stream's `id:`), the counter that
//! hands the sequence out, and the one-use tickets a browser opens a stream with.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum EventosVivos {
    Table,
    UsuarioId,
    Seq,
    Tipo,
    Datos,
    Creado,
}

#[derive(DeriveIden)]
enum EventosVivosContadores {
    Table,
    UsuarioId,
    Ultimo,
}

#[derive(DeriveIden)]
enum TiempoRealTickets {
    Table,
    Hash,
    UsuarioId,
    SesionId,
    Expira,
}

#[derive(DeriveIden)]
enum Usuarios {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Sesiones {
    Table,
    Id,
}

fn to_user(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Usuarios::Table, Usuarios::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // The row a publish locks for the user (`ON CONFLICT .. DO UPDATE`): on PostgreSQL it
        // orders the publishing transactions per user, so sequences commit in order.
        m.create_table(
            Table::create()
                .table(EventosVivosContadores::Table)
                .col(string_len(EventosVivosContadores::UsuarioId, 36).primary_key())
                .col(big_integer(EventosVivosContadores::Ultimo))
                .foreign_key(&mut to_user(
                    EventosVivosContadores::Table,
                    EventosVivosContadores::UsuarioId,
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(EventosVivos::Table)
                .col(string_len(EventosVivos::UsuarioId, 36))
                .col(big_integer(EventosVivos::Seq))
                .col(string_len(EventosVivos::Tipo, 60))
                .col(text(EventosVivos::Datos))
                .col(timestamp_with_time_zone(EventosVivos::Creado))
                .primary_key(
                    Index::create()
                        .col(EventosVivos::UsuarioId)
                        .col(EventosVivos::Seq),
                )
                .foreign_key(&mut to_user(EventosVivos::Table, EventosVivos::UsuarioId))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_eventos_vivos_creado")
                .table(EventosVivos::Table)
                .col(EventosVivos::Creado)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(TiempoRealTickets::Table)
                .col(string_len(TiempoRealTickets::Hash, 64).primary_key())
                .col(string_len(TiempoRealTickets::UsuarioId, 36))
                .col(string_len(TiempoRealTickets::SesionId, 36))
                .col(timestamp_with_time_zone(TiempoRealTickets::Expira))
                .foreign_key(&mut to_user(
                    TiempoRealTickets::Table,
                    TiempoRealTickets::UsuarioId,
                ))
                // A ticket dies with the session that asked for it.
                .foreign_key(
                    ForeignKey::create()
                        .from(TiempoRealTickets::Table, TiempoRealTickets::SesionId)
                        .to(Sesiones::Table, Sesiones::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tiempo_real_tickets_expira")
                .table(TiempoRealTickets::Table)
                .col(TiempoRealTickets::Expira)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TiempoRealTickets::Table.into_iden(),
            EventosVivos::Table.into_iden(),
            EventosVivosContadores::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
