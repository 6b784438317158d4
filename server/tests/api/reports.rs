//! Certified reports: asked for by any member, made by a job, holding exactly what the maker may
//! see (a viewer's has no money, nobody's has another's private document or conversation), a
//! PDF that `qpdf --check` accepts and whose text `pdftotext` reads back, theirs alone, in the
//! family record once issued, and removable.

use std::process::Command;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{
    custody::{Family, day, family, today},
    helpers::{Answer, eventually},
};

const SECTIONS: [&str; 5] = ["mensajes", "calendario", "dinero", "documentos", "registro"];

impl Family {
    async fn ask_report(&self, token: &str, body: Value) -> Answer {
        self.app
            .post(
                &format!("/api/familias/{}/informes", self.family),
                Some(token),
                body,
            )
            .await
    }

    /// Asks for a report of the last month in `idioma` and waits for it to be made.
    async fn certified_report(&self, token: &str, idioma: &str) -> Value {
        let t = today();
        self.made_report(
            token,
            json!({"desde": day(t - chrono::Duration::days(30)), "hasta": day(t),
                   "secciones": SECTIONS, "idioma": idioma}),
        )
        .await
    }

    /// Asks for the report `body` describes and waits for it to be made: its view.
    pub async fn made_report(&self, token: &str, body: Value) -> Value {
        let asked = self.ask_report(token, body).await;
        assert_eq!(asked.status, StatusCode::ACCEPTED, "{}", asked.body);
        assert_eq!(asked.body["data"]["estado"], "pendiente");
        let id = asked.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let path = format!("/api/informes/{id}");
        eventually("the report to be made", || async {
            let a = self.app.get(&path, Some(token)).await;
            a.body["data"]["estado"] != "pendiente"
        })
        .await;
        let made = self.app.get(&path, Some(token)).await;
        assert_eq!(made.body["data"]["estado"], "listo", "{}", made.body);
        made.body["data"].clone()
    }

    pub async fn pdf(&self, token: &str, id: &str) -> (StatusCode, Vec<u8>) {
        let res = self
            .app
            .client
            .get(format!("{}/api/informes/{id}/pdf", self.app.base))
            .bearer_auth(token)
            .send()
            .await
            .expect("download");
        let status = res.status();
        if status == StatusCode::OK {
            assert_eq!(
                res.headers()["content-type"].to_str().unwrap_or_default(),
                "application/pdf"
            );
        }
        (
            status,
            res.bytes().await.map(|b| b.to_vec()).unwrap_or_default(),
        )
    }

    async fn say(&self, token: &str, to: &str, texto: &str) {
        let c = self
            .app
            .post(
                "/api/conversaciones",
                Some(token),
                json!({"familiaId": self.family, "tema": "escuela", "asunto": "Reunión de padres",
                       "participantes": [to]}),
            )
            .await;
        assert_eq!(c.status, StatusCode::CREATED, "{}", c.body);
        let id = c.body["data"]["_id"].as_str().unwrap_or_default();
        let m = self
            .app
            .post(
                &format!("/api/conversaciones/{id}/mensajes"),
                Some(token),
                json!({"texto": texto, "tipo": "normal"}),
            )
            .await;
        assert_eq!(m.status, StatusCode::CREATED, "{}", m.body);
    }
}

/// What `pdfsig` says of a PDF's signature ("Signature is Valid.", "Digest Mismatch."...).
pub fn signature_of(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("informe.pdf");
    std::fs::write(&path, pdf).expect("write the PDF");
    let out = Command::new("pdfsig")
        .arg(&path)
        .output()
        .expect("pdfsig (make test installs it)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .find_map(|l| l.trim().strip_prefix("- Signature Validation: "))
        .unwrap_or(&text)
        .to_owned()
}

/// `POST /api/verificar` with `pdf` as the form's file.
pub async fn check_file(app: &crate::helpers::TestApp, pdf: Vec<u8>) -> Value {
    let form = reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(pdf)
            .file_name("informe.pdf")
            .mime_str("application/pdf")
            .expect("mime"),
    );
    let res = app
        .client
        .post(format!("{}/api/verificar", app.base))
        .header("accept-language", "en")
        .multipart(form)
        .send()
        .await
        .expect("check");
    assert_eq!(res.status(), StatusCode::OK);
    res.json::<Value>().await.expect("json")["data"].clone()
}

/// The text of a PDF, as `pdftotext` reads it, after `qpdf --check` accepted the file.
pub fn text_of(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("informe.pdf");
    std::fs::write(&path, pdf).expect("write the PDF");
    let check = Command::new("qpdf")
        .arg("--check")
        .arg(&path)
        .output()
        .expect("qpdf (make test installs it)");
    assert!(
        check.status.success(),
        "qpdf --check: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    let text = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (make test installs it)");
    assert!(text.status.success());
    String::from_utf8_lossy(&text.stdout).into_owned()
}

