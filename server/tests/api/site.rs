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
            assert!(body.contains("<div id=\"root\">"), "{path}");
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
