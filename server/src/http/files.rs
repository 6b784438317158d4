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
    platform::files::{FileError, Opened},
    state::AppState,
};

/// Content checked whole before the answer starts: a tampered photo gets an error status, not
/// a 200 and a cut body. A larger file streams; each chunk is still checked before it is sent,
/// and a tampered one ends the transfer short of its announced length.
const CHECKED_BEFORE_ANSWER: usize = 1024 * 1024;

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
    let opened = state
        .files
        .open(&state.db, &key)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .ok_or_else(ApiError::not_found)?;
    let len = opened.len;
    let body = authenticated_body(opened).await?;
    let mime = mime_guess::from_path(&key).first_or_octet_stream();
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    let max_age = (exp - Utc::now().timestamp()).max(0);
    if let Ok(value) = HeaderValue::from_str(&format!("private, max-age={max_age}")) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    Ok(response)
}

/// The response body of a stored file: the first `CHECKED_BEFORE_ANSWER` bytes (a small file
/// whole) authenticated before anything is sent, then the rest chunk by chunk.
async fn authenticated_body(opened: Opened) -> ApiResult<Body> {
    use futures_util::{StreamExt, stream};
    let mut content = opened.content;
    let mut checked: Vec<bytes::Bytes> = Vec::new();
    let mut held = 0;
    let mut finished = false;
    while held < CHECKED_BEFORE_ANSWER {
        match content.next().await {
            Some(Ok(chunk)) => {
                held += chunk.len();
                checked.push(chunk);
            }
            Some(Err(err)) => {
                return Err(ApiError::internal(format!("refused to serve: {err:#}")));
            }
            None => {
                finished = true;
                break;
            }
        }
    }
    if finished {
        return Ok(Body::from(checked.concat()));
    }
    let rest = content.inspect(|item| {
        if let Err(err) = item {
            tracing::error!(error = %err, "refused to serve the rest of a stored file");
        }
    });
    let checked = stream::iter(checked.into_iter().map(Ok::<_, FileError>));
    Ok(Body::from_stream(checked.chain(rest)))
}
