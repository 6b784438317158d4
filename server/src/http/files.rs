//! Serves stored files to whoever holds a signed link the API handed out (see `platform::storage`).

use axum::{
    body::Body,
    extract::{Path, Query, State},
    http::{HeaderValue, Response, header},
};
use chrono::Utc;
use serde::Deserialize;

use crate::{
    error::{ApiError, ApiResult},
    state::AppState,
};

#[derive(Deserialize)]
pub struct Signature {
    exp: Option<i64>,
    sig: Option<String>,
}

pub async fn serve(
    State(state): State<AppState>,
    Path(key): Path<String>,
    Query(signature): Query<Signature>,
) -> ApiResult<Response<Body>> {
    let (Some(exp), Some(sig)) = (signature.exp, signature.sig) else {
        return Err(ApiError::not_found());
    };
    if !state.storage.verify_link(&key, exp, &sig) {
        return Err(ApiError::not_found());
    }
    let data = state
        .storage
        .get(&key)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .ok_or_else(ApiError::not_found)?;
    let mime = mime_guess::from_path(&key).first_or_octet_stream();
    let mut response = Response::new(Body::from(data));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    let max_age = (exp - Utc::now().timestamp()).max(0);
    if let Ok(value) = HeaderValue::from_str(&format!("private, max-age={max_age}")) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    Ok(response)
}
