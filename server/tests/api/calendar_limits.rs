//! One person cannot break the calendar for the others: a rule of more than 24 occurrences a day
//! is refused (in both languages, naming the limit) when an event is made or changed; a series
//! that dense stored before the limit neither fails the month, the feed nor "Today" for anyone
//! who sees the family's calendar, is marked as cut, and can still be ended from a coming
//! occurrence; an answer past 5,000 occurrences is cut, not refused.

use chrono::{DateTime, Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "una-serie-que-no-para";

fn every_five_minutes() -> String {
    let hours: Vec<String> = (0..24).map(|h| h.to_string()).collect();
    let minutes: Vec<String> = (0..60).step_by(5).map(|m| m.to_string()).collect();
    format!(
        "FREQ=DAILY;BYHOUR={};BYMINUTE={}",
        hours.join(","),
        minutes.join(",")
    )
}

fn hourly() -> String {
    let hours: Vec<String> = (0..24).map(|h| h.to_string()).collect();
    format!("FREQ=DAILY;BYHOUR={}", hours.join(","))
}

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

fn event(family: &str, extra: Value) -> Value {
    let mut body = json!({
        "familiaId": family,
        "titulo": "Medicación",
        "tipo": "recordatorio",
        "categoria": "medico",
        "todoElDia": false,
        "zonaHoraria": "UTC",
        "hijos": [],
    });
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            body.insert(k.clone(), v.clone());
        }
    }
    body
}

fn text(a: &Answer, field: &str) -> String {
    a.body["errors"][field]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn query_time(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[tokio::test]
async fn a_rule_of_more_than_24_a_day_is_refused_in_both_languages() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let (dana, _) = register(&app, "Dana", "dana@example.org", "en").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &dana, "coparent", "tutora")
        .await;
    let dense = every_five_minutes();

    let refused = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": "2027-02-01T10:00:00", "recurrencia": dense}),
            ),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let msg = text(&refused, "recurrencia");
    assert!(msg.contains("24 veces por día"), "{}", refused.body);
    let english = app
        .post(
            "/api/eventos",
            Some(&dana),
            event(
                &family,
                json!({"inicio": "2027-02-01T10:00:00", "recurrencia": dense}),
            ),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        text(&english, "recurrencia").contains("at most 24 times a day"),
        "{}",
        english.body
    );

    // Hourly is the most a day may hold, and a change to a denser rule is refused too.
    let made = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": "2027-02-01T10:00:00", "recurrencia": hourly()}),
            ),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.str_at(&["data", "_id"]);
    let changed = app
        .request(
            Method::PUT,
            &format!("/api/eventos/{id}"),
            Some(&ana),
            Some(event(
                &family,
                json!({"inicio": "2027-02-01T10:00:00", "recurrencia": dense}),
            )),
            None,
        )
        .await;
    assert_eq!(
        changed.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        changed.body
    );
    assert!(
        text(&changed, "recurrencia").contains("24"),
        "{}",
        changed.body
    );
    let kept = app.get(&format!("/api/eventos/{id}"), Some(&ana)).await;
    assert_eq!(kept.body["data"]["recurrencia"], hourly(), "{}", kept.body);

    // Extra dates count on their day: 20 a day from the rule and 5 more on one day is too many.
    let twenty = (0..20).map(|h| h.to_string()).collect::<Vec<_>>().join(",");
    let extra = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| format!("2027-02-03T20:{:02}:00", i * 7 + 1))
            .collect()
    };
    let too_many = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": "2027-02-01T00:00:00", "recurrencia": format!("FREQ=DAILY;BYHOUR={twenty}"), "fechasExtra": extra(5)}),
            ),
        )
        .await;
    assert_eq!(
        too_many.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        too_many.body
    );
    let enough = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": "2027-02-01T00:00:00", "recurrencia": format!("FREQ=DAILY;BYHOUR={twenty}"), "fechasExtra": extra(4)}),
            ),
        )
        .await;
    assert_eq!(enough.status, StatusCode::CREATED, "{}", enough.body);
}

trait StrAt {
    fn str_at(&self, path: &[&str]) -> String;
}

