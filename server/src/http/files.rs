//! Serves stored files to whoever holds a signed link the API handed out (see `platform::storage`).
//!
//! Only the image types Nido itself writes are shown in the browser; anything else (a PDF, an
//! attachment of another kind) is handed over as a download under a sandboxing policy, so no
//! stored file can ever run as a page of Nido's origin.

use axum::{
    body::Body,
    extract::{Path, Query, State},
    http::{HeaderValue, Response, header},
};
use chrono::Utc;
use serde::Deserialize;

use crate::{
    error::{ApiError, ApiResult},
    platform::files::answer::{authenticated_body, content_disposition},
    state::AppState,
};

#[derive(Deserialize)]
pub struct Signature {
    exp: Option<i64>,
    sig: Option<String>,
    /// The name to save a download under. Not signed: it only names the holder's own copy, and
    /// its extension is always made to match what is served.
    nombre: Option<String>,
}

/// The image types shown inline: the ones Nido's re-encoding and older photos produce.
const INLINE_TYPES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];
/// Types served as downloads with their own type; anything else goes as opaque bytes.
const DOWNLOAD_TYPES: [&str; 1] = ["application/pdf"];
/// A download is nothing to render: no scripts, no plugins, no requests, no frames.
const DOWNLOAD_CSP: &str = "default-src 'none'; sandbox; frame-ancestors 'none'";

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
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    for (name, value) in presentation(&key, signature.nombre.as_deref()) {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    let max_age = (exp - Utc::now().timestamp()).max(0);
    if let Ok(value) = HeaderValue::from_str(&format!("private, max-age={max_age}")) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    Ok(response)
}

/// How a stored file is presented: its type, and whether it is shown or downloaded (under what
/// name, and with what policy). Never as a page: an unknown type is opaque bytes.
fn presentation(key: &str, nombre: Option<&str>) -> Vec<(header::HeaderName, String)> {
    let guessed = mime_guess::from_path(key).first_or_octet_stream();
    let guessed = guessed.essence_str();
    if INLINE_TYPES.contains(&guessed) {
        return vec![
            (header::CONTENT_TYPE, guessed.to_owned()),
            (header::CONTENT_DISPOSITION, "inline".to_owned()),
        ];
    }
    let served = if DOWNLOAD_TYPES.contains(&guessed) {
        guessed
    } else {
        "application/octet-stream"
    };
    let stored_name = key.rsplit('/').next().unwrap_or(key);
    let name = download_name(nombre.unwrap_or(stored_name), stored_name);
    vec![
        (header::CONTENT_TYPE, served.to_owned()),
        (header::CONTENT_DISPOSITION, content_disposition(&name)),
        (header::CONTENT_SECURITY_POLICY, DOWNLOAD_CSP.to_owned()),
    ]
}

/// The name offered for a download: the given one without anything that could reach outside a
/// folder or break the header, ending in the stored file's extension.
fn download_name(given: &str, stored_name: &str) -> String {
    let base = given.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut name: String = base
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | ';' | '\\' | '/'))
        .take(150)
        .collect();
    name = name.trim().trim_start_matches('.').to_owned();
    let extension = stored_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    if name.is_empty() {
        name = "archivo".to_owned();
    }
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

    fn header_of(found: &[(header::HeaderName, String)], name: header::HeaderName) -> Option<&str> {
        found
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    #[test]
    fn images_show_and_everything_else_downloads() {
        let photo = presentation("hijos/a/b.jpg", None);
        assert_eq!(header_of(&photo, header::CONTENT_TYPE), Some("image/jpeg"));
        assert_eq!(
            header_of(&photo, header::CONTENT_DISPOSITION),
            Some("inline")
        );

        let pdf = presentation("mensajes/c/d.pdf", Some("Informe médico.pdf"));
        assert_eq!(
            header_of(&pdf, header::CONTENT_TYPE),
            Some("application/pdf")
        );
        assert_eq!(
            header_of(&pdf, header::CONTENT_DISPOSITION),
            Some(
                "attachment; filename=\"Informe m_dico.pdf\"; filename*=UTF-8''Informe%20m%C3%A9dico.pdf"
            )
        );
        assert_eq!(
            header_of(&pdf, header::CONTENT_SECURITY_POLICY),
            Some(DOWNLOAD_CSP)
        );

        for key in ["x/y.html", "x/y.svg", "x/y.htm", "x/y", "x/y.js"] {
            let other = presentation(key, None);
            assert_eq!(
                header_of(&other, header::CONTENT_TYPE),
                Some("application/octet-stream"),
                "{key}"
            );
            assert!(
                header_of(&other, header::CONTENT_DISPOSITION)
                    .is_some_and(|d| d.starts_with("attachment;")),
                "{key}"
            );
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
