//! Notices that tire less: acting on something marks its notice read; a notice's mail waits
//! `NIDO_MAIL_DELAY_SECONDS` (moved on here with the jobs' chosen-clock entry point) and is
//! dropped once the notice was seen, while push goes at once and emergencies never wait; an
//! erased account's name leaves the others' notices and exports.

use std::sync::{Arc, Mutex};

use chrono::{Duration, Utc};
use nido::notifications::{delivery::mail_due, entities::notificacion};
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Options, eventually};
use crate::notice_blocking::{People, people};

const P256DH: &str =
    "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";

impl People {
    /// The user's notice about `objeto_id`.
    async fn notice_about(&self, usuario_id: &str, objeto_id: &str) -> notificacion::Model {
        notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(usuario_id))
            .filter(notificacion::Column::ObjetoId.eq(objeto_id))
            .one(&self.app.db)
            .await
            .expect("notice")
            .unwrap_or_else(|| panic!("no notice about {objeto_id}"))
    }

    async fn is_read(&self, usuario_id: &str, objeto_id: &str) -> bool {
        self.notice_about(usuario_id, objeto_id)
            .await
            .leida_at
            .is_some()
    }

    async fn post_ok(&self, token: &str, path: &str, body: Value) {
        let a = self.app.post(path, Some(token), body).await;
        assert!(a.status.is_success(), "{path}: {}", a.body);
    }
}

#[tokio::test]
async fn acting_on_something_marks_its_notice_read() {
    let p = people(Options::default()).await;
    p.ana_reads_all().await;

    let approved = p.expense(&p.beto, "Útiles").await;
    let refused = p.expense(&p.beto, "Cumpleaños").await;
    let disputed = p.expense(&p.beto, "Dentista").await;
    assert!(!p.is_read(&p.ana_id, &approved).await);
    p.post_ok(
        &p.ana,
        &format!("/api/gastos/{approved}/aprobar"),
        json!({}),
    )
    .await;
    p.post_ok(
        &p.ana,
        &format!("/api/gastos/{refused}/rechazar"),
        json!({"motivo": "no_acordado"}),
    )
    .await;
    p.post_ok(
        &p.ana,
        &format!("/api/gastos/{disputed}/disputar"),
        json!({"comentario": "Es mucho", "propuesta": "La mitad"}),
    )
    .await;
    for id in [&approved, &refused, &disputed] {
        assert!(p.is_read(&p.ana_id, id).await, "expense {id}");
    }

    let paid = p.payment(&p.beto, &p.beto_id, &p.ana_id).await;
    assert!(!p.is_read(&p.ana_id, &paid).await);
    p.post_ok(&p.ana, &format!("/api/pagos/{paid}/confirmar"), json!({}))
        .await;
    assert!(p.is_read(&p.ana_id, &paid).await);

    let document = p.upload(&p.beto, "Vacunas").await;
    assert!(!p.is_read(&p.ana_id, &document).await);
    let opened = p
        .app
        .client
        .get(format!(
            "{}/api/documentos/{document}/archivo?inline=true",
            p.app.base
        ))
        .bearer_auth(&p.ana)
        .send()
        .await
        .expect("download");
    assert_eq!(opened.status(), StatusCode::OK);
    assert!(p.is_read(&p.ana_id, &document).await);
    assert!(
        !p.is_read(&p.vera_id, &document).await,
        "Vera has not opened it"
    );

    let swap = p.swap_request(&p.beto).await;
    assert!(!p.is_read(&p.ana_id, &swap).await);
    p.post_ok(
        &p.ana,
        &format!("/api/familias/{}/cambios/{swap}/rechazar", p.family),
        json!({}),
    )
    .await;
    assert!(p.is_read(&p.ana_id, &swap).await);

    let cuota = p.support(&p.beto).await;
    assert!(!p.is_read(&p.ana_id, &cuota).await);
    let pago = p
        .app
        .post(
            &format!("/api/familias/{}/cuotas/{cuota}/pagos", p.family),
            Some(&p.beto),
            json!({"monto": 150_000, "fecha": "2030-03-05", "metodo": "transferencia"}),
        )
        .await;
    assert_eq!(pago.status, StatusCode::CREATED, "{}", pago.body);
    let pago = pago.body["data"]["id"].as_str().unwrap_or_default();
    p.post_ok(
        &p.ana,
        &format!(
            "/api/familias/{}/cuotas/{cuota}/pagos/{pago}/confirmar",
            p.family
        ),
        json!({}),
    )
    .await;
    assert!(p.is_read(&p.ana_id, &cuota).await);

    // The centre counts what is left: nothing of Ana's.
    let unread = p
        .app
        .get("/api/notificaciones/no-leidas", Some(&p.ana))
        .await;
    assert_eq!(unread.body["data"]["total"], 0, "{}", unread.body);
}

