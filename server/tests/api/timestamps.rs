//! Outside timestamps (RFC 3161, `NIDO_TSA_URL`): a report's signature carries the authority's
//! token (PAdES B-T) and a record checkpoint keeps one; an authority that fails holds nothing
//! back, and a later pass stamps the checkpoint. The authority is OpenSSL's own (`openssl ts
//! -reply`) behind a small HTTP handler, and `openssl ts -verify` is the outside judge of every
//! token the server keeps.

use std::{
    path::{Path, PathBuf},
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
};

use axum::{body::Bytes, extract::State, http::StatusCode as Status, routing::post};
use base64::{Engine, engine::general_purpose::STANDARD};
use nido::{platform::document_signing, reports::certified::sign};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{
    custody::{Family, day, family_on, today},
    helpers::{Options, TestApp, eventually},
};

/// A timestamp authority on loopback: OpenSSL signs each request with a key its own test root
/// certified for time stamping. `up` false makes it answer 503, as an authority that is down.
pub struct TestTsa {
    pub url: String,
    pub up: Arc<AtomicBool>,
    pub answered: Arc<AtomicUsize>,
    dir: Arc<tempfile::TempDir>,
}

#[derive(Clone)]
struct Shared {
    dir: Arc<tempfile::TempDir>,
    up: Arc<AtomicBool>,
    answered: Arc<AtomicUsize>,
    /// OpenSSL keeps the next serial number in a file: one reply at a time.
    one_at_a_time: Arc<tokio::sync::Mutex<()>>,
}

fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("openssl");
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

impl TestTsa {
    /// `key`: OpenSSL's `-newkey` argument (`rsa:2048`, or `ec` with `curve`).
    pub async fn start(key: &str, curve: Option<&str>) -> TestTsa {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path();
        let mut new_key = vec!["-newkey", key];
        if let Some(curve) = curve {
            new_key.extend(["-pkeyopt", curve]);
        }
        let mut root = vec!["req", "-x509", "-nodes", "-days", "3650"];
        root.extend(&new_key);
        root.extend([
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-subj",
            "/CN=Nido test root/O=Nido tests",
        ]);
        openssl(path, &root);
        let mut request = vec!["req", "-nodes"];
        request.extend(&new_key);
        request.extend([
            "-keyout",
            "tsa.key",
            "-out",
            "tsa.csr",
            "-subj",
            "/CN=Nido test TSA/O=Nido tests",
        ]);
        openssl(path, &request);
        std::fs::write(
            path.join("ext.cnf"),
            "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n\
             extendedKeyUsage=critical,timeStamping\n",
        )
        .expect("extensions");
        openssl(
            path,
            &[
                "x509",
                "-req",
                "-in",
                "tsa.csr",
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca.key",
                "-CAcreateserial",
                "-days",
                "3650",
                "-extfile",
                "ext.cnf",
                "-out",
                "tsa.pem",
            ],
        );
        std::fs::write(path.join("serial"), "01\n").expect("serial");
        std::fs::write(
            path.join("tsa.cnf"),
            format!(
                "[ tsa ]\ndefault_tsa = tsa_config\n[ tsa_config ]\ndir = {}\n\
                 serial = $dir/serial\ncrypto_device = builtin\nsigner_cert = $dir/tsa.pem\n\
                 certs = $dir/ca.pem\nsigner_key = $dir/tsa.key\nsigner_digest = sha256\n\
                 default_policy = 1.2.3.4.1\ndigests = sha256, sha384, sha512\n\
                 accuracy = secs:1\nordering = no\ntsa_name = yes\ness_cert_id_chain = no\n\
                 ess_cert_id_alg = sha256\n",
                path.display()
            ),
        )
        .expect("configuration");

        let dir = Arc::new(dir);
        let shared = Shared {
            dir: dir.clone(),
            up: Arc::new(AtomicBool::new(true)),
            answered: Arc::new(AtomicUsize::new(0)),
            one_at_a_time: Arc::new(tokio::sync::Mutex::new(())),
        };
        let router = axum::Router::new()
            .route("/tsa", post(reply))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        TestTsa {
            url: format!("http://{addr}/tsa"),
            up: shared.up,
            answered: shared.answered,
            dir,
        }
    }

