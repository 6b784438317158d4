use std::{any::Any, time::Duration};

use axum::{
    body::Body,
    extract::{MatchedPath, Request},
    http::{HeaderMap, HeaderValue, Response, StatusCode, header},
    middleware::Next,
    response::IntoResponse,
};
use tower_http::{
    classify::{ServerErrorsAsFailures, SharedClassifier},
    trace::TraceLayer,
};
use tracing::Span;

use crate::{
    error::ApiError,
    i18n::{self, Lang, Msg},
};

/// Settles the request's language, and makes sure every API error (also those raised by axum
/// or tower before a handler runs) is JSON in that language.
pub async fn language_and_errors(req: Request, next: Next) -> Response<Body> {
    let lang = Lang::from_headers(req.headers());
    let is_api = is_api_path(req.uri().path());
    i18n::scope(lang, async move {
        let mut response = next.run(req).await;
        if is_api {
            let status = response.status();
            let is_json = response
                .headers()
                .get(header::CONTENT_TYPE)
                .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
            if status.as_u16() >= 400 && !is_json {
                response = ApiError::new(status, msg_for_status(status)).into_response();
            }
            response
                .headers_mut()
                .entry(header::CACHE_CONTROL)
                .or_insert(HeaderValue::from_static("no-store"));
        }
        response
    })
    .await
}

/// What any request may take.
const REQUEST_TIME: Duration = Duration::from_secs(30);
/// What an upload may take: its body arrives at the sender's pace, and a 25 MB document over a
/// slow phone connection (256 kbit/s) takes some thirteen minutes.
const UPLOAD_TIME: Duration = Duration::from_secs(15 * 60);

/// Ends a request that takes longer than it may with 408.
pub async fn deadline(req: Request, next: Next) -> Response<Body> {
    match tokio::time::timeout(time_for(req.headers()), next.run(req)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}

fn time_for(headers: &HeaderMap) -> Duration {
    let upload = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"multipart/form-data"));
    if upload { UPLOAD_TIME } else { REQUEST_TIME }
}

fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || path.starts_with("/api3/")
}

fn msg_for_status(status: StatusCode) -> Msg {
    match status {
        StatusCode::BAD_REQUEST => Msg::BadRequest,
        StatusCode::UNAUTHORIZED => Msg::Unauthorized,
        StatusCode::FORBIDDEN => Msg::Forbidden,
        StatusCode::NOT_FOUND => Msg::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => Msg::MethodNotAllowed,
        StatusCode::REQUEST_TIMEOUT => Msg::Timeout,
        StatusCode::PAYLOAD_TOO_LARGE => Msg::TooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => Msg::NotJson,
        StatusCode::TOO_MANY_REQUESTS => Msg::RateLimited,
        StatusCode::SERVICE_UNAVAILABLE => Msg::Unavailable,
        s if s.is_client_error() => Msg::BadRequest,
        _ => Msg::Internal,
    }
}

// `frame-src blob:`: a document's PDF is previewed in a frame from a blob URL the app makes after
// fetching the file with the session's token (a frame cannot send it); nothing else is framed.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src blob:; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Headers every answer carries, API or page.
pub async fn security_headers(req: Request, next: Next) -> Response<Body> {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        // Reset links carry their token in the path: never hand it to another site.
        ("referrer-policy", "no-referrer"),
        (
            "permissions-policy",
            "camera=(), microphone=(), geolocation=(), payment=()",
        ),
        ("cross-origin-opener-policy", "same-origin"),
    ] {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    response
}

/// One span per request with its id, method and route pattern. The raw path is not logged:
/// it can hold a reset token.
pub fn trace_layer()
-> TraceLayer<SharedClassifier<ServerErrorsAsFailures>, impl Fn(&Request) -> Span + Clone> {
    TraceLayer::new_for_http()
        .on_response(
            tower_http::trace::DefaultOnResponse::new()
                .level(tracing::Level::INFO)
                .latency_unit(tower_http::LatencyUnit::Micros),
        )
        .make_span_with(|req: &Request| {
            let route = req
                .extensions()
                .get::<MatchedPath>()
                .map(|p| p.as_str().to_owned())
                .unwrap_or_else(|| {
                    let first = req.uri().path().split('/').nth(1).unwrap_or("");
                    format!("/{first}/…")
                });
            let request_id = req
                .headers()
                .get("x-request-id")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            tracing::info_span!("request", id = %request_id, method = %req.method(), route = %route)
        })
}

pub fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response<Body> {
    tracing::error!("a handler panicked");
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Msg::Internal).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_get_minutes_and_everything_else_seconds() {
        let mut headers = HeaderMap::new();
        assert_eq!(time_for(&headers), REQUEST_TIME);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        assert_eq!(time_for(&headers), REQUEST_TIME);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("multipart/form-data; boundary=x"),
        );
        assert_eq!(time_for(&headers), UPLOAD_TIME);
    }
}
