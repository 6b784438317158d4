//! A PostgreSQL outage under a running server: while the database is out of reach, requests get
//! a quick 503 with a message and `/api/ready` says not ready; once it is back, the same process
//! serves again and nothing it acknowledged is lost. The outage is a TCP proxy between the server
//! and PostgreSQL that drops every connection and refuses new ones, so other tests sharing the
//! database server are not disturbed.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::json;
use tokio::{
    net::{TcpListener, TcpStream},
    sync::watch,
};

use crate::helpers::{Options, TestApp};

/// Forwards TCP to `upstream` until cut; while cut, it closes every connection it carries and
/// every new one at once (as a stopped database's host does).
struct Proxy {
    port: u16,
    up: Arc<AtomicBool>,
    cuts: watch::Sender<u64>,
}

impl Proxy {
    async fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("proxy addr").port();
        let up = Arc::new(AtomicBool::new(true));
        let (cuts, _) = watch::channel(0u64);
        let (flag, watcher) = (up.clone(), cuts.clone());
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !flag.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes
                }
                let upstream = upstream.clone();
                let mut cut = watcher.subscribe();
                tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(&upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Proxy { port, up, cuts }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cuts.send_modify(|n| *n += 1);
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn a_database_outage_answers_503_and_the_same_process_recovers() {
    // The first app creates (and later drops) the test database; the second serves it through
    // the proxy.
    let owner = TestApp::spawn().await;
    if !owner.database_url().starts_with("postgres") {
        return; // an embedded SQLite file cannot be out of reach
    }
    let mut url = url::Url::parse(owner.database_url()).expect("database URL");
    let upstream = format!(
        "{}:{}",
        url.host_str().unwrap_or("127.0.0.1"),
        url.port().unwrap_or(5432)
    );
    let proxy = Proxy::start(upstream).await;
    url.set_port(Some(proxy.port)).expect("port");
    let app = TestApp::spawn_with(Options {
        database_url: Some(url.to_string()),
        keys_from: Some(owner.data_dir.path().to_owned()),
        ..Default::default()
    })
    .await;

    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let mut acknowledged = Vec::new();
    for name in ["Lucía", "Tomás"] {
        let made = app
            .post("/api/hijos", Some(&token), json!({"nombre": name, "apellido": "García", "fechaNacimiento": "2019-05-06", "genero": "femenino"}))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        acknowledged.push(
            made.body["data"]["_id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
    }

    proxy.cut();
    // Readiness says so, quickly.
    let started = Instant::now();
    let ready = app.get("/api/ready", None).await;
    assert_eq!(
        ready.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        ready.body
    );
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(app.get("/api/health", None).await.status, StatusCode::OK);

    // Writes are refused with a message, never a hang or a 500; some reads may still be served
    // from memory, but none fails any other way.
    let started = Instant::now();
    let refused = app
        .post("/api/hijos", Some(&token), json!({"nombre": "Nadie", "apellido": "García", "fechaNacimiento": "2020-01-01", "genero": "masculino"}))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        refused.body
    );
    assert!(refused.body["msg"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    for path in ["/api/hijos", "/api/familias", "/api/usuarios/perfil"] {
        let answer = app.get(path, Some(&token)).await;
        assert!(
            answer.status == StatusCode::OK || answer.status == StatusCode::SERVICE_UNAVAILABLE,
            "{path}: {} {}",
            answer.status,
            answer.body
        );
    }

    proxy.restore();
    let mut ready = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..100 {
        ready = app.get("/api/ready", None).await.status;
        if ready == StatusCode::OK {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ready, StatusCode::OK, "the process did not reconnect");
    let list = app.get("/api/hijos", Some(&token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    let ids: Vec<&str> = list.body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["_id"].as_str())
        .collect();
    for id in &acknowledged {
        assert!(
            ids.contains(&id.as_str()),
            "{id} was acknowledged and is gone"
        );
    }
    assert_eq!(
        ids.len(),
        acknowledged.len(),
        "the refused write left nothing"
    );
    let again = app
        .post("/api/hijos", Some(&token), json!({"nombre": "Otra", "apellido": "García", "fechaNacimiento": "2021-01-01", "genero": "femenino"}))
        .await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
}

/// What a crash between writing a file and recording it leaves behind is settled by the sweep:
/// a file no row points at goes, one a row points at stays, and notes of a live instance wait.
#[tokio::test]
async fn files_left_by_an_interrupted_change_are_swept() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let made = app
        .post("/api/hijos", Some(&token), json!({"nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2019-05-06", "genero": "femenino"}))
        .await;
    let child = made.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let storage = &app.state.storage;
    let orphan = format!("hijos/{child}/orphan.jpg");
    let fresh = format!("hijos/{child}/in-flight.jpg");
    for key in [&orphan, &fresh] {
        storage
            .put(key, bytes::Bytes::from_static(b"jpeg"))
            .await
            .expect("put");
    }
    // A real photo, then a note about it as if a replacement had died half-way.
    let uploaded =
        crate::children::upload(&app, &child, &token, crate::images::png(40, 30), "a.png").await;
    assert_eq!(uploaded.status, StatusCode::OK);
    let kept = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert!(kept.body["data"]["foto"].is_string());
    let in_use: String = {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        nido::children::entities::hijo::Entity::find()
            .filter(nido::children::entities::hijo::Column::Id.eq(&child))
            .one(&app.db)
            .await
            .expect("query")
            .and_then(|c| c.foto_key)
            .expect("a photo key")
    };
    let now = chrono::Utc::now().to_rfc3339();
    for (key, instance) in [
        (&orphan, "00000000-0000-7000-8000-000000000001"),
        (&in_use, "00000000-0000-7000-8000-000000000001"),
        (&fresh, &*app.state.instance),
    ] {
        app.sql(&format!(
            "INSERT INTO archivos_pendientes (clave, instancia, created_at) VALUES ('{key}', '{instance}', '{now}')"
        ))
        .await;
    }
    let removed = nido::domain::sweep_pending_files(&app.state)
        .await
        .expect("sweep");
    assert_eq!(removed, 1);
    assert_eq!(storage.get(&orphan).await.expect("get"), None);
    assert!(storage.get(&in_use).await.expect("get").is_some());
    assert!(
        storage.get(&fresh).await.expect("get").is_some(),
        "a live instance's change in progress is left alone"
    );
    let photo = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert_eq!(photo.body["data"]["foto"], kept.body["data"]["foto"]);
}
