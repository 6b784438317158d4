//! The live status page's payload and the `nido status` commands that publish notices.

use std::process::Command;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::Value;

use nido::site::notices::{self, NewNotice};

use crate::helpers::TestApp;

// No mobile app exists yet, so the page claims none is operational.
const SERVICES: [&str; 6] = [
    "webApp",
    "apiServices",
    "database",
    "emailService",
    "notifications",
    "fileStorage",
];

fn service<'a>(data: &'a Value, name: &str) -> &'a Value {
    data["services"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("service {name} in {data}"))
}

/// The job runner's first heartbeat is written as the server starts; wait for it.
async fn wait_for_heartbeat(app: &TestApp) {
    for _ in 0..100 {
        if nido::db::settings::get(&app.db, "heartbeat_jobs")
            .await
            .ok()
            .flatten()
            .is_some()
        {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no heartbeat");
}

#[tokio::test]
async fn every_service_is_measured_for_real() {
    let app = TestApp::spawn().await;
    wait_for_heartbeat(&app).await;
    let a = app.get("/api3/system/status", None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["success"], true);
    let data = &a.body["data"];
    let names: Vec<&str> = data["services"]
        .as_array()
        .expect("services")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, SERVICES);
    for name in [
        "database",
        "fileStorage",
        "emailService",
        "notifications",
        "apiServices",
    ] {
        assert_eq!(
            service(data, name)["status"],
            "operational",
            "{name}: {data}"
        );
        assert!(service(data, name)["responseTime"].is_u64());
        assert!(service(data, name)["lastChecked"].is_string());
    }
    let memory = &data["metrics"]["memory"];
    let total = memory["total"].as_u64().expect("total");
    let used = memory["used"].as_u64().expect("used");
    let percentage = memory["percentage"].as_f64().expect("percentage");
    assert!(total > 0 && used <= total, "{memory}");
    assert!((0.0..=100.0).contains(&percentage));
    assert_eq!(
        (percentage * 10.0).round() / 10.0,
        percentage,
        "one decimal"
    );
    assert!(data["metrics"]["cpu"]["cores"].as_u64().expect("cores") >= 1);
    assert!(data["metrics"]["cpu"]["load"].as_f64().expect("load") >= 0.0);
    assert!(data["metrics"]["uptime"].is_u64());
    assert_eq!(data["incidents"], serde_json::json!([]));
    assert_eq!(data["scheduledMaintenance"], serde_json::json!([]));

    // The same payload at the /api address.
    let b = app.get("/api/system/status", None).await;
    assert_eq!(b.status, StatusCode::OK);
    assert_eq!(
        b.body["data"]["services"].as_array().map(Vec::len),
        Some(SERVICES.len())
    );
    // No probe files are left behind in storage.
    let leftovers = std::fs::read_dir(app.data_dir.path().join("files/_status"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(leftovers, 0);
}

#[tokio::test]
async fn a_stopped_job_runner_shows_in_notifications() {
    let app = TestApp::spawn().await;
    wait_for_heartbeat(&app).await;
    let old = (Utc::now() - Duration::hours(1)).to_rfc3339();
    nido::db::settings::put(&app.db, "heartbeat_jobs", &old)
        .await
        .expect("old heartbeat");
    let a = app.get("/api/system/status", None).await;
    let data = &a.body["data"];
    assert_eq!(service(data, "notifications")["status"], "major_outage");
    assert_eq!(
        data["overall"]["status"], "major_outage",
        "the worst service"
    );
}

#[tokio::test]
async fn notices_show_until_they_are_over() {
    let app = TestApp::spawn().await;
    wait_for_heartbeat(&app).await;
    let now = Utc::now();
    let open = notices::add(&app.db, NewNotice::Incident, "Fotos lentas", "Investigando")
        .await
        .expect("incident");
    let fixed = notices::add(&app.db, NewNotice::Incident, "Correo demorado", "")
        .await
        .expect("incident");
    notices::resolve(&app.db, &fixed).await.expect("resolve");
    assert!(
        notices::resolve(&app.db, &fixed).await.is_err(),
        "resolving twice is refused"
    );
    let under_way = NewNotice::Maintenance {
        starts: now - Duration::minutes(5),
        ends: Some(now + Duration::hours(1)),
    };
    notices::add(&app.db, under_way, "Actualización de base de datos", "")
        .await
        .expect("maintenance");
    let coming = NewNotice::Maintenance {
        starts: now + Duration::days(2),
        ends: None,
    };
    notices::add(&app.db, coming, "Cambio de servidor", "")
        .await
        .expect("maintenance");
    let past = NewNotice::Maintenance {
        starts: now - Duration::days(2),
        ends: Some(now - Duration::days(1)),
    };
    notices::add(&app.db, past, "Ya pasó", "")
        .await
        .expect("maintenance");
    let backwards = NewNotice::Maintenance {
        starts: now,
        ends: Some(now - Duration::hours(1)),
    };
    assert!(
        notices::add(&app.db, backwards, "Al revés", "")
            .await
            .is_err()
    );

    let a = app.get("/api/system/status", None).await;
    let data = &a.body["data"];
    let incidents = data["incidents"].as_array().expect("incidents");
    assert_eq!(incidents.len(), 2, "{data}");
    let by_title = |t: &str| incidents.iter().find(|i| i["title"] == t).cloned();
    assert_eq!(by_title("Fotos lentas").expect("open")["id"], open);
    assert!(by_title("Fotos lentas").expect("open")["resolvedAt"].is_null());
    assert!(by_title("Correo demorado").expect("fixed")["resolvedAt"].is_string());
    let maintenance: Vec<&str> = data["scheduledMaintenance"]
        .as_array()
        .expect("maintenance")
        .iter()
        .filter_map(|m| m["title"].as_str())
        .collect();
    assert_eq!(
        maintenance,
        ["Actualización de base de datos", "Cambio de servidor"]
    );
    assert_eq!(data["overall"]["status"], "maintenance");
}

#[tokio::test]
async fn the_status_commands_publish_resolve_and_list() {
    let app = TestApp::spawn().await;
    let nido = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_nido"))
            .args(args)
            .env("DATABASE_URL", app.database_url())
            .env("NIDO_DATA_DIR", app.data_dir.path())
            .env("RUST_LOG", "error")
            .output()
            .expect("run nido");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, out, err) = nido(&[
        "status",
        "add",
        "incident",
        "--title",
        "API lenta",
        "--description",
        "Mirando",
    ]);
    assert!(ok, "{err}");
    let id = out.trim().rsplit(' ').next().expect("id").to_owned();
    let (ok, _, err) = nido(&[
        "status",
        "add",
        "maintenance",
        "--title",
        "Migración",
        "--at",
        "2099-01-01T03:00:00Z",
        "--until",
        "2099-01-01T05:00:00Z",
    ]);
    assert!(ok, "{err}");
    let (ok, _, err) = nido(&[
        "status",
        "add",
        "maintenance",
        "--title",
        "x",
        "--at",
        "mañana",
    ]);
    assert!(!ok, "a bad date is refused");
    assert!(err.contains("--at"), "{err}");

    let (ok, out, _) = nido(&["status", "list"]);
    assert!(ok);
    assert!(out.contains("API lenta") && out.contains("[open]"), "{out}");
    assert!(
        out.contains("Migración") && out.contains("until 2099-01-01T05:00:00"),
        "{out}"
    );

    let (ok, _, err) = nido(&["status", "resolve", &id]);
    assert!(ok, "{err}");
    let (ok, _, err) = nido(&["status", "resolve", "no-such-id"]);
    assert!(!ok);
    assert!(err.contains("no open notice"), "{err}");
    let (_, out, _) = nido(&["status", "list"]);
    assert!(out.contains("[resolved"), "{out}");

    let a = app.get("/api/system/status", None).await;
    assert_eq!(a.body["data"]["incidents"][0]["title"], "API lenta");
    assert!(a.body["data"]["incidents"][0]["resolvedAt"].is_string());
}
