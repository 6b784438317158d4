//! A child's activities and medical appointments are on the family's calendar, from their one
//! source, the child's record: the month view, the feed and "Today" (and the children's "upcoming"
//! count) show them to whoever reads the child's record, marked with where they live; a change
//! made there is seen on the calendar at once; rows stored before this existed appear too, and a
//! deleted child's go with the record.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "natacion-martes-y-jueves";
/// The families' zone when registration names none.
const ZONE: chrono_tz::Tz = chrono_tz::America::Argentina::Buenos_Aires;

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> String {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD, "language": language}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.str("token").to_owned()
}

fn id_of(a: &Answer, list: &str, key: &str) -> String {
    a.body["data"][list]
        .as_array()
        .and_then(|l| l.last())
        .and_then(|item| item[key].as_str())
        .unwrap_or_default()
        .to_owned()
}

fn instant(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v.as_str().unwrap_or_default())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|_| panic!("an instant: {v}"))
}

fn local(date: NaiveDate, time: &str) -> DateTime<Utc> {
    let time = NaiveTime::parse_from_str(time, "%H:%M").expect("a time");
    ZONE.from_local_datetime(&date.and_time(time))
        .single()
        .expect("one instant")
        .with_timezone(&Utc)
}

/// The starts of a weekly activity at `time` on `days` within `[from, to)`, from today on.
fn weekly(
    days: &[Weekday],
    time: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<DateTime<Utc>> {
    let today = Utc::now().with_timezone(&ZONE).date_naive();
    today
        .iter_days()
        .take(60)
        .filter(|d| days.contains(&d.weekday()))
        .map(|d| local(d, time))
        .filter(|t| *t >= from && *t < to)
        .collect()
}

struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    vera: String,
    carla: String,
    dan: String,
    family: String,
    tomas: String,
}

/// Ana and Beto co-parents, Vera a viewer, Carla removed, Dan in a family of his own; Tomás.
async fn family() -> Family {
    let app = TestApp::spawn().await;
    let ana = register(&app, "Ana", "ana@example.org", "es").await;
    let beto = register(&app, "Beto", "beto@example.org", "en").await;
    let vera = register(&app, "Vera", "vera@example.org", "es").await;
    let carla = register(&app, "Carla", "carla@example.org", "es").await;
    let dan = register(&app, "Dan", "dan@example.org", "en").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuela")
        .await;
    app.join_family(&ana, &family, &carla, "coparent", "tutora")
        .await;
    let members = app
        .get(&format!("/api/familias/{family}"), Some(&ana))
        .await;
    let carla_id = members.body["data"]["miembros"]
        .as_array()
        .and_then(|l| l.iter().find(|m| m["relacion"] == "tutora"))
        .and_then(|m| m["usuarioId"].as_str())
        .unwrap_or_default()
        .to_owned();
    app.remove_member(&ana, &family, &carla_id).await;
    let tomas = app.add_child(&ana, &family).await;
    Family {
        app,
        ana,
        beto,
        vera,
        carla,
        dan,
        family,
        tomas,
    }
}

