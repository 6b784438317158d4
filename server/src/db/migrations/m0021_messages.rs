//! Messages: conversations of a family's members, their numbered messages that nobody edits or
//! deletes, each recipient's first view, the files attached to them, and each user's messages
//! settings.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Conversaciones {
    Table,
    Id,
    FamiliaId,
    Tema,
    Asunto,
    CreadaPor,
    Mensajes,
    UltimoMensajeAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ConversacionParticipantes {
    Table,
    ConversacionId,
    UsuarioId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Mensajes {
    Table,
    Id,
    ConversacionId,
    FamiliaId,
    Numero,
    AutorId,
    Texto,
    Tipo,
    RespondeA,
    Tono,
    RegistroSeq,
    EnviadoAt,
}

#[derive(DeriveIden)]
enum MensajeVistas {
    Table,
    MensajeId,
    UsuarioId,
    ConversacionId,
    Numero,
    VistaAt,
}

#[derive(DeriveIden)]
enum MensajeAdjuntos {
    Table,
    Id,
    ConversacionId,
    SubidoPor,
    MensajeId,
    Orden,
    Nombre,
    Clase,
    Mime,
    Tamano,
    Clave,
    MiniaturaClave,
    Sha256,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AjustesMensajes {
    Table,
    UsuarioId,
    Escudo,
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

fn cascade(
    from: impl IntoIden,
    column: impl IntoIden,
    to: impl IntoIden,
    to_column: impl IntoIden,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from, column)
        .to(to, to_column)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn in_conversation(table: impl IntoIden) -> ForeignKeyCreateStatement {
    cascade(
        table,
        Alias::new("conversacion_id"),
        Conversaciones::Table,
        Conversaciones::Id,
    )
}

async fn index(
    m: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    cols: Vec<Alias>,
    unique: bool,
) -> Result<(), DbErr> {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    for col in cols {
        stmt.col(col);
    }
    if unique {
        stmt.unique();
    }
    m.create_index(stmt.to_owned()).await
}

fn cols(names: &[&str]) -> Vec<Alias> {
    names.iter().map(|n| Alias::new(*n)).collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Conversaciones::Table)
                .col(string_len(Conversaciones::Id, 36).primary_key())
                .col(string_len(Conversaciones::FamiliaId, 36))
                .col(string_len(Conversaciones::Tema, 20))
                .col(string_len(Conversaciones::Asunto, 400))
                .col(string_len_null(Conversaciones::CreadaPor, 36))
                // The last message's `numero`: raising it is how a send takes the next one.
                .col(big_integer(Conversaciones::Mensajes).default(0))
                .col(timestamp_with_time_zone_null(
                    Conversaciones::UltimoMensajeAt,
                ))
                .col(timestamp_with_time_zone(Conversaciones::CreatedAt))
                .col(timestamp_with_time_zone(Conversaciones::UpdatedAt))
                .foreign_key(&mut cascade(
                    Conversaciones::Table,
                    Conversaciones::FamiliaId,
                    Familias::Table,
                    Familias::Id,
                ))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_conversaciones_familia_updated",
            Conversaciones::Table,
            cols(&["familia_id", "updated_at"]),
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(ConversacionParticipantes::Table)
                .col(string_len(ConversacionParticipantes::ConversacionId, 36))
                .col(string_len(ConversacionParticipantes::UsuarioId, 36))
                .col(timestamp_with_time_zone(
                    ConversacionParticipantes::CreatedAt,
                ))
                .primary_key(
                    Index::create()
                        .col(ConversacionParticipantes::ConversacionId)
                        .col(ConversacionParticipantes::UsuarioId),
                )
                .foreign_key(&mut in_conversation(ConversacionParticipantes::Table))
                .foreign_key(&mut cascade(
                    ConversacionParticipantes::Table,
                    ConversacionParticipantes::UsuarioId,
                    Usuarios::Table,
                    Usuarios::Id,
                ))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_conversacion_participantes_usuario",
            ConversacionParticipantes::Table,
            cols(&["usuario_id"]),
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Mensajes::Table)
                .col(string_len(Mensajes::Id, 36).primary_key())
                .col(string_len(Mensajes::ConversacionId, 36))
                .col(string_len(Mensajes::FamiliaId, 36))
                .col(big_integer(Mensajes::Numero))
                // Null once the author's account is erased: the message stays for the others.
                .col(string_len_null(Mensajes::AutorId, 36))
                .col(text(Mensajes::Texto))
                .col(string_len(Mensajes::Tipo, 12))
                .col(string_len_null(Mensajes::RespondeA, 36))
                .col(string_len(Mensajes::Tono, 12))
                .col(big_integer(Mensajes::RegistroSeq))
                .col(timestamp_with_time_zone(Mensajes::EnviadoAt))
                .foreign_key(&mut in_conversation(Mensajes::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_mensajes_conversacion_numero",
            Mensajes::Table,
            cols(&["conversacion_id", "numero"]),
            true,
        )
        .await?;
        // The emergency limit and the burst rule count a sender's recent messages.
        index(
            m,
            "idx_mensajes_autor_enviado",
            Mensajes::Table,
            cols(&["autor_id", "enviado_at"]),
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(MensajeVistas::Table)
                .col(string_len(MensajeVistas::MensajeId, 36))
                .col(string_len(MensajeVistas::UsuarioId, 36))
                .col(string_len(MensajeVistas::ConversacionId, 36))
                .col(big_integer(MensajeVistas::Numero))
                .col(timestamp_with_time_zone_null(MensajeVistas::VistaAt))
                .primary_key(
                    Index::create()
                        .col(MensajeVistas::MensajeId)
                        .col(MensajeVistas::UsuarioId),
                )
                .foreign_key(&mut cascade(
                    MensajeVistas::Table,
                    MensajeVistas::MensajeId,
                    Mensajes::Table,
                    Mensajes::Id,
                ))
                .to_owned(),
        )
        .await?;
        // Unread counts, and the rows a first view sets.
        index(
            m,
            "idx_mensaje_vistas_usuario",
            MensajeVistas::Table,
            cols(&["usuario_id", "conversacion_id", "vista_at"]),
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(MensajeAdjuntos::Table)
                .col(string_len(MensajeAdjuntos::Id, 36).primary_key())
                .col(string_len(MensajeAdjuntos::ConversacionId, 36))
                .col(string_len_null(MensajeAdjuntos::SubidoPor, 36))
                // Null until a message claims the upload.
                .col(string_len_null(MensajeAdjuntos::MensajeId, 36))
                .col(integer(MensajeAdjuntos::Orden).default(0))
                .col(string_len(MensajeAdjuntos::Nombre, 255))
                .col(string_len(MensajeAdjuntos::Clase, 10))
                .col(string_len(MensajeAdjuntos::Mime, 100))
                .col(big_integer(MensajeAdjuntos::Tamano))
                .col(string_len(MensajeAdjuntos::Clave, 300))
                .col(string_len_null(MensajeAdjuntos::MiniaturaClave, 300))
                .col(string_len(MensajeAdjuntos::Sha256, 64))
                .col(timestamp_with_time_zone(MensajeAdjuntos::CreatedAt))
                .foreign_key(&mut in_conversation(MensajeAdjuntos::Table))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "idx_mensaje_adjuntos_mensaje",
            MensajeAdjuntos::Table,
            cols(&["mensaje_id"]),
            false,
        )
        .await?;
        // The sweep of unclaimed uploads looks for old rows.
        index(
            m,
            "idx_mensaje_adjuntos_created",
            MensajeAdjuntos::Table,
            cols(&["created_at"]),
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AjustesMensajes::Table)
                .col(string_len(AjustesMensajes::UsuarioId, 36).primary_key())
                .col(boolean(AjustesMensajes::Escudo).default(false))
                .foreign_key(&mut cascade(
                    AjustesMensajes::Table,
                    AjustesMensajes::UsuarioId,
                    Usuarios::Table,
                    Usuarios::Id,
                ))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AjustesMensajes::Table.into_iden(),
            MensajeAdjuntos::Table.into_iden(),
            MensajeVistas::Table.into_iden(),
            Mensajes::Table.into_iden(),
            ConversacionParticipantes::Table.into_iden(),
            Conversaciones::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
