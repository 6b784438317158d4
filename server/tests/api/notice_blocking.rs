//! Blocking reaches every notice another person's action causes: after Ana blocks Beto, his
//! expense, payment, document, child-support change and swap request reach her in the app and
//! never by mail, push or summary, while the rest of the family hears of them as usual.

use std::sync::{Arc, Mutex};

use chrono::{Datelike, Duration, NaiveDate, Utc};
use nido::notifications::entities::notificacion;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, eventually};

const PASSWORD: &str = "el-que-bloquea-decide";
const P256DH: &str =
    "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";

pub struct People {
    pub app: TestApp,
    pub ana: String,
    pub ana_id: String,
    pub beto: String,
    pub beto_id: String,
    pub vera: String,
    pub vera_id: String,
    pub family: String,
}

pub async fn register(
    app: &TestApp,
    nombre: &str,
    apellido: &str,
    email: &str,
) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": apellido, "email": email, "password": PASSWORD, "language": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

/// Ana's family with Beto, co-parent, and Vera, viewer.
pub async fn people(options: Options) -> People {
    let app = TestApp::spawn_with(options).await;
    let (ana, ana_id) = register(&app, "Ana", "Paz", "ana@example.org").await;
    let (beto, beto_id) = register(&app, "Beto", "Quimérico", "beto@example.org").await;
    let (vera, vera_id) = register(&app, "Vera", "Paz", "vera@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    People {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        vera,
        vera_id,
        family,
    }
}

