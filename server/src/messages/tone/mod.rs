//! How a message reads. Placeholder until the tone work lands: every text is `ok`.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// `ok`, `atencion` or `hostil`.
pub fn level(_texto: &str) -> &'static str {
    "ok"
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
