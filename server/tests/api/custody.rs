//! Custody: every pattern's first 28 nights and its share of a year, schedules as dated versions
//! that leave the past alone, holiday periods by even and odd years and in halves, national
//! holiday suggestions, handovers in the actual figures, the exchange reminder sent once, who
//! may read and write.

use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use nido::{families::record::entities::entrada, notifications::entities::notificacion};
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

pub const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
const ZONE: chrono_tz::Tz = chrono_tz::America::Argentina::Buenos_Aires;

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

/// Ana and Beto are co-parents of Ana's family (in Buenos Aires, the default zone); Vera is a
/// viewer of it; Carla is a stranger.
pub struct Family {
    pub app: TestApp,
    pub ana: String,
    pub ana_id: String,
    pub beto: String,
    pub beto_id: String,
    pub vera: String,
    pub vera_id: String,
    pub carla: String,
    pub family: String,
}

pub async fn family() -> Family {
    family_on(TestApp::spawn().await).await
}

/// The same family, on a server started with its own options.
pub async fn family_on(app: TestApp) -> Family {
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        vera,
        vera_id,
        carla,
        family,
    }
}

/// Today in the family's zone.
pub fn today() -> NaiveDate {
    Utc::now().with_timezone(&ZONE).date_naive()
}

/// A Monday at least a week ahead.
pub fn next_monday() -> NaiveDate {
    let t = today();
    t + Duration::days(14 - i64::from(t.weekday().num_days_from_monday()))
}

pub fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The instant of a local wall-clock time in the family's zone.
pub fn local(d: NaiveDate, h: u32, m: u32) -> chrono::DateTime<Utc> {
    ZONE.from_local_datetime(&d.and_hms_opt(h, m, 0).expect("time"))
        .single()
        .expect("one instant")
        .with_timezone(&Utc)
}

impl Family {
    pub async fn put_schedule(&self, token: &str, body: Value) -> Answer {
        self.app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/custodia", self.family),
                Some(token),
                Some(body),
                None,
            )
            .await
    }

    pub async fn schedule(&self, patron: &str, inicio: NaiveDate, ciclo: Option<&str>) {
        let mut body = json!({
            "patron": patron, "inicio": day(inicio),
            "progenitorA": self.ana_id, "progenitorB": self.beto_id,
        });
        if let Some(ciclo) = ciclo {
            body["ciclo"] = json!(ciclo);
        }
        let a = self.put_schedule(&self.ana, body).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }

    pub async fn nights_raw(&self, token: &str, desde: &str, hasta: &str) -> Answer {
        self.app
            .get(
                &format!(
                    "/api/familias/{}/custodia/noches?desde={desde}&hasta={hasta}",
                    self.family
                ),
                Some(token),
            )
            .await
    }

    /// The nights from `desde` on as letters: A for Ana, B for Beto, - for nobody.
    pub async fn letters(&self, desde: NaiveDate, n: i64) -> String {
        let a = self
            .nights_raw(&self.ana, &day(desde), &day(desde + Duration::days(n - 1)))
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        let nights = a.body["data"].as_array().cloned().unwrap_or_default();
        (0..n)
            .map(|i| {
                let date = day(desde + Duration::days(i));
                match nights.iter().find(|n| n["fecha"] == date.as_str()) {
                    Some(n) if n["usuarioId"] == self.ana_id.as_str() => 'A',
                    Some(n) if n["usuarioId"] == self.beto_id.as_str() => 'B',
                    Some(_) => '?',
                    None => '-',
                }
            })
            .collect()
    }

    pub async fn share(&self, desde: NaiveDate, hasta: NaiveDate) -> Value {
        let a = self
            .app
            .get(
                &format!(
                    "/api/familias/{}/custodia/reparto?desde={}&hasta={}",
                    self.family,
                    day(desde),
                    day(hasta)
                ),
                Some(&self.ana),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"].clone()
    }

    pub async fn entries(&self, tipo: &str) -> u64 {
        entrada::Entity::find()
            .filter(entrada::Column::FamiliaId.eq(&self.family))
            .filter(entrada::Column::Tipo.eq(tipo))
            .count(&self.app.db)
            .await
            .expect("count entries")
    }

    pub async fn notices(&self, usuario_id: &str, tipo: &str) -> Vec<notificacion::Model> {
        notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(usuario_id))
            .filter(notificacion::Column::Tipo.eq(tipo))
            .all(&self.app.db)
            .await
            .expect("notices")
    }

    async fn add_period(&self, token: &str, body: Value) -> Answer {
        self.app
            .post(
                &format!("/api/familias/{}/custodia/periodos", self.family),
                Some(token),
                body,
            )
            .await
    }
}

