//! Hostile input: script and SQL payloads, path traversal, images that decompress to enormous
//! sizes, bodies far over the limits, requests that trickle in, another user's token on every
//! path with an id, and the security headers on every kind of answer. Each gets a clear 4xx and
//! leaves what is stored unchanged.

use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::{
    children::upload,
    helpers::{Answer, TestApp},
};

const PASSWORD: &str = "buenas-noches";
const PAYLOADS: [&str; 5] = [
    "'; DROP TABLE hijos; --",
    "Robert'); DELETE FROM usuarios WHERE ('1'='1",
    "<script>alert('x')</script>",
    "<img src=x onerror=alert(1)>",
    "\" OR 1=1 --",
];

async fn new_child(app: &TestApp, token: &str) -> String {
    let made = app
        .post("/api/hijos", Some(token), json!({"nombre": "Lucía", "apellido": "G", "fechaNacimiento": "2019-05-06", "genero": "femenino"}))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

#[tokio::test]
async fn script_and_sql_payloads_are_kept_as_plain_text() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    for payload in PAYLOADS {
        let made = app
            .post(
                "/api/hijos",
                Some(&token),
                json!({
                    "nombre": payload, "apellido": payload, "fechaNacimiento": "2019-05-06",
                    "genero": "femenino",
                    "informacionEscolar": {"escuela": payload, "grado": payload, "profesorPrincipal": payload},
                    "informacionMedica": {"alergias": [payload], "notasMedicas": payload, "doctorPrimario": {"nombre": payload}},
                }),
            )
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{payload}: {}", made.body);
        let child = made.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let activity = app
            .post(
                &format!("/api/hijos/{child}/actividades"),
                Some(&token),
                json!({"nombre": payload, "lugar": payload}),
            )
            .await;
        assert_eq!(activity.status, StatusCode::CREATED, "{}", activity.body);
        let contact = app
            .post(
                &format!("/api/hijos/{child}/contactos-emergencia"),
                Some(&token),
                json!({"nombre": payload, "relacion": payload, "telefono": "011 4444-5555"}),
            )
            .await;
        assert_eq!(contact.status, StatusCode::CREATED, "{}", contact.body);

        let read = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
        let data = &read.body["data"];
        assert_eq!(data["nombre"], payload);
        assert_eq!(data["informacionEscolar"]["escuela"], payload);
        assert_eq!(data["informacionMedica"]["alergias"][0], payload);
        assert_eq!(data["informacionMedica"]["notasMedicas"], payload);
        assert_eq!(data["actividades"][0]["nombre"], payload);
        assert_eq!(data["contactosEmergencia"][0]["relacion"], payload);
    }
    let families = app.get("/api/familias", Some(&token)).await;
    let family = families.body["data"][0]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let renamed = put(
        &app,
        &format!("/api/familias/{family}"),
        &token,
        json!({"nombre": PAYLOADS[0], "zonaHoraria": "America/Argentina/Buenos_Aires"}),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(renamed.body["data"]["nombre"], PAYLOADS[0]);

    // Every table is still there and whole.
    let list = app.get("/api/hijos", Some(&token)).await;
    assert_eq!(
        list.body["data"].as_array().map(Vec::len),
        Some(PAYLOADS.len())
    );
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn path_traversal_finds_nothing() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    for path in [
        "/api/hijos/..%2F..%2Fnido.db".to_owned(),
        "/api/hijos/%2e%2e".to_owned(),
        format!("/api/hijos/{child}%2F..%2F..%2Fusuarios"),
        format!("/api/hijos/{child}/actividades/..%2F..%2F..%2Fetc%2Fpasswd"),
        "/api/familias/..%2F..%2F".to_owned(),
        "/api/archivos/..%2F..%2Fnido.db?exp=9999999999&sig=x".to_owned(),
        "/api/archivos/%2e%2e/%2e%2e/nido.db?exp=9999999999&sig=x".to_owned(),
        "/api/archivos/hijos/..%2F..%2F..%2Fetc%2Fpasswd".to_owned(),
    ] {
        let answer = app.get(&path, Some(&token)).await;
        assert!(
            matches!(
                answer.status,
                StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST | StatusCode::METHOD_NOT_ALLOWED
            ),
            "{path}: {} {}",
            answer.status,
            answer.body
        );
        assert!(answer.body.get("data").is_none(), "{path}: {}", answer.body);
    }
    // A file name with a path in it is not where the photo goes.
    let uploaded = upload(
        &app,
        &child,
        &token,
        crate::images::png(40, 30),
        "../../../../nido.db",
    )
    .await;
    assert_eq!(uploaded.status, StatusCode::OK);
    let body = uploaded.body;
    let link = body["data"]["foto"].as_str().unwrap_or_default();
    assert!(link.contains(&format!("hijos/{child}/")), "{link}");
    assert!(!link.contains("nido.db") && !link.contains(".."), "{link}");
    assert!(
        app.data_dir.path().join("nido.db").exists() || !app.database_url().starts_with("sqlite")
    );
}

/// A PNG whose header claims `side` x `side` pixels, with almost no data behind it.
pub fn png_claiming(side: u32) -> Vec<u8> {
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let mut crc_input = kind.to_vec();
        crc_input.extend_from_slice(data);
        out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
        out
    }
    let mut header = side.to_be_bytes().to_vec();
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &header));
    // A zlib stream of a few zero bytes: the rest would decompress from nothing.
    png.extend(chunk(
        b"IDAT",
        &[0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01],
    ));
    png.extend(chunk(b"IEND", &[]));
    png
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[tokio::test]
async fn images_that_would_decompress_to_huge_sizes_are_refused() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    // 11,000 x 11,000 RGB is 363 MB once decoded; 60,000 x 60,000 is 10 GB. Each is refused from
    // its header, above 50 megapixels, before any decoding.
    for side in [11_000, 12_000, 60_000] {
        let started = Instant::now();
        let res = upload(&app, &child, &token, png_claiming(side), "bomb.png").await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{side}");
        assert_eq!(res.body["code"], "photo_too_many_pixels", "{side}");
        assert!(res.str("msg").contains("50"), "{}", res.body);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{side}: {:?}",
            started.elapsed()
        );
    }
    let read = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert!(read.body["data"]["foto"].is_null(), "nothing was stored");
}

