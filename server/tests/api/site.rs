use reqwest::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn health_and_readiness() {
    let app = TestApp::spawn().await;
    let health = app.get("/api/health", None).await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.body["data"]["status"], "ok");
    let ready = app.get("/api/ready", None).await;
    assert_eq!(ready.status, StatusCode::OK);
    assert_eq!(ready.body["data"]["status"], "ready");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/api/health", "/api/nope", "/children/abc", "/"] {
        let res = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("request");
        let h = res.headers();
        let csp = h
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'"),
            "{path}: {csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert!(h.contains_key("x-request-id"), "{path}");
    }
}

#[tokio::test]
async fn app_routes_get_the_web_app_not_a_json_404() {
    let app = TestApp::spawn().await;
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../web/dist/index.html")
        .exists();
    for path in ["/children/abc", "/help/account", "/reset-password/xyz", "/"] {
        let res = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("request");
        if built {
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            let ct = res.headers()["content-type"]
                .to_str()
                .unwrap_or_default()
                .to_owned();
            assert!(ct.starts_with("text/html"), "{path}: {ct}");
            let body = res.text().await.unwrap_or_default();
            assert!(body.contains("<div id=\"root\""), "{path}");
        } else {
            assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        }
    }
}

#[tokio::test]
async fn a_request_id_is_kept_when_given() {
    let app = TestApp::spawn().await;
    let res = app
        .client
        .get(format!("{}/api/health", app.base))
        .header("x-request-id", "trace-me-123")
        .send()
        .await
        .expect("request");
    assert_eq!(res.headers()["x-request-id"], "trace-me-123");
}

/// Only meaningful once the web app is built (make test builds it before the server tests).
fn web_built() -> bool {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../web/dist/routes.json")
        .exists()
}

#[tokio::test]
async fn unknown_pages_get_the_app_with_a_404() {
    if !web_built() {
        return;
    }
    let app = TestApp::spawn().await;
    for (path, status) in [
        ("/no-such-page", StatusCode::NOT_FOUND),
        ("/blog/no-such-post", StatusCode::NOT_FOUND),
        ("/help/no-such-category", StatusCode::NOT_FOUND),
        ("/help/account/any-article", StatusCode::OK),
        ("/help/account", StatusCode::OK),
        ("/status", StatusCode::OK),
        (
            "/children/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            StatusCode::OK,
        ),
        ("/profile/edit", StatusCode::OK),
        ("/login", StatusCode::OK),
    ] {
        let res = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), status, "{path}");
        let body = res.text().await.unwrap_or_default();
        assert!(
            body.contains("<div id=\"root\""),
            "{path}: the app draws the page"
        );
    }
}

#[tokio::test]
async fn the_sitemap_lists_public_pages_and_robots_keeps_out_of_private_ones() {
    if !web_built() {
        return;
    }
    let app = TestApp::spawn().await;
    let sitemap = app.get("/sitemap.xml", None).await;
    assert_eq!(sitemap.status, StatusCode::OK);
    assert!(
        sitemap.headers["content-type"]
            .to_str()
            .unwrap_or_default()
            .starts_with("application/xml")
    );
    let xml = sitemap.body.as_str().unwrap_or_default();
    for page in [
        "http://nido.test/",
        "http://nido.test/help/getting-started/create-account",
        "http://nido.test/faq",
        "http://nido.test/terms",
    ] {
        assert!(
            xml.contains(&format!("<loc>{page}</loc>")),
            "{page} in {xml}"
        );
    }
    assert!(!xml.contains("nido.test/children"), "no signed-in pages");
    assert!(
        !xml.contains("<loc>http://nido.test/login</loc>"),
        "no sign-in page"
    );

    let robots = app.get("/robots.txt", None).await;
    assert_eq!(robots.status, StatusCode::OK);
    let text = robots.body.as_str().unwrap_or_default();
    assert!(text.contains("Disallow: /api/"), "{text}");
    assert!(text.contains("Disallow: /children"), "{text}");
    assert!(
        text.contains("Sitemap: http://nido.test/sitemap.xml"),
        "{text}"
    );
}

#[tokio::test]
async fn public_pages_arrive_prerendered_in_the_browsers_language() {
    if !web_built() {
        return;
    }
    let app = TestApp::spawn().await;
    for (lang, title) in [
        ("es", "Preguntas frecuentes"),
        ("en", "Frequently asked questions"),
    ] {
        let res = app
            .client
            .get(format!("{}/faq", app.base))
            .header("accept-language", lang)
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["vary"], "Accept-Language");
        let body = res.text().await.unwrap_or_default();
        assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{lang}");
        assert!(
            body.contains(&format!("data-prerendered=\"{lang}\"")),
            "{lang}"
        );
        assert!(
            body.contains(&format!("<title>{title} · Nido</title>")),
            "{lang}"
        );
        assert!(
            !body.contains("<script>"),
            "no inline script: the CSP allows none"
        );
    }
    // Signed-in pages are never prerendered: they get the plain app.
    let res = app
        .client
        .get(format!("{}/children", app.base))
        .send()
        .await
        .expect("request");
    let body = res.text().await.unwrap_or_default();
    assert!(body.contains("<div id=\"root\"></div>"));
}
