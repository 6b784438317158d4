//! Calendar events through the API: occurrences across a daylight-saving change and on leap days,
//! exceptions, one occurrence changed, a series split at "this and the following", started events
//! locked but for their notes, private events seen by their author alone, strangers and viewers,
//! bad rules and bounds, and reminders sent once.

use chrono::{Duration, Utc};
use nido::{calendar::events::reminders, notifications::entities::notificacion};
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    family: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        family,
    }
}

impl Family {
    fn event(&self, extra: Value) -> Value {
        let mut body = json!({
            "familiaId": self.family,
            "titulo": "Natación",
            "tipo": "actividad",
            "categoria": "actividades",
            "todoElDia": false,
            "zonaHoraria": "Europe/Madrid",
            "hijos": [],
        });
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in extra {
                body.insert(k.clone(), v.clone());
            }
        }
        body
    }

    async fn create(&self, token: &str, extra: Value) -> Answer {
        self.app
            .post("/api/eventos", Some(token), self.event(extra))
            .await
    }

    async fn created(&self, token: &str, extra: Value) -> String {
        let a = self.create(token, extra).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    async fn list(&self, token: &str, desde: &str, hasta: &str) -> Answer {
        self.app
            .get(
                &format!(
                    "/api/eventos?familiaId={}&desde={}&hasta={}",
                    self.family,
                    desde.replace('+', "%2B"),
                    hasta.replace('+', "%2B")
                ),
                Some(token),
            )
            .await
    }

    /// (inicio, titulo) of every occurrence listed.
    async fn listed(&self, token: &str, desde: &str, hasta: &str) -> Vec<(String, String)> {
        let a = self.list(token, desde, hasta).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]
            .as_array()
            .map(|l| {
                l.iter()
                    .map(|o| {
                        (
                            o["inicio"].as_str().unwrap_or_default().to_owned(),
                            o["titulo"].as_str().unwrap_or_default().to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    async fn put(&self, token: &str, path: &str, body: Value) -> Answer {
        self.app
            .request(Method::PUT, path, Some(token), Some(body), None)
            .await
    }

    async fn delete(&self, token: &str, path: &str) -> Answer {
        self.app
            .request(Method::DELETE, path, Some(token), None, None)
            .await
    }
}

fn starts(list: &[(String, String)]) -> Vec<&str> {
    list.iter().map(|(s, _)| s.as_str()).collect()
}

#[tokio::test]
async fn a_weekly_series_keeps_its_wall_clock_across_a_daylight_saving_change() {
    let f = family().await;
    let id = f
        .created(
            &f.ana,
            json!({"inicio": "2027-03-21T02:30:00", "fin": "2027-03-21T04:00:00", "recurrencia": "FREQ=WEEKLY;COUNT=3"}),
        )
        .await;
    let a = f
        .list(&f.beto, "2027-03-01T00:00:00Z", "2027-05-01T00:00:00Z")
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let list = a.body["data"].as_array().cloned().unwrap_or_default();
    let pairs: Vec<(&str, &str)> = list
        .iter()
        .map(|o| {
            (
                o["inicio"].as_str().unwrap_or(""),
                o["fin"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // 02:30 on 28 March does not exist in Madrid: it is read with the offset from before the gap.
    assert_eq!(
        pairs,
        [
            ("2027-03-21T02:30:00+01:00", "2027-03-21T04:00:00+01:00"),
            ("2027-03-28T03:30:00+02:00", "2027-03-28T04:00:00+02:00"),
            ("2027-04-04T02:30:00+02:00", "2027-04-04T04:00:00+02:00"),
        ]
    );
    assert_eq!(list[1]["eventoId"], id.as_str());
    assert_eq!(list[1]["ocurrencia"], "2027-03-28T02:30:00");
    assert_eq!(list[1]["titulo"], "Natación");
    assert_eq!(list[1]["recordatorios"], json!([10080, 1440, 60]));
    // desde is inclusive, hasta exclusive.
    let edge = f
        .listed(&f.ana, "2027-03-28T01:30:00Z", "2027-04-04T00:30:00Z")
        .await;
    assert_eq!(starts(&edge), ["2027-03-28T03:30:00+02:00"]);
    // Without a zone the event takes the family's.
    let plain = f
        .app
        .post(
            "/api/eventos",
            Some(&f.ana),
            json!({"familiaId": f.family, "titulo": "Dentista", "tipo": "recordatorio", "categoria": "medico", "inicio": "2027-05-03T09:00:00", "todoElDia": false, "hijos": []}),
        )
        .await;
    assert_eq!(plain.status, StatusCode::CREATED, "{}", plain.body);
    assert_eq!(
        plain.body["data"]["zonaHoraria"],
        "America/Argentina/Buenos_Aires"
    );
    assert_eq!(plain.body["data"]["fin"], "2027-05-03T10:00:00");
    let got = f
        .app
        .get(&format!("/api/eventos/{id}"), Some(&f.beto))
        .await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.body);
    assert_eq!(got.body["data"]["recurrencia"], "FREQ=WEEKLY;COUNT=3");
    // The family record holds the creation.
    let record = f
        .app
        .get(
            &format!("/api/familias/{}/registro", f.family),
            Some(&f.beto),
        )
        .await;
    assert!(
        record.body.to_string().contains("evento.creado"),
        "{}",
        record.body
    );
}

#[tokio::test]
async fn all_day_events_expand_by_date_and_skip_impossible_ones() {
    let f = family().await;
    f.created(
        &f.ana,
        json!({"titulo": "Cumpleaños de Leo", "tipo": "cumpleanos", "categoria": "celebraciones", "todoElDia": true, "inicio": "2028-02-29", "recurrencia": "FREQ=YEARLY"}),
    )
    .await;
    let a = f
        .list(&f.ana, "2028-01-01T00:00:00Z", "2033-01-01T00:00:00Z")
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let list = a.body["data"].as_array().cloned().unwrap_or_default();
    let days: Vec<(&str, &str)> = list
        .iter()
        .map(|o| {
            (
                o["inicio"].as_str().unwrap_or(""),
                o["fin"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        days,
        [("2028-02-29", "2028-02-29"), ("2032-02-29", "2032-02-29")]
    );
    assert_eq!(list[0]["todoElDia"], true);
    let monthly = f
        .created(
            &f.ana,
            json!({"titulo": "Fin de mes", "todoElDia": true, "inicio": "2027-01-31", "fin": "2027-02-01", "recurrencia": "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3"}),
        )
        .await;
    let listed = f
        .listed(&f.ana, "2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z")
        .await;
    assert_eq!(
        starts(&listed),
        ["2027-01-31", "2027-03-31", "2027-05-31"],
        "{monthly}"
    );
}

#[tokio::test]
async fn exceptions_and_one_occurrence_changed_or_cancelled() {
    let f = family().await;
    let id = f
        .created(
            &f.ana,
            json!({"inicio": "2027-06-01T18:00:00", "recurrencia": "FREQ=DAILY;COUNT=5", "excepciones": ["2027-06-02T18:00:00", "2027-06-05T18:01:00"]}),
        )
        .await;
    let window = ("2027-06-01T00:00:00Z", "2027-07-01T00:00:00Z");
    let listed = f.listed(&f.beto, window.0, window.1).await;
    // COUNT counts before EXDATE; an EXDATE a minute off removes nothing.
    assert_eq!(
        starts(&listed),
        [
            "2027-06-01T18:00:00+02:00",
            "2027-06-03T18:00:00+02:00",
            "2027-06-04T18:00:00+02:00",
            "2027-06-05T18:00:00+02:00"
        ]
    );
    let moved = f
        .put(
            &f.beto,
            &format!("/api/eventos/{id}?ocurrencia=2027-06-03T18:00:00&alcance=una"),
            f.event(json!({"titulo": "Natación (tarde)", "inicio": "2027-06-03T19:30:00"})),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    assert_eq!(moved.body["data"]["serieId"], id.as_str());
    assert_eq!(moved.body["data"]["ocurrencia"], "2027-06-03T18:00:00");
    let cancelled = f
        .delete(
            &f.ana,
            &format!("/api/eventos/{id}?ocurrencia=2027-06-04T18:00:00&alcance=una"),
        )
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.body);
    let listed = f.listed(&f.ana, window.0, window.1).await;
    assert_eq!(
        listed,
        [
            (
                "2027-06-01T18:00:00+02:00".to_owned(),
                "Natación".to_owned()
            ),
            (
                "2027-06-03T19:30:00+02:00".to_owned(),
                "Natación (tarde)".to_owned()
            ),
            (
                "2027-06-05T18:00:00+02:00".to_owned(),
                "Natación".to_owned()
            ),
        ]
    );
    // No occurrence starts there (any more).
    for bad in ["2027-06-05T18:05:00", "2027-06-04T18:00:00", "mañana"] {
        let a = f
            .delete(
                &f.ana,
                &format!("/api/eventos/{id}?ocurrencia={bad}&alcance=una"),
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            a.body
        );
        assert!(a.body["errors"]["ocurrencia"].is_string(), "{}", a.body);
    }
    let a = f
        .delete(
            &f.ana,
            &format!("/api/eventos/{id}?ocurrencia=2027-06-05T18:00:00&alcance=todas"),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(a.body["code"], "validation");
    // Cancelling the series takes the occurrence changed alone with it.
    let gone = f.delete(&f.ana, &format!("/api/eventos/{id}")).await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    assert!(f.listed(&f.ana, window.0, window.1).await.is_empty());
}

#[tokio::test]
async fn this_and_the_following_split_the_series() {
    let f = family().await;
    let id = f
        .created(
            &f.ana,
            json!({"inicio": "2027-01-04T17:30:00", "fin": "2027-01-04T18:30:00", "recurrencia": "FREQ=WEEKLY;COUNT=6", "excepciones": ["2027-01-11T17:30:00", "2027-02-01T17:30:00"]}),
        )
        .await;
    let changed = f
        .put(
            &f.ana,
            &format!("/api/eventos/{id}?ocurrencia=2027-01-18T17:30:00&alcance=siguientes"),
            f.event(json!({"titulo": "Natación (nuevo horario)", "inicio": "2027-01-04T17:30:00", "fin": "2027-01-04T18:45:00", "recurrencia": "FREQ=WEEKLY;COUNT=6", "excepciones": ["2027-01-11T17:30:00", "2027-02-01T17:30:00"]})),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let second = changed.body["data"].clone();
    assert_eq!(second["inicio"], "2027-01-18T17:30:00");
    assert_eq!(second["fin"], "2027-01-18T18:45:00");
    // Two instances of six were made before the split (one of them an exception).
    assert_eq!(second["recurrencia"], "FREQ=WEEKLY;COUNT=4");
    assert_eq!(second["excepciones"], json!(["2027-02-01T17:30:00"]));
    assert_eq!(second["serieId"], id.as_str());
    let first = f
        .app
        .get(&format!("/api/eventos/{id}"), Some(&f.beto))
        .await;
    assert_eq!(
        first.body["data"]["recurrencia"],
        "FREQ=WEEKLY;UNTIL=20270118T162959Z"
    );
    assert_eq!(
        first.body["data"]["excepciones"],
        json!(["2027-01-11T17:30:00"])
    );
    let window = ("2027-01-01T00:00:00Z", "2027-04-01T00:00:00Z");
    let listed = f.listed(&f.beto, window.0, window.1).await;
    let titles: Vec<(&str, &str)> = listed
        .iter()
        .map(|(s, t)| (s.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        titles,
        [
            ("2027-01-04T17:30:00+01:00", "Natación"),
            ("2027-01-18T17:30:00+01:00", "Natación (nuevo horario)"),
            ("2027-01-25T17:30:00+01:00", "Natación (nuevo horario)"),
            ("2027-02-08T17:30:00+01:00", "Natación (nuevo horario)"),
        ]
    );
    // Cancelling from an occurrence on ends the second series before it.
    let second_id = second["_id"].as_str().unwrap_or_default();
    let a = f
        .delete(
            &f.beto,
            &format!("/api/eventos/{second_id}?ocurrencia=2027-01-25T17:30:00&alcance=siguientes"),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let listed = f.listed(&f.ana, window.0, window.1).await;
    assert_eq!(
        starts(&listed),
        ["2027-01-04T17:30:00+01:00", "2027-01-18T17:30:00+01:00"]
    );
    let record = f
        .app
        .get(
            &format!("/api/familias/{}/registro", f.family),
            Some(&f.ana),
        )
        .await;
    let text = record.body.to_string();
    assert!(
        text.contains("evento.modificado") && text.contains("evento.cancelado"),
        "{text}"
    );
}

#[tokio::test]
async fn a_started_event_keeps_everything_but_its_notes() {
    let f = family().await;
    let id = f
        .created(&f.ana, json!({"inicio": "2026-01-10T10:00:00"}))
        .await;
    let path = format!("/api/eventos/{id}");
    let a = f
        .put(
            &f.ana,
            &path,
            f.event(json!({"inicio": "2026-01-10T10:00:00", "titulo": "Otra cosa"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(a.body["code"], "event_started");
    let moved = f
        .put(
            &f.ana,
            &path,
            f.event(json!({"inicio": "2026-01-11T10:00:00"})),
        )
        .await;
    assert!(moved.str("msg").contains("ya empezó"), "{}", moved.body);
    let notes = f
        .put(
            &f.beto,
            &path,
            f.event(json!({"inicio": "2026-01-10T10:00:00", "notas": "Llevó la toalla azul."})),
        )
        .await;
    assert_eq!(notes.status, StatusCode::OK, "{}", notes.body);
    assert_eq!(notes.body["data"]["notas"], "Llevó la toalla azul.");
    let a = f.delete(&f.ana, &path).await;
    assert_eq!(a.body["code"], "event_started", "{}", a.body);
    // A started series is changed from a coming occurrence on.
    let daily = f
        .created(
            &f.ana,
            json!({"inicio": "2026-01-10T10:00:00", "recurrencia": "FREQ=DAILY"}),
        )
        .await;
    let a = f
        .put(&f.ana, &format!("/api/eventos/{daily}"), f.event(json!({"inicio": "2026-01-10T10:00:00", "recurrencia": "FREQ=DAILY", "titulo": "Nuevo"})))
        .await;
    assert_eq!(a.body["code"], "event_started", "{}", a.body);
    let a = f
        .delete(
            &f.ana,
            &format!("/api/eventos/{daily}?ocurrencia=2026-01-11T10:00:00&alcance=una"),
        )
        .await;
    assert_eq!(a.body["code"], "event_started", "{}", a.body);
    let a = f
        .delete(
            &f.ana,
            &format!("/api/eventos/{daily}?ocurrencia=2030-01-01T10:00:00&alcance=siguientes"),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let got = f
        .app
        .get(&format!("/api/eventos/{daily}"), Some(&f.ana))
        .await;
    assert_eq!(
        got.body["data"]["recurrencia"],
        "FREQ=DAILY;UNTIL=20300101T085959Z"
    );
}

#[tokio::test]
async fn a_private_event_exists_only_for_its_author() {
    let f = family().await;
    let id = f
        .created(
            &f.ana,
            json!({"titulo": "Terapia de Ana", "inicio": "2027-02-01T10:00:00", "privado": true, "recurrencia": "FREQ=WEEKLY;COUNT=2"}),
        )
        .await;
    let window = ("2027-01-01T00:00:00Z", "2027-03-01T00:00:00Z");
    assert_eq!(f.listed(&f.ana, window.0, window.1).await.len(), 2);
    assert!(f.listed(&f.beto, window.0, window.1).await.is_empty());
    let path = format!("/api/eventos/{id}");
    assert_eq!(
        f.app.get(&path, Some(&f.beto)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.put(
            &f.beto,
            &path,
            f.event(json!({"inicio": "2027-02-01T10:00:00"}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(f.delete(&f.beto, &path).await.status, StatusCode::NOT_FOUND);
    // Open calendars refresh: the author hears of it, the others do not.
    assert_eq!(live_events(&f.app, &f.ana_id).await, 1);
    assert_eq!(live_events(&f.app, &f.beto_id).await, 0);
    f.created(&f.ana, json!({"inicio": "2027-02-03T10:00:00"}))
        .await;
    assert_eq!(live_events(&f.app, &f.beto_id).await, 1);
    // Each one's data export holds the events they see.
    let mine = f.app.export_file(&f.ana, "calendario/eventos.json").await;
    assert!(mine.contains("Terapia de Ana"), "{mine}");
    let theirs = f.app.export_file(&f.beto, "calendario/eventos.json").await;
    assert!(!theirs.contains("Terapia"), "{theirs}");
    // The record tells the family something happened, never what.
    let record = f
        .app
        .get(
            &format!("/api/familias/{}/registro", f.family),
            Some(&f.beto),
        )
        .await;
    assert_eq!(record.status, StatusCode::OK);
    assert!(
        !record.body.to_string().contains("Terapia"),
        "{}",
        record.body
    );
}

#[tokio::test]
async fn strangers_get_404_and_viewers_only_read() {
    let f = family().await;
    let id = f
        .created(&f.ana, json!({"inicio": "2027-02-01T10:00:00"}))
        .await;
    let (carla, _) = f.app.register("carla@example.org", PASSWORD).await;
    let (vera, vera_id) = f.app.register("vera@example.org", PASSWORD).await;
    f.app
        .join_family(&f.ana, &f.family, &vera, "viewer", "abuela")
        .await;
    let window = ("2027-01-01T00:00:00Z", "2027-03-01T00:00:00Z");
    assert_eq!(
        f.list(&carla, window.0, window.1).await.status,
        StatusCode::NOT_FOUND
    );
    let path = format!("/api/eventos/{id}");
    assert_eq!(
        f.app.get(&path, Some(&carla)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(f.delete(&carla, &path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        f.create(&carla, json!({"inicio": "2027-02-01T10:00:00"}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(f.listed(&vera, window.0, window.1).await.len(), 1);
    assert_eq!(
        f.create(&vera, json!({"inicio": "2027-02-01T10:00:00"}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(f.delete(&vera, &path).await.status, StatusCode::FORBIDDEN);
    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    assert_eq!(
        f.list(&f.beto, window.0, window.1).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.app.get(&path, Some(&f.beto)).await.status,
        StatusCode::NOT_FOUND
    );
    f.app.remove_member(&f.ana, &f.family, &vera_id).await;
    assert_eq!(
        f.app.get(&path, Some(&vera)).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn bad_fields_and_rules_are_422_in_both_languages() {
    let f = family().await;
    let bad = f
        .create(
            &f.ana,
            json!({"inicio": "2027-02-01T10:00:00", "recurrencia": "FREQ=WEEKLY;BYDAY=XX"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(
        bad.body["errors"]["recurrencia"]
            .as_str()
            .unwrap_or("")
            .contains("regla"),
        "{}",
        bad.body
    );
    // Dana reads Nido in English.
    let made = f
        .app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": "Dana", "apellido": "Ruiz", "email": "dana@example.org", "password": PASSWORD, "language": "en"}),
        )
        .await;
    let dana = made.str("token").to_owned();
    f.app
        .join_family(&f.ana, &f.family, &dana, "coparent", "tutora")
        .await;
    let english = f
        .create(
            &dana,
            json!({"inicio": "2027-02-01T10:00:00", "recurrencia": "FREQ=WEEKLY;BYDAY=XX"}),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        english.body["errors"]["recurrencia"]
            .as_str()
            .unwrap_or("")
            .contains("repeat rule is not valid"),
        "{}",
        english.body
    );
    let until = f
        .create(
            &dana,
            json!({"inicio": "2027-02-01T10:00:00", "recurrencia": "FREQ=DAILY;UNTIL=20270301"}),
        )
        .await;
    assert!(
        until.body["errors"]["recurrencia"]
            .as_str()
            .unwrap_or("")
            .contains("UNTIL must be a UTC time"),
        "{}",
        until.body
    );
    let never = f
        .create(
            &f.ana,
            json!({"inicio": "2027-02-01T10:00:00", "recurrencia": "FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31"}),
        )
        .await;
    assert_eq!(never.body["code"], "validation", "{}", never.body);
    assert!(
        never.body["errors"]["recurrencia"]
            .as_str()
            .unwrap_or("")
            .contains("no ocurre nunca"),
        "{}",
        never.body
    );
    let many = f
        .create(
            &f.ana,
            json!({"titulo": "", "tipo": "fiesta", "categoria": "otra", "inicio": "2027-02-30T10:00:00", "zonaHoraria": "Mars/Olympus", "hijos": ["nadie"], "recordatorios": [-5], "excepciones": ["ayer"]}),
        )
        .await;
    assert_eq!(many.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in [
        "titulo",
        "tipo",
        "categoria",
        "inicio",
        "zonaHoraria",
        "hijos",
        "recordatorios",
        "excepciones",
    ] {
        assert!(
            many.body["errors"][field].is_string(),
            "{field}: {}",
            many.body
        );
    }
    let end = f
        .create(
            &f.ana,
            json!({"inicio": "2027-02-01T10:00:00", "fin": "2027-02-01T09:00:00"}),
        )
        .await;
    assert!(end.body["errors"]["fin"].is_string(), "{}", end.body);
    let child = f.app.add_child(&f.ana, &f.family).await;
    f.created(
        &f.ana,
        json!({"inicio": "2027-02-01T10:00:00", "hijos": [child]}),
    )
    .await;
    f.created(&f.ana, json!({"inicio": "2027-02-02T10:00:00"}))
        .await;
    let of_child = f
        .app
        .get(
            &format!("/api/eventos?familiaId={}&desde=2027-01-01T00:00:00Z&hasta=2027-03-01T00:00:00Z&hijoId={child}", f.family),
            Some(&f.beto),
        )
        .await;
    assert_eq!(
        of_child.body["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        of_child.body
    );
}

/// Five thousand occurrences cut an answer rather than fail it: `calendar_limits`.
#[tokio::test]
async fn queries_are_bounded_to_five_years() {
    let f = family().await;
    let a = f
        .list(&f.ana, "2027-01-01T00:00:00Z", "2032-01-01T00:00:01Z")
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(a.body["code"], "calendar_range_too_long");
    let a = f.list(&f.ana, "ayer", "2032-01-01T00:00:01Z").await;
    assert!(a.body["errors"]["desde"].is_string(), "{}", a.body);
    f.created(
        &f.ana,
        json!({"inicio": "2027-01-01T00:00:00", "recurrencia": "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23"}),
    )
    .await;
    assert_eq!(
        f.listed(&f.ana, "2027-01-01T00:00:00Z", "2027-01-02T00:00:00Z")
            .await
            .len(),
        24
    );
}

#[tokio::test]
async fn reminders_go_once_to_those_who_see_the_event() {
    let f = family().await;
    let now = Utc::now();
    let local = |d: Duration| (now + d).format("%Y-%m-%dT%H:%M:00").to_string();
    f.created(
        &f.ana,
        json!({"titulo": "Reunión escolar", "zonaHoraria": "UTC", "inicio": local(Duration::hours(3)), "recordatorios": [60]}),
    )
    .await;
    f.created(
        &f.ana,
        json!({"titulo": "Privado", "zonaHoraria": "UTC", "inicio": local(Duration::hours(3)), "recordatorios": [60], "privado": true}),
    )
    .await;
    let state = &f.app.state;
    // Nothing is due yet.
    assert_eq!(reminders::send_due(state, now).await.expect("run"), 0);
    let due = now + Duration::hours(2) + Duration::minutes(1);
    // Two instances at once send each reminder once.
    let (a, b) = tokio::join!(
        reminders::send_due(state, due),
        reminders::send_due(state, due)
    );
    assert_eq!(a.expect("run") + b.expect("run"), 2);
    assert_eq!(
        reminders::send_due(state, due + Duration::minutes(5))
            .await
            .expect("run"),
        0
    );
    let to_beto = reminder_notices(&f.app, &f.beto_id).await;
    assert_eq!(to_beto.len(), 1);
    assert!(
        to_beto[0].datos.contains("Reunión escolar"),
        "{}",
        to_beto[0].datos
    );
    assert_eq!(reminder_notices(&f.app, &f.ana_id).await.len(), 2);
    // A series is reminded of each occurrence, and the job looks at it only when one is due.
    let daily = f
        .created(
            &f.ana,
            json!({"titulo": "Medicina", "zonaHoraria": "UTC", "inicio": local(Duration::hours(3)), "recurrencia": "FREQ=DAILY;COUNT=2", "recordatorios": [60]}),
        )
        .await;
    let first_due = (now + Duration::hours(2)).timestamp() / 60;
    assert_eq!(next_look(&f.app, &daily).await, Some(first_due));
    assert_eq!(reminders::send_due(state, due).await.expect("run"), 1);
    assert_eq!(next_look(&f.app, &daily).await, Some(first_due + 24 * 60));
    let tomorrow = due + Duration::days(1);
    assert_eq!(reminders::send_due(state, tomorrow).await.expect("run"), 1);
    assert_eq!(next_look(&f.app, &daily).await, None);
    assert_eq!(reminder_notices(&f.app, &f.beto_id).await.len(), 3);
    // Too late (the server was down for hours): dropped, not sent late.
    f.created(
        &f.ana,
        json!({"titulo": "Tarde", "zonaHoraria": "UTC", "inicio": local(Duration::hours(6)), "recordatorios": [300]}),
    )
    .await;
    assert_eq!(
        reminders::send_due(state, now + Duration::hours(3))
            .await
            .expect("run"),
        0
    );
}

async fn reminder_notices(app: &TestApp, usuario_id: &str) -> Vec<notificacion::Model> {
    notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::Tipo.eq("evento.recordatorio"))
        .all(&app.db)
        .await
        .expect("notices")
}

/// How many live `eventos` events were published to the user.
async fn live_events(app: &TestApp, usuario_id: &str) -> u64 {
    use nido::platform::live::store::evento;
    use sea_orm::PaginatorTrait;
    evento::Entity::find()
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .filter(evento::Column::Tipo.eq("eventos"))
        .count(&app.db)
        .await
        .expect("live events")
}

/// When the reminders job will look at the event next, in whole minutes since the epoch.
async fn next_look(app: &TestApp, evento_id: &str) -> Option<i64> {
    use nido::calendar::events::entities::evento;
    evento::Entity::find_by_id(evento_id)
        .one(&app.db)
        .await
        .expect("event")
        .and_then(|e| e.proximo_aviso)
        .map(|t| t.timestamp() / 60)
}
