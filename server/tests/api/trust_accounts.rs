//! What keeps an account its owner's: the password for a new address or a second factor, links
//! that end when the password changes, passwords that cannot be guessed, mails that carry nothing
//! a stranger typed, data that belongs to someone else, erasure that leaves nothing readable, and
//! rate limits that neither a proxy header nor a flood from elsewhere can turn against the owner.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    helpers::{Answer, Options, TestApp, answer, link_token, reset_token},
    two_factor::{code_at, enrolled, next_window},
};

const EMAIL: &str = "ana@example.org";
const PASSWORD: &str = "buenas-noches";

async fn put_profile(app: &TestApp, token: &str, body: Value) -> Answer {
    app.request(
        Method::PUT,
        "/api/usuarios/perfil",
        Some(token),
        Some(body),
        None,
    )
    .await
}

fn new_address(email: &str) -> Value {
    json!({"nombre": "Ana", "apellido": "García", "email": email, "currentPassword": PASSWORD})
}

/// Waits until `n` mails contain `needle` and returns them, oldest first.
async fn mails(app: &TestApp, needle: &str, n: usize) -> Vec<String> {
    for _ in 0..100 {
        let found = app.mails_with(needle);
        if found.len() >= n {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {n} mails with {needle}");
}

async fn forgot(app: &TestApp, email: &str) -> Answer {
    app.post(
        "/api/usuarios/olvide-password",
        None,
        json!({"email": email}),
    )
    .await
}

async fn reset_link_works(app: &TestApp, secret: &str) -> bool {
    app.get(&format!("/api/usuarios/olvide-password/{secret}"), None)
        .await
        .status
        == StatusCode::OK
}

async fn confirm(app: &TestApp, secret: &str) -> Answer {
    app.post(
        &format!("/api/usuarios/confirmar-email/{secret}"),
        None,
        json!({}),
    )
    .await
}

/// Asks for a reset link and a change of address; returns (reset secret, confirmation secret).
async fn reset_link_and_pending_change(app: &TestApp, token: &str) -> (String, String) {
    assert_eq!(forgot(app, EMAIL).await.status, StatusCode::OK);
    let reset = reset_token(&app.wait_for_mail_with("/reset-password/").await);
    let asked = put_profile(app, token, new_address("ana.nueva@example.org")).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let change = link_token(
        &app.wait_for_mail_with("/confirm-email/").await,
        "/confirm-email/",
    );
    assert!(reset_link_works(app, &reset).await);
    (reset, change)
}

async fn assert_links_ended(app: &TestApp, reset: &str, change: &str, token: Option<&str>) {
    assert!(!reset_link_works(app, reset).await, "the reset link ended");
    let confirmed = confirm(app, change).await;
    assert_eq!(
        confirmed.status,
        StatusCode::BAD_REQUEST,
        "{}",
        confirmed.body
    );
    assert_eq!(confirmed.str("code"), "invalid_token");
    if let Some(token) = token {
        let profile = app.get("/api/usuarios/perfil", Some(token)).await;
        assert!(profile.body["emailPendiente"].is_null(), "{}", profile.body);
        assert_eq!(profile.str("email"), EMAIL);
    }
}

// ---- 1. a new address and a second factor need the password ----

#[tokio::test]
async fn a_new_email_needs_the_current_password_and_nothing_is_mailed_without_it() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    mails(&app, "/verify-email/", 1).await;
    let before = app.mail_count();

    let missing = put_profile(
        &app,
        &token,
        json!({"nombre": "Ana", "apellido": "García", "email": "otra@example.org"}),
    )
    .await;
    assert_eq!(
        missing.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        missing.body
    );
    assert!(missing.body["errors"]["currentPassword"].is_string());

    let wrong = put_profile(
        &app,
        &token,
        json!({"nombre": "Ana", "apellido": "García", "email": "otra@example.org", "currentPassword": "no-es-esta-clave"}),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN, "{}", wrong.body);
    assert_eq!(wrong.str("code"), "current_password_wrong");
    assert_eq!(app.mail_count(), before, "nothing mailed");
    let profile = app.get("/api/usuarios/perfil", Some(&token)).await;
    assert!(profile.body["emailPendiente"].is_null());

    // The name alone needs no password; `password` is read like `currentPassword`.
    let name = put_profile(
        &app,
        &token,
        json!({"nombre": "Ana María", "apellido": "García", "email": EMAIL}),
    )
    .await;
    assert_eq!(name.status, StatusCode::OK, "{}", name.body);
    let right = put_profile(
        &app,
        &token,
        json!({"nombre": "Ana", "apellido": "García", "email": "otra@example.org", "password": PASSWORD}),
    )
    .await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.body);
    assert_eq!(right.str("emailPendiente"), "otra@example.org");
}

