//! HTTP plumbing shared by every domain: the router, middleware, the web app and the OpenAPI document.

mod files;
mod middleware;
pub mod openapi;
pub mod serve;
mod spa;

use axum::{
    Router,
    extract::DefaultBodyLimit,
    http::HeaderName,
    response::IntoResponse,
    routing::{any, get},
};
use tower_http::{
    CompressionLevel,
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
};
use utoipa_axum::router::OpenApiRouter;

use crate::{domain::Domain, error::ApiError, site, state::AppState};

/// JSON bodies are small; uploads get their own, larger limit on their routes.
const JSON_BODY_LIMIT: usize = 256 * 1024;

/// Every API route with its OpenAPI description, under `/api`.
pub fn api(domains: &[&dyn Domain]) -> OpenApiRouter<AppState> {
    let routes = domains.iter().fold(OpenApiRouter::new(), |routes, domain| {
        routes.merge(domain.router())
    });
    OpenApiRouter::with_openapi(openapi::base()).nest("/api", routes)
}

pub fn router(state: AppState, domains: &[&dyn Domain]) -> Router {
    let (api, doc) = openapi::routes_and_document(domains);
    let doc_json = openapi::to_json(&doc);
    let request_id = HeaderName::from_static("x-request-id");

    let pages = domains
        .iter()
        .fold(Router::new(), |pages, domain| pages.merge(domain.pages()));
    Router::new()
        .merge(api)
        .merge(pages)
        .route(
            "/api/openapi.json",
            get(move || async move { ([("content-type", "application/json")], doc_json) }),
        )
        .route("/api/archivos/{*key}", get(files::serve))
        .route("/sitemap.xml", get(spa::sitemap))
        .route("/robots.txt", get(spa::robots))
        .merge(site::routes::aliases())
        .route("/api", any(api_not_found))
        .route("/api3/{*rest}", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .fallback(spa::serve)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        // Inside the language layer, so that a late answer is told in the caller's language.
        .layer(axum::middleware::from_fn(middleware::deadline))
        .layer(axum::middleware::from_fn(middleware::language_and_errors))
        .layer(axum::middleware::from_fn(middleware::security_headers))
        // Pages, scripts and JSON shrink to a fraction on the wire; a middling level keeps the
        // CPU cost per response small (images are already compressed and are left alone).
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(5)))
        .layer(middleware::trace_layer())
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .layer(CatchPanicLayer::custom(middleware::panic_response))
        .with_state(state)
}

async fn api_not_found() -> impl IntoResponse {
    ApiError::not_found()
}
