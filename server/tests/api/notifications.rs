//! Notifications: who gets a notice and in which language, the centre and its read state,
//! preferences, mail per kind with one-click unsubscribe, quiet hours, discreet mode and the
//! summary mail.

use chrono::Utc;
use nido::notifications::entities::notificacion;
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp, eventually};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

async fn register(
    app: &TestApp,
    nombre: &str,
    apellido: &str,
    email: &str,
    language: &str,
) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": apellido, "email": email, "password": PASSWORD, "language": language}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

/// The data of the user's live events of this kind, oldest first.
async fn live_events(app: &TestApp, usuario_id: &str, kind: &str) -> Vec<Value> {
    use nido::platform::live::store::evento;
    use sea_orm::QueryOrder;
    evento::Entity::find()
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .filter(evento::Column::Tipo.eq(kind))
        .order_by_asc(evento::Column::Seq)
        .all(&app.db)
        .await
        .expect("live events")
        .into_iter()
        .map(|e| serde_json::from_str(&e.datos).unwrap_or(Value::Null))
        .collect()
}

/// How many of the user's notices are in this delivery state.
async fn in_state(app: &TestApp, usuario_id: &str, entrega: &str) -> u64 {
    notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::Entrega.eq(entrega))
        .count(&app.db)
        .await
        .expect("count notices")
}

/// Waits until `n` of the user's notices are in this delivery state.
async fn wait_state(app: &TestApp, usuario_id: &str, entrega: &str, n: u64) {
    eventually(&format!("{n} notices {entrega}"), || async {
        in_state(app, usuario_id, entrega).await >= n
    })
    .await;
}

