//! Live events: the one-use ticket, the stream's first message, events after a change, resuming
//! with Last-Event-ID or `ultimo`, `recargar` when the events asked for are gone, who hears what,
//! a second instance on PostgreSQL, and the stream's end (sign-out, shutdown).

use std::{pin::Pin, time::Duration};

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, answer};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
/// Long enough for a slow machine, short enough that a missing event fails the test.
const WAIT: Duration = Duration::from_secs(15);

#[derive(Debug)]
struct Event {
    id: Option<String>,
    kind: String,
    data: Value,
}

/// A test's reader of a `text/event-stream`.
struct Sse {
    body: Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>> + Send>>,
    buffer: String,
}

impl Sse {
    /// The next event (comments skipped), or None once the server ended the stream.
    async fn next(&mut self) -> Option<Event> {
        tokio::time::timeout(WAIT, self.read())
            .await
            .expect("an event or the stream's end in time")
    }

    async fn read(&mut self) -> Option<Event> {
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                // Notices come with most changes (tests/api/notifications.rs checks them);
                // these tests follow the changes' own events.
                if let Some(event) = parse(&block).filter(|e| e.kind != "notificaciones") {
                    return Some(event);
                }
            }
            match self.body.next().await {
                Some(Ok(bytes)) => self.buffer.push_str(&String::from_utf8_lossy(&bytes)),
                Some(Err(_)) | None => return None,
            }
        }
    }

    async fn expect(&mut self, kind: &str) -> Event {
        let event = self
            .next()
            .await
            .unwrap_or_else(|| panic!("the stream ended before `{kind}`"));
        assert_eq!(event.kind, kind, "{event:?}");
        event
    }
}

fn parse(block: &str) -> Option<Event> {
    let (mut id, mut kind, mut data) = (None, None, String::new());
    for line in block.lines() {
        if let Some(value) = line.strip_prefix("id:") {
            id = Some(value.trim().to_owned());
        } else if let Some(value) = line.strip_prefix("event:") {
            kind = Some(value.trim().to_owned());
        } else if let Some(value) = line.strip_prefix("data:") {
            data.push_str(value.trim());
        }
    }
    Some(Event {
        id,
        kind: kind?,
        data: serde_json::from_str(&data).unwrap_or(Value::Null),
    })
}

