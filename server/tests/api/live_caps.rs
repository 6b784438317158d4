//! Caps on what one user may hold of the live events: tickets per minute, and streams open at
//! once over every instance (counted in the database); a stream left by a dead instance stops
//! counting, and one closed frees its place.

use chrono::Utc;
use nido::platform::live::store::flujo;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, sea_query::Expr};

use crate::helpers::{Options, TestApp, eventually};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

async fn open(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(format!("{}/api/tiempo-real", app.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("stream")
}

fn retry_after(res: &reqwest::Response) -> u64 {
    res.headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After")
}

async fn open_rows(app: &TestApp, usuario_id: &str) -> u64 {
    flujo::Entity::find()
        .filter(flujo::Column::UsuarioId.eq(usuario_id))
        .count(&app.db)
        .await
        .expect("count")
}

#[tokio::test]
async fn a_user_holds_at_most_ten_streams_over_every_instance() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Default::default()
    })
    .await;
    // A second instance on the same database counts the same streams.
    let other = TestApp::spawn_with(Options {
        rate_limits: true,
        database_url: Some(app.database_url().to_owned()),
        keys_from: Some(app.data_dir.path().to_owned()),
        ..Default::default()
    })
    .await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, _) = app.register("beto@example.org", PASSWORD).await;
    let mut streams = Vec::new();
    for n in 0..10 {
        let instance = if n % 2 == 0 { &app } else { &other };
        let res = open(instance, &ana).await;
        assert_eq!(res.status(), StatusCode::OK, "stream {n}");
        streams.push(res);
    }
    assert_eq!(open_rows(&app, &ana_id).await, 10);
    for instance in [&app, &other] {
        let refused = open(instance, &ana).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!((1..=60).contains(&retry_after(&refused)));
        let body: serde_json::Value = refused.json().await.expect("json");
        assert_eq!(body["code"], "live_streams_too_many", "{body}");
        assert!(
            body["msg"].as_str().is_some_and(|m| m.contains("pestañas")),
            "{body}"
        );
    }
    assert_eq!(
        open_rows(&app, &ana_id).await,
        10,
        "a refused stream leaves no row"
    );
    assert_eq!(
        open(&app, &beto).await.status(),
        StatusCode::OK,
        "a cap per user"
    );

    // A closed tab frees its place once the server sees it gone.
    drop(streams.pop());
    eventually("the closed stream's row gone", || async {
        open_rows(&app, &ana_id).await == 9
    })
    .await;
    let again = open(&other, &ana).await;
    assert_eq!(again.status(), StatusCode::OK);
    streams.push(again);

    // Streams whose instance died stop beating, and stop counting.
    flujo::Entity::update_many()
        .col_expr(
            flujo::Column::Latido,
            Expr::value(Utc::now() - chrono::Duration::minutes(5)),
        )
        .filter(flujo::Column::UsuarioId.eq(&ana_id))
        .exec(&app.db)
        .await
        .expect("age the rows");
    assert_eq!(open(&app, &ana).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn tickets_are_capped_per_minute() {
    let app = TestApp::spawn_with(Options {
        rate_limits: true,
        ..Default::default()
    })
    .await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let ticket = |token: String| {
        let app = &app;
        async move {
            app.client
                .post(format!("{}/api/tiempo-real/ticket", app.base))
                .bearer_auth(token)
                .send()
                .await
                .expect("ticket")
        }
    };
    let mut refused = None;
    for n in 0..31 {
        let res = ticket(ana.clone()).await;
        if res.status() == StatusCode::TOO_MANY_REQUESTS {
            refused = Some((n, res));
            break;
        }
        assert_eq!(res.status(), StatusCode::OK, "ticket {n}");
    }
    // A minute's window may turn over between two tickets: then the count starts again.
    let (n, res) = match refused {
        Some(found) => found,
        None => {
            let mut last = None;
            for n in 0..31 {
                let res = ticket(ana.clone()).await;
                if res.status() == StatusCode::TOO_MANY_REQUESTS {
                    last = Some((n, res));
                    break;
                }
            }
            last.expect("a 429 within 31 tickets of one window")
        }
    };
    assert!(n >= 1, "{n}");
    assert!((1..=60).contains(&retry_after(&res)));
    let (beto, _) = app.register("beto@example.org", PASSWORD).await;
    assert_eq!(ticket(beto).await.status(), StatusCode::OK);
}