/// A push service on this machine that counts what reaches it.
async fn counting_push_service() -> (String, Arc<Mutex<usize>>) {
    let count = Arc::new(Mutex::new(0));
    let counter = count.clone();
    let service = axum::Router::new().route(
        "/{who}",
        axum::routing::post(move || {
            let counter = counter.clone();
            async move {
                if let Ok(mut n) = counter.lock() {
                    *n += 1;
                }
                StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, service).await });
    (format!("http://{addr}"), count)
}

#[tokio::test]
async fn a_notices_mail_waits_and_is_dropped_once_the_notice_was_seen() {
    let p = people(Options {
        mail_delay_seconds: Some(180),
        push_loopback: true,
        ..Default::default()
    })
    .await;
    p.ana_reads_all().await;
    let (push_base, pushes) = counting_push_service().await;
    let device = p
        .app
        .post(
            "/api/notificaciones/dispositivos",
            Some(&p.ana),
            json!({"endpoint": format!("{push_base}/ana"), "keys": {"p256dh": P256DH, "auth": AUTH}}),
        )
        .await;
    assert_eq!(device.status, StatusCode::OK, "{}", device.body);
    // What the family's setting up told her was pushed, or not, before the device was there.
    eventually("no notice of Ana's pending", || async {
        p.notices(&p.ana_id)
            .await
            .iter()
            .all(|n| n.entrega != notificacion::PENDING)
    })
    .await;
    let before = pushes.lock().map_or(0, |n| *n);

    let seen = p.expense(&p.beto, "Guardapolvo").await;
    // Push goes at once; the mail waits.
    eventually("the push", || async {
        pushes.lock().map_or(0, |n| *n) == before + 1
    })
    .await;
    eventually("the mail waiting", || async {
        p.notice_about(&p.ana_id, &seen).await.entrega == notificacion::MAIL_WAITING
    })
    .await;
    assert_eq!(
        mail_due(&p.app.state, Utc::now() + Duration::seconds(60))
            .await
            .expect("due"),
        0
    );
    assert!(p.app.mails_with("Guardapolvo").is_empty(), "not yet");

    // Ana reads it in the app (by answering it); another one stays unread.
    p.post_ok(&p.ana, &format!("/api/gastos/{seen}/aprobar"), json!({}))
        .await;
    let unseen = p.expense(&p.beto, "Mochila").await;
    eventually("the second mail waiting", || async {
        p.notice_about(&p.ana_id, &unseen).await.entrega == notificacion::MAIL_WAITING
    })
    .await;
    // (The others' notices of the family joining come due too.)
    let mailed = mail_due(&p.app.state, Utc::now() + Duration::seconds(181))
        .await
        .expect("due");
    assert!(mailed >= 1);
    let mail = p.app.wait_for_mail_with("Mochila").await;
    assert!(mail.contains("To: ana@example.org"), "{mail}");
    let to_ana = |m: &String| m.contains("To: ana@example.org");
    assert!(
        !p.app.mails_with("Guardapolvo").iter().any(to_ana),
        "seen: not mailed"
    );
    for id in [&seen, &unseen] {
        assert_eq!(
            p.notice_about(&p.ana_id, id).await.entrega,
            notificacion::SENT
        );
    }
    // A second look finds nothing left to send.
    assert_eq!(
        mail_due(&p.app.state, Utc::now() + Duration::hours(1))
            .await
            .expect("due"),
        0
    );
    assert_eq!(p.app.mails_with("Mochila").len(), 1);
}

#[tokio::test]
async fn an_emergency_is_mailed_at_once_whatever_the_delay() {
    let p = people(Options {
        mail_delay_seconds: Some(180),
        ..Default::default()
    })
    .await;
    let started = p
        .app
        .post(
            "/api/conversaciones",
            Some(&p.ana),
            json!({"familiaId": p.family, "tema": "medico", "asunto": "Fiebre"}),
        )
        .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.body);
    let conversation = started.body["data"]["_id"].as_str().unwrap_or_default();
    let sent = p
        .app
        .post(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&p.beto),
            json!({"texto": "Estamos en la guardia", "tipo": "emergencia"}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let mail = p
        .app
        .wait_for_mail_with("Emergencia: mensaje de Beto")
        .await;
    assert!(mail.contains("To: ana@example.org"), "{mail}");
    // Its link cannot stop emergencies, and the mail says so.
    assert!(mail.contains("no se pueden desactivar"), "{mail}");
}

#[tokio::test]
async fn an_erased_accounts_name_leaves_the_others_notices_and_exports() {
    let app = crate::helpers::TestApp::spawn().await;
    let (ana, ana_id) =
        crate::notice_blocking::register(&app, "Ana", "Paz", "ana@example.org").await;
    let (beto, beto_id) =
        crate::notice_blocking::register(&app, "Zanahoria", "Quimérica", "beto@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let expense = app
        .post(
            "/api/gastos",
            Some(&beto),
            json!({"familiaId": family, "descripcion": "Zapatillas", "fecha": "2026-03-02",
                   "categoria": "educacion", "monto": 1000, "moneda": "ARS",
                   "reparto": {"modo": "igual", "participantes": [ana_id, beto_id]}}),
        )
        .await;
    assert_eq!(expense.status, StatusCode::CREATED, "{}", expense.body);
    let before = app.get("/api/notificaciones", Some(&ana)).await;
    let texts = before.body["data"]["notificaciones"].to_string();
    assert!(
        texts.contains("Zanahoria Quimérica cargó un gasto"),
        "{texts}"
    );

    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&beto),
            Some(json!({"password": "el-que-bloquea-decide", "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let erased = nido::accounts::closing::purge_due(&app.state, Utc::now() + Duration::days(91))
        .await
        .expect("purge");
    assert_eq!(erased, 1);

    let after = app.get("/api/notificaciones", Some(&ana)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let list = after.body["data"]["notificaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let texts = Value::Array(list.clone()).to_string();
    assert!(
        !texts.contains("Zanahoria") && !texts.contains("Quimérica"),
        "{texts}"
    );
    assert!(
        list.iter().any(|n| n["texto"]
            .as_str()
            .is_some_and(|t| t.starts_with("Alguien cargó un gasto"))),
        "{texts}"
    );
    let export = app.export_file(&ana, "notificaciones.json").await;
    assert!(
        !export.contains("Zanahoria") && !export.contains("Quimérica"),
        "{export}"
    );
    assert!(export.contains("Zapatillas"), "the notice stays: {export}");
    let rows = notificacion::Entity::find()
        .filter(notificacion::Column::ActorId.eq(&beto_id))
        .all(&app.db)
        .await
        .expect("rows");
    assert!(rows.is_empty(), "no notice points at the erased account");
}
