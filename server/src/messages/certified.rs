//! The messages part of a certified report: the conversations a member reads in a family, each
//! with its messages sent in a period as that member sees them (authors, first views, files with
//! their SHA-256, the record entry of each sending), by the rule of the messages' own routes.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{
    access::readable_ids,
    entities::{adjunto, conversacion, mensaje},
    views::{self, ConversationView, MessageView},
};
use crate::{
    error::ApiResult,
    ids::{FamilyId, UserId},
    state::AppState,
};

pub struct ReportedConversation {
    pub conversacion: ConversationView,
    /// Sent in the period, oldest first.
    pub mensajes: Vec<MessageView>,
    /// Each file sent with them, by the file's id.
    pub archivos: HashMap<String, ReportedFile>,
}

/// A file sent with a reported message: what the report lists, and where to read it to append it.
pub struct ReportedFile {
    /// Hex SHA-256 of its bytes.
    pub sha256: String,
    pub mime: String,
    pub tamano: i64,
    /// Its storage key, read through `state.files`.
    pub clave: String,
}

/// The conversations `usuario_id` reads in the family that have messages sent in
/// `[start, end)`, oldest first, each with those messages.
pub async fn conversations(
    state: &AppState,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> ApiResult<Vec<ReportedConversation>> {
    let rows = conversacion::Entity::find()
        .filter(
            conversacion::Column::Id
                .in_subquery(readable_ids(usuario_id.as_str(), Some(familia_id.as_str()))),
        )
        .order_by_asc(conversacion::Column::CreatedAt)
        .order_by_asc(conversacion::Column::Id)
        .all(&state.db)
        .await?;
    let mut reported = Vec::new();
    for row in rows {
        let messages = mensaje::Entity::find()
            .filter(mensaje::Column::ConversacionId.eq(&row.id))
            .filter(mensaje::Column::EnviadoAt.gte(start))
            .filter(mensaje::Column::EnviadoAt.lt(end))
            .order_by_asc(mensaje::Column::Numero)
            .all(&state.db)
            .await?;
        if messages.is_empty() {
            continue;
        }
        let ids: Vec<String> = messages.iter().map(|m| m.id.clone()).collect();
        let archivos = adjunto::Entity::find()
            .filter(adjunto::Column::MensajeId.is_in(ids))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|a| {
                (
                    a.id,
                    ReportedFile {
                        sha256: a.sha256,
                        mime: a.mime,
                        tamano: a.tamano,
                        clave: a.clave,
                    },
                )
            })
            .collect();
        let mensajes = views::messages(state, messages, usuario_id.as_str()).await?;
        let conversacion = views::conversation(state, row, usuario_id.as_str()).await?;
        reported.push(ReportedConversation {
            conversacion,
            mensajes,
            archivos,
        });
    }
    Ok(reported)
}
