//! Suggestions from the profile: stored, mailed to support once, limited per user, thanked in
//! the user's language.

use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::json;

use nido::site::entities::sugerencia;

use crate::helpers::{Options, TestApp};

async fn english_user(app: &TestApp, email: &str) -> String {
    let (token, _) = app.register(email, "un-secreto-largo-9").await;
    let a = app
        .request(
            Method::PUT,
            "/api/usuarios/perfil",
            Some(&token),
            Some(json!({"nombre": "Ana", "apellido": "Gómez", "email": email, "language": "en"})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    token
}

#[tokio::test]
async fn a_suggestion_is_stored_mailed_to_support_and_thanked_in_the_users_language() {
    let app = TestApp::spawn().await;
    let token = english_user(&app, "ana@example.org").await;
    let a = app
        .request(
            Method::POST,
            "/api/sugerencias",
            Some(&token),
            Some(
                json!({"mensaje": "  Un calendario por colores,\n\npor favor  ", "categoria": "idea"}),
            ),
            Some("es"),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(a.body["success"], true);
    assert_eq!(
        a.str("msg"),
        "Thank you for your suggestion! The Nido team will read it."
    );

    let rows = sugerencia::Entity::find().all(&app.db).await.expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].mensaje, "Un calendario por colores,\n\npor favor");
    assert_eq!(rows[0].categoria.as_deref(), Some("idea"));
    assert_eq!(rows[0].language, "en");

    let mail = app.wait_for_mail_with("Suggestion").await;
    assert!(mail.contains("To: Nido <soporte@nido.app>"), "{mail}");
    assert!(mail.contains("Reply-To: ana@example.org"), "{mail}");
    assert!(mail.contains("calendario por colores"), "{mail}");
    for _ in 0..50 {
        let row = sugerencia::Entity::find().all(&app.db).await.expect("rows");
        if row[0].avisado_at.is_some() {
            assert_eq!(app.mails_with("Suggestion").len(), 1, "mailed once");
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the suggestion was never marked as mailed");
}

#[tokio::test]
async fn a_suggestion_needs_a_session_a_text_and_a_known_category() {
    let app = TestApp::spawn().await;
    let anonymous = app
        .post("/api/sugerencias", None, json!({"mensaje": "hola"}))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let (token, _) = app.register("beto@example.org", "un-secreto-largo-9").await;
    let a = app
        .request(
            Method::POST,
            "/api/sugerencias",
            Some(&token),
            Some(json!({"mensaje": "   ", "categoria": "queja"})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(a.body["errors"]["mensaje"], "Escribe tu sugerencia");
    assert!(a.body["errors"]["categoria"].is_string(), "{}", a.body);
    let none = app
        .post(
            "/api/sugerencias",
            Some(&token),
            json!({"mensaje": "Sin categoría"}),
        )
        .await;
    assert_eq!(none.status, StatusCode::CREATED, "{}", none.body);
    let rows = sugerencia::Entity::find().all(&app.db).await.expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].categoria, None);
}

#[tokio::test]
async fn suggestions_are_limited_per_user() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let (token, _) = app.register("caro@example.org", "un-secreto-largo-9").await;
    for i in 0..5 {
        let a = app
            .post(
                "/api/sugerencias",
                Some(&token),
                json!({"mensaje": format!("idea {i}")}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    let sixth = app
        .post(
            "/api/sugerencias",
            Some(&token),
            json!({"mensaje": "una más"}),
        )
        .await;
    assert_eq!(
        sixth.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        sixth.body
    );
    assert!(sixth.headers.contains_key("retry-after"));
    let (other, _) = app.register("dani@example.org", "un-secreto-largo-9").await;
    let a = app
        .post(
            "/api/sugerencias",
            Some(&other),
            json!({"mensaje": "otra persona"}),
        )
        .await;
    assert_eq!(
        a.status,
        StatusCode::CREATED,
        "another user has their own allowance"
    );
}

#[tokio::test]
async fn erasing_an_account_erases_its_suggestions() {
    let app = TestApp::spawn().await;
    let (token, id) = app.register("eva@example.org", "un-secreto-largo-9").await;
    let a = app
        .post("/api/sugerencias", Some(&token), json!({"mensaje": "algo"}))
        .await;
    assert_eq!(a.status, StatusCode::CREATED);
    app.sql(&format!("DELETE FROM usuarios WHERE id = '{id}'"))
        .await;
    assert!(
        sugerencia::Entity::find()
            .all(&app.db)
            .await
            .expect("rows")
            .is_empty()
    );
}

/// The invitation mail promises only what Nido does today: no calendar, no expenses yet.
#[tokio::test]
async fn the_invitation_mail_promises_only_what_exists() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("flor@example.org", "un-secreto-largo-9").await;
    let families = app.get("/api/familias", Some(&ana)).await;
    let family = families.body["data"][0]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for lang in ["es", "en"] {
        let email = format!("otro-{lang}@example.org");
        let a = app
            .post(
                &format!("/api/familias/{family}/invitaciones"),
                Some(&ana),
                json!({"email": email, "idioma": lang}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        let mail = app.wait_for_mail_with(&format!("To: {email}")).await;
        let text = nido_text(&mail);
        for promise in ["calendario", "gastos", "calendar", "expenses"] {
            assert!(
                !text.contains(promise),
                "{lang} mail promises {promise}: {text}"
            );
        }
    }
}

fn nido_text(mail: &str) -> String {
    crate::helpers::decode_quoted_printable(mail).to_lowercase()
}
