//! The private calendar feed: a link made, shown once, regenerated (the old token stops at once)
//! and revoked; the feed parsed with the python `icalendar` package as a reference; its events
//! (private ones only for their author), custody blocks from exchange to exchange named for the
//! children and the parent, in the owner's language; a removed member and a closed account.

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Stdio},
};

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "calendario-de-la-casa";
const ZONE: chrono_tz::Tz = chrono_tz::America::Argentina::Buenos_Aires;

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    family: String,
    child: String,
}

/// Ana (Spanish) and Beto (English) are co-parents of Ana's family, with Tomás.
async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "en").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let child = app.add_child(&ana, &family).await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        family,
        child,
    }
}

fn today() -> NaiveDate {
    Utc::now().with_timezone(&ZONE).date_naive()
}

fn next_monday() -> NaiveDate {
    let t = today();
    t + Duration::days(7 - i64::from(t.weekday().num_days_from_monday()))
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn local(d: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    ZONE.from_local_datetime(&d.and_hms_opt(h, m, 0).expect("time"))
        .single()
        .expect("one instant")
        .with_timezone(&Utc)
}

fn utc_text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

impl Family {
    async fn event(&self, token: &str, body: Value) -> String {
        let mut body = body;
        body["familiaId"] = json!(self.family);
        let made = self.app.post("/api/eventos", Some(token), body).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        made.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// A 7-7 schedule from two weeks ago, Ana holding the first week, exchanges at 18:00.
    async fn schedule(&self) -> NaiveDate {
        let inicio = today() - Duration::days(14);
        let put = self
            .app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/custodia", self.family),
                Some(&self.ana),
                Some(json!({"patron": "7-7", "inicio": day(inicio), "progenitorA": self.ana_id, "progenitorB": self.beto_id, "horaIntercambio": "18:00"})),
                None,
            )
            .await;
        assert_eq!(put.status, StatusCode::OK, "{}", put.body);
        inicio
    }

    /// Makes (or makes again) the holder's link; gives back its path.
    async fn link(&self, token: &str) -> String {
        let made = self
            .app
            .post("/api/calendario/enlace", Some(token), json!({}))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        let url = made.body["data"]["url"].as_str().unwrap_or_default();
        assert!(
            made.body["data"]["webcal"]
                .as_str()
                .unwrap_or_default()
                .starts_with("webcal://nido.test/api/calendario/"),
            "{}",
            made.body
        );
        url.strip_prefix("http://nido.test")
            .expect("the link is under the public URL")
            .to_owned()
    }
}

/// The feed at `path`: its status and text, with its headers checked when it is one.
async fn fetch(app: &TestApp, path: &str) -> (StatusCode, String) {
    let res = app
        .client
        .get(format!("{}{}", app.base, path))
        .send()
        .await
        .expect("request");
    let status = res.status();
    if status == StatusCode::OK {
        let header = |name: &str| {
            res.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(header("content-type"), "text/calendar; charset=utf-8");
        assert_eq!(header("cache-control"), "no-store");
        // The one file policy of every download: saved, never run as a page.
        assert_eq!(
            header("content-disposition"),
            "attachment; filename=\"nido.ics\"; filename*=UTF-8''nido.ics"
        );
        assert_eq!(header("x-content-type-options"), "nosniff");
        assert!(header("content-security-policy").starts_with("sandbox"));
    }
    (status, res.text().await.expect("body"))
}

/// The interpreter `make test` installs icalendar into, else `python3`.
fn python() -> PathBuf {
    if let Ok(path) = std::env::var("NIDO_REFERENCE_PYTHON") {
        return path.into();
    }
    let venv =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/reference-venv/bin/python3");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

/// The feed as the reference reads it, after checking the lines themselves: CRLF endings, at
/// most 75 octets each.
fn parse(feed: &str) -> Value {
    assert!(feed.ends_with("\r\n"), "the feed ends with CRLF");
    for line in feed.split_terminator("\r\n") {
        assert!(!line.contains('\n'), "a bare line feed in {line:?}");
        assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
    }
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/reference/ical_reference.py");
    let mut child = Command::new(python())
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (make test installs icalendar)");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(feed.as_bytes())
        .expect("the feed reaches the reference");
    let out = child.wait_with_output().expect("the reference finishes");
    assert!(
        out.status.success(),
        "the reference failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parsed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(parsed["errors"], json!([]), "{feed}");
    assert_eq!(parsed["version"], "2.0");
    assert!(parsed["prodid"].as_str().is_some_and(|p| !p.is_empty()));
    let events = parsed["events"].as_array().cloned().unwrap_or_default();
    let mut uids: Vec<&str> = events.iter().filter_map(|e| e["uid"].as_str()).collect();
    assert_eq!(uids.len(), events.len(), "every event has a UID");
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), events.len(), "UIDs are unique");
    assert!(events.iter().all(|e| e["dtstamp"].is_string()));
    parsed
}

fn events_titled<'a>(parsed: &'a Value, summary: &str) -> Vec<&'a Value> {
    parsed["events"]
        .as_array()
        .map(|list| list.iter().filter(|e| e["summary"] == summary).collect())
        .unwrap_or_default()
}

