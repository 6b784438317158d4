//! Accounts: users, sessions, sign-in and password reset.

pub mod entities;
mod mails;
mod password;
pub mod routes;
pub mod session;

pub use session::AuthUser;