#[tokio::test]
async fn a_report_holds_what_its_maker_sees_and_is_theirs_alone() {
    let f = family().await;
    f.say(
        &f.ana,
        &f.beto_id,
        "¿Vas a la reunión del jueves? Llevo la mochila.",
    )
    .await;
    f.say(&f.ana, &f.vera_id, "Vera, el sábado los buscás vos.")
        .await;
    let expense = f
        .app
        .post(
            "/api/gastos",
            Some(&f.ana),
            json!({"familiaId": f.family, "descripcion": "Zapatillas de fútbol", "monto": 50_000,
                   "categoria": "ropa-calzado", "fecha": day(today()), "pagadoPor": f.ana_id,
                   "reparto": {"modo": "igual", "participantes": [f.ana_id, f.beto_id]}}),
        )
        .await;
    assert_eq!(expense.status, StatusCode::CREATED, "{}", expense.body);

    // Ana, a co-parent: every section, in Spanish.
    let made = f.certified_report(&f.ana, "es").await;
    assert_eq!(made["secciones"], json!(SECTIONS));
    assert_eq!(made["progreso"], 100);
    let code = made["codigo"].as_str().unwrap_or_default().to_owned();
    assert_eq!(code.len(), 19, "{made}");
    let id = made["_id"].as_str().unwrap_or_default().to_owned();
    let (status, pdf) = f.pdf(&f.ana, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pdf.starts_with(b"%PDF-"));
    let sha: String = Sha256::digest(&pdf)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(made["sha256"], sha);
    let text = text_of(&pdf);
    for expected in [
        "Informe certificado",
        code.as_str(),
        "¿Vas a la reunión del jueves? Llevo la mochila.",
        "Vera, el sábado los buscás vos.",
        "Zapatillas de fútbol",
        "Ropa y calzado",
    ] {
        assert!(text.contains(expected), "{expected} is not in:\n{text}");
    }
    assert!(
        text.contains(&format!("Página 1 de {}", made["paginas"])),
        "{text}"
    );

    // Signed by the certificate the server publishes; one byte changed anywhere breaks it.
    let keys = f.app.get("/api/registro/claves", None).await;
    let fingerprint = keys.body["documentos"]["huella"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(fingerprint.len(), 64, "{}", keys.body);
    let unbroken: String = text.split_whitespace().collect();
    assert!(unbroken.contains(fingerprint), "{text}");
    assert_eq!(signature_of(&pdf), "Signature is Valid.");
    let mut altered = pdf.clone();
    let middle = altered.len() / 3;
    altered[middle] ^= 0x01;
    assert_eq!(signature_of(&altered), "Digest Mismatch.");

    // `nido verify` checks it with no server, by the certificate given or the one inside.
    let dir = tempfile::tempdir().expect("temporary folder");
    let (good, bad) = (
        dir.path().join("informe.pdf"),
        dir.path().join("cambiado.pdf"),
    );
    std::fs::write(&good, &pdf).expect("write");
    std::fs::write(&bad, &altered).expect("write");
    let verify = |file: &std::path::Path, key: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_nido"));
        command.arg("verify").arg(file);
        if let Some(key) = key {
            command.args(["--key", key]);
        }
        let out = command.output().expect("nido verify");
        (
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    };
    let (holds, said) = verify(&good, Some(fingerprint));
    assert!(holds, "{said}");
    assert!(said.contains("the signature holds"), "{said}");
    let (holds, said) = verify(&bad, None);
    assert!(
        !holds && said.contains("changed after it was signed"),
        "{said}"
    );
    let (holds, said) = verify(&good, Some(&"0".repeat(64)));
    assert!(!holds && said.contains("another certificate"), "{said}");

    // Anyone checks it, with no account: by its code as typed, or by the file.
    let typed = code.to_lowercase().replace('-', " ");
    let by_code = f.app.get(&format!("/api/verificar/{typed}"), None).await;
    assert_eq!(by_code.status, StatusCode::OK, "{}", by_code.body);
    let facts = &by_code.body["data"];
    assert_eq!(facts["valido"], true, "{facts}");
    assert_eq!(facts["codigo"], code.as_str());
    assert_eq!(facts["firma"]["valida"], true);
    assert_eq!(facts["secciones"], json!(SECTIONS));
    assert_eq!(facts["paginas"], made["paginas"]);
    assert!(
        facts.get("mensajes").is_none() && facts.get("familiaId").is_none(),
        "{facts}"
    );
    let by_file = check_file(&f.app, pdf.clone()).await;
    assert_eq!(by_file["valido"], true, "{by_file}");
    assert_eq!(by_file["codigo"], code.as_str());
    let changed = check_file(&f.app, altered).await;
    assert_eq!(changed["valido"], false, "{changed}");
    assert_eq!(changed["firma"]["valida"], false);
    assert!(
        changed["explicacion"]
            .as_str()
            .unwrap_or_default()
            .contains("changed"),
        "{changed}"
    );
    assert!(changed["codigo"].is_null());
    let other = check_file(&f.app, b"%PDF-1.7\nnot a report\n%%EOF\n".to_vec()).await;
    assert_eq!(other["valido"], false, "{other}");
    assert!(other["firma"].is_null());
    assert_eq!(
        f.app
            .get("/api/verificar/ZZZZ-ZZZZ-ZZZZ-ZZZZ", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Vera, a viewer, asks for every section: hers has no money, nor Ana and Beto's
    // conversation; in English.
    let hers = f.certified_report(&f.vera, "en").await;
    assert_eq!(
        hers["secciones"],
        json!(["mensajes", "calendario", "documentos", "registro"])
    );
    let (_, hers_pdf) = f
        .pdf(&f.vera, hers["_id"].as_str().unwrap_or_default())
        .await;
    let text = text_of(&hers_pdf);
    assert!(text.contains("Certified report"), "{text}");
    assert!(text.contains("Vera, el sábado los buscás vos."), "{text}");
    assert!(!text.contains("Zapatillas"), "{text}");
    assert!(!text.contains("Llevo la mochila"), "{text}");

    // The report is Ana's alone: Beto, Vera and a stranger hear it does not exist.
    for token in [&f.beto, &f.vera, &f.carla] {
        assert_eq!(
            f.app
                .get(&format!("/api/informes/{id}"), Some(token))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(f.pdf(token, &id).await.0, StatusCode::NOT_FOUND);
    }
    let listed = f
        .app
        .get(
            &format!("/api/familias/{}/informes", f.family),
            Some(&f.beto),
        )
        .await;
    assert_eq!(listed.body["data"], json!([]));
    let carla = f
        .app
        .get(
            &format!("/api/familias/{}/informes", f.family),
            Some(&f.carla),
        )
        .await;
    assert_eq!(carla.status, StatusCode::NOT_FOUND);

    // Beto sees in the record that Ana made a report, with its period and hash.
    let record = f
        .app
        .get(
            &format!("/api/familias/{}/registro", f.family),
            Some(&f.beto),
        )
        .await;
    let issued: Vec<&Value> = record.body["data"]["entradas"]
        .as_array()
        .map(|e| {
            e.iter()
                .filter(|e| e["tipo"] == "informe.emitido")
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(issued.len(), 2, "{}", record.body);
    assert!(
        issued
            .iter()
            .any(|e| e["contenido"]["sha256"] == made["sha256"]),
        "{issued:?}"
    );

    // Ana removes it.
    let gone = f
        .app
        .request(
            reqwest::Method::DELETE,
            &format!("/api/informes/{id}"),
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK);
    assert_eq!(
        f.app
            .get(&format!("/api/informes/{id}"), Some(&f.ana))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // Its facts stay checkable; the server no longer keeps the file.
    let kept = f.app.get(&format!("/api/verificar/{code}"), None).await;
    assert_eq!(kept.body["data"]["valido"], true, "{}", kept.body);
    assert_eq!(kept.body["data"]["archivoGuardado"], false);
    assert!(kept.body["data"]["firma"].is_null());
    assert_eq!(check_file(&f.app, pdf).await["valido"], true);
}

#[tokio::test]
async fn bad_requests_are_refused_field_by_field() {
    let f = family().await;
    let t = day(today());
    let cases = [
        (
            json!({"desde": "2026-13-01", "hasta": t, "secciones": ["mensajes"], "idioma": "es"}),
            "desde",
        ),
        (
            json!({"desde": t, "hasta": t, "secciones": [], "idioma": "es"}),
            "secciones",
        ),
        (
            json!({"desde": t, "hasta": t, "secciones": ["fotos"], "idioma": "es"}),
            "secciones",
        ),
        (
            json!({"desde": t, "hasta": t, "secciones": ["mensajes"], "idioma": "fr"}),
            "idioma",
        ),
    ];
    for (body, field) in cases {
        let a = f.ask_report(&f.ana, body.clone()).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(a.body["errors"][field].is_string(), "{}", a.body);
    }
    let stranger = f
        .ask_report(
            &f.carla,
            json!({"desde": t, "hasta": t, "secciones": ["mensajes"], "idioma": "es"}),
        )
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
}

/// What `pdfdetach -list` names in a PDF: its attached files.
fn attachments_of(pdf: &[u8]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("informe.pdf");
    std::fs::write(&path, pdf).expect("write the PDF");
    let out = Command::new("pdfdetach")
        .arg("-list")
        .arg(&path)
        .output()
        .expect("pdfdetach (poppler-utils, which make test installs)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(": ").map(|(_, name)| name.trim().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_report_asked_with_files_carries_those_its_maker_may_read() {
    let f = family().await;
    // Ana sends Beto a photo of the school form.
    let c = f
        .app
        .post(
            "/api/conversaciones",
            Some(&f.ana),
            json!({"familiaId": f.family, "tema": "escuela", "asunto": "Autorización",
                   "participantes": [f.beto_id]}),
        )
        .await;
    assert_eq!(c.status, StatusCode::CREATED, "{}", c.body);
    let conversation = c.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let photo = {
        let img = image::RgbImage::from_pixel(40, 30, image::Rgb([30, 120, 200]));
        let mut out = std::io::Cursor::new(Vec::new());
        image::DynamicImage::ImageRgb8(img)
            .write_to(&mut out, image::ImageFormat::Png)
            .expect("png");
        out.into_inner()
    };
    let form = reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(photo)
            .file_name("autorizacion.png")
            .mime_str("image/png")
            .expect("mime"),
    );
    let up = f
        .app
        .client
        .post(format!(
            "{}/api/conversaciones/{conversation}/adjuntos",
            f.app.base
        ))
        .bearer_auth(&f.ana)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let up = crate::helpers::answer(up).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let file = up.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let sent = f
        .app
        .post(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&f.ana),
            json!({"texto": "Firmala y mandala", "tipo": "normal", "adjuntos": [file]}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    // The file as kept (a photo is kept re-encoded), to compare with what comes out of the report.
    let name = up.body["data"]["nombre"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let kept = f
        .app
        .client
        .get(format!(
            "{}{}",
            f.app.base,
            up.body["data"]["url"].as_str().unwrap_or_default()
        ))
        .send()
        .await
        .expect("the file");
    assert_eq!(kept.status(), StatusCode::OK);
    let kept = kept.bytes().await.expect("bytes").to_vec();

    let t = today();
    let ask = |token: &str, adjuntos: bool| {
        json!({"desde": day(t - chrono::Duration::days(3)), "hasta": day(t),
               "secciones": ["mensajes"], "idioma": if token == f.beto { "en" } else { "es" },
               "adjuntos": adjuntos})
    };
    let made = |token: String, body: Value| {
        let f = &f;
        async move {
            let report = f.made_report(&token, body).await;
            let id = report["_id"].as_str().unwrap_or_default().to_owned();
            let (status, pdf) = f.pdf(&token, &id).await;
            assert_eq!(status, StatusCode::OK);
            pdf
        }
    };

    // Beto, who received it, asks for the files: the photo rides in the PDF, byte for byte, and
    // the signature covers it.
    let pdf = made(f.beto.clone(), ask(&f.beto, true)).await;
    assert_eq!(attachments_of(&pdf), [format!("001-{name}")]);
    assert_eq!(signature_of(&pdf), "Signature is Valid.");
    let text = text_of(&pdf);
    assert!(text.contains("attached to this PDF"), "{text}");
    let dir = tempfile::tempdir().expect("temporary folder");
    let (path, out) = (dir.path().join("informe.pdf"), dir.path().join("foto.png"));
    std::fs::write(&path, &pdf).expect("write");
    let saved = Command::new("pdfdetach")
        .args(["-save", "1", "-o"])
        .arg(&out)
        .arg(&path)
        .output()
        .expect("pdfdetach");
    assert!(saved.status.success());
    let detached = std::fs::read(&out).expect("the attached file");
    assert_eq!(Sha256::digest(&detached), Sha256::digest(&kept));
    assert!(
        text.contains(&format!("{:x}", Sha256::digest(&kept))),
        "{text}"
    );

    // Without asking, the file is listed by its hash and not attached.
    let pdf = made(f.beto.clone(), ask(&f.beto, false)).await;
    assert!(attachments_of(&pdf).is_empty());
    let text = text_of(&pdf);
    assert!(
        text.contains(&format!("{:x}", Sha256::digest(&kept))),
        "{text}"
    );
    assert!(!text.contains("attached to this PDF"), "{text}");

    // Vera, a viewer outside the conversation, asks for files and gets none of it.
    let pdf = made(f.vera.clone(), ask(&f.vera, true)).await;
    assert!(attachments_of(&pdf).is_empty());
    assert!(!text_of(&pdf).contains("Autorización"));
}
