//! Serves stored files to whoever holds a signed link the API handed out (see
//! `platform::storage`), while the user it was issued to may still read the file: a link ends
//! with its reader's membership, account or right, not only with its expiry.
//!
//! Only the image types Nido itself writes are shown in the browser; anything else (a PDF, an
//! attachment of another kind) is handed over as a download under a sandboxing policy
//! (`platform::download`), so no stored file can ever run as a page of Nido's origin.

use axum::{
    body::Body,
    extract::{Path, Query, State},
    http::Response,
};
use chrono::Utc;
use sea_orm::EntityTrait;
use serde::Deserialize;

use crate::{
    db::entities::usuario,
    domain,
    error::{ApiError, ApiResult},
    ids::UserId,
    platform::{
        download::{Download, clean_name},
        files::answer::authenticated_body,
    },
    state::AppState,
};

#[derive(Deserialize)]
pub struct Signature {
    exp: Option<i64>,
    /// The user the link was issued to.
    lector: Option<String>,
    sig: Option<String>,
    /// The name to save a download under. Not signed: it only names the holder's own copy, and
    /// its extension is always made to match what is served.
    nombre: Option<String>,
}

/// The image types shown inline: the ones Nido's re-encoding and older photos produce.
const INLINE_TYPES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];
/// Types served as downloads with their own type; anything else goes as opaque bytes.
const DOWNLOAD_TYPES: [&str; 1] = ["application/pdf"];

pub async fn serve(
    State(state): State<AppState>,
    Path(key): Path<String>,
    Query(signature): Query<Signature>,
) -> ApiResult<Response<Body>> {
    let (Some(exp), Some(lector), Some(sig)) = (
        signature.exp,
        signature.lector.map(UserId::new),
        signature.sig,
    ) else {
        return Err(ApiError::not_found());
    };
    if !state.storage.verify_link(&key, exp, &lector, &sig)
        || !still_reads(&state, &key, &lector).await?
    {
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
    let mut response = Response::new(body);
    let max_age = (exp - Utc::now().timestamp()).max(0);
    let (served, name, inline) = presentation(&key, signature.nombre.as_deref());
    let download = if inline {
        Download::inline(served, &name)
    } else {
        Download::attachment(served, &name)
    };
    download
        .cache(format!("private, max-age={max_age}"))
        .len(len)
        .apply(response.headers_mut());
    Ok(response)
}

/// Whether the user a link was issued to may still read the file: their account is open, and
/// the domain whose file it is still shows it to them (a member removed from the family, a
/// participant gone from the conversation, may not).
async fn still_reads(state: &AppState, key: &str, lector: &UserId) -> ApiResult<bool> {
    let open = usuario::Entity::find_by_id(lector)
        .one(&state.db)
        .await?
        .is_some_and(|u| u.desactivado_at.is_none());
    Ok(open && domain::may_read_file(state, key, lector).await?)
}

/// How a stored file is presented: the type it is served as, the name it is offered under, and
/// whether it is shown (a photo) or saved. Never as a page: an unknown type is opaque bytes.
fn presentation(key: &str, nombre: Option<&str>) -> (&'static str, String, bool) {
    let guessed = mime_guess::from_path(key).first_or_octet_stream();
    let guessed = guessed.essence_str();
    let stored_name = key.rsplit('/').next().unwrap_or(key);
    let name = download_name(nombre.unwrap_or(stored_name), stored_name);
    if let Some(shown) = INLINE_TYPES.iter().find(|t| **t == guessed) {
        return (shown, name, true);
    }
    let served = DOWNLOAD_TYPES
        .iter()
        .find(|t| **t == guessed)
        .copied()
        .unwrap_or("application/octet-stream");
    (served, name, false)
}

/// The name offered for a download: the given one without anything that could reach outside a
/// folder or break the header, ending in the stored file's extension.
fn download_name(given: &str, stored_name: &str) -> String {
    let mut name = clean_name(given, "archivo");
    let extension = stored_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    if !extension.is_empty()
        && !name
            .to_ascii_lowercase()
            .ends_with(&format!(".{extension}"))
    {
        name = format!("{name}.{extension}");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_show_and_everything_else_downloads() {
        assert_eq!(
            presentation("hijos/a/b.jpg", None),
            ("image/jpeg", "b.jpg".to_owned(), true)
        );
        assert_eq!(
            presentation("mensajes/c/d.pdf", Some("Informe médico.pdf")),
            ("application/pdf", "Informe médico.pdf".to_owned(), false)
        );
        for key in ["x/y.html", "x/y.svg", "x/y.htm", "x/y", "x/y.js"] {
            let (served, _, inline) = presentation(key, None);
            assert_eq!(served, "application/octet-stream", "{key}");
            assert!(!inline, "{key}");
        }
    }

    #[test]
    fn a_download_name_cannot_escape_nor_change_its_type() {
        assert_eq!(download_name("../../etc/passwd", "d.pdf"), "passwd.pdf");
        assert_eq!(download_name("a\"; b=c.pdf", "d.pdf"), "a b=c.pdf");
        assert_eq!(download_name("página.html", "d.pdf"), "página.html.pdf");
        assert_eq!(download_name("..\\..\\x.PDF", "d.pdf"), "x.PDF");
        assert_eq!(download_name("   ", "d.pdf"), "archivo.pdf");
        assert_eq!(download_name(".pdf", "d.pdf"), "pdf.pdf");
    }
}