async fn ticket(app: &TestApp, token: &str) -> String {
    let a = app
        .post("/api/tiempo-real/ticket", Some(token), json!({}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["ticket"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Opens `/api/tiempo-real?<query>` with these headers; the refusal's answer if not 200.
async fn open(
    app: &TestApp,
    query: &str,
    headers: &[(&str, &str)],
) -> Result<Sse, crate::helpers::Answer> {
    let mut req = app
        .client
        .get(format!("{}/api/tiempo-real?{query}", app.base));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let res = req.send().await.expect("request");
    if res.status() != StatusCode::OK {
        return Err(answer(res).await);
    }
    assert_eq!(
        res.headers()["content-type"].to_str().ok(),
        Some("text/event-stream")
    );
    Ok(Sse {
        body: Box::pin(res.bytes_stream()),
        buffer: String::new(),
    })
}

/// A stream opened the browser's way: a fresh ticket, resuming after `ultimo` if given.
async fn stream(app: &TestApp, token: &str, ultimo: Option<i64>) -> Sse {
    let t = ticket(app, token).await;
    let query = match ultimo {
        Some(n) => format!("ticket={t}&ultimo={n}"),
        None => format!("ticket={t}"),
    };
    open(app, &query, &[])
        .await
        .unwrap_or_else(|a| panic!("stream refused: {}", a.body))
}

async fn rename_child(app: &TestApp, token: &str, child: &str, escuela: &str) {
    let a = app
        .request(
            Method::PUT,
            &format!("/api/hijos/{child}"),
            Some(token),
            Some(json!({"informacionEscolar": {"escuela": escuela}})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

async fn rename_family(app: &TestApp, token: &str, familia_id: &str, nombre: &str) {
    let a = app
        .request(
            Method::PUT,
            &format!("/api/familias/{familia_id}"),
            Some(token),
            Some(json!({"nombre": nombre, "zonaHoraria": "America/Argentina/Buenos_Aires"})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

/// Adds a user to a family as an accepted invitation does; gives back the membership's id.
async fn add_member(app: &TestApp, familia_id: &str, usuario_id: &str) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    let at = chrono::Utc::now().to_rfc3339();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('{id}', '{familia_id}', '{usuario_id}', 'padre', 'coparent', false, '{at}', '{at}')"
    ))
    .await;
    id
}

#[tokio::test]
async fn a_ticket_opens_one_stream_once_and_never_goes_in_the_url_as_a_token() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let refused = app.post("/api/tiempo-real/ticket", None, json!({})).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);

    let issued = app
        .post("/api/tiempo-real/ticket", Some(&ana), json!({}))
        .await;
    let t = issued.body["data"]["ticket"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let expira = issued.body["data"]["expira"].as_str().unwrap_or_default();
    let expira = chrono::DateTime::parse_from_rfc3339(expira).expect("RFC 3339 expiry");
    let left = expira.with_timezone(&chrono::Utc) - chrono::Utc::now();
    assert!(left > chrono::Duration::seconds(50) && left <= chrono::Duration::seconds(60));
    assert!(!t.is_empty() && t != ana);

    let mut sse = open(&app, &format!("ticket={t}"), &[])
        .await
        .unwrap_or_else(|a| panic!("refused: {}", a.body));
    let listo = sse.expect("listo").await;
    assert_eq!(listo.data, json!({"ultimo": 0}));
    assert_eq!(listo.id, None);

    let again = open(&app, &format!("ticket={t}"), &[])
        .await
        .err()
        .expect("one use");
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    assert_eq!(again.body["code"], "unauthorized", "{}", again.body);
    for query in ["", "ticket=", "ticket=nonsense", &format!("ticket={ana}")] {
        let a = open(&app, query, &[]).await.err().expect("refused");
        assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{query}: {}", a.body);
    }

    // A client that can send headers uses its session instead.
    let auth = format!("Bearer {ana}");
    let mut by_header = open(&app, "", &[("authorization", &auth)])
        .await
        .unwrap_or_else(|a| panic!("refused: {}", a.body));
    by_header.expect("listo").await;
    let bad = open(&app, "ultimo=abc", &[("authorization", &auth)])
        .await
        .err()
        .expect("refused");
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert_eq!(bad.body["code"], "validation", "{}", bad.body);
}

#[tokio::test]
async fn an_expired_ticket_is_refused_and_two_takers_cannot_share_one() {
    use nido::platform::live::store;
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let t = ticket(&app, &ana).await;
    let hash = nido::ids::hash_secret(&t);
    let later = chrono::Utc::now() + chrono::Duration::seconds(61);
    assert!(
        store::take_ticket(&app.db, &hash, later)
            .await
            .expect("db")
            .is_none(),
        "expired by then"
    );
    let gone = open(&app, &format!("ticket={t}"), &[])
        .await
        .err()
        .expect("used up");
    assert_eq!(gone.status, StatusCode::UNAUTHORIZED);

    let session: String = {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        nido::db::entities::sesion::Entity::find()
            .filter(nido::db::entities::sesion::Column::UsuarioId.eq(&ana_id))
            .one(&app.db)
            .await
            .expect("db")
            .expect("a session")
            .id
    };
    let old = "an-old-ticket";
    store::insert_ticket(
        &app.db,
        &nido::ids::hash_secret(old),
        &nido::ids::UserId::new(&ana_id),
        &session,
        chrono::Utc::now() - chrono::Duration::seconds(1),
    )
    .await
    .expect("db");
    let expired = open(&app, &format!("ticket={old}"), &[])
        .await
        .err()
        .expect("expired");
    assert_eq!(expired.status, StatusCode::UNAUTHORIZED);

    let t = ticket(&app, &ana).await;
    let hash = nido::ids::hash_secret(&t);
    let now = chrono::Utc::now();
    let (a, b) = tokio::join!(
        store::take_ticket(&app.db, &hash, now),
        store::take_ticket(&app.db, &hash, now)
    );
    let taken = [a.expect("db"), b.expect("db")]
        .into_iter()
        .flatten()
        .count();
    assert_eq!(taken, 1);
}

#[tokio::test]
async fn a_child_change_reaches_every_member_and_resumes_where_it_left_off() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    add_member(&app, &family, &beto_id).await;
    let mut ana_sse = stream(&app, &ana, None).await;
    let mut beto_sse = stream(&app, &beto, None).await;
    ana_sse.expect("listo").await;
    beto_sse.expect("listo").await;

    // Beto makes every change, so his own events are numbered without notices between them
    // (the actor gets none); Ana's `notificaciones` come after each `hijos`.
    let child = app.add_child(&beto, &family).await;
    let want = json!({"familiaId": family, "hijoId": child});
    for sse in [&mut ana_sse, &mut beto_sse] {
        let event = sse.expect("hijos").await;
        assert_eq!(event.data, want, "ids only");
        assert_eq!(event.id.as_deref(), Some("1"));
    }
    rename_child(&app, &beto, &child, "Escuela 12").await;
    rename_child(&app, &beto, &child, "Escuela 14").await;
    assert_eq!(beto_sse.expect("hijos").await.id.as_deref(), Some("2"));
    assert_eq!(beto_sse.expect("hijos").await.id.as_deref(), Some("3"));
    drop(beto_sse);

    // Back after event 1, by header as the browser's EventSource reconnects.
    let t = ticket(&app, &beto).await;
    let mut resumed = open(&app, &format!("ticket={t}"), &[("last-event-id", "1")])
        .await
        .unwrap_or_else(|a| panic!("refused: {}", a.body));
    assert_eq!(resumed.expect("listo").await.data, json!({"ultimo": 3}));
    assert_eq!(resumed.expect("hijos").await.id.as_deref(), Some("2"));
    assert_eq!(resumed.expect("hijos").await.id.as_deref(), Some("3"));
    // A new page gives its last id as `ultimo`; the header wins over it.
    let mut by_query = stream(&app, &beto, Some(2)).await;
    by_query.expect("listo").await;
    assert_eq!(by_query.expect("hijos").await.id.as_deref(), Some("3"));
    let t = ticket(&app, &beto).await;
    let mut both = open(
        &app,
        &format!("ticket={t}&ultimo=0"),
        &[("last-event-id", "2")],
    )
    .await
    .unwrap_or_else(|a| panic!("refused: {}", a.body));
    both.expect("listo").await;
    assert_eq!(both.expect("hijos").await.id.as_deref(), Some("3"));

    // Deleting and restoring are changes too.
    let deleted = app
        .request(
            Method::DELETE,
            &format!("/api/hijos/{child}"),
            Some(&ana),
            None,
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(by_query.expect("hijos").await.data, want);
    let restored = app
        .post(
            &format!("/api/hijos/{child}/restaurar"),
            Some(&ana),
            json!({}),
        )
        .await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.body);
    // Ana acted: Beto's 5 was the notice of the deletion.
    assert_eq!(by_query.expect("hijos").await.id.as_deref(), Some("6"));
}

#[tokio::test]
async fn events_no_longer_kept_ask_the_client_to_reload() {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    app.add_child(&ana, &family).await;
    app.add_child(&ana, &family).await;
    let later = chrono::Utc::now() + chrono::Duration::hours(1);
    nido::platform::live::store::prune(&app.db, later, later)
        .await
        .expect("prune");

    let mut sse = stream(&app, &ana, Some(1)).await;
    assert_eq!(sse.expect("listo").await.data, json!({"ultimo": 2}));
    let reload = sse.expect("recargar").await;
    assert_eq!(reload.id.as_deref(), Some("2"), "resumes from now on");
    // Up to date: nothing to reload, nothing to replay.
    let mut current = stream(&app, &ana, Some(2)).await;
    current.expect("listo").await;
    app.add_child(&ana, &family).await;
    assert_eq!(current.expect("hijos").await.id.as_deref(), Some("3"));
    // An id from nowhere (ahead of the user's sequence) also reloads.
    let mut ahead = stream(&app, &ana, Some(99)).await;
    ahead.expect("listo").await;
    assert_eq!(ahead.expect("recargar").await.id.as_deref(), Some("3"));
    assert_eq!(
        nido::platform::live::store::last_seq(&app.db, &ana_id)
            .await
            .expect("db"),
        3
    );
}

#[tokio::test]
async fn others_hear_nothing_and_a_removed_member_stops_at_once() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let (carla, _) = app.register("carla@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let carla_family = app.own_family(&carla).await;
    let beto_family = app.own_family(&beto).await;
    let beto_member = add_member(&app, &family, &beto_id).await;
    let child = app.add_child(&ana, &family).await;
    let mut carla_sse = stream(&app, &carla, None).await;
    let mut beto_sse = stream(&app, &beto, None).await;
    carla_sse.expect("listo").await;
    beto_sse.expect("listo").await;

    // Carla's first event is about her own family, not Ana's change before it.
    rename_child(&app, &ana, &child, "Escuela 3").await;
    rename_family(&app, &carla, &carla_family, "Los de Carla").await;
    let first = carla_sse.expect("familia").await;
    assert_eq!(first.data, json!({"familiaId": carla_family}));
    assert_eq!(beto_sse.expect("hijos").await.data["hijoId"], child);

    let removed = app
        .request(
            Method::DELETE,
            &format!("/api/familias/{family}/miembros/{beto_member}"),
            Some(&ana),
            None,
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    assert_eq!(
        beto_sse.expect("familia").await.data,
        json!({"familiaId": family})
    );
    rename_child(&app, &ana, &child, "Escuela 4").await;
    rename_family(&app, &beto, &beto_family, "Los de Beto").await;
    assert_eq!(
        beto_sse.expect("familia").await.data,
        json!({"familiaId": beto_family}),
        "no news of the family he left"
    );
}

#[tokio::test]
async fn a_viewer_hears_nothing_of_money() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let (vera, _) = app.register("vera@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    add_member(&app, &family, &beto_id).await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    let child = app.add_child(&ana, &family).await;
    let mut vera_sse = stream(&app, &vera, None).await;
    let mut beto_sse = stream(&app, &beto, None).await;
    vera_sse.expect("listo").await;
    beto_sse.expect("listo").await;

    let added = app
        .post(
            "/api/gastos",
            Some(&ana),
            json!({"familiaId": family, "descripcion": "Dentista", "monto": 10_000,
                   "fecha": "2026-03-02", "categoria": "salud",
                   "reparto": {"modo": "igual", "participantes": [beto_id]}}),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let gasto = added.body["data"]["id"].clone();
    assert_eq!(beto_sse.expect("dinero").await.data["gastoId"], gasto);
    // The viewer's next event is the child's change made after the expense: nothing of money
    // came before it, not even its ids.
    rename_child(&app, &ana, &child, "Escuela 5").await;
    assert_eq!(vera_sse.expect("hijos").await.data["hijoId"], child);
    assert_eq!(beto_sse.expect("hijos").await.data["hijoId"], child);
}

#[tokio::test]
async fn a_stream_ends_when_its_session_does_and_at_shutdown() {
    let mut app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let second = app.login("ana@example.org", PASSWORD).await;
    let other = second.str("token").to_owned();
    let mut signed_out = stream(&app, &ana, None).await;
    let mut staying = stream(&app, &other, None).await;
    signed_out.expect("listo").await;
    staying.expect("listo").await;

    let logout = app
        .post("/api/usuarios/logout", Some(&ana), json!({}))
        .await;
    assert_eq!(logout.status, StatusCode::OK, "{}", logout.body);
    assert!(signed_out.next().await.is_none(), "ended with the session");

    app.stop();
    assert!(staying.next().await.is_none(), "ended at shutdown");
}

#[tokio::test]
async fn an_event_published_on_one_instance_reaches_a_stream_on_another() {
    let first = TestApp::spawn().await;
    if !first.database_url().starts_with("postgres") {
        // SQLite is served by one process.
        return;
    }
    let second = TestApp::spawn_with(Options {
        database_url: Some(first.database_url().to_owned()),
        keys_from: Some(first.data_dir.path().to_owned()),
        ..Options::default()
    })
    .await;
    let (ana, _) = first.register("ana@example.org", PASSWORD).await;
    let family = first.own_family(&ana).await;
    // The ticket from one instance opens the stream on the other.
    let t = ticket(&first, &ana).await;
    let mut sse = open(&second, &format!("ticket={t}"), &[])
        .await
        .unwrap_or_else(|a| panic!("refused: {}", a.body));
    sse.expect("listo").await;
    let child = first.add_child(&ana, &family).await;
    assert_eq!(sse.expect("hijos").await.data["hijoId"], child);
    rename_child(&first, &ana, &child, "Escuela 9").await;
    assert_eq!(sse.expect("hijos").await.id.as_deref(), Some("2"));
}

#[tokio::test]
async fn joining_and_role_changes_reach_every_member() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (carla, carla_id) = app.register("carla@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let made = app
        .post(
            &format!("/api/familias/{family}/codigo"),
            Some(&ana),
            json!({"permiso": "viewer", "relacion": "abuela"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let code = made.body["data"]["codigo"].as_str().unwrap_or_default();
    let mut ana_sse = stream(&app, &ana, None).await;
    let mut carla_sse = stream(&app, &carla, None).await;
    ana_sse.expect("listo").await;
    carla_sse.expect("listo").await;

    let joined = app
        .post(
            "/api/invitaciones/aceptar",
            Some(&carla),
            json!({"codigo": code}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    let want = json!({"familiaId": family});
    assert_eq!(ana_sse.expect("familia").await.data, want);
    assert_eq!(carla_sse.expect("familia").await.data, want);

    let members = app
        .get(&format!("/api/familias/{family}"), Some(&ana))
        .await;
    let carla_member = members.body["data"]["miembros"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == carla_id.as_str()))
        .and_then(|m| m["_id"].as_str())
        .unwrap_or_default()
        .to_owned();
    let changed = app
        .request(
            Method::PUT,
            &format!("/api/familias/{family}/miembros/{carla_member}"),
            Some(&ana),
            Some(json!({"permiso": "coparent"})),
            None,
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_eq!(ana_sse.expect("familia").await.data, want);
    assert_eq!(carla_sse.expect("familia").await.data, want);
}

#[tokio::test]
async fn an_erased_account_reaches_the_members_it_leaves() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    add_member(&app, &family, &beto_id).await;
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    let mut ana_sse = stream(&app, &ana, None).await;
    ana_sse.expect("listo").await;

    let erased = nido::accounts::closing::purge_due(
        &app.state,
        chrono::Utc::now() + chrono::Duration::days(91),
    )
    .await
    .expect("purge");
    assert_eq!(erased, 1);
    assert_eq!(
        ana_sse.expect("familia").await.data,
        json!({"familiaId": family})
    );
}
