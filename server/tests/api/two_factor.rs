//! Two-step verification with an authenticator app: enrolment, recovery codes, the second step of
//! sign-in (with replayed codes refused and guesses limited), status, and turning it off.
//! The test plays the app: it computes codes from the secret the server hands out.

use std::time::{SystemTime, UNIX_EPOCH};

use reqwest::StatusCode;
use serde_json::{Value, json};
use totp_rs::{Builder, Secret, Totp};

use crate::helpers::{Answer, Options, TestApp};

const EMAIL: &str = "ana@example.org";
const PASSWORD: &str = "buenas-noches";

fn app_for(secret: &str) -> Totp {
    Builder::new()
        .with_secret(Secret::try_from_base32(secret).expect("base32 secret"))
        .build()
        .expect("authenticator")
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs()
}

/// The code the app shows `offset` seconds from now.
pub fn code_at(secret: &str, offset: i64) -> String {
    let at = now().saturating_add_signed(offset);
    app_for(secret).generate(at).to_string()
}

/// A six-digit code that no step near now produces.
fn wrong_code(secret: &str) -> String {
    let near: Vec<String> = (-3..=3).map(|k| code_at(secret, k * 30)).collect();
    (0..10)
        .map(|d| d.to_string().repeat(6))
        .find(|c| !near.contains(c))
        .expect("a code that is not right")
}

/// As if the next 30-second window had come: the server refuses a second code from the window of
/// the last one accepted, and a test cannot wait that long.
pub async fn next_window(app: &TestApp) {
    app.sql("UPDATE factores SET last_step = NULL").await;
}

/// Starts enrolment and returns the secret.
async fn configure(app: &TestApp, token: &str) -> String {
    let a = app
        .post(
            "/api/usuarios/2fa/configurar",
            Some(token),
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["secret"]
        .as_str()
        .expect("secret")
        .to_owned()
}

/// Registers, turns two-step verification on and returns (session token, secret, recovery codes).
pub async fn enrolled(app: &TestApp) -> (String, String, Vec<String>) {
    let (token, _) = app.register_verified(EMAIL, PASSWORD).await;
    let secret = configure(app, &token).await;
    let on = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let codes = on.body["data"]["recoveryCodes"]
        .as_array()
        .expect("recovery codes")
        .iter()
        .map(|c| c.as_str().expect("code").to_owned())
        .collect();
    (token, secret, codes)
}

/// Signs in with the password and returns the challenge of the second step.
async fn challenge(app: &TestApp) -> String {
    let a = app.login(EMAIL, PASSWORD).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["twoFactor"], true, "{}", a.body);
    a.str("challenge").to_owned()
}

async fn second_step(app: &TestApp, challenge: &str, code: &str) -> Answer {
    app.post(
        "/api/usuarios/login/2fa",
        None,
        json!({"challenge": challenge, "code": code}),
    )
    .await
}

async fn status(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/usuarios/2fa", Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"].clone()
}

