//! The signed-in user's profile: details, email change and verification, photo, password,
//! sessions and the profile page's counts.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    children::{stored_files, upload_to},
    helpers::{TestApp, link_token},
    images::png,
};

const PASSWORD: &str = "buenas-noches";

async fn put_profile(
    app: &TestApp,
    token: &str,
    body: Value,
    lang: Option<&str>,
) -> crate::helpers::Answer {
    app.request(
        Method::PUT,
        "/api/usuarios/perfil",
        Some(token),
        Some(body),
        lang,
    )
    .await
}

fn details(email: &str) -> Value {
    json!({"nombre": "Ana María", "apellido": "Gómez", "email": email, "telefono": "+54 11 5555-1234", "language": "en", "currentPassword": PASSWORD})
}

#[tokio::test]
async fn details_and_language_are_saved_and_checked() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let a = put_profile(&app, &token, details("ana@example.org"), None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.str("nombre"), "Ana María");
    assert_eq!(a.str("telefono"), "+54 11 5555-1234");
    assert_eq!(a.str("language"), "en");
    assert!(a.body["emailPendiente"].is_null());
    let again = app.get("/api/usuarios/perfil", Some(&token)).await;
    assert_eq!(again.str("apellido"), "Gómez");

    // Messages now come in the saved language, whatever the browser says.
    let bad = put_profile(
        &app,
        &token,
        json!({"nombre": " ", "apellido": "", "email": "nope", "telefono": "abc", "language": "fr"}),
        Some("es"),
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.body["errors"]["nombre"], "First name is required");
    assert_eq!(bad.body["errors"]["apellido"], "Last name is required");
    assert_eq!(bad.body["errors"]["email"], "Email is not valid");
    assert_eq!(bad.body["errors"]["telefono"], "Phone number is not valid");
    assert_eq!(bad.body["errors"]["language"], "Language must be es or en");
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token))
            .await
            .str("nombre"),
        "Ana María",
        "nothing changed"
    );
    let anonymous = app
        .request(
            Method::PUT,
            "/api/usuarios/perfil",
            None,
            Some(details("x@example.org")),
            None,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_new_email_takes_effect_only_once_confirmed() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    app.register("taken@example.org", PASSWORD).await;

    let taken = put_profile(&app, &token, details("Taken@Example.org"), None).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);

    let a = put_profile(&app, &token, details("ana.nueva@example.org"), None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.str("email"), "ana@example.org", "not yet");
    assert_eq!(a.str("emailPendiente"), "ana.nueva@example.org");

    let confirm = app.wait_for_mail_with("/confirm-email/").await;
    assert!(
        confirm.contains("To: =?utf-8?b?") || confirm.contains("ana.nueva@example.org"),
        "{confirm}"
    );
    assert!(
        confirm.contains("Confirm your new email"),
        "in the saved language: {confirm}"
    );
    let notice = app
        .wait_for_mail_with("A change of your Nido account")
        .await;
    assert!(
        notice.contains("To: ana@example.org"),
        "the old address is told: {notice}"
    );

    let secret = link_token(&confirm, "/confirm-email/");
    let path = format!("/api/usuarios/confirmar-email/{secret}");
    let done = app.post(&path, None, json!({})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let profile = app.get("/api/usuarios/perfil", Some(&token)).await;
    assert_eq!(profile.str("email"), "ana.nueva@example.org");
    assert!(profile.body["emailPendiente"].is_null());
    assert_eq!(profile.body["emailVerificado"], true);
    assert_eq!(
        app.post(&path, None, json!({})).await.status,
        StatusCode::GONE,
        "once, and a second time it says it was used"
    );
    assert_eq!(
        app.login("ana.nueva@example.org", PASSWORD).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_address_is_verified_by_the_mailed_link() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let profile = app.get("/api/usuarios/perfil", Some(&token)).await;
    assert_eq!(profile.body["emailVerificado"], false);

    let first = app.wait_for_mail_with("/verify-email/").await;
    let resent = app
        .post("/api/usuarios/verificar-email", Some(&token), json!({}))
        .await;
    assert_eq!(resent.status, StatusCode::OK);
    for _ in 0..100 {
        if app.mails_with("/verify-email/").len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mails = app.mails_with("/verify-email/");
    assert_eq!(mails.len(), 2);
    let old = link_token(&first, "/verify-email/");
    let new = link_token(&mails[1], "/verify-email/");
    assert_eq!(
        app.post(
            &format!("/api/usuarios/verificar-email/{old}"),
            None,
            json!({})
        )
        .await
        .status,
        StatusCode::BAD_REQUEST,
        "a resent link replaces the old one"
    );
    let ok = app
        .post(
            &format!("/api/usuarios/verificar-email/{new}"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token)).await.body["emailVerificado"],
        true
    );
    let bogus = app
        .post("/api/usuarios/verificar-email/nope", None, json!({}))
        .await;
    assert_eq!(bogus.status, StatusCode::BAD_REQUEST);
    assert_eq!(bogus.str("code"), "invalid_token");
}

#[tokio::test]
async fn changing_the_password_checks_it_and_ends_the_other_sessions() {
    let app = TestApp::spawn().await;
    let (here, _) = app.register("ana@example.org", PASSWORD).await;
    let elsewhere = app
        .login("ana@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();

    let wrong = app
        .post(
            "/api/usuarios/password",
            Some(&here),
            json!({"currentPassword": "nope-nope", "newPassword": "otra-clave-larga"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        wrong.body["errors"]["currentPassword"],
        "La contraseña actual no es correcta"
    );
    let short = app
        .post(
            "/api/usuarios/password",
            Some(&here),
            json!({"currentPassword": PASSWORD, "newPassword": "corta"}),
        )
        .await;
    assert_eq!(
        short.body["errors"]["newPassword"],
        "La contraseña debe tener al menos 8 caracteres"
    );

    let ok = app
        .post(
            "/api/usuarios/password",
            Some(&here),
            json!({"currentPassword": PASSWORD, "newPassword": "otra-clave-larga"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&here)).await.status,
        StatusCode::OK,
        "this session stays"
    );
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&elsewhere))
            .await
            .status,
        StatusCode::UNAUTHORIZED,
        "the others end"
    );
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("ana@example.org", "otra-clave-larga")
            .await
            .status,
        StatusCode::OK
    );
    let told = app.wait_for_mail_with("acaba de cambiar").await;
    assert!(told.contains("ana@example.org"));
}

