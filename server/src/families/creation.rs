//! `POST /api/familias`: a signed-in user starts another family (children from another
//! relationship), in the time zone they say or else their own.

use std::time::Duration;

use axum::{extract::State, http::StatusCode};
use sea_orm::TransactionTrait;
use serde::Deserialize;
use utoipa::ToSchema;

use super::routes::{FamilyAnswer, answer};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::Msg,
    platform::{changes::Change, rate_limit::Limit},
    request::{AuthUser, Json},
    state::AppState,
    time_zone,
};

/// Families one user may start in a day: plenty for real lives, few for a script filling the
/// database.
const FAMILIES_PER_USER: Limit = Limit {
    name: "create_family_user",
    max: 10,
    window: Duration::from_secs(24 * 60 * 60),
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewFamily {
    /// 1 to 100 characters; "Familia <the creator's last name>" when absent.
    #[schema(format = "one-line", min_length = 1, max_length = 100)]
    nombre: Option<String>,
    /// An IANA name (the browser's, e.g. America/Argentina/Buenos_Aires); the creator's own
    /// zone when absent.
    #[schema(
        pattern = "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
        max_length = 64,
        example = "America/Argentina/Buenos_Aires"
    )]
    zona_horaria: Option<String>,
}

/// Start a family; the caller is its admin co-parent.
#[utoipa::path(post, path = "/familias", tag = "families", security(("bearer" = [])),
    request_body = NewFamily,
    responses(
        (status = 201, body = FamilyAnswer),
        (status = 401, body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many families started today", body = ErrorBody),
    ))]
pub async fn create_family(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<NewFamily>,
) -> ApiResult<(StatusCode, Json<FamilyAnswer>)> {
    let mut errors = FieldErrors::default();
    let nombre = match body.nombre.filter(|n| !n.trim().is_empty()) {
        Some(given) => errors.check("nombre", fields::name(Some(given), Msg::FamilyNameRequired)),
        None => Some(format!("Familia {}", auth.user.apellido)),
    };
    let zona = errors.check("zonaHoraria", time_zone::optional(body.zona_horaria));
    errors.into_result()?;
    let (Some(nombre), Some(zona)) = (nombre, zona) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let zona = zona.unwrap_or_else(|| auth.user.zona_horaria.clone());

    count_new_family(&state, &auth.id).await?;
    let txn = state.db.begin().await?;
    let family = super::create_family(&txn, &auth.id, nombre, &zona).await?;
    // The caller's other tabs list it too.
    let wake = super::publish_change(&txn, &family.id, None).await?;
    txn.commit().await?;
    state.wake(wake);
    // Every instance forgets the caller's cached memberships, which now miss this family.
    state.announce(Change::User(&auth.id)).await;
    Ok((StatusCode::CREATED, answer(&state, &auth.id, family).await?))
}

/// Counts a family started by `usuario_id` against the day's limit, however it is started (here,
/// or by a child added to a new family of one's own).
pub async fn count_new_family(state: &AppState, usuario_id: &str) -> ApiResult<()> {
    state.limiter.hit(&FAMILIES_PER_USER, usuario_id).await
}
