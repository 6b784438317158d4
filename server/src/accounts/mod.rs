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

pub use session::AuthUser;