/// Whose figure for a user in a report's list.
fn figure<'a>(list: &'a Value, usuario_id: &str) -> &'a Value {
    list.as_array()
        .and_then(|l| l.iter().find(|f| f["usuarioId"] == usuario_id))
        .unwrap_or(&Value::Null)
}

/// A pattern, its custom cycle, its first 28 nights, and Ana's and Beto's nights of 365 with
/// their percentages.
type Case = (
    &'static str,
    Option<&'static str>,
    String,
    (i64, f64),
    (i64, f64),
);

#[tokio::test]
async fn every_pattern_gives_its_first_28_nights_and_its_share_of_a_year() {
    let f = family().await;
    let monday = next_monday();
    let cases: [Case; 9] = [
        (
            "2-2-3",
            None,
            "AABBAAABBAABBB".repeat(2),
            (183, 50.14),
            (182, 49.86),
        ),
        (
            "2-2-5-5",
            None,
            "AABBAAAAABBBBB".repeat(2),
            (183, 50.14),
            (182, 49.86),
        ),
        (
            "3-4-4-3",
            None,
            "AAABBBBAAAABBB".repeat(2),
            (183, 50.14),
            (182, 49.86),
        ),
        (
            "5-2-2-5",
            None,
            "AAAAABBAABBBBB".repeat(2),
            (183, 50.14),
            (182, 49.86),
        ),
        (
            "7-7",
            None,
            "AAAAAAABBBBBBB".repeat(2),
            (183, 50.14),
            (182, 49.86),
        ),
        ("4-3", None, "AAAABBB".repeat(4), (209, 57.26), (156, 42.74)),
        // From a Monday: the Friday and Saturday of the first weekend, then every 14 days.
        (
            "eow",
            None,
            "AAAABBAAAAAAAAAAAABBAAAAAAAA".to_owned(),
            (313, 85.75),
            (52, 14.25),
        ),
        (
            "eow-midweek",
            None,
            "AABABBAAABAAAAAABABBAAABAAAA".to_owned(),
            (261, 71.51),
            (104, 28.49),
        ),
        (
            "personalizado",
            Some("AAB"),
            "AAB".repeat(10)[..28].to_owned(),
            (244, 66.85),
            (121, 33.15),
        ),
    ];
    for (patron, ciclo, first, (ana_n, ana_pct), (beto_n, beto_pct)) in cases {
        // Each schedule from the same day replaces the one before.
        f.schedule(patron, monday, ciclo).await;
        assert_eq!(f.letters(monday, 28).await, first, "{patron}");
        let share = f.share(monday, monday + Duration::days(364)).await;
        let planned = &share["planificado"];
        for (id, n, pct) in [(&f.ana_id, ana_n, ana_pct), (&f.beto_id, beto_n, beto_pct)] {
            let fig = figure(planned, id);
            assert_eq!(fig["noches"], n, "{patron}: {share}");
            assert_eq!(
                fig["porcentajeNoches"].as_f64(),
                Some(pct),
                "{patron}: {share}"
            );
            // Buenos Aires keeps no daylight saving: every night is 24 hours.
            assert_eq!(fig["horas"].as_f64(), Some((n * 24) as f64), "{patron}");
            assert_eq!(fig["porcentajeHoras"].as_f64(), Some(pct), "{patron}");
        }
        // Nothing swapped nor handed over: the actual figures are the planned ones.
        assert_eq!(share["real"], share["planificado"], "{patron}");
    }
    // The exact text of the shares: two decimals as numbers.
    let share = f.share(monday, monday + Duration::days(364)).await;
    let text = share["planificado"].to_string();
    assert!(text.contains("\"porcentajeNoches\":33.15"), "{text}");
    let schedule = f
        .app
        .get(
            &format!("/api/familias/{}/custodia", f.family),
            Some(&f.vera),
        )
        .await;
    assert_eq!(schedule.status, StatusCode::OK, "{}", schedule.body);
    assert_eq!(schedule.body["data"]["patron"], "personalizado");
    assert_eq!(schedule.body["data"]["ciclo"], "AAB");
    assert_eq!(schedule.body["data"]["horaIntercambio"], "18:00");
    assert_eq!(f.entries("custodia.definida").await, 9);
    // Each change reached every member live, the viewer too.
    let live = nido::platform::live::store::evento::Entity::find()
        .filter(nido::platform::live::store::evento::Column::UsuarioId.eq(&f.vera_id))
        .filter(nido::platform::live::store::evento::Column::Tipo.eq("custodia"))
        .count(&f.app.db)
        .await
        .expect("events");
    assert_eq!(live, 9);
}

