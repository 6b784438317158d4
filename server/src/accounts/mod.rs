//! Accounts: users, sessions, sign-in, password reset, the profile and its security.

pub mod closing;
mod devices;
pub mod entities;
mod export;
pub(crate) mod mails;
mod password;
mod profile;
pub mod routes;
pub(crate) mod security;
pub mod session;
pub mod tokens;
mod two_factor;

/// The accounts domain's part of the contract (`domain`). It erases nothing of other domains:
/// closing an account asks each of them (`closing`).
pub struct Accounts;

impl crate::domain::Domain for Accounts {
    fn router(&self) -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
        routes::router()
    }
}
