//! Files attached to messages: images lose their metadata, PDFs come back byte for byte, the
//! store holds only ciphertext, hostile and oversized files are refused without a trace, a
//! message carries at most five uploads of its own author, only participants upload or get
//! links, and uploads nobody sent go after a day with their files.

use std::time::Duration;

use chrono::Utc;
use nido::messages::{attachments, entities::adjunto};
use nido::platform::{files::clave, pending::nota};
use reqwest::{StatusCode, header};
use sea_orm::{ActiveModelTrait, EntityTrait, PaginatorTrait, Set};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::{
    children::stored_files,
    helpers::{Answer, TestApp},
    hostile::png_claiming,
    images::{GPS_MARKER, contains, jpeg_with_exif_gps, png},
};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
/// A run of text that must never be found in the store.
const MARKER: &[u8] = b"NIDO-ADJUNTO-EN-CLARO-5c1e";

/// Two co-parents of one family and a conversation between them.
struct Pair {
    app: TestApp,
    ana: String,
    beto: String,
    family: String,
    conversation: String,
}

async fn pair() -> Pair {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    // Beto reads Nido in English.
    let made = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Beto", "apellido": "Gómez", "email": "beto@example.org", "password": PASSWORD, "language": "en"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let beto = made.str_of(&["token"]);
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let conversation = conversation(&app, &ana, &family, None).await;
    Pair {
        app,
        ana,
        beto,
        family,
        conversation,
    }
}

/// A conversation of `family` made by the holder of `token` (with these participants, or the
/// family's co-parents).
async fn conversation(
    app: &TestApp,
    token: &str,
    family: &str,
    participantes: Option<Vec<String>>,
) -> String {
    let mut body = json!({"familiaId": family, "tema": "medico", "asunto": "Análisis de Tomás"});
    if let Some(ids) = participantes {
        body["participantes"] = json!(ids);
    }
    let made = app.post("/api/conversaciones", Some(token), body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.str_of(&["data", "_id"])
}

trait Field {
    fn str_of(&self, path: &[&str]) -> String;
}

impl Field for Answer {
    fn str_of(&self, path: &[&str]) -> String {
        let mut value = &self.body;
        for key in path {
            value = &value[*key];
        }
        value.as_str().unwrap_or_default().to_owned()
    }
}

/// Sends `bytes` as the `archivo` field, named `name` and declared as `mime`.
async fn upload(
    app: &TestApp,
    conversation: &str,
    token: &str,
    bytes: Vec<u8>,
    name: &str,
    mime: &str,
) -> Answer {
    let form = reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str(mime)
            .expect("mime"),
    );
    let res = app
        .client
        .post(format!(
            "{}/api/conversaciones/{conversation}/adjuntos",
            app.base
        ))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    crate::helpers::answer(res).await
}

/// Uploads `bytes` and expects it kept: its id.
async fn uploaded(p: &Pair, token: &str, bytes: Vec<u8>, name: &str, mime: &str) -> String {
    let up = upload(&p.app, &p.conversation, token, bytes, name, mime).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    up.str_of(&["data", "_id"])
}

async fn send(p: &Pair, token: &str, adjuntos: &[String]) -> Answer {
    p.app
        .post(
            &format!("/api/conversaciones/{}/mensajes", p.conversation),
            Some(token),
            json!({"texto": "Te paso los papeles", "tipo": "normal", "adjuntos": adjuntos}),
        )
        .await
}

struct Fetched {
    status: StatusCode,
    headers: header::HeaderMap,
    bytes: Vec<u8>,
}

async fn fetch(app: &TestApp, link: &str) -> Fetched {
    let res = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("request");
    Fetched {
        status: res.status(),
        headers: res.headers().clone(),
        bytes: res.bytes().await.expect("body").to_vec(),
    }
}

fn header_of<'a>(fetched: &'a Fetched, name: &str) -> &'a str {
    fetched
        .headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A small but well-formed PDF of about `len` bytes, with `MARKER` in its content and its end