/// The token of the unsubscribe link in a mail's body.
fn unsubscribe_token(mail: &str) -> String {
    let prefix = "/unsubscribe?t=";
    let start = mail.find(prefix).expect("an unsubscribe link") + prefix.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

/// Ana (Spanish) with a family and a child, Leo; Beto (English) joined it with a code; Carla
/// (Spanish) has her own family.
struct Circle {
    app: TestApp,
    ana: String,
    beto: String,
    beto_id: String,
    carla: String,
    carla_id: String,
    family: String,
    family_name: String,
    child: String,
}

async fn circle() -> Circle {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "García", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "Ruiz", "beto@example.org", "en").await;
    let (carla, carla_id) = register(&app, "Carla", "Sosa", "carla@example.org", "es").await;
    let family = app.own_family(&ana).await;
    let family_name = app
        .get(&format!("/api/familias/{family}"), Some(&ana))
        .await
        .body["data"]["nombre"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let created = app
        .post(
            "/api/hijos",
            Some(&ana),
            json!({"nombre": "Leo", "apellido": "García", "fechaNacimiento": "2018-03-02", "genero": "masculino", "familiaId": family}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let child = created.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    Circle {
        app,
        ana,
        beto,
        beto_id,
        carla,
        carla_id,
        family,
        family_name,
        child,
    }
}

impl Circle {
    /// Ana changes Leo's school information.
    async fn ana_changes_leo(&self) {
        let changed = put(
            &self.app,
            &format!("/api/hijos/{}", self.child),
            &self.ana,
            json!({"informacionEscolar": {"escuela": format!("Escuela {}", ids())}}),
        )
        .await;
        assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    }

    async fn notices(&self, token: &str) -> Vec<Value> {
        let list = self.app.get("/api/notificaciones", Some(token)).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.body);
        list.body["data"]["notificaciones"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    async fn unread(&self, token: &str) -> u64 {
        let count = self
            .app
            .get("/api/notificaciones/no-leidas", Some(token))
            .await;
        assert_eq!(count.status, StatusCode::OK, "{}", count.body);
        count.body["data"]["total"].as_u64().unwrap_or(u64::MAX)
    }

    async fn beto_sets(&self, body: Value) -> Answer {
        let set = put(
            &self.app,
            "/api/notificaciones/preferencias",
            &self.beto,
            body,
        )
        .await;
        assert_eq!(set.status, StatusCode::OK, "{}", set.body);
        set
    }
}

fn ids() -> String {
    uuid::Uuid::now_v7().simple().to_string()
}

#[tokio::test]
async fn the_other_members_are_told_in_their_language_and_nobody_else() {
    let c = circle().await;
    // Ana was told in Spanish that Beto joined; Beto, who joined, was not.
    let ana_notices = c.notices(&c.ana).await;
    assert_eq!(ana_notices.len(), 1, "{ana_notices:?}");
    assert_eq!(ana_notices[0]["tipo"], "miembro.unido");
    assert_eq!(
        ana_notices[0]["texto"],
        format!("Beto Ruiz se unió a la familia {}.", c.family_name)
    );
    assert_eq!(ana_notices[0]["familiaId"], c.family.as_str());
    assert_eq!(ana_notices[0]["leida"], false);

    // Beto is told in English that Ana added Leo; Ana, who did it, is not; Carla hears nothing.
    let beto_notices = c.notices(&c.beto).await;
    assert_eq!(beto_notices.len(), 1, "{beto_notices:?}");
    let notice = &beto_notices[0];
    assert_eq!(notice["tipo"], "hijo.cambiado");
    assert_eq!(notice["titulo"], "Leo's record updated");
    assert_eq!(notice["texto"], "Ana García changed Leo's record.");
    assert_eq!(notice["enlace"], format!("/children/{}", c.child));
    assert!(
        notice["creada"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z') || t.contains('+'))
    );
    assert!(c.notices(&c.carla).await.is_empty());
    assert_eq!(c.unread(&c.carla).await, 0);
    assert_eq!(c.unread(&c.beto).await, 1);

    // Each notice is a live event for its reader, with its id only.
    let id = notice["_id"].as_str().unwrap_or_default();
    assert_eq!(
        live_events(&c.app, &c.beto_id, "notificaciones").await,
        vec![json!({ "id": id })]
    );
    assert!(
        live_events(&c.app, &c.carla_id, "notificaciones")
            .await
            .is_empty()
    );

    // A notice is its reader's alone.
    let path = format!("/api/notificaciones/{id}/leida");
    let theirs = c.app.post(&path, Some(&c.carla), json!({})).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "{}", theirs.body);
    let unknown = c
        .app
        .post("/api/notificaciones/nada/leida", Some(&c.beto), json!({}))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let read = c.app.post(&path, Some(&c.beto), json!({})).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(read.body["data"]["total"], 0);
    assert_eq!(c.notices(&c.beto).await[0]["leida"], true);
    // Beto's other tabs hear of it.
    assert_eq!(
        live_events(&c.app, &c.beto_id, "notificaciones.leidas").await,
        vec![json!({})]
    );
    assert_eq!(c.unread(&c.ana).await, 1);
    let all = c
        .app
        .post("/api/notificaciones/leidas", Some(&c.ana), json!({}))
        .await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.body);
    assert_eq!(all.body["data"]["total"], 0);
    assert_eq!(c.unread(&c.ana).await, 0);
    for path in ["/api/notificaciones", "/api/notificaciones/no-leidas"] {
        assert_eq!(c.app.get(path, None).await.status, StatusCode::UNAUTHORIZED);
    }

    // Pages of 20, newest first, with a cursor that only the reader may use.
    for _ in 0..20 {
        c.ana_changes_leo().await;
    }
    let first = c.app.get("/api/notificaciones", Some(&c.beto)).await;
    let page = first.body["data"]["notificaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(page.len(), 20);
    let cursor = first.body["data"]["siguiente"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(!cursor.is_empty(), "{}", first.body);
    let second = c
        .app
        .get(
            &format!("/api/notificaciones?cursor={cursor}"),
            Some(&c.beto),
        )
        .await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.body);
    let rest = second.body["data"]["notificaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(rest.len(), 1);
    assert_eq!(rest[0]["_id"], id);
    assert!(second.body["data"]["siguiente"].is_null());
    let foreign = c
        .app
        .get(
            &format!("/api/notificaciones?cursor={cursor}"),
            Some(&c.carla),
        )
        .await;
    assert_eq!(
        foreign.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        foreign.body
    );

    // Removed from the family, Beto hears no more of it.
    let family = c.app.get("/api/familias", Some(&c.ana)).await;
    let member = family.body["data"][0]["miembros"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == c.beto_id.as_str()))
        .and_then(|m| m["_id"].as_str())
        .unwrap_or_default()
        .to_owned();
    let removed = c
        .app
        .request(
            Method::DELETE,
            &format!("/api/familias/{}/miembros/{member}", c.family),
            Some(&c.ana),
            None,
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    let before = c.unread(&c.beto).await;
    c.ana_changes_leo().await;
    assert_eq!(c.unread(&c.beto).await, before);
    assert!(c.notices(&c.carla).await.is_empty());
}

#[tokio::test]
async fn preferences_are_checked_and_kept() {
    let c = circle().await;
    let got = c
        .app
        .get("/api/notificaciones/preferencias", Some(&c.beto))
        .await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.body);
    let data = &got.body["data"];
    let tipos = data["tipos"].as_array().cloned().unwrap_or_default();
    assert_eq!(tipos.len(), nido::notifications::kinds::ALL.len());
    assert!(
        tipos
            .iter()
            .all(|t| t["email"] == true && t["push"] == true)
    );
    let changed = tipos.iter().find(|t| t["tipo"] == "hijo.cambiado");
    assert_eq!(
        changed.map(|t| t["nombre"].clone()),
        Some(json!("Changes to a child's record"))
    );
    assert!(data["silencio"].is_null());
    assert_eq!(data["discreto"], false);
    assert_eq!(data["resumen"], "semanal");
    assert_eq!(data["zonaHoraria"], "America/Argentina/Buenos_Aires");
    assert_eq!(
        c.app
            .get("/api/notificaciones/preferencias", None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );

    for (bad, field) in [
        (
            json!({"tipos": [{"tipo": "nada", "email": false, "push": true}]}),
            "tipos",
        ),
        (
            json!({"silencio": {"desde": "22:00", "hasta": "22:00"}}),
            "silencio",
        ),
        (
            json!({"silencio": {"desde": "25:00", "hasta": "07:00"}}),
            "silencio",
        ),
        (json!({"silencio": {"desde": "22:00"}}), "silencio"),
        (json!({"resumen": "mensual"}), "resumen"),
    ] {
        let refused = put(
            &c.app,
            "/api/notificaciones/preferencias",
            &c.beto,
            bad.clone(),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            refused.body
        );
        assert!(refused.body.to_string().contains(field), "{}", refused.body);
    }
    let shape = put(
        &c.app,
        "/api/notificaciones/preferencias",
        &c.beto,
        json!({"discreto": "yes"}),
    )
    .await;
    assert!(shape.status.is_client_error(), "{}", shape.body);

    let set = c
        .beto_sets(json!({
            "tipos": [{"tipo": "miembro.salio", "email": false, "push": true}],
            "silencio": {"desde": "22:00", "hasta": "07:00"},
            "discreto": true,
            "resumen": "diario",
        }))
        .await;
    let data = &set.body["data"];
    assert_eq!(
        data["silencio"],
        json!({"desde": "22:00", "hasta": "07:00"})
    );
    assert_eq!(data["discreto"], true);
    assert_eq!(data["resumen"], "diario");
    let tipos = data["tipos"].as_array().cloned().unwrap_or_default();
    for t in &tipos {
        let off = t["tipo"] == "miembro.salio";
        assert_eq!(t["email"], !off, "{t}");
        assert_eq!(t["push"], true, "{t}");
    }
    // Left out, a setting stays; null quiet hours are none.
    let again = c.beto_sets(json!({"silencio": null})).await;
    assert!(again.body["data"]["silencio"].is_null());
    assert_eq!(again.body["data"]["discreto"], true);
    assert_eq!(again.body["data"]["resumen"], "diario");
    let kept = c
        .app
        .get("/api/notificaciones/preferencias", Some(&c.beto))
        .await;
    assert_eq!(kept.body["data"], again.body["data"]);
}

#[tokio::test]
async fn mail_follows_each_kind_and_unsubscribes_in_one_click() {
    let c = circle().await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 1).await;
    let mail = c.app.wait_for_mail_with("Leo's record updated").await;
    assert!(mail.contains("To: beto@example.org"), "{mail}");
    assert!(mail.contains("Ana García changed Leo's record."), "{mail}");
    assert!(mail.contains("List-Unsubscribe: <"), "{mail}");
    assert!(mail.contains("/api/notificaciones/baja?t="), "{mail}");
    assert!(
        mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{mail}"
    );
    // Ana's own acts mail her nothing; she was told of Beto joining, in Spanish.
    let joined = c.app.wait_for_mail_with("se unió a la familia").await;
    assert!(joined.contains("To: ana@example.org"), "{joined}");
    assert!(
        c.app
            .mails_with("To: ana@example.org")
            .iter()
            .all(|m| !m.contains("Leo"))
    );

    let token = unsubscribe_token(&mail);
    let shown = c
        .app
        .get(&format!("/api/notificaciones/baja?t={token}"), None)
        .await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
    assert_eq!(shown.body["data"]["tipo"], "hijo.cambiado");
    assert_eq!(
        shown.body["data"]["nombre"],
        "Cambios en el registro de un hijo"
    );
    let done = c
        .app
        .request(
            Method::POST,
            &format!("/api/notificaciones/baja?t={token}"),
            None,
            None,
            None,
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let one_click = c
        .app
        .client
        .post(format!("{}/api/notificaciones/baja?t={token}", c.app.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("one-click");
    assert_eq!(one_click.status(), StatusCode::OK);
    let prefs = c
        .app
        .get("/api/notificaciones/preferencias", Some(&c.beto))
        .await;
    let changed = prefs.body["data"]["tipos"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["tipo"] == "hijo.cambiado").cloned())
        .unwrap_or_default();
    assert_eq!(changed["email"], false);
    assert_eq!(changed["push"], true);

    // Still in the centre, no longer by mail.
    let mails_before = c.app.mails_with("To: beto@example.org").len();
    c.ana_changes_leo().await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 2).await;
    assert_eq!(c.app.mails_with("To: beto@example.org").len(), mails_before);
    assert_eq!(c.unread(&c.beto).await, 2);

    for bad in ["", "abc", "a.b", &format!("{token}x")] {
        let refused = c
            .app
            .get(&format!("/api/notificaciones/baja?t={bad}"), None)
            .await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            refused.body
        );
        assert_eq!(
            refused.body["code"], "unsubscribe_link_invalid",
            "{}",
            refused.body
        );
    }
}

/// The wall clock in Buenos Aires (the users' zone), plus `minutes`, as "HH:MM".
fn local(minutes: i64) -> String {
    let zone: chrono_tz::Tz = "America/Argentina/Buenos_Aires".parse().expect("zone");
    (Utc::now() + chrono::Duration::minutes(minutes))
        .with_timezone(&zone)
        .format("%H:%M")
        .to_string()
}

#[tokio::test]
async fn quiet_hours_hold_mail_and_push_then_send_one_summary() {
    let c = circle().await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 1).await;
    c.beto_sets(json!({"silencio": {"desde": local(-60), "hasta": local(60)}}))
        .await;
    let mails_before = c.app.mails_with("To: beto@example.org").len();
    c.ana_changes_leo().await;
    c.ana_changes_leo().await;
    wait_state(&c.app, &c.beto_id, notificacion::HELD, 2).await;
    // In the centre at once; the periodic look leaves them while the hours last.
    assert_eq!(c.unread(&c.beto).await, 3);
    let released = nido::notifications::delivery::release_due(&c.app.state, Utc::now())
        .await
        .expect("release");
    assert_eq!(released, 0);
    assert_eq!(c.app.mails_with("To: beto@example.org").len(), mails_before);

    // The hours moved away: what they held goes out as one mail.
    c.beto_sets(json!({"silencio": {"desde": local(120), "hasta": local(180)}}))
        .await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 3).await;
    let away = c
        .app
        .wait_for_mail_with("While you were away: 2 new notices")
        .await;
    assert!(away.contains("To: beto@example.org"), "{away}");
    assert!(away.contains("Leo's record updated"), "{away}");
    assert!(away.contains("List-Unsubscribe-Post"), "{away}");
    assert_eq!(
        c.app.mails_with("To: beto@example.org").len(),
        mails_before + 1
    );
}

#[tokio::test]
async fn discreet_mode_mails_name_nobody() {
    let c = circle().await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 1).await;
    c.beto_sets(json!({"discreto": true})).await;
    let mails_before = c.app.mails_with("To: beto@example.org").len();
    c.ana_changes_leo().await;
    wait_state(&c.app, &c.beto_id, notificacion::SENT, 2).await;
    let mails = c.app.mails_with("To: beto@example.org");
    assert_eq!(mails.len(), mails_before + 1);
    let mail = mails.last().cloned().unwrap_or_default();
    assert!(mail.contains("You have something new in Nido"), "{mail}");
    let body = mail
        .split_once("\r\n\r\n")
        .map_or(mail.as_str(), |(_, b)| b);
    for name in ["Ana", "García", "Leo", "Beto", "Ruiz"] {
        assert!(!body.contains(name), "{name} in {mail}");
    }
    assert!(
        mail.contains("Subject: You have something new in Nido"),
        "{mail}"
    );
    // The centre still says what happened.
    assert_eq!(
        c.notices(&c.beto).await[0]["texto"],
        "Ana García changed Leo's record."
    );

    // Beto's export holds his notices, as he reads them, and his settings.
    let notices = exported(&c.app, &c.beto, "notificaciones.json").await;
    assert!(
        notices
            .as_array()
            .is_some_and(|ns| ns.len() == 2 && ns[1]["texto"] == "Ana García changed Leo's record."),
        "{notices}"
    );
    let settings = exported(&c.app, &c.beto, "preferencias_notificacion.json").await;
    assert_eq!(settings["ajustes"]["discreto"], true, "{settings}");
}

/// A JSON file of the holder of `token`'s data export.
async fn exported(app: &TestApp, token: &str, name: &str) -> Value {
    serde_json::from_str(&app.export_file(token, name).await).expect("json")
}

#[tokio::test]
async fn the_summary_mail_carries_each_family_record_checkpoint() {
    let c = circle().await;
    nido::families::record::checkpoint::checkpoint_all(&c.app.db, &c.app.state.signer)
        .await
        .expect("checkpoint");
    // Never at once for a new user.
    let now = Utc::now();
    let sent = nido::notifications::summary::send_due(&c.app.state, now)
        .await
        .expect("summary");
    assert_eq!(sent, 0);
    let week = now + chrono::Duration::days(8);
    let sent = nido::notifications::summary::send_due(&c.app.state, week)
        .await
        .expect("summary");
    assert_eq!(sent, 3);
    let summary = c
        .app
        .mails_with("Tu resumen de Nido")
        .into_iter()
        .find(|m| m.contains("To: ana@example.org"))
        .expect("Ana's summary");
    assert!(summary.contains("Tienes 1 aviso sin leer"), "{summary}");
    assert!(summary.contains("Nuevo miembro en"), "{summary}");
    assert!(
        summary.contains(&format!("{}: ", c.family_name))
            && summary.contains("entradas, firmado el"),
        "{summary}"
    );
    assert!(summary.contains("List-Unsubscribe-Post"), "{summary}");
    let english = c.app.wait_for_mail_with("Your Nido summary").await;
    assert!(english.contains("entries, signed on"), "{english}");

    // Unsubscribed, Ana gets no more; the others' come a week later.
    let token = unsubscribe_token(&summary);
    let done = c
        .app
        .post(
            &format!("/api/notificaciones/baja?t={token}"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.body["data"]["tipo"], "resumen");
    let later = week + chrono::Duration::days(8);
    let sent = nido::notifications::summary::send_due(&c.app.state, later)
        .await
        .expect("summary");
    assert_eq!(sent, 2);
    assert_eq!(
        c.app
            .mails_with("Tu resumen de Nido")
            .iter()
            .filter(|m| m.contains("To: ana@example.org"))
            .count(),
        1
    );

    // Erasing the family erases what its members were told about it.
    use nido::domain::Domain;
    use sea_orm::TransactionTrait;
    let txn = c.app.db.begin().await.expect("begin");
    nido::notifications::Notifications
        .erase_family(&txn, &nido::ids::FamilyId::new(&c.family))
        .await
        .expect("erase");
    txn.commit().await.expect("commit");
    assert!(c.notices(&c.ana).await.is_empty());
    assert!(c.notices(&c.beto).await.is_empty());
}
