//! Swaps: the lifecycle of a request (accepted, declined, countered, expired through the job),
//! the rules of what may be asked (past nights, deadlines), who may ask and answer, and what
//! each step leaves in the record, the notifications and the live events.

use chrono::{Duration, NaiveDate, Utc};
use nido::platform::live::store;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::custody::{Family, day, family, next_monday, today};
use crate::helpers::Answer;

impl Family {
    fn swaps_path(&self) -> String {
        format!("/api/familias/{}/cambios", self.family)
    }

    async fn ask(&self, token: &str, body: Value) -> Answer {
        self.app.post(&self.swaps_path(), Some(token), body).await
    }

    async fn answer_swap(&self, token: &str, id: &str, how: &str, body: Value) -> Answer {
        self.app
            .post(
                &format!("{}/{id}/{how}", self.swaps_path()),
                Some(token),
                body,
            )
            .await
    }

    async fn swap_list(&self, token: &str) -> Vec<Value> {
        let a = self.app.get(&self.swaps_path(), Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"].as_array().cloned().unwrap_or_default()
    }

    async fn live_events(&self, usuario_id: &str) -> u64 {
        store::evento::Entity::find()
            .filter(store::evento::Column::UsuarioId.eq(usuario_id))
            .filter(store::evento::Column::Tipo.eq("custodia"))
            .count(&self.app.db)
            .await
            .expect("count events")
    }
}

fn in_hours(h: i64) -> String {
    (Utc::now() + Duration::hours(h)).to_rfc3339()
}

fn nights(list: &[NaiveDate]) -> Value {
    json!(list.iter().map(|d| day(*d)).collect::<Vec<_>>())
}

/// A 7-7 schedule from a Monday at least a week ahead: Ana that week, Beto the next.
async fn scheduled() -> (Family, NaiveDate) {
    let f = family().await;
    let monday = next_monday();
    f.schedule("7-7", monday, None).await;
    (f, monday)
}

#[tokio::test]
async fn an_accepted_swap_moves_the_nights_and_every_step_is_told_and_recorded() {
    let (f, monday) = scheduled().await;
    let (wednesday, tuesday_after) = (monday + Duration::days(2), monday + Duration::days(8));
    let events_before = f.live_events(&f.vera_id).await;
    let asked = f
        .ask(
            &f.beto,
            json!({"noches": nights(&[wednesday]), "devolucion": nights(&[tuesday_after]),
                   "motivo": "Cumpleaños de la abuela", "responderAntesDe": in_hours(30)}),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(asked.body["data"]["estado"], "pendiente");
    assert_eq!(asked.body["data"]["destinatarioId"], f.ana_id.as_str());
    // Ana's to-do: the open request waits for her answer, not for Beto's.
    let ana_list = f.swap_list(&f.ana).await;
    assert_eq!(ana_list[0]["_id"], id.as_str());
    assert_eq!(ana_list[0]["porResponder"], true);
    assert_eq!(f.swap_list(&f.beto).await[0]["porResponder"], false);
    assert_eq!(f.notices(&f.ana_id, "custodia.cambio").await.len(), 1);
    assert!(f.notices(&f.beto_id, "custodia.cambio").await.is_empty());
    // Only Ana answers.
    let by_beto = f.answer_swap(&f.beto, &id, "aceptar", json!({})).await;
    assert_eq!(by_beto.status, StatusCode::FORBIDDEN, "{}", by_beto.body);
    assert_eq!(by_beto.body["code"], "swap_not_yours");
    let by_viewer = f.answer_swap(&f.vera, &id, "aceptar", json!({})).await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);
    assert_eq!(f.letters(monday, 14).await, "AAAAAAABBBBBBB");
    let accepted = f.answer_swap(&f.ana, &id, "aceptar", json!({})).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(accepted.body["data"]["estado"], "aceptado");
    assert_eq!(f.letters(monday, 14).await, "AABAAAABABBBBB");
    let again = f.answer_swap(&f.ana, &id, "aceptar", json!({})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.body["code"], "swap_not_open");
    assert_eq!(f.notices(&f.beto_id, "custodia.cambio").await.len(), 1);
    assert_eq!(f.entries("cambio.pedido").await, 1);
    assert_eq!(f.entries("cambio.aceptado").await, 1);
    // Every step reaches the family live, the viewer too.
    assert!(f.live_events(&f.vera_id).await >= events_before + 2);
    // The swap shows in the actual figures, not in the planned ones.
    let share = f.share(monday, monday + Duration::days(6)).await;
    let beto_real = share["real"]
        .as_array()
        .and_then(|l| {
            l.iter()
                .find(|x| x["usuarioId"] == f.beto_id.as_str())
                .cloned()
        })
        .unwrap_or_default();
    assert_eq!(beto_real["noches"], 1, "{share}");
    let beto_planned = share["planificado"]
        .as_array()
        .and_then(|l| {
            l.iter()
                .find(|x| x["usuarioId"] == f.beto_id.as_str())
                .cloned()
        })
        .unwrap_or_default();
    assert_eq!(beto_planned["noches"], 0, "{share}");
    // Each parent's data export carries the schedule and the swaps they took part in.
    let exported = f.app.export_file(&f.beto, "calendario/custodia.json").await;
    let exported: Value = serde_json::from_str(&exported).expect("json");
    assert_eq!(exported[0]["versiones"][0]["patron"], "7-7", "{exported}");
    assert_eq!(
        exported[0]["cambios"][0]["motivo"],
        "Cumpleaños de la abuela"
    );
    // The family's calendar goes with the family.
    f.app
        .sql(&format!("DELETE FROM familias WHERE id = '{}'", f.family))
        .await;
    for table in ["custodias", "cambios", "cambio_noches"] {
        let left = f
            .app
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                f.app.db.get_database_backend(),
                format!("SELECT COUNT(*) AS n FROM {table}"),
            ))
            .await
            .expect("count")
            .and_then(|row| row.try_get::<i64>("", "n").ok());
        assert_eq!(left, Some(0), "{table}");
    }
}

