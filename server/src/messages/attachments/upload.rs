//! `POST /conversaciones/{id}/adjuntos`: a participant's upload, judged by its first bytes, then
//! either re-encoded (an image, whole in memory, at most `MAX_BYTES`) or streamed into the store
//! as it arrives (a PDF, hashed on the way, never whole in memory).

use std::sync::{Arc, Mutex};

use axum::{
    extract::{
        DefaultBodyLimit, Multipart, Path, State,
        multipart::{Field, MultipartError, MultipartRejection},
    },
    http::{HeaderMap, StatusCode, header},
};
use bytes::Bytes;
use chrono::Utc;
use futures_util::{StreamExt, stream};
use sea_orm::ActiveModelTrait;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{AttachmentView, view};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    i18n::Msg,
    ids,
    messages::{access, entities::adjunto, vocabulary::AttachmentKind},
    platform::{
        pending, photo,
        rate_limit::Limit,
        sniff::{self, Kind},
        upload::{self, hex},
    },
    request::{AuthUser, Json},
    state::AppState,
};

/// The most an attachment may weigh when it arrives.
pub const MAX_BYTES: u64 = 25 * 1024 * 1024;
/// The multipart form around the file: its boundary and part headers.
const FORM_ROOM: u64 = 64 * 1024;
/// What an image may weigh as it arrives, and the answers when its upload goes wrong. Images
/// wait whole in memory within the budget every image upload shares (`platform::upload`); PDFs
/// never wait whole.
const IMAGE_LIMITS: upload::Limits = upload::Limits {
    max_bytes: MAX_BYTES,
    too_large,
    form_error,
};
/// Uploads per person and hour: a day's worth of files for anyone, not a way to fill the store.
const UPLOADS_PER_USER: Limit = Limit {
    name: "message_attachments",
    max: 60,
    window: std::time::Duration::from_secs(60 * 60),
};

pub fn body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(usize::try_from(MAX_BYTES + FORM_ROOM).unwrap_or(usize::MAX))
}

/// The multipart form of an attachment.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct AttachmentUpload {
    /// An image (JPG, PNG, GIF or WebP) or a PDF, at most 25 MB.
    #[schema(value_type = String, format = Binary)]
    archivo: Vec<u8>,
}

#[derive(Serialize, ToSchema)]
pub struct AttachmentAnswer {
    pub success: bool,
    pub data: AttachmentView,
}

/// Upload a file to a conversation, to send with a message.
///
/// An upload not sent with a message within a day is removed. Images are re-encoded without
/// their metadata and get a thumbnail; PDFs are kept as sent and download as files.
#[utoipa::path(post, path = "/conversaciones/{id}/adjuntos", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = AttachmentUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = AttachmentAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 404, description = "not a conversation of the caller", body = ErrorBody),
        (status = 413, description = "larger than 25 MB", body = ErrorBody),
        (status = 415, description = "neither an image nor a PDF", body = ErrorBody),
        (status = 422, description = "an empty file, or an image of more than 50 megapixels", body = ErrorBody),
        (status = 429, description = "too many uploads", body = ErrorBody),
    ))]
pub(super) async fn upload_attachment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<AttachmentAnswer>)> {
    let conversation = access::readable_conversation(&state, &auth.id, &id).await?;
    refuse_announced_excess(&headers)?;
    state.limiter.hit(&UPLOADS_PER_USER, &auth.id).await?;
    let mut multipart = multipart.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        _ => ApiError::bad_request(Msg::AttachmentRequired),
    })?;
    let prefix = format!("mensajes/{}", conversation.id);
    let stored = receive(&state, &prefix, &mut multipart).await?;
    let keys = stored.keys();
    let row = adjunto::ActiveModel {
        id: sea_orm::Set(ids::new_id()),
        conversacion_id: sea_orm::Set(conversation.id.clone()),
        subido_por: sea_orm::Set(Some(auth.user.id.clone())),
        mensaje_id: sea_orm::Set(None),
        orden: sea_orm::Set(0),
        nombre: sea_orm::Set(stored.nombre),
        clase: sea_orm::Set(stored.clase.into()),
        mime: sea_orm::Set(stored.mime.to_owned()),
        tamano: sea_orm::Set(i64::try_from(stored.tamano).unwrap_or(i64::MAX)),
        clave: sea_orm::Set(stored.clave),
        miniatura_clave: sea_orm::Set(stored.miniatura_clave),
        sha256: sea_orm::Set(stored.sha256),
        created_at: sea_orm::Set(Utc::now()),
    }
    .insert(&state.db)
    .await;
    let row = match row {
        Ok(row) => row,
        Err(err) => {
            photo::after_change(&state, &[], &keys).await;
            return Err(err.into());
        }
    };
    pending::settle(&state, &keys).await;
    Ok((
        StatusCode::CREATED,
        Json(AttachmentAnswer {
            success: true,
            data: view(&state, &row, &auth.id),
        }),
    ))
}

