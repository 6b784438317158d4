use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{TestApp, reset_token};

#[tokio::test]
async fn registration_signs_in_and_creates_a_family() {
    let app = TestApp::spawn().await;
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": " Ana ", "apellido": "García", "email": " Ana@Example.ORG ",
                   "telefono": "+54 11 5555-1234", "password": "buenas-noches", "language": "en"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(a.body["success"], true);
    assert_eq!(a.str("nombre"), "Ana");
    assert_eq!(a.str("email"), "ana@example.org");
    assert_eq!(a.str("telefono"), "+54 11 5555-1234");
    assert_eq!(a.str("language"), "en");
    assert!(a.body["foto"].is_null());
    assert_eq!(a.str("_id").len(), 36);

    let profile = app.get("/api/usuarios/perfil", Some(a.str("token"))).await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.str("_id"), a.str("_id"));
    assert_eq!(profile.str("email"), "ana@example.org");
    assert!(profile.body.get("password_hash").is_none());

    use nido::families::entities::miembro;
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let members = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(a.str("_id")))
        .all(&app.db)
        .await
        .expect("members");
    assert_eq!(members.len(), 1, "every new user gets one family");
    assert!(members[0].es_admin);
    assert_eq!(members[0].permiso, "coparent");
    let families = nido::families::entities::familia::Entity::find()
        .count(&app.db)
        .await
        .expect("count");
    assert_eq!(families, 1);
}

#[tokio::test]
async fn a_duplicate_email_is_a_conflict_whatever_its_case() {
    let app = TestApp::spawn().await;
    app.register("ana@example.org", "buenas-noches").await;
    let again = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Otra", "apellido": "Ana", "email": "ANA@example.org", "password": "otra-clave-1"}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.str("code"), "email_taken");
    assert_eq!(again.str("msg"), "Ya existe una cuenta con este email.");
    assert_eq!(again.body["success"], false);
}

#[tokio::test]
async fn registration_reports_every_bad_field_in_the_callers_language() {
    let app = TestApp::spawn().await;
    let body =
        json!({"nombre": "", "email": "not-an-email", "password": "short", "telefono": "call me"});
    let es = app
        .request(
            Method::POST,
            "/api/usuarios",
            None,
            Some(body.clone()),
            None,
        )
        .await;
    assert_eq!(es.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(es.str("code"), "validation");
    assert_eq!(es.body["errors"]["nombre"], "El nombre es requerido");
    assert_eq!(es.body["errors"]["apellido"], "El apellido es requerido");
    assert_eq!(es.body["errors"]["email"], "El email no es válido");
    assert_eq!(
        es.body["errors"]["password"],
        "La contraseña debe tener al menos 8 caracteres"
    );
    assert_eq!(es.body["errors"]["telefono"], "El teléfono no es válido");

    let en = app
        .request(
            Method::POST,
            "/api/usuarios",
            None,
            Some(body),
            Some("en-GB,en;q=0.8,es;q=0.5"),
        )
        .await;
    assert_eq!(
        en.body["errors"]["password"],
        "Password must be at least 8 characters long"
    );
    assert_eq!(en.str("msg"), "Please check the highlighted fields.");

    let seven = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Ana", "apellido": "G", "email": "a@b.co", "password": "1234567"}),
        )
        .await;
    assert_eq!(
        seven.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "7 characters are not enough"
    );
}

#[tokio::test]
async fn login_answers_the_session_or_one_generic_refusal() {
    let app = TestApp::spawn().await;
    let (_, id) = app.register("ana@example.org", "buenas-noches").await;

    let ok = app.login("  ANA@example.org ", "buenas-noches").await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["success"], true);
    assert_eq!(ok.str("_id"), id);
    for key in ["token", "nombre", "apellido", "email", "language"] {
        assert!(ok.body[key].is_string(), "{key} in {}", ok.body);
    }
    assert!(ok.body.get("telefono").is_some() && ok.body.get("foto").is_some());

    let wrong_password = app.login("ana@example.org", "malas-noches").await;
    let unknown_email = app.login("nadie@example.org", "buenas-noches").await;
    for refused in [&wrong_password, &unknown_email] {
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
        assert_eq!(refused.str("code"), "invalid_credentials");
    }
    assert_eq!(wrong_password.str("msg"), unknown_email.str("msg"));

    let empty = app.post("/api/usuarios/login", None, json!({})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.body["errors"]["email"], "El email es requerido");
    assert_eq!(
        empty.body["errors"]["password"],
        "La contraseña es requerida"
    );
}

#[tokio::test]
async fn the_profile_needs_a_live_token() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;

    assert_eq!(
        app.get("/api/usuarios/perfil", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let bad = app.get("/api/usuarios/perfil", Some("not-a-token")).await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
    assert_eq!(bad.str("code"), "unauthorized");
    let raw = app
        .client
        .get(format!("{}/api/usuarios/perfil", app.base))
        .header("authorization", format!("Basic {token}"))
        .send()
        .await
        .expect("request");
    assert_eq!(
        raw.status(),
        StatusCode::UNAUTHORIZED,
        "only the Bearer scheme counts"
    );

    let second = app.login("ana@example.org", "buenas-noches").await;
    let second = second.str("token").to_owned();

    let out = app
        .post("/api/usuarios/logout", Some(&token), json!({}))
        .await;
    assert_eq!(out.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&second)).await.status,
        StatusCode::OK,
        "logging out ends only that session"
    );
}