#[tokio::test]
async fn two_step_setup_needs_the_password_and_a_confirmed_address() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let setup = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move {
            app.post("/api/usuarios/2fa/configurar", Some(&token), body)
                .await
        }
    };
    let unconfirmed = setup(json!({"password": PASSWORD})).await;
    assert_eq!(
        unconfirmed.status,
        StatusCode::FORBIDDEN,
        "{}",
        unconfirmed.body
    );
    assert_eq!(unconfirmed.str("code"), "email_not_verified");
    let activate = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": "123456"}),
        )
        .await;
    assert_eq!(activate.str("code"), "email_not_verified");

    app.verify_address(EMAIL).await;
    let missing = setup(json!({})).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(missing.body["errors"]["password"].is_string());
    let wrong = setup(json!({"password": "no-es-esta-clave"})).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(wrong.str("code"), "current_password_wrong");
    let right = setup(json!({"currentPassword": PASSWORD})).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.body);
    assert!(right.body["data"]["secret"].is_string());
}

// ---- 2, 3. what ends a link ----

#[tokio::test]
async fn a_password_change_ends_reset_links_and_a_pending_email_change() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let (reset, change) = reset_link_and_pending_change(&app, &token).await;
    let changed = app
        .post(
            "/api/usuarios/password",
            Some(&token),
            json!({"currentPassword": PASSWORD, "newPassword": "otra-clave-larga"}),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_links_ended(&app, &reset, &change, Some(&token)).await;
}

#[tokio::test]
async fn a_reset_ends_the_other_reset_links_and_a_pending_email_change() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let (first, change) = reset_link_and_pending_change(&app, &token).await;
    assert_eq!(forgot(&app, EMAIL).await.status, StatusCode::OK);
    let second = reset_token(&mails(&app, "/reset-password/", 2).await[1]);
    assert_ne!(first, second);

    let done = app
        .post(
            &format!("/api/usuarios/olvide-password/{second}"),
            None,
            json!({"password": "otra-clave-larga"}),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_links_ended(&app, &first, &change, None).await;
    let signed_in = app.login(EMAIL, "otra-clave-larga").await;
    let profile = app
        .get("/api/usuarios/perfil", Some(signed_in.str("token")))
        .await;
    assert!(profile.body["emailPendiente"].is_null(), "{}", profile.body);
}

#[tokio::test]
async fn closing_the_account_ends_reset_links_and_a_pending_email_change() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let (reset, change) = reset_link_and_pending_change(&app, &token).await;
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&token),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    assert_links_ended(&app, &reset, &change, None).await;
}

#[tokio::test]
async fn a_new_address_ends_reset_links_mailed_to_the_old_one() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let (reset, change) = reset_link_and_pending_change(&app, &token).await;
    assert_eq!(confirm(&app, &change).await.status, StatusCode::OK);
    assert!(!reset_link_works(&app, &reset).await);

    // Opened again, the link says it was used rather than that it is unknown.
    let again = confirm(&app, &change).await;
    assert_eq!(again.status, StatusCode::GONE);
    assert_eq!(again.str("code"), "link_already_used");
    assert_eq!(
        again.str("msg"),
        "Este enlace ya se usó: no hace falta abrirlo otra vez"
    );
}