impl StrAt for Answer {
    fn str_at(&self, path: &[&str]) -> String {
        let mut v = &self.body;
        for key in path {
            v = &v[*key];
        }
        v.as_str().unwrap_or_default().to_owned()
    }
}

/// The occurrences of `evento_id` in a list answer.
fn of_event<'a>(list: &'a Value, evento_id: &str) -> Vec<&'a Value> {
    list.as_array()
        .map(|l| l.iter().filter(|o| o["eventoId"] == evento_id).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_dense_series_made_before_the_limit_breaks_no_answer_and_can_be_ended() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, _) = register(&app, "Beto", "beto@example.org", "en").await;
    let (vera, _) = register(&app, "Vera", "vera@example.org", "es").await;
    let (carla, carla_id) = register(&app, "Carla", "carla@example.org", "es").await;
    let (dan, _) = register(&app, "Dan", "dan@example.org", "en").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuela")
        .await;
    app.join_family(&ana, &family, &carla, "coparent", "tutora")
        .await;
    app.remove_member(&ana, &family, &carla_id).await;

    // A series begun ten days ago, stored as a rule made before the limit would be: made daily
    // through the API, then given the dense rule in the database itself.
    let now = Utc::now();
    let began = (now - Duration::days(10))
        .format("%Y-%m-%dT00:00:00")
        .to_string();
    let made = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": began, "recurrencia": "FREQ=DAILY"}),
            ),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let dense = made.str_at(&["data", "_id"]);
    app.sql(&format!(
        "UPDATE eventos SET recurrencia = '{}' WHERE id = '{dense}'",
        every_five_minutes()
    ))
    .await;
    let tomorrow = (now + Duration::days(1)).format("%Y-%m-%d").to_string();
    let school = app
        .post(
            "/api/eventos",
            Some(&beto),
            event(
                &family,
                json!({"titulo": "Reunión escolar", "tipo": "familia", "categoria": "escuela", "inicio": format!("{tomorrow}T15:00:00")}),
            ),
        )
        .await;
    assert_eq!(school.status, StatusCode::CREATED, "{}", school.body);
    let school = school.str_at(&["data", "_id"]);

    // Six weeks, as the month view asks: every member gets it, 24 of the series a day, marked.
    let midnight = now
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc())
        .unwrap_or(now);
    let desde = midnight - Duration::days(14);
    let hasta = midnight + Duration::days(28);
    let month = format!(
        "/api/eventos?familiaId={family}&desde={}&hasta={}",
        query_time(desde),
        query_time(hasta)
    );
    for token in [&ana, &beto, &vera] {
        let list = app.get(&month, Some(token)).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.body);
        let series = of_event(&list.body["data"], &dense);
        assert!(
            series.iter().all(|o| o["limitado"] == true),
            "{}",
            list.body
        );
        let mut per_day = std::collections::BTreeMap::<String, usize>::new();
        for o in &series {
            *per_day
                .entry(o["ocurrencia"].as_str().unwrap_or_default()[..10].to_owned())
                .or_default() += 1;
        }
        // Ten days of it before today, today and four weeks on: each day its first 24.
        assert_eq!(per_day.len(), 10 + 28, "{per_day:?}");
        assert!(per_day.values().all(|n| *n == 24), "{per_day:?}");
        let meeting = of_event(&list.body["data"], &school);
        assert_eq!(meeting.len(), 1, "{}", list.body);
        assert_eq!(meeting[0]["limitado"], false);
    }
    assert_eq!(
        app.get(&month, Some(&carla)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&month, Some(&dan)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get(&month, None).await.status, StatusCode::UNAUTHORIZED);

    // Today answers for every member.
    for token in [&ana, &vera] {
        let today = app.get("/api/hoy", Some(token)).await;
        assert_eq!(today.status, StatusCode::OK, "{}", today.body);
        let mine = today.body["data"]["familias"]
            .as_array()
            .and_then(|l| l.iter().find(|f| f["familiaId"] == family.as_str()))
            .cloned()
            .unwrap_or_default();
        let todays = of_event(&mine["eventosHoy"], &dense);
        // The family's day (Buenos Aires) spans two of the series' days (UTC): 24 of each, at
        // most.
        assert!(!todays.is_empty(), "{}", today.body);
        for date in todays
            .iter()
            .map(|o| &o["ocurrencia"].as_str().unwrap_or_default()[..10])
        {
            let on_date = todays
                .iter()
                .filter(|o| {
                    o["ocurrencia"]
                        .as_str()
                        .unwrap_or_default()
                        .starts_with(date)
                })
                .count();
            assert!(on_date <= 24, "{on_date} on {date}");
        }
        assert!(todays.iter().all(|o| o["limitado"] == true));
    }
    let dans = app.get("/api/hoy", Some(&dan)).await;
    assert_eq!(dans.status, StatusCode::OK);
    assert!(!dans.body.to_string().contains(&dense));

    // The feed: fifteen months of it, in Beto's words.
    let link = app
        .post("/api/calendario/enlace", Some(&beto), json!({}))
        .await;
    assert_eq!(link.status, StatusCode::CREATED, "{}", link.body);
    let url = link.str_at(&["data", "url"]);
    let path = url
        .strip_prefix("http://nido.test")
        .unwrap_or(&url)
        .to_owned();
    let feed = app
        .client
        .get(format!("{}{}", app.base, path))
        .send()
        .await
        .expect("feed");
    assert_eq!(feed.status(), StatusCode::OK);
    let feed = feed.text().await.expect("body");
    assert!(feed.contains("SUMMARY:Reunión escolar"), "{feed}");
    assert!(feed.contains("SUMMARY:Medicación"));
    let unfolded = feed.replace("\r\n ", "");
    assert!(
        unfolded.contains("some occurrences are left out"),
        "{unfolded}"
    );

    // Ending it: the whole of a started series stays (locked), as for any event; from a coming
    // occurrence on it ends, which a viewer may not do.
    let whole = app
        .request(
            Method::DELETE,
            &format!("/api/eventos/{dense}"),
            Some(&beto),
            None,
            None,
        )
        .await;
    assert_eq!(
        whole.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        whole.body
    );
    assert_eq!(whole.body["code"], "event_started");
    let from = format!("{tomorrow}T00:00:00");
    let end = format!("/api/eventos/{dense}?ocurrencia={from}&alcance=siguientes");
    let viewer = app
        .request(Method::DELETE, &end, Some(&vera), None, None)
        .await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN, "{}", viewer.body);
    let ended = app
        .request(Method::DELETE, &end, Some(&beto), None, None)
        .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    let after = app.get(&month, Some(&ana)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let left = of_event(&after.body["data"], &dense);
    assert!(!left.is_empty());
    assert!(
        left.iter()
            .all(|o| o["ocurrencia"].as_str().unwrap_or_default() < from.as_str()),
        "{}",
        after.body
    );
    let stored = app.get(&format!("/api/eventos/{dense}"), Some(&ana)).await;
    assert!(
        stored.body["data"]["recurrencia"]
            .as_str()
            .unwrap_or_default()
            .contains("UNTIL="),
        "{}",
        stored.body
    );
}

#[tokio::test]
async fn an_answer_past_5000_occurrences_is_cut_and_says_so() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let family = app.own_family(&ana).await;
    let made = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"inicio": "2027-01-01T00:00:00", "recurrencia": hourly()}),
            ),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let other = app
        .post(
            "/api/eventos",
            Some(&ana),
            event(
                &family,
                json!({"titulo": "Dentista", "inicio": "2027-11-20T10:00:00"}),
            ),
        )
        .await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.body);
    let year = app
        .get(
            &format!("/api/eventos?familiaId={family}&desde=2027-01-01T00:00:00Z&hasta=2028-01-01T00:00:00Z"),
            Some(&ana),
        )
        .await;
    assert_eq!(year.status, StatusCode::OK, "{}", year.body);
    let list = year.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 5000);
    // The one-off event keeps its place; the series gives way and says so.
    let dentist: Vec<&Value> = list.iter().filter(|o| o["titulo"] == "Dentista").collect();
    assert_eq!(dentist.len(), 1);
    assert_eq!(dentist[0]["limitado"], false);
    assert!(
        list.iter()
            .filter(|o| o["titulo"] == "Medicación")
            .all(|o| o["limitado"] == true)
    );
}
