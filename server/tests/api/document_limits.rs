//! One co-parent cannot block the others' documents: what they deleted counts against them alone
//! until it is purged, and each person uploads at most so many files and bytes in any 24 hours
//! (429 with `Retry-After`, in their language), new documents and versions alike.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::{
    children::stored_files,
    helpers::{Answer, Options, TestApp, answer},
};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

/// A PDF of about `len` bytes.
fn pdf(len: usize) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Type/Catalog>>\nendobj\n".to_vec();
    while out.len() + 7 < len {
        out.extend_from_slice(b"0123456789abcdef\n");
    }
    out.extend_from_slice(b"\n%%EOF\n");
    out
}

async fn upload_to(
    app: &TestApp,
    path: &str,
    token: &str,
    family: Option<&str>,
    bytes: Vec<u8>,
) -> Answer {
    let mut form = reqwest::multipart::Form::new();
    if let Some(family) = family {
        form = form
            .text("familiaId", family.to_owned())
            .text("categoria", "escolar")
            .text("titulo", "Boletín");
    }
    form = form.part(
        "archivo",
        reqwest::multipart::Part::bytes(bytes)
            .file_name("boletin.pdf")
            .mime_str("application/pdf")
            .expect("mime"),
    );
    let res = app
        .client
        .post(format!("{}{path}", app.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    answer(res).await
}

async fn upload(app: &TestApp, token: &str, family: &str, bytes: Vec<u8>) -> Answer {
    upload_to(app, "/api/documentos", token, Some(family), bytes).await
}

fn id(a: &Answer) -> String {
    a.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Ana and Beto (who reads Nido in English) co-parent one family.
struct Pair {
    app: TestApp,
    ana: String,
    beto: String,
    family: String,
}

async fn pair(options: Options) -> Pair {
    let app = TestApp::spawn_with(options).await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let made = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Beto", "apellido": "Gómez", "email": "beto@example.org", "password": PASSWORD, "language": "en"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let beto = made.str("token").to_owned();
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    Pair {
        app,
        ana,
        beto,
        family,
    }
}

impl Pair {
    async fn space(&self, token: &str) -> (u64, u64) {
        let space = self
            .app
            .get(
                &format!("/api/documentos/espacio?familiaId={}", self.family),
                Some(token),
            )
            .await;
        assert_eq!(space.status, StatusCode::OK, "{}", space.body);
        let data = &space.body["data"];
        (
            data["usadoBytes"].as_u64().unwrap_or(u64::MAX),
            data["eliminadosBytes"].as_u64().unwrap_or(u64::MAX),
        )
    }

    async fn delete(&self, token: &str, id: &str) {
        let gone = self
            .app
            .request(
                Method::DELETE,
                &format!("/api/documentos/{id}"),
                Some(token),
                None,
                None,
            )
            .await;
        assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    }
}

#[tokio::test]
async fn what_one_parent_deleted_counts_against_them_alone_until_purged() {
    let p = pair(Options {
        document_quota: Some(12_000),
        ..Options::default()
    })
    .await;
    let app = &p.app;
    // Ana fills the family's room, then deletes it all.
    let first = upload(app, &p.ana, &p.family, pdf(5000)).await;
    let second = upload(app, &p.ana, &p.family, pdf(5000)).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    let full = upload(app, &p.beto, &p.family, pdf(5000)).await;
    assert_eq!(full.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", full.body);
    p.delete(&p.ana, &id(&first)).await;
    p.delete(&p.ana, &id(&second)).await;

    // Beto's room is whole again; Ana's deletions still weigh on her.
    assert_eq!(p.space(&p.beto).await, (0, 0));
    let (used, deleted) = p.space(&p.ana).await;
    assert!((9_900..=10_100).contains(&used), "{used}");
    assert_eq!(used, deleted);
    let betos = upload(app, &p.beto, &p.family, pdf(8000)).await;
    assert_eq!(betos.status, StatusCode::CREATED, "{}", betos.body);
    let anas = upload(app, &p.ana, &p.family, pdf(1000)).await;
    assert_eq!(anas.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", anas.body);
    assert_eq!(anas.str("code"), "cuota_agotada");
    assert!(
        anas.str("msg").contains("que eliminaste"),
        "{}",
        anas.str("msg")
    );

    // Restoring is never refused for want of room, so nothing deleted is lost.
    let restored = app
        .post(
            &format!("/api/documentos/{}/restaurar", id(&first)),
            Some(&p.beto),
            json!({}),
        )
        .await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.body);

    // Once purged, the other deletion stops counting against Ana too.
    let purged = nido::documents::store::purge_due(&app.state, Utc::now() + Duration::days(31))
        .await
        .expect("purge");
    assert_eq!(purged, 1);
    let (used, deleted) = p.space(&p.ana).await;
    assert_eq!(deleted, 0);
    assert!(
        (12_000..=13_200).contains(&used),
        "the two live documents: {used}"
    );
}

#[tokio::test]
async fn uploads_per_person_and_day_are_limited_with_a_retry_after() {
    let p = pair(Options {
        rate_limits: true,
        document_daily: Some((3, 20_000)),
        ..Options::default()
    })
    .await;
    let app = &p.app;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let up = upload(app, &p.ana, &p.family, pdf(2000)).await;
        assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
        ids.push(id(&up));
    }
    let files = stored_files(app).len();
    let fourth = upload(app, &p.ana, &p.family, pdf(2000)).await;
    assert_eq!(
        fourth.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        fourth.body
    );
    assert_eq!(fourth.str("code"), "limite_diario_documentos");
    assert!(
        fourth.str("msg").contains("cada 24 horas"),
        "{}",
        fourth.str("msg")
    );
    let retry: i64 = fourth.headers["retry-after"]
        .to_str()
        .ok()
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((23 * 3600..=24 * 3600).contains(&retry), "{retry}");
    // A version is an upload too; deleting does not give the day back.
    let version = upload_to(
        app,
        &format!("/api/documentos/{}/versiones", ids[0]),
        &p.ana,
        None,
        pdf(2000),
    )
    .await;
    assert_eq!(
        version.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        version.body
    );
    p.delete(&p.ana, &ids[1]).await;
    let again = upload(app, &p.ana, &p.family, pdf(2000)).await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(stored_files(app).len(), files, "nothing half-stored");

    // The limit is each person's: Beto uploads, until a file would pass his bytes of the day,
    // cut off while it streams, and told so in English.
    let big = upload(app, &p.beto, &p.family, pdf(15_000)).await;
    assert_eq!(big.status, StatusCode::CREATED, "{}", big.body);
    let over = upload(app, &p.beto, &p.family, pdf(8000)).await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS, "{}", over.body);
    assert!(
        over.str("msg").contains("every 24 hours"),
        "{}",
        over.str("msg")
    );
    assert!(over.headers.contains_key("retry-after"));
    let fits = upload(app, &p.beto, &p.family, pdf(4000)).await;
    assert_eq!(fits.status, StatusCode::CREATED, "{}", fits.body);

    // A day later Ana's uploads have left the window.
    app.sql("UPDATE documento_versiones SET created_at = '2000-01-01T00:00:00+00:00'")
        .await;
    let next_day = upload(app, &p.ana, &p.family, pdf(2000)).await;
    assert_eq!(next_day.status, StatusCode::CREATED, "{}", next_day.body);
}