#[tokio::test]
async fn a_used_verification_link_says_it_was_used() {
    let app = TestApp::spawn().await;
    app.register(EMAIL, PASSWORD).await;
    let secret = link_token(
        &app.wait_for_mail_with("/verify-email/").await,
        "/verify-email/",
    );
    let path = format!("/api/usuarios/verificar-email/{secret}");
    assert_eq!(
        app.post(&path, None, json!({})).await.status,
        StatusCode::OK
    );
    let again = app
        .request(Method::POST, &path, None, Some(json!({})), Some("en"))
        .await;
    assert_eq!(again.status, StatusCode::GONE);
    assert_eq!(again.str("code"), "link_already_used");
    assert_eq!(
        again.str("msg"),
        "This link has already been used: there is no need to open it again"
    );
}

// ---- 4, 5. two-step sign-in ----

#[tokio::test]
async fn a_challenge_from_before_a_password_change_cannot_be_completed() {
    let app = TestApp::spawn().await;
    let (token, secret, _) = enrolled(&app).await;
    let challenge = app.login(EMAIL, PASSWORD).await;
    assert_eq!(challenge.body["twoFactor"], true, "{}", challenge.body);
    let changed = app
        .post(
            "/api/usuarios/password",
            Some(&token),
            json!({"currentPassword": PASSWORD, "newPassword": "otra-clave-larga"}),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    next_window(&app).await;
    let late = app
        .post(
            "/api/usuarios/login/2fa",
            None,
            json!({"challenge": challenge.str("challenge"), "code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(late.status, StatusCode::UNAUTHORIZED, "{}", late.body);
    assert_eq!(late.str("code"), "two_factor_challenge_invalid");
}

/// Before the rule, someone could register another person's address and turn two-step
/// verification on. The owner's way back is a reset through the mailed link.
#[tokio::test]
async fn a_reset_frees_an_unconfirmed_address_from_a_factor_set_up_by_someone_else() {
    let app = TestApp::spawn().await;
    enrolled(&app).await;
    app.sql("UPDATE usuarios SET email_verificado_at = NULL")
        .await;
    assert_eq!(forgot(&app, EMAIL).await.status, StatusCode::OK);
    let secret = reset_token(&app.wait_for_mail_with("/reset-password/").await);
    let done = app
        .post(
            &format!("/api/usuarios/olvide-password/{secret}"),
            None,
            json!({"password": "la-clave-de-la-duena"}),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let owner = app.login(EMAIL, "la-clave-de-la-duena").await;
    assert_eq!(owner.status, StatusCode::OK, "{}", owner.body);
    assert!(
        owner.body["token"].is_string(),
        "no second step: {}",
        owner.body
    );
    assert_eq!(
        owner.body["emailVerificado"], true,
        "the link proved the address"
    );
}

#[tokio::test]
async fn a_reset_keeps_the_factor_of_a_confirmed_address() {
    let app = TestApp::spawn().await;
    enrolled(&app).await;
    assert_eq!(forgot(&app, EMAIL).await.status, StatusCode::OK);
    let secret = reset_token(&app.wait_for_mail_with("/reset-password/").await);
    app.post(
        &format!("/api/usuarios/olvide-password/{secret}"),
        None,
        json!({"password": "otra-clave-larga"}),
    )
    .await;
    let again = app.login(EMAIL, "otra-clave-larga").await;
    assert_eq!(again.body["twoFactor"], true, "{}", again.body);
}

// ---- 6. confirmation mails ----

#[tokio::test]
async fn confirmation_mails_are_limited_per_user_and_per_address() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let (ana, _) = app.register(EMAIL, PASSWORD).await;
    for n in 0..5 {
        let a = put_profile(&app, &ana, new_address(&format!("n{n}@example.org"))).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    let sixth = put_profile(&app, &ana, new_address("n5@example.org")).await;
    assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS, "per user");

    // Three accounts cannot send a fourth link to one stranger either.
    let mut last = None;
    for n in 0..4 {
        let (token, _) = app.register(&format!("u{n}@example.org"), PASSWORD).await;
        last = Some(
            put_profile(&app, &token, new_address("stranger@example.org"))
                .await
                .status,
        );
        if n < 3 {
            assert_eq!(last, Some(StatusCode::OK));
        }
    }
    assert_eq!(last, Some(StatusCode::TOO_MANY_REQUESTS), "per address");
}

#[tokio::test]
async fn verification_links_are_resent_to_an_unconfirmed_address_three_times_a_day() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let (token, _) = app.register("stranger@example.org", PASSWORD).await;
    for _ in 0..3 {
        let resent = app
            .post("/api/usuarios/verificar-email", Some(&token), json!({}))
            .await;
        assert_eq!(resent.status, StatusCode::OK, "{}", resent.body);
    }
    let fourth = app
        .post("/api/usuarios/verificar-email", Some(&token), json!({}))
        .await;
    assert_eq!(fourth.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_mail_to_an_unconfirmed_address_carries_nothing_the_requester_typed() {
    let app = TestApp::spawn().await;
    let spam = "Spammer<b> Click http://spam.example";
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": spam, "apellido": "Visit http://spam.example", "email": "victim@example.org", "password": PASSWORD}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let token = a.str("token").to_owned();
    let verify = app.wait_for_mail_with("/verify-email/").await;
    assert!(
        !verify.contains("spam") && !verify.contains("Spammer"),
        "{verify}"
    );

    let asked = put_profile(
        &app,
        &token,
        json!({"nombre": spam, "apellido": "Visit", "email": "other.victim@example.org", "currentPassword": PASSWORD}),
    )
    .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let confirmation = app.wait_for_mail_with("/confirm-email/").await;
    assert!(!confirmation.contains("Spammer"), "{confirmation}");
    let notice = app.wait_for_mail_with("Se pidió cambiar").await;
    assert!(
        !notice.contains("Spammer") && !notice.contains("other.victim"),
        "{notice}"
    );
}

// ---- 7. passwords ----

#[tokio::test]
async fn common_passwords_and_the_current_one_are_refused_with_the_reason() {
    let app = TestApp::spawn().await;
    let weak = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Ana", "apellido": "García", "email": EMAIL, "password": "12345678"}),
        )
        .await;
    assert_eq!(
        weak.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        weak.body
    );
    let too_common = weak.body["errors"]["password"].as_str().unwrap_or_default();
    assert!(too_common.contains("fácil de adivinar"), "{too_common}");
    let own_name = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Ana", "apellido": "García", "email": EMAIL, "password": "anagarcia"}),
        )
        .await;
    assert_eq!(own_name.body["errors"]["password"], too_common);

    let (token, _) = app.register(EMAIL, PASSWORD).await;
    let change = |new: &'static str| {
        let app = &app;
        let token = token.clone();
        async move {
            app.post(
                "/api/usuarios/password",
                Some(&token),
                json!({"currentPassword": PASSWORD, "newPassword": new}),
            )
            .await
        }
    };
    let same = change(PASSWORD).await;
    assert_eq!(same.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        same.body["errors"]["newPassword"],
        "La nueva contraseña es igual a la actual: elige otra"
    );
    assert_eq!(
        change("contraseña").await.body["errors"]["newPassword"],
        too_common
    );

    assert_eq!(forgot(&app, EMAIL).await.status, StatusCode::OK);
    let secret = reset_token(&app.wait_for_mail_with("/reset-password/").await);
    let reset = |new: &'static str| {
        let app = &app;
        let path = format!("/api/usuarios/olvide-password/{secret}");
        async move { app.post(&path, None, json!({"password": new})).await }
    };
    assert_eq!(
        reset(PASSWORD).await.body["errors"]["password"],
        "La nueva contraseña es igual a la actual: elige otra"
    );
    assert_eq!(
        reset("password1").await.body["errors"]["password"],
        too_common
    );
    assert_eq!(reset("otra-clave-larga").await.status, StatusCode::OK);
}

// ---- 8, 9. someone else's data, and erasure ----

#[tokio::test]
async fn the_export_holds_contact_messages_only_for_a_confirmed_address() {
    let app = TestApp::spawn().await;
    app.post(
        "/api/contacto",
        None,
        json!({"name": "Lucía", "email": EMAIL, "subject": "Privado", "message": "Mi consulta privada"}),
    )
    .await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    assert!(
        !app.export_file(&token, "mensajes.json")
            .await
            .contains("Mi consulta privada")
    );
    app.verify_address(EMAIL).await;
    assert!(
        app.export_file(&token, "mensajes.json")
            .await
            .contains("Mi consulta privada")
    );
}

#[tokio::test]
async fn erasure_leaves_no_medical_note_or_contact_message_in_the_database() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register_verified(EMAIL, PASSWORD).await;
    let note = "alergia-penicilina-nota-unica-7f3a";
    let message = "mensaje-a-soporte-unico-9c2e";
    let child = app
        .post(
            "/api/hijos",
            Some(&token),
            json!({"nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2016-04-12",
                   "genero": "femenino", "notasMedicas": note}),
        )
        .await;
    assert_eq!(child.status, StatusCode::CREATED, "{}", child.body);
    app.post(
        "/api/contacto",
        None,
        json!({"name": "Ana", "email": EMAIL, "subject": "Hola", "message": message}),
    )
    .await;
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&token),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK);
    let later = chrono::Utc::now() + chrono::Duration::days(91);
    let erased = nido::accounts::closing::purge_due(&app.state, later)
        .await
        .expect("purge");
    assert_eq!(erased, 1);

    use sea_orm::ConnectionTrait;
    for table in ["hijos", "mensajes_contacto", "usuarios"] {
        let row = app
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                app.db.get_database_backend(),
                format!("SELECT COUNT(*) AS n FROM {table}"),
            ))
            .await
            .expect("count")
            .expect("a row");
        let n: i64 = row.try_get("", "n").expect("n");
        assert_eq!(n, 0, "{table}");
    }
    if app.database_url().starts_with("sqlite:") {
        for file in ["nido.db", "nido.db-wal"] {
            let path = app.data_dir.path().join(file);
            let bytes = std::fs::read(&path).unwrap_or_default();
            for secret in [note, message] {
                assert!(
                    !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                    "{secret} is still readable in {file}"
                );
            }
        }
    }
}

