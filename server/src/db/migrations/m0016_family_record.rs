//! The family record: an append-only, hash-chained list of acts per family, its head, the acts'
//! erasable content, signed checkpoints of the head, and the public keys that signed them.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RegistroCabezas {
    Table,
    FamiliaId,
    Entradas,
    Hash,
}

#[derive(DeriveIden)]
enum RegistroEntradas {
    Table,
    FamiliaId,
    Seq,
    Tipo,
    Actor,
    Hora,
    ContenidoHash,
    Previo,
    Hash,
}

#[derive(DeriveIden)]
enum RegistroContenidos {
    Table,
    FamiliaId,
    Seq,
    Contenido,
    Sujetos,
}

#[derive(DeriveIden)]
enum RegistroPuntosControl {
    Table,
    Id,
    FamiliaId,
    Entradas,
    Cabeza,
    Hora,
    ClaveId,
    Firma,
}

#[derive(DeriveIden)]
enum RegistroClaves {
    Table,
    Id,
    ClavePublica,
    Desde,
    Hasta,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

/// Erasing a family erases its record with it; nothing else deletes from these tables.
fn family_key<T: IntoIden>(table: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from_tbl(table)
        .from_col(Alias::new("familia_id"))
        .to(Familias::Table, Familias::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per family: every append updates it first, which is the lock that keeps one
        // chain (a row lock on PostgreSQL, the writer lock on SQLite).
        m.create_table(
            Table::create()
                .table(RegistroCabezas::Table)
                .col(string_len(RegistroCabezas::FamiliaId, 36).primary_key())
                .col(big_integer(RegistroCabezas::Entradas))
                .col(string_len(RegistroCabezas::Hash, 64))
                .foreign_key(&mut family_key(RegistroCabezas::Table))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RegistroEntradas::Table)
                .col(string_len(RegistroEntradas::FamiliaId, 36))
                .col(big_integer(RegistroEntradas::Seq))
                .col(string_len(RegistroEntradas::Tipo, 64))
                .col(string_len_null(RegistroEntradas::Actor, 36))
                // The exact text that was hashed (RFC 3339, UTC, milliseconds), not a timestamp
                // column a database could render differently.
                .col(string_len(RegistroEntradas::Hora, 32))
                .col(string_len(RegistroEntradas::ContenidoHash, 64))
                .col(string_len(RegistroEntradas::Previo, 64))
                .col(string_len(RegistroEntradas::Hash, 64))
                // A second writer that somehow missed the lock fails here instead of forking.
                .primary_key(
                    Index::create()
                        .col(RegistroEntradas::FamiliaId)
                        .col(RegistroEntradas::Seq),
                )
                .foreign_key(&mut family_key(RegistroEntradas::Table))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RegistroContenidos::Table)
                .col(string_len(RegistroContenidos::FamiliaId, 36))
                .col(big_integer(RegistroContenidos::Seq))
                // NULL once erased: the entry keeps the content's hash.
                .col(text_null(RegistroContenidos::Contenido))
                // Whom the content concerns, " usuario:<id> hijo:<id> ", so erasing a person
                // finds it.
                .col(text(RegistroContenidos::Sujetos))
                .primary_key(
                    Index::create()
                        .col(RegistroContenidos::FamiliaId)
                        .col(RegistroContenidos::Seq),
                )
                .foreign_key(&mut family_key(RegistroContenidos::Table))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RegistroPuntosControl::Table)
                .col(string_len(RegistroPuntosControl::Id, 36).primary_key())
                .col(string_len(RegistroPuntosControl::FamiliaId, 36))
                .col(big_integer(RegistroPuntosControl::Entradas))
                .col(string_len(RegistroPuntosControl::Cabeza, 64))
                .col(string_len(RegistroPuntosControl::Hora, 32))
                .col(string_len(RegistroPuntosControl::ClaveId, 16))
                .col(string_len(RegistroPuntosControl::Firma, 128))
                .foreign_key(&mut family_key(RegistroPuntosControl::Table))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_registro_puntos_familia")
                .table(RegistroPuntosControl::Table)
                .col(RegistroPuntosControl::FamiliaId)
                .col(RegistroPuntosControl::Hora)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RegistroClaves::Table)
                .col(string_len(RegistroClaves::Id, 16).primary_key())
                .col(string_len(RegistroClaves::ClavePublica, 64))
                .col(timestamp_with_time_zone(RegistroClaves::Desde))
                .col(timestamp_with_time_zone_null(RegistroClaves::Hasta))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RegistroClaves::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(RegistroPuntosControl::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(RegistroContenidos::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(RegistroEntradas::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(RegistroCabezas::Table).to_owned())
            .await
    }
}