fn custody_blocks(parsed: &Value) -> Vec<&Value> {
    parsed["events"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter(|e| e["categories"] == json!(["custodia"]))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn the_feed_is_valid_rfc_5545_with_events_and_custody_blocks() {
    let f = family().await;
    let inicio = f.schedule().await;
    let monday = next_monday();
    let title = "Natación; piscina, norte \\ sur";
    f.event(
        &f.ana,
        json!({"titulo": title, "tipo": "actividad", "categoria": "actividades",
            "inicio": format!("{}T17:30:00", day(monday)), "todoElDia": false,
            "recurrencia": "FREQ=WEEKLY;COUNT=4", "hijos": [f.child],
            "lugar": "Club, sede 2", "notas": "Llevar gorro\ny toalla"}),
    )
    .await;
    f.event(
        &f.ana,
        json!({"titulo": "Viaje", "tipo": "familia", "categoria": "viajes",
            "inicio": day(monday + Duration::days(1)), "fin": day(monday + Duration::days(3)),
            "todoElDia": true, "hijos": []}),
    )
    .await;
    let long = "Reunión de padres y madres del colegio con la señora directora, ".repeat(3);
    let long = long.trim().chars().take(190).collect::<String>();
    f.event(
        &f.ana,
        json!({"titulo": long, "tipo": "recordatorio", "categoria": "escuela",
            "inicio": format!("{}T09:00:00", day(monday + Duration::days(2))), "todoElDia": false, "hijos": []}),
    )
    .await;
    f.event(
        &f.beto,
        json!({"titulo": "Beto's own", "tipo": "personalizado", "categoria": "viajes",
            "inicio": format!("{}T08:00:00", day(monday)), "todoElDia": false, "hijos": [], "privado": true}),
    )
    .await;

    let path = f.link(&f.ana).await;
    let (status, feed) = fetch(&f.app, &path).await;
    assert_eq!(status, StatusCode::OK, "{feed}");
    let parsed = parse(&feed);

    let swims = events_titled(&parsed, title);
    assert_eq!(swims.len(), 4, "{feed}");
    for (k, swim) in swims.iter().enumerate() {
        let start = local(monday + Duration::weeks(k as i64), 17, 30);
        assert_eq!(swim["dtstart"], utc_text(start));
        assert_eq!(swim["dtend"], utc_text(start + Duration::hours(1)));
        assert_eq!(swim["location"], "Club, sede 2");
        assert_eq!(swim["description"], "Llevar gorro\ny toalla");
    }
    let trip = events_titled(&parsed, "Viaje");
    assert_eq!(trip.len(), 1);
    assert_eq!(trip[0]["dtstart"], day(monday + Duration::days(1)));
    // DTEND of a date is the day after the last.
    assert_eq!(trip[0]["dtend"], day(monday + Duration::days(4)));
    assert_eq!(
        events_titled(&parsed, &long).len(),
        1,
        "folded and unfolded whole"
    );
    assert!(
        events_titled(&parsed, "Beto's own").is_empty(),
        "another's private event"
    );

    // Custody: 7-7 from `inicio`, Ana first; each block runs from an exchange to the next.
    let blocks = custody_blocks(&parsed);
    assert!(blocks.len() >= 30, "15 months of weeks: {}", blocks.len());
    for pair in blocks.windows(2) {
        assert_eq!(
            pair[0]["dtend"], pair[1]["dtstart"],
            "blocks follow each other"
        );
        assert_ne!(pair[0]["summary"], pair[1]["summary"]);
    }
    let theirs = |name: &str| {
        blocks
            .iter()
            .find(|b| b["dtstart"] == utc_text(local(inicio, 18, 0)))
            .map(|b| b["summary"] == name)
    };
    assert_eq!(theirs("Tomás con Ana"), Some(true), "{feed}");
    let second = blocks
        .iter()
        .find(|b| b["dtstart"] == utc_text(local(inicio + Duration::days(7), 18, 0)))
        .expect("Beto's week");
    assert_eq!(second["summary"], "Tomás con Beto");
    assert_eq!(
        second["dtend"],
        utc_text(local(inicio + Duration::days(14), 18, 0))
    );

    // Beto's feed is in English and holds his private event, marked private.
    let path = f.link(&f.beto).await;
    let (_, feed) = fetch(&f.app, &path).await;
    let parsed = parse(&feed);
    let own = events_titled(&parsed, "Beto's own");
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["class"], "PRIVATE");
    assert!(
        custody_blocks(&parsed)
            .iter()
            .any(|b| b["summary"] == "Tomás with Ana")
    );
    assert_eq!(events_titled(&parsed, title).len(), 4);
}

#[tokio::test]
async fn a_link_is_shown_once_regenerated_and_revoked() {
    let f = family().await;
    let none = f.app.get("/api/calendario/enlace", Some(&f.ana)).await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(none.body["data"].is_null());
    assert_eq!(
        f.app.get("/api/calendario/enlace", None).await.status,
        StatusCode::UNAUTHORIZED
    );

    let first = f.link(&f.ana).await;
    let token = first
        .trim_start_matches("/api/calendario/")
        .trim_end_matches(".ics");
    assert_eq!(token.len(), 43, "256 random bits");
    let shown = f.app.get("/api/calendario/enlace", Some(&f.ana)).await;
    assert!(
        shown.body["data"]["createdAt"].is_string(),
        "{}",
        shown.body
    );
    assert!(
        shown.body["data"].get("url").is_none(),
        "only its hash is kept"
    );
    assert_eq!(fetch(&f.app, &first).await.0, StatusCode::OK);
    // Only `<token>.ics` is a feed.
    assert_eq!(
        fetch(&f.app, &format!("/api/calendario/{token}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&f.app, "/api/calendario/not-a-token.ics").await.0,
        StatusCode::NOT_FOUND
    );

    let second = f.link(&f.ana).await;
    assert_ne!(first, second);
    assert_eq!(fetch(&f.app, &first).await.0, StatusCode::NOT_FOUND);
    assert_eq!(fetch(&f.app, &second).await.0, StatusCode::OK);

    let revoked = f
        .app
        .request(
            Method::DELETE,
            "/api/calendario/enlace",
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert_eq!(revoked.status, StatusCode::OK);
    assert_eq!(fetch(&f.app, &second).await.0, StatusCode::NOT_FOUND);
    let none = f.app.get("/api/calendario/enlace", Some(&f.ana)).await;
    assert!(none.body["data"].is_null());
}

#[tokio::test]
async fn a_removed_member_loses_the_family_and_a_closed_account_its_feed() {
    let f = family().await;
    f.schedule().await;
    f.event(
        &f.ana,
        json!({"titulo": "Dentista", "tipo": "actividad", "categoria": "medico",
            "inicio": format!("{}T10:00:00", day(next_monday())), "todoElDia": false, "hijos": [f.child]}),
    )
    .await;
    let beto_feed = f.link(&f.beto).await;
    let (_, feed) = fetch(&f.app, &beto_feed).await;
    let parsed = parse(&feed);
    assert_eq!(events_titled(&parsed, "Dentista").len(), 1);
    assert!(!custody_blocks(&parsed).is_empty());

    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    let (status, feed) = fetch(&f.app, &beto_feed).await;
    assert_eq!(status, StatusCode::OK, "his own family is still his");
    let parsed = parse(&feed);
    assert!(events_titled(&parsed, "Dentista").is_empty(), "{feed}");
    assert!(custody_blocks(&parsed).is_empty(), "{feed}");

    let ana_feed = f.link(&f.ana).await;
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.ana),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    assert_eq!(fetch(&f.app, &ana_feed).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_feed_is_rate_limited_per_address() {
    let app = TestApp::spawn_with(crate::helpers::Options {
        rate_limits: true,
        ..Default::default()
    })
    .await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let made = app
        .post("/api/calendario/enlace", Some(&ana), json!({}))
        .await;
    let path = made.body["data"]["url"]
        .as_str()
        .and_then(|u| u.strip_prefix("http://nido.test"))
        .expect("a link")
        .to_owned();
    // 120 per window; a window may end during the loop, so up to twice that may pass.
    let mut passed = 0;
    while fetch(&app, &path).await.0 == StatusCode::OK {
        passed += 1;
        assert!(passed <= 240, "the limit never came");
    }
    assert!(passed >= 120, "limited after {passed}");
    // Guessing tokens counts the same as fetching one.
    let res = app
        .client
        .get(format!("{}/api/calendario/guess.ics", app.base))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().get("retry-after").is_some());
}
