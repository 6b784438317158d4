//! Whatever a client sends, the answer is a 4xx with a message, never a 500.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Options, TestApp};

#[tokio::test]
async fn malformed_bodies_get_clear_client_errors() {
    let app = TestApp::spawn().await;

    let syntax = app
        .post_raw(
            "/api/usuarios/login",
            "application/json",
            b"{\"email\": ".to_vec(),
        )
        .await;
    assert_eq!(syntax.status, StatusCode::BAD_REQUEST);
    assert_eq!(syntax.str("code"), "invalid_json");

    let not_json = app
        .post_raw("/api/usuarios", "text/plain", b"nombre=Ana".to_vec())
        .await;
    assert_eq!(not_json.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(not_json.str("code"), "unsupported_media_type");

    let wrong_type = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": 5, "apellido": ["x"], "email": true}),
        )
        .await;
    assert_eq!(wrong_type.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong_type.str("code"), "invalid_body");

    let array = app
        .post("/api/usuarios/login", None, json!([1, 2, 3]))
        .await;
    assert_eq!(array.status, StatusCode::UNPROCESSABLE_ENTITY);

    let huge = format!("{{\"email\": \"{}\"}}", "a".repeat(400 * 1024));
    let too_large = app
        .post_raw(
            "/api/usuarios/olvide-password",
            "application/json",
            huge.into_bytes(),
        )
        .await;
    assert_eq!(too_large.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(too_large.str("code"), "payload_too_large");
    assert_eq!(too_large.body["success"], false);

    let long_name = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "x".repeat(5000), "apellido": "G", "email": "a@b.co", "password": "buenas-noches"}),
        )
        .await;
    assert_eq!(long_name.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        long_name.body["errors"]["nombre"],
        "El texto es demasiado largo"
    );
}

#[tokio::test]
async fn unknown_api_paths_and_methods_answer_json() {
    let app = TestApp::spawn().await;
    let missing = app.get("/api/no-such-thing", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.str("code"), "not_found");
    assert_eq!(app.get("/api", None).await.status, StatusCode::NOT_FOUND);

    let res = app
        .client
        .delete(format!("{}/api/usuarios/login", app.base))
        .header("accept-language", "en")
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = res.json().await.expect("json");
    assert_eq!(body["code"], "method_not_allowed");
    assert_eq!(body["msg"], "Method not allowed for this path.");
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_email_with_retry_after() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    app.register("ana@example.org", "buenas-noches").await;
    for _ in 0..10 {
        let a = app.login("ana@example.org", "wrong-password").await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    }
    let limited = app.login("ana@example.org", "buenas-noches").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.str("code"), "rate_limited");
    let retry: u64 = limited
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After in seconds");
    assert!((1..=15 * 60).contains(&retry), "{retry}");

    // Another address from the same client is still counted on its own.
    app.register("bea@example.org", "buenas-noches").await;
    assert_eq!(
        app.login("bea@example.org", "buenas-noches").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn forgot_password_is_rate_limited_per_email() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    for _ in 0..3 {
        let a = app
            .post(
                "/api/usuarios/olvide-password",
                None,
                json!({"email": "x@example.org"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK);
    }
    let limited = app
        .post(
            "/api/usuarios/olvide-password",
            None,
            json!({"email": "x@example.org"}),
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn registration_is_rate_limited_per_address() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    for i in 0..10 {
        app.register(&format!("p{i}@example.org"), "buenas-noches")
            .await;
    }
    let limited = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Ana", "apellido": "G", "email": "p10@example.org", "password": "buenas-noches"}),
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
}
