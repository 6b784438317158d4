//! Accounts: users, sessions, sign-in, password reset, the profile and its security.

pub mod closing;
mod devices;
pub mod entities;
mod export;
pub(crate) mod mails;
mod password;
mod photo_access;
mod profile;
pub mod routes;
pub(crate) mod security;
pub mod session;
pub mod tokens;
mod two_factor;
mod views;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{domain::Work, ids::UserId, platform::jobs::Periodic, state::AppState};

/// The accounts domain's part of the contract (`domain`). It erases nothing of other domains:
/// closing an account asks each of them (`closing`).
pub struct Accounts;

#[async_trait::async_trait]
impl crate::domain::Domain for Accounts {
    fn router(&self) -> OpenApiRouter<AppState> {
        router()
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![
            (
                Periodic {
                    kind: "clean_up_sessions",
                    every: chrono::Duration::hours(1),
                },
                |state| Box::pin(async move { Ok(session::clean_up(&state.db).await?) }),
            ),
            (
                Periodic {
                    kind: "purge_closed_accounts",
                    every: chrono::Duration::hours(1),
                },
                |state| {
                    Box::pin(async move {
                        Ok(closing::purge_due(&state, chrono::Utc::now())
                            .await
                            .map(drop)?)
                    })
                },
            ),
        ]
    }

    /// A profile photo and its thumbnail (`usuarios/<owner>/...`), by `photo_access`.
    async fn may_read_file(
        &self,
        state: &AppState,
        key: &str,
        usuario_id: &UserId,
    ) -> Result<Option<bool>, sea_orm::DbErr> {
        let Some(rest) = key.strip_prefix("usuarios/") else {
            return Ok(None);
        };
        let owner = rest.split('/').next().unwrap_or_default();
        Ok(Some(photo_access::may_see(state, owner, usuario_id).await?))
    }

    /// Profile photos, and their thumbnails (named after the photo).
    async fn files_in_use(
        &self,
        db: &sea_orm::DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, sea_orm::DbErr> {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let photo_of = |key: &String| {
            key.strip_suffix("-mini.jpg")
                .map(|stem| format!("{stem}.jpg"))
                .unwrap_or_else(|| key.clone())
        };
        let photos: Vec<String> = entities::usuario::Entity::find()
            .filter(entities::usuario::Column::Foto.is_in(keys.iter().map(photo_of)))
            .all(db)
            .await?
            .into_iter()
            .filter_map(|u| u.foto)
            .collect();
        Ok(keys
            .iter()
            .filter(|key| photos.contains(&photo_of(key)))
            .cloned()
            .collect())
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
