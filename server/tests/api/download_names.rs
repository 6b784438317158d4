//! Every route that hands over a file answers with one clean `filename`/`filename*` pair built
//! from the name, whatever the name was (a hostile multipart file name, a name stored before
//! names were cleaned, a hand-edited `nombre` of a signed link), with `nosniff` and a sandboxing
//! policy; an office file with a page stored in it is refused.

use std::io::Write;

use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{TestApp, answer};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
/// The name a review sent: it closed the quoted value and added parameters of its own.
const HOSTILE: &str = "Acuerdo\"; filename*=UTF-8''Acuerdo.hta; x=\".docx";

/// The parts of a `Content-Disposition`: its kind and each parameter's name and value.
fn parts(value: &str) -> (String, Vec<(String, String)>) {
    let mut pieces = value.split(';').map(str::trim);
    let how = pieces.next().unwrap_or_default().to_owned();
    let params = pieces
        .map(|p| {
            let (name, value) = p.split_once('=').unwrap_or((p, ""));
            (name.trim().to_owned(), value.trim().to_owned())
        })
        .collect();
    (how, params)
}

/// One `filename` (quoted, nothing inside that could end it) and one `filename*` (UTF-8,
/// percent-encoded), nothing else; gives back the decoded UTF-8 name.
fn one_clean_pair(headers: &header::HeaderMap, how: &str) -> String {
    let value = headers
        .get(header::CONTENT_DISPOSITION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (kind, params) = parts(value);
    assert_eq!(kind, how, "{value}");
    let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["filename", "filename*"], "{value}");
    let plain = &params[0].1;
    assert!(plain.starts_with('"') && plain.ends_with('"'), "{value}");
    let inside = &plain[1..plain.len() - 1];
    assert!(
        !inside.contains(['"', ';', '\\', '/', '%']) && inside.is_ascii(),
        "{value}"
    );
    let encoded = params[1]
        .1
        .strip_prefix("UTF-8''")
        .unwrap_or_else(|| panic!("{value}"));
    assert!(
        encoded
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"%.-_~".contains(&b)),
        "{value}"
    );
    let decoded: String = url::form_urlencoded::parse(format!("n={encoded}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    assert!(!decoded.contains(['"', ';', '\\', '/']), "{decoded}");
    assert_eq!(
        headers
            .get(header::X_CONTENT_TYPE_OPTIONS)
            .and_then(|v| v.to_str().ok()),
        Some("nosniff")
    );
    let csp = headers
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        csp.contains("sandbox") && csp.contains("default-src 'none'"),
        "{csp}"
    );
    decoded
}

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

/// A DOCX whose document part holds `body`, stored as it is or compressed.
fn docx(body: &[u8], stored: bool) -> Vec<u8> {
    zip_of(&[
        (
            "[Content_Types].xml",
            b"<?xml version=\"1.0\"?><Types/>",
            false,
        ),
        ("word/document.xml", body, stored),
    ])
}

fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<</Type/Catalog>>\nendobj\ntrailer\n<</Root 1 0 R>>\n%%EOF\n".to_vec()
}

