//! Documents: who sees what (co-parent, viewer, uploader, stranger, removed member), files judged
//! by content (hostile ones refused without a trace), images re-encoded, versions, deletion with
//! 30 days to restore, the family's quota, a 25 MB upload and the download's headers.

use std::io::Write;

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::{
    children::stored_files,
    helpers::{Answer, Options, TestApp, answer},
    images::{GPS_MARKER, contains, jpeg_with_exif_gps},
};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
/// A run of text that must never be found in the store.
const MARKER: &[u8] = b"NIDO-DOCUMENTO-EN-CLARO-7a2f";

/// A PDF of about `len` bytes holding `MARKER`.
fn pdf(len: usize) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Type/Catalog>>\nendobj\n".to_vec();
    out.extend_from_slice(MARKER);
    while out.len() + 7 < len {
        out.extend_from_slice(b"0123456789abcdef\n");
    }
    out.extend_from_slice(b"\n%%EOF\n");
    out
}

/// A zip built with the `zip` crate: (name, content, stored uncompressed).
fn zip_of(entries: &[(&str, &[u8], bool)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, content, stored) in entries {
        let method = if *stored {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        writer.start_file(*name, options).expect("entry");
        writer.write_all(content).expect("content");
    }
    writer.finish().expect("zip").into_inner()
}

fn docx() -> Vec<u8> {
    zip_of(&[
        (
            "[Content_Types].xml",
            b"<?xml version=\"1.0\"?><Types/>",
            false,
        ),
        ("_rels/.rels", b"<Relationships/>", false),
        (
            "word/document.xml",
            b"<w:document><w:body/></w:document>",
            false,
        ),
    ])
}

fn odt() -> Vec<u8> {
    zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text", true),
        ("content.xml", b"<office:document-content/>", false),
        ("META-INF/manifest.xml", b"<manifest:manifest/>", false),
    ])
}

async fn upload_to(
    app: &TestApp,
    path: &str,
    token: &str,
    fields: &[(&str, &str)],
    bytes: Vec<u8>,
    name: &str,
) -> Answer {
    let mut form = reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str("application/octet-stream")
            .expect("mime"),
    );
    for (key, value) in fields {
        form = form.text((*key).to_owned(), (*value).to_owned());
    }
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

async fn upload(
    app: &TestApp,
    token: &str,
    family: &str,
    visibilidad: &str,
    bytes: Vec<u8>,
    name: &str,
) -> Answer {
    upload_to(
        app,
        "/api/documentos",
        token,
        &[
            ("familiaId", family),
            ("categoria", "medico"),
            ("titulo", "Análisis de sangre"),
            ("visibilidad", visibilidad),
        ],
        bytes,
        name,
    )
    .await
}

async fn uploaded(app: &TestApp, token: &str, family: &str, visibilidad: &str) -> String {
    let up = upload(app, token, family, visibilidad, pdf(2000), "informe.pdf").await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    up.body["data"]["_id"].as_str().expect("id").to_owned()
}

