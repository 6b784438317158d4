//! What every handler shares per request, below the domains: the JSON extractor and its answers,
//! where the request comes from, and who is signed in.

pub mod auth;
pub mod client;
pub mod json;

pub use auth::AuthUser;
pub use client::ClientInfo;
pub use json::{Done, Json, json_bytes};
