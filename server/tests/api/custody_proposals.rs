//! A parenting coordinator's proposals of a schedule or a holiday period: only the family's
//! coordinator for the calendar proposes; nothing changes until every co-parent accepts, and then
//! it is applied as their own change would be; a rejection, a withdrawal or the access ending
//! closes it. Every step is in the record and told to whom it concerns.

use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::custody::{Family, day, family, today};
use crate::helpers::Answer;
use crate::professional_scope::{professional_as, text};

async fn propose(f: &Family, token: &str, body: Value) -> Answer {
    f.app
        .post(
            &format!("/api/familias/{}/custodia/propuestas", f.family),
            Some(token),
            body,
        )
        .await
}

async fn step(f: &Family, token: &str, id: &str, what: &str) -> Answer {
    f.app
        .post(
            &format!("/api/familias/{}/custodia/propuestas/{id}/{what}", f.family),
            Some(token),
            json!({}),
        )
        .await
}

fn winter(f: &Family) -> Value {
    json!({"tipo": "periodo", "nota": "Para que los dos tengan una semana de invierno.",
           "periodo": {"nombre": "Invierno", "desde": day(today() + Duration::days(20)),
                       "hasta": day(today() + Duration::days(26)), "modo": "progenitor",
                       "usuarioId": f.ana_id}})
}

