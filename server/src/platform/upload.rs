//! Receiving an uploaded file from a multipart field: its first bytes, to judge it by, and for an
//! image the rest of it, whole in memory (a decoder needs to seek), re-encoded by `photo` and
//! stored with its thumbnail. Every route that takes images (a document, a message's attachment)
//! waits for room in one memory budget here; each passes its own limits and answers.

use axum::extract::multipart::{Field, MultipartError};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::{
    error::{ApiError, ApiResult},
    i18n::Msg,
    platform::{FileContext, photo, sniff},
};

/// What a route allows an image and how it answers when the upload goes wrong.
pub struct Limits {
    /// The most the image may weigh as it arrives.
    pub max_bytes: u64,
    /// The answer to an image over `max_bytes`.
    pub too_large: fn() -> ApiError,
    /// The answer to a form that breaks off (past the route's body limit, or cut short).
    pub form_error: fn(&MultipartError) -> ApiError,
}

const MIB: u64 = 1024 * 1024;
/// What images waiting whole for their decoding may weigh together on an instance, in MiB,
/// whichever routes they arrive by: four of 25 MB at once. Decoding has its own budget in
/// `photo`; streamed files (PDFs, office documents) never wait whole.
const WAITING_BUDGET_MIB: u32 = 100;
static WAITING: Semaphore = Semaphore::const_new(WAITING_BUDGET_MIB as usize);

/// The share of the budget an image may take: as much as the largest its route allows, so the
/// budget holds however large each one turns out.
fn waiting_cost(max_bytes: u64) -> u32 {
    u32::try_from(max_bytes.div_ceil(MIB))
        .unwrap_or(u32::MAX)
        .clamp(1, WAITING_BUDGET_MIB)
}

/// The field's first bytes (`sniff::HEAD_LEN`, or all of a shorter file): whole pieces as they
/// arrive, so a little more at times.
pub async fn read_head(
    field: &mut Field<'_>,
    form_error: fn(&MultipartError) -> ApiError,
) -> ApiResult<Vec<u8>> {
    let mut head = Vec::new();
    while head.len() < sniff::HEAD_LEN {
        match field.chunk().await {
            Ok(Some(piece)) => head.extend_from_slice(&piece),
            Ok(None) => break,
            Err(err) => return Err(form_error(&err)),
        }
    }
    Ok(head)
}

/// The form's field `name`, whole: at most `max` bytes (413 with `too_large` past it, or past the
/// route's body limit), 400 with `required` when the form or the field is missing or empty.
pub async fn whole_field(
    multipart: Result<axum::extract::Multipart, axum::extract::multipart::MultipartRejection>,
    name: &str,
    max: usize,
    required: Msg,
    too_large: Msg,
) -> ApiResult<bytes::Bytes> {
    use axum::http::StatusCode;
    let refused = |status: StatusCode| {
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, too_large)
        } else {
            ApiError::bad_request(required)
        }
    };
    let mut multipart = multipart.map_err(|rejection| refused(rejection.status()))?;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return Err(ApiError::bad_request(required)),
            Err(err) => return Err(refused(err.status())),
        };
        if field.name() != Some(name) {
            continue;
        }
        let data = field.bytes().await.map_err(|err| refused(err.status()))?;
        if data.is_empty() {
            return Err(ApiError::bad_request(required));
        }
        if data.len() > max {
            return Err(refused(StatusCode::PAYLOAD_TOO_LARGE));
        }
        return Ok(data);
    }
}

/// A digest as lowercase hex, as files' hashes are kept.
pub fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// An image whose first bytes (`head`) have been read: the rest read within the shared budget,
/// then re-encoded as a JPEG with a thumbnail (`photo::prepare`, with its 415 and 422 answers).
pub async fn receive_image(
    head: Vec<u8>,
    mut field: Field<'_>,
    limits: &Limits,
) -> ApiResult<photo::Processed> {
    let _room = WAITING
        .acquire_many(waiting_cost(limits.max_bytes))
        .await
        .map_err(|e| ApiError::internal(format!("image slots closed: {e}")))?;
    let mut data = head;
    loop {
        match field.chunk().await {
            Ok(Some(piece)) => {
                if (data.len() + piece.len()) as u64 > limits.max_bytes {
                    return Err((limits.too_large)());
                }
                data.extend_from_slice(&piece);
            }
            Ok(None) => break,
            Err(err) => return Err((limits.form_error)(&err)),
        }
    }
    photo::prepare(data).await
}

/// A re-encoded image as stored: its size and hash, and the keys of it and its thumbnail.
pub struct StoredImage {
    pub size: u64,
    pub sha256: String,
    pub key: String,
    pub thumbnail_key: String,
}

/// Stores a re-encoded image and its thumbnail under `prefix`, noted as pending until the
/// caller's row points at them (`photo::store_processed`).
pub async fn store_image(
    state: &impl FileContext,
    prefix: &str,
    processed: photo::Processed,
) -> ApiResult<StoredImage> {
    let size = processed.photo.len() as u64;
    let sha256 = hex(&Sha256::digest(&processed.photo));
    let stored = photo::store_processed(state, prefix, processed).await?;
    Ok(StoredImage {
        size,
        sha256,
        key: stored.photo_key,
        thumbnail_key: stored.thumbnail_key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_waits_for_room_for_the_largest_its_route_allows() {
        assert_eq!(waiting_cost(25 * MIB), 25);
        assert_eq!(waiting_cost(25 * MIB + 1), 26);
        assert_eq!(waiting_cost(0), 1);
        assert_eq!(waiting_cost(u64::MAX), WAITING_BUDGET_MIB);
        assert_eq!(WAITING_BUDGET_MIB / waiting_cost(25 * MIB), 4);
    }

    #[test]
    fn hashes_read_as_lowercase_hex() {
        assert_eq!(hex(&[0x00, 0xab, 0x0f]), "00ab0f");
        assert_eq!(
            hex(&Sha256::digest(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
