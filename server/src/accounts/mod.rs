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
mod views;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The accounts domain's part of the contract (`domain`). It erases nothing of other domains:
/// closing an account asks each of them (`closing`).
pub struct Accounts;

impl crate::domain::Domain for Accounts {
    fn router(&self) -> OpenApiRouter<AppState> {
        router()
    }
}

fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::register))
        .routes(routes!(routes::login))
        .routes(routes!(two_factor::login_second_step))
        .routes(routes!(two_factor::two_factor_status))
        .routes(routes!(two_factor::configure))
        .routes(routes!(two_factor::enable))
        .routes(routes!(two_factor::disable))
        .routes(routes!(
            routes::profile,
            profile::update_profile,
            closing::close_account
        ))
        .routes(routes!(closing::reactivate))
        .routes(routes!(export::export))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(
                    profile::upload_profile_photo,
                    profile::delete_profile_photo
                ))
                .layer(crate::platform::photo::upload_body_limit()),
        )
        .routes(routes!(profile::confirm_email))
        .routes(routes!(profile::verify_email))
        .routes(routes!(profile::resend_verification))
        .routes(routes!(profile::summary))
        .routes(routes!(security::change_password))
        .routes(routes!(
            security::list_sessions,
            security::end_other_sessions
        ))
        .routes(routes!(security::end_session))
        .routes(routes!(routes::logout))
        .routes(routes!(routes::forgot_password))
        .routes(routes!(routes::check_reset_token, routes::reset_password))
}
