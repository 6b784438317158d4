//! The built web app, embedded in the binary (served by `http::spa`).

use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
pub struct Assets;

/// Whether this binary carries the built web app (the status page's webApp service).
pub fn built() -> bool {
    Assets::get("index.html").is_some()
}