/// Sends `length` bytes announced by Content-Length in 1 MB writes, stopping as soon as the
/// server answers; gives back the status line and how much was sent.
async fn send_big(
    app: &TestApp,
    path: &str,
    token: &str,
    content_type: &str,
    length: usize,
) -> (String, usize) {
    let addr = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let chunk = vec![b'a'; 1024 * 1024];
    let mut sent = 0;
    let mut answer = Vec::new();
    while sent < length {
        let mut buf = [0u8; 512];
        // The server may answer (and close) before the body is all there.
        if let Ok(Ok(n)) =
            tokio::time::timeout(Duration::from_millis(5), stream.read(&mut buf)).await
            && n > 0
        {
            answer.extend_from_slice(&buf[..n]);
            break;
        }
        if stream.write_all(&chunk).await.is_err() {
            break;
        }
        sent += chunk.len();
    }
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer);
    (text.lines().next().unwrap_or_default().to_owned(), sent)
}

#[tokio::test]
async fn fifty_megabyte_bodies_are_refused_early_on_every_kind_of_route() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    let families = app.get("/api/familias", Some(&token)).await;
    let family = families.body["data"][0]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let fifty = 50 * 1024 * 1024;
    // The server answers 413 while most of the body is still unsent: what it holds of a body is
    // bounded by the route's limit, never by what the client announces.
    for (path, content_type) in [
        ("/api/usuarios".to_owned(), "application/json"),
        ("/api/usuarios/login".to_owned(), "application/json"),
        ("/api/hijos".to_owned(), "application/json"),
        (
            format!("/api/hijos/{child}/actividades"),
            "application/json",
        ),
        (
            format!("/api/familias/{family}/invitaciones"),
            "application/json",
        ),
        ("/api/contacto".to_owned(), "application/json"),
        (
            format!("/api/hijos/{child}/foto"),
            "multipart/form-data; boundary=x",
        ),
        (
            "/api/usuarios/perfil/foto".to_owned(),
            "multipart/form-data; boundary=x",
        ),
    ] {
        let (status, sent) = send_big(&app, &path, &token, content_type, fifty).await;
        assert!(status.contains(" 413 "), "{path}: {status}");
        assert!(
            sent < 16 * 1024 * 1024,
            "{path}: the server read {sent} bytes before refusing"
        );
    }
    let read = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert_eq!(read.body["data"]["actividades"], json!([]));
}