/// A file written to the store, noted as pending until its row exists.
struct Stored {
    nombre: String,
    clase: AttachmentKind,
    mime: &'static str,
    tamano: u64,
    clave: String,
    miniatura_clave: Option<String>,
    sha256: String,
}

impl Stored {
    fn keys(&self) -> Vec<String> {
        std::iter::once(self.clave.clone())
            .chain(self.miniatura_clave.clone())
            .collect()
    }
}

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, Msg::AttachmentTooLarge)
}

/// A body announced larger than any attachment is refused before a byte of it is read.
fn refuse_announced_excess(headers: &HeaderMap) -> ApiResult<()> {
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match announced {
        Some(length) if length > MAX_BYTES + FORM_ROOM => Err(too_large()),
        _ => Ok(()),
    }
}

fn form_error(err: &MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::bad_request(Msg::AttachmentRequired)
    }
}

/// Stores the form's `archivo` field (other fields are skipped) by what its first bytes say it is.
async fn receive(state: &AppState, prefix: &str, multipart: &mut Multipart) -> ApiResult<Stored> {
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return Err(ApiError::bad_request(Msg::AttachmentRequired)),
            Err(err) => return Err(form_error(&err)),
        };
        if field.name() != Some("archivo") {
            continue;
        }
        let given_name = field.file_name().map(str::to_owned);
        let head = upload::read_head(&mut field, form_error).await?;
        if head.is_empty() {
            return Err(ApiError::field("archivo", Msg::AttachmentEmpty));
        }
        let sniffed = &head[..head.len().min(sniff::HEAD_LEN)];
        return match sniff::kind(sniffed) {
            Some(Kind::Image) => store_image(state, prefix, given_name, head, field).await,
            Some(Kind::Pdf) => store_pdf(state, prefix, given_name, head, field).await,
            // Office documents belong in a family's documents, not in a conversation.
            Some(Kind::Office) | None => Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Msg::AttachmentType,
            )),
        };
    }
}

/// An image: read whole and re-encoded as a JPEG with a thumbnail (`platform::upload`), then
/// stored.
async fn store_image(
    state: &AppState,
    prefix: &str,
    given_name: Option<String>,
    head: Vec<u8>,
    field: Field<'_>,
) -> ApiResult<Stored> {
    let processed = upload::receive_image(head, field, &IMAGE_LIMITS).await?;
    let stored = upload::store_image(state, prefix, processed).await?;
    Ok(Stored {
        nombre: sniff::clean_name(given_name.as_deref(), "jpg", "imagen"),
        clase: AttachmentKind::Image,
        mime: "image/jpeg",
        tamano: stored.size,
        clave: stored.key,
        miniatura_clave: Some(stored.thumbnail_key),
        sha256: stored.sha256,
    })
}

/// Why a streamed upload stopped short.
#[derive(Clone, Copy)]
enum Cut {
    TooLarge,
    Broken,
}

/// What is learnt of a PDF while it streams into the store: its size, its hash and its last
/// bytes (where its end marker must be), and why it stopped if it did.
struct Watch {
    total: u64,
    hasher: Sha256,
    tail: Vec<u8>,
    cut: Option<Cut>,
}

impl Watch {
    fn new() -> Watch {
        Watch {
            total: 0,
            hasher: Sha256::new(),
            tail: Vec::with_capacity(2 * sniff::TAIL_LEN),
            cut: None,
        }
    }

