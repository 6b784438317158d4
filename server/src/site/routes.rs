use axum::extract::State;
use sea_orm::ConnectionTrait;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    request::Json,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
        .routes(routes!(super::contact::send_contact_message))
        .routes(routes!(super::feedback::rate_article))
        .routes(routes!(super::suggestions::send_suggestion))
        .routes(routes!(super::status::status))
}

/// The spec's other addresses for the same handlers (`/api3/...`, used by the existing apps).
pub fn aliases() -> axum::Router<AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/api3/contacto", post(super::contact::send_contact_message))
        .route("/api3/system/status", get(super::status::status))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub success: bool,
    pub data: HealthData,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthData {
    /// ok (alive) or ready (database reachable).
    pub status: String,
    pub version: String,
}

fn health_answer(status: &str) -> Json<Health> {
    Json(Health {
        success: true,
        data: HealthData {
            status: status.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        },
    })
}

/// Liveness: the process answers. Touches nothing else.
#[utoipa::path(get, path = "/health", tag = "site", responses((status = 200, body = Health)))]
async fn health() -> Json<Health> {
    health_answer("ok")
}

/// Readiness: the database answers too.
#[utoipa::path(get, path = "/ready", tag = "site", responses(
    (status = 200, body = Health),
    (status = 503, description = "database unreachable", body = ErrorBody),
))]
async fn ready(State(state): State<AppState>) -> ApiResult<Json<Health>> {
    state
        .db
        .execute_unprepared("SELECT 1")
        .await
        .map_err(|err| {
            tracing::warn!(error = %err, "readiness check failed");
            ApiError::unavailable()
        })?;
    Ok(health_answer("ready"))
}
