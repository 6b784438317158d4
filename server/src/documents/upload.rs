//! Receiving a document's file: judged by its first bytes, then either re-encoded (an image,
//! through the photo pipeline) or streamed into the encrypted store as it arrives (a PDF, an
//! office document), hashed on the way and cut off at 25 MB or where the family's quota ends.
//! What arrives is judged again once whole (a PDF's end, an archive's central directory) and
//! erased if refused.

use std::sync::{Arc, Mutex};

use axum::{
    extract::{
        DefaultBodyLimit,
        multipart::{Field, MultipartError},
    },
    http::StatusCode,
};
use bytes::Bytes;
use futures_util::{StreamExt, stream};
use sha2::{Digest, Sha256};

use super::quota;
use crate::{
    error::{ApiError, ApiResult},
    i18n::Msg,
    ids,
    platform::{
        office::{self, Refusal},
        pending, photo,
        sniff::{self, HtmlWatch, Kind},
        upload::{self, hex},
    },
    state::AppState,
};

/// The most a document's file may weigh.
pub const MAX_BYTES: u64 = 25 * 1024 * 1024;
/// The multipart form around the file: its boundary, part headers and the text fields.
const FORM_ROOM: u64 = 64 * 1024;
/// What an image may weigh as it arrives, and the answers when its upload goes wrong.
const IMAGE_LIMITS: upload::Limits = upload::Limits {
    max_bytes: MAX_BYTES,
    too_large,
    form_error,
};

pub fn body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(usize::try_from(MAX_BYTES + FORM_ROOM).unwrap_or(usize::MAX))
}

pub fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, Msg::DocumentTooLarge)
}

fn refused(msg: Msg) -> ApiError {
    ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, msg)
}

pub fn form_error(err: &MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::bad_request(Msg::DocumentFileRequired)
    }
}

/// A file written to the store, noted as pending until its version's row exists.
pub struct Stored {
    pub nombre: String,
    pub tipo: &'static str,
    pub tamano: u64,
    pub clave: String,
    pub miniatura_clave: Option<String>,
    pub sha256: String,
}

impl Stored {
    pub fn keys(&self) -> Vec<String> {
        std::iter::once(self.clave.clone())
            .chain(self.miniatura_clave.clone())
            .collect()
    }
}

/// How much a file may take: 25 MB, or less when the family's quota or the uploader's day has
/// less room left.
#[derive(Clone, Copy)]
pub struct Room {
    pub bytes: u64,
    /// What sets the room, to say so when a file passes it.
    cause: Cause,
}

#[derive(Clone, Copy)]
enum Cause {
    /// The most any file may weigh.
    File,
    /// The family's usage and quota.
    Quota(u64, u64),
    /// The uploader's daily allowance, and the seconds until more of it is free.
    Day(quota::Daily, u64),
}

impl Room {
    pub fn of(usage: Option<(u64, u64)>) -> Room {
        match usage {
            Some((used, quota)) if quota.saturating_sub(used) < MAX_BYTES => Room {
                bytes: quota.saturating_sub(used),
                cause: Cause::Quota(used, quota),
            },
            _ => Room {
                bytes: MAX_BYTES,
                cause: Cause::File,
            },
        }
    }

    /// The same room, narrowed to what the uploader may still upload in these 24 hours.
    pub fn within_day(
        self,
        limit: quota::Daily,
        recent: &quota::Recent,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Room {
        let left = recent.room(limit);
        if left >= self.bytes {
            return self;
        }
        Room {
            bytes: left,
            cause: Cause::Day(limit, recent.wait(limit, left + 1, now)),
        }
    }

    fn exceeded(&self) -> ApiError {
        match self.cause {
            Cause::Quota(used, quota) => quota::exhausted(used, quota),
            Cause::Day(limit, wait) => quota::daily_exhausted(limit, wait),
            Cause::File => too_large(),
        }
    }
}

/// Stores the field's file by what its first bytes say it is.
pub async fn receive(state: &AppState, mut field: Field<'_>, room: Room) -> ApiResult<Stored> {
    let given_name = field.file_name().map(str::to_owned);
    let head = upload::read_head(&mut field, form_error).await?;
    if head.is_empty() {
        return Err(
            ApiError::field("archivo", Msg::DocumentFileEmpty).with_msg(Msg::DocumentValidation)
        );
    }
    let sniffed = &head[..head.len().min(sniff::HEAD_LEN)];
    match sniff::kind(sniffed) {
        Some(Kind::Image) => store_image(state, given_name, head, field, room).await,
        Some(kind @ (Kind::Pdf | Kind::Office)) => {
            store_streamed(state, kind, given_name, head, field, room).await
        }
        None => Err(refused(Msg::DocumentType)),
    }
}

async fn store_image(
    state: &AppState,
    given_name: Option<String>,
    head: Vec<u8>,
    field: Field<'_>,
    room: Room,
) -> ApiResult<Stored> {
    let processed = upload::receive_image(head, field, &IMAGE_LIMITS).await?;
    if processed.photo.len() as u64 > room.bytes {
        return Err(room.exceeded());
    }
    let stored = upload::store_image(state, "documentos", processed).await?;
    Ok(Stored {
        nombre: sniff::clean_name(given_name.as_deref(), "jpg", "imagen"),
        tipo: "image/jpeg",
        tamano: stored.size,
        clave: stored.key,
        miniatura_clave: Some(stored.thumbnail_key),
        sha256: stored.sha256,
    })
}

/// Why a streamed upload stopped short.
#[derive(Clone, Copy)]
enum Cut {
    /// Past the room it had (25 MB or the quota's).
    Full,
    Broken,
}

/// What is learnt of a file while it streams: its size, hash and last bytes, whether a page
/// hides in it, and why it stopped if it did.
struct Watch {
    total: u64,
    limit: u64,
    hasher: Sha256,
    tail: Vec<u8>,
    tail_len: usize,
    pages: HtmlWatch,
    cut: Option<Cut>,
}

impl Watch {
    fn new(limit: u64, tail_len: usize) -> Watch {
        Watch {
            total: 0,
            limit,
            hasher: Sha256::new(),
            tail: Vec::new(),
            tail_len,
            pages: HtmlWatch::default(),
            cut: None,
        }
    }

