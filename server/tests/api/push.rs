//! Web push: the VAPID key, registering a browser's subscription, and notices that reach a real push
//! service (the npm package web-push-testing, which checks the VAPID signature and decrypts).

use std::{
    path::PathBuf,
    process::Stdio,
    time::{Duration, Instant},
};

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use nido::notifications::entities::dispositivo_push;

use crate::helpers::{Options, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
const DEVICES: &str = "/api/notificaciones/dispositivos";
/// A valid P-256 point and auth secret, as a browser hands them over.
const P256DH: &str =
    "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";
const ANDROID_CHROME: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

fn subscription(endpoint: &str) -> Value {
    json!({"endpoint": endpoint, "expirationTime": null, "keys": {"p256dh": P256DH, "auth": AUTH}})
}

async fn register_device(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    let res = app
        .client
        .post(format!("{}{DEVICES}", app.base))
        .bearer_auth(token)
        .header("user-agent", ANDROID_CHROME)
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn devices(app: &TestApp, token: &str) -> Vec<Value> {
    let a = app.get(DEVICES, Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"].as_array().cloned().unwrap_or_default()
}

async fn test_push(app: &TestApp, token: &str) -> u64 {
    let a = app
        .post(&format!("{DEVICES}/prueba"), Some(token), json!({}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["enviados"].as_u64().expect("enviados")
}

#[tokio::test]
async fn the_vapid_key_is_made_once_kept_private_and_shared_by_instances() {
    let app = TestApp::spawn().await;
    let a = app.get("/api/notificaciones/clave-push", None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let key = a.body["data"]["clave"].as_str().expect("clave").to_owned();
    let raw = URL_SAFE_NO_PAD.decode(&key).expect("base64url");
    assert_eq!((raw.len(), raw[0]), (65, 4), "an uncompressed P-256 point");

    let file = app.data_dir.path().join("vapid.key");
    let pem = std::fs::read_to_string(&file).expect("vapid.key");
    assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"), "{pem}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    let second = TestApp::spawn_with(Options {
        keys_from: Some(app.data_dir.path().to_owned()),
        ..Default::default()
    })
    .await;
    let b = second.get("/api/notificaciones/clave-push", None).await;
    assert_eq!(b.body["data"]["clave"], key.as_str());
}

#[tokio::test]
async fn a_subscription_needs_an_https_endpoint_and_real_keys() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let bad_endpoints = [
        json!("http://push.example.org/abc"),
        json!("ftp://push.example.org/abc"),
        json!("https://user:secret@push.example.org/abc"),
        json!(format!("https://push.example.org/{}", "a".repeat(1100))),
        json!("no es una dirección"),
        json!(""),
        json!(42),
        Value::Null,
    ];
    for endpoint in bad_endpoints {
        let mut body = subscription("x");
        body["endpoint"] = endpoint.clone();
        let (status, answer) = register_device(&app, &token, body).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{endpoint}: {answer}"
        );
        // A body of the wrong shape is refused before any field is looked at.
        if endpoint.is_string() || endpoint.is_null() {
            assert_eq!(
                answer["errors"]["endpoint"].as_str().map(|m| !m.is_empty()),
                Some(true),
                "{answer}"
            );
            assert!(answer["errors"].get("keys.p256dh").is_none(), "{answer}");
        }
    }

    let good = "https://fcm.googleapis.com/fcm/send/abc";
    for (keys, field) in [
        (
            json!({"p256dh": &P256DH[..60], "auth": AUTH}),
            "keys.p256dh",
        ),
        (
            json!({"p256dh": "A".repeat(87), "auth": AUTH}),
            "keys.p256dh",
        ),
        (json!({"p256dh": "no base64!", "auth": AUTH}), "keys.p256dh"),
        (json!({"auth": AUTH}), "keys.p256dh"),
        (json!({"p256dh": P256DH, "auth": "c2hvcnQ"}), "keys.auth"),
        (json!({"p256dh": P256DH}), "keys.auth"),
    ] {
        let (status, answer) =
            register_device(&app, &token, json!({"endpoint": good, "keys": keys})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{keys}: {answer}");
        assert!(answer["errors"].get(field).is_some(), "{keys}: {answer}");
        assert_eq!(answer["code"], "validation", "{answer}");
    }
    let (status, answer) = register_device(&app, &token, json!({"endpoint": good})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["errors"].get("keys.auth").is_some(), "{answer}");
    assert!(devices(&app, &token).await.is_empty());

    let anonymous = app.post(DEVICES, None, subscription(good)).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // A loopback push service is for test suites that run one (`NIDO_PUSH_ALLOW_LOOPBACK`);
    // padding is accepted.
    let local = json!({"endpoint": "http://localhost:8090/notify/abc",
        "keys": {"p256dh": format!("{P256DH}="), "auth": format!("{AUTH}==")}});
    let (status, answer) = register_device(&app, &token, local.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let tests = TestApp::spawn_with(Options {
        push_loopback: true,
        ..Default::default()
    })
    .await;
    let (token, _) = tests.register("ana@example.org", PASSWORD).await;
    let (status, answer) = register_device(&tests, &token, local).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Even then, nothing else inside.
    let (status, answer) =
        register_device(&tests, &token, subscription("https://10.1.2.3/abc")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
}

#[tokio::test]
async fn an_endpoint_inside_this_machine_or_its_network_is_refused_in_words() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    for endpoint in [
        "https://localhost/abc",
        "https://localhost.:8443/abc",
        "https://push.localhost/abc",
        "https://127.0.0.1/abc",
        "https://127.1/abc",
        "https://0x7f.1/abc",
        "https://2130706433/abc",
        "https://0.0.0.0/abc",
        "https://10.1.2.3/abc",
        "https://172.20.0.1/abc",
        "https://192.168.0.10/abc",
        "https://100.64.1.1/abc",
        "https://169.254.169.254/latest",
        "https://224.0.0.251/abc",
        "https://[::1]/abc",
        "https://[::]/abc",
        "https://[fd12:3456::1]/abc",
        "https://[fe80::1]/abc",
        "https://[ff02::1]/abc",
        "https://[::ffff:127.0.0.1]/abc",
        "https://[::ffff:192.168.1.1]/abc",
        "https://[::127.0.0.1]/abc",
        "https://[64:ff9b::7f00:1]/abc",
    ] {
        let (status, answer) = register_device(&app, &token, subscription(endpoint)).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{endpoint}: {answer}"
        );
        assert_eq!(
            answer["errors"]["endpoint"],
            "La dirección del servicio de notificaciones apunta a una red privada o a este mismo \
             servidor: solo aceptamos la de un servicio público, como la que da el navegador.",
            "{endpoint}: {answer}"
        );
    }
    let english = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Sam", "apellido": "Lee", "email": "sam@example.org",
                   "password": PASSWORD, "language": "en"}),
        )
        .await;
    let (status, english) = register_device(
        &app,
        english.str("token"),
        subscription("https://127.1:8443/abc"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{english}");
    assert!(
        english["errors"]["endpoint"]
            .as_str()
            .is_some_and(|m| m.contains("private network or at this very server")),
        "{english}"
    );
    let (status, answer) =
        register_device(&app, &token, subscription("http://[::1]:9000/abc")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(devices(&app, &token).await.is_empty());
}

#[tokio::test]
async fn without_the_setting_the_sending_path_refuses_a_loopback_device_too() {
    // A push service on this machine that counts what reaches it.
    let hits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = hits.clone();
    let service = axum::Router::new().route(
        "/{device}",
        axum::routing::post(move || {
            let counter = counter.clone();
            async move {
                counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, service).await });

    let allowed = TestApp::spawn_with(Options {
        push_loopback: true,
        ..Default::default()
    })
    .await;
    let (token, _) = allowed.register("ana@example.org", PASSWORD).await;
    let (status, answer) = register_device(
        &allowed,
        &token,
        subscription(&format!("http://{addr}/device")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(test_push(&allowed, &token).await, 1);
    assert_eq!(hits.load(std::sync::atomic::Ordering::SeqCst), 1);

    // Another instance of the same deployment without the setting: the device cannot be pushed
    // to, and goes.
    let strict = TestApp::spawn_with(Options {
        database_url: Some(allowed.database_url().to_owned()),
        keys_from: Some(allowed.data_dir.path().to_owned()),
        ..Default::default()
    })
    .await;
    assert_eq!(test_push(&strict, &token).await, 0);
    assert_eq!(
        hits.load(std::sync::atomic::Ordering::SeqCst),
        1,
        "nothing more reached it"
    );
    assert!(devices(&strict, &token).await.is_empty());
}

#[tokio::test]
async fn registrations_are_capped_per_hour() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Default::default()
    })
    .await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    for n in 0..20 {
        let (status, answer) = register_device(
            &app,
            &token,
            subscription(&format!("https://fcm.googleapis.com/fcm/send/{n}")),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{n}: {answer}");
    }
    let res = app
        .client
        .post(format!("{}{DEVICES}", app.base))
        .bearer_auth(&token)
        .json(&subscription("https://fcm.googleapis.com/fcm/send/21"))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = res
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=3600).contains(&retry), "{retry}");
    // The 20 kept are the most a user has.
    assert_eq!(devices(&app, &token).await.len(), 20);
    let (other, _) = app.register("beto@example.org", PASSWORD).await;
    let (status, _) = register_device(
        &app,
        &other,
        subscription("https://fcm.googleapis.com/fcm/send/beto"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "a cap per user");
}

#[tokio::test]
async fn devices_are_listed_updated_and_removed_by_their_owner_only() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, _) = app.register("beto@example.org", PASSWORD).await;
    let endpoint = "https://updates.push.services.mozilla.com/wpush/v2/abc";

    let (status, first) = register_device(&app, &ana, subscription(endpoint)).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let id = first["data"]["_id"].as_str().expect("_id").to_owned();
    // The browser subscribing again hands the same endpoint: the same device, not a second one.
    let (_, again) = register_device(&app, &ana, subscription(endpoint)).await;
    assert_eq!(again["data"]["_id"], id.as_str());
    let (_, other) = register_device(
        &app,
        &ana,
        subscription("https://fcm.googleapis.com/fcm/send/xyz"),
    )
    .await;
    let other_id = other["data"]["_id"].as_str().expect("_id").to_owned();

    let list = devices(&app, &ana).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(list[0]["_id"], other_id.as_str(), "newest first");
    assert_eq!(list[1]["endpoint"], endpoint);
    assert_eq!(list[1]["agente"], "Chrome · Android");
    assert!(list[1]["creado"].as_str().is_some_and(|c| c.ends_with('Z')));
    assert!(list[1].get("p256dh").is_none() && list[1].get("keys").is_none());
    assert!(devices(&app, &beto).await.is_empty());

    let path = format!("{DEVICES}/{id}");
    let a = app
        .request(Method::DELETE, &path, Some(&beto), None, None)
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let a = app
        .request(Method::DELETE, &path, Some(&ana), None, None)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(
        a.str("msg"),
        "Quitamos el dispositivo: ya no recibirá notificaciones."
    );
    let a = app
        .request(Method::DELETE, &path, Some(&ana), None, None)
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(devices(&app, &ana).await.len(), 1);

    // One browser, another account signed in: the subscription follows whoever registered it last.
    let (_, moved) = register_device(
        &app,
        &beto,
        subscription("https://fcm.googleapis.com/fcm/send/xyz"),
    )
    .await;
    assert_eq!(moved["data"]["_id"], other_id.as_str());
    assert!(devices(&app, &ana).await.is_empty());
    assert_eq!(devices(&app, &beto).await.len(), 1);

    // Signing out ends the notifications on that browser; another session of the same user keeps
    // its own.
    let mut other_session = app.login("beto@example.org", PASSWORD).await;
    let second = other_session.body["token"].take();
    let second = second.as_str().expect("token");
    let (_, kept) = register_device(
        &app,
        second,
        subscription("https://web.push.apple.com/QGxyz"),
    )
    .await;
    assert_eq!(kept["data"]["_id"].as_str().map(str::len), Some(36));
    assert_eq!(devices(&app, &beto).await.len(), 2);
    let a = app
        .post("/api/usuarios/logout", Some(&beto), json!({}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let left = devices(&app, second).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["_id"], kept["data"]["_id"]);

    // The rows go with the account.
    app.sql("DELETE FROM usuarios WHERE email = 'beto@example.org'")
        .await;
    let left = dispositivo_push::Entity::find()
        .all(&app.db)
        .await
        .expect("rows");
    assert!(left.is_empty(), "{left:?}");
}

/// The web-push-testing push service, started for one test and stopped when dropped.
struct PushService {
    base: String,
    client: reqwest::Client,
    _process: tokio::process::Child,
}

impl PushService {
    async fn start() -> PushService {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../web/node_modules/web-push-testing/src/bin/server.js");
        assert!(
            script.exists(),
            "{} is missing: run `npm install` in web/ (make test does)",
            script.display()
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let process = tokio::process::Command::new("node")
            .arg(&script)
            .arg(port.to_string())
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs");
        let service = PushService {
            base: format!("http://localhost:{port}"),
            client: reqwest::Client::new(),
            _process: process,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let up = service
                .client
                .post(format!("{}/status", service.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if up {
                return service;
            }
            assert!(Instant::now() < deadline, "web-push-testing did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn call(&self, path: &str, body: Value) -> Value {
        let res = self
            .client
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .expect("push service");
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().await.unwrap_or(Value::Null)
    }

    /// A subscription as a browser's `pushManager.subscribe` would give it, and its client hash.
    async fn subscribe(&self, application_server_key: &str) -> (Value, String) {
        let mut data = self
            .call(
                "/subscribe",
                json!({"applicationServerKey": application_server_key}),
            )
            .await["data"]
            .take();
        let hash = data["clientHash"].as_str().expect("clientHash").to_owned();
        if let Some(fields) = data.as_object_mut() {
            fields.remove("clientHash");
        }
        (data, hash)
    }

    async fn messages(&self, hash: &str) -> Vec<Value> {
        let data = self
            .call("/get-notifications", json!({"clientHash": hash}))
            .await;
        data["data"]["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .map(|m| serde_json::from_str(m.as_str().expect("text")).expect("JSON payload"))
            .collect()
    }
}

#[tokio::test]
async fn a_test_notice_reaches_a_real_push_service_and_an_ended_subscription_is_dropped() {
    let service = PushService::start().await;
    let app = TestApp::spawn_with(Options {
        push_loopback: true,
        ..Default::default()
    })
    .await;
    let (token, user_id) = app.register("ana@example.org", PASSWORD).await;
    let key = app.get("/api/notificaciones/clave-push", None).await;
    let key = key.body["data"]["clave"]
        .as_str()
        .expect("clave")
        .to_owned();

    let (subscription, hash) = service.subscribe(&key).await;
    let (status, answer) = register_device(&app, &token, subscription).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A subscription made for another server's key: its push service refuses our signature.
    let (foreign, foreign_hash) = service
        .subscribe(
            &URL_SAFE_NO_PAD.encode(
                URL_SAFE_NO_PAD
                    .decode(P256DH)
                    .expect("a P-256 point that is not our key"),
            ),
        )
        .await;
    let (status, _) = register_device(&app, &token, foreign).await;
    assert_eq!(status, StatusCode::OK);

    assert_eq!(test_push(&app, &token).await, 1);
    let received = service.messages(&hash).await;
    assert_eq!(
        received,
        [json!({
            "titulo": "Nido",
            "texto": "Las notificaciones llegan a este dispositivo.",
            "enlace": "/profile/notifications",
            "etiqueta": "prueba",
        })]
    );
    assert!(service.messages(&foreign_hash).await.is_empty());
    let rows = dispositivo_push::Entity::find()
        .filter(dispositivo_push::Column::UsuarioId.eq(&user_id))
        .all(&app.db)
        .await
        .expect("rows");
    assert_eq!(rows.len(), 2, "a refused push keeps the device");
    assert_eq!(rows.iter().filter(|d| d.ultimo_uso.is_some()).count(), 1);

    // The browser unsubscribed: the push service answers 410 and the device goes.
    service
        .call(&format!("/expire-subscription/{hash}"), json!({}))
        .await;
    assert_eq!(test_push(&app, &token).await, 0);
    let left = devices(&app, &token).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(
        left[0]["endpoint"]
            .as_str()
            .is_some_and(|e| e.ends_with(&foreign_hash))
    );
}

#[tokio::test]
async fn a_push_service_that_fails_keeps_the_device_and_one_that_forgets_it_drops_it() {
    // Answers with the status named by the path's first segment.
    let service = axum::Router::new().route(
        "/{status}/{device}",
        axum::routing::post(
            |axum::extract::Path((status, _)): axum::extract::Path<(u16, String)>| async move {
                StatusCode::from_u16(status).unwrap_or(StatusCode::IM_A_TEAPOT)
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, service).await });

    let app = TestApp::spawn_with(Options {
        push_loopback: true,
        ..Default::default()
    })
    .await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    for status in [201, 404, 500, 429] {
        let (code, answer) = register_device(
            &app,
            &token,
            subscription(&format!("http://{addr}/{status}/device")),
        )
        .await;
        assert_eq!(code, StatusCode::OK, "{answer}");
    }
    assert_eq!(test_push(&app, &token).await, 1);
    let mut kept: Vec<String> = devices(&app, &token)
        .await
        .iter()
        .filter_map(|d| d["endpoint"].as_str().map(str::to_owned))
        .collect();
    kept.sort();
    assert_eq!(
        kept,
        [201, 429, 500].map(|s| format!("http://{addr}/{s}/device"))
    );
}
