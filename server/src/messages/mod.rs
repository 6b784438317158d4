//! Messages: conversations between members of a family, whose messages are numbered, never
//! edited nor deleted, and written to the family record with their first views (docs/messages.md).

pub mod access;
pub mod attachments;
pub mod certified;
pub mod conversations;
pub mod entities;
mod export;
pub mod limits;
pub mod notice;
pub mod pages;
pub mod print;
pub mod professional;
pub mod search;
pub mod send;
pub mod settings;
pub mod shield;
pub mod statistics;
pub mod thread;
pub mod tone;
pub mod views;
pub mod vocabulary;

use async_trait::async_trait;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, sea_query::Expr,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    ids::{FamilyId, UserId},
    platform::{changes::Forget, jobs::Periodic},
    state::{AppState, Parts},
};
use entities::{adjunto, conversacion, mensaje, participante, vista};

/// The messages domain's part of the contract (`domain`).
pub struct Messages;

#[async_trait]
impl Domain for Messages {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(
                conversations::list_conversations,
                conversations::create_conversation
            ))
            .routes(routes!(conversations::get_conversation))
            .routes(routes!(thread::list_messages, send::send_message))
            .routes(routes!(thread::get_message))
            .routes(routes!(thread::mark_seen))
            .routes(routes!(settings::unread_messages))
            .routes(routes!(
                settings::get_message_settings,
                settings::put_message_settings
            ))
            .merge(attachments::router())
            .merge(search::router())
            .merge(print::router())
            .merge(tone::router())
    }

    fn parts(&self, parts: &mut Parts, forget: &mut Vec<Forget>) {
        let pages = pages::cache();
        forget.push(pages::forgetter(&pages));
        parts.insert::<pages::Pages>(pages);
        let sections = statistics::cache();
        // The versions cover every change; everything is forgotten only when announcements
        // may have been missed.
        forget.push(sections.forgetter(|_| None));
        parts.insert::<statistics::Answers>(sections);
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        attachments::periodic()
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((export::files(state, user).await?, export::README))
    }

    /// Their messages stay for the other participants, without an author; their first views and
    /// their places in conversations go (their settings go with their row).
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        pages::touch_all_of(txn, &user.id).await?;
        let none = || Expr::value(Option::<String>::None);
        mensaje::Entity::update_many()
            .col_expr(mensaje::Column::AutorId, none())
            .filter(mensaje::Column::AutorId.eq(&user.id))
            .exec(txn)
            .await?;
        conversacion::Entity::update_many()
            .col_expr(conversacion::Column::CreadaPor, none())
            .filter(conversacion::Column::CreadaPor.eq(&user.id))
            .exec(txn)
            .await?;
        adjunto::Entity::update_many()
            .col_expr(adjunto::Column::SubidoPor, none())
            .filter(adjunto::Column::SubidoPor.eq(&user.id))
            .exec(txn)
            .await?;
        vista::Entity::delete_many()
            .filter(vista::Column::UsuarioId.eq(&user.id))
            .exec(txn)
            .await?;
        participante::Entity::delete_many()
            .filter(participante::Column::UsuarioId.eq(&user.id))
            .exec(txn)
            .await?;
        Ok(Vec::new())
    }

    /// The family's conversations go with its row (foreign keys cascade); their files are given
    /// back to be removed.
    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        attachments::keys_of_family(txn, familia_id).await
    }

    /// A message's attachment and its thumbnail (`mensajes/<conversation>/...`): for whoever
    /// reads the conversation.
    async fn may_read_file(
        &self,
        state: &AppState,
        key: &str,
        usuario_id: &UserId,
    ) -> Result<Option<bool>, DbErr> {
        let Some(rest) = key.strip_prefix("mensajes/") else {
            return Ok(None);
        };
        let conversacion_id = rest.split('/').next().unwrap_or_default();
        if access::may_read(&state.db, usuario_id, conversacion_id).await? {
            return Ok(Some(true));
        }
        let professional = access::professional_reads_file(state, usuario_id, conversacion_id, key)
            .await
            .map_err(|e| DbErr::Custom(format!("{e:?}")))?;
        Ok(Some(professional))
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        attachments::keys_in_use(db, keys).await
    }

    /// The messages of the conversations the user reads.
    async fn user_counters(
        &self,
        db: &DatabaseConnection,
        usuario_id: &UserId,
    ) -> Result<Vec<(&'static str, u64)>, DbErr> {
        let n = mensaje::Entity::find()
            .filter(
                mensaje::Column::ConversacionId.in_subquery(access::readable_ids(usuario_id, None)),
            )
            .count(db)
            .await?;
        Ok(vec![("mensajes", n)])
    }
}
