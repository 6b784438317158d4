use std::{path::PathBuf, time::Duration};

use nido::config::Config;
use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde_json::{Value, json};

use crate::databases;

pub struct TestApp {
    pub base: String,
    pub db: DatabaseConnection,
    /// The server's state, for calling jobs directly with a chosen clock.
    pub state: nido::state::AppState,
    pub data_dir: tempfile::TempDir,
    pub client: reqwest::Client,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    pg_database: Option<(String, String)>,
    database_url: String,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Answer {
    pub fn str(&self, key: &str) -> &str {
        self.body[key].as_str().unwrap_or_default()
    }
}

#[derive(Default)]
pub struct Options {
    pub rate_limits: bool,
    pub smtp_url: Option<String>,
    /// Serve another test's database (a second instance), instead of a database of its own.
    pub database_url: Option<String>,
    /// The data directory of the instance whose database this one shares: its master and
    /// signing keys are copied in, as a deployment gives every instance the same key files.
    pub keys_from: Option<std::path::PathBuf>,
    /// Serve this data directory with the SQLite database inside it (e.g. one a backup was
    /// restored into), instead of a fresh one.
    pub data_dir: Option<tempfile::TempDir>,
    /// Serve as behind a reverse proxy (`NIDO_TRUST_PROXY=on`): `X-Forwarded-For` names the client.
    pub trust_proxy: bool,
    /// `NIDO_DOCUMENT_QUOTA_BYTES`: a family's room for documents.
    pub document_quota: Option<u64>,
    /// `NIDO_PUSH_ALLOW_LOOPBACK=on`: push may go to a push service the test runs on loopback.
    pub push_loopback: bool,
    /// `NIDO_MAIL_DELAY_SECONDS`; unset, 0: a notice's mail goes at once, as most tests expect.
    pub mail_delay_seconds: Option<u32>,
    /// `NIDO_DOCUMENT_DAILY_UPLOADS` and `NIDO_DOCUMENT_DAILY_BYTES`: one person's uploads a day.
    pub document_daily: Option<(u64, u64)>,
    /// `NIDO_TSA_URL`: a timestamp authority (the test suite's own, `timestamps::TestTsa`).
    pub tsa_url: Option<String>,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(Options::default()).await
    }