    fn pass(&mut self, piece: Result<Bytes, MultipartError>) -> anyhow::Result<Bytes> {
        let piece = match piece {
            Ok(piece) => piece,
            Err(err) => {
                self.cut = Some(match err.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => Cut::Full,
                    _ => Cut::Broken,
                });
                anyhow::bail!("the upload stopped: {err}");
            }
        };
        self.total += piece.len() as u64;
        if self.total > self.limit {
            self.cut = Some(Cut::Full);
            anyhow::bail!("the upload is over its room of {} bytes", self.limit);
        }
        self.hasher.update(&piece);
        self.pages.pass(&piece);
        self.tail.extend_from_slice(&piece);
        // Trimmed in steps, not at every piece, so keeping the tail costs little.
        if self.tail.len() > 2 * self.tail_len {
            self.tail.drain(..self.tail.len() - self.tail_len);
        }
        Ok(piece)
    }

    fn tail(&self) -> &[u8] {
        &self.tail[self.tail.len().saturating_sub(self.tail_len)..]
    }
}

/// What a streamed file turned out to be once whole, or why it is refused.
fn judge(kind: Kind, head: &[u8], watch: &Watch) -> Result<(&'static str, &'static str), Msg> {
    match kind {
        Kind::Pdf => {
            let tail = watch.tail();
            let end = &tail[tail.len().saturating_sub(sniff::TAIL_LEN)..];
            if watch.pages.found() || sniff::ends_like_zip(tail) {
                Err(Msg::DocumentUnsafe)
            } else if !sniff::ends_like_pdf(end) {
                Err(Msg::DocumentType)
            } else {
                Ok(("application/pdf", "pdf"))
            }
        }
        // An entry stored uncompressed lies in the file as it is: a page or a script there is
        // refused like one in a PDF. Compressed entries are never opened here (no decompression
        // to judge them); they are only ever handed over as downloads, never shown.
        _ if watch.pages.found() => Err(Msg::DocumentUnsafe),
        _ => match office::judge(head, watch.tail(), watch.total) {
            Ok(found) => Ok((found.mime(), found.extension())),
            Err(Refusal::Hostile) => Err(Msg::DocumentUnsafe),
            Err(Refusal::NotOffice) => Err(Msg::DocumentType),
        },
    }
}

async fn store_streamed(
    state: &AppState,
    kind: Kind,
    given_name: Option<String>,
    head: Vec<u8>,
    field: Field<'_>,
    room: Room,
) -> ApiResult<Stored> {
    let clave = format!("documentos/{}", ids::new_id());
    let keys = [clave.clone()];
    pending::note(&state.db, state, &keys).await?;
    let tail_len = match kind {
        Kind::Pdf => sniff::TAIL_LEN.max(4096),
        _ => office::TAIL_LEN,
    };
    let watch = Arc::new(Mutex::new(Watch::new(room.bytes, tail_len)));
    let watching = Arc::clone(&watch);
    let first = head.clone();
    let content = stream::iter([Ok(Bytes::from(first))])
        .chain(field)
        .map(move |piece| {
            watching
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .pass(piece)
        });
    let written = state.files.put_stream(&state.db, &clave, content).await;
    // Read out before anything else awaits: the guard may not be held across an await.
    let (total, cut, sha256, judged) = {
        let mut watch = watch
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let judged = judge(kind, &head, &watch);
        let sha256 = hex(&std::mem::take(&mut watch.hasher).finalize());
        (watch.total, watch.cut, sha256, judged)
    };
    let outcome = match (written, cut) {
        (Ok(_), _) => judged.map_err(refused),
        (Err(_), Some(Cut::Full)) => Err(room.exceeded()),
        (Err(_), Some(Cut::Broken)) => Err(ApiError::bad_request(Msg::DocumentFileRequired)),
        (Err(err), None) => Err(ApiError::internal(format!("{err:#}"))),
    };
    match outcome {
        Ok((tipo, extension)) => Ok(Stored {
            nombre: sniff::clean_name(given_name.as_deref(), extension, "documento"),
            tipo,
            tamano: total,
            clave,
            miniatura_clave: None,
            sha256,
        }),
        Err(err) => {
            photo::after_change(state, &[], &keys).await;
            Err(err)
        }
    }
}
