//! The public contact form and the help centre's "was this helpful?" answers.

use reqwest::{Method, StatusCode};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};

use nido::site::entities::{mensaje, valoracion};

use crate::helpers::{Options, TestApp};

fn message() -> Value {
    json!({
        "name": "Lucía Pérez",
        "email": "Lucia@Example.org",
        "subject": "Pregunta sobre planes",
        "message": "¿El plan anual incluye a los abuelos?\nGracias.",
        "language": "en",
    })
}

async fn stored(app: &TestApp) -> Vec<mensaje::Model> {
    mensaje::Entity::find().all(&app.db).await.expect("query")
}

#[tokio::test]
async fn a_message_is_stored_mailed_to_support_and_acknowledged() {
    let app = TestApp::spawn().await;
    let a = app.post("/api3/contacto", None, message()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["success"], true);

    let rows = stored(&app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].email, "lucia@example.org");
    assert_eq!(
        rows[0].mensaje,
        "¿El plan anual incluye a los abuelos?\nGracias."
    );
    assert_eq!(rows[0].language, "en");

    let first = app.wait_for_mail(1).await;
    let second = app.wait_for_mail(2).await;
    let (support, receipt) = if first.contains("To: Nido <soporte@nido.app>") {
        (first, second)
    } else {
        (second, first)
    };
    assert!(support.contains("To: Nido <soporte@nido.app>"), "{support}");
    assert!(support.contains("Reply-To: lucia@example.org"), "{support}");
    assert!(support.contains("incluye a los abuelos"), "{support}");
    assert!(receipt.contains("To: lucia@example.org"), "{receipt}");
    assert!(receipt.contains("We received your message"), "{receipt}");
    assert!(
        !receipt.contains("abuelos"),
        "the receipt repeats nothing the writer typed"
    );

    // The support mail went out, so the message is marked as delivered.
    for _ in 0..50 {
        if stored(&app).await[0].avisado_at.is_some() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the message was never marked as mailed");
}

#[tokio::test]
async fn the_alias_under_api_works_too() {
    let app = TestApp::spawn().await;
    let a = app.post("/api/contacto", None, message()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(stored(&app).await.len(), 1);
}

#[tokio::test]
async fn every_bad_field_is_named_in_the_callers_language() {
    let app = TestApp::spawn().await;
    let a = app
        .request(
            Method::POST,
            "/api3/contacto",
            None,
            Some(json!({})),
            Some("en"),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(a.body["errors"]["name"], "First name is required");
    assert_eq!(a.body["errors"]["email"], "Email is required");
    assert_eq!(a.body["errors"]["subject"], "Subject is required");
    assert_eq!(a.body["errors"]["message"], "Message is required");

    let mut bad = message();
    bad["email"] = json!("no-at-sign");
    bad["message"] = json!("x".repeat(5001));
    bad["language"] = json!("fr");
    let a = app.post("/api3/contacto", None, bad).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(a.body["errors"]["email"], "El email no es válido");
    assert_eq!(a.body["errors"]["message"], "El texto es demasiado largo");
    assert_eq!(a.body["errors"]["language"], "El idioma debe ser es o en");

    let a = app
        .post("/api3/contacto", None, json!({"name": 5, "email": []}))
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(a.body["code"], "invalid_body");
    assert!(stored(&app).await.is_empty(), "nothing bad was stored");
    assert_eq!(app.mail_count(), 0);
}

#[tokio::test]
async fn the_honeypot_drops_bots_silently() {
    let app = TestApp::spawn().await;
    let mut bot = message();
    bot["website"] = json!("http://spam.example");
    let a = app.post("/api3/contacto", None, bot).await;
    assert_eq!(a.status, StatusCode::OK, "answered like a person");
    assert_eq!(a.body["success"], true);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(stored(&app).await.is_empty());
    assert_eq!(app.mail_count(), 0);
}

#[tokio::test]
async fn messages_are_rate_limited_per_address() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    for _ in 0..5 {
        let a = app.post("/api3/contacto", None, message()).await;
        assert_eq!(a.status, StatusCode::OK);
    }
    let a = app.post("/api3/contacto", None, message()).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.headers.contains_key("retry-after"));
    assert_eq!(stored(&app).await.len(), 5);
}

#[tokio::test]
async fn a_mail_failure_loses_nothing() {
    // Nothing listens on this port: every mail fails.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let app = TestApp::spawn_with(Options {
        smtp_url: Some(format!("smtp://127.0.0.1:{closed}")),
        ..Options::default()
    })
    .await;
    let a = app.post("/api3/contacto", None, message()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let rows = stored(&app).await;
    assert_eq!(rows.len(), 1, "the message is kept");
    assert!(
        rows[0].avisado_at.is_none(),
        "and left marked for another try"
    );
}

#[tokio::test]
async fn help_feedback_is_recorded_and_checked() {
    let app = TestApp::spawn().await;
    let a = app
        .post(
            "/api/ayuda/valoraciones",
            None,
            json!({"categoria": "getting-started", "articulo": "create-account", "util": true, "language": "en"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let rows = valoracion::Entity::find()
        .all(&app.db)
        .await
        .expect("query");
    assert_eq!(rows.len(), 1);
    assert!(rows[0].util);
    assert_eq!(rows[0].articulo, "create-account");

    for bad in [
        json!({"categoria": "../etc", "articulo": "x", "util": true}),
        json!({"categoria": "account", "articulo": "<script>", "util": false}),
        json!({"categoria": "account", "articulo": "x".repeat(61), "util": false}),
        json!({"categoria": "account", "articulo": "change-password"}),
    ] {
        let a = app.post("/api/ayuda/valoraciones", None, bad.clone()).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    let count = valoracion::Entity::find()
        .count(&app.db)
        .await
        .expect("count");
    assert_eq!(count, 1, "nothing invalid was stored");
}
