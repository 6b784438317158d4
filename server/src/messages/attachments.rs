//! Files attached to messages. Placeholder until the attachments work lands: no uploads yet, so
//! a message that names any is refused.

use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use super::entities::adjunto;
use crate::{
    domain::Work,
    error::{ApiError, ApiResult},
    i18n::Msg,
    platform::jobs::Periodic,
    state::AppState,
};

/// A file of a message, as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjuntoView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    /// `imagen` or `pdf`.
    pub clase: String,
    pub mime: String,
    /// Bytes.
    pub tamano: i64,
    /// A signed link to the file, valid for a limited time.
    pub url: String,
    /// A signed link to a small version of an image.
    pub miniatura: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Gives the uploads `ids` to the message `mensaje_id`, inside the send's transaction.
pub async fn claim(
    _txn: &DatabaseTransaction,
    _conversacion_id: &str,
    _usuario_id: &str,
    _mensaje_id: &str,
    ids: &[String],
) -> ApiResult<Vec<adjunto::Model>> {
    if ids.is_empty() {
        Ok(Vec::new())
    } else {
        Err(ApiError::field("adjuntos", Msg::Validation))
    }
}

pub fn view(state: &AppState, row: &adjunto::Model) -> AdjuntoView {
    AdjuntoView {
        id: row.id.clone(),
        nombre: row.nombre.clone(),
        clase: row.clase.clone(),
        mime: row.mime.clone(),
        tamano: row.tamano,
        url: state.storage.signed_link(&row.clave),
        miniatura: row
            .miniatura_clave
            .as_deref()
            .map(|k| state.storage.signed_link(k)),
    }
}

/// Which of these stored files attachments still point at.
pub async fn keys_in_use(_db: &DatabaseConnection, _keys: &[String]) -> Result<Vec<String>, DbErr> {
    Ok(Vec::new())
}

/// The stored files of a family's attachments, for its erasure.
pub async fn keys_of_family(
    _txn: &DatabaseTransaction,
    _familia_id: &str,
) -> Result<Vec<String>, DbErr> {
    Ok(Vec::new())
}

pub fn periodic() -> Vec<(Periodic, Work)> {
    Vec::new()
}
