//! The emergency card: who may make, list and revoke its links; the expiry's bounds; the public
//! page (the child's details, hostile text escaped, its headers, no way into the rest of Nido);
//! expired, revoked and unknown links all 404 alike; a connection guessing links is stopped with
//! a page; openings recorded, listed, told once.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

async fn register(app: &TestApp, nombre: &str, email: &str) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD, "language": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    family: String,
    child: String,
}

/// Ana and Beto co-parent Tomás.
async fn family() -> Family {
    family_with(Options::default()).await
}

async fn family_with(options: Options) -> Family {
    let app = TestApp::spawn_with(options).await;
    let (ana, _) = register(&app, "Ana", "ana@example.org").await;
    let (beto, _) = register(&app, "Beto", "beto@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let child = app.add_child(&ana, &family).await;
    Family {
        app,
        ana,
        beto,
        family,
        child,
    }
}

fn in_days(days: i64) -> String {
    (Utc::now() + Duration::days(days))
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// A page fetched without an account, as a visitor would.
struct Page {
    status: StatusCode,
    headers: reqwest::header::HeaderMap,
    html: String,
}

async fn page(app: &TestApp, path: &str, lang: Option<&str>, agent: Option<&str>) -> Page {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(lang) = lang {
        req = req.header("accept-language", lang);
    }
    if let Some(agent) = agent {
        req = req.header("user-agent", agent);
    }
    let res = req.send().await.expect("request");
    Page {
        status: res.status(),
        headers: res.headers().clone(),
        html: res.text().await.unwrap_or_default(),
    }
}

impl Family {
    fn cards(&self) -> String {
        format!("/api/hijos/{}/tarjeta", self.child)
    }

    /// Makes a link as `token`; gives back its id and its path on the server.
    async fn link(&self, token: &str, days: i64) -> (String, String) {
        let made = self
            .app
            .post(&self.cards(), Some(token), json!({"vence": in_days(days)}))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        let url = made.body["data"]["url"].as_str().unwrap_or_default();
        let path = url
            .find("/tarjeta/")
            .map(|i| url[i..].to_owned())
            .expect("a card url");
        (
            made.body["data"]["_id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            path,
        )
    }

    async fn live_links(&self, token: &str) -> Vec<Value> {
        let list = self.app.get(&self.cards(), Some(token)).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.body);
        list.body["data"].as_array().cloned().unwrap_or_default()
    }

    async fn revoke(&self, token: &str, id: &str) -> StatusCode {
        self.app
            .request(
                Method::DELETE,
                &format!("{}/{id}", self.cards()),
                Some(token),
                None,
                None,
            )
            .await
            .status
    }

    async fn record_kinds(&self) -> Vec<String> {
        let a = self
            .app
            .get(
                &format!("/api/familias/{}/registro", self.family),
                Some(&self.ana),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]["entradas"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|e| e["tipo"].as_str().unwrap_or_default().to_owned())
            .collect()
    }
}

#[tokio::test]
async fn only_co_parents_make_list_and_revoke_links() {
    let f = family().await;
    let (viewer, viewer_id) = register(&f.app, "Vera", "vera@example.org").await;
    f.app
        .join_family(&f.ana, &f.family, &viewer, "viewer", "abuela")
        .await;
    let (stranger, _) = register(&f.app, "Sol", "sol@example.org").await;
    let (removed, removed_id) = register(&f.app, "Rita", "rita@example.org").await;
    f.app
        .join_family(&f.ana, &f.family, &removed, "coparent", "madre")
        .await;
    f.app.remove_member(&f.ana, &f.family, &removed_id).await;

    let made = f
        .app
        .post(&f.cards(), Some(&f.ana), json!({"vence": in_days(7)}))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let data = &made.body["data"];
    assert!(
        data["url"]
            .as_str()
            .unwrap_or_default()
            .contains("/tarjeta/")
    );
    assert_eq!(data["creadoPor"]["nombre"], "Ana");
    assert_eq!(data["aperturas"], json!([]));
    assert!(data["venceAt"].is_string() && data["createdAt"].is_string());
    let id = data["_id"].as_str().unwrap_or_default().to_owned();
    // The token is 32 random bytes, base64url: 43 characters.
    let url = data["url"].as_str().unwrap_or_default();
    assert_eq!(url.rsplit('/').next().unwrap_or_default().len(), 43);

    for outsider in [&viewer, &stranger, &removed] {
        let post = f
            .app
            .post(&f.cards(), Some(outsider), json!({"vence": in_days(7)}))
            .await;
        assert_eq!(post.status, StatusCode::NOT_FOUND, "{}", post.body);
        assert_eq!(post.body["code"], "not_found");
        assert_eq!(
            f.app.get(&f.cards(), Some(outsider)).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(f.revoke(outsider, &id).await, StatusCode::NOT_FOUND);
    }
    assert_eq!(
        f.app.get(&f.cards(), None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let _ = viewer_id;

    // Beto, the other co-parent, sees Ana's link (without its token) and may revoke it.
    let listed = f.live_links(&f.beto).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["_id"], id.as_str());
    assert!(listed[0].get("url").is_none());
    assert_eq!(f.revoke(&f.beto, &id).await, StatusCode::OK);
    assert_eq!(f.revoke(&f.beto, &id).await, StatusCode::NOT_FOUND);
    assert!(f.live_links(&f.ana).await.is_empty());
    let kinds = f.record_kinds().await;
    assert!(kinds.contains(&"tarjeta.creada".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"tarjeta.revocada".to_owned()), "{kinds:?}");
}

#[tokio::test]
async fn the_expiry_lies_between_a_day_and_a_year() {
    let f = family().await;
    let hours = |h: i64| {
        (Utc::now() + Duration::hours(h))
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    };
    for bad in [
        json!({}),
        json!({"vence": ""}),
        json!({"vence": "pronto"}),
        json!({"vence": 12}),
        json!({"vence": hours(23)}),
        json!({"vence": hours(-48)}),
        json!({"vence": in_days(370)}),
    ] {
        let a = f.app.post(&f.cards(), Some(&f.ana), bad.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            a.body
        );
        assert!(a.body["errors"]["vence"].is_string(), "{}", a.body);
    }
    // The signed-in user's language wins over the browser's.
    let es = f
        .app
        .request(
            Method::POST,
            &f.cards(),
            Some(&f.ana),
            Some(json!({"vence": in_days(400)})),
            Some("en"),
        )
        .await;
    assert_eq!(
        es.body["errors"]["vence"],
        "El enlace debe vencer entre 24 horas y un año desde ahora"
    );
    for good in [hours(25), in_days(30), in_days(364)] {
        let a = f
            .app
            .post(&f.cards(), Some(&f.ana), json!({"vence": good}))
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
}

#[tokio::test]
async fn the_page_shows_the_card_escaped_with_its_headers_and_links_nowhere() {
    let f = family().await;
    let hostile = "<script>alert(1)</script>";
    let basic = f
        .app
        .request(
            Method::PUT,
            &format!("/api/hijos/{}", f.child),
            Some(&f.ana),
            Some(json!({"nombre": hostile, "apellido": "Gómez \"x\" onload='y'", "fechaNacimiento": "2019-05-06", "genero": "masculino", "grupoSanguineo": "O+"})),
            None,
        )
        .await;
    assert_eq!(basic.status, StatusCode::OK, "{}", basic.body);
    let medical = f
        .app
        .post(
            &format!("/api/hijos/{}/informacion-medica", f.child),
            Some(&f.ana),
            json!({"doctorPrimario": {"nombre": "Dra. Pérez", "telefono": "011 5555-0000"},
                   "alergias": ["maní", "<img src=x onerror=alert(2)>"], "medicamentos": ["Salbutamol"], "condicionesEspeciales": ["asma"]}),
        )
        .await;
    assert_eq!(medical.status, StatusCode::OK, "{}", medical.body);
    for (nombre, prioridad) in [("Abuela Rosa", 2), ("Tía Marta", 1)] {
        let c = f
            .app
            .post(
                &format!("/api/hijos/{}/contactos-emergencia", f.child),
                Some(&f.ana),
                json!({"nombre": nombre, "relacion": "familia", "telefono": "+54 11 4444-1234", "prioridad": prioridad}),
            )
            .await;
        assert_eq!(c.status, StatusCode::CREATED, "{}", c.body);
    }
    let (_, path) = f.link(&f.ana, 7).await;

    let es = page(&f.app, &path, None, None).await;
    assert_eq!(es.status, StatusCode::OK);
    let html = &es.html;
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(
        html.contains("Gómez &quot;x&quot; onload=&#39;y&#39;"),
        "{html}"
    );
    for shown in [
        "Tarjeta de emergencia",
        "06/05/2019",
        "O+",
        "maní",
        "Salbutamol",
        "asma",
        "Dra. Pérez",
        "href=\"tel:01155550000\"",
        "href=\"tel:+541144441234\"",
    ] {
        assert!(html.contains(shown), "{shown} in {html}");
    }
    let marta = html.find("Tía Marta").expect("Marta");
    let rosa = html.find("Abuela Rosa").expect("Rosa");
    assert!(marta < rosa, "priority 1 comes first");

    let headers = &es.headers;
    assert_eq!(headers["x-robots-tag"], "noindex, nofollow");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert_eq!(headers["cache-control"], "no-store");
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap_or_default()
            .starts_with("text/html")
    );
    let csp = headers["content-security-policy"]
        .to_str()
        .unwrap_or_default();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(
        !csp.contains("script-src") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(html.contains(r#"<meta name="robots" content="noindex, nofollow">"#));

    // Every link stays on this page (the language switch) or dials a phone.
    for href in html.split("href=\"").skip(1) {
        let target = href.split('"').next().unwrap_or_default();
        assert!(
            target.starts_with("?lang=") || target.starts_with("tel:"),
            "a link out of the card: {target}"
        );
    }
    assert!(!html.contains("<form") && !html.contains("<iframe"));

    let en = page(&f.app, &path, Some("en-GB,en;q=0.9"), None).await;
    assert!(en.html.contains("Emergency card") && en.html.contains("Blood type"));
    assert!(en.html.contains("May 6, 2019"));
    let switched = page(&f.app, &format!("{path}?lang=en"), Some("es"), None).await;
    assert!(switched.html.contains("Allergies"));
    assert!(switched.html.contains("<html lang=\"en\">"));

    // No photo yet: its address is a 404 like any unknown one.
    assert_eq!(
        page(&f.app, &format!("{path}/foto"), None, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_page_carries_the_medical_notes_escaped_with_their_lines() {
    let f = family().await;
    let (_, path) = f.link(&f.ana, 7).await;
    // Nothing written yet: no empty block.
    let before = page(&f.app, &path, None, None).await;
    assert!(!before.html.contains("Notas médicas"), "{}", before.html);

    let notes = "Autoinyector de adrenalina en la mochila.\nAnafilaxia al maní: <b>llamar al 107</b> & a Ana";
    let medical = f
        .app
        .post(
            &format!("/api/hijos/{}/informacion-medica", f.child),
            Some(&f.ana),
            json!({"alergias": ["maní"], "notasMedicas": notes}),
        )
        .await;
    assert_eq!(medical.status, StatusCode::OK, "{}", medical.body);

    let es = page(&f.app, &path, None, None).await;
    assert_eq!(es.status, StatusCode::OK);
    let html = &es.html;
    assert!(html.contains("<h2>Notas médicas</h2>"), "{html}");
    assert!(
        html.contains("Autoinyector de adrenalina en la mochila.\nAnafilaxia al maní: &lt;b&gt;llamar al 107&lt;/b&gt; &amp; a Ana"),
        "the notes, escaped, keep their line break: {html}"
    );
    assert!(!html.contains("<b>"), "{html}");
    // Right after the allergies they often explain.
    let allergies = html.find("Alergias").expect("allergies");
    let at = html.find("Notas médicas").expect("notes");
    let medications = html.find("Medicamentos").expect("medications");
    assert!(allergies < at && at < medications, "{html}");

    let en = page(&f.app, &format!("{path}?lang=en"), None, None).await;
    assert!(en.html.contains("<h2>Medical notes</h2>"), "{}", en.html);
    assert!(en.html.contains("Autoinyector de adrenalina"));
}

#[tokio::test]
async fn expired_revoked_and_unknown_links_all_answer_the_same_404() {
    let f = family().await;
    let (revoked_id, revoked) = f.link(&f.ana, 7).await;
    let (_, expired) = f.link(&f.ana, 2).await;
    assert_eq!(
        page(&f.app, &revoked, None, None).await.status,
        StatusCode::OK
    );
    assert_eq!(f.revoke(&f.ana, &revoked_id).await, StatusCode::OK);
    f.app
        .sql("UPDATE tarjeta_enlaces SET vence_at = created_at WHERE revocado_at IS NULL")
        .await;
    let unknown = "/tarjeta/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".to_owned();
    let mut bodies = Vec::new();
    for path in [&revoked, &expired, &unknown, &"/tarjeta/corto".to_owned()] {
        let p = page(&f.app, path, Some("en"), None).await;
        assert_eq!(p.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(p.headers["x-robots-tag"], "noindex, nofollow");
        assert_eq!(p.headers["cache-control"], "no-store");
        assert!(p.html.contains("Este enlace no está disponible"));
        assert!(p.html.contains("This link is not available"));
        assert!(!p.html.contains("Tomás"));
        bodies.push(p.html);
        let photo = page(&f.app, &format!("{path}/foto"), None, None).await;
        assert_eq!(photo.status, StatusCode::NOT_FOUND);
    }
    assert!(bodies.windows(2).all(|w| w[0] == w[1]));
    assert!(f.live_links(&f.ana).await.is_empty());
}

#[tokio::test]
async fn a_connection_guessing_links_is_stopped_with_a_page_not_an_answer_for_programs() {
    let f = family_with(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let (_, live) = f.link(&f.ana, 7).await;
    // Opening a live link costs nothing, however often.
    for _ in 0..40 {
        assert_eq!(page(&f.app, &live, None, None).await.status, StatusCode::OK);
    }
    for n in 0..30 {
        let guess = format!("/tarjeta/{n:A>43}");
        assert_eq!(
            page(&f.app, &guess, None, None).await.status,
            StatusCode::NOT_FOUND
        );
    }
    for path in [live.clone(), format!("{live}/foto")] {
        let stopped = page(&f.app, &path, None, None).await;
        assert_eq!(stopped.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert!(
            stopped.headers["content-type"]
                .to_str()
                .unwrap_or_default()
                .starts_with("text/html"),
            "{:?}",
            stopped.headers
        );
        assert!(stopped.headers.contains_key("retry-after"));
        assert_eq!(stopped.headers["x-robots-tag"], "noindex, nofollow");
        assert!(stopped.html.contains("Demasiados intentos"));
        assert!(stopped.html.contains("Too many attempts"));
        assert!(!stopped.html.contains("Tomás"));
    }
}

#[tokio::test]
async fn openings_are_recorded_listed_and_told_once_to_both_parents() {
    let f = family().await;
    let (id, path) = f.link(&f.ana, 30).await;
    let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
    assert_eq!(
        page(&f.app, &path, None, Some(android)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        page(&f.app, &path, None, Some("curl/8.0")).await.status,
        StatusCode::OK
    );

    let links = f.live_links(&f.beto).await;
    assert_eq!(links[0]["_id"], id.as_str());
    let openings = links[0]["aperturas"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(openings.len(), 2);
    assert_eq!(openings[0]["navegador"], "Chrome · Android");
    assert_eq!(openings[1]["navegador"], "curl");
    assert!(openings[0]["at"].is_string());

    // Both openings are listed; the record takes the link's first of the day only.
    let kinds = f.record_kinds().await;
    assert_eq!(
        kinds.iter().filter(|k| *k == "tarjeta.abierta").count(),
        1,
        "{kinds:?}"
    );

    for token in [&f.ana, &f.beto] {
        let list = f.app.get("/api/notificaciones", Some(token)).await;
        let notices: Vec<Value> = list.body["data"]["notificaciones"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|n| n["tipo"] == "tarjeta.abierta")
            .collect();
        assert_eq!(notices.len(), 1, "{}", list.body);
        assert!(
            notices[0]["titulo"]
                .as_str()
                .unwrap_or_default()
                .contains("Tomás"),
            "{}",
            notices[0]
        );
    }
    // No address is kept anywhere near an opening.
    assert!(!openings[0].to_string().contains("127.0.0.1"));

    // The maker's export holds the link and its openings, never its token; Beto made none.
    let exported: Value = serde_json::from_str(
        &f.app
            .export_file(&f.ana, "hijos/tarjeta-enlaces.json")
            .await,
    )
    .expect("json");
    assert_eq!(exported[0]["id"], id.as_str());
    assert_eq!(exported[0]["hijoId"], f.child.as_str());
    assert_eq!(exported[0]["aperturas"][1]["navegador"], "curl");
    let token = path.trim_start_matches("/tarjeta/");
    assert!(!exported.to_string().contains(token));
    assert_eq!(
        f.app
            .export_file(&f.beto, "hijos/tarjeta-enlaces.json")
            .await,
        "[]"
    );
}