/// A push service on this machine that counts the pushes to each path.
async fn counting_push_service() -> (String, Arc<Mutex<Vec<String>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let service = axum::Router::new().route(
        "/{who}",
        axum::routing::post(
            move |axum::extract::Path(who): axum::extract::Path<String>| {
                let log = log.clone();
                async move {
                    if let Ok(mut seen) = log.lock() {
                        seen.push(who);
                    }
                    StatusCode::CREATED
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, service).await });
    (format!("http://{addr}"), seen)
}

fn pushes_to(seen: &Mutex<Vec<String>>, who: &str) -> usize {
    seen.lock()
        .map_or(0, |s| s.iter().filter(|w| *w == who).count())
}

async fn register_device(app: &TestApp, token: &str, endpoint: &str) {
    let a = app
        .post(
            "/api/notificaciones/dispositivos",
            Some(token),
            json!({"endpoint": endpoint, "keys": {"p256dh": P256DH, "auth": AUTH}}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A PDF's first bytes, enough for the upload's sniffing.
fn pdf() -> Vec<u8> {
    let mut out = b"%PDF-1.7\n1 0 obj\n<</Type/Catalog>>\nendobj\n".to_vec();
    out.extend_from_slice(&b"0123456789abcdef\n".repeat(40));
    out.extend_from_slice(b"%%EOF\n");
    out
}

impl People {
    pub async fn upload(&self, token: &str, titulo: &str) -> String {
        let form = reqwest::multipart::Form::new()
            .part(
                "archivo",
                reqwest::multipart::Part::bytes(pdf())
                    .file_name("informe.pdf")
                    .mime_str("application/octet-stream")
                    .expect("mime"),
            )
            .text("familiaId", self.family.clone())
            .text("categoria", "medico")
            .text("titulo", titulo.to_owned())
            .text("visibilidad", "familia");
        let res = self
            .app
            .client
            .post(format!("{}/api/documentos", self.app.base))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .expect("upload");
        assert_eq!(res.status(), StatusCode::CREATED);
        let body: Value = res.json().await.expect("json");
        body["data"]["_id"].as_str().expect("id").to_owned()
    }

    pub async fn expense(&self, token: &str, descripcion: &str) -> String {
        let a = self
            .app
            .post(
                "/api/gastos",
                Some(token),
                json!({"familiaId": self.family, "descripcion": descripcion, "fecha": "2026-03-02",
                       "categoria": "educacion", "monto": 1000, "moneda": "ARS",
                       "reparto": {"modo": "igual", "participantes": [self.ana_id, self.beto_id]}}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["id"].as_str().unwrap_or_default().to_owned()
    }

    pub async fn payment(&self, token: &str, de: &str, para: &str) -> String {
        let a = self
            .app
            .post(
                "/api/pagos",
                Some(token),
                json!({"familiaId": self.family, "fecha": "2026-03-05", "de": de, "para": para,
                       "monto": 20_000, "moneda": "ARS", "metodo": "transferencia"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["id"].as_str().unwrap_or_default().to_owned()
    }

    pub async fn support(&self, token: &str) -> String {
        let a = self
            .app
            .post(
                &format!("/api/familias/{}/cuotas", self.family),
                Some(token),
                json!({"pagador": self.beto_id, "beneficiario": self.ana_id, "moneda": "ARS",
                       "modo": "monto", "monto": 150_000, "diaVencimiento": 10, "desde": "2030-03-01"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["id"].as_str().unwrap_or_default().to_owned()
    }

    /// A week-on week-off schedule from a Monday ahead, Ana first; Beto asks for her Wednesday.
    pub async fn swap_request(&self, token: &str) -> String {
        let today = Utc::now().date_naive();
        let monday = today + Duration::days(14 - i64::from(today.weekday().num_days_from_monday()));
        let schedule = self
            .app
            .request(
                reqwest::Method::PUT,
                &format!("/api/familias/{}/custodia", self.family),
                Some(&self.ana),
                Some(json!({"patron": "7-7", "inicio": day(monday),
                            "progenitorA": self.ana_id, "progenitorB": self.beto_id})),
                None,
            )
            .await;
        assert_eq!(schedule.status, StatusCode::OK, "{}", schedule.body);
        let asked = self
            .app
            .post(
                &format!("/api/familias/{}/cambios", self.family),
                Some(token),
                json!({"noches": [day(monday + Duration::days(2))],
                       "devolucion": [day(monday + Duration::days(8))],
                       "motivo": "El cumpleaños de mi madre Quimérica",
                       "responderAntesDe": (Utc::now() + Duration::hours(30)).to_rfc3339()}),
            )
            .await;
        assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
        asked.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Ana reads what the family's setting up told her (its members joining).
    pub async fn ana_reads_all(&self) {
        let read = self
            .app
            .post("/api/notificaciones/leidas", Some(&self.ana), json!({}))
            .await;
        assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    }

    pub async fn notices(&self, usuario_id: &str) -> Vec<notificacion::Model> {
        notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(usuario_id))
            .all(&self.app.db)
            .await
            .expect("notices")
    }
}

#[tokio::test]
async fn after_blocking_every_notice_of_the_blocked_stays_in_the_app() {
    let p = people(Options {
        push_loopback: true,
        ..Default::default()
    })
    .await;
    p.ana_reads_all().await;
    // What the family's setting up told her went out before her device and the block.
    eventually("no notice of Ana's pending", || async {
        p.notices(&p.ana_id)
            .await
            .iter()
            .all(|n| n.entrega != notificacion::PENDING)
    })
    .await;
    let mails_before = p.app.mails_with("To: ana@example.org").len();
    let (push_base, pushed) = counting_push_service().await;
    register_device(&p.app, &p.ana, &format!("{push_base}/ana")).await;
    register_device(&p.app, &p.vera, &format!("{push_base}/vera")).await;

    let blocked = p
        .app
        .post(
            "/api/usuarios/bloqueados",
            Some(&p.ana),
            json!({"usuarioId": p.beto_id}),
        )
        .await;
    assert_eq!(blocked.status, StatusCode::CREATED, "{}", blocked.body);

    p.expense(&p.beto, "Zapatillas que elegí yo").await;
    p.payment(&p.beto, &p.beto_id, &p.ana_id).await;
    p.upload(&p.beto, "Informe que subí yo").await;
    p.support(&p.beto).await;
    p.swap_request(&p.beto).await;

    // Ana sees each of them in the app.
    let list = p.app.get("/api/notificaciones", Some(&p.ana)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    let mut kinds: Vec<&str> = list.body["data"]["notificaciones"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|n| n["leida"] == false)
        .filter_map(|n| n["tipo"].as_str())
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "cuota.aviso",
            "custodia.cambio",
            "dinero.gasto",
            "dinero.pago",
            "documento.nuevo"
        ]
    );
    let unread = p
        .app
        .get("/api/notificaciones/no-leidas", Some(&p.ana))
        .await;
    assert_eq!(unread.body["data"]["total"], 5);
    let states: Vec<String> = p
        .notices(&p.ana_id)
        .await
        .into_iter()
        .filter(|n| n.leida_at.is_none())
        .map(|n| n.entrega)
        .collect();
    assert!(
        states.iter().all(|s| s == notificacion::IN_APP_ONLY),
        "{states:?}"
    );

    // Vera, who blocked no one, hears of the document by mail and push: delivery ran.
    let to_vera = p.app.wait_for_mail_with("Informe que sub").await;
    assert!(to_vera.contains("To: vera@example.org"), "{to_vera}");
    eventually("Vera's push", || async { pushes_to(&pushed, "vera") >= 1 }).await;

    let to_ana = p.app.mails_with("To: ana@example.org");
    assert_eq!(to_ana.len(), mails_before, "{:?}", &to_ana[mails_before..]);
    assert_eq!(pushes_to(&pushed, "ana"), 0);

    // Nor does the summary carry his words or name.
    nido::notifications::summary::send_due(&p.app.state, Utc::now() + Duration::days(8))
        .await
        .expect("summaries");
    let summaries = p.app.mails_with("avisos sin leer");
    let ana_summary = summaries
        .iter()
        .find(|m| m.contains("To: ana@example.org"))
        .expect("Ana's summary");
    assert!(
        ana_summary.contains("Tienes 5 avisos sin leer"),
        "{ana_summary}"
    );
    for words in ["Beto", "Zapatillas", "Informe que sub", "Quiméric"] {
        assert!(!ana_summary.contains(words), "{words}: {ana_summary}");
    }
}

#[tokio::test]
async fn blocking_holds_back_a_mail_still_waiting_and_unblocking_lets_later_ones_through() {
    let p = people(Options {
        mail_delay_seconds: Some(180),
        ..Default::default()
    })
    .await;
    p.ana_reads_all().await;
    p.expense(&p.beto, "Zapatillas que elegí yo").await;
    eventually("the notice's push done and its mail waiting", || async {
        p.notices(&p.ana_id)
            .await
            .iter()
            .any(|n| n.entrega == notificacion::MAIL_WAITING)
    })
    .await;
    let blocked = p
        .app
        .post(
            "/api/usuarios/bloqueados",
            Some(&p.ana),
            json!({"usuarioId": p.beto_id}),
        )
        .await;
    assert_eq!(blocked.status, StatusCode::CREATED, "{}", blocked.body);
    nido::notifications::delivery::mail_due(&p.app.state, Utc::now() + Duration::minutes(4))
        .await
        .expect("waiting mails");
    assert!(p.app.mails_with("Zapatillas").is_empty());

    let unblocked = p
        .app
        .request(
            reqwest::Method::DELETE,
            &format!("/api/usuarios/bloqueados/{}", p.beto_id),
            Some(&p.ana),
            None,
            None,
        )
        .await;
    assert_eq!(unblocked.status, StatusCode::OK, "{}", unblocked.body);
    p.payment(&p.beto, &p.beto_id, &p.ana_id).await;
    // The expense's notice, held back, may still read as waiting: look for the payment's own.
    eventually("the payment's mail waiting", || async {
        p.notices(&p.ana_id).await.iter().any(|n| {
            n.tipo == nido::notifications::kinds::MONEY_PAYMENT
                && n.entrega == notificacion::MAIL_WAITING
        })
    })
    .await;
    let mailed =
        nido::notifications::delivery::mail_due(&p.app.state, Utc::now() + Duration::minutes(4))
            .await
            .expect("waiting mails");
    assert!(mailed >= 1);
    let mail = p.app.wait_for_mail_with("registró un pago").await;
    assert!(mail.contains("To: ana@example.org"), "{mail}");
    assert!(p.app.mails_with("Zapatillas").is_empty());
}
