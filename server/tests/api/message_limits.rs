//! How much one person may send (messages a minute and a day, conversations a day: 429 with
//! Retry-After, nothing stored), and the burst rule counted per recipient across conversations.

use chrono::{Timelike, Utc};
use nido::{messages::limits, notifications::entities::notificacion, platform::rate_limit::Limit};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Statement};
use serde_json::{Value, json};

use crate::helpers::{Answer, Options, TestApp, eventually};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

/// Ana (Spanish) and Beto (English), co-parents of Ana's family; Vera, a viewer of it; Carla, a
/// stranger.
struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    beto_id: String,
    vera: String,
    vera_id: String,
    carla: String,
    family: String,
}

async fn family(rate_limits: bool) -> Family {
    let app = TestApp::spawn_with(Options {
        rate_limits,
        ..Options::default()
    })
    .await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "en").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org", "es").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org", "es").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    Family {
        app,
        ana,
        beto,
        beto_id,
        vera,
        vera_id,
        carla,
        family,
    }
}

impl Family {
    async fn start(&self, token: &str, extra: Value) -> Answer {
        let mut body = json!({"familiaId": self.family, "tema": "escuela", "asunto": "Boletín"});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.app
            .post("/api/conversaciones", Some(token), body)
            .await
    }

    async fn conversation(&self, token: &str) -> String {
        let a = self.start(token, json!({})).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    async fn send(&self, token: &str, conversation: &str, texto: &str, tipo: &str) -> Answer {
        self.app
            .post(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(token),
                json!({"texto": texto, "tipo": tipo}),
            )
            .await
    }

    /// The numbers of the messages stored in the conversation, as its participant `token` reads them.
    async fn stored(&self, token: &str, conversation: &str) -> Vec<i64> {
        let a = self
            .app
            .get(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(token),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]["mensajes"]
            .as_array()
            .map(|l| l.iter().filter_map(|m| m["numero"].as_i64()).collect())
            .unwrap_or_default()
    }

    async fn notices_of(&self, usuario_id: &str, tipo: &str) -> usize {
        notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(usuario_id))
            .filter(notificacion::Column::Tipo.eq(tipo))
            .all(&self.app.db)
            .await
            .expect("notices")
            .len()
    }
}

fn retry_after(a: &Answer) -> u64 {
    a.headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After in seconds")
}

/// Seconds from now to the next 00:00 UTC, where the day's windows end.
fn seconds_to_midnight() -> u64 {
    let now = Utc::now();
    let seconds = 24 * 3600 - i64::from(now.num_seconds_from_midnight());
    u64::try_from(seconds).unwrap_or(0)
}

/// The attempts counted under `limit` (its name), over all its windows and subjects.
async fn counted(app: &TestApp, limit: &str) -> i64 {
    let rows = app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT count FROM rate_limits WHERE key LIKE '{limit}:%'"),
        ))
        .await
        .expect("rate limits");
    rows.iter()
        .map(|r| i64::from(r.try_get::<i32>("", "count").unwrap_or_default()))
        .sum()
}

/// Sends one more after filling the current window of `limit` for `usuario_id` to its maximum,
/// until a send is refused: a window that ends between the filling and the send lets one pass,
/// and the next fill is in the new window. Gives back the refusal and how many passed.
async fn refused_past(
    f: &Family,
    limit: &Limit,
    usuario_id: &str,
    token: &str,
    conversation: &str,
) -> (Answer, i64) {
    let mut passed = 0;
    loop {
        for _ in 0..limit.max {
            // Past the limit a hit is refused, and still counted.
            if let Err(refused) = f.app.state.limiter.hit(limit, usuario_id).await {
                assert!(refused.retry_after().is_some(), "{refused:?}");
            }
        }
        let a = f.send(token, conversation, "Una más", "normal").await;
        if a.status != StatusCode::CREATED {
            return (a, passed);
        }
        passed += 1;
        assert!(passed < 3, "two windows ended within two sends");
    }
}

