//! The built web app, embedded in the binary: files by path, `index.html` for every app route
//! (with 404 for paths the app does not have), and the sitemap and robots file built from the
//! app's own list of routes (`routes.json`, written by the web build).

use std::sync::LazyLock;

use axum::{
    body::Body,
    extract::State,
    http::{HeaderMap, HeaderValue, Response, StatusCode, Uri, header},
    response::IntoResponse,
};
use serde::Deserialize;

use crate::{i18n::Lang, platform::web_app::Assets, state::AppState};

/// The paths the web app answers, as `web/src/app/knownPaths.ts` lists them.
#[derive(Debug, Default, Deserialize)]
struct KnownPaths {
    /// Public pages, listed in the sitemap.
    pages: Vec<String>,
    /// Other pages of the app (sign-in, registration...), not listed.
    app: Vec<String>,
    /// Signed-in sections: the path itself and everything under it; kept from crawlers.
    private: Vec<String>,
    /// Public sections whose every sub-path is a page (e.g. a help category's articles).
    under: Vec<String>,
}

static KNOWN: LazyLock<Option<KnownPaths>> = LazyLock::new(|| {
    let file = Assets::get("routes.json")?;
    match serde_json::from_slice(&file.data) {
        Ok(known) => Some(known),
        Err(err) => {
            tracing::error!(error = %err, "routes.json of the web app is unreadable; every path is served");
            None
        }
    }
});

impl KnownPaths {
    fn has(&self, path: &str) -> bool {
        let path = match path.trim_end_matches('/') {
            "" => "/",
            trimmed => trimmed,
        };
        let within = |base: &String| {
            path == base
                || path
                    .strip_prefix(base.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        self.pages.iter().any(|p| p == path)
            || self.app.iter().any(|p| p == path)
            || self.private.iter().any(within)
            || self.under.iter().any(|base| {
                path.strip_prefix(base.as_str())
                    .is_some_and(|rest| rest.len() > 1 && rest.starts_with('/'))
            })
    }
}

/// The prerendered HTML of a public page in `lang`, when the build made one.
fn prerendered(path: &str, lang: Lang) -> Option<rust_embed::EmbeddedFile> {
    let page = match path.trim_end_matches('/') {
        "" => "index",
        trimmed => trimmed.trim_start_matches('/'),
    };
    // Only listed pages: a path is never turned into an arbitrary file name.
    let listed = KNOWN.as_ref().is_some_and(|k| {
        k.pages
            .iter()
            .any(|p| p.trim_start_matches('/') == page || (page == "index" && p == "/"))
    });
    listed
        .then(|| Assets::get(&format!("prerendered/{}/{page}.html", lang.as_str())))
        .flatten()
}

pub async fn serve(uri: Uri, headers: HeaderMap) -> Response<Body> {
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        // Vite names files under assets/ by their content hash: they can be cached for good.
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        return file_response(file, cache);
    }
    // Public pages arrive drawn, in the language the browser asks for; the app then takes over.
    if let Some(page) = prerendered(uri.path(), Lang::from_headers(&headers)) {
        let mut response = file_response(page, "no-cache");
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Accept-Language"));
        return response;
    }
    match Assets::get("index.html") {
        Some(index) => {
            // The app draws its own 404 page; the status tells crawlers and tools the same.
            let known = KNOWN.as_ref().is_none_or(|k| k.has(uri.path()));
            let mut response = file_response(index, "no-cache");
            if !known {
                *response.status_mut() = StatusCode::NOT_FOUND;
            }
            response
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built: run `make build` (or `make run`).",
        )
            .into_response(),
    }
}

/// Every public page, with the addresses people reach (NIDO_PUBLIC_URL).
pub async fn sitemap(State(state): State<AppState>) -> Response<Body> {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in KNOWN
        .as_ref()
        .map(|k| k.pages.as_slice())
        .unwrap_or_default()
    {
        xml.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            crate::platform::mail::escape(&state.config.link(page))
        ));
    }
    xml.push_str("</urlset>\n");
    text_response(xml, "application/xml; charset=utf-8")
}

pub async fn robots(State(state): State<AppState>) -> Response<Body> {
    let mut text = String::from("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /api3/\n");
    for private in KNOWN
        .as_ref()
        .map(|k| k.private.as_slice())
        .unwrap_or_default()
    {
        text.push_str(&format!("Disallow: {private}\n"));
    }
    text.push_str(&format!("Sitemap: {}\n", state.config.link("/sitemap.xml")));
    text_response(text, "text/plain; charset=utf-8")
}

fn text_response(body: String, content_type: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::from(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

fn file_response(file: rust_embed::EmbeddedFile, cache: &'static str) -> Response<Body> {
    let mime = file.metadata.mimetype();
    let mut response = Response::new(Body::from(file.data.into_owned()));
    if let Ok(value) = HeaderValue::from_str(mime) {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_paths_match_pages_sections_and_sub_paths() {
        let known = KnownPaths {
            pages: vec!["/".into(), "/help".into(), "/blog/un-post".into()],
            app: vec!["/login".into()],
            private: vec!["/children".into()],
            under: vec!["/help/account".into()],
        };
        for path in [
            "/",
            "/help",
            "/help/",
            "/login",
            "/children",
            "/children/abc",
            "/help/account/x",
            "/blog/un-post",
        ] {
            assert!(known.has(path), "{path}");
        }
        for path in [
            "/nope",
            "/childrenx",
            "/help/account",
            "/help/accountx/y",
            "/blog/otro",
            "/login/x",
        ] {
            assert!(!known.has(path), "{path}");
        }
    }
}
