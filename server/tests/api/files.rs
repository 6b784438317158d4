//! Every stored file is encrypted at rest: the store holds ciphertext only, a tampered file is
//! refused, large files stream, the master key rotates, a missing or wrong key stops the start,
//! and photos stored before encryption are encrypted once.

use bytes::Bytes;
use futures_util::StreamExt;
use nido::platform::files::{self, FileError, Files, clave, master, sealed::MAGIC};
use reqwest::StatusCode;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::json;

use crate::{
    children::upload,
    helpers::TestApp,
    images::{GPS_MARKER, contains, jpeg_with_exif_gps},
};

const MARKER: &[u8] = b"NIDO-PLAINTEXT-MARKER-7f3a";

async fn child(app: &TestApp, token: &str) -> String {
    let a = app
        .post(
            "/api/hijos",
            Some(token),
            json!({"nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2016-04-12", "genero": "femenino"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"]["_id"].as_str().expect("id").to_owned()
}

/// A child with a photo: the photo's link and its storage key.
async fn child_with_photo(app: &TestApp) -> (String, String, String) {
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let id = child(app, &token).await;
    let up = upload(app, &id, &token, jpeg_with_exif_gps(640, 480), "a.jpg").await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    let link = up.body["data"]["foto"].as_str().expect("link").to_owned();
    let key = link
        .trim_start_matches("/api/archivos/")
        .split('?')
        .next()
        .unwrap_or_default()
        .to_owned();
    (token, link, key)
}

fn raw_path(app: &TestApp, key: &str) -> std::path::PathBuf {
    app.data_dir.path().join("files").join(key)
}

async fn fetch(app: &TestApp, link: &str) -> (StatusCode, Result<Bytes, reqwest::Error>) {
    let res = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("request");
    (res.status(), res.bytes().await)
}

/// `len` bytes of a repeating pattern with `MARKER` in it.
fn content(len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = (0..len).map(|i| (i % 241) as u8).collect();
    for at in (0..len.saturating_sub(MARKER.len())).step_by(1_000_003) {
        out[at..at + MARKER.len()].copy_from_slice(MARKER);
    }
    out
}

#[tokio::test]
async fn stored_bytes_never_hold_the_plaintext() {
    let app = TestApp::spawn().await;
    let (_, link, key) = child_with_photo(&app).await;

    let (status, served) = fetch(&app, &link).await;
    assert_eq!(status, StatusCode::OK);
    let served = served.expect("body");
    image::load_from_memory(&served).expect("served decrypted, a real image");

    let stored = crate::children::stored_files(&app);
    assert_eq!(stored.len(), 2, "the photo and its thumbnail");
    for path in &stored {
        let raw = std::fs::read(path).expect("raw object");
        assert!(raw.starts_with(MAGIC), "{} is encrypted", path.display());
        assert!(!raw.starts_with(&[0xFF, 0xD8]), "not a JPEG");
        assert!(image::load_from_memory(&raw).is_err());
        assert!(!contains(&raw, b"JFIF") && !contains(&raw, GPS_MARKER));
    }
    let raw = std::fs::read(raw_path(&app, &key)).expect("raw photo");
    assert!(!contains(&raw, &served[..64]), "no run of the served bytes");
    assert_eq!(
        clave::Entity::find().count(&app.db).await.expect("count"),
        2
    );

    // The file service itself, with a known marker.
    let data = content(200_000);
    app.state
        .files
        .put(&app.db, "pruebas/marca.bin", Bytes::from(data.clone()))
        .await
        .expect("put");
    let raw = std::fs::read(raw_path(&app, "pruebas/marca.bin")).expect("raw");
    assert!(!contains(&raw, MARKER), "the marker is not in the store");
    let read = app.state.files.get(&app.db, "pruebas/marca.bin").await;
    assert_eq!(read.expect("get").as_deref(), Some(&data[..]));
}

#[tokio::test]
async fn a_tampered_file_is_refused_and_never_served() {
    let app = TestApp::spawn().await;
    let (_, link, key) = child_with_photo(&app).await;
    let path = raw_path(&app, &key);
    let original = std::fs::read(&path).expect("raw");

    let mut flipped = original.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x01;
    std::fs::write(&path, &flipped).expect("write");
    let (status, body) = fetch(&app, &link).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "a flipped byte");
    assert!(image::load_from_memory(&body.expect("body")).is_err());

    std::fs::write(&path, &original[..original.len() - 10]).expect("write");
    let (status, _) = fetch(&app, &link).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "a cut file");

    std::fs::write(&path, &original).expect("write");
    let (status, _) = fetch(&app, &link).await;
    assert_eq!(status, StatusCode::OK, "the original still reads");

    // A file larger than what is checked before answering: the chunks before the tampered one
    // may go out (each authenticated), the tampered one never does and the transfer fails.
    let data = content(3 * 1024 * 1024);
    // A file of the signed-in user's own (`usuarios/<id>/`): the file route serves it to them.
    let (_, beto_id) = app.register("beto@example.org", "buenas-noches").await;
    let key = format!("usuarios/{beto_id}/grande.bin");
    let key = key.as_str();
    app.state
        .files
        .put_stream(
            &app.db,
            key,
            futures_util::stream::iter(
                data.chunks(100_000)
                    .map(|c| Ok::<_, std::io::Error>(Bytes::copy_from_slice(c))),
            ),
        )
        .await
        .expect("put");
    let path = raw_path(&app, key);
    let mut raw = std::fs::read(&path).expect("raw");
    let late = raw.len() - 100_000;
    raw[late] ^= 0x80;
    std::fs::write(&path, &raw).expect("write");
    let link = app.state.storage.signed_link(key, &beto_id);
    let (_, body) = fetch(&app, &link).await;
    match body {
        Err(_) => {}
        Ok(bytes) => assert!(bytes.len() < data.len(), "a cut body, never a whole one"),
    }
    let read = app.state.files.get(&app.db, key).await;
    assert!(matches!(read, Err(FileError::Tampered { .. })), "{read:?}");
}

#[tokio::test]
async fn a_large_file_round_trips_streaming() {
    let app = TestApp::spawn().await;
    // Enough for 128 chunks and two parts of the store's upload; the 25 MB figure is
    // `bench/files.sh`'s, on the release build (unoptimised, the cipher runs at a few MB/s).
    let len = 8 * 1024 * 1024;
    let data = content(len);
    // A file of a user's own (`usuarios/<id>/`): the file route serves it to them.
    let (_, owner) = app.register("ana@example.org", "buenas-noches").await;
    let key = format!("usuarios/{owner}/25mb.bin");
    let key = key.as_str();
    let pieces = data
        .chunks(1024 * 1024 - 7)
        .map(|c| Ok::<_, std::io::Error>(Bytes::copy_from_slice(c)));
    let written = app
        .state
        .files
        .put_stream(&app.db, key, futures_util::stream::iter(pieces))
        .await
        .expect("put");
    assert_eq!(written, len as u64);
    let raw_len = std::fs::metadata(raw_path(&app, key)).expect("raw").len();
    assert_eq!(raw_len, files::sealed::plain_to_sealed_len(len as u64));

    let mut opened = app
        .state
        .files
        .open(&app.db, key)
        .await
        .expect("open")
        .expect("found");
    assert_eq!(opened.len, len as u64);
    let mut at = 0;
    let mut largest = 0;
    while let Some(chunk) = opened.content.next().await {
        let chunk = chunk.expect("authentic");
        largest = largest.max(chunk.len());
        assert_eq!(&data[at..at + chunk.len()], &chunk[..]);
        at += chunk.len();
    }
    assert_eq!(at, len);
    assert!(largest <= 64 * 1024, "read in chunks, not whole");

    let res = app
        .client
        .get(format!(
            "{}{}",
            app.base,
            app.state.storage.signed_link(key, &owner)
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.content_length(), Some(len as u64));
    assert!(res.bytes().await.expect("body") == data, "served whole");

    app.state.files.delete(&app.db, key).await.expect("delete");
    assert!(!raw_path(&app, key).exists());
    assert_eq!(
        clave::Entity::find().count(&app.db).await.expect("count"),
        0
    );
}

#[tokio::test]
async fn erasing_a_photo_destroys_its_keys() {
    let app = TestApp::spawn().await;
    let (token, _, _) = child_with_photo(&app).await;
    assert_eq!(
        clave::Entity::find().count(&app.db).await.expect("count"),
        2
    );
    let children = app.get("/api/hijos", Some(&token)).await;
    let id = children.body["data"][0]["_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let gone = app
        .request(
            reqwest::Method::DELETE,
            &format!("/api/hijos/{id}/foto"),
            Some(&token),
            None,
            None,
        )
        .await;
    assert!(gone.status.is_success(), "{}", gone.body);
    assert_eq!(
        clave::Entity::find().count(&app.db).await.expect("count"),
        0
    );
    assert!(crate::children::stored_files(&app).is_empty());
}

#[tokio::test]
async fn rotation_keeps_every_file_readable_and_an_interrupted_one_finishes() {
    let app = TestApp::spawn().await;
    let (_, link, key) = child_with_photo(&app).await;
    let key_file = app.data_dir.path().join("master.key");
    let before = clave::Entity::find_by_id(key.as_str())
        .one(&app.db)
        .await
        .expect("row")
        .expect("found");

    let done = master::rotate(&app.db, &key_file).await.expect("rotate");
    assert_eq!(done.rewrapped, 2);
    assert!(!done.finished_earlier);
    assert_ne!(done.new_id, before.clave_maestra_id);
    let old_file = app
        .data_dir
        .path()
        .join(format!("master.key.{}.old", before.clave_maestra_id));
    assert!(old_file.exists(), "the old key is kept");
    for row in clave::Entity::find().all(&app.db).await.expect("rows") {
        assert_eq!(row.clave_maestra_id, done.new_id);
    }

    // A server started after the rotation reads every file with the new key alone.
    std::fs::remove_file(&old_file).expect("remove old");
    let keys = master::load(&app.db, &key_file).await.expect("load");
    let rotated = Files::new(app.state.storage.clone(), keys);
    for row in clave::Entity::find().all(&app.db).await.expect("rows") {
        let read = rotated.get(&app.db, &row.clave).await.expect("readable");
        image::load_from_memory(&read.expect("found")).expect("the same photo");
    }
    // The running server's key ring predates the rotation: servers restart after one, as documented.
    let _ = link;

    // A rotation cut short after its key swap: a new key file, the previous key kept beside it,
    // every row still wrapped by the previous key. Running the command again finishes it.
    std::fs::copy(
        &key_file,
        app.data_dir
            .path()
            .join(format!("master.key.{}.old", done.new_id)),
    )
    .expect("keep previous");
    std::fs::remove_file(&key_file).expect("swap");
    std::fs::write(&key_file, format!("{}\n", "ef".repeat(32))).expect("new key");
    let finished = master::rotate(&app.db, &key_file).await.expect("finish");
    assert!(finished.finished_earlier, "finishes, makes no other key");
    assert_eq!(finished.rewrapped, 2);
    assert_ne!(finished.new_id, done.new_id);
    let keys = master::load(&app.db, &key_file).await.expect("load");
    let files = Files::new(app.state.storage.clone(), keys);
    for row in clave::Entity::find().all(&app.db).await.expect("rows") {
        assert_eq!(row.clave_maestra_id, finished.new_id);
        assert!(
            files
                .get(&app.db, &row.clave)
                .await
                .expect("readable")
                .is_some()
        );
    }
}

fn config_for(app: &TestApp) -> nido::config::Config {
    let vars = [
        ("NIDO_DATA_DIR", app.data_dir.path().display().to_string()),
        ("DATABASE_URL", app.database_url().to_owned()),
        ("NIDO_RATE_LIMITS", "off".to_owned()),
    ];
    nido::config::Config::from_lookup(|name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("config")
}

async fn start_error(app: &TestApp) -> String {
    match nido::build_state(config_for(app)).await {
        Ok(_) => panic!("the start should be refused"),
        Err(err) => format!("{err:#}"),
    }
}

#[tokio::test]
async fn a_missing_or_wrong_master_key_stops_the_start_with_one_line() {
    let app = TestApp::spawn().await;
    child_with_photo(&app).await;
    let key_file = app.data_dir.path().join("master.key");
    let right = std::fs::read(&key_file).expect("key");
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(&key_file).expect("meta").permissions(),
    );
    assert_eq!(mode & 0o777, 0o600, "readable by its owner only");

    std::fs::remove_file(&key_file).expect("remove");
    let err = start_error(&app).await;
    assert!(
        err.starts_with("NIDO_MASTER_KEY_FILE:") && err.contains("is missing"),
        "{err}"
    );
    assert!(!key_file.exists(), "no new key is made over existing files");

    std::fs::write(&key_file, format!("{}\n", "ab".repeat(32))).expect("wrong key");
    let err = start_error(&app).await;
    assert!(err.contains("is not the master key"), "{err}");

    std::fs::write(&key_file, "not a key").expect("garbage");
    let err = start_error(&app).await;
    assert!(err.contains("not a Nido master key"), "{err}");

    // The binary says it in one line, with no trace.
    std::fs::write(&key_file, format!("{}\n", "cd".repeat(32))).expect("wrong key");
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_nido"))
        .arg("migrate")
        .env("NIDO_DATA_DIR", app.data_dir.path())
        .env("DATABASE_URL", app.database_url())
        .env_remove("NIDO_STORAGE_URL")
        .env_remove("NIDO_MASTER_KEY_FILE")
        .output()
        .await
        .expect("run nido");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("nido: NIDO_MASTER_KEY_FILE:"),
        "{stderr}"
    );

    std::fs::write(&key_file, right).expect("right key");
    nido::build_state(config_for(&app))
        .await
        .expect("starts again");
}

#[tokio::test]
async fn photos_stored_before_encryption_are_encrypted_once() {
    let app = TestApp::spawn().await;
    let (_, link, key) = child_with_photo(&app).await;
    let files = &app.state.files;
    // Back to how an older Nido left them: plaintext objects, no key rows, not marked done.
    let mut plain = Vec::new();
    for path in crate::children::stored_files(&app) {
        let key = path
            .strip_prefix(app.data_dir.path().join("files"))
            .expect("inside")
            .display()
            .to_string();
        let content = files
            .get(&app.db, &key)
            .await
            .expect("read")
            .expect("found");
        files
            .storage()
            .put(&key, content.clone())
            .await
            .expect("plaintext");
        plain.push((key, content));
    }
    app.sql("DELETE FROM claves_archivo").await;
    app.sql("DELETE FROM ajustes WHERE clave = 'files_encrypted_at_rest'")
        .await;
    assert!(
        std::fs::read(raw_path(&app, &key))
            .expect("raw")
            .starts_with(&[0xFF, 0xD8])
    );

    // Interrupted after the first file: that one is encrypted already, the next pass skips it.
    let (first_key, first) = &plain[0];
    files
        .put(&app.db, first_key, first.clone())
        .await
        .expect("one done");
    let encrypted = files::plaintext::encrypt_existing(&app.db, files)
        .await
        .expect("encrypt");
    assert_eq!(encrypted, 1);
    for (key, content) in &plain {
        let raw = std::fs::read(raw_path(&app, key)).expect("raw");
        assert!(raw.starts_with(MAGIC), "{key}");
        let read = files.get(&app.db, key).await.expect("read").expect("found");
        assert_eq!(&read, content);
    }
    let (status, body) = fetch(&app, &link).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body.expect("body"),
        plain.iter().find(|(k, _)| *k == key).expect("photo").1
    );
    assert_eq!(
        files::plaintext::encrypt_existing(&app.db, files)
            .await
            .expect("again"),
        0,
        "done once"
    );
}
