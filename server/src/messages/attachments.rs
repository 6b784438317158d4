//! Files attached to messages. A participant uploads a file to a conversation first
//! (`POST /conversaciones/{id}/adjuntos`); the message that sends it claims it (`claim`), and an
//! upload no message claimed within a day is removed with its stored files (`remove_unclaimed`).
//!
//! Images are re-encoded like photos (no metadata survives) with a thumbnail; PDFs are kept as
//! received, streamed into the encrypted store. Both are judged by their content (`platform::sniff`).
//! The stored files are noted as pending (`platform::pending`) from before they are written until
//! their row exists, and from before their row goes until they are removed, so a crash at any
//! point leaves neither an orphan file nor a row without its file.

mod cleanup;
mod upload;

use std::collections::HashSet;

use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter,
    sea_query::{Expr, Query},
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entities::{adjunto, conversacion},
    vocabulary::AttachmentKind,
};
use crate::{
    domain::Work,
    error::{ApiError, ApiResult},
    i18n::Msg,
    ids::UserId,
    platform::jobs::Periodic,
    state::AppState,
};

pub use cleanup::{UNCLAIMED_FOR, remove_unclaimed};
pub use upload::MAX_BYTES;

/// The most files one message carries.
pub const MAX_PER_MESSAGE: usize = 5;

/// A file of a message, as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    /// `imagen` or `pdf`.
    #[schema(value_type = AttachmentKind)]
    pub clase: String,
    pub mime: String,
    /// Bytes.
    pub tamano: i64,
    /// A signed link to the file, valid for a limited time: an image is shown, a PDF downloads.
    pub url: String,
    /// A signed link to a small version of an image.
    pub miniatura: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload::upload_attachment))
        .layer(upload::body_limit())
}

/// Gives the uploads `ids` to the message `mensaje_id`, in the order given, inside the send's
/// transaction: each must be an upload of `usuario_id` in this conversation that no message has
/// claimed yet (422 `adjuntos` otherwise, at most `MAX_PER_MESSAGE`).
pub async fn claim(
    txn: &DatabaseTransaction,
    conversacion_id: &str,
    usuario_id: &UserId,
    mensaje_id: &str,
    ids: &[String],
) -> ApiResult<Vec<adjunto::Model>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    if ids.len() > MAX_PER_MESSAGE {
        return Err(ApiError::field("adjuntos", Msg::MessageAttachmentsTooMany));
    }
    let invalid = || ApiError::field("adjuntos", Msg::AttachmentsInvalid);
    if ids.iter().collect::<HashSet<_>>().len() != ids.len() {
        return Err(invalid());
    }
    let mut claimed = Vec::with_capacity(ids.len());
    for (orden, id) in ids.iter().enumerate() {
        // One conditional update per upload: of two sends naming the same upload at once, only
        // one finds it unclaimed; the other gets a 422 and rolls back.
        let taken = adjunto::Entity::update_many()
            .col_expr(adjunto::Column::MensajeId, Expr::value(mensaje_id))
            .col_expr(
                adjunto::Column::Orden,
                Expr::value(i32::try_from(orden).unwrap_or(i32::MAX)),
            )
            .filter(adjunto::Column::Id.eq(id))
            .filter(adjunto::Column::ConversacionId.eq(conversacion_id))
            .filter(adjunto::Column::SubidoPor.eq(usuario_id))
            .filter(adjunto::Column::MensajeId.is_null())
            .exec(txn)
            .await?;
        if taken.rows_affected != 1 {
            return Err(invalid());
        }
        let row = adjunto::Entity::find_by_id(id)
            .one(txn)
            .await?
            .ok_or_else(invalid)?;
        claimed.push(row);
    }
    Ok(claimed)
}

/// The attachment as `reader` gets it: its links are theirs (`Storage::signed_link`).
pub fn view(state: &AppState, row: &adjunto::Model, reader: &str) -> AttachmentView {
    // A download is saved under its own name; the link carries it for the file route.
    let nombre: String = url::form_urlencoded::byte_serialize(row.nombre.as_bytes()).collect();
    AttachmentView {
        id: row.id.clone(),
        nombre: row.nombre.clone(),
        clase: row.clase.clone(),
        mime: row.mime.clone(),
        tamano: row.tamano,
        url: format!(
            "{}&nombre={nombre}",
            state.storage.signed_link(&row.clave, reader)
        ),
        miniatura: row
            .miniatura_clave
            .as_deref()
            .map(|k| state.storage.signed_link(k, reader)),
    }
}

/// The stored files of these rows: each file and its thumbnail.
fn keys_of(rows: impl IntoIterator<Item = adjunto::Model>) -> Vec<String> {
    rows.into_iter()
        .flat_map(|row| [Some(row.clave), row.miniatura_clave])
        .flatten()
        .collect()
}

/// Which of these stored files attachments still point at.
pub async fn keys_in_use(db: &DatabaseConnection, keys: &[String]) -> Result<Vec<String>, DbErr> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let rows = adjunto::Entity::find()
        .filter(
            Condition::any()
                .add(adjunto::Column::Clave.is_in(keys.iter().cloned()))
                .add(adjunto::Column::MiniaturaClave.is_in(keys.iter().cloned())),
        )
        .all(db)
        .await?;
    Ok(keys_of(rows)
        .into_iter()
        .filter(|k| keys.contains(k))
        .collect())
}

/// The stored files of a family's attachments, claimed or not, for its erasure (the rows go
/// with the family's conversations).
pub async fn keys_of_family(
    txn: &DatabaseTransaction,
    familia_id: &str,
) -> Result<Vec<String>, DbErr> {
    let rows = adjunto::Entity::find()
        .filter(
            adjunto::Column::ConversacionId.in_subquery(
                Query::select()
                    .column(conversacion::Column::Id)
                    .from(conversacion::Entity)
                    .and_where(conversacion::Column::FamiliaId.eq(familia_id))
                    .to_owned(),
            ),
        )
        .all(txn)
        .await?;
    Ok(keys_of(rows))
}

pub fn periodic() -> Vec<(Periodic, Work)> {
    vec![(
        Periodic {
            kind: "mensajes.adjuntos_sin_enviar",
            every: chrono::Duration::hours(1),
        },
        |state| {
            Box::pin(async move {
                remove_unclaimed(&state, chrono::Utc::now()).await?;
                Ok(())
            })
        },
    )]
}