#[tokio::test]
async fn a_new_schedule_leaves_the_past_as_it_was() {
    let f = family().await;
    let t = today();
    // The first schedule may start in the past.
    f.schedule("7-7", t - Duration::days(40), None).await;
    let past = f.letters(t - Duration::days(30), 30).await;
    assert_eq!(past.len(), 30);
    assert!(!past.contains('-'), "{past}");
    // Later ones start today or after.
    let refused = f
        .put_schedule(
            &f.ana,
            json!({"patron": "2-2-3", "inicio": day(t - Duration::days(1)),
                   "progenitorA": f.ana_id, "progenitorB": f.beto_id}),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused.body["errors"]["inicio"].is_string(),
        "{}",
        refused.body
    );
    let from = t + Duration::days(3);
    let before_change = f.letters(t, 3).await;
    f.schedule("4-3", from, None).await;
    assert_eq!(f.letters(t - Duration::days(30), 30).await, past);
    assert_eq!(f.letters(t, 3).await, before_change);
    assert_eq!(f.letters(from, 14).await, "AAAABBB".repeat(2));
    // Nights before the first schedule belong to nobody.
    assert_eq!(f.letters(t - Duration::days(42), 2).await, "--");
    let versions = f
        .app
        .get(
            &format!("/api/familias/{}/custodia", f.family),
            Some(&f.beto),
        )
        .await;
    let versiones = versions.body["data"]["versiones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(versiones.len(), 2, "{}", versions.body);
    assert_eq!(versions.body["data"]["patron"], "4-3");
    assert_eq!(versions.body["data"]["inicio"], day(from));
}

#[tokio::test]
async fn holiday_periods_alternate_by_even_and_odd_years_and_split_in_halves() {
    let f = family().await;
    let monday = next_monday();
    f.schedule("7-7", monday, None).await;
    // The first even year whose Christmas Eve and July holidays come after the schedule starts.
    let mut year = monday.year() + 1;
    if year % 2 == 1 {
        year += 1;
    }
    let date = |y: i32, m: u32, d: u32| NaiveDate::from_ymd_opt(y, m, d).expect("date");
    let eve = f
        .add_period(
            &f.ana,
            json!({"nombre": "Nochebuena", "desde": day(date(year, 12, 24)), "hasta": day(date(year, 12, 24)),
                   "modo": "alterna", "usuarioId": f.ana_id, "anual": true}),
        )
        .await;
    assert_eq!(eve.status, StatusCode::CREATED, "{}", eve.body);
    for (y, expected) in [
        (year, "A"),
        (year + 1, "B"),
        (year + 2, "A"),
        (year + 3, "B"),
    ] {
        assert_eq!(f.letters(date(y, 12, 24), 1).await, expected, "{y}");
    }
    // Winter holidays, 12 nights: Beto the first half in even years, the second in odd ones.
    let winter = f
        .add_period(
            &f.beto,
            json!({"nombre": "Vacaciones de invierno", "desde": day(date(year, 7, 13)),
                   "hasta": day(date(year, 7, 24)), "modo": "mitades", "usuarioId": f.beto_id,
                   "anual": true}),
        )
        .await;
    assert_eq!(winter.status, StatusCode::CREATED, "{}", winter.body);
    assert_eq!(f.letters(date(year, 7, 13), 12).await, "BBBBBBAAAAAA");
    assert_eq!(f.letters(date(year + 1, 7, 13), 12).await, "AAAAAABBBBBB");
    // One parent for a one-off period, over the cycle; removing it brings the cycle back.
    let cycle = f.letters(monday, 14).await;
    let trip = f
        .add_period(
            &f.ana,
            json!({"nombre": "Viaje", "desde": day(monday + Duration::days(7)),
                   "hasta": day(monday + Duration::days(9)), "modo": "progenitor", "usuarioId": f.ana_id}),
        )
        .await;
    assert_eq!(trip.status, StatusCode::CREATED, "{}", trip.body);
    assert_eq!(f.letters(monday, 14).await, "AAAAAAAAAABBBB");
    let listed = f
        .app
        .get(
            &format!("/api/familias/{}/custodia/periodos", f.family),
            Some(&f.vera),
        )
        .await;
    assert_eq!(listed.body["data"].as_array().map(Vec::len), Some(3));
    let trip_id = trip.body["data"]["_id"].as_str().unwrap_or_default();
    let path = format!("/api/familias/{}/custodia/periodos/{trip_id}", f.family);
    let by_viewer = f
        .app
        .request(Method::DELETE, &path, Some(&f.vera), None, None)
        .await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);
    let removed = f
        .app
        .request(Method::DELETE, &path, Some(&f.beto), None, None)
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    assert_eq!(f.letters(monday, 14).await, cycle);
    let again = f
        .app
        .request(Method::DELETE, &path, Some(&f.beto), None, None)
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(f.entries("custodia.periodo").await, 4);
    // Bad periods.
    let bad = f
        .add_period(
            &f.ana,
            json!({"nombre": "", "desde": "2026-02-30", "hasta": day(monday), "modo": "turnos",
                   "usuarioId": f.vera_id}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["nombre", "desde", "modo", "usuarioId"] {
        assert!(
            bad.body["errors"][field].is_string(),
            "{field}: {}",
            bad.body
        );
    }
    let long = f
        .add_period(
            &f.ana,
            json!({"nombre": "Largo", "desde": day(monday), "hasta": day(monday + Duration::days(366)),
                   "modo": "progenitor", "usuarioId": f.ana_id}),
        )
        .await;
    assert!(long.body["errors"]["hasta"].is_string(), "{}", long.body);
    let by_viewer = f
        .add_period(
            &f.vera,
            json!({"nombre": "Viaje", "desde": day(monday), "hasta": day(monday),
                   "modo": "progenitor", "usuarioId": f.ana_id}),
        )
        .await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn national_holidays_of_argentina_and_spain_are_suggested() {
    let f = family().await;
    let get = |q: &str| {
        let path = format!("/api/familias/{}/custodia/feriados?{q}", f.family);
        let app = &f.app;
        let token = f.vera.clone();
        async move { app.get(&path, Some(&token)).await }
    };
    let ar = get("anio=2026&pais=AR").await;
    assert_eq!(ar.status, StatusCode::OK, "{}", ar.body);
    let dates: Vec<&str> = ar.body["data"]
        .as_array()
        .map(|l| l.iter().filter_map(|h| h["fecha"].as_str()).collect())
        .unwrap_or_default();
    assert!(dates.contains(&"2026-07-09"), "{dates:?}");
    assert!(dates.contains(&"2026-05-25"), "{dates:?}");
    assert!(ar.body["data"][0]["nombre"].is_string());
    let es = get("anio=2027&pais=es").await;
    assert_eq!(es.status, StatusCode::OK, "{}", es.body);
    assert!(
        es.body["data"]
            .as_array()
            .is_some_and(|l| l.iter().any(|h| h["fecha"] == "2027-10-12"))
    );
    let bad = get("anio=1999&pais=FR").await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.body["errors"]["anio"].is_string() && bad.body["errors"]["pais"].is_string());
    let stranger = f
        .app
        .get(
            &format!(
                "/api/familias/{}/custodia/feriados?anio=2026&pais=AR",
                f.family
            ),
            Some(&f.carla),
        )
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_the_family_reads_its_schedule_and_only_co_parents_change_it() {
    let f = family().await;
    let monday = next_monday();
    f.schedule("2-2-3", monday, None).await;
    let base = format!("/api/familias/{}/custodia", f.family);
    let noches = format!("{base}/noches?desde={}&hasta={}", day(monday), day(monday));
    let reparto = format!("{base}/reparto?desde={}&hasta={}", day(monday), day(monday));
    for path in [&base, &noches, &reparto] {
        assert_eq!(
            f.app.get(path, Some(&f.carla)).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
        assert_eq!(
            f.app.get(path, None).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        assert_eq!(
            f.app.get(path, Some(&f.vera)).await.status,
            StatusCode::OK,
            "{path}"
        );
    }
    let body = json!({"patron": "7-7", "inicio": day(monday),
                      "progenitorA": f.ana_id, "progenitorB": f.beto_id});
    assert_eq!(
        f.put_schedule(&f.vera, body.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        f.put_schedule(&f.carla, body.clone()).await.status,
        StatusCode::NOT_FOUND
    );
    // A removed member reads nothing more.
    f.app.remove_member(&f.ana, &f.family, &f.vera_id).await;
    assert_eq!(
        f.app.get(&base, Some(&f.vera)).await.status,
        StatusCode::NOT_FOUND
    );
    // Bad schedules: each field says what is wrong.
    let bad = f
        .put_schedule(
            &f.ana,
            json!({"patron": "3-3", "inicio": "2026-13-01", "progenitorA": f.vera_id,
                   "progenitorB": "nadie", "horaIntercambio": "25:00"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    for field in [
        "patron",
        "inicio",
        "progenitorA",
        "progenitorB",
        "horaIntercambio",
    ] {
        assert!(
            bad.body["errors"][field].is_string(),
            "{field}: {}",
            bad.body
        );
    }
    let same = f
        .put_schedule(
            &f.ana,
            json!({"patron": "personalizado", "ciclo": "ABX", "inicio": day(monday),
                   "progenitorA": f.ana_id, "progenitorB": f.ana_id}),
        )
        .await;
    assert!(same.body["errors"]["ciclo"].is_string(), "{}", same.body);
    assert!(
        same.body["errors"]["progenitorB"].is_string(),
        "{}",
        same.body
    );
    // Ranges: inverted, over five years, not dates.
    for (desde, hasta, field) in [
        ("2027-01-02", "2027-01-01", "hasta"),
        ("2027-01-01", "2032-01-10", "hasta"),
        ("ayer", "2027-01-01", "desde"),
    ] {
        let a = f
            .app
            .get(
                &format!("{base}/noches?desde={desde}&hasta={hasta}"),
                Some(&f.ana),
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{desde} {hasta}"
        );
        assert!(a.body["errors"][field].is_string(), "{}", a.body);
    }
    // The exchange time is kept as given.
    let kept = f
        .put_schedule(
            &f.ana,
            json!({"patron": "7-7", "inicio": day(monday), "progenitorA": f.beto_id,
                   "progenitorB": f.ana_id, "horaIntercambio": "09:30"}),
        )
        .await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
    assert_eq!(kept.body["data"]["horaIntercambio"], "09:30");
    assert_eq!(f.letters(monday, 8).await, "BBBBBBBA");
}

#[tokio::test]
async fn a_recorded_handover_moves_the_actual_hours() {
    let f = family().await;
    let t = today();
    // Ana from eight days ago for seven nights, then Beto from yesterday.
    f.schedule("7-7", t - Duration::days(8), None).await;
    let exchange = t - Duration::days(1);
    let path = format!("/api/familias/{}/custodia/entregas", f.family);
    let late = local(exchange, 20, 0);
    let not_an_exchange = f
        .app
        .post(&path, Some(&f.beto), json!({"fecha": day(t - Duration::days(3)), "ocurrio": local(t - Duration::days(3), 18, 0).to_rfc3339()}))
        .await;
    assert_eq!(not_an_exchange.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        not_an_exchange.body["errors"]["fecha"].is_string(),
        "{}",
        not_an_exchange.body
    );
    let far = f
        .app
        .post(
            &path,
            Some(&f.beto),
            json!({"fecha": day(exchange), "ocurrio": local(exchange, 5, 0).to_rfc3339()}),
        )
        .await;
    assert!(far.body["errors"]["ocurrio"].is_string(), "{}", far.body);
    let future = f
        .app
        .post(&path, Some(&f.beto), json!({"fecha": day(exchange), "ocurrio": (Utc::now() + Duration::hours(2)).to_rfc3339()}))
        .await;
    assert!(
        future.body["errors"]["ocurrio"].is_string(),
        "{}",
        future.body
    );
    let by_viewer = f
        .app
        .post(
            &path,
            Some(&f.vera),
            json!({"fecha": day(exchange), "ocurrio": late.to_rfc3339()}),
        )
        .await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);
    let recorded = f
        .app
        .post(
            &path,
            Some(&f.beto),
            json!({"fecha": day(exchange), "ocurrio": late.to_rfc3339(), "nota": "Llegamos tarde por el tráfico"}),
        )
        .await;
    assert_eq!(recorded.status, StatusCode::CREATED, "{}", recorded.body);
    assert_eq!(
        recorded.body["data"]["previsto"],
        local(exchange, 18, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    assert_eq!(f.entries("entrega.registrada").await, 1);
    let listed = f.app.get(&path, Some(&f.vera)).await;
    assert_eq!(
        listed.body["data"][0]["nota"],
        "Llegamos tarde por el tráfico"
    );
    // Eight nights: Ana seven (168 h planned, 170 h actual), Beto one (24 h planned, 22 h).
    let share = f.share(t - Duration::days(8), exchange).await;
    let (planned, real) = (&share["planificado"], &share["real"]);
    assert_eq!(
        figure(planned, &f.ana_id)["horas"].as_f64(),
        Some(168.0),
        "{share}"
    );
    assert_eq!(
        figure(real, &f.ana_id)["horas"].as_f64(),
        Some(170.0),
        "{share}"
    );
    assert_eq!(
        figure(real, &f.beto_id)["horas"].as_f64(),
        Some(22.0),
        "{share}"
    );
    // 170/192 = 88.5416..., 22/192 = 11.4583...
    assert_eq!(
        figure(real, &f.ana_id)["porcentajeHoras"].as_f64(),
        Some(88.54)
    );
    assert_eq!(
        figure(real, &f.beto_id)["porcentajeHoras"].as_f64(),
        Some(11.46)
    );
    assert_eq!(figure(real, &f.beto_id)["noches"], 1);
    assert_eq!(
        figure(real, &f.beto_id)["porcentajeNoches"].as_f64(),
        Some(12.5)
    );
    assert_eq!(
        figure(planned, &f.beto_id)["porcentajeHoras"].as_f64(),
        Some(12.5)
    );
    // Beto's account is erased: who recorded it is forgotten, the handover and his nights stay.
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let purged = nido::accounts::closing::purge_due(&f.app.state, Utc::now() + Duration::days(91))
        .await
        .expect("purge");
    assert_eq!(purged, 1);
    let listed = f.app.get(&path, Some(&f.ana)).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    assert!(
        listed.body["data"][0]["registradaPor"].is_null(),
        "{}",
        listed.body
    );
    assert_eq!(f.letters(exchange, 1).await, "B");
}

#[tokio::test]
async fn the_exchange_reminder_goes_to_both_parents_once() {
    let f = family().await;
    let monday = next_monday();
    f.schedule("7-7", monday, None).await;
    // Beto's first night begins a week later, at 18:00 in Buenos Aires.
    let exchange = local(monday + Duration::days(7), 18, 0);
    let send = |now| nido::calendar::custody::reminders::send_due(&f.app.state, now);
    assert_eq!(send(exchange - Duration::hours(2)).await.expect("early"), 0);
    assert_eq!(
        send(exchange - Duration::minutes(50)).await.expect("due"),
        1
    );
    assert_eq!(
        send(exchange - Duration::minutes(45)).await.expect("again"),
        0
    );
    assert_eq!(
        send(exchange + Duration::minutes(1)).await.expect("after"),
        0
    );
    for id in [&f.ana_id, &f.beto_id] {
        let notices = f.notices(id, "custodia.intercambio").await;
        assert_eq!(notices.len(), 1, "{id}");
        assert!(notices[0].datos.contains("18:00"), "{}", notices[0].datos);
    }
    assert!(
        f.notices(&f.vera_id, "custodia.intercambio")
            .await
            .is_empty()
    );
    // A night that stays with the same parent is no exchange.
    let no_exchange = local(monday + Duration::days(3), 18, 0);
    assert_eq!(
        send(no_exchange - Duration::minutes(30))
            .await
            .expect("none"),
        0
    );
}

/// The family's calendar version, raised by the triggers of migration m0027.
async fn calendar_version(f: &Family) -> i64 {
    nido::families::entities::familia::Entity::find_by_id(&f.family)
        .one(&f.app.db)
        .await
        .expect("family")
        .expect("family row")
        .calendario_version
}

/// The titles of the occurrences of the 4 weeks from `monday`, as `token` sees them on `app`.
async fn titles(f: &Family, app: &TestApp, token: &str, monday: NaiveDate) -> Vec<String> {
    let path = format!(
        "/api/eventos?familiaId={}&desde={}&hasta={}",
        f.family,
        local(monday, 0, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        local(monday + Duration::days(28), 0, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    let a = app.get(&path, Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|o| o["titulo"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Calendar answers are kept in memory (`calendar::kept`). Whatever writes a family's calendar
/// tables (a route, a job, another instance, a hand in the database), the next answer shows it;
/// the reminder job's bookkeeping keeps what is kept; a member who leaves gets 404 at once.
#[tokio::test]
async fn kept_calendar_answers_show_every_change_at_once() {
    let f = family().await;
    let monday = next_monday();
    f.schedule("7-7", monday, None).await;
    let created = f
        .app
        .post(
            "/api/eventos",
            Some(&f.ana),
            json!({"familiaId": f.family, "titulo": "Natación", "tipo": "actividad",
                   "categoria": "actividades", "todoElDia": false,
                   "inicio": format!("{}T17:30:00", day(monday)), "fin": format!("{}T18:30:00", day(monday)),
                   "recurrencia": "FREQ=WEEKLY", "hijos": []}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(
        titles(&f, &f.app, &f.beto, monday).await,
        vec!["Natación"; 4]
    );
    // Windows half a second apart are two answers: the first starts with the first occurrence.
    let from = |desde: chrono::DateTime<Utc>| {
        format!(
            "/api/eventos?familiaId={}&desde={}&hasta={}",
            f.family,
            desde.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            local(monday + Duration::days(28), 0, 0)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        )
    };
    let first = local(monday, 17, 30);
    for (desde, seen) in [
        (first, 4),
        (first + Duration::milliseconds(500), 3),
        (first, 4),
    ] {
        let a = f.app.get(&from(desde), Some(&f.beto)).await;
        assert_eq!(
            a.body["data"].as_array().map(Vec::len),
            Some(seen),
            "{desde}"
        );
    }

    // A hand in the database.
    f.app
        .sql(&format!(
            "UPDATE eventos SET titulo = 'Piano' WHERE familia_id = '{}'",
            f.family
        ))
        .await;
    assert_eq!(titles(&f, &f.app, &f.beto, monday).await, vec!["Piano"; 4]);

    // The reminder job moves an event's next reminder: nothing shown changes, nothing is re-read.
    let version = calendar_version(&f).await;
    f.app
        .sql(&format!(
            "UPDATE eventos SET proximo_aviso = NULL WHERE familia_id = '{}'",
            f.family
        ))
        .await;
    assert_eq!(calendar_version(&f).await, version);

    // Another instance on the same PostgreSQL keeps its own answers and still sees every change.
    if f.app.database_url().starts_with("postgres") {
        let other = TestApp::spawn_with(crate::helpers::Options {
            database_url: Some(f.app.database_url().to_owned()),
            keys_from: Some(f.app.data_dir.path().to_owned()),
            ..Default::default()
        })
        .await;
        let nights = format!(
            "/api/familias/{}/custodia/noches?desde={}&hasta={}",
            f.family,
            day(monday),
            day(monday + Duration::days(13))
        );
        let holders = |a: &Answer| {
            a.body["data"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .filter(|n| n["usuarioId"] == f.ana_id.as_str())
                .count()
        };
        assert_eq!(holders(&other.get(&nights, Some(&f.beto)).await), 7);
        let trip = f
            .add_period(
                &f.ana,
                json!({"nombre": "Viaje", "desde": day(monday + Duration::days(7)),
                       "hasta": day(monday + Duration::days(9)), "modo": "progenitor",
                       "usuarioId": f.ana_id}),
            )
            .await;
        assert_eq!(trip.status, StatusCode::CREATED, "{}", trip.body);
        assert_eq!(holders(&other.get(&nights, Some(&f.beto)).await), 10);
        f.app
            .sql(&format!(
                "DELETE FROM eventos WHERE familia_id = '{}'",
                f.family
            ))
            .await;
        assert!(titles(&f, &other, &f.beto, monday).await.is_empty());
    }

    // The schedule removed by hand: no night is anyone's any more.
    assert!(f.letters(monday, 14).await.starts_with("AAAAAAA"));
    f.app
        .sql(&format!(
            "DELETE FROM custodias WHERE familia_id = '{}'",
            f.family
        ))
        .await;
    assert_eq!(f.letters(monday, 14).await, "-".repeat(14));

    // Vera read the nights, then leaves the family: the kept answer is not hers any more.
    let path = format!(
        "/api/familias/{}/custodia/reparto?desde={}&hasta={}",
        f.family,
        day(monday),
        day(monday + Duration::days(13))
    );
    assert_eq!(f.app.get(&path, Some(&f.vera)).await.status, StatusCode::OK);
    f.app
        .sql(&format!(
            "DELETE FROM miembros WHERE usuario_id = '{}'",
            f.vera_id
        ))
        .await;
    assert_eq!(
        f.app.get(&path, Some(&f.vera)).await.status,
        StatusCode::NOT_FOUND
    );
}
