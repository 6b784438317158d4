//! `nido backup` and `nido restore`: an archive made while the server runs and writes comes back
//! as the same rows and the same files; damaged archives and populated databases are refused.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement};
use serde_json::json;

use crate::helpers::{Options, TestApp};

const PASSWORD: &str = "buenas-noches";

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

/// Runs the `nido` binary with the configuration of an instance whose data lives in `data_dir`.
async fn nido(args: &[&str], data_dir: &Path, database_url: &str) -> Run {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_nido"))
        .args(args)
        .env("NIDO_DATA_DIR", data_dir)
        .env("DATABASE_URL", database_url)
        .env_remove("NIDO_STORAGE_URL")
        .env("RUST_LOG", "error")
        .output()
        .await
        .expect("run nido");
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn sqlite_url(data_dir: &Path) -> String {
    format!("sqlite://{}/nido.db?mode=rwc", data_dir.display())
}

/// Two parents sharing a family, a child with activities, contacts and a photo, and a message
/// from the contact form: every kind of row and file an instance holds. Answers the child's id.
async fn populate(app: &TestApp) -> String {
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let (beto, _) = app.register("beto@example.org", PASSWORD).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;

    let child = app
        .post(
            "/api/hijos",
            Some(&ana),
            json!({"nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2016-04-12",
                   "genero": "femenino", "familiaId": family}),
        )
        .await;
    assert_eq!(child.status, StatusCode::CREATED, "{}", child.body);
    let child = child.body["data"]["_id"]
        .as_str()
        .expect("child")
        .to_owned();
    add_activity(app, &beto, &child, "Natación").await;
    let contact = app
        .post(
            &format!("/api/hijos/{child}/contactos-emergencia"),
            Some(&ana),
            json!({"nombre": "Abuela", "relacion": "familia", "telefono": "011 4000-0000", "prioridad": 1}),
        )
        .await;
    assert_eq!(contact.status, StatusCode::CREATED, "{}", contact.body);
    let photo = crate::children::upload(
        app,
        &child,
        &ana,
        crate::images::jpeg_with_exif_gps(320, 240),
        "lucia.jpg",
    )
    .await;
    assert_eq!(photo.status, StatusCode::OK, "{}", photo.body);
    send_message(app, "¿Hay plan para abuelos?").await;
    notices_delivered(app).await;
    child
}

/// Waits until the notices the changes made are delivered, so that the rows compared stay put.
async fn notices_delivered(app: &TestApp) {
    use nido::notifications::entities::notificacion;
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let pending = notificacion::Entity::find()
            .filter(notificacion::Column::Entrega.eq(notificacion::PENDING))
            .count(&app.db)
            .await
            .expect("count notices");
        if pending == 0 {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "notices never delivered"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

async fn add_activity(app: &TestApp, token: &str, child: &str, name: &str) {
    let a = app
        .post(
            &format!("/api/hijos/{child}/actividades"),
            Some(token),
            json!({"nombre": name, "diasSemana": ["lunes"], "horaInicio": "17:00", "horaFin": "18:00"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
}

async fn send_message(app: &TestApp, text: &str) {
    let a = app
        .post(
            "/api3/contacto",
            None,
            json!({"name": "Lucía Pérez", "email": "lucia@example.org", "subject": "Pregunta",
                   "message": text, "language": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

/// Every row of every table, keyed by its primary key, each value written by SQLite's `quote()`
/// so that text, numbers, NULL and blobs compare exactly.
type Rows = BTreeMap<String, BTreeMap<String, String>>;

async fn rows(db: &DatabaseConnection) -> Rows {
    let strings = |sql: String| async move {
        db.query_all_raw(Statement::from_string(DbBackend::Sqlite, sql))
            .await
            .expect("query")
            .into_iter()
            .map(|row| {
                (
                    row.try_get::<String>("", "a").expect("a"),
                    row.try_get::<String>("", "b").unwrap_or_default(),
                )
            })
            .collect::<Vec<_>>()
    };
    let mut all = Rows::new();
    let tables = strings(
        "SELECT name AS a, '' AS b FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite_%' ORDER BY name"
            .into(),
    )
    .await;
    for (table, _) in tables {
        let columns = strings(format!(
            "SELECT name AS a, printf('%d', pk) AS b FROM pragma_table_info('{table}') ORDER BY cid"
        ))
        .await;
        let mut key: Vec<(String, String)> = columns
            .iter()
            .filter(|(_, pk)| pk != "0")
            .map(|(name, pk)| (pk.clone(), format!("\"{name}\"")))
            .collect();
        key.sort();
        let key: Vec<String> = if key.is_empty() {
            vec!["rowid".into()]
        } else {
            key.into_iter().map(|(_, c)| c).collect()
        };
        let quoted = |cols: &[String]| {
            cols.iter()
                .map(|c| format!("quote({c})"))
                .collect::<Vec<_>>()
                .join(" || '|' || ")
        };
        let every: Vec<String> = columns.iter().map(|(c, _)| format!("\"{c}\"")).collect();
        let found = strings(format!(
            "SELECT {} AS a, {} AS b FROM \"{table}\" ORDER BY {}",
            quoted(&key),
            quoted(&every),
            key.join(", ")
        ))
        .await;
        all.insert(table, found.into_iter().collect());
    }
    all
}

/// The rows without the bookkeeping a running server updates on its own every minute.
fn records(mut all: Rows) -> Rows {
    all.remove("ajustes");
    all.remove("tareas");
    all
}

async fn rows_of(data_dir: &Path) -> Rows {
    let db = Database::connect(format!("sqlite://{}/nido.db?mode=ro", data_dir.display()))
        .await
        .expect("open a copy");
    let found = rows(&db).await;
    db.close().await.expect("close");
    found
}

/// Every stored file under `data_dir/files`, by key.
fn files(data_dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let key = path
                    .strip_prefix(root)
                    .expect("under root")
                    .display()
                    .to_string();
                out.insert(key, std::fs::read(&path).expect("read"));
            }
        }
    }
    let root = data_dir.join("files");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// A copy taken while writes went on holds, for every row, its value from before or after the
/// copy; a row nobody touched in that time is exactly the same.
fn assert_consistent_copy(before: &Rows, after: &Rows, copy: &Rows) {
    assert_eq!(
        copy.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "the same tables"
    );
    for (table, copied) in copy {
        let empty = BTreeMap::new();
        let old = before.get(table).unwrap_or(&empty);
        let new = &after[table];
        for (key, row) in copied {
            assert!(
                old.get(key) == Some(row) || new.get(key) == Some(row),
                "{table} {key}: {row} was never in the source"
            );
        }
        for (key, row) in old {
            if new.get(key) == Some(row) {
                assert_eq!(copied.get(key), Some(row), "{table} {key} was not copied");
            }
        }
    }
}

#[tokio::test]
async fn a_backup_taken_while_writing_restores_every_row_and_file() {
    let app = TestApp::spawn().await;
    let work = tempfile::tempdir().expect("dir");
    let archive = work.path().join("nido.zip");
    let archive_arg = archive.to_str().expect("utf-8 path");
    if app.database_url().starts_with("postgres") {
        let run = nido(
            &["backup", archive_arg],
            app.data_dir.path(),
            app.database_url(),
        )
        .await;
        assert!(!run.ok, "{}", run.stdout);
        assert!(
            run.stderr.contains("pg_dump") && run.stderr.contains("docs/deploy.md"),
            "{}",
            run.stderr
        );
        assert!(!archive.exists() && !work.path().join("nido.zip.tmp").exists());
        let run = nido(
            &["restore", archive_arg],
            app.data_dir.path(),
            app.database_url(),
        )
        .await;
        assert!(
            !run.ok && run.stderr.contains("pg_restore"),
            "{}",
            run.stderr
        );
        return;
    }

    let child = populate(&app).await;
    let before = rows(&app.db).await;
    let files_before = files(app.data_dir.path());
    assert_eq!(files_before.len(), 2, "the photo and its thumbnail");

    // Writes go on while the archive is made: answers to "was this helpful?", each a new row that
    // nothing changes afterwards, so the copy must hold exactly the first of them.
    let stop = Arc::new(AtomicBool::new(false));
    let writes = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (stop, writes) = (stop.clone(), writes.clone());
        let base = app.base.clone();
        tokio::spawn(async move {
            let client = reqwest::Client::new();
            while !stop.load(Ordering::SeqCst) {
                let n = writes.load(Ordering::SeqCst);
                let a = client
                    .post(format!("{base}/api/ayuda/valoraciones"))
                    .json(
                        &json!({"categoria": "getting-started", "articulo": "create-account",
                                  "util": n % 2 == 0, "language": "es"}),
                    )
                    .send()
                    .await
                    .expect("write");
                assert_eq!(a.status(), StatusCode::CREATED);
                writes.fetch_add(1, Ordering::SeqCst);
            }
        })
    };
    while writes.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let during = writes.load(Ordering::SeqCst);
    let run = nido(
        &["backup", archive_arg],
        app.data_dir.path(),
        app.database_url(),
    )
    .await;
    let written_during = writes.load(Ordering::SeqCst) - during;
    stop.store(true, Ordering::SeqCst);
    writer.await.expect("writer");
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("2 files"), "{}", run.stdout);
    assert!(
        written_during > 0,
        "the server kept writing while the backup ran"
    );
    assert!(!work.path().join("nido.zip.tmp").exists());
    assert!(!work.path().join("nido.zip.db.tmp").exists());
    let after = rows(&app.db).await;

    let check = nido(&["restore", "--check", archive_arg], work.path(), "").await;
    assert!(check.ok, "{}", check.stderr);
    assert!(check.stdout.contains("is whole"), "{}", check.stdout);

    let restored = tempfile::tempdir().expect("dir");
    let run = nido(
        &["restore", archive_arg],
        restored.path(),
        &sqlite_url(restored.path()),
    )
    .await;
    assert!(run.ok, "{}", run.stderr);
    let copy = rows_of(restored.path()).await;
    assert_consistent_copy(&before, &after, &copy);
    let answers = |r: &Rows| -> Vec<String> { r["valoraciones_ayuda"].keys().cloned().collect() };
    let (copied, written) = (answers(&copy), answers(&after));
    assert!(
        answers(&before).is_empty() && written.len() > copied.len(),
        "writes went on after the copy: {} copied of {}",
        copied.len(),
        written.len()
    );
    assert_eq!(copied, written[..copied.len()], "one moment's snapshot");
    assert_eq!(
        files(restored.path()),
        files_before,
        "every file, byte for byte"
    );
    assert_eq!(files(app.data_dir.path()), files_before);

    // The files are ciphertext: without the master key, kept apart from backups, the restored
    // instance refuses to start; with it, it migrates and serves.
    let run = nido(&["migrate"], restored.path(), &sqlite_url(restored.path())).await;
    assert!(
        !run.ok && run.stderr.contains("NIDO_MASTER_KEY_FILE") && run.stderr.contains("missing"),
        "{}",
        run.stderr
    );
    std::fs::copy(
        app.data_dir.path().join("master.key"),
        restored.path().join("master.key"),
    )
    .expect("master key");
    let run = nido(&["migrate"], restored.path(), &sqlite_url(restored.path())).await;
    assert!(run.ok, "{}", run.stderr);
    let copy = TestApp::spawn_with(Options {
        data_dir: Some(restored),
        ..Options::default()
    })
    .await;
    let signed_in = copy.login("ana@example.org", PASSWORD).await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    let token = signed_in.str("token").to_owned();
    let seen = copy.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    let link = seen.body["data"]["foto"].as_str().expect("photo link");
    let photo = copy
        .client
        .get(format!("{}{link}", copy.base))
        .send()
        .await
        .expect("photo");
    assert_eq!(photo.status(), StatusCode::OK);
    let bytes = photo.bytes().await.expect("bytes").to_vec();
    // The archive held ciphertext; the restored instance serves the same photo, decrypted.
    let key = link
        .trim_start_matches("/api/archivos/")
        .split('?')
        .next()
        .unwrap_or_default();
    let original = app.state.files.get(&app.db, key).await.expect("read");
    assert_eq!(original.as_deref(), Some(&bytes[..]));
    assert!(!files_before.values().any(|f| *f == bytes));
}

#[tokio::test]
async fn damaged_archives_and_populated_databases_are_refused() {
    let app = TestApp::spawn().await;
    if app.database_url().starts_with("postgres") {
        // PostgreSQL is refused before any archive is read (see the test above).
        return;
    }
    let work = tempfile::tempdir().expect("dir");
    let archive: PathBuf = work.path().join("nido.zip");
    let archive_arg = archive.to_str().expect("utf-8 path");
    populate(&app).await;
    let run = nido(
        &["backup", archive_arg],
        app.data_dir.path(),
        app.database_url(),
    )
    .await;
    assert!(run.ok, "{}", run.stderr);

    // A flipped byte in the middle, or an archive cut short: refused, and nothing is written.
    let good = std::fs::read(&archive).expect("archive");
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0xff;
    let cut = good[..good.len() - 100].to_vec();
    for (name, bytes) in [("flipped.zip", flipped), ("cut.zip", cut)] {
        let damaged = work.path().join(name);
        std::fs::write(&damaged, bytes).expect("write");
        let target = tempfile::tempdir().expect("dir");
        let run = nido(
            &["restore", damaged.to_str().expect("utf-8"), "--force"],
            target.path(),
            &sqlite_url(target.path()),
        )
        .await;
        assert!(!run.ok, "{name} was accepted");
        assert!(
            run.stderr.contains("not a whole Nido backup"),
            "{}",
            run.stderr
        );
        assert_eq!(
            std::fs::read_dir(target.path()).expect("dir").count(),
            0,
            "{name}: nothing was written"
        );
    }

    // Over the populated instance: refused while its server runs, with or without --force.
    let before = records(rows(&app.db).await);
    let run = nido(
        &["restore", archive_arg],
        app.data_dir.path(),
        app.database_url(),
    )
    .await;
    assert!(!run.ok);
    assert!(
        run.stderr.contains("in use") || run.stderr.contains("already holds data"),
        "{}",
        run.stderr
    );
    let run = nido(
        &["restore", archive_arg, "--force"],
        app.data_dir.path(),
        app.database_url(),
    )
    .await;
    assert!(!run.ok);
    assert!(run.stderr.contains("stop the server"), "{}", run.stderr);
    assert_eq!(records(rows(&app.db).await), before, "nothing changed");

    // A stopped instance that holds data: refused without --force, replaced with it.
    let target = tempfile::tempdir().expect("dir");
    let url = sqlite_url(target.path());
    assert!(
        nido(&["restore", archive_arg], target.path(), &url)
            .await
            .ok
    );
    let run = nido(&["restore", archive_arg], target.path(), &url).await;
    assert!(!run.ok);
    assert!(run.stderr.contains("already holds data"), "{}", run.stderr);
    assert!(run.stderr.contains("--force"), "{}", run.stderr);
    let run = nido(&["restore", archive_arg, "--force"], target.path(), &url).await;
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(records(rows_of(target.path()).await), before);
}