#[tokio::test]
async fn another_users_token_reaches_nothing_on_any_path_with_an_id() {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (eve, _) = app.register("eve@example.org", PASSWORD).await;
    let family = app.get("/api/familias", Some(&ana)).await.body["data"][0].clone();
    let familia = family["_id"].as_str().unwrap_or_default().to_owned();
    let miembro = family["miembros"][0]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let made = app
        .post("/api/hijos", Some(&ana), json!({"nombre": "Lucía", "apellido": "G", "fechaNacimiento": "2019-05-06", "genero": "femenino"}))
        .await;
    let child = made.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let with_activity = app
        .post(
            &format!("/api/hijos/{child}/actividades"),
            Some(&ana),
            json!({"nombre": "Natación"}),
        )
        .await;
    let activity = with_activity.body["data"]["actividades"][0]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let invited = app
        .post(
            &format!("/api/familias/{familia}/invitaciones"),
            Some(&ana),
            json!({"email": "x@example.org"}),
        )
        .await;
    let invitation = invited.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let before = app
        .get(&format!("/api/hijos/{child}"), Some(&ana))
        .await
        .body;

    // Every documented operation with a path parameter, filled with Ana's ids, called as Eve.
    let doc = app.get("/api/openapi.json", None).await.body;
    let mut tried = 0;
    for (path, operations) in doc["paths"].as_object().into_iter().flatten() {
        if !path.contains('{') {
            continue;
        }
        let concrete = path
            .replace(
                "{id}",
                if path.starts_with("/api/familias") {
                    &familia
                } else {
                    &child
                },
            )
            .replace("{miembroId}", &miembro)
            .replace("{item_id}", &activity)
            .replace("{invitacionId}", &invitation)
            .replace("{usuarioId}", &ana_id);
        if concrete.contains('{') {
            continue;
        }
        for method in operations
            .as_object()
            .into_iter()
            .flatten()
            .map(|(m, _)| m.to_uppercase())
        {
            let method = Method::from_bytes(method.as_bytes()).expect("method");
            let answer = app
                .request(method.clone(), &concrete, Some(&eve), Some(json!({})), None)
                .await;
            tried += 1;
            // Unblocking someone not blocked and declining an invitation not addressed to one
            // change nothing of Ana's: they answer about Eve's own state.
            let harmless =
                concrete.starts_with("/api/usuarios/bloqueados/") && method == Method::DELETE;
            if harmless {
                assert_eq!(answer.status, StatusCode::OK, "{method} {concrete}");
                continue;
            }
            assert!(
                matches!(
                    answer.status,
                    StatusCode::NOT_FOUND
                        | StatusCode::FORBIDDEN
                        | StatusCode::UNPROCESSABLE_ENTITY
                        | StatusCode::BAD_REQUEST
                ),
                "{method} {concrete}: {} {}",
                answer.status,
                answer.body
            );
            assert!(
                answer.body.get("data").is_none(),
                "{method} {concrete}: {}",
                answer.body
            );
        }
    }
    assert!(tried >= 20, "only {tried} operations tried");
    let after = app
        .get(&format!("/api/hijos/{child}"), Some(&ana))
        .await
        .body;
    assert_eq!(before, after, "Eve changed nothing");
    let still = app
        .get(&format!("/api/familias/{familia}/invitaciones"), Some(&ana))
        .await;
    assert_eq!(still.body["data"]["pendientes"][0]["estado"], "pendiente");
}