#[tokio::test]
async fn enrolment_shows_a_secret_and_needs_a_right_code() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register_verified(EMAIL, PASSWORD).await;
    assert_eq!(
        status(&app, &token).await,
        json!({"enabled": false, "recoveryCodesLeft": 0})
    );

    let a = app
        .post(
            "/api/usuarios/2fa/configurar",
            Some(&token),
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let secret = a.body["data"]["secret"]
        .as_str()
        .expect("secret")
        .to_owned();
    assert_eq!(secret.len(), 32, "160 bits in base32: {secret}");
    let url = a.body["data"]["otpauthUrl"].as_str().expect("url");
    assert!(
        url.starts_with("otpauth://totp/Nido:ana%40example.org?"),
        "{url}"
    );
    assert!(url.contains(&format!("secret={secret}")), "{url}");
    assert!(url.contains("issuer=Nido"), "{url}");
    let qr = a.body["data"]["qr"].as_str().expect("qr");
    assert!(qr.starts_with("data:image/png;base64,iVBORw0KGgo"), "a PNG");

    // Starting again replaces the secret: codes of the first one no longer confirm.
    let newer = configure(&app, &token).await;
    assert_ne!(newer, secret);
    let stale = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(
        stale.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        stale.body
    );

    let wrong = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": wrong_code(&newer)}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.body["errors"]["code"], "El código no es correcto");
    let missing = app
        .post("/api/usuarios/2fa/activar", Some(&token), json!({}))
        .await;
    assert_eq!(missing.body["errors"]["code"], "El código es requerido");
    assert_eq!(
        status(&app, &token).await["enabled"],
        false,
        "still off after wrong codes"
    );

    let on = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&newer, 0)}),
        )
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let codes = on.body["data"]["recoveryCodes"]
        .as_array()
        .expect("recovery codes");
    assert_eq!(codes.len(), 10);
    for code in codes {
        let code = code.as_str().expect("code");
        let groups: Vec<&str> = code.split('-').collect();
        assert_eq!(groups.len(), 3, "{code}");
        assert!(
            groups.iter().all(|g| g.len() == 4
                && g.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
            "{code}"
        );
        assert!(!code.contains(['0', '1', 'i', 'l', 'o']), "{code}");
    }
    assert_eq!(
        status(&app, &token).await,
        json!({"enabled": true, "recoveryCodesLeft": 10})
    );

    let again = app
        .post(
            "/api/usuarios/2fa/configurar",
            Some(&token),
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.str("code"), "two_factor_already_enabled");
    let twice = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&newer, 0)}),
        )
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn activation_needs_a_setup_and_a_session() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register_verified(EMAIL, PASSWORD).await;
    let none = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": "123456"}),
        )
        .await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert_eq!(none.str("code"), "two_factor_setup_expired");

    let secret = configure(&app, &token).await;
    app.sql("UPDATE tokens SET expires_at = created_at WHERE kind = 'totp_setup'")
        .await;
    let expired = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST, "after 15 minutes");

    for path in [
        "/api/usuarios/2fa/configurar",
        "/api/usuarios/2fa/activar",
        "/api/usuarios/2fa/desactivar",
    ] {
        assert_eq!(
            app.post(path, None, json!({"code": "123456"})).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    assert_eq!(
        app.get("/api/usuarios/2fa", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn sign_in_asks_for_a_code_that_works_once() {
    let app = TestApp::spawn().await;
    let (_, secret, _) = enrolled(&app).await;

    let first = app.login(EMAIL, PASSWORD).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.body["success"], true);
    assert_eq!(first.body["twoFactor"], true);
    assert!(first.body.get("token").is_none(), "no session yet");
    assert!(first.body.get("email").is_none(), "no user fields yet");
    let pending = first.str("challenge").to_owned();
    assert!(pending.len() >= 40);

    let wrong = second_step(&app, &pending, &wrong_code(&secret)).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.str("code"), "two_factor_code_invalid");
    let bogus = second_step(&app, "not-a-challenge", &code_at(&secret, 0)).await;
    assert_eq!(bogus.status, StatusCode::UNAUTHORIZED);
    assert_eq!(bogus.str("code"), "two_factor_challenge_invalid");

    // The code that confirmed the setup is spent; the next window's code is not.
    next_window(&app).await;
    let code = code_at(&secret, 0);
    let ok = second_step(&app, &pending, &code).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.str("email"), EMAIL);
    let token = ok.str("token").to_owned();
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token)).await.status,
        StatusCode::OK
    );

    let reused_challenge = second_step(&app, &pending, &code_at(&secret, 0)).await;
    assert_eq!(reused_challenge.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reused_challenge.str("code"), "two_factor_challenge_invalid");

    // The same code again, in its window, through a fresh challenge: refused as a replay.
    let replay = second_step(&app, &challenge(&app).await, &code).await;
    assert_eq!(replay.status, StatusCode::UNAUTHORIZED);
    assert_eq!(replay.str("code"), "two_factor_code_used");

    let expired = challenge(&app).await;
    app.sql("UPDATE tokens SET expires_at = created_at WHERE kind = 'totp_login'")
        .await;
    next_window(&app).await;
    let late = second_step(&app, &expired, &code_at(&secret, 0)).await;
    assert_eq!(late.status, StatusCode::UNAUTHORIZED, "after 5 minutes");
    assert_eq!(late.str("code"), "two_factor_challenge_invalid");

    let missing = app
        .post(
            "/api/usuarios/login/2fa",
            None,
            json!({"challenge": expired}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.body["errors"]["code"], "El código es requerido");
}