#[tokio::test]
async fn sessions_are_listed_and_ended_one_by_one_or_all_but_this() {
    let app = TestApp::spawn().await;
    let (here, _) = app.register("ana@example.org", PASSWORD).await;
    let b = app
        .login("ana@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();
    let c = app
        .login("ana@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();
    let (stranger, _) = app.register("otro@example.org", PASSWORD).await;

    let list = app.get("/api/usuarios/sesiones", Some(&here)).await;
    let sessions = list.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(sessions.len(), 3);
    assert_eq!(sessions.iter().filter(|s| s["actual"] == true).count(), 1);
    let other_id = sessions
        .iter()
        .find(|s| s["actual"] == false)
        .and_then(|s| s["_id"].as_str())
        .expect("another session")
        .to_owned();

    let path = format!("/api/usuarios/sesiones/{other_id}");
    let foreign = app
        .request(Method::DELETE, &path, Some(&stranger), None, None)
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND, "not someone else's");
    let ended = app
        .request(Method::DELETE, &path, Some(&here), None, None)
        .await;
    assert_eq!(ended.status, StatusCode::OK);
    let remaining = app.get("/api/usuarios/sesiones", Some(&here)).await.body["data"]
        .as_array()
        .map(Vec::len);
    assert_eq!(remaining, Some(2));

    let all = app
        .request(
            Method::DELETE,
            "/api/usuarios/sesiones",
            Some(&here),
            None,
            None,
        )
        .await;
    assert_eq!(all.status, StatusCode::OK);
    for token in [&b, &c] {
        assert_eq!(
            app.get("/api/usuarios/perfil", Some(token)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&here)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/usuarios/sesiones", Some(&stranger))
            .await
            .body["data"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}

#[tokio::test]
async fn the_profile_page_counts_children_and_co_parents() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let (_, other_id) = app.register("abuela@example.org", PASSWORD).await;
    for nombre in ["Lucía", "Mateo"] {
        let a = app
            .post("/api/hijos", Some(&token), json!({"nombre": nombre, "apellido": "Gómez", "fechaNacimiento": "2018-03-04", "genero": "femenino"}))
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    let family = app.get("/api/hijos", Some(&token)).await.body["data"][0]["familiaId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('m-abuela', '{family}', '{other_id}', 'abuelo', 'viewer', false, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
    ))
    .await;
    let a = app.get("/api/usuarios/resumen", Some(&token)).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(
        a.body["data"],
        json!({"hijos": 2, "coparents": 1, "mensajes": 0, "documentos": 0})
    );
}

#[tokio::test]
async fn the_profile_photo_is_stored_cleanly_and_replaced() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let first = upload_to(
        &app,
        "/api/usuarios/perfil/foto",
        &token,
        png(800, 600),
        "yo.png",
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let link = first.str("foto").to_owned();
    assert!(link.starts_with("/api/archivos/usuarios/"), "{link}");
    let image = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("photo");
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/jpeg");
    assert_eq!(stored_files(&app).len(), 2, "photo and thumbnail");

    let second = upload_to(
        &app,
        "/api/usuarios/perfil/foto",
        &token,
        png(300, 300),
        "otra.png",
    )
    .await;
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(stored_files(&app).len(), 2, "the old files are gone");
    let text = upload_to(
        &app,
        "/api/usuarios/perfil/foto",
        &token,
        b"not an image".to_vec(),
        "x.jpg",
    )
    .await;
    assert_eq!(text.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let removed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil/foto",
            Some(&token),
            None,
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    assert!(removed.body["foto"].is_null());
    assert!(stored_files(&app).is_empty());
}
