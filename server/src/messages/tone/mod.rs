//! Help with tone, before a message is sent: a Spanish and English lexicon with rules that flag
//! insults, threats, contempt, blame, absolutes aimed at the reader and shouting, each with a
//! calmer wording. It runs inside Nido and never blocks nor rewrites anything: the parent may
//! still send, and the record holds exactly what was sent.

mod analysis;
mod calmer;
mod lexicon;
mod routes;
mod rules;
mod text;

#[cfg(test)]
mod set_tests;
#[cfg(test)]
mod tests;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use analysis::{Analisis, Fragmento, Idioma, ToneCategory, ToneLevel, analyze};
pub use calmer::calmer_wording;

/// `ok`, `atencion` or `hostil`: how a text reads, rated with both lexicons (stored with each
/// message when it is sent).
pub fn level(texto: &str) -> &'static str {
    analyze(texto, None).nivel.as_str()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::rate))
}