    pub fn root(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// What `openssl ts -verify` says of `token` (DER) for `digest`, by this authority's root.
    pub fn judge(&self, token: &[u8], digest: &[u8]) -> (bool, String) {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = dir.path().join("token.der");
        std::fs::write(&file, token).expect("write the token");
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        let out = Command::new("openssl")
            .args(["ts", "-verify", "-token_in", "-in"])
            .arg(&file)
            .args(["-digest", &hex, "-CAfile"])
            .arg(self.root())
            .output()
            .expect("openssl ts -verify");
        (
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    }
}

async fn reply(State(shared): State<Shared>, body: Bytes) -> (Status, Vec<u8>) {
    if !shared.up.load(Ordering::SeqCst) {
        return (Status::SERVICE_UNAVAILABLE, Vec::new());
    }
    let _one = shared.one_at_a_time.lock().await;
    let dir = shared.dir.path();
    let (query, answer) = (dir.join("query.tsq"), dir.join("reply.tsr"));
    std::fs::write(&query, &body).expect("write the query");
    let out = Command::new("openssl")
        .args(["ts", "-reply", "-config"])
        .arg(dir.join("tsa.cnf"))
        .arg("-queryfile")
        .arg(&query)
        .arg("-out")
        .arg(&answer)
        .output()
        .expect("openssl ts -reply");
    if !out.status.success() {
        return (Status::BAD_REQUEST, out.stderr);
    }
    shared.answered.fetch_add(1, Ordering::SeqCst);
    (Status::OK, std::fs::read(&answer).expect("the reply"))
}

/// `nido verify FILE`, with no server: whether it passed, and what it printed.
fn nido_verify(file: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nido"))
        .arg("verify")
        .arg(file)
        .output()
        .expect("nido verify");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

async fn family_stamped_by(tsa: &TestTsa) -> Family {
    family_on(
        TestApp::spawn_with(Options {
            tsa_url: Some(tsa.url.clone()),
            ..Options::default()
        })
        .await,
    )
    .await
}

async fn report(f: &Family) -> Value {
    let t = today();
    f.made_report(
        &f.ana,
        json!({"desde": day(t - chrono::Duration::days(7)), "hasta": day(t),
               "secciones": ["calendario", "registro"], "idioma": "es"}),
    )
    .await
}

async fn download(f: &Family, id: &str) -> Vec<u8> {
    let (status, pdf) = f.pdf(&f.ana, id).await;
    assert_eq!(status, StatusCode::OK);
    pdf
}

/// `pdf` with its signature's CMS replaced by `cms`, in the same room: the signed bytes stay as
/// they were.
fn with_cms(pdf: &[u8], cms: &[u8]) -> Vec<u8> {
    let marker = b"/Contents<";
    let at = pdf
        .windows(marker.len())
        .rposition(|w| w == marker)
        .expect("a signature")
        + marker.len();
    let end = at + pdf[at..].iter().position(|b| *b == b'>').expect("its end");
    let mut hex: Vec<u8> = cms
        .iter()
        .flat_map(|b| format!("{b:02X}").into_bytes())
        .collect();
    assert!(hex.len() <= end - at, "the CMS fits");
    hex.resize(end - at, b'0');
    let mut out = pdf.to_vec();
    out[at..end].copy_from_slice(&hex);
    out
}

#[tokio::test]
async fn a_report_signature_carries_the_authority_stamp_that_openssl_accepts() {
    let tsa = TestTsa::start("rsa:2048", None).await;
    let f = family_stamped_by(&tsa).await;
    let made = report(&f).await;
    let sello = &made["sello"];
    assert_eq!(sello["valido"], true, "{made}");
    assert!(
        sello["autoridad"]
            .as_str()
            .is_some_and(|a| a.contains("CN=Nido test TSA")),
        "{sello}"
    );
    let momento = sello["momento"].as_str().unwrap_or_default();
    let moment = chrono::DateTime::parse_from_rfc3339(momento).expect("a time");
    assert!((chrono::Utc::now() - moment.to_utc()).num_minutes().abs() < 5);

    let id = made["_id"].as_str().unwrap_or_default();
    let pdf = download(&f, id).await;
    // The outside judge: the token in the signature's unsigned attributes stamps the SHA-256 of
    // the signature value, by the authority's root.
    let cms = sign::cms_of(&pdf).expect("a signature");
    let token = document_signing::timestamp_token(&cms).expect("a timestamp token");
    let digest = document_signing::signature_digest(&cms).expect("the signature value");
    let (holds, said) = tsa.judge(&token, &digest);
    assert!(holds, "{said}");
    assert!(said.contains("Verification: OK"), "{said}");
    let (holds, said) = tsa.judge(&token, &Sha256::digest(b"another signature"));
    assert!(!holds, "{said}");

    // The cover says a stamp was asked for, and of whom.
    let text = crate::reports::text_of(&pdf);
    assert!(text.contains("Sello de tiempo"), "{text}");
    assert!(text.contains("127.0.0.1"), "{text}");
    assert_eq!(crate::reports::signature_of(&pdf), "Signature is Valid.");

    // Verification, by file and by code, shows the stamp.
    let checked = crate::reports::check_file(&f.app, pdf.clone()).await;
    assert_eq!(checked["valido"], true, "{checked}");
    assert_eq!(checked["sello"]["valido"], true, "{checked}");
    assert_eq!(checked["sello"]["autoridad"], sello["autoridad"]);
    assert_eq!(checked["sello"]["momento"], sello["momento"]);
    let codigo = made["codigo"].as_str().unwrap_or_default();
    let by_code = f.app.get(&format!("/api/verificar/{codigo}"), None).await;
    assert_eq!(
        by_code.body["data"]["sello"]["valido"], true,
        "{}",
        by_code.body
    );

    // A stamp moved from another report (its signature is another) does not hold, though the
    // signature itself still does: the check says so.
    let other = report(&f).await;
    let other_pdf = download(&f, other["_id"].as_str().unwrap_or_default()).await;
    let other_token = document_signing::timestamp_token(&sign::cms_of(&other_pdf).expect("cms"))
        .expect("a token");
    // The same signature with no stamp, then the other's stamp added to it.
    let unstamped = strip_stamp(&sign::cms_of(&pdf).expect("cms")).expect("unstamped");
    let forged = with_cms(
        &pdf,
        &document_signing::with_timestamp(&unstamped, &other_token).expect("re-stamped"),
    );
    assert_eq!(crate::reports::signature_of(&forged), "Signature is Valid.");
    let checked = crate::reports::check_file(&f.app, forged.clone()).await;
    assert_eq!(checked["valido"], false, "{checked}");
    assert_eq!(checked["sello"]["valido"], false, "{checked}");
    assert!(
        checked["explicacion"]
            .as_str()
            .is_some_and(|e| e.contains("timestamp")),
        "{checked}"
    );

    // `nido verify` reads the stamp too, with no server, and refuses the forged one.
    let dir = tempfile::tempdir().expect("temporary folder");
    let (good, bad) = (dir.path().join("informe.pdf"), dir.path().join("sello.pdf"));
    std::fs::write(&good, &pdf).expect("write");
    std::fs::write(&bad, &forged).expect("write");
    let (holds, said) = nido_verify(&good);
    assert!(holds, "{said}");
    assert!(
        said.contains("timestamped by") && said.contains("CN=Nido test TSA"),
        "{said}"
    );
    let (holds, said) = nido_verify(&bad);
    assert!(!holds, "{said}");
    assert!(said.contains("timestamp does not hold"), "{said}");
}

/// `cms` without its signer's unsigned attributes.
fn strip_stamp(cms: &[u8]) -> Option<Vec<u8>> {
    use cms::{content_info::ContentInfo, signed_data::SignedData};
    use x509_cert::der::{Any, Decode, Encode, asn1::SetOfVec};
    let info = ContentInfo::from_der(cms).ok()?;
    let mut signed: SignedData = info.content.decode_as().ok()?;
    let mut signers = signed.signer_infos.0.into_vec();
    signers.first_mut()?.unsigned_attrs = None;
    signed.signer_infos = cms::signed_data::SignerInfos(SetOfVec::try_from(signers).ok()?);
    ContentInfo {
        content_type: info.content_type,
        content: Any::encode_from(&signed).ok()?,
    }
    .to_der()
    .ok()
}

#[tokio::test]
async fn an_authority_that_fails_holds_nothing_back_and_checkpoints_are_stamped_later() {
    // An authority with a P-384 key, the other kind authorities use.
    let tsa = TestTsa::start("ec", Some("ec_paramgen_curve:P-384")).await;
    tsa.up.store(false, Ordering::SeqCst);
    let f = family_stamped_by(&tsa).await;

    // The report is issued without a stamp, and says so.
    let made = report(&f).await;
    assert!(made["sello"].is_null(), "{made}");
    let pdf = download(&f, made["_id"].as_str().unwrap_or_default()).await;
    assert_eq!(crate::reports::signature_of(&pdf), "Signature is Valid.");
    let checked = crate::reports::check_file(&f.app, pdf).await;
    assert_eq!(checked["valido"], true, "{checked}");
    assert!(checked["sello"].is_null(), "{checked}");

    // A checkpoint asked for while the authority is down is signed, unstamped.
    let path = format!("/api/familias/{}/registro/puntos-de-control", f.family);
    let point = f.app.post(&path, Some(&f.ana), json!({})).await;
    assert_eq!(point.status, StatusCode::CREATED, "{}", point.body);
    let verification = format!("/api/familias/{}/registro/verificacion", f.family);
    let seen = f.app.get(&verification, Some(&f.ana)).await;
    assert!(
        seen.body["data"]["puntoDeControl"]["sello"].is_null(),
        "{}",
        seen.body
    );

    // Back up: the next pass stamps every checkpoint still waiting, and the token holds for the
    // SHA-256 of the signature's bytes, by the authority's root.
    tsa.up.store(true, Ordering::SeqCst);
    let authority = f.app.state.timestamps.as_ref().expect("configured");
    let stamped = nido::families::record::checkpoint::stamp_pending(&f.app.db, authority)
        .await
        .unwrap_or_else(|e| panic!("stamping: {e:#}"));
    assert!(stamped >= 1, "{stamped}");
    let again = nido::families::record::checkpoint::stamp_pending(&f.app.db, authority)
        .await
        .unwrap_or_else(|e| panic!("stamping again: {e:#}"));
    assert_eq!(again, 0);
    let seen = f.app.get(&verification, Some(&f.ana)).await;
    let point = &seen.body["data"]["puntoDeControl"];
    assert_eq!(point["sello"]["valido"], true, "{point}");
    assert!(
        point["sello"]["autoridad"]
            .as_str()
            .is_some_and(|a| a.contains("Nido test TSA")),
        "{point}"
    );
    let token = STANDARD
        .decode(point["sello"]["token"].as_str().unwrap_or_default())
        .expect("base64");
    let signature = STANDARD
        .decode(point["firma"].as_str().unwrap_or_default())
        .expect("base64");
    let (holds, said) = tsa.judge(&token, &Sha256::digest(&signature));
    assert!(holds, "{said}");

    // A checkpoint asked for with the authority up is stamped by itself, out of the request.
    let before = tsa.answered.load(Ordering::SeqCst);
    let point = f.app.post(&path, Some(&f.beto), json!({})).await;
    assert_eq!(point.status, StatusCode::CREATED, "{}", point.body);
    eventually("the new checkpoint to be stamped", || async {
        let seen = f.app.get(&verification, Some(&f.ana)).await;
        seen.body["data"]["puntoDeControl"]["sello"]["valido"] == true
    })
    .await;
    assert!(tsa.answered.load(Ordering::SeqCst) > before);

    // The account export carries the stamp, and `nido verify` checks it.
    let export = f
        .app
        .client
        .get(format!("{}/api/usuarios/exportar", f.app.base))
        .bearer_auth(&f.ana)
        .send()
        .await
        .expect("export")
        .bytes()
        .await
        .expect("the archive");
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("export.zip");
    std::fs::write(&file, export).expect("write");
    let (holds, said) = nido_verify(&file);
    assert!(holds, "{said}");
    assert!(
        said.contains("timestamped by") && said.contains("CN=Nido test TSA"),
        "{said}"
    );
}