async fn multipart(
    app: &TestApp,
    path: &str,
    token: &str,
    field: &str,
    fields: &[(&str, &str)],
    bytes: Vec<u8>,
    name: &str,
) -> crate::helpers::Answer {
    let mut form = reqwest::multipart::Form::new();
    for (key, value) in fields {
        form = form.text((*key).to_owned(), (*value).to_owned());
    }
    form = form.part(
        field.to_owned(),
        reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str("application/octet-stream")
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

async fn fetch(app: &TestApp, path: &str, token: Option<&str>) -> reqwest::Response {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.expect("download")
}

struct Pair {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto_id: String,
    family: String,
}

async fn pair() -> Pair {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    Pair {
        app,
        ana,
        ana_id,
        beto_id,
        family,
    }
}

#[tokio::test]
async fn a_hostile_name_comes_back_as_one_clean_pair_on_every_download_route() {
    let p = pair().await;
    let app = &p.app;

    // A document, uploaded under the hostile name: cleaned when kept, cleaned again when served.
    let up = multipart(
        app,
        "/api/documentos",
        &p.ana,
        "archivo",
        &[
            ("familiaId", &p.family),
            ("categoria", "legal"),
            ("titulo", "Acuerdo"),
        ],
        docx(b"<w:document><w:body/></w:document>", false),
        HOSTILE,
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.body["data"]["_id"].as_str().expect("id").to_owned();
    for query in ["", "?inline=true"] {
        let got = fetch(
            app,
            &format!("/api/documentos/{id}/archivo{query}"),
            Some(&p.ana),
        )
        .await;
        assert_eq!(got.status(), StatusCode::OK);
        let name = one_clean_pair(got.headers(), "attachment");
        assert!(name.ends_with(".docx"), "{name}");
    }
    // A name kept before names were cleaned at upload is cleaned on the way out.
    app.sql(&format!(
        "UPDATE documento_versiones SET nombre = '{}' WHERE documento_id = '{id}'",
        HOSTILE.replace('\'', "''")
    ))
    .await;
    let got = fetch(app, &format!("/api/documentos/{id}/archivo"), Some(&p.ana)).await;
    let name = one_clean_pair(got.headers(), "attachment");
    assert_eq!(name, "Acuerdo filename*=UTF-8''Acuerdo.hta x=.docx");

    // A message's attachment through its signed link, and with its unsigned `nombre` edited.
    let made = app
        .post(
            "/api/conversaciones",
            Some(&p.ana),
            json!({"familiaId": p.family, "tema": "general", "asunto": "Acuerdo"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let conversation = made.body["data"]["_id"].as_str().expect("id").to_owned();
    let attached = multipart(
        app,
        &format!("/api/conversaciones/{conversation}/adjuntos"),
        &p.ana,
        "archivo",
        &[],
        pdf(),
        "Acuerdo\"; x=\".pdf",
    )
    .await;
    assert_eq!(attached.status, StatusCode::CREATED, "{}", attached.body);
    let url = attached.body["data"]["url"]
        .as_str()
        .expect("url")
        .to_owned();
    let got = fetch(app, &url, None).await;
    assert_eq!(got.status(), StatusCode::OK);
    assert!(one_clean_pair(got.headers(), "attachment").ends_with(".pdf"));
    let edited = format!(
        "{}&nombre={}",
        url.split("&nombre=").next().unwrap_or_default(),
        url::form_urlencoded::byte_serialize(HOSTILE.as_bytes()).collect::<String>()
    );
    let got = fetch(app, &edited, None).await;
    assert_eq!(got.status(), StatusCode::OK);
    let name = one_clean_pair(got.headers(), "attachment");
    assert!(
        name.ends_with(".pdf"),
        "the served type's extension: {name}"
    );

    // A receipt and a payment's proof.
    let expense = app
        .post(
            "/api/gastos",
            Some(&p.ana),
            json!({"familiaId": p.family, "descripcion": "Útiles", "fecha": "2026-03-02",
                   "categoria": "educacion", "monto": 1_500,
                   "reparto": {"modo": "igual", "participantes": [p.ana_id, p.beto_id]}}),
        )
        .await;
    assert_eq!(expense.status, StatusCode::CREATED, "{}", expense.body);
    let receipt = format!(
        "/api/gastos/{}/recibo",
        expense.body["data"]["id"].as_str().expect("id")
    );
    let up = multipart(app, &receipt, &p.ana, "recibo", &[], pdf(), HOSTILE).await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    let got = fetch(app, &receipt, Some(&p.ana)).await;
    assert_eq!(got.status(), StatusCode::OK);
    assert_eq!(one_clean_pair(got.headers(), "attachment"), "recibo.pdf");
    let payment = app
        .post(
            "/api/pagos",
            Some(&p.ana),
            json!({"familiaId": p.family, "fecha": "2026-03-05", "de": p.ana_id, "para": p.beto_id, "monto": 750}),
        )
        .await;
    assert_eq!(payment.status, StatusCode::CREATED, "{}", payment.body);
    let proof = format!(
        "/api/pagos/{}/comprobante",
        payment.body["data"]["id"].as_str().expect("id")
    );
    let up = multipart(app, &proof, &p.ana, "comprobante", &[], pdf(), HOSTILE).await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    let got = fetch(app, &proof, Some(&p.ana)).await;
    assert_eq!(
        one_clean_pair(got.headers(), "attachment"),
        "comprobante.pdf"
    );

    // The expenses' CSV and the account's export.
    let csv = fetch(
        app,
        &format!("/api/familias/{}/informes/gastos.csv?moneda=ARS", p.family),
        Some(&p.ana),
    )
    .await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(
        one_clean_pair(csv.headers(), "attachment"),
        "gastos-ARS.csv"
    );
    let export = fetch(app, "/api/usuarios/exportar", Some(&p.ana)).await;
    assert_eq!(export.status(), StatusCode::OK);
    let name = one_clean_pair(export.headers(), "attachment");
    assert!(
        name.starts_with("nido-") && name.ends_with(".zip"),
        "{name}"
    );
    assert_eq!(export.headers()[header::CACHE_CONTROL], "private, no-store");
}

#[tokio::test]
async fn an_office_file_with_a_page_stored_in_it_is_refused_and_never_shown() {
    let p = pair().await;
    let app = &p.app;
    let fields = [
        ("familiaId", p.family.as_str()),
        ("categoria", "legal"),
        ("titulo", "Carta"),
    ];
    let page = b"<w:document><script>alert(document.cookie)</script></w:document>";
    for (name, body) in [
        ("stored script", &page[..]),
        (
            "stored page",
            b"<!DOCTYPE html><html><body onload=alert(1)></body></html>",
        ),
    ] {
        let up = multipart(
            app,
            "/api/documentos",
            &p.ana,
            "archivo",
            &fields,
            docx(body, true),
            "carta.docx",
        )
        .await;
        assert_eq!(
            up.status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{name}: {}",
            up.body
        );
        assert_eq!(up.str("code"), "tipo_no_admitido", "{name}");
        assert!(up.str("msg").contains("script"), "{}", up.str("msg"));
    }
    let listed = app
        .get(
            &format!("/api/documentos?familiaId={}", p.family),
            Some(&p.ana),
        )
        .await;
    assert_eq!(listed.body["data"]["documentos"], Value::Array(vec![]));

    // Compressed, it is never opened here: kept, and only ever handed over as a download.
    let up = multipart(
        app,
        "/api/documentos",
        &p.ana,
        "archivo",
        &fields,
        docx(page, false),
        "carta.docx",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.body["data"]["_id"].as_str().expect("id");
    let got = fetch(
        app,
        &format!("/api/documentos/{id}/archivo?inline=true"),
        Some(&p.ana),
    )
    .await;
    assert_eq!(
        got.headers()[header::CONTENT_TYPE],
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    );
    assert_eq!(one_clean_pair(got.headers(), "attachment"), "carta.docx");
    let csp = got.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap_or_default()
        .to_owned();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
}
