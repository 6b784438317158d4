//! Answers that carry a stored file: its body, authenticated before the answer starts when small
//! and chunk by chunk when large. Its headers come from `platform::download`.

use axum::body::Body;

use super::{FileError, Opened};
use crate::error::{ApiError, ApiResult};

/// Content checked whole before the answer starts: a tampered photo gets an error status, not
/// a 200 and a cut body. A larger file streams; each chunk is still checked before it is sent,
/// and a tampered one ends the transfer short of its announced length.
const CHECKED_BEFORE_ANSWER: usize = 1024 * 1024;

/// The response body of a stored file: the first `CHECKED_BEFORE_ANSWER` bytes (a small file
/// whole) authenticated before anything is sent, then the rest chunk by chunk.
pub async fn authenticated_body(opened: Opened) -> ApiResult<Body> {
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