#[tokio::test]
async fn a_body_that_trickles_in_is_cut_off() {
    let app = TestApp::spawn().await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).await.expect("connect");
    let head = format!(
        "POST /api/usuarios/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let started = Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(45), async {
        let mut buf = [0u8; 1024];
        loop {
            // One byte every 2 s: slower than any real client, fast enough to keep a naive
            // server waiting forever.
            let _ = stream.write_all(b" ").await;
            match tokio::time::timeout(Duration::from_secs(2), stream.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return,
                Ok(Ok(n)) => {
                    answer.extend_from_slice(&buf[..n]);
                    return;
                }
                Err(_) => {}
            }
        }
    })
    .await;
    assert!(read.is_ok(), "still waiting after {:?}", started.elapsed());
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("x-content-type-options: nosniff"), "{text}");
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    let uploaded = upload(&app, &child, &token, crate::images::png(40, 30), "a.png").await;
    let photo = format!(
        "{}{}",
        app.base,
        uploaded.body["data"]["foto"].as_str().unwrap_or_default()
    );
    let answers = [
        (
            "json 200",
            app.client
                .get(format!("{}/api/hijos", app.base))
                .bearer_auth(&token),
        ),
        (
            "json 401",
            app.client.get(format!("{}/api/hijos", app.base)),
        ),
        (
            "json 404",
            app.client
                .get(format!("{}/api/hijos/nope", app.base))
                .bearer_auth(&token),
        ),
        (
            "json 422",
            app.client
                .post(format!("{}/api/hijos", app.base))
                .bearer_auth(&token)
                .json(&json!({})),
        ),
        (
            "json 400",
            app.client
                .post(format!("{}/api/usuarios/login", app.base))
                .header("content-type", "application/json")
                .body("{"),
        ),
        (
            "json 413",
            app.client
                .post(format!("{}/api/usuarios/login", app.base))
                .header("content-type", "application/json")
                .body(vec![b' '; 300 * 1024]),
        ),
        (
            "json 415",
            app.client
                .post(format!("{}/api/usuarios/login", app.base))
                .body("x"),
        ),
        (
            "json 405",
            app.client.delete(format!("{}/api/health", app.base)),
        ),
        ("photo", app.client.get(photo.clone())),
        (
            "photo with a bad signature",
            app.client.get(format!("{photo}x")),
        ),
        ("page", app.client.get(format!("{}/children", app.base))),
        (
            "unknown page",
            app.client.get(format!("{}/no-such-page", app.base)),
        ),
        (
            "openapi",
            app.client.get(format!("{}/api/openapi.json", app.base)),
        ),
        (
            "sitemap",
            app.client.get(format!("{}/sitemap.xml", app.base)),
        ),
        ("robots", app.client.get(format!("{}/robots.txt", app.base))),
    ];
    for (name, request) in answers {
        let res = request.send().await.expect(name);
        let h = res.headers();
        for header in [
            "content-security-policy",
            "x-content-type-options",
            "x-frame-options",
            "referrer-policy",
            "permissions-policy",
            "x-request-id",
        ] {
            assert!(
                h.contains_key(header),
                "{name} ({}) lacks {header}",
                res.status()
            );
        }
    }
}

#[tokio::test]
async fn headers_that_trickle_in_are_cut_off() {
    let app = TestApp::spawn().await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).await.expect("connect");
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: nido\r\nX-Slow: ")
        .await
        .expect("head");
    let started = Instant::now();
    let closed = tokio::time::timeout(Duration::from_secs(30), async {
        let mut buf = [0u8; 256];
        loop {
            if stream.write_all(b"a").await.is_err() {
                return;
            }
            match tokio::time::timeout(Duration::from_secs(1), stream.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return,
                _ => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "still open after {:?}", started.elapsed());
    assert!(
        started.elapsed() >= Duration::from_secs(5),
        "cut too soon: {:?}",
        started.elapsed()
    );
    // Everyone else is served as usual.
    assert_eq!(app.get("/api/health", None).await.status, StatusCode::OK);
}
