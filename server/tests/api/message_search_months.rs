//! Searches whose newest 50 matches lie beyond a family's newest 500 messages, where PostgreSQL
//! asks its week index in windows of weeks going back: the same results, in the same order, as
//! the newest matches of all the messages, across week and month boundaries, empty weeks and date
//! filters; never another family's messages nor a conversation the caller is not in.

use chrono::{DateTime, Duration, TimeZone, Utc};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

/// Messages seeded per conversation, `HOURS` apart from 2025-01-01: about eight months.
const SEEDED: i64 = 1_500;
const HOURS: i64 = 4;

fn sent(n: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0)
        .single()
        .expect("date")
        + Duration::hours(HOURS * n)
}

/// What message `n` of a seeded conversation says: a platypus every 13th, a fox only in the 3rd
/// and the 700th (accented and in capitals, as the index must not care), else school talk.
fn platypus(n: i64) -> bool {
    n % 13 == 0
}

fn fox(n: i64) -> bool {
    n == 3 || n == 700
}

/// `SEEDED` messages in a conversation, straight into the table (as an import would), the
/// sending times `HOURS` apart; their ids are `<ids>-<n>`.
async fn seed(app: &TestApp, ids: &str, conversacion_id: &str, familia_id: &str) {
    let sent_at = match app.db.get_database_backend() {
        DbBackend::Postgres => {
            format!("TIMESTAMPTZ '2025-01-01 00:00:00+00' + n * INTERVAL '{HOURS} hours'")
        }
        _ => format!(
            "strftime('%Y-%m-%dT%H:%M:%S+00:00', '2025-01-01', '+' || (n * {HOURS}) || ' hours')"
        ),
    };
    app.sql(&format!(
        "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {SEEDED}) \
         INSERT INTO mensajes (id, conversacion_id, familia_id, numero, autor_id, texto, tipo, \
         responde_a, tono, registro_seq, enviado_at) \
         SELECT '{ids}-' || CAST(n AS TEXT), '{conversacion_id}', '{familia_id}', n, NULL, \
         CASE WHEN n % 13 = 0 THEN 'Vimos un ornitorrinco en la salida ' || CAST(n AS TEXT) \
         WHEN n IN (3, 700) THEN 'Un ZORRO cruzó el camino, el número ' || CAST(n AS TEXT) \
         ELSE 'Mensaje número ' || CAST(n AS TEXT) || ' sobre la escuela y la mochila' END, \
         'normal', NULL, 'ok', 0, {sent_at} FROM s"
    ))
    .await;
}

async fn register(app: &TestApp, nombre: &str, email: &str) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD, "language": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