#[tokio::test]
async fn a_coordinators_proposal_changes_the_custody_once_every_coparent_accepts() {
    let f = family().await;
    let app = &f.app;
    let coordinator = professional_as(
        &f,
        &f.ana,
        "coordinadora@juzgado.example",
        "coordinador",
        "de-familia",
        json!({"areas": ["calendario"]}),
        true,
    )
    .await;
    let mediator = professional_as(
        &f,
        &f.ana,
        "mediador@centro.example",
        "mediador",
        "de-familia",
        json!({"areas": ["calendario"]}),
        true,
    )
    .await;
    let blind = professional_as(
        &f,
        &f.beto,
        "coordinador2@juzgado.example",
        "coordinador",
        "de-familia",
        json!({"areas": ["mensajes"]}),
        true,
    )
    .await;

    // The coordinator's case names the parents a proposal is about.
    let cases = app
        .get("/api/profesional/casos", Some(&coordinator.token))
        .await;
    let mut named: Vec<String> = cases.body["data"][0]["progenitores"]
        .as_array()
        .expect("parents")
        .iter()
        .map(|p| text(&p["_id"]))
        .collect();
    named.sort();
    let mut both = vec![f.ana_id.clone(), f.beto_id.clone()];
    both.sort();
    assert_eq!(named, both);

    // Only the coordinator whose scope holds the calendar proposes.
    assert_eq!(
        propose(&f, &mediator.token, winter(&f)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        propose(&f, &blind.token, winter(&f)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        propose(&f, &f.ana, winter(&f)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        propose(&f, &f.carla, winter(&f)).await.status,
        StatusCode::NOT_FOUND
    );
    let nothing = propose(&f, &coordinator.token, json!({"tipo": "periodo"})).await;
    assert_eq!(
        nothing.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        nothing.body
    );
    let mut inverted = winter(&f);
    inverted["periodo"]["hasta"] = json!(day(today()));
    let inverted = propose(&f, &coordinator.token, inverted).await;
    assert_eq!(inverted.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        inverted.body["errors"]["hasta"].is_string(),
        "{}",
        inverted.body
    );

    let made = propose(&f, &coordinator.token, winter(&f)).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["data"]["estado"], "pendiente");
    assert_eq!(made.body["data"]["periodo"]["nombre"], "Invierno");
    assert_eq!(
        made.body["data"]["propuestaPor"]["_id"],
        coordinator.id.as_str()
    );
    assert_eq!(
        made.body["data"]["faltan"].as_array().map(Vec::len),
        Some(2)
    );
    let id = text(&made.body["data"]["_id"]);
    assert_eq!(f.notices(&f.ana_id, "custodia.propuesta").await.len(), 1);
    assert_eq!(f.notices(&f.beto_id, "custodia.propuesta").await.len(), 1);

    // Every member reads it, and the coordinator their own; another professional does not.
    let list = format!("/api/familias/{}/custodia/propuestas", f.family);
    for token in [&f.ana, &f.vera, &coordinator.token] {
        let listed = app.get(&list, Some(token)).await;
        assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
        assert_eq!(listed.body["data"].as_array().map(Vec::len), Some(1));
    }
    assert_eq!(
        app.get(&list, Some(&mediator.token)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&list, Some(&f.carla)).await.status,
        StatusCode::NOT_FOUND
    );

    // Co-parents answer; a viewer and the coordinator do not.
    assert_eq!(
        step(&f, &f.vera, &id, "aceptar").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        step(&f, &coordinator.token, &id, "aceptar").await.status,
        StatusCode::FORBIDDEN
    );
    let first = step(&f, &f.ana, &id, "aceptar").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.body["data"]["estado"], "pendiente");
    assert_eq!(first.body["data"]["faltan"], json!([f.beto_id]));
    let again = step(&f, &f.ana, &id, "aceptar").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.body["code"], "proposal_answered");
    let periods = format!("/api/familias/{}/custodia/periodos", f.family);
    assert_eq!(
        app.get(&periods, Some(&f.ana)).await.body["data"]
            .as_array()
            .map(Vec::len),
        Some(0),
        "nothing changes before every co-parent accepts"
    );
    let second = step(&f, &f.beto, &id, "aceptar").await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.body);
    assert_eq!(second.body["data"]["estado"], "aceptada");
    let now = app.get(&periods, Some(&f.ana)).await;
    assert_eq!(now.body["data"][0]["nombre"], "Invierno");
    assert_eq!(now.body["data"][0]["creadoPor"], f.beto_id.as_str());
    assert_eq!(f.entries("custodia.propuesta").await, 1);
    assert_eq!(f.entries("custodia.propuesta.respondida").await, 2);
    assert_eq!(f.entries("custodia.periodo").await, 1);
    assert_eq!(
        f.notices(&coordinator.id, "custodia.propuesta").await.len(),
        1
    );
    let closed = step(&f, &f.beto, &id, "rechazar").await;
    assert_eq!(closed.status, StatusCode::CONFLICT);
    assert_eq!(closed.body["code"], "proposal_closed");

    // A schedule rejected changes nothing; one withdrawn neither.
    let schedule = json!({"tipo": "calendario", "calendario": {"patron": "7-7", "inicio": day(today()),
                          "progenitorA": f.ana_id, "progenitorB": f.beto_id}});
    let made = propose(&f, &coordinator.token, schedule.clone()).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["data"]["calendario"]["patron"], "7-7");
    assert_eq!(made.body["data"]["calendario"]["horaIntercambio"], "18:00");
    let rejected = step(&f, &f.beto, &text(&made.body["data"]["_id"]), "rechazar").await;
    assert_eq!(
        rejected.body["data"]["estado"], "rechazada",
        "{}",
        rejected.body
    );
    let custody = format!("/api/familias/{}/custodia", f.family);
    assert!(app.get(&custody, Some(&f.ana)).await.body["data"].is_null());
    let made = propose(&f, &coordinator.token, schedule.clone()).await;
    let withdrawn_id = text(&made.body["data"]["_id"]);
    let withdraw = format!(
        "/api/familias/{}/custodia/propuestas/{withdrawn_id}",
        f.family
    );
    let by_ana = app
        .request(Method::DELETE, &withdraw, Some(&f.ana), None, None)
        .await;
    assert_eq!(by_ana.status, StatusCode::FORBIDDEN);
    let withdrawn = app
        .request(
            Method::DELETE,
            &withdraw,
            Some(&coordinator.token),
            None,
            None,
        )
        .await;
    assert_eq!(
        withdrawn.body["data"]["estado"], "retirada",
        "{}",
        withdrawn.body
    );

    // The access ending while one waits: it lapses, and no one can accept it.
    let made = propose(&f, &coordinator.token, schedule).await;
    let lapsing = text(&made.body["data"]["_id"]);
    let ended = app
        .request(
            Method::DELETE,
            &format!("/api/accesos/{}", coordinator.access),
            Some(&f.beto),
            None,
            None,
        )
        .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    let listed = app.get(&list, Some(&f.ana)).await;
    assert_eq!(listed.body["data"][0]["_id"], lapsing.as_str());
    assert_eq!(listed.body["data"][0]["estado"], "caducada");
    assert_eq!(
        step(&f, &f.ana, &lapsing, "aceptar").await.status,
        StatusCode::CONFLICT
    );
    assert_eq!(
        app.get(&list, Some(&coordinator.token)).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(app.get(&custody, Some(&f.ana)).await.body["data"].is_null());
}