/// marker where it belongs.
fn pdf(len: usize) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n\
2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n3 0 obj\n<</Length 0>>\nstream\n"
        .to_vec();
    let mut i = 0u32;
    while out.len() + 64 < len {
        out.extend_from_slice(MARKER);
        out.extend_from_slice(format!(" {i:08} ").as_bytes());
        i = i.wrapping_add(1);
    }
    out.extend_from_slice(b"\nendstream\nendobj\ntrailer\n<</Root 1 0 R>>\n%%EOF\n");
    out
}

/// A GIF with a page of HTML after its end: a picture to an image reader, a page to a lenient
/// browser.
fn gif_with_html() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(24, 16, image::Rgba([200, 30, 60, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgba8(img)
        .write_to(&mut out, image::ImageFormat::Gif)
        .expect("gif");
    let mut gif = out.into_inner();
    gif.extend_from_slice(b"<html><body><script>alert(document.cookie)</script></body></html>");
    gif
}

async fn rows(app: &TestApp) -> u64 {
    adjunto::Entity::find().count(&app.db).await.expect("count")
}

/// Nothing of any upload is left: no row, no stored file, no file key, no pending note.
async fn assert_nothing_stored(app: &TestApp, what: &str) {
    assert_eq!(rows(app).await, 0, "{what}: no attachment row");
    assert_eq!(
        stored_files(app),
        Vec::<std::path::PathBuf>::new(),
        "{what}"
    );
    assert_eq!(
        clave::Entity::find().count(&app.db).await.expect("count"),
        0,
        "{what}: no file key"
    );
    assert_eq!(
        nota::Entity::find().count(&app.db).await.expect("count"),
        0,
        "{what}: no pending note"
    );
}

#[tokio::test]
async fn images_lose_their_metadata_and_come_with_a_thumbnail() {
    let p = pair().await;
    let up = upload(
        &p.app,
        &p.conversation,
        &p.ana,
        jpeg_with_exif_gps(640, 480),
        "C:\\fotos\\playa.jpeg",
        "image/jpeg",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let data = &up.body["data"];
    assert_eq!(data["nombre"], "playa.jpg");
    assert_eq!(data["clase"], "imagen");
    assert_eq!(data["mime"], "image/jpeg");

    let photo = fetch(&p.app, data["url"].as_str().expect("url")).await;
    assert_eq!(photo.status, StatusCode::OK);
    assert_eq!(header_of(&photo, "content-type"), "image/jpeg");
    assert_eq!(
        header_of(&photo, "content-disposition"),
        "inline; filename=\"playa.jpg\"; filename*=UTF-8''playa.jpg"
    );
    assert_eq!(header_of(&photo, "x-content-type-options"), "nosniff");
    assert_eq!(data["tamano"], json!(photo.bytes.len()));
    let decoded = image::load_from_memory(&photo.bytes).expect("a JPEG");
    assert_eq!((decoded.width(), decoded.height()), (640, 480));
    assert!(!contains(&photo.bytes, GPS_MARKER), "the location is gone");
    assert!(!contains(&photo.bytes, b"Exif"), "no EXIF at all");

    let thumb = fetch(&p.app, data["miniatura"].as_str().expect("thumbnail")).await;
    assert_eq!(thumb.status, StatusCode::OK);
    let thumb = image::load_from_memory(&thumb.bytes).expect("a JPEG");
    assert!(thumb.width() <= 320 && thumb.height() <= 320);

    let row = adjunto::Entity::find_by_id(up.str_of(&["data", "_id"]))
        .one(&p.app.db)
        .await
        .expect("read")
        .expect("row");
    assert_eq!(
        row.sha256,
        sha256_hex(&photo.bytes),
        "the hash of what is served"
    );
    assert!(row.mensaje_id.is_none(), "waits for its message");
    for path in stored_files(&p.app) {
        let raw = std::fs::read(&path).expect("raw");
        assert!(!contains(&raw, GPS_MARKER) && !contains(&raw, b"JFIF"));
        assert!(image::load_from_memory(&raw).is_err(), "{}", path.display());
    }

    // The GIF with a page behind it comes out a JPEG and nothing else.
    let up = upload(
        &p.app,
        &p.conversation,
        &p.ana,
        gif_with_html(),
        "gracioso.gif",
        "image/gif",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    assert_eq!(up.body["data"]["nombre"], "gracioso.jpg");
    let served = fetch(&p.app, up.body["data"]["url"].as_str().expect("url")).await;
    assert_eq!(header_of(&served, "content-type"), "image/jpeg");
    assert!(served.bytes.starts_with(&[0xFF, 0xD8]));
    assert!(!contains(&served.bytes, b"<script") && !contains(&served.bytes, b"<html"));
}

#[tokio::test]
async fn pdfs_come_back_byte_for_byte_as_downloads_and_are_stored_encrypted() {
    let p = pair().await;
    // Larger than what the file route checks before answering, and than a stored chunk.
    let original = pdf(1536 * 1024 + 77);
    let up = upload(
        &p.app,
        &p.conversation,
        &p.beto,
        original.clone(),
        "Informe médico.pdf",
        "application/pdf",
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let data = &up.body["data"];
    assert_eq!(data["nombre"], "Informe médico.pdf");
    assert_eq!(data["clase"], "pdf");
    assert_eq!(data["mime"], "application/pdf");
    assert_eq!(data["tamano"], json!(original.len()));
    assert_eq!(data["miniatura"], Value::Null);

    let served = fetch(&p.app, data["url"].as_str().expect("url")).await;
    assert_eq!(served.status, StatusCode::OK);
    assert!(served.bytes == original, "the same bytes");
    assert_eq!(header_of(&served, "content-type"), "application/pdf");
    let disposition = header_of(&served, "content-disposition");
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(
        disposition.contains("filename*=UTF-8''Informe%20m%C3%A9dico.pdf"),
        "{disposition}"
    );
    assert_eq!(header_of(&served, "x-content-type-options"), "nosniff");
    let policy = header_of(&served, "content-security-policy");
    assert!(
        policy.contains("sandbox") && policy.contains("default-src 'none'"),
        "{policy}"
    );

    // Asked for compressed, as browsers do: whole, and the same bytes once inflated (the
    // compression layer polls the decrypting stream past its end).
    let res = p
        .app
        .client
        .get(format!(
            "{}{}",
            p.app.base,
            data["url"].as_str().expect("url")
        ))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("compressed download");
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.bytes().await.expect("the whole body");
    let inflated = if body.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut out)
            .expect("gzip");
        out
    } else {
        body.to_vec()
    };
    assert!(inflated == original, "the same bytes, compressed or not");

    let row = adjunto::Entity::find_by_id(up.str_of(&["data", "_id"]))
        .one(&p.app.db)
        .await
        .expect("read")
        .expect("row");
    assert_eq!(row.sha256, sha256_hex(&original));
    let stored = stored_files(&p.app);
    assert_eq!(stored.len(), 1, "{stored:?}");
    let raw = std::fs::read(&stored[0]).expect("raw");
    assert!(!raw.starts_with(b"%PDF"), "not the plaintext");
    assert!(!contains(&raw, MARKER), "no run of the plaintext");

    // A changed name in the link only renames the download: it stays a PDF.
    let renamed = data["url"]
        .as_str()
        .expect("url")
        .replace("nombre=", "nombre=pagina.html%3F");
    let served = fetch(&p.app, &renamed).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(header_of(&served, "content-type"), "application/pdf");
    assert!(
        header_of(&served, "content-disposition").contains(".pdf\""),
        "{}",
        header_of(&served, "content-disposition")
    );
    // A link whose signature does not match finds nothing.
    let forged = data["url"].as_str().expect("url").replace("sig=", "sig=0");
    assert_eq!(fetch(&p.app, &forged).await.status, StatusCode::NOT_FOUND);
}

/// A hostile upload: what it is, its bytes, name and declared type, and the answer it gets.
type Case = (
    &'static str,
    Vec<u8>,
    &'static str,
    &'static str,
    StatusCode,
    &'static str,
);

#[tokio::test]
async fn hostile_files_are_refused_and_leave_nothing_behind() {
    let p = pair().await;
    let mut cut_pdf = pdf(4000);
    cut_pdf.truncate(3000);
    let mut zip = b"PK\x03\x04\x14\0\0\0\x08\0".to_vec();
    zip.extend_from_slice(&[0u8; 200]);
    let cases: Vec<Case> = vec![
        (
            "a page named .pdf",
            b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>".to_vec(),
            "informe.pdf",
            "application/pdf",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_type",
        ),
        (
            "a PDF with a page in its first bytes",
            [
                &b"%PDF-1.4\n<html><script>alert(1)</script></html>\n"[..],
                &pdf(2000)[9..],
            ]
            .concat(),
            "doble.pdf",
            "application/pdf",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_type",
        ),
        (
            "a page with a PDF after it",
            [&b"<html><script>alert(1)</script>\n"[..], &pdf(2000)].concat(),
            "doble.pdf",
            "application/pdf",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_type",
        ),
        (
            "a GIF header and then a page",
            b"GIF89a\x10\x00\x10\x00\x00\x00\x00<html><script>alert(1)</script></html>".to_vec(),
            "gracioso.gif",
            "image/gif",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "photo_invalid",
        ),
        (
            "an SVG",
            b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><rect/></svg>".to_vec(),
            "dibujo.svg",
            "image/svg+xml",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_type",
        ),
        (
            "a zip",
            zip,
            "papeles.zip",
            "application/zip",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_type",
        ),
        (
            "a PDF cut short",
            cut_pdf,
            "cortado.pdf",
            "application/pdf",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "attachment_pdf_incomplete",
        ),
        (
            "a PNG that would decompress to 3.6 gigapixels",
            png_claiming(60_000),
            "bomba.png",
            "image/png",
            StatusCode::UNPROCESSABLE_ENTITY,
            "photo_too_many_pixels",
        ),
        (
            "an empty file",
            Vec::new(),
            "vacio.pdf",
            "application/pdf",
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation",
        ),
    ];
    for (what, bytes, name, mime, status, code) in cases {
        let started = std::time::Instant::now();
        let answer = upload(&p.app, &p.conversation, &p.ana, bytes, name, mime).await;
        assert_eq!(answer.status, status, "{what}: {}", answer.body);
        assert_eq!(answer.body["code"], code, "{what}: {}", answer.body);
        assert!(!answer.str_of(&["msg"]).is_empty(), "{what}");
        assert!(started.elapsed() < Duration::from_secs(10), "{what}");
        assert_nothing_stored(&p.app, what).await;
    }
    let empty = upload(
        &p.app,
        &p.conversation,
        &p.ana,
        Vec::new(),
        "x.pdf",
        "application/pdf",
    )
    .await;
    assert!(
        empty.body["errors"]["archivo"].is_string(),
        "{}",
        empty.body
    );

    // A form without the file.
    let form = reqwest::multipart::Form::new().text("otro", "valor");
    let res = p
        .app
        .client
        .post(format!(
            "{}/api/conversaciones/{}/adjuntos",
            p.app.base, p.conversation
        ))
        .bearer_auth(&p.ana)
        .multipart(form)
        .send()
        .await
        .expect("send");
    let answer = crate::helpers::answer(res).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    assert_eq!(answer.body["code"], "attachment_required");
    // In English for an English speaker.
    let answer = upload(
        &p.app,
        &p.conversation,
        &p.beto,
        b"PK\x03\x04".to_vec(),
        "a.zip",
        "application/zip",
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(
        answer.str_of(&["msg"]).starts_with("Only images"),
        "{}",
        answer.body
    );
    assert_nothing_stored(&p.app, "after all").await;
}

/// Sends a multipart upload of `length` bytes of file by hand, announced by Content-Length or
/// chunked, stopping as soon as the server answers; gives back the status line and how much of
/// the file went out.
async fn send_large(p: &Pair, file_start: &[u8], length: usize, chunked: bool) -> (String, usize) {
    let addr = p.app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let boundary = "limite-de-prueba";
    let part_head = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"archivo\"; filename=\"grande.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    );
    let part_end = format!("\r\n--{boundary}--\r\n");
    let framing = if chunked {
        "Transfer-Encoding: chunked".to_owned()
    } else {
        format!(
            "Content-Length: {}",
            part_head.len() + length + part_end.len()
        )
    };
    let head = format!(
        "POST /api/conversaciones/{}/adjuntos HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {}\r\nContent-Type: multipart/form-data; boundary={boundary}\r\n{framing}\r\nConnection: close\r\n\r\n",
        p.conversation, p.ana
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let frame = |bytes: &[u8]| -> Vec<u8> {
        if chunked {
            [format!("{:x}\r\n", bytes.len()).as_bytes(), bytes, b"\r\n"].concat()
        } else {
            bytes.to_vec()
        }
    };
    let mut first = part_head.into_bytes();
    first.extend_from_slice(file_start);
    let _ = stream.write_all(&frame(&first)).await;
    let piece = vec![b'a'; 1024 * 1024];
    let mut sent = file_start.len();
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
        let take = piece.len().min(length - sent);
        if stream.write_all(&frame(&piece[..take])).await.is_err() {
            break;
        }
        sent += take;
    }
    if sent >= length {
        let mut last = frame(part_end.as_bytes());
        if chunked {
            last.extend_from_slice(b"0\r\n\r\n");
        }
        let _ = stream.write_all(&last).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer);
    (text.lines().next().unwrap_or_default().to_owned(), sent)
}

#[tokio::test]
async fn files_over_25_mb_are_refused_and_nothing_is_stored() {
    let p = pair().await;
    let over = 26 * 1024 * 1024;
    // Announced: refused before the body is read.
    let (status, sent) = send_large(&p, &pdf(2000)[..100], over, false).await;
    assert!(status.contains(" 413 "), "{status}");
    assert!(
        sent < 16 * 1024 * 1024,
        "the server read {sent} bytes first"
    );
    // Not announced: counted as it arrives, and refused at the limit.
    let (status, _) = send_large(&p, &png(4, 4)[..33], over, true).await;
    assert!(status.contains(" 413 "), "{status}");
    assert_nothing_stored(&p.app, "too large").await;
}

#[tokio::test]
async fn a_message_claims_at_most_five_uploads_of_its_own_author() {
    let p = pair().await;
    let mut mine = Vec::new();
    for i in 0..6 {
        let name = format!("hoja-{i}.pdf");
        mine.push(uploaded(&p, &p.ana, pdf(1500), &name, "application/pdf").await);
    }
    let six = send(&p, &p.ana, &mine).await;
    assert_eq!(six.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", six.body);
    assert!(six.body["errors"]["adjuntos"].is_string(), "{}", six.body);

    let theirs = uploaded(&p, &p.beto, png(30, 20), "dibujo.png", "image/png").await;
    let foreign = send(&p, &p.ana, &[mine[0].clone(), theirs.clone()]).await;
    assert_eq!(
        foreign.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        foreign.body
    );
    assert!(foreign.body["errors"]["adjuntos"].is_string());
    let unknown = send(&p, &p.ana, &["no-existe".to_owned()]).await;
    assert_eq!(
        unknown.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unknown.body
    );

    // An upload made in another conversation is not one of this conversation's.
    let other = conversation(&p.app, &p.ana, &p.family, None).await;
    let elsewhere = upload(
        &p.app,
        &other,
        &p.ana,
        pdf(1500),
        "otra.pdf",
        "application/pdf",
    )
    .await;
    assert_eq!(elsewhere.status, StatusCode::CREATED);
    let moved = send(&p, &p.ana, &[elsewhere.str_of(&["data", "_id"])]).await;
    assert_eq!(
        moved.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        moved.body
    );

    // Five, in the order given.
    let five: Vec<String> = mine[..5].iter().rev().cloned().collect();
    let sent = send(&p, &p.ana, &five).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let listed: Vec<String> = sent.body["data"]["adjuntos"]
        .as_array()
        .expect("adjuntos")
        .iter()
        .map(|a| a["_id"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(listed, five);
    let names: Vec<&str> = sent.body["data"]["adjuntos"]
        .as_array()
        .expect("adjuntos")
        .iter()
        .map(|a| a["nombre"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        names,
        [
            "hoja-4.pdf",
            "hoja-3.pdf",
            "hoja-2.pdf",
            "hoja-1.pdf",
            "hoja-0.pdf"
        ]
    );

    // Sent once, never again.
    let again = send(&p, &p.ana, &[mine[4].clone()]).await;
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        again.body
    );
    let left = send(&p, &p.ana, &[mine[5].clone()]).await;
    assert_eq!(left.status, StatusCode::CREATED, "{}", left.body);

    // The recipient reads the files through the links in the thread.
    let thread = p
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", p.conversation),
            Some(&p.beto),
        )
        .await;
    assert_eq!(thread.status, StatusCode::OK, "{}", thread.body);
    let newest = &thread.body["data"]["mensajes"][0]["adjuntos"][0];
    assert_eq!(newest["nombre"], "hoja-5.pdf");
    let served = fetch(&p.app, newest["url"].as_str().expect("url")).await;
    assert_eq!(served.status, StatusCode::OK);
    assert!(served.bytes.starts_with(b"%PDF-"));
}

#[tokio::test]
async fn only_participants_upload_and_see_links() {
    let p = pair().await;
    // Carla is in the family but not in a conversation between Ana and Beto only.
    let (carla, _) = p.app.register("carla@example.org", PASSWORD).await;
    p.app
        .join_family(&p.ana, &p.family, &carla, "viewer", "abuelo")
        .await;
    let (eve, _) = p.app.register("eve@example.org", PASSWORD).await;
    let id = uploaded(&p, &p.ana, pdf(1500), "privado.pdf", "application/pdf").await;
    let sent = send(&p, &p.ana, &[id]).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);

    let participants = p
        .app
        .get(
            &format!("/api/conversaciones/{}", p.conversation),
            Some(&p.ana),
        )
        .await;
    let ids: Vec<String> = participants.body["data"]["participantes"]
        .as_array()
        .expect("participants")
        .iter()
        .map(|x| x["_id"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(ids.len(), 2, "{}", participants.body);

    for (who, token) in [("a viewer left out", &carla), ("a stranger", &eve)] {
        let up = upload(
            &p.app,
            &p.conversation,
            token,
            pdf(1500),
            "x.pdf",
            "application/pdf",
        )
        .await;
        assert_eq!(up.status, StatusCode::NOT_FOUND, "{who}: {}", up.body);
        let thread = p
            .app
            .get(
                &format!("/api/conversaciones/{}/mensajes", p.conversation),
                Some(token),
            )
            .await;
        assert_eq!(thread.status, StatusCode::NOT_FOUND, "{who}");
        assert!(!thread.body.to_string().contains("/api/archivos/"), "{who}");
    }
    let nowhere = upload(
        &p.app,
        "no-existe",
        &p.ana,
        pdf(1500),
        "x.pdf",
        "application/pdf",
    )
    .await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    let anonymous = p
        .app
        .client
        .post(format!(
            "{}/api/conversaciones/{}/adjuntos",
            p.app.base, p.conversation
        ))
        .multipart(reqwest::multipart::Form::new().part(
            "archivo",
            reqwest::multipart::Part::bytes(pdf(1500)).file_name("x.pdf"),
        ))
        .send()
        .await
        .expect("send");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(rows(&p.app).await, 1, "only the participant's upload");
}

#[tokio::test]
async fn unsent_uploads_go_after_a_day_with_their_files() {
    let p = pair().await;
    let image = upload(
        &p.app,
        &p.conversation,
        &p.ana,
        png(40, 30),
        "olvidada.png",
        "image/png",
    )
    .await;
    assert_eq!(image.status, StatusCode::CREATED, "{}", image.body);
    let kept = uploaded(&p, &p.ana, pdf(1500), "enviado.pdf", "application/pdf").await;
    let sent = send(&p, &p.ana, &[kept]).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let forgotten = uploaded(&p, &p.beto, pdf(1500), "olvidado.pdf", "application/pdf").await;
    assert_eq!(
        stored_files(&p.app).len(),
        4,
        "image, thumbnail and two PDFs"
    );

    // Notes on every stored file, as an instance that died mid-change leaves them: the sweep of
    // interrupted changes finds each one still pointed at, and keeps them all.
    for path in stored_files(&p.app) {
        let relative = path
            .strip_prefix(p.app.data_dir.path().join("files"))
            .expect("under the store");
        let key = relative.to_string_lossy().replace('\\', "/");
        nota::ActiveModel {
            clave: Set(key),
            instancia: Set("an-instance-that-died".to_owned()),
            created_at: Set(Utc::now() - chrono::Duration::hours(2)),
        }
        .insert(&p.app.db)
        .await
        .expect("note");
    }
    let swept = nido::domain::sweep_pending_files(&p.app.state)
        .await
        .expect("sweep");
    assert_eq!(swept, 0, "every file has its attachment");
    assert_eq!(stored_files(&p.app).len(), 4);

    let now = Utc::now();
    let early = attachments::remove_unclaimed(&p.app.state, now + chrono::Duration::hours(23))
        .await
        .expect("run");
    assert_eq!(early, 0, "not yet a day old");
    assert_eq!(rows(&p.app).await, 3);

    let removed = attachments::remove_unclaimed(
        &p.app.state,
        now + attachments::UNCLAIMED_FOR + chrono::Duration::minutes(1),
    )
    .await
    .expect("run");
    assert_eq!(removed, 2, "the image and Beto's PDF");
    assert_eq!(rows(&p.app).await, 1, "the sent one stays");
    assert!(
        adjunto::Entity::find_by_id(forgotten)
            .one(&p.app.db)
            .await
            .expect("read")
            .is_none()
    );
    assert_eq!(stored_files(&p.app).len(), 1, "only the sent PDF's file");
    assert_eq!(
        clave::Entity::find().count(&p.app.db).await.expect("count"),
        1
    );
    assert_eq!(
        nota::Entity::find().count(&p.app.db).await.expect("count"),
        0
    );
    let link = image.body["data"]["url"].as_str().expect("url");
    assert_eq!(fetch(&p.app, link).await.status, StatusCode::NOT_FOUND);
    // Sending it now is too late.
    let late = send(&p, &p.ana, &[image.str_of(&["data", "_id"])]).await;
    assert_eq!(
        late.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        late.body
    );
}

/// Every file of the holder of `token`'s data export, by path.
async fn export_of(app: &TestApp, token: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let res = app
        .client
        .get(format!("{}/api/usuarios/exportar", app.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("export");
    assert_eq!(res.status(), StatusCode::OK);
    let announced = res.content_length();
    let bytes = res.bytes().await.expect("body").to_vec();
    assert_eq!(
        announced,
        Some(bytes.len() as u64),
        "its length is announced"
    );
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut files = std::collections::BTreeMap::new();
    for n in 0..archive.len() {
        let mut file = archive.by_index(n).expect("a file");
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut file, &mut content).expect("read");
        let name = file.name().expect("a name").into_owned();
        files.insert(name, content);
    }
    files
}

#[tokio::test]
async fn the_export_holds_each_sent_file_with_its_hash() {
    let p = pair().await;
    let original_pdf = pdf(300 * 1024 + 5);
    let photo = uploaded(
        &p,
        &p.ana,
        png(320, 200),
        "Cumpleaños: Tomás.png",
        "image/png",
    )
    .await;
    let report = uploaded(
        &p,
        &p.ana,
        original_pdf.clone(),
        "Informe médico.pdf",
        "application/pdf",
    )
    .await;
    let sent = send(&p, &p.ana, &[photo.clone(), report.clone()]).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let message = sent.str_of(&["data", "_id"]);
    let served_photo = fetch(
        &p.app,
        sent.body["data"]["adjuntos"][0]["url"]
            .as_str()
            .expect("url"),
    )
    .await;
    // An upload nobody sent is no file of a message: it stays out.
    uploaded(&p, &p.ana, pdf(2048), "borrador.pdf", "application/pdf").await;

    // The other participant's export: the family record gives the hashes to check against.
    let entries = p
        .app
        .get(
            &format!("/api/familias/{}/registro", p.family),
            Some(&p.beto),
        )
        .await;
    let recorded: Vec<Value> = entries.body["data"]["entradas"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e["tipo"] == "mensaje.enviado")
        .flat_map(|e| {
            e["contenido"]["adjuntos"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(recorded.len(), 2, "{}", entries.body);

    let files = export_of(&p.app, &p.beto).await;
    let manifest: Value =
        serde_json::from_slice(&files["mensajes/adjuntos.json"]).expect("the manifest");
    let listed = manifest.as_array().cloned().unwrap_or_default();
    assert_eq!(listed.len(), 2, "{manifest}");
    let photo_path = format!("mensajes/adjuntos/{message}-1-Cumpleaños__Tomás.jpg");
    let pdf_path = format!("mensajes/adjuntos/{message}-2-Informe_médico.pdf");
    assert_eq!(listed[0]["archivo"], photo_path.as_str());
    assert_eq!(listed[1]["archivo"], pdf_path.as_str());
    assert_eq!(listed[0]["adjuntoId"], photo.as_str());
    assert_eq!(listed[1]["adjuntoId"], report.as_str());
    assert_eq!(listed[1]["nombre"], "Informe médico.pdf");
    assert_eq!(listed[1]["mensajeId"], message.as_str());
    assert_eq!(listed[1]["conversacionId"], p.conversation.as_str());

    // The bytes are the file as sent (the image as re-encoded and served), decrypted.
    assert!(files[&pdf_path] == original_pdf, "the PDF byte for byte");
    assert!(
        files[&photo_path] == served_photo.bytes,
        "the image as served"
    );
    for (entry, record) in listed.iter().zip(&recorded) {
        let path = entry["archivo"].as_str().unwrap_or_default();
        let hash = sha256_hex(&files[path]);
        assert_eq!(entry["sha256"], hash.as_str(), "{path}");
        assert_eq!(entry["tamano"], json!(files[path].len()), "{path}");
        assert_eq!(
            record["sha256"],
            hash.as_str(),
            "the record's hash of {path}"
        );
    }
    let attached: Vec<&String> = files
        .keys()
        .filter(|k| k.starts_with("mensajes/adjuntos/"))
        .collect();
    assert_eq!(attached, [&photo_path, &pdf_path], "only the files sent");
    let readme = String::from_utf8_lossy(&files["LEEME.txt"]).into_owned();
    assert!(readme.contains("mensajes/adjuntos.json"), "{readme}");

    // The author's export has them too; a stranger's has none.
    let ana = export_of(&p.app, &p.ana).await;
    assert!(ana[&pdf_path] == original_pdf);
    let (stranger, _) = p.app.register("carla@example.org", PASSWORD).await;
    let theirs = export_of(&p.app, &stranger).await;
    assert_eq!(theirs["mensajes/adjuntos.json"], b"[]");
}