#[tokio::test]
async fn a_recovery_code_signs_in_once() {
    let app = TestApp::spawn().await;
    let (token, _, codes) = enrolled(&app).await;

    // Typed in capitals with spaces instead of dashes, as people copy them.
    let typed = codes[3].to_uppercase().replace('-', " ");
    let ok = second_step(&app, &challenge(&app).await, &typed).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert!(!ok.str("token").is_empty());
    assert_eq!(status(&app, &token).await["recoveryCodesLeft"], 9);

    let again = second_step(&app, &challenge(&app).await, &codes[3]).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    assert_eq!(again.str("code"), "two_factor_code_invalid");
    assert_eq!(status(&app, &token).await["recoveryCodesLeft"], 9);

    let other = second_step(&app, &challenge(&app).await, &codes[4]).await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
    assert_eq!(status(&app, &token).await["recoveryCodesLeft"], 8);
}

#[tokio::test]
async fn wrong_codes_are_rate_limited_per_account() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let (_, secret, codes) = enrolled(&app).await;
    let pending = challenge(&app).await;
    for _ in 0..5 {
        let a = second_step(&app, &pending, &wrong_code(&secret)).await;
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
    }
    next_window(&app).await;
    let limited = second_step(&app, &pending, &code_at(&secret, 0)).await;
    assert_eq!(
        limited.status,
        StatusCode::TOO_MANY_REQUESTS,
        "even a right code"
    );
    assert_eq!(limited.str("code"), "rate_limited");
    let retry: u64 = limited
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After in seconds");
    assert!((1..=15 * 60).contains(&retry), "{retry}");
    let recovery = second_step(&app, &pending, &codes[0]).await;
    assert_eq!(
        recovery.status,
        StatusCode::TOO_MANY_REQUESTS,
        "recovery codes too"
    );
}

#[tokio::test]
async fn turning_it_off_needs_the_password_and_a_code() {
    let app = TestApp::spawn().await;
    let (token, secret, codes) = enrolled(&app).await;

    let missing = app
        .post("/api/usuarios/2fa/desactivar", Some(&token), json!({}))
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.body["errors"]["password"],
        "La contraseña es requerida"
    );
    assert_eq!(missing.body["errors"]["code"], "El código es requerido");

    let both_wrong = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": "nope-nope", "code": wrong_code(&secret)}),
        )
        .await;
    assert_eq!(both_wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        both_wrong.body["errors"]["password"],
        "La contraseña actual no es correcta"
    );
    assert_eq!(
        both_wrong.body["errors"]["code"],
        "El código no es correcto"
    );

    // A right code with a wrong password is refused and not spent.
    let wrong_password = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": "nope-nope", "code": codes[0]}),
        )
        .await;
    assert_eq!(wrong_password.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(wrong_password.body["errors"].get("code").is_none());
    assert_eq!(status(&app, &token).await["recoveryCodesLeft"], 10);
    let no_code = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": PASSWORD, "code": wrong_code(&secret)}),
        )
        .await;
    assert_eq!(no_code.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(no_code.body["errors"].get("password").is_none());

    next_window(&app).await;
    let off = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": PASSWORD, "code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.body);
    assert_eq!(off.str("msg"), "Desactivamos la verificación en dos pasos.");
    assert_eq!(
        status(&app, &token).await,
        json!({"enabled": false, "recoveryCodesLeft": 0})
    );
    let login = app.login(EMAIL, PASSWORD).await;
    assert_eq!(login.status, StatusCode::OK);
    assert!(!login.str("token").is_empty(), "a session straight away");
    assert!(login.body.get("twoFactor").is_none());

    let again = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": PASSWORD, "code": codes[1]}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.str("code"), "two_factor_not_enabled");

    // On again: the old recovery codes are gone for good.
    let secret = configure(&app, &token).await;
    let on = app
        .post(
            "/api/usuarios/2fa/activar",
            Some(&token),
            json!({"code": code_at(&secret, 0)}),
        )
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let old = second_step(&app, &challenge(&app).await, &codes[2]).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_recovery_code_also_turns_it_off() {
    let app = TestApp::spawn().await;
    let (token, _, codes) = enrolled(&app).await;
    let off = app
        .post(
            "/api/usuarios/2fa/desactivar",
            Some(&token),
            json!({"password": PASSWORD, "code": codes[9]}),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.body);
    assert_eq!(status(&app, &token).await["enabled"], false);
}
