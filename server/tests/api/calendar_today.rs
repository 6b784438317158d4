//! "Today" (`GET /api/hoy`): who has the children now and until when, the next exchange, today's
//! events, the swaps waiting for the caller's answer, the invitations waiting for them, and per
//! child their last activity and coming events; only the caller's families, only what they see.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "hoy-toca-natacion";
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

fn today() -> NaiveDate {
    Utc::now().with_timezone(&ZONE).date_naive()
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn local(d: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    ZONE.from_local_datetime(&d.and_hms_opt(h, m, 0).expect("time"))
        .single()
        .expect("one instant")
        .with_timezone(&Utc)
}

fn instant(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v.as_str().unwrap_or_default())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|_| panic!("an instant: {v}"))
}

fn family_of<'a>(today: &'a Value, familia_id: &str) -> Option<&'a Value> {
    today["data"]["familias"]
        .as_array()
        .and_then(|list| list.iter().find(|f| f["familiaId"] == familia_id))
}

#[tokio::test]
async fn today_says_who_has_the_children_until_when_and_what_waits() {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    let tomas = app.add_child(&ana, &family).await;

    // Before any schedule: nobody holds them, and nothing is planned.
    let before = app.get("/api/hoy", Some(&ana)).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);
    let mine = family_of(&before.body, &family).expect("Ana's family");
    assert!(mine["ahora"].is_null() && mine["proximoIntercambio"].is_null());

    // 7-7 from three days ago, Ana first: she holds them now (yesterday's and today's nights
    // both are hers) until the exchange four days ahead, at 18:00.
    let inicio = today() - Duration::days(3);
    let put = app
        .request(
            reqwest::Method::PUT,
            &format!("/api/familias/{family}/custodia"),
            Some(&ana),
            Some(json!({"patron": "7-7", "inicio": day(inicio), "progenitorA": ana_id, "progenitorB": beto_id})),
            None,
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);

    let tomorrow = today() + Duration::days(1);
    let event = |body: Value| {
        let mut body = body;
        body["familiaId"] = json!(family);
        body
    };
    for body in [
        json!({"titulo": "Cumple de la abuela", "tipo": "cumpleanos", "categoria": "celebraciones", "inicio": day(today()), "todoElDia": true, "hijos": []}),
        json!({"titulo": "Dentista", "tipo": "actividad", "categoria": "medico", "inicio": format!("{}T10:00:00", day(tomorrow)), "todoElDia": false, "hijos": [tomas]}),
        json!({"titulo": "Natación", "tipo": "actividad", "categoria": "actividades", "inicio": format!("{}T12:00:00", day(tomorrow)), "todoElDia": false, "recurrencia": "FREQ=WEEKLY;COUNT=3", "hijos": [tomas]}),
        json!({"titulo": "Reunión", "tipo": "familia", "categoria": "escuela", "inicio": format!("{}T11:00:00", day(tomorrow)), "todoElDia": false, "hijos": []}),
    ] {
        let made = app.post("/api/eventos", Some(&ana), event(body)).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
    let private = app
        .post(
            "/api/eventos",
            Some(&beto),
            event(json!({"titulo": "Lo mío", "tipo": "personalizado", "categoria": "viajes", "inicio": day(today()), "todoElDia": true, "hijos": [tomas], "privado": true})),
        )
        .await;
    assert_eq!(private.status, StatusCode::CREATED, "{}", private.body);

    // Beto asks for a night of Ana's next-but-one week back; Ana has to answer.
    let asked = app
        .post(
            &format!("/api/familias/{family}/cambios"),
            Some(&beto),
            json!({"noches": [day(inicio + Duration::days(15))], "motivo": "Viaje de trabajo",
                "responderAntesDe": (Utc::now() + Duration::days(2)).to_rfc3339()}),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let invited = app
        .post(
            &format!("/api/familias/{family}/invitaciones"),
            Some(&ana),
            json!({"email": "carla@example.org"}),
        )
        .await;
    assert!(invited.status.is_success(), "{}", invited.body);

    let hoy = app.get("/api/hoy", Some(&ana)).await;
    assert_eq!(hoy.status, StatusCode::OK, "{}", hoy.body);
    let mine = family_of(&hoy.body, &family).expect("Ana's family");
    assert_eq!(mine["fecha"], day(today()));
    assert_eq!(mine["ahora"]["usuarioId"], ana_id.as_str());
    assert_eq!(mine["ahora"]["nombre"], "Ana");
    let handover = local(inicio + Duration::days(7), 18, 0);
    assert_eq!(instant(&mine["ahora"]["hasta"]), handover);
    let next = &mine["proximoIntercambio"];
    assert_eq!(next["fecha"], day(inicio + Duration::days(7)));
    assert_eq!(instant(&next["at"]), handover);
    assert_eq!(next["deNombre"], "Ana");
    assert_eq!(next["aUsuarioId"], beto_id.as_str());
    let titles: Vec<&str> = mine["eventosHoy"]
        .as_array()
        .map(|l| l.iter().filter_map(|e| e["titulo"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        titles,
        ["Cumple de la abuela"],
        "Beto's private event is his"
    );
    let swaps = mine["cambiosPorResponder"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(swaps.len(), 1);
    assert_eq!(swaps[0]["cambioId"], asked.body["data"]["_id"]);
    assert_eq!(
        swaps[0]["noches"],
        json!([day(inicio + Duration::days(15))])
    );

    let child = &mine["hijos"][0];
    assert_eq!(child["hijoId"], tomas.as_str());
    assert_eq!(child["con"]["usuarioId"], ana_id.as_str());
    // Events naming Tomás: the dentist and three swims; the family meeting names no child.
    assert_eq!(child["proximosEventosTotal"], 4);
    let listed: Vec<&str> = child["proximosEventos"]
        .as_array()
        .map(|l| l.iter().filter_map(|e| e["titulo"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(listed, ["Dentista", "Natación", "Natación"]);
    let last = instant(&child["ultimaActividad"]);
    assert!(Utc::now() - last < Duration::minutes(5), "{last}");

    // Beto sees the same custody, no swap to answer, and his own private event today.
    let hoy = app.get("/api/hoy", Some(&beto)).await;
    let his = family_of(&hoy.body, &family).expect("Beto's family");
    assert_eq!(his["ahora"]["usuarioId"], ana_id.as_str());
    assert_eq!(his["cambiosPorResponder"], json!([]));
    assert_eq!(his["eventosHoy"].as_array().map(Vec::len), Some(2));

    // Carla has an invitation waiting and sees nothing of the family.
    let hoy = app.get("/api/hoy", Some(&carla)).await;
    assert_eq!(hoy.body["data"]["invitacionesPendientes"], 1);
    assert!(family_of(&hoy.body, &family).is_none());
    assert_eq!(
        app.get("/api/hoy", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_child_without_events_has_its_creation_as_last_activity() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org").await;
    let family = app.own_family(&ana).await;
    let tomas = app.add_child(&ana, &family).await;
    let hoy = app.get("/api/hoy", Some(&ana)).await;
    let mine = family_of(&hoy.body, &family).expect("Ana's family");
    let child = &mine["hijos"][0];
    assert_eq!(child["hijoId"], tomas.as_str());
    assert!(child["con"].is_null());
    assert_eq!(child["proximosEventosTotal"], 0);
    assert!(Utc::now() - instant(&child["ultimaActividad"]) < Duration::minutes(5));
    assert_eq!(hoy.body["data"]["invitacionesPendientes"], 0);
}