async fn file(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.client
        .get(format!("{}{path}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("download")
}

async fn put(app: &TestApp, token: &str, id: &str, body: Value) -> Answer {
    app.request(
        Method::PUT,
        &format!("/api/documentos/{id}"),
        Some(token),
        Some(body),
        None,
    )
    .await
}

async fn delete(app: &TestApp, token: &str, id: &str) -> Answer {
    app.request(
        Method::DELETE,
        &format!("/api/documentos/{id}"),
        Some(token),
        None,
        None,
    )
    .await
}

async fn listed(app: &TestApp, token: &str, query: &str) -> Answer {
    app.get(&format!("/api/documentos?{query}"), Some(token))
        .await
}

fn ids_of(list: &Answer) -> Vec<String> {
    list.body["data"]["documentos"]
        .as_array()
        .expect("documents")
        .iter()
        .map(|d| d["_id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// A family of five roles: Ana (co-parent, admin, the uploader), Beto (co-parent), Vera (a
/// viewer), Sam (a stranger) and Rita (a co-parent who was removed).
struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    vera: String,
    sam: String,
    rita: String,
    family: String,
    ids: [String; 5],
}

async fn family_with(options: Options) -> Family {
    let app = TestApp::spawn_with(options).await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let (vera, vera_id) = app.register("vera@example.org", PASSWORD).await;
    let (sam, sam_id) = app.register("sam@example.org", PASSWORD).await;
    let (rita, rita_id) = app.register("rita@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuela")
        .await;
    app.join_family(&ana, &family, &rita, "coparent", "otro")
        .await;
    app.remove_member(&ana, &family, &rita_id).await;
    Family {
        app,
        ana,
        beto,
        vera,
        sam,
        rita,
        family,
        ids: [ana_id, beto_id, vera_id, sam_id, rita_id],
    }
}

#[tokio::test]
async fn each_role_sees_and_changes_only_what_it_may() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let shared = uploaded(app, &f.ana, &f.family, "familia").await;
    let parents = uploaded(app, &f.ana, &f.family, "coprogenitores").await;
    let private = uploaded(app, &f.ana, &f.family, "privado").await;
    let list_query = format!("familiaId={}", f.family);

    // Who sees which document: (token, sees shared, sees parents', sees private).
    let roles = [
        ("ana", &f.ana, true, true, true),
        ("beto", &f.beto, true, true, false),
        ("vera", &f.vera, true, false, false),
        ("sam", &f.sam, false, false, false),
        ("rita", &f.rita, false, false, false),
    ];
    for (who, token, shared_seen, parents_seen, private_seen) in roles {
        let list = listed(app, token, &list_query).await;
        if who == "sam" || who == "rita" {
            assert_eq!(list.status, StatusCode::NOT_FOUND, "{who}: {}", list.body);
            assert_eq!(list.str("code"), "documento_no_encontrado");
        } else {
            assert_eq!(list.status, StatusCode::OK, "{who}: {}", list.body);
            let ids = ids_of(&list);
            assert_eq!(ids.contains(&shared), shared_seen, "{who} list");
            assert_eq!(ids.contains(&parents), parents_seen, "{who} list");
            assert_eq!(ids.contains(&private), private_seen, "{who} list");
        }
        for (id, seen) in [
            (&shared, shared_seen),
            (&parents, parents_seen),
            (&private, private_seen),
        ] {
            let got = app.get(&format!("/api/documentos/{id}"), Some(token)).await;
            let downloaded = file(app, token, &format!("/api/documentos/{id}/archivo")).await;
            let changed = put(app, token, id, json!({"titulo": "Otro título"})).await;
            if seen {
                assert_eq!(got.status, StatusCode::OK, "{who} get: {}", got.body);
                assert_eq!(downloaded.status(), StatusCode::OK, "{who} file");
                let editor = who == "ana" || who == "beto";
                assert_eq!(got.body["data"]["puedeEditar"], editor, "{who}");
                if editor {
                    assert_eq!(changed.status, StatusCode::OK, "{who}: {}", changed.body);
                } else {
                    assert_eq!(changed.status, StatusCode::FORBIDDEN, "{who}");
                    assert_eq!(changed.str("code"), "forbidden");
                    let deleted = delete(app, token, id).await;
                    assert_eq!(deleted.status, StatusCode::FORBIDDEN, "{who}");
                }
            } else {
                for status in [got.status, downloaded.status(), changed.status] {
                    assert_eq!(status, StatusCode::NOT_FOUND, "{who} on {id}");
                }
                assert_eq!(got.str("code"), "documento_no_encontrado");
                let deleted = delete(app, token, id).await;
                assert_eq!(deleted.status, StatusCode::NOT_FOUND, "{who}");
                assert_eq!(deleted.str("code"), "documento_no_encontrado");
            }
        }
    }

    // A viewer cannot upload; a stranger cannot upload into someone else's family.
    let by_viewer = upload(app, &f.vera, &f.family, "familia", pdf(500), "a.pdf").await;
    assert_eq!(
        by_viewer.status,
        StatusCode::FORBIDDEN,
        "{}",
        by_viewer.body
    );
    let by_stranger = upload(app, &f.sam, &f.family, "familia", pdf(500), "a.pdf").await;
    assert_eq!(
        by_stranger.status,
        StatusCode::NOT_FOUND,
        "{}",
        by_stranger.body
    );

    // Only the uploader makes a document private.
    let hidden = put(app, &f.beto, &shared, json!({"visibilidad": "privado"})).await;
    assert_eq!(hidden.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(hidden.body["errors"]["visibilidad"].is_string());

    // The other co-parent deletes the shared one; the hub counts what each one sees.
    let deleted = delete(app, &f.beto, &shared).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert!(deleted.body["data"]["eliminadoAt"].is_string());
    let summary = app.get("/api/usuarios/resumen", Some(&f.ana)).await;
    assert_eq!(summary.status, StatusCode::OK, "{}", summary.body);
    assert_eq!(summary.body["data"]["documentos"], 2, "{}", summary.body);
    let summary = app.get("/api/usuarios/resumen", Some(&f.vera)).await;
    assert_eq!(summary.body["data"]["documentos"], 0, "{}", summary.body);
}

#[tokio::test]
async fn files_are_stored_sealed_kept_in_versions_and_served_as_downloads() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let first = pdf(5000);
    let up = upload(
        app,
        &f.ana,
        &f.family,
        "familia",
        first.clone(),
        "Informe médico.pdf",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.body["data"]["_id"].as_str().expect("id").to_owned();
    assert_eq!(up.body["data"]["archivo"]["tipo"], "application/pdf");
    assert_eq!(up.body["data"]["archivo"]["nombre"], "Informe médico.pdf");
    assert_eq!(up.body["data"]["version"], 1);

    // The store never holds the text.
    let stored = stored_files(app);
    assert!(!stored.is_empty());
    for path in &stored {
        let bytes = std::fs::read(path).expect("stored file");
        assert!(
            !contains(&bytes, MARKER),
            "{} holds plaintext",
            path.display()
        );
    }

    // A second version; the first stays listed and downloadable, byte for byte.
    let second = pdf(9000);
    let added = upload_to(
        app,
        &format!("/api/documentos/{id}/versiones"),
        &f.beto,
        &[],
        second.clone(),
        "informe-2.pdf",
    )
    .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    assert_eq!(added.body["data"]["version"], 2);
    let got = app
        .get(&format!("/api/documentos/{id}"), Some(&f.vera))
        .await;
    let versions = got.body["data"]["versiones"].as_array().expect("versions");
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0]["numero"], 2, "newest first");
    let old = file(
        app,
        &f.vera,
        &format!("/api/documentos/{id}/archivo?version=1"),
    )
    .await;
    assert_eq!(old.status(), StatusCode::OK);
    let headers = old.headers().clone();
    assert_eq!(old.bytes().await.expect("body").to_vec(), first);
    let current = file(app, &f.vera, &format!("/api/documentos/{id}/archivo")).await;
    assert_eq!(current.bytes().await.expect("body").to_vec(), second);
    let missing = file(
        app,
        &f.vera,
        &format!("/api/documentos/{id}/archivo?version=7"),
    )
    .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    // Downloads: attachment by default, nosniff, a sandbox, never cached, never HTML.
    let value = |name: header::HeaderName| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(value(header::CONTENT_TYPE), "application/pdf");
    assert!(value(header::CONTENT_DISPOSITION).starts_with("attachment;"));
    assert!(
        value(header::CONTENT_DISPOSITION).contains("filename*=UTF-8''Informe%20m%C3%A9dico.pdf")
    );
    assert_eq!(value(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert!(value(header::CONTENT_SECURITY_POLICY).starts_with("sandbox"));
    assert!(value(header::CONTENT_SECURITY_POLICY).contains("default-src 'none'"));
    assert_eq!(value(header::CACHE_CONTROL), "private, no-store");
    let inline = file(
        app,
        &f.ana,
        &format!("/api/documentos/{id}/archivo?inline=true"),
    )
    .await;
    let disposition = inline.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(disposition.starts_with("inline;"), "{disposition}");

    // An office document is never shown inline.
    let word = upload(app, &f.ana, &f.family, "familia", docx(), "carta.docx").await;
    let word_id = word.body["data"]["_id"].as_str().expect("id").to_owned();
    let served = file(
        app,
        &f.ana,
        &format!("/api/documentos/{word_id}/archivo?inline=true"),
    )
    .await;
    let disposition = served.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(disposition.starts_with("attachment;"), "{disposition}");

    // Uploads, downloads and versions went into the family record.
    let record: Vec<String> = app.db.query_all_raw_kinds(&f.family).await;
    for kind in [
        "documento.subido",
        "documento.version",
        "documento.descargado",
    ] {
        assert!(record.iter().any(|k| k == kind), "{kind} in {record:?}");
    }
}

/// The kinds of the family record's entries, read straight from the table.
trait RecordKinds {
    async fn query_all_raw_kinds(&self, family: &str) -> Vec<String>;
}

impl RecordKinds for sea_orm::DatabaseConnection {
    async fn query_all_raw_kinds(&self, family: &str) -> Vec<String> {
        use sea_orm::{ConnectionTrait, Statement};
        let rows = self
            .query_all_raw(Statement::from_string(
                self.get_database_backend(),
                format!("SELECT tipo FROM registro_entradas WHERE familia_id = '{family}'"),
            ))
            .await
            .expect("record");
        rows.iter()
            .map(|r| r.try_get::<String>("", "tipo").unwrap_or_default())
            .collect()
    }
}

#[tokio::test]
async fn hostile_and_legacy_files_are_refused_without_a_trace_and_office_files_accepted() {
    let f = family_with(Options::default()).await;
    let app = &f.app;

    let html_polyglot = {
        let mut bytes = b"%PDF-1.4\n1 0 obj<<>>endobj\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 3000));
        bytes.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>\n%%EOF\n");
        bytes
    };
    let pdf_and_zip = {
        let mut bytes = pdf(3000);
        bytes.extend_from_slice(&zip_of(&[("a.txt", b"hola", false)]));
        bytes
    };
    let html_named_pdf =
        b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>".to_vec();
    let bomb_docx = zip_of(&[
        ("[Content_Types].xml", b"<Types/>", false),
        // 100 MB of zeros deflate to about 100 KB: a ratio no document has.
        ("word/document.xml", &vec![0u8; 100 * 1024 * 1024], false),
    ]);
    let nested_docx = zip_of(&[
        ("[Content_Types].xml", b"<Types/>", false),
        ("word/document.xml", b"<w/>", false),
        (
            "word/embeddings/inner.zip",
            &zip_of(&[("x", b"y", false)]),
            true,
        ),
    ]);
    let legacy_doc = {
        let mut bytes = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1".to_vec();
        bytes.extend(std::iter::repeat_n(0u8, 4000));
        bytes
    };
    let plain_zip = zip_of(&[("notas.txt", b"hola", false)]);

    let before = stored_files(app).len();
    for (what, bytes, name) in [
        ("a PDF carrying a page", html_polyglot, "a.pdf"),
        ("a PDF that is also a zip", pdf_and_zip, "b.pdf"),
        ("HTML named .pdf", html_named_pdf, "c.pdf"),
        ("a zip bomb inside a .docx", bomb_docx, "d.docx"),
        ("an archive inside a .docx", nested_docx, "e.docx"),
        ("a legacy .doc", legacy_doc, "f.doc"),
        ("a plain zip", plain_zip, "g.docx"),
    ] {
        let up = upload(app, &f.ana, &f.family, "familia", bytes, name).await;
        assert_eq!(
            up.status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{what}: {}",
            up.body
        );
        assert_eq!(up.str("code"), "tipo_no_admitido", "{what}");
    }
    assert_eq!(
        stored_files(app).len(),
        before,
        "nothing half-stored remains"
    );

    for (bytes, name, tipo) in [
        (
            docx(),
            "carta.docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
        (
            odt(),
            "carta.odt",
            "application/vnd.oasis.opendocument.text",
        ),
    ] {
        let up = upload(app, &f.ana, &f.family, "familia", bytes.clone(), name).await;
        assert_eq!(up.status, StatusCode::CREATED, "{name}: {}", up.body);
        assert_eq!(up.body["data"]["archivo"]["tipo"], tipo);
        let id = up.body["data"]["_id"].as_str().expect("id");
        let back = file(app, &f.beto, &format!("/api/documentos/{id}/archivo")).await;
        assert_eq!(back.bytes().await.expect("body").to_vec(), bytes);
    }

    // An image comes back re-encoded, without its EXIF.
    let photo = jpeg_with_exif_gps(800, 600);
    assert!(contains(&photo, GPS_MARKER));
    let up = upload(app, &f.ana, &f.family, "familia", photo, "dni.jpg").await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    assert_eq!(up.body["data"]["archivo"]["tipo"], "image/jpeg");
    let id = up.body["data"]["_id"].as_str().expect("id");
    let back = file(app, &f.ana, &format!("/api/documentos/{id}/archivo"))
        .await
        .bytes()
        .await
        .expect("body");
    assert!(back.starts_with(&[0xFF, 0xD8, 0xFF]));
    assert!(!contains(&back, GPS_MARKER));
    assert!(!contains(&back, b"Exif"));
}

#[tokio::test]
async fn deleted_documents_are_restorable_for_thirty_days_then_purged_with_their_files() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let before = stored_files(app).len();
    let id = uploaded(app, &f.ana, &f.family, "familia").await;
    let stored = stored_files(app).len();
    assert!(stored > before);

    let deleted = delete(app, &f.beto, &id).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert!(deleted.body["data"]["restaurableHasta"].is_string());
    let list = listed(app, &f.ana, &format!("familiaId={}", f.family)).await;
    assert!(!ids_of(&list).contains(&id));
    let gone = listed(
        app,
        &f.ana,
        &format!("familiaId={}&eliminados=true", f.family),
    )
    .await;
    assert_eq!(ids_of(&gone), vec![id.clone()]);
    // A viewer neither lists nor reads nor restores deleted documents.
    let by_viewer = listed(
        app,
        &f.vera,
        &format!("familiaId={}&eliminados=true", f.family),
    )
    .await;
    assert!(ids_of(&by_viewer).is_empty());
    let read = app
        .get(&format!("/api/documentos/{id}"), Some(&f.vera))
        .await;
    assert_eq!(read.status, StatusCode::NOT_FOUND);
    let read = app
        .get(&format!("/api/documentos/{id}"), Some(&f.ana))
        .await;
    assert_eq!(read.status, StatusCode::OK, "a restorer reads it");
    let restore_path = format!("/api/documentos/{id}/restaurar");
    let by_viewer = app.post(&restore_path, Some(&f.vera), json!({})).await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);

    let restored = app.post(&restore_path, Some(&f.ana), json!({})).await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.body);
    assert!(restored.body["data"]["eliminadoAt"].is_null());
    let again = app.post(&restore_path, Some(&f.ana), json!({})).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "not deleted");

    // Deleted again; after 29 days nothing is purged, after 31 it is, with its files.
    assert_eq!(delete(app, &f.ana, &id).await.status, StatusCode::OK);
    let purged = nido::documents::store::purge_due(&app.state, Utc::now() + Duration::days(29))
        .await
        .expect("purge");
    assert_eq!(purged, 0);
    let purged = nido::documents::store::purge_due(&app.state, Utc::now() + Duration::days(31))
        .await
        .expect("purge");
    assert_eq!(purged, 1);
    assert_eq!(stored_files(app).len(), before, "the files went with it");
    let after = app.post(&restore_path, Some(&f.ana), json!({})).await;
    assert_eq!(after.status, StatusCode::NOT_FOUND);
    assert_eq!(after.str("code"), "documento_no_encontrado");
}

#[tokio::test]
async fn the_quota_refuses_the_upload_that_would_pass_it_and_keeps_the_rest() {
    let f = family_with(Options {
        document_quota: Some(12_000),
        ..Options::default()
    })
    .await;
    let app = &f.app;
    let first = pdf(5000);
    let up = upload(app, &f.ana, &f.family, "familia", first.clone(), "a.pdf").await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.body["data"]["_id"].as_str().expect("id").to_owned();
    let files_before = stored_files(app).len();

    let over = upload(app, &f.beto, &f.family, "familia", pdf(8000), "b.pdf").await;
    assert_eq!(over.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", over.body);
    assert_eq!(over.str("code"), "cuota_agotada");
    assert!(
        over.str("msg").contains("de 11,7 KB"),
        "{}",
        over.str("msg")
    );
    // The family comes after the file: checked once the form is read, and still refused.
    let late = upload_to(app, "/api/documentos", &f.beto, &[], pdf(8000), "c.pdf").await;
    assert_eq!(
        late.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        late.body
    );
    let version = upload_to(
        app,
        &format!("/api/documentos/{id}/versiones"),
        &f.ana,
        &[],
        pdf(8000),
        "d.pdf",
    )
    .await;
    assert_eq!(version.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(version.str("code"), "cuota_agotada");
    assert_eq!(stored_files(app).len(), files_before, "nothing half-stored");

    let space = app
        .get(
            &format!("/api/documentos/espacio?familiaId={}", f.family),
            Some(&f.vera),
        )
        .await;
    assert_eq!(space.body["data"]["usadoBytes"], first.len() as u64);
    assert_eq!(space.body["data"]["cuotaBytes"], 12_000);
    let back = file(app, &f.ana, &format!("/api/documentos/{id}/archivo")).await;
    assert_eq!(back.bytes().await.expect("body").to_vec(), first);

    // What still fits is taken.
    let small = upload(app, &f.ana, &f.family, "familia", pdf(3000), "e.pdf").await;
    assert_eq!(small.status, StatusCode::CREATED, "{}", small.body);
}

#[tokio::test]
async fn a_25_mb_document_streams_in_and_a_larger_one_is_refused() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let big = pdf(25 * 1024 * 1024 - 64);
    let up = upload(
        app,
        &f.ana,
        &f.family,
        "familia",
        big.clone(),
        "escaneo.pdf",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.body["data"]["_id"].as_str().expect("id");
    let back = file(app, &f.beto, &format!("/api/documentos/{id}/archivo")).await;
    assert_eq!(back.bytes().await.expect("body").len(), big.len());

    let before = stored_files(app).len();
    let over = upload(
        app,
        &f.ana,
        &f.family,
        "familia",
        pdf(25 * 1024 * 1024 + 10),
        "grande.pdf",
    )
    .await;
    assert_eq!(over.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", over.body);
    assert_eq!(over.str("code"), "archivo_muy_grande");
    assert_eq!(stored_files(app).len(), before);
}

#[tokio::test]
async fn fields_are_checked_in_the_callers_language() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let child = app.add_child(&f.ana, &f.family).await;
    let bad = upload_to(
        app,
        "/api/documentos",
        &f.ana,
        &[
            ("familiaId", &f.family),
            ("categoria", "recetas"),
            ("titulo", " "),
            ("hijos", "no-such-child"),
        ],
        pdf(500),
        "a.pdf",
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert_eq!(bad.str("code"), "validation");
    for field in ["categoria", "titulo", "hijos"] {
        assert!(
            bad.body["errors"][field].is_string(),
            "{field}: {}",
            bad.body
        );
    }
    let good = upload_to(
        app,
        "/api/documentos",
        &f.ana,
        &[
            ("familiaId", &f.family),
            ("categoria", "escolar"),
            ("titulo", "Boletín de Tomás"),
            ("hijos", &child),
        ],
        pdf(500),
        "boletin.pdf",
    )
    .await;
    assert_eq!(good.status, StatusCode::CREATED, "{}", good.body);
    assert_eq!(good.body["data"]["hijos"], json!([child]));
    // A title that reads backwards, or notes with a NUL, are refused as any other text is.
    let id = good.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for (field, value) in [("titulo", "Boletín\u{202E}fdp.exe"), ("notas", "a\u{0}b")] {
        let changed = put(app, &f.ana, &id, json!({ field: value })).await;
        assert_eq!(
            changed.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            changed.body
        );
        assert_eq!(
            changed.body["errors"][field],
            "El texto tiene caracteres no permitidos (de control o que invierten la dirección del texto). Bórralo y vuelve a escribirlo.",
        );
    }
    let found = listed(
        app,
        &f.beto,
        &format!(
            "familiaId={}&q=BOLETIN&hijoId={child}&categoria=escolar",
            f.family
        ),
    )
    .await;
    assert_eq!(ids_of(&found).len(), 1, "{}", found.body);
    let none = listed(app, &f.beto, &format!("familiaId={}&q=50%25", f.family)).await;
    assert!(ids_of(&none).is_empty());
}

/// The documents the holder of `token` was told of (`documento.nuevo`), by id, oldest first.
async fn told_of(app: &TestApp, token: &str) -> Vec<String> {
    let list = app.get("/api/notificaciones", Some(token)).await;
    let mut ids: Vec<String> = list.body["data"]["notificaciones"]
        .as_array()
        .expect("notices")
        .iter()
        .filter(|n| n["tipo"] == "documento.nuevo")
        .map(|n| {
            assert!(
                n["titulo"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("Análisis de sangre"),
                "{n}"
            );
            let link = n["enlace"].as_str().unwrap_or_default();
            link.trim_start_matches("/profile/documents?documento=")
                .to_owned()
        })
        .collect();
    ids.reverse();
    ids
}

/// How many live `documentos` events went to each of the family's five people, in order.
async fn live_counts(f: &Family) -> Vec<u64> {
    use nido::platform::live::store::evento;
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let mut counts = Vec::new();
    for id in &f.ids {
        counts.push(
            evento::Entity::find()
                .filter(evento::Column::UsuarioId.eq(id))
                .filter(evento::Column::Tipo.eq("documentos"))
                .count(&f.app.db)
                .await
                .expect("live events"),
        );
    }
    counts
}

#[tokio::test]
async fn uploads_are_told_and_changes_sent_live_only_to_those_who_may_see_them() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let shared = uploaded(app, &f.ana, &f.family, "familia").await;
    let parents = uploaded(app, &f.ana, &f.family, "coprogenitores").await;
    let private = uploaded(app, &f.ana, &f.family, "privado").await;
    let version = upload_to(
        app,
        &format!("/api/documentos/{shared}/versiones"),
        &f.beto,
        &[],
        pdf(1000),
        "v2.pdf",
    )
    .await;
    assert_eq!(version.status, StatusCode::CREATED, "{}", version.body);

    // The uploader is never told of their own upload; the others only of what they may see.
    assert_eq!(told_of(app, &f.ana).await, [shared.as_str()]);
    assert_eq!(
        told_of(app, &f.beto).await,
        [shared.clone(), parents.clone()]
    );
    assert_eq!(
        told_of(app, &f.vera).await,
        [shared.as_str(), shared.as_str()]
    );
    assert!(told_of(app, &f.sam).await.is_empty());
    assert!(told_of(app, &f.rita).await.is_empty());
    // Ana, Beto, Vera, Sam, Rita: four changes to Ana, three to Beto, two to Vera.
    assert_eq!(live_counts(&f).await, [4, 3, 2, 0, 0]);

    // Made private, the document's last event still reaches those who saw it, so their lists
    // drop it; from then on only its uploader hears of it.
    let hidden = put(app, &f.ana, &shared, json!({"visibilidad": "privado"})).await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.body);
    assert_eq!(live_counts(&f).await, [5, 4, 3, 0, 0]);
    assert_eq!(delete(app, &f.ana, &private).await.status, StatusCode::OK);
    assert_eq!(live_counts(&f).await, [6, 4, 3, 0, 0]);
}

#[tokio::test]
async fn the_uploaders_export_holds_their_documents_and_their_erasure_keeps_the_familys() {
    let f = family_with(Options::default()).await;
    let app = &f.app;
    let shared = uploaded(app, &f.beto, &f.family, "familia").await;
    let private = uploaded(app, &f.beto, &f.family, "privado").await;
    let second = pdf(3000);
    let version = upload_to(
        app,
        &format!("/api/documentos/{shared}/versiones"),
        &f.ana,
        &[],
        second.clone(),
        "v2.pdf",
    )
    .await;
    assert_eq!(version.status, StatusCode::CREATED, "{}", version.body);

    // Beto's export lists both documents and every version, with the files he uploaded.
    let listed: Value =
        serde_json::from_str(&app.export_file(&f.beto, "documentos/documentos.json").await)
            .expect("json");
    let ids: Vec<&str> = listed
        .as_array()
        .expect("documents")
        .iter()
        .map(|d| d["id"].as_str().unwrap_or_default())
        .collect();
    let mut expected = vec![shared.as_str(), private.as_str()];
    expected.sort();
    assert_eq!(ids, expected);
    let of_shared = listed
        .as_array()
        .expect("documents")
        .iter()
        .find(|d| d["id"] == shared.as_str())
        .expect("shared");
    assert_eq!(of_shared["versiones"][0]["subidaPorTi"], true);
    assert_eq!(of_shared["versiones"][1]["subidaPorTi"], false);
    let first = app
        .export_bytes(
            &f.beto,
            &format!("documentos/archivos/{shared}/v1-informe.pdf"),
        )
        .await;
    assert_eq!(first, pdf(2000));
    // Ana uploaded no document: hers lists none, though she added a version.
    assert_eq!(
        app.export_file(&f.ana, "documentos/documentos.json").await,
        "[]"
    );

    let before = stored_files(app).len();
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    nido::accounts::closing::purge_due(&app.state, Utc::now() + Duration::days(91))
        .await
        .expect("purge");

    // The family's document stays, naming no uploader; the private one went, with its file.
    let kept = app
        .get(&format!("/api/documentos/{shared}"), Some(&f.ana))
        .await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
    assert_eq!(kept.body["data"]["subidoPor"]["_id"], "", "{}", kept.body);
    assert_eq!(kept.body["data"]["subidoPor"]["nombre"], "");
    let back = file(app, &f.ana, &format!("/api/documentos/{shared}/archivo")).await;
    assert_eq!(back.bytes().await.expect("body").to_vec(), second);
    let list = listed_ids(app, &f.ana, &f.family).await;
    assert_eq!(list, [shared.as_str()]);
    assert_eq!(
        stored_files(app).len(),
        before - 1,
        "the private file is gone"
    );
}

async fn listed_ids(app: &TestApp, token: &str, family: &str) -> Vec<String> {
    ids_of(&listed(app, token, &format!("familiaId={family}")).await)
}