impl Family {
    async fn add(&self, list: &str, body: Value) -> Answer {
        let a = self
            .app
            .post(
                &format!("/api/hijos/{}/{list}", self.tomas),
                Some(&self.ana),
                body,
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a
    }

    async fn put(&self, token: &str, path: &str, body: Value) -> Answer {
        self.app
            .request(Method::PUT, path, Some(token), Some(body), None)
            .await
    }

    fn month(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> String {
        let t = |t: DateTime<Utc>| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
        format!(
            "/api/eventos?familiaId={}&desde={}&hasta={}",
            self.family,
            t(from),
            t(to)
        )
    }

    /// The occurrences the list gives `token` that come from the child's record, by kind.
    async fn on_calendar(&self, token: &str, path: &str, tipo: &str) -> Vec<Value> {
        let a = self.app.get(path, Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter(|o| o["origen"]["tipo"] == tipo)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Ten days ahead, in the family's zone, at 14:00.
fn appointment_at() -> DateTime<Utc> {
    let day = Utc::now().with_timezone(&ZONE).date_naive() + Duration::days(10);
    local(day, "14:00")
}

#[tokio::test]
async fn a_childs_activities_and_appointments_are_on_the_calendar_of_whoever_reads_the_record() {
    let f = family().await;
    let swim = f
        .add(
            "actividades",
            json!({"nombre": "Natación", "lugar": "Club Náutico", "diasSemana": ["martes", "jueves"], "horaInicio": "17:30", "horaFin": "18:30"}),
        )
        .await;
    let swim = id_of(&swim, "actividades", "id");
    let visit = f
        .add(
            "turnos-medicos",
            json!({"tipoConsulta": "Pediatra", "fechaHora": appointment_at().to_rfc3339(), "medico": {"nombre": "Dra. Pérez", "especialidad": "Pediatría"}, "notas": "Llevar la libreta"}),
        )
        .await;
    let visit = id_of(&visit, "turnosMedicos", "_id");
    f.add(
        "turnos-medicos",
        json!({"tipoConsulta": "Dentista", "estado": "cancelado", "fechaHora": appointment_at().to_rfc3339()}),
    )
    .await;

    let now = Utc::now();
    let (from, to) = (now, now + Duration::days(35));
    let expected = weekly(&[Weekday::Tue, Weekday::Thu], "17:30", from, to);
    assert!(expected.len() >= 8);
    let month = f.month(from, to);
    let of_child = format!("{month}&hijoId={}", f.tomas);
    for (token, path) in [
        (&f.ana, &month),
        (&f.beto, &month),
        (&f.vera, &month),
        (&f.vera, &of_child),
    ] {
        let swims = f.on_calendar(token, path, "actividad").await;
        let starts: Vec<DateTime<Utc>> = swims.iter().map(|o| instant(&o["inicio"])).collect();
        assert_eq!(starts, expected);
        let first = &swims[0];
        assert_eq!(first["titulo"], "Natación");
        assert_eq!(first["lugar"], "Club Náutico");
        assert_eq!(
            first["origen"],
            json!({"tipo": "actividad", "hijoId": f.tomas, "id": swim})
        );
        assert_eq!(first["hijos"], json!([f.tomas]));
        assert_eq!(first["recurrencia"], "FREQ=WEEKLY;BYDAY=TU,TH");
        assert_eq!(
            instant(&first["fin"]) - instant(&first["inicio"]),
            Duration::hours(1)
        );
        let visits = f.on_calendar(token, path, "turno").await;
        assert_eq!(visits.len(), 1, "the cancelled one is not on the calendar");
        assert_eq!(visits[0]["titulo"], "Pediatra");
        assert_eq!(visits[0]["categoria"], "medico");
        assert_eq!(visits[0]["origen"]["id"], visit.as_str());
        assert_eq!(instant(&visits[0]["inicio"]), appointment_at());
        let notes = visits[0]["notas"].as_str().unwrap_or_default();
        assert!(
            notes.contains("Dra. Pérez") && !notes.contains("libreta"),
            "{notes}"
        );
    }
    assert_eq!(
        f.app.get(&month, Some(&f.carla)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.app.get(&month, Some(&f.dan)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.app.get(&month, None).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Another family's child named in the query gives nothing of this one's.
    let dans_family = f.app.own_family(&f.dan).await;
    let dans = f
        .app
        .get(
            &format!(
                "/api/eventos?familiaId={dans_family}&desde={}&hasta={}&hijoId={}",
                from.format("%Y-%m-%dT%H:%M:%SZ"),
                to.format("%Y-%m-%dT%H:%M:%SZ"),
                f.tomas
            ),
            Some(&f.dan),
        )
        .await;
    assert_eq!(dans.status, StatusCode::OK, "{}", dans.body);
    assert_eq!(dans.body["data"], json!([]));

    // Today and the children's "upcoming": the next 30 days of swimming, and the paediatrician.
    for token in [&f.ana, &f.vera] {
        let today = f.app.get("/api/hoy", Some(token)).await;
        assert_eq!(today.status, StatusCode::OK, "{}", today.body);
        let asked = instant(&today.body["data"]["ahora"]);
        let in_30 = weekly(
            &[Weekday::Tue, Weekday::Thu],
            "17:30",
            asked,
            asked + Duration::days(30),
        );
        let child = today.body["data"]["familias"]
            .as_array()
            .and_then(|l| l.iter().find(|x| x["familiaId"] == f.family.as_str()))
            .and_then(|x| x["hijos"].as_array())
            .and_then(|l| l.iter().find(|c| c["hijoId"] == f.tomas.as_str()))
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            child["proximosEventosTotal"].as_u64(),
            Some(in_30.len() as u64 + 1),
            "{child}"
        );
        assert_eq!(
            child["proximosEventos"][0]["origen"]["tipo"], "actividad",
            "{child}"
        );
    }
    let dans_today = f.app.get("/api/hoy", Some(&f.dan)).await;
    assert!(!dans_today.body.to_string().contains("Natación"));

    // The feed, in Beto's calendar app.
    let link = f
        .app
        .post("/api/calendario/enlace", Some(&f.beto), json!({}))
        .await;
    assert_eq!(link.status, StatusCode::CREATED, "{}", link.body);
    let url = link.body["data"]["url"].as_str().unwrap_or_default();
    let path = url.strip_prefix("http://nido.test").unwrap_or(url);
    let feed = f
        .app
        .client
        .get(format!("{}{}", f.app.base, path))
        .send()
        .await
        .expect("feed");
    assert_eq!(feed.status(), StatusCode::OK);
    let feed = feed.text().await.expect("body").replace("\r\n ", "");
    let first = expected[0].format("%Y%m%dT%H%M%SZ").to_string();
    assert!(feed.contains(&format!("DTSTART:{first}")), "{feed}");
    assert!(feed.contains("SUMMARY:Natación"));
    assert!(feed.contains("LOCATION:Club Náutico"));
    assert!(feed.contains("SUMMARY:Pediatra"));
    assert!(!feed.contains("libreta") && !feed.contains("Dentista"));
}

#[tokio::test]
async fn a_change_on_the_childs_record_is_the_calendars_at_once() {
    let f = family().await;
    let swim = f
        .add(
            "actividades",
            json!({"nombre": "Natación", "diasSemana": ["martes", "jueves"], "horaInicio": "17:30", "horaFin": "18:30"}),
        )
        .await;
    let swim = id_of(&swim, "actividades", "id");
    let visit = f
        .add(
            "turnos-medicos",
            json!({"tipoConsulta": "Pediatra", "fechaHora": appointment_at().to_rfc3339()}),
        )
        .await;
    let visit = id_of(&visit, "turnosMedicos", "_id");
    let now = Utc::now();
    let (from, to) = (now, now + Duration::days(35));
    let month = f.month(from, to);
    // Read once by each, so the answers are kept in memory before the changes.
    assert!(!f.on_calendar(&f.beto, &month, "actividad").await.is_empty());
    assert_eq!(f.on_calendar(&f.vera, &month, "turno").await.len(), 1);

    // Beto moves swimming to Mondays at nine, from the child's record.
    let moved = f
        .put(
            &f.beto,
            &format!("/api/hijos/{}/actividades/{swim}", f.tomas),
            json!({"nombre": "Natación", "diasSemana": ["lunes"], "horaInicio": "09:00"}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let expected = weekly(&[Weekday::Mon], "09:00", from, to);
    for token in [&f.ana, &f.beto, &f.vera] {
        let swims = f.on_calendar(token, &month, "actividad").await;
        let starts: Vec<DateTime<Utc>> = swims.iter().map(|o| instant(&o["inicio"])).collect();
        assert_eq!(starts, expected);
    }
    // A viewer may not change it, from the record or as an event.
    let viewer = f
        .put(
            &f.vera,
            &format!("/api/hijos/{}/actividades/{swim}", f.tomas),
            json!({"nombre": "Natación", "diasSemana": ["martes"]}),
        )
        .await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN, "{}", viewer.body);
    let as_event = f
        .app
        .request(
            Method::DELETE,
            &format!("/api/eventos/{swim}"),
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert_eq!(as_event.status, StatusCode::NOT_FOUND);

    // The appointment cancelled leaves the calendar.
    let cancelled = f
        .put(
            &f.ana,
            &format!("/api/hijos/{}/turnos-medicos/{visit}", f.tomas),
            json!({"tipoConsulta": "Pediatra", "estado": "cancelado", "fechaHora": appointment_at().to_rfc3339()}),
        )
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.body);
    assert!(f.on_calendar(&f.vera, &month, "turno").await.is_empty());

    // An activity stored before the calendar read activities (written straight to its table)
    // is there with no step of anyone's.
    f.app
        .sql(&format!(
            "INSERT INTO actividades (id, hijo_id, nombre, lugar, horario, dias_semana, \
             hora_inicio, hora_fin, created_at, updated_at) \
             SELECT 'ingles-de-antes', hijo_id, 'Inglés', NULL, NULL, '[\"viernes\"]', '10:00', \
             NULL, created_at, updated_at FROM actividades WHERE id = '{swim}'"
        ))
        .await;
    let english = f.on_calendar(&f.ana, &month, "actividad").await;
    let fridays: Vec<DateTime<Utc>> = english
        .iter()
        .filter(|o| o["titulo"] == "Inglés")
        .map(|o| instant(&o["inicio"]))
        .collect();
    assert_eq!(fridays, weekly(&[Weekday::Fri], "10:00", from, to));

    // A deleted child's activities leave the calendar, and come back with the record.
    let child = format!("/api/hijos/{}", f.tomas);
    let deleted = f
        .app
        .request(Method::DELETE, &child, Some(&f.ana), None, None)
        .await;
    assert!(deleted.status.is_success(), "{}", deleted.body);
    assert!(f.on_calendar(&f.beto, &month, "actividad").await.is_empty());
    let restored = f
        .app
        .post(&format!("{child}/restaurar"), Some(&f.ana), json!({}))
        .await;
    assert!(restored.status.is_success(), "{}", restored.body);
    assert_eq!(
        f.on_calendar(&f.beto, &month, "actividad").await.len(),
        expected.len() + fridays.len()
    );
}