#[tokio::test]
async fn a_session_idle_for_thirty_days_ends() {
    let app = TestApp::spawn().await;
    let (recent, _) = app.register("ana@example.org", "buenas-noches").await;
    let idle = app.login("ana@example.org", "buenas-noches").await;
    let idle = idle.str("token").to_owned();
    let at = |days: i64| {
        (chrono::Utc::now() - chrono::Duration::days(days))
            .format("%Y-%m-%d %H:%M:%S%:z")
            .to_string()
    };
    app.sql(&format!(
        "UPDATE sesiones SET last_seen_at = '{}' WHERE token_hash = '{}'",
        at(29),
        nido::ids::hash_secret(&recent)
    ))
    .await;
    app.sql(&format!(
        "UPDATE sesiones SET last_seen_at = '{}' WHERE token_hash = '{}'",
        at(31),
        nido::ids::hash_secret(&idle)
    ))
    .await;
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&recent)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&idle)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_signed_in_users_language_wins_over_the_header() {
    let app = TestApp::spawn().await;
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Sam", "apellido": "Lee", "email": "sam@example.org", "password": "good-night-moon", "language": "en"}),
        )
        .await;
    let out = app
        .request(
            Method::POST,
            "/api/usuarios/logout",
            Some(a.str("token")),
            Some(json!({})),
            Some("es-AR"),
        )
        .await;
    assert_eq!(out.str("msg"), "Signed out.");
}

#[tokio::test]
async fn password_reset_works_once_within_the_hour() {
    let app = TestApp::spawn().await;
    let (old_session, _) = app.register("ana@example.org", "buenas-noches").await;

    let unknown = app
        .post(
            "/api/usuarios/olvide-password",
            None,
            json!({"email": "nadie@example.org"}),
        )
        .await;
    let known = app
        .post(
            "/api/usuarios/olvide-password",
            None,
            json!({"email": "Ana@example.org"}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(
        unknown.body, known.body,
        "the answer does not tell whether the account exists"
    );

    let mail = app.wait_for_mail_with("/reset-password/").await;
    assert!(mail.contains("To: "), "{mail}");
    assert!(mail.contains("ana@example.org"));
    assert!(mail.contains("http://nido.test/reset-password/"));
    let token = reset_token(&mail);
    assert_eq!(token.len(), 43);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        app.mails_with("/reset-password/").len(),
        1,
        "no mail for an unknown address"
    );

    let path = format!("/api/usuarios/olvide-password/{token}");
    assert_eq!(app.get(&path, None).await.status, StatusCode::OK);
    let bogus = app.get("/api/usuarios/olvide-password/nope", None).await;
    assert_eq!(bogus.status, StatusCode::BAD_REQUEST);
    assert_eq!(bogus.str("code"), "invalid_token");
    assert_eq!(
        bogus.str("msg"),
        "El enlace de restablecimiento ha expirado o no es válido."
    );

    let short = app
        .post(&path, None, json!({"token": token, "password": "corta"}))
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);

    let done = app
        .post(
            &path,
            None,
            json!({"token": token, "password": "nueva-clave-segura"}),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);

    assert_eq!(
        app.login("ana@example.org", "buenas-noches").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("ana@example.org", "nueva-clave-segura")
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&old_session))
            .await
            .status,
        StatusCode::UNAUTHORIZED,
        "a reset ends the sessions that existed"
    );

    let reused = app
        .post(&path, None, json!({"password": "otra-clave-mas"}))
        .await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.get(&path, None).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        app.login("ana@example.org", "otra-clave-mas").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_reset_link_expires_after_an_hour() {
    let app = TestApp::spawn().await;
    app.register("ana@example.org", "buenas-noches").await;
    app.post(
        "/api/usuarios/olvide-password",
        None,
        json!({"email": "ana@example.org"}),
    )
    .await;
    let token = reset_token(&app.wait_for_mail_with("/reset-password/").await);
    let past = chrono::Utc::now() - chrono::Duration::minutes(1);
    app.sql(&format!(
        "UPDATE tokens SET expires_at = '{}'",
        past.format("%Y-%m-%d %H:%M:%S%:z")
    ))
    .await;
    let path = format!("/api/usuarios/olvide-password/{token}");
    assert_eq!(app.get(&path, None).await.status, StatusCode::BAD_REQUEST);
    let late = app
        .post(&path, None, json!({"password": "nueva-clave-segura"}))
        .await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        app.login("ana@example.org", "buenas-noches").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn reset_mail_speaks_the_users_language() {
    let app = TestApp::spawn().await;
    app.post(
        "/api/usuarios",
        None,
        json!({"nombre": "Sam", "apellido": "Lee", "email": "sam@example.org", "password": "good-night-moon", "language": "en"}),
    )
    .await;
    app.post(
        "/api/usuarios/olvide-password",
        None,
        json!({"email": "sam@example.org"}),
    )
    .await;
    let mail = app.wait_for_mail_with("/reset-password/").await;
    assert!(mail.contains("Subject: Reset your Nido password"), "{mail}");
    // Sam never confirmed the address, so the name typed at sign-up is not in the mail.
    assert!(mail.contains("Hello,") && !mail.contains("Sam"), "{mail}");
}
