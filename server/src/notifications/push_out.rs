//! What delivery pushes: a notice, or in discreet mode only that something is new.

use super::{
    kinds,
    push::{PushMessage, push_to_user},
};
use crate::{i18n::Lang, state::AppState};

/// Discreet mode: no sender, no content.
pub fn discreet(lang: Lang) -> PushMessage {
    PushMessage {
        titulo: "Nido".to_owned(),
        texto: kinds::discreet_text(lang).to_owned(),
        enlace: "/notifications".to_owned(),
        etiqueta: "nido".to_owned(),
    }
}

/// Pushes to the user's devices. A push that fails is not worth failing the mail for: logged.
pub async fn send(state: &AppState, usuario_id: &str, message: PushMessage) {
    match push_to_user(state, usuario_id, &message).await {
        Ok(accepted) => tracing::debug!(accepted, "notice pushed"),
        Err(err) => tracing::warn!(error = %format!("{err:#}"), "notice not pushed"),
    }
}