    pub async fn spawn_with(options: Options) -> TestApp {
        let existing = options.data_dir.is_some();
        let data_dir = match options.data_dir {
            Some(dir) => dir,
            None => tempfile::tempdir().expect("temp dir"),
        };
        let pg_database = match std::env::var("TEST_DATABASE_URL") {
            Ok(admin_url)
                if !admin_url.is_empty() && options.database_url.is_none() && !existing =>
            {
                Some(databases::postgres(&admin_url).await)
            }
            _ => None,
        };
        let database_url = match (&options.database_url, &pg_database) {
            (Some(url), _) => url.clone(),
            (None, Some((_, url))) => url.clone(),
            (None, None) => {
                let file = data_dir.path().join("nido.db");
                if !existing {
                    std::fs::write(&file, databases::sqlite_template().await)
                        .expect("write the database");
                }
                format!("sqlite://{}?mode=rwc", file.display())
            }
        };
        let mut vars = vec![
            ("NIDO_ADDR", "127.0.0.1:0".to_owned()),
            ("NIDO_DATA_DIR", data_dir.path().display().to_string()),
            ("DATABASE_URL", database_url.clone()),
            ("NIDO_PUBLIC_URL", "http://nido.test".to_owned()),
            (
                "NIDO_RATE_LIMITS",
                if options.rate_limits { "on" } else { "off" }.to_owned(),
            ),
        ];
        vars.push((
            "NIDO_MAIL_DELAY_SECONDS",
            options.mail_delay_seconds.unwrap_or(0).to_string(),
        ));
        if options.push_loopback {
            vars.push(("NIDO_PUSH_ALLOW_LOOPBACK", "on".to_owned()));
        }
        if let Some(quota) = options.document_quota {
            vars.push(("NIDO_DOCUMENT_QUOTA_BYTES", quota.to_string()));
        }
        if let Some((uploads, bytes)) = options.document_daily {
            vars.push(("NIDO_DOCUMENT_DAILY_UPLOADS", uploads.to_string()));
            vars.push(("NIDO_DOCUMENT_DAILY_BYTES", bytes.to_string()));
        }
        if options.trust_proxy {
            vars.push(("NIDO_TRUST_PROXY", "on".to_owned()));
        }
        if let Some(tsa) = options.tsa_url {
            vars.push(("NIDO_TSA_URL", tsa));
        }
        if let Some(smtp) = options.smtp_url {
            vars.push(("NIDO_SMTP_URL", smtp));
        }
        if let Some(from) = &options.keys_from {
            for file in [
                "master.key",
                "signing-key.pem",
                "document-key.pem",
                "vapid.key",
            ] {
                std::fs::copy(from.join(file), data_dir.path().join(file)).expect("key file");
            }
        }
        let config = Config::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.clone())
        })
        .expect("test configuration");
        let state = nido::build_state(config).await.expect("state");
        let db = state.db.clone();
        let kept = state.clone();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(nido::serve(state, listener, async {
            let _ = rx.await;
        }));
        TestApp {
            base: format!("http://{addr}"),
            db,
            state: kept,
            database_url,
            data_dir,
            client: reqwest::Client::new(),
            shutdown: Some(tx),
            pg_database: pg_database
                .map(|(name, _)| (name, std::env::var("TEST_DATABASE_URL").unwrap_or_default())),
        }
    }

    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        lang: Option<&str>,
    ) -> Answer {
        let mut req = self
            .client
            .request(method, format!("{}{}", self.base, path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        if let Some(lang) = lang {
            req = req.header("accept-language", lang);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.expect("request");
        answer(res).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.request(Method::GET, path, token, None, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.request(Method::POST, path, token, Some(body), None)
            .await
    }

    /// Sends raw bytes with the given content type.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: Vec<u8>) -> Answer {
        let res = self
            .client
            .post(format!("{}{}", self.base, path))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("request");
        answer(res).await
    }

    /// Registers a user and returns (token, id).
    pub async fn register(&self, email: &str, password: &str) -> (String, String) {
        let a = self
            .post(
                "/api/usuarios",
                None,
                json!({"nombre": "Ana", "apellido": "García", "email": email, "password": password}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        (a.str("token").to_owned(), a.str("_id").to_owned())
    }

    /// Registers a person by first name (surname Paz) speaking `language`; returns (token, id).
    pub async fn register_person(
        &self,
        nombre: &str,
        email: &str,
        language: &str,
        password: &str,
    ) -> (String, String) {
        let a = self
            .post(
                "/api/usuarios",
                None,
                json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": password, "language": language}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        (a.str("token").to_owned(), a.str("_id").to_owned())
    }

    /// Registers a user and opens the verification link mailed to them; returns (token, id).
    pub async fn register_verified(&self, email: &str, password: &str) -> (String, String) {
        let (token, id) = self.register(email, password).await;
        self.verify_address(email).await;
        (token, id)
    }

    /// Opens the newest verification link mailed to `email`.
    pub async fn verify_address(&self, email: &str) {
        let needle = format!("To: {email}");
        for _ in 0..100 {
            let mails: Vec<String> = self
                .mails_with("/verify-email/")
                .into_iter()
                .filter(|m| m.contains(&needle))
                .collect();
            if let Some(mail) = mails.last() {
                let secret = link_token(mail, "/verify-email/");
                let done = self
                    .post(
                        &format!("/api/usuarios/verificar-email/{secret}"),
                        None,
                        json!({}),
                    )
                    .await;
                assert_eq!(done.status, StatusCode::OK, "{}", done.body);
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no verification mail to {email}");
    }

    pub async fn login(&self, email: &str, password: &str) -> Answer {
        self.post(
            "/api/usuarios/login",
            None,
            json!({"email": email, "password": password}),
        )
        .await
    }

    /// The database this test's server uses, for commands run against it.
    pub fn database_url(&self) -> &str {
        &self.database_url
    }

    pub fn outbox(&self) -> PathBuf {
        self.data_dir.path().join("outbox")
    }

    /// Waits for the `n`th mail (1-based) to appear in the outbox and returns it decoded.
    pub async fn wait_for_mail(&self, n: usize) -> String {
        for _ in 0..100 {
            let mut files = self.mail_files();
            files.sort();
            if files.len() >= n {
                let raw = std::fs::read_to_string(&files[n - 1]).expect("mail file");
                return decode_quoted_printable(&raw);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("mail {n} never reached the outbox");
    }

    /// Waits for a mail that contains `needle` (e.g. a link's path) and returns it decoded.
    pub async fn wait_for_mail_with(&self, needle: &str) -> String {
        // As long as `eventually`: a loaded machine can take seconds to write a mail.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if let Some(mail) = self.mails_with(needle).into_iter().next() {
                return mail;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no mail with {needle} reached the outbox");
    }

    /// Every mail in the outbox that contains `needle`, decoded, oldest first.
    pub fn mails_with(&self, needle: &str) -> Vec<String> {
        let mut files = self.mail_files();
        files.sort();
        files
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .map(|raw| decode_quoted_printable(&raw))
            .filter(|mail| mail.contains(needle))
            .collect()
    }

    pub fn mail_count(&self) -> usize {
        self.mail_files().len()
    }

    /// The mails in the outbox (`.eml` files; probes and mails being written are not mails).
    fn mail_files(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.outbox())
            .map(|d| {
                d.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Stops the server as its shutdown signal does (the test's database stays).
    pub fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    /// The id of the first family the holder of `token` belongs to (registering makes one).
    pub async fn own_family(&self, token: &str) -> String {
        let list = self.get("/api/familias", Some(token)).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.body);
        list.body["data"][0]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// `joiner` joins `family` with a linking code `admin` made for this permission and relation.
    pub async fn join_family(
        &self,
        admin: &str,
        family: &str,
        joiner: &str,
        permiso: &str,
        relacion: &str,
    ) {
        let code = self
            .post(
                &format!("/api/familias/{family}/codigo"),
                Some(admin),
                json!({"permiso": permiso, "relacion": relacion}),
            )
            .await;
        assert_eq!(code.status, StatusCode::CREATED, "{}", code.body);
        let joined = self
            .post(
                "/api/invitaciones/aceptar",
                Some(joiner),
                json!({"codigo": code.body["data"]["codigo"]}),
            )
            .await;
        assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    }

    /// Adds Tomás to `familia_id`; gives back his id.
    /// An admin (`admin`'s session) removes the member who is `usuario_id` from the family.
    pub async fn remove_member(&self, admin: &str, familia_id: &str, usuario_id: &str) {
        let family = self
            .get(&format!("/api/familias/{familia_id}"), Some(admin))
            .await;
        let member = family.body["data"]["miembros"]
            .as_array()
            .and_then(|members| members.iter().find(|m| m["usuarioId"] == usuario_id))
            .map(|m| m["_id"].as_str().unwrap_or_default().to_owned())
            .expect("the user is a member of the family");
        let removed = self
            .request(
                Method::DELETE,
                &format!("/api/familias/{familia_id}/miembros/{member}"),
                Some(admin),
                None,
                None,
            )
            .await;
        assert!(removed.status.is_success(), "{}", removed.body);
    }

    pub async fn add_child(&self, token: &str, familia_id: &str) -> String {
        let a = self
            .post("/api/hijos", Some(token), json!({"nombre": "Tomás", "apellido": "Gómez", "fechaNacimiento": "2019-05-06", "genero": "masculino", "familiaId": familia_id}))
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The text of one file (`name`, its path in the archive) of the holder of `token`'s data
    /// export.
    pub async fn export_file(&self, token: &str, name: &str) -> String {
        String::from_utf8(self.export_bytes(token, name).await).expect("utf-8")
    }

    /// The bytes of one file (`name`, its path in the archive) of the holder of `token`'s data
    /// export.
    pub async fn export_bytes(&self, token: &str, name: &str) -> Vec<u8> {
        let res = self
            .client
            .get(format!("{}/api/usuarios/exportar", self.base))
            .bearer_auth(token)
            .send()
            .await
            .expect("export");
        assert_eq!(res.status(), StatusCode::OK);
        let bytes = res.bytes().await.expect("body").to_vec();
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut archive
                .by_name(name)
                .unwrap_or_else(|_| panic!("{name} in the export")),
            &mut bytes,
        )
        .expect("read");
        bytes
    }

    /// Runs a statement written the same for both backends (no placeholders).
    pub async fn sql(&self, statement: &str) {
        self.db
            .execute_unprepared(statement)
            .await
            .expect("test SQL");
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some((name, admin_url)) = self.pg_database.take() {
            databases::release_postgres(name, admin_url);
        }
    }
}

/// Polls `check` until it holds, failing the test after a minute: what a background job or a
/// live event does is awaited this way, never with a fixed sleep.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !check().await {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

pub async fn answer(res: reqwest::Response) -> Answer {
    let status = res.status();
    let headers = res.headers().clone();
    let text = res.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer {
        status,
        headers,
        body,
    }
}

/// Enough of quoted-printable to read links out of a mail: soft breaks and =XX bytes.
pub fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(v) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The token of the first `/reset-password/<token>` link in a mail.
pub fn reset_token(mail: &str) -> String {
    link_token(mail, "/reset-password/")
}

/// The token after the first `prefix` (a link's path, such as `/verify-email/`) in a mail.
/// A day as Spanish mails and notices write it: "5 de diciembre de 2026".
pub fn spanish_day(date: chrono::NaiveDate) -> String {
    const MONTHS: [&str; 12] = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ];
    use chrono::Datelike;
    format!(
        "{} de {} de {}",
        date.day(),
        MONTHS[date.month0() as usize],
        date.year()
    )
}

pub fn link_token(mail: &str, prefix: &str) -> String {
    let start = mail
        .find(prefix)
        .unwrap_or_else(|| panic!("{prefix} link in mail"))
        + prefix.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}