#[tokio::test]
async fn a_declined_swap_changes_nothing_and_a_counter_offer_is_a_new_linked_request() {
    let (f, monday) = scheduled().await;
    let ask = |nights_asked: Vec<NaiveDate>| {
        json!({"noches": nights(&nights_asked), "motivo": "Viaje de trabajo",
               "responderAntesDe": in_hours(30)})
    };
    let first = f.ask(&f.ana, ask(vec![monday + Duration::days(1)])).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let first_id = first.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let declined = f
        .answer_swap(&f.beto, &first_id, "rechazar", json!({}))
        .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    assert_eq!(declined.body["data"]["estado"], "rechazado");
    assert_eq!(f.letters(monday, 14).await, "AAAAAAABBBBBBB");
    assert_eq!(f.entries("cambio.rechazado").await, 1);
    assert_eq!(f.notices(&f.ana_id, "custodia.cambio").await.len(), 1);

    let second = f.ask(&f.ana, ask(vec![monday + Duration::days(3)])).await;
    let second_id = second.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // Beto counters: not Thursday, but Friday and Saturday.
    let counter = f
        .answer_swap(
            &f.beto,
            &second_id,
            "contraofertar",
            ask(vec![monday + Duration::days(4), monday + Duration::days(5)]),
        )
        .await;
    assert_eq!(counter.status, StatusCode::CREATED, "{}", counter.body);
    let counter_id = counter.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(counter.body["data"]["respondeA"], second_id.as_str());
    assert_eq!(counter.body["data"]["solicitanteId"], f.beto_id.as_str());
    assert_eq!(counter.body["data"]["destinatarioId"], f.ana_id.as_str());
    let list = f.swap_list(&f.ana).await;
    let state_of = |id: &str| {
        list.iter()
            .find(|s| s["_id"] == id)
            .map(|s| s["estado"].clone())
            .unwrap_or_default()
    };
    assert_eq!(state_of(&second_id), "contraofertado");
    assert_eq!(state_of(&counter_id), "pendiente");
    // Open requests come first.
    assert_eq!(list[0]["_id"], counter_id.as_str());
    assert_eq!(f.entries("cambio.contraoferta").await, 1);
    let accepted = f
        .answer_swap(&f.ana, &counter_id, "aceptar", json!({}))
        .await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(f.letters(monday, 14).await, "AAAABBABBBBBBB");
    // The countered request cannot be answered any more.
    let late = f
        .answer_swap(&f.beto, &second_id, "aceptar", json!({}))
        .await;
    assert_eq!(late.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn an_unanswered_swap_expires_through_the_job_once_and_nothing_changes() {
    let (f, monday) = scheduled().await;
    let asked = f
        .ask(
            &f.beto,
            json!({"noches": nights(&[monday + Duration::days(1)]), "motivo": "Partido",
                   "responderAntesDe": in_hours(25)}),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let expire = |now| nido::calendar::swaps::expiry::expire_due(&f.app.state, now);
    assert_eq!(
        expire(Utc::now() + Duration::hours(24))
            .await
            .expect("early"),
        0
    );
    assert_eq!(
        expire(Utc::now() + Duration::hours(26)).await.expect("due"),
        1
    );
    assert_eq!(
        expire(Utc::now() + Duration::hours(27))
            .await
            .expect("again"),
        0
    );
    let list = f.swap_list(&f.ana).await;
    assert_eq!(list[0]["estado"], "vencido");
    assert_eq!(list[0]["porResponder"], false);
    assert_eq!(f.letters(monday, 14).await, "AAAAAAABBBBBBB");
    assert_eq!(f.entries("cambio.vencido").await, 1);
    // Both hear of it: Ana of the request and the expiry, Beto of the expiry.
    assert_eq!(f.notices(&f.ana_id, "custodia.cambio").await.len(), 2);
    assert_eq!(f.notices(&f.beto_id, "custodia.cambio").await.len(), 1);
    let late = f.answer_swap(&f.ana, &id, "aceptar", json!({})).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn past_nights_and_bad_deadlines_are_refused() {
    let (f, monday) = scheduled().await;
    let first = monday + Duration::days(2);
    let try_ask = |body: Value| f.ask(&f.beto, body);
    let past = try_ask(
        json!({"noches": [day(today() - Duration::days(1))], "motivo": "x",
                             "responderAntesDe": in_hours(30)}),
    )
    .await;
    assert_eq!(
        past.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        past.body
    );
    assert!(
        past.body["errors"]["noches"]
            .as_str()
            .is_some_and(|m| m.contains("pasadas")),
        "{}",
        past.body
    );
    let soon =
        try_ask(json!({"noches": [day(first)], "motivo": "x", "responderAntesDe": in_hours(23)}))
            .await;
    assert_eq!(soon.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        soon.body["errors"]["responderAntesDe"]
            .as_str()
            .is_some_and(|m| m.contains("24 horas")),
        "{}",
        soon.body
    );
    // The deadline must come before the first night's exchange (18:00 that day).
    let after = crate::custody::local(first, 18, 0).to_rfc3339();
    let late =
        try_ask(json!({"noches": [day(first)], "motivo": "x", "responderAntesDe": after})).await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        late.body["errors"]["responderAntesDe"]
            .as_str()
            .is_some_and(|m| m.contains("primera noche")),
        "{}",
        late.body
    );
    let just_before = crate::custody::local(first, 17, 59).to_rfc3339();
    let fits =
        try_ask(json!({"noches": [day(first)], "motivo": "x", "responderAntesDe": just_before}))
            .await;
    assert_eq!(fits.status, StatusCode::CREATED, "{}", fits.body);
    let empty = try_ask(json!({"noches": [], "motivo": " ", "responderAntesDe": "mañana"})).await;
    for field in ["noches", "motivo", "responderAntesDe"] {
        assert!(
            empty.body["errors"][field].is_string(),
            "{field}: {}",
            empty.body
        );
    }
    let overlap = try_ask(
        json!({"noches": [day(first)], "devolucion": [day(first)], "motivo": "x",
                                "responderAntesDe": in_hours(30)}),
    )
    .await;
    assert!(
        overlap.body["errors"]["devolucion"].is_string(),
        "{}",
        overlap.body
    );
    let too_many: Vec<String> = (0..32).map(|i| day(first + Duration::days(i))).collect();
    let many =
        try_ask(json!({"noches": too_many, "motivo": "x", "responderAntesDe": in_hours(30)})).await;
    assert!(many.body["errors"]["noches"].is_string(), "{}", many.body);
    // Before the schedule there is nothing to swap.
    let unscheduled = try_ask(
        json!({"noches": [day(today() + Duration::days(2))], "motivo": "x",
                                    "responderAntesDe": in_hours(30)}),
    )
    .await;
    assert_eq!(
        unscheduled.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unscheduled.body
    );
    assert!(
        unscheduled.body["errors"]["noches"].is_string(),
        "{}",
        unscheduled.body
    );
}

#[tokio::test]
async fn only_the_schedules_parents_ask_and_strangers_see_nothing() {
    let (f, monday) = scheduled().await;
    let body = json!({"noches": [day(monday + Duration::days(2))], "motivo": "x",
                      "responderAntesDe": in_hours(30)});
    let by_viewer = f.ask(&f.vera, body.clone()).await;
    assert_eq!(by_viewer.status, StatusCode::FORBIDDEN);
    let by_stranger = f.ask(&f.carla, body.clone()).await;
    assert_eq!(by_stranger.status, StatusCode::NOT_FOUND);
    assert_eq!(
        f.app.get(&f.swaps_path(), Some(&f.carla)).await.status,
        StatusCode::NOT_FOUND
    );
    let asked = f.ask(&f.ana, body.clone()).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let by_stranger = f.answer_swap(&f.carla, &id, "rechazar", json!({})).await;
    assert_eq!(by_stranger.status, StatusCode::NOT_FOUND);
    // A third co-parent who is not in the schedule cannot ask.
    f.app.remove_member(&f.ana, &f.family, &f.vera_id).await;
    assert_eq!(
        f.app.get(&f.swaps_path(), Some(&f.vera)).await.status,
        StatusCode::NOT_FOUND
    );
    f.app
        .join_family(&f.ana, &f.family, &f.carla, "coparent", "otro")
        .await;
    let outsider = f.ask(&f.carla, body).await;
    assert_eq!(outsider.status, StatusCode::FORBIDDEN, "{}", outsider.body);
    assert_eq!(outsider.body["code"], "swap_not_parent");
    // A request from another family is not found in this one.
    let other_family = f.app.own_family(&f.carla).await;
    let foreign = f
        .app
        .post(
            &format!("/api/familias/{other_family}/cambios/{id}/aceptar"),
            Some(&f.carla),
            json!({}),
        )
        .await;
    assert_ne!(foreign.status, StatusCode::OK);
}