#[tokio::test]
async fn messages_past_the_minute_limit_are_refused_and_not_stored() {
    let f = family(true).await;
    let conversation = f.conversation(&f.ana).await;
    // Each message sent is counted once a minute and once a day, whatever windows they fall in.
    for n in 0..5 {
        let a = f
            .send(&f.beto, &conversation, &format!("Nota {n}"), "normal")
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    assert_eq!(counted(&f.app, "messages_minute").await, 5);
    assert_eq!(counted(&f.app, "messages_day").await, 5);
    // A text refused by its own checks counts nothing.
    let empty = f.send(&f.beto, &conversation, "   ", "normal").await;
    assert_eq!(
        empty.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        empty.body
    );
    assert_eq!(counted(&f.app, "messages_minute").await, 5);

    // Past 30 in the minute: 429 in Beto's English with the seconds left, and nothing stored.
    let (refused, passed) = refused_past(
        &f,
        &limits::MESSAGES_PER_MINUTE,
        &f.beto_id,
        &f.beto,
        &conversation,
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(refused.str("code"), "message_rate_limit");
    assert!(
        refused
            .str("msg")
            .starts_with("You are sending many messages"),
        "{}",
        refused.body
    );
    assert!((1..=60).contains(&retry_after(&refused)));
    let stored = f.stored(&f.ana, &conversation).await;
    assert_eq!(stored, (1..=5 + passed).rev().collect::<Vec<_>>());
    // A send the minute refuses does not spend the day.
    assert_eq!(counted(&f.app, "messages_day").await, 5 + passed);

    // An emergency has its own limit and passes; who may not write there is told so and never
    // counted (a stranger, no session); Ana has her own count.
    let emergency = f
        .send(&f.beto, &conversation, "Llamame ya", "emergencia")
        .await;
    assert_eq!(emergency.status, StatusCode::CREATED, "{}", emergency.body);
    let before = counted(&f.app, "messages_minute").await;
    for _ in 0..35 {
        let a = f.send(&f.carla, &conversation, "hola", "normal").await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
    let anonymous = f
        .app
        .post(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            None,
            json!({"texto": "hola", "tipo": "normal"}),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(counted(&f.app, "messages_minute").await, before);
    let ana = f.send(&f.ana, &conversation, "Te leo", "normal").await;
    assert_eq!(ana.status, StatusCode::CREATED, "{}", ana.body);
}

#[tokio::test]
async fn the_day_limits_hold_until_the_day_ends() {
    let f = family(true).await;
    let conversation = f.conversation(&f.ana).await;
    // The day's count filled as 500 messages would leave it: sending them here would take
    // minutes, the minute's limit aside.
    let (refused, _) = refused_past(
        &f,
        &limits::MESSAGES_PER_DAY,
        &f.beto_id,
        &f.beto,
        &conversation,
    )
    .await;
    let before_midnight = seconds_to_midnight();
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(refused.str("code"), "message_daily_limit");
    assert!(
        refused.str("msg").contains("daily limit"),
        "{}",
        refused.body
    );
    let retry = retry_after(&refused);
    // The day's window ends at 00:00 UTC.
    assert!(
        retry + 1 >= before_midnight && retry <= before_midnight + 60,
        "{retry} vs {before_midnight}"
    );
    // The viewer's own day is untouched.
    let vera_talks = f
        .start(&f.vera, json!({"participantes": [f.beto_id]}))
        .await;
    assert_eq!(
        vera_talks.status,
        StatusCode::CREATED,
        "{}",
        vera_talks.body
    );

    // Conversations: 20 a day each (Ana started one above, Vera's is her own); Ana's 21st is
    // refused, in Spanish.
    let day = Utc::now().date_naive();
    let mut started = 1;
    let over = loop {
        let a = f.start(&f.ana, json!({})).await;
        if a.status != StatusCode::CREATED {
            break a;
        }
        started += 1;
        assert!(started <= 40, "more than 20 a day started");
    };
    if Utc::now().date_naive() == day {
        assert_eq!(started, 20, "{}", over.body);
    }
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS, "{}", over.body);
    assert_eq!(over.str("code"), "conversation_daily_limit");
    assert!(
        over.str("msg")
            .starts_with("Llegaste al máximo de conversaciones nuevas"),
        "{}",
        over.body
    );
    assert!((1..=24 * 3600).contains(&retry_after(&over)));
    let list = f.app.get("/api/conversaciones", Some(&f.ana)).await;
    assert_eq!(
        list.body["data"]["conversaciones"].as_array().map(Vec::len),
        Some(started),
        "the refused one is not stored"
    );
    // A bad request is a 422 before any count, not a 429.
    let bad = f.start(&f.ana, json!({"tema": "nada"})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
}

#[tokio::test]
async fn a_burst_is_counted_per_recipient_across_conversations() {
    let f = family(false).await;
    // Twelve conversations of one message each reach Beto as a burst: ten notices and one for
    // the rest, as twelve messages in one conversation would.
    for n in 0..12 {
        let conversation = f.conversation(&f.ana).await;
        let a = f
            .send(&f.ana, &conversation, &format!("Otra cosa: {n}"), "normal")
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    assert_eq!(f.notices_of(&f.beto_id, "mensaje.nuevo").await, 10);
    assert_eq!(f.notices_of(&f.beto_id, "mensaje.varios").await, 1);
    // Vera got none of those; a message to her is counted on its own.
    let with_vera = f.start(&f.ana, json!({"participantes": [f.vera_id]})).await;
    let with_vera = with_vera.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let a = f
        .send(&f.ana, &with_vera, "¿Podés el sábado?", "normal")
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(f.notices_of(&f.vera_id, "mensaje.nuevo").await, 1);
    assert_eq!(f.notices_of(&f.vera_id, "mensaje.varios").await, 0);
    // An emergency in the burst is still told.
    let last = f.conversation(&f.ana).await;
    let a = f.send(&f.ana, &last, "¡Llamame!", "emergencia").await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(f.notices_of(&f.beto_id, "mensaje.emergencia").await, 1);
    // So Beto's inbox holds 12 message mails, not 13: ten, the burst's and the emergency's.
    let to_beto = || {
        f.app
            .mails_with("from Ana Paz")
            .iter()
            .filter(|m| m.contains("To: beto@example.org"))
            .count()
    };
    eventually("Beto's message mails", || async { to_beto() >= 12 }).await;
    assert_eq!(to_beto(), 12);
}
