//! A family professional's own conversation with the co-parents: only they start it, once, while
//! their access is active; it is a conversation like any other for its participants (numbered
//! messages, notices, the record); the professional reads it whole whatever their scope, writes
//! nowhere else, and loses it the moment the access ends while the co-parents keep it.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::custody::{Family, family};
use crate::helpers::Answer;
use crate::professional_scope::{professional, text};

/// `token` starts the professional's conversation with the family.
async fn start(f: &Family, token: &str) -> Answer {
    f.app
        .post(
            "/api/conversaciones",
            Some(token),
            json!({"familiaId": f.family, "tema": "profesional", "asunto": "Plan de parentalidad"}),
        )
        .await
}

#[tokio::test]
async fn a_family_professional_writes_in_their_own_conversation_and_nowhere_else() {
    let f = family().await;
    let app = &f.app;
    // A mediator whose scope holds only the calendar, before Beto's consent: no access yet.
    let mediator = professional(
        &f,
        &f.ana,
        "mediadora@centro.example",
        "de-familia",
        json!({"areas": ["calendario"]}),
        false,
    )
    .await;
    let early = start(&f, &mediator.token).await;
    assert_eq!(
        early.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        early.body
    );
    let consent = app
        .post(
            &format!("/api/accesos/{}/consentir", mediator.access),
            Some(&f.beto),
            json!({}),
        )
        .await;
    assert_eq!(consent.status, StatusCode::OK, "{}", consent.body);

    let started = start(&f, &mediator.token).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.body);
    let data = &started.body["data"];
    assert_eq!(data["tema"], "profesional");
    assert_eq!(text(&data["accesoId"]), mediator.access);
    let mut people: Vec<String> = data["participantes"]
        .as_array()
        .expect("participants")
        .iter()
        .map(|p| text(&p["_id"]))
        .collect();
    people.sort();
    let mut expected = vec![f.ana_id.clone(), f.beto_id.clone(), mediator.id.clone()];
    expected.sort();
    assert_eq!(
        people, expected,
        "the co-parents and the mediator, not Vera"
    );
    let id = text(&data["_id"]);

    // Once per access; a member may not take the topic; a parent's own professional writes nowhere.
    let again = start(&f, &mediator.token).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(again.body["code"], "professional_conversation_exists");
    let member = start(&f, &f.ana).await;
    assert_eq!(member.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        member.body["errors"]["tema"],
        "Solo el profesional de la familia inicia la conversación profesional: elige otro tema."
    );
    let lawyer = professional(
        &f,
        &f.beto,
        "abogado@estudio.example",
        "de-parte",
        json!({"areas": ["mensajes"]}),
        false,
    )
    .await;
    assert_eq!(start(&f, &lawyer.token).await.status, StatusCode::FORBIDDEN);
    let stranger = start(&f, &f.carla).await;
    assert_eq!(stranger.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The mediator writes; the co-parents read and answer, each told where to look.
    let path = format!("/api/conversaciones/{id}/mensajes");
    let said = app
        .post(
            &path,
            Some(&mediator.token),
            json!({"texto": "Buenos días: propongo vernos el martes."}),
        )
        .await;
    assert_eq!(said.status, StatusCode::CREATED, "{}", said.body);
    let ana_reads = app.get(&path, Some(&f.ana)).await;
    assert_eq!(ana_reads.status, StatusCode::OK);
    assert_eq!(
        ana_reads.body["data"]["mensajes"][0]["autor"]["_id"],
        mediator.id.as_str()
    );
    let told = f.notices(&f.ana_id, "mensaje.nuevo").await;
    assert_eq!(told.len(), 1);
    assert_eq!(
        told[0].enlace.as_deref(),
        Some(format!("/messages/{id}").as_str())
    );
    let answered = app
        .post(
            &path,
            Some(&f.beto),
            json!({"texto": "El martes me va bien."}),
        )
        .await;
    assert_eq!(answered.status, StatusCode::CREATED, "{}", answered.body);
    let told = f.notices(&mediator.id, "mensaje.nuevo").await;
    assert_eq!(told.len(), 1);
    assert_eq!(
        told[0].enlace.as_deref(),
        Some(format!("/casos/{}?vista=conversacion", f.family).as_str())
    );
    assert_eq!(f.entries("mensaje.enviado").await, 2);

    // The mediator reads it whole, lists it though messages are outside their scope, marks it seen.
    let listed = app
        .get(
            &format!("/api/conversaciones?familiaId={}", f.family),
            Some(&mediator.token),
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    let ids: Vec<String> = listed.body["data"]["conversaciones"]
        .as_array()
        .expect("list")
        .iter()
        .map(|c| text(&c["_id"]))
        .collect();
    assert_eq!(ids, vec![id.clone()]);
    let page = app.get(&path, Some(&mediator.token)).await;
    assert_eq!(
        page.body["data"]["mensajes"].as_array().map(Vec::len),
        Some(2)
    );
    let last = text(&answered.body["data"]["_id"]);
    let seen = app
        .post(
            &format!("/api/conversaciones/{id}/leidos"),
            Some(&mediator.token),
            json!({"hasta": last}),
        )
        .await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);

    // Vera, not a participant, does not see it; the co-parents' own conversation stays closed.
    assert_eq!(
        app.get(&format!("/api/conversaciones/{id}"), Some(&f.vera))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let both = app
        .post(
            "/api/conversaciones",
            Some(&f.ana),
            json!({"familiaId": f.family, "tema": "escuela", "asunto": "Boletín"}),
        )
        .await;
    let both = text(&both.body["data"]["_id"]);
    let elsewhere = app
        .post(
            &format!("/api/conversaciones/{both}/mensajes"),
            Some(&mediator.token),
            json!({"texto": "Hola"}),
        )
        .await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);

    // Ended: the mediator loses it at once; the co-parents keep every message and go on.
    let ended = app
        .request(
            Method::DELETE,
            &format!("/api/accesos/{}", mediator.access),
            Some(&f.beto),
            None,
            None,
        )
        .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    for status in [
        app.get(&path, Some(&mediator.token)).await.status,
        app.get(&format!("/api/conversaciones/{id}"), Some(&mediator.token))
            .await
            .status,
        app.post(
            &path,
            Some(&mediator.token),
            json!({"texto": "¿Sigo aquí?"}),
        )
        .await
        .status,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    let after = app
        .post(&path, Some(&f.ana), json!({"texto": "Gracias por todo."}))
        .await;
    assert_eq!(after.status, StatusCode::CREATED, "{}", after.body);
    assert_eq!(
        f.notices(&mediator.id, "mensaje.nuevo").await.len(),
        1,
        "no notice once the access ended"
    );
    let kept = app.get(&path, Some(&f.beto)).await;
    assert_eq!(
        kept.body["data"]["mensajes"].as_array().map(Vec::len),
        Some(3)
    );
}