// ---- 22-24. rate limits behind a proxy, and without locking the owner out ----

async fn post_from(app: &TestApp, path: &str, forwarded: &str, body: Value) -> StatusCode {
    let res = app
        .client
        .post(format!("{}{}", app.base, path))
        .header("x-forwarded-for", forwarded)
        .json(&body)
        .send()
        .await
        .expect("request");
    answer(res).await.status
}

fn behind_proxy() -> Options {
    Options {
        rate_limits: true,
        trust_proxy: true,
        ..Options::default()
    }
}

#[tokio::test]
async fn behind_a_proxy_the_rightmost_forwarded_address_is_counted() {
    let app = TestApp::spawn_with(behind_proxy()).await;
    // The client writes a new address on the left each time; the proxy appends the real one.
    for n in 0..10 {
        let status = post_from(
            &app,
            "/api/usuarios/olvide-password",
            &format!("10.0.0.{n}, 203.0.113.7"),
            json!({"email": format!("p{n}@example.org")}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let eleventh = post_from(
        &app,
        "/api/usuarios/olvide-password",
        "10.9.9.9, 203.0.113.7",
        json!({"email": "p10@example.org"}),
    )
    .await;
    assert_eq!(eleventh, StatusCode::TOO_MANY_REQUESTS);
    let other = post_from(
        &app,
        "/api/usuarios/olvide-password",
        "203.0.113.8",
        json!({"email": "p11@example.org"}),
    )
    .await;
    assert_eq!(other, StatusCode::OK, "another client is counted apart");
}

#[tokio::test]
async fn ipv6_clients_are_counted_per_64() {
    let app = TestApp::spawn_with(behind_proxy()).await;
    for n in 0..10 {
        let status = post_from(
            &app,
            "/api/usuarios/olvide-password",
            &format!("2001:db8:1:2::{n:x}"),
            json!({"email": format!("p{n}@example.org")}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let same_64 = post_from(
        &app,
        "/api/usuarios/olvide-password",
        "2001:db8:1:2:ffff:1:2:3",
        json!({"email": "p10@example.org"}),
    )
    .await;
    assert_eq!(same_64, StatusCode::TOO_MANY_REQUESTS);
    let next_64 = post_from(
        &app,
        "/api/usuarios/olvide-password",
        "2001:db8:1:3::1",
        json!({"email": "p11@example.org"}),
    )
    .await;
    assert_eq!(next_64, StatusCode::OK);
}

#[tokio::test]
async fn reopening_a_closed_account_is_limited_per_account() {
    let app = TestApp::spawn_with(behind_proxy()).await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    app.request(
        Method::DELETE,
        "/api/usuarios/perfil",
        Some(&token),
        Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
        None,
    )
    .await;
    for n in 0..10 {
        let status = post_from(
            &app,
            "/api/usuarios/reactivar",
            &format!("198.51.100.{n}"),
            json!({"email": EMAIL, "password": format!("guess-number-{n}")}),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let right = post_from(
        &app,
        "/api/usuarios/reactivar",
        "198.51.100.200",
        json!({"email": EMAIL, "password": PASSWORD}),
    )
    .await;
    assert_eq!(
        right,
        StatusCode::TOO_MANY_REQUESTS,
        "an eleventh guess from a new address is refused"
    );
}

#[tokio::test]
async fn a_flood_from_elsewhere_does_not_lock_the_owner_out() {
    let app = TestApp::spawn_with(behind_proxy()).await;
    let (_, _) = app.register(EMAIL, PASSWORD).await;
    let first = app.login(EMAIL, PASSWORD).await;
    assert_eq!(first.status, StatusCode::OK);
    let device = first.str("deviceToken").to_owned();
    assert!(!device.is_empty());
    // Another account's device token is worth nothing against this one.
    let (_, _) = app.register("mallory@example.org", PASSWORD).await;
    let foreign = app
        .login("mallory@example.org", PASSWORD)
        .await
        .str("deviceToken")
        .to_owned();

    // The owner's first sign-in spent one of the ten shared tries; the flood takes the rest.
    for n in 0..9 {
        let status = post_from(
            &app,
            "/api/usuarios/login",
            &format!("192.0.2.{n}"),
            json!({"email": EMAIL, "password": format!("guess-number-{n}")}),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    for token in [None, Some(foreign.as_str())] {
        let status = post_from(
            &app,
            "/api/usuarios/login",
            "192.0.2.100",
            json!({"email": EMAIL, "password": PASSWORD, "deviceToken": token}),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::TOO_MANY_REQUESTS,
            "guessing stays stopped"
        );
    }
    let owner = app
        .post(
            "/api/usuarios/login",
            None,
            json!({"email": EMAIL, "password": PASSWORD, "deviceToken": device}),
        )
        .await;
    assert_eq!(owner.status, StatusCode::OK, "{}", owner.body);
    assert_eq!(
        owner.str("deviceToken"),
        device,
        "the same device keeps its token"
    );

    // Three reset requests from elsewhere do not take the owner's own reset away.
    for n in 0..3 {
        let status = post_from(
            &app,
            "/api/usuarios/olvide-password",
            &format!("192.0.2.{}", 50 + n),
            json!({"email": EMAIL}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let stranger = post_from(
        &app,
        "/api/usuarios/olvide-password",
        "192.0.2.60",
        json!({"email": EMAIL}),
    )
    .await;
    assert_eq!(stranger, StatusCode::TOO_MANY_REQUESTS);
    let own = app
        .post(
            "/api/usuarios/olvide-password",
            None,
            json!({"email": EMAIL, "deviceToken": device}),
        )
        .await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    mails(&app, "/reset-password/", 4).await;
}