async fn conversation(app: &TestApp, token: &str, familia: &str, tema: &str) -> String {
    let a = app
        .post(
            "/api/conversaciones",
            Some(token),
            json!({"familiaId": familia, "tema": tema, "asunto": "Salidas"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The found messages' ids, newest first.
async fn found(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let a = app
        .get(&format!("/api/mensajes/buscar?{query}"), Some(token))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{query}: {}", a.body);
    a.body["data"]["resultados"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|r: &Value| r["mensajeId"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// The ids of the newest 50 seeded messages (of `ids`) that `matches` keeps, sent in `[from,
/// until)`.
fn newest(
    ids: &str,
    matches: fn(i64) -> bool,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Vec<String> {
    (1..=SEEDED)
        .rev()
        .filter(|&n| matches(n) && sent(n) >= from && sent(n) < until)
        .take(50)
        .map(|n| format!("{ids}-{n}"))
        .collect()
}

fn months(ids: &[String]) -> usize {
    let mut months: Vec<String> = ids
        .iter()
        .filter_map(|id| id.rsplit('-').next()?.parse::<i64>().ok())
        .map(|n| sent(n).format("%Y-%m").to_string())
        .collect();
    months.dedup();
    months.len()
}

/// Ana and Beto share a family with one conversation of `SEEDED` messages; Carla and Darío's
/// family has a conversation with the same texts at the same times, and Ana belongs to Carla's
/// family too without taking part in that conversation.
struct Families {
    app: TestApp,
    ana: String,
    beto: String,
    carla: String,
    ours: String,
    theirs: String,
}

async fn families() -> Families {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org").await;
    let (beto, _) = register(&app, "Beto", "beto@example.org").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org").await;
    let (dario, _) = register(&app, "Darío", "dario@example.org").await;
    let ours = app.own_family(&ana).await;
    let theirs = app.own_family(&carla).await;
    app.join_family(&ana, &ours, &beto, "coparent", "padre")
        .await;
    app.join_family(&carla, &theirs, &dario, "coparent", "padre")
        .await;
    let in_ours = conversation(&app, &ana, &ours, "actividades").await;
    let in_theirs = conversation(&app, &carla, &theirs, "actividades").await;
    seed(&app, "a", &in_ours, &ours).await;
    seed(&app, "c", &in_theirs, &theirs).await;
    app.join_family(&carla, &theirs, &ana, "coparent", "madre")
        .await;
    Families {
        app,
        ana,
        beto,
        carla,
        ours,
        theirs,
    }
}

fn always() -> (DateTime<Utc>, DateTime<Utc>) {
    (sent(0), sent(SEEDED + 1))
}

#[tokio::test]
async fn older_matches_come_in_the_order_of_a_search_of_everything() {
    let f = families().await;
    let (from, until) = always();
    let expected = newest("a", platypus, from, until);
    // Fewer than 50 among the newest 500: the rest come from older months, past a month's end.
    assert!((SEEDED - 500..=SEEDED).filter(|&n| platypus(n)).count() < 50);
    assert!(months(&expected) >= 3, "{expected:?}");
    for (token, q) in [
        (&f.ana, "ornitorrinco"),
        (&f.beto, "ORNITORRINCO"),
        (&f.beto, "ornito"),
    ] {
        assert_eq!(
            found(&f.app, token, &format!("q={q}&familiaId={}", f.ours)).await,
            expected,
            "{q}"
        );
    }
    // Two matches seven months apart, found across empty months, newest first.
    assert_eq!(
        found(&f.app, &f.beto, "q=zorro").await,
        newest("a", fox, from, until)
    );
    assert_eq!(
        found(&f.app, &f.beto, "q=zorro%20cruzo%20camino").await,
        vec!["a-700", "a-3"]
    );
    assert!(
        found(&f.app, &f.beto, "q=zorro%20ornitorrinco")
            .await
            .is_empty()
    );
    assert!(found(&f.app, &f.beto, "q=zanahoria").await.is_empty());
    // A subject with no such conversation finds nothing; the right one finds them all.
    assert!(
        found(&f.app, &f.beto, "q=zorro&tema=medico")
            .await
            .is_empty()
    );
    assert_eq!(
        found(&f.app, &f.beto, "q=zorro&tema=actividades").await,
        vec!["a-700", "a-3"]
    );
}

#[tokio::test]
async fn date_filters_cut_the_older_months_the_same_way() {
    let f = families().await;
    let row = f
        .app
        .db
        .query_one_raw(Statement::from_string(
            f.app.db.get_database_backend(),
            "SELECT zona_horaria FROM usuarios WHERE email = 'beto@example.org'",
        ))
        .await
        .expect("zone")
        .expect("beto");
    let zone: String = row.try_get("", "zona_horaria").expect("zone");
    for (desde, hasta) in [
        (Some("2025-03-01"), Some("2025-05-10")),
        (None, Some("2025-04-02")),
        (Some("2025-06-20"), None),
        (Some("2025-02-01"), Some("2025-02-28")),
    ] {
        let days = nido::messages::search::days::Days::parse(desde, hasta, &zone).expect("days");
        let (from, until) = (
            days.from.unwrap_or(sent(0)),
            days.until.unwrap_or(sent(SEEDED + 1)),
        );
        let mut query = format!("q=ornitorrinco&familiaId={}", f.ours);
        for (name, value) in [("desde", desde), ("hasta", hasta)] {
            if let Some(value) = value {
                query.push_str(&format!("&{name}={value}"));
            }
        }
        let expected = newest("a", platypus, from, until);
        assert!(!expected.is_empty(), "{query}");
        assert_eq!(found(&f.app, &f.beto, &query).await, expected, "{query}");
    }
}

#[tokio::test]
async fn older_months_never_show_another_familys_messages() {
    let f = families().await;
    let (from, until) = always();
    // Carla's family holds the same words at the same times: she finds her own only.
    assert_eq!(
        found(&f.app, &f.carla, "q=ornitorrinco").await,
        newest("c", platypus, from, until)
    );
    assert_eq!(
        found(&f.app, &f.carla, "q=zorro").await,
        vec!["c-700", "c-3"]
    );
    // Beto is not in Carla's family; Ana is, but not in its conversation: both find only theirs,
    // with or without naming a family.
    for token in [&f.ana, &f.beto] {
        assert_eq!(found(&f.app, token, "q=zorro").await, vec!["a-700", "a-3"]);
        assert_eq!(
            found(&f.app, token, "q=ornitorrinco").await,
            newest("a", platypus, from, until)
        );
    }
    assert!(
        found(
            &f.app,
            &f.ana,
            &format!("q=ornitorrinco&familiaId={}", f.theirs)
        )
        .await
        .is_empty()
    );
}

#[tokio::test]
async fn older_months_read_typed_syntax_as_words() {
    let f = families().await;
    let fox = vec!["a-700".to_owned(), "a-3".to_owned()];
    for q in [
        "\"zorro\"",
        "'zorro",
        "zorro'",
        "zorro:*",
        "(ZORRO)",
        "zorro\\",
        "-zorro",
        "zorró",
        "zor",
    ] {
        let query = format!("familiaId={}&q={}", f.ours, encode(q));
        assert_eq!(found(&f.app, &f.beto, &query).await, fox, "{q}");
    }
    for q in [
        "zorro OR ornitorrinco",
        "zorro & ornitorrinco | !x",
        "zorro 'x':*",
        "zorro\\'",
        "zorro ''",
    ] {
        let query = format!("familiaId={}&q={}", f.ours, encode(q));
        let hits = found(&f.app, &f.beto, &query).await;
        assert!(hits.len() <= 2, "{q}: {hits:?}");
        assert!(hits.iter().all(|id| fox.contains(id)), "{q}: {hits:?}");
    }
}

fn encode(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}