    fn pass(&mut self, piece: Result<Bytes, MultipartError>) -> anyhow::Result<Bytes> {
        let piece = match piece {
            Ok(piece) => piece,
            Err(err) => {
                self.cut = Some(match err.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => Cut::TooLarge,
                    _ => Cut::Broken,
                });
                anyhow::bail!("the upload stopped: {err}");
            }
        };
        self.total += piece.len() as u64;
        if self.total > MAX_BYTES {
            self.cut = Some(Cut::TooLarge);
            anyhow::bail!("the upload is over {MAX_BYTES} bytes");
        }
        self.hasher.update(&piece);
        self.tail.extend_from_slice(&piece);
        if self.tail.len() > sniff::TAIL_LEN {
            self.tail.drain(..self.tail.len() - sniff::TAIL_LEN);
        }
        Ok(piece)
    }
}

/// A PDF: streamed into the store as it arrives, then checked for its end marker; removed
/// again if the upload stops short or does not end like a PDF.
async fn store_pdf(
    state: &AppState,
    prefix: &str,
    given_name: Option<String>,
    head: Vec<u8>,
    field: Field<'_>,
) -> ApiResult<Stored> {
    let clave = format!("{prefix}/{}.pdf", ids::new_id());
    let keys = [clave.clone()];
    pending::note(&state.db, state, &keys).await?;
    let watch = Arc::new(Mutex::new(Watch::new()));
    let watching = Arc::clone(&watch);
    let content = stream::iter([Ok(Bytes::from(head))])
        .chain(field)
        .map(move |piece| {
            watching
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .pass(piece)
        });
    let written = state.files.put_stream(&state.db, &clave, content).await;
    // Read out before anything else awaits: the guard may not be held across an await.
    let (total, ends_like_pdf, cut, sha256) = {
        let mut watch = watch
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let sha256 = hex(&std::mem::take(&mut watch.hasher).finalize());
        (
            watch.total,
            sniff::ends_like_pdf(&watch.tail),
            watch.cut,
            sha256,
        )
    };
    let refused = match (written, cut) {
        (Ok(_), _) if ends_like_pdf => None,
        (Ok(_), _) => Some(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Msg::AttachmentPdfIncomplete,
        )),
        (Err(_), Some(Cut::TooLarge)) => Some(too_large()),
        (Err(_), Some(Cut::Broken)) => Some(ApiError::bad_request(Msg::AttachmentRequired)),
        (Err(err), None) => Some(ApiError::internal(format!("{err:#}"))),
    };
    if let Some(refused) = refused {
        photo::after_change(state, &[], &keys).await;
        return Err(refused);
    }
    Ok(Stored {
        nombre: sniff::clean_name(given_name.as_deref(), "pdf", "documento"),
        clase: AttachmentKind::Pdf,
        mime: "application/pdf",
        tamano: total,
        clave,
        miniatura_clave: None,
        sha256,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_hashed_kept_by_its_tail_and_stopped_past_the_limit() {
        let mut watch = Watch::new();
        let start = Bytes::from_static(b"%PDF-1.7\n");
        let end = Bytes::from([vec![b'x'; 3000], b"%%EOF\n".to_vec()].concat());
        assert!(watch.pass(Ok(start.clone())).is_ok());
        assert!(watch.pass(Ok(end.clone())).is_ok());
        assert_eq!(watch.total, (start.len() + end.len()) as u64);
        assert_eq!(watch.tail.len(), sniff::TAIL_LEN);
        assert!(sniff::ends_like_pdf(&watch.tail));
        let expected = Sha256::digest([&start[..], &end[..]].concat());
        assert_eq!(
            hex(&std::mem::take(&mut watch.hasher).finalize()),
            hex(&expected)
        );

        let mut watch = Watch::new();
        let half = usize::try_from(MAX_BYTES / 2).expect("fits") + 1;
        assert!(watch.pass(Ok(Bytes::from(vec![0u8; half]))).is_ok());
        assert!(watch.cut.is_none());
        assert!(watch.pass(Ok(Bytes::from(vec![0u8; half]))).is_err());
        assert!(matches!(watch.cut, Some(Cut::TooLarge)));
    }
}
