//! Money that needs both parents: raising the automatic amount or another's income waits for
//! every other co-parent; an expense that approved itself can still be disputed for 30 days; a
//! dispute goes back and forth until its creator accepts a proposal or the disputer approves a
//! reply; a payer's cut of child support waits for the payee; a receipt is judged by its content;
//! and each new route answers only the family's co-parents.

use chrono::{DateTime, Duration, TimeZone, Utc};
use nido::money::support::dues;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::custody::{Family, PASSWORD, family};
use crate::helpers::Answer;

fn finanzas(f: &Family) -> String {
    format!("/api/familias/{}/finanzas", f.family)
}

async fn put_settings(f: &Family, token: &str, body: Value) -> Answer {
    f.app
        .request(Method::PUT, &finanzas(f), Some(token), Some(body), None)
        .await
}

async fn settings(f: &Family, token: &str) -> Value {
    let a = f.app.get(&finanzas(f), Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"].clone()
}

async fn answer_settings(f: &Family, token: &str, id: &str, decision: &str) -> Answer {
    f.app
        .post(
            &format!("{}/propuestas/{id}/respuesta", finanzas(f)),
            Some(token),
            json!({"decision": decision}),
        )
        .await
}

/// Cami joins Ana's family as a third co-parent; gives back her token and id.
async fn third_coparent(f: &Family) -> (String, String) {
    let (cami, cami_id) = f.app.register("cami@example.org", PASSWORD).await;
    f.app
        .join_family(&f.ana, &f.family, &cami, "coparent", "tutor")
        .await;
    (cami, cami_id)
}

async fn expense(f: &Family, token: &str, monto: i64, who: &[&str]) -> Answer {
    f.app
        .post(
            "/api/gastos",
            Some(token),
            json!({"familiaId": f.family, "descripcion": "Dentista", "monto": monto,
                   "fecha": "2026-03-02", "categoria": "salud",
                   "reparto": {"modo": "igual", "participantes": who}}),
        )
        .await
}

async fn added(f: &Family, token: &str, monto: i64, who: &[&str]) -> String {
    let a = expense(f, token, monto, who).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"]["id"].as_str().unwrap_or_default().to_owned()
}

async fn act(f: &Family, token: &str, id: &str, how: &str, body: Value) -> Answer {
    f.app
        .post(&format!("/api/gastos/{id}/{how}"), Some(token), body)
        .await
}

/// Ana's running balance in ARS (positive: she is owed).
async fn anas_balance(f: &Family) -> i64 {
    let a = f
        .app
        .get(&format!("/api/familias/{}/balance", f.family), Some(&f.ana))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["monedas"]["ARS"]["saldos"][&f.ana_id]
        .as_i64()
        .unwrap_or(0)
}

/// Ana proposes an automatic amount of `monto` ARS and Beto accepts it.
async fn automatic_amount(f: &Family, monto: i64) {
    let put = put_settings(f, &f.ana, json!({"aprobacionAutomatica": {"ARS": monto}})).await;
    assert_eq!(put.status, StatusCode::ACCEPTED, "{}", put.body);
    let id = put.body["propuesta"]["id"].as_str().unwrap_or_default();
    let a = answer_settings(f, &f.beto, id, "aceptar").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(
        a.body["data"]["aprobacionAutomatica"]["ARS"], monto,
        "{}",
        a.body
    );
}

#[tokio::test]
async fn raising_the_automatic_amount_waits_for_every_other_coparent() {
    let f = family().await;
    let (cami, cami_id) = third_coparent(&f).await;

    // Ana alone asks for an amount under which anything approves itself: it waits.
    let put = put_settings(
        &f,
        &f.ana,
        json!({"moneda": "ARS", "aprobacionAutomatica": {"ARS": 1_000_000_000_000_i64}}),
    )
    .await;
    assert_eq!(put.status, StatusCode::ACCEPTED, "{}", put.body);
    assert_eq!(put.body["data"]["aprobacionAutomatica"], json!({}));
    let proposal = put.body["propuesta"].clone();
    assert_eq!(proposal["estado"], "pendiente");
    assert_eq!(proposal["propuestaPor"], f.ana_id.as_str());
    assert_eq!(
        proposal["cambios"]["aprobacionAutomatica"],
        json!({"ARS": 1_000_000_000_000_i64})
    );
    assert_eq!(
        proposal["anteriores"]["aprobacionAutomatica"],
        json!({"ARS": 0})
    );
    let mut faltan: Vec<&str> = proposal["faltan"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    faltan.sort_unstable();
    let mut others = vec![f.beto_id.as_str(), cami_id.as_str()];
    others.sort_unstable();
    assert_eq!(faltan, others);
    let id = proposal["id"].as_str().unwrap_or_default().to_owned();
    assert_eq!(
        settings(&f, &f.beto).await["propuestas"][0]["id"],
        id.as_str()
    );
    assert_eq!(f.notices(&f.beto_id, "dinero.ajustes").await.len(), 1);
    assert_eq!(f.notices(&cami_id, "dinero.ajustes").await.len(), 1);
    assert!(f.notices(&f.ana_id, "dinero.ajustes").await.is_empty());
    assert!(
        f.notices(&f.vera_id, "dinero.ajustes").await.is_empty(),
        "a viewer hears nothing of money"
    );
    assert_eq!(f.entries("finanzas.propuesta").await, 1);

    // Until then the old value holds: an expense still waits for Beto.
    let pending = expense(&f, &f.ana, 5_000, &[&f.ana_id, &f.beto_id]).await;
    assert_eq!(
        pending.body["data"]["estado"], "pendiente",
        "{}",
        pending.body
    );

    // Her own proposal is not hers to accept; nobody else may withdraw it; a decision is one
    // of three words.
    for (token, decision, status) in [
        (&f.ana, "aceptar", StatusCode::FORBIDDEN),
        (&f.beto, "retirar", StatusCode::FORBIDDEN),
        (&f.beto, "quizas", StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let a = answer_settings(&f, token, &id, decision).await;
        assert_eq!(a.status, status, "{decision}: {}", a.body);
    }
    // Another proposal while one waits: refused, and nothing of it applies.
    let other = put_settings(
        &f,
        &f.beto,
        json!({"moneda": "EUR", "ingresos": {&f.ana_id: 50_000}}),
    )
    .await;
    assert_eq!(other.status, StatusCode::CONFLICT, "{}", other.body);
    assert_eq!(other.body["code"], "money_proposal_pending");
    assert_eq!(settings(&f, &f.beto).await["moneda"], "ARS");

    // Each other co-parent must accept; the last acceptance applies it.
    let beto = answer_settings(&f, &f.beto, &id, "aceptar").await;
    assert_eq!(beto.status, StatusCode::OK, "{}", beto.body);
    assert_eq!(beto.body["propuesta"]["estado"], "pendiente");
    assert_eq!(beto.body["propuesta"]["faltan"], json!([cami_id]));
    assert_eq!(beto.body["data"]["aprobacionAutomatica"], json!({}));
    let again = answer_settings(&f, &f.beto, &id, "aceptar").await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    let last = answer_settings(&f, &cami, &id, "aceptar").await;
    assert_eq!(last.status, StatusCode::OK, "{}", last.body);
    assert_eq!(last.body["propuesta"]["estado"], "aceptada");
    assert_eq!(
        last.body["data"]["aprobacionAutomatica"],
        json!({"ARS": 1_000_000_000_000_i64})
    );
    assert_eq!(last.body["data"]["propuestas"], json!([]));
    assert_eq!(f.entries("finanzas.propuesta.respondida").await, 2);
    let closed = answer_settings(&f, &f.beto, &id, "rechazar").await;
    assert_eq!(closed.status, StatusCode::CONFLICT, "{}", closed.body);

    // Lowering applies at once, and the others are told.
    let lower = put_settings(
        &f,
        &f.beto,
        json!({"aprobacionAutomatica": {"ARS": 500_000}}),
    )
    .await;
    assert_eq!(lower.status, StatusCode::OK, "{}", lower.body);
    assert_eq!(
        lower.body["data"]["aprobacionAutomatica"],
        json!({"ARS": 500_000})
    );
    assert!(lower.body.get("propuesta").is_none(), "{}", lower.body);
    let told = f.notices(&f.ana_id, "dinero.ajustes").await;
    assert!(
        told.iter().any(|n| n.datos.contains("5.000,00")),
        "{told:?}"
    );

    // One's own income at once; another's waits, and a decline ends it.
    let incomes = put_settings(
        &f,
        &f.ana,
        json!({"ingresos": {&f.ana_id: 300_000, &f.beto_id: 1}}),
    )
    .await;
    assert_eq!(incomes.status, StatusCode::ACCEPTED, "{}", incomes.body);
    assert_eq!(
        incomes.body["data"]["ingresos"],
        json!({&f.ana_id: 300_000})
    );
    assert_eq!(
        incomes.body["propuesta"]["cambios"]["ingresos"],
        json!({&f.beto_id: 1})
    );
    let id = incomes.body["propuesta"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let declined = answer_settings(&f, &cami, &id, "rechazar").await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    assert_eq!(declined.body["propuesta"]["estado"], "rechazada");
    assert_eq!(
        settings(&f, &f.beto).await["ingresos"],
        json!({&f.ana_id: 300_000})
    );

    // Its proposer may withdraw one; the list keeps them all, newest first.
    let asked = f
        .app
        .post(
            &format!("{}/propuestas", finanzas(&f)),
            Some(&f.beto),
            json!({"ingresos": {&cami_id: 90_000}}),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["data"]["id"].as_str().unwrap_or_default();
    let withdrawn = answer_settings(&f, &f.beto, id, "retirar").await;
    assert_eq!(withdrawn.status, StatusCode::OK, "{}", withdrawn.body);
    assert_eq!(withdrawn.body["propuesta"]["estado"], "retirada");
    let list = f
        .app
        .get(&format!("{}/propuestas", finanzas(&f)), Some(&cami))
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    let states: Vec<&str> = list.body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["estado"].as_str())
        .collect();
    assert_eq!(states, ["retirada", "rechazada", "aceptada"]);
    // A proposal that changes nothing, or names a stranger, is refused.
    for (body, status) in [
        (
            json!({"ingresos": {&cami_id: Value::Null}}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"ingresos": {&f.vera_id: 5}}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"aprobacionAutomatica": {"ARS": 10.5}}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let a = f
            .app
            .post(
                &format!("{}/propuestas", finanzas(&f)),
                Some(&f.beto),
                body.clone(),
            )
            .await;
        assert_eq!(a.status, status, "{body}: {}", a.body);
    }
}

#[tokio::test]
async fn an_expense_that_approved_itself_can_be_disputed_for_thirty_days() {
    let f = family().await;
    automatic_amount(&f, 10_000).await;
    let gasto = added(&f, &f.ana, 3_000, &[&f.ana_id, &f.beto_id]).await;
    assert_eq!(anas_balance(&f).await, 1_500);

    // Ana added it: hers is no dispute to make; a viewer sees nothing of it.
    let own = act(
        &f,
        &f.ana,
        &gasto,
        "disputar",
        json!({"comentario": "x", "propuesta": "y"}),
    )
    .await;
    assert_eq!(own.status, StatusCode::FORBIDDEN, "{}", own.body);
    let viewer = act(
        &f,
        &f.vera,
        &gasto,
        "disputar",
        json!({"comentario": "x", "propuesta": "y"}),
    )
    .await;
    assert_eq!(viewer.status, StatusCode::NOT_FOUND, "{}", viewer.body);

    // Beto, charged without being asked, disputes it: it stops counting meanwhile.
    let disputed = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "Era la mitad", "montoPropuesto": 2_000}),
    )
    .await;
    assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.body);
    assert_eq!(disputed.body["data"]["estado"], "disputado");
    assert_eq!(disputed.body["data"]["faltan"], json!([f.beto_id]));
    let answer = &disputed.body["data"]["respuestas"][0];
    assert_eq!(answer["montoPropuesto"], 2_000);
    assert_eq!(
        answer["partesPropuestas"],
        json!({&f.ana_id: 1_000, &f.beto_id: 1_000})
    );
    assert_eq!(anas_balance(&f).await, 0);

    // Ana accepts: the proposal becomes the expense, which counts again.
    let accepted = act(&f, &f.ana, &gasto, "aceptar-propuesta", json!({})).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(accepted.body["data"]["estado"], "aprobado");
    assert_eq!(accepted.body["data"]["monto"], 2_000);
    assert_eq!(anas_balance(&f).await, 1_000);
    // Agreed once, it cannot be disputed again.
    let twice = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "x", "propuesta": "y"}),
    )
    .await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);

    // Past thirty days it stands.
    let old = added(&f, &f.ana, 4_000, &[&f.ana_id, &f.beto_id]).await;
    let listed = f
        .app
        .get(&format!("/api/gastos/{old}"), Some(&f.beto))
        .await;
    assert!(
        listed.body["data"]["disputableHasta"].is_string(),
        "{}",
        listed.body
    );
    let long_ago = (Utc::now() - Duration::days(31)).to_rfc3339();
    f.app
        .sql(&format!(
            "UPDATE gastos SET aprobado_auto_en = '{long_ago}' WHERE id = '{old}'"
        ))
        .await;
    let late = act(
        &f,
        &f.beto,
        &old,
        "disputar",
        json!({"comentario": "x", "propuesta": "y"}),
    )
    .await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    assert_eq!(late.body["code"], "money_expense_not_open");
    assert_eq!(anas_balance(&f).await, 3_000);
}

#[tokio::test]
async fn a_disputed_expense_goes_back_and_forth_until_agreed() {
    let f = family().await;
    let both = [f.ana_id.as_str(), f.beto_id.as_str()];
    let gasto = added(&f, &f.ana, 10_000, &both).await;
    let disputed = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "La consulta costó menos", "montoPropuesto": 6_000}),
    )
    .await;
    assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.body);

    // Ana's turn: Beto waits, Ana may not accept something else or reply twice.
    let early = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "x", "propuesta": "y"}),
    )
    .await;
    assert_eq!(early.status, StatusCode::CONFLICT, "{}", early.body);
    let replied = act(
        &f,
        &f.ana,
        &gasto,
        "contestar",
        json!({"comentario": "Tengo la factura: fueron 8.000", "montoPropuesto": 8_000}),
    )
    .await;
    assert_eq!(replied.status, StatusCode::OK, "{}", replied.body);
    assert_eq!(replied.body["data"]["estado"], "disputado");
    assert_eq!(
        replied.body["data"]["respuestas"][1]["decision"],
        "contestado"
    );
    assert_eq!(
        replied.body["data"]["respuestas"][1]["partesPropuestas"],
        json!({&f.ana_id: 4_000, &f.beto_id: 4_000})
    );
    assert!(
        f.notices(&f.beto_id, "dinero.gasto")
            .await
            .iter()
            .any(|n| n.datos.contains("contestó")),
        "Beto hears of the reply"
    );
    for how in ["contestar", "aceptar-propuesta"] {
        let a = act(&f, &f.ana, &gasto, how, json!({"comentario": "otra vez"})).await;
        assert_eq!(a.status, StatusCode::CONFLICT, "{how}: {}", a.body);
    }

    // Beto's turn again: he disputes once more with a split; Ana takes it and it counts.
    let split = json!({"modo": "porcentajes", "participantes": both,
                       "pesos": {&f.ana_id: 60, &f.beto_id: 40}});
    let again = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "Entonces 60 y 40", "repartoPropuesto": split}),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    let taken = act(&f, &f.ana, &gasto, "aceptar-propuesta", json!({})).await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.body);
    assert_eq!(taken.body["data"]["estado"], "aprobado");
    assert_eq!(taken.body["data"]["monto"], 10_000);
    assert_eq!(taken.body["data"]["reparto"]["modo"], "porcentajes");
    assert_eq!(
        taken.body["data"]["partes"],
        json!({&f.ana_id: 6_000, &f.beto_id: 4_000})
    );
    assert_eq!(anas_balance(&f).await, 4_000);

    // A proposal in words only cannot be accepted as such; a reply's counter-proposal, approved
    // by the disputer, becomes the expense.
    let words = added(&f, &f.ana, 10_000, &both).await;
    let a = act(
        &f,
        &f.beto,
        &words,
        "disputar",
        json!({"comentario": "No lo hablamos", "propuesta": "Lo vemos el lunes"}),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let nothing = act(&f, &f.ana, &words, "aceptar-propuesta", json!({})).await;
    assert_eq!(nothing.status, StatusCode::CONFLICT, "{}", nothing.body);
    assert_eq!(nothing.body["code"], "money_nothing_to_accept");
    let counter = act(
        &f,
        &f.ana,
        &words,
        "contestar",
        json!({"comentario": "Pago yo la mitad más", "repartoPropuesto":
               {"modo": "porcentajes", "participantes": both, "pesos": {&f.ana_id: 75, &f.beto_id: 25}}}),
    )
    .await;
    assert_eq!(counter.status, StatusCode::OK, "{}", counter.body);
    let approved = act(&f, &f.beto, &words, "aprobar", json!({})).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    assert_eq!(approved.body["data"]["estado"], "aprobado");
    assert_eq!(
        approved.body["data"]["partes"],
        json!({&f.ana_id: 7_500, &f.beto_id: 2_500})
    );
    assert_eq!(anas_balance(&f).await, 6_500);
    assert!(f.entries("gasto.respondido").await >= 7);

    // Hostile proposals: a float, a stranger in the split, nothing proposed at all.
    let hostile = added(&f, &f.ana, 10_000, &both).await;
    for body in [
        json!({"comentario": "x", "montoPropuesto": 100.0}),
        json!({"comentario": "x", "montoPropuesto": 0}),
        json!({"comentario": "x", "repartoPropuesto": {"modo": "igual", "participantes": [f.vera_id]}}),
        json!({"comentario": "x"}),
        json!({"propuesta": "y", "montoPropuesto": 5}),
    ] {
        let a = act(&f, &f.beto, &hostile, "disputar", body.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            a.body
        );
    }
    let still = f
        .app
        .get(&format!("/api/gastos/{hostile}"), Some(&f.ana))
        .await;
    assert_eq!(still.body["data"]["estado"], "pendiente");
}

#[tokio::test]
async fn a_proposal_may_not_raise_the_share_of_someone_outside_the_dispute() {
    let f = family().await;
    let (_cami, cami_id) = third_coparent(&f).await;
    let all = [f.ana_id.as_str(), f.beto_id.as_str(), cami_id.as_str()];
    let gasto = added(&f, &f.ana, 9_000, &all).await;
    let raise_cami = json!({"modo": "porcentajes", "participantes": all,
                            "pesos": {&f.ana_id: 30, &f.beto_id: 10, &cami_id: 60}});
    let a = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "Que pague Cami", "repartoPropuesto": raise_cami}),
    )
    .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(
        a.body["errors"]["repartoPropuesto"]
            .as_str()
            .map(|m| !m.is_empty()),
        Some(true)
    );
    assert_eq!(a.body["code"], "validation");
    // Lowering his own share is his to propose.
    let fair = json!({"modo": "porcentajes", "participantes": all,
                      "pesos": {&f.ana_id: 40, &f.beto_id: 20, &cami_id: 40}});
    let raises_cami = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "Menos para mí", "repartoPropuesto": fair}),
    )
    .await;
    // 40 % of 9.000 is above Cami's third: refused too.
    assert_eq!(
        raises_cami.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        raises_cami.body
    );
    let ok = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "Menos para mí", "montoPropuesto": 6_000}),
    )
    .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
}

fn at(y: i32, m: u32, d: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, 12, 0, 0)
        .single()
        .expect("instant")
}

fn cuota_path(f: &Family, id: &str) -> String {
    format!("/api/familias/{}/cuotas/{id}", f.family)
}

async fn ajuste(f: &Family, token: &str, id: &str, body: Value) -> Answer {
    f.app
        .post(&format!("{}/ajustes", cuota_path(f, id)), Some(token), body)
        .await
}

async fn put_cuota(f: &Family, token: &str, id: &str, body: Value) -> Answer {
    f.app
        .request(
            Method::PUT,
            &cuota_path(f, id),
            Some(token),
            Some(body),
            None,
        )
        .await
}

async fn answer_cuota(
    f: &Family,
    token: &str,
    id: &str,
    propuesta: &str,
    decision: &str,
) -> Answer {
    f.app
        .post(
            &format!("{}/propuestas/{propuesta}/respuesta", cuota_path(f, id)),
            Some(token),
            json!({"decision": decision}),
        )
        .await
}

fn amounts_of(detail: &Value) -> Vec<(String, i64)> {
    detail["vencimientos"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            (
                d["periodo"].as_str().unwrap_or_default().to_owned(),
                d["monto"].as_i64().unwrap_or(-1),
            )
        })
        .collect()
}

async fn run_job(f: &Family, now: DateTime<Utc>) {
    dues::run(&f.app.state, now).await.expect("the job runs");
}

fn proposal_id(a: &Answer) -> String {
    a.body["data"]["propuesta"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn a_payers_cut_pause_or_end_waits_for_the_payee() {
    let f = family().await;
    let created = f
        .app
        .post(
            &format!("/api/familias/{}/cuotas", f.family),
            Some(&f.ana),
            json!({"pagador": f.ana_id, "beneficiario": f.beto_id, "moneda": "ARS",
                   "modo": "monto", "monto": 100_000, "diaVencimiento": 10, "desde": "2030-01-01"}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();

    // Ana, who pays, cuts it by 99.99 %: a proposal to Beto, and dues go on as before.
    let cut = ajuste(
        &f,
        &f.ana,
        &id,
        json!({"desde": "2030-03-01", "porcentaje": -99.99}),
    )
    .await;
    assert_eq!(cut.status, StatusCode::ACCEPTED, "{}", cut.body);
    assert_eq!(cut.body["data"]["monto"], 100_000);
    assert_eq!(
        cut.body["data"]["ajustes"].as_array().map(Vec::len),
        Some(1)
    );
    let proposal = &cut.body["data"]["propuesta"];
    assert_eq!(proposal["tipo"], "ajuste");
    assert_eq!(proposal["responde"], f.beto_id.as_str());
    assert_eq!(proposal["ajuste"]["monto"], 10);
    assert_eq!(f.entries("cuota.propuesta").await, 1);
    assert!(
        f.notices(&f.beto_id, "cuota.aviso")
            .await
            .iter()
            .any(|n| n.datos.contains("propone")),
        "Beto is asked"
    );
    let second = ajuste(
        &f,
        &f.ana,
        &id,
        json!({"desde": "2030-03-01", "porcentaje": -50}),
    )
    .await;
    assert_eq!(second.status, StatusCode::CONFLICT, "{}", second.body);
    assert_eq!(second.body["code"], "support_proposal_pending");
    run_job(&f, at(2030, 4, 1)).await;
    let cut_id = proposal_id(&cut);

    // Only Beto answers it; Ana may withdraw, not accept.
    for (token, decision, status) in [
        (&f.ana, "aceptar", StatusCode::FORBIDDEN),
        (&f.beto, "retirar", StatusCode::FORBIDDEN),
        (&f.vera, "aceptar", StatusCode::NOT_FOUND),
        (&f.carla, "aceptar", StatusCode::NOT_FOUND),
        (&f.beto, "sí", StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let a = answer_cuota(&f, token, &id, &cut_id, decision).await;
        assert_eq!(a.status, status, "{decision}: {}", a.body);
    }
    let accepted = answer_cuota(&f, &f.beto, &id, &cut_id, "aceptar").await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(accepted.body["data"]["propuesta"], Value::Null);
    let history = accepted.body["data"]["ajustes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(history.len(), 2);
    assert_eq!(history[1]["monto"], 10);
    assert_eq!(history[1]["creadoPor"], f.ana_id.as_str());
    run_job(&f, at(2030, 6, 1)).await;
    let detail = f.app.get(&cuota_path(&f, &id), Some(&f.ana)).await;
    // Made before the payee accepted, March and April keep the amount then in force.
    assert_eq!(
        amounts_of(&detail.body["data"]),
        [
            ("2030-01".to_owned(), 100_000),
            ("2030-02".to_owned(), 100_000),
            ("2030-03".to_owned(), 100_000),
            ("2030-04".to_owned(), 100_000),
            ("2030-05".to_owned(), 10),
            ("2030-06".to_owned(), 10),
        ]
    );

    // A pause by the payer waits too; declined, the agreement goes on.
    let pause = put_cuota(
        &f,
        &f.ana,
        &id,
        json!({"activa": false, "notas": "Sin trabajo"}),
    )
    .await;
    assert_eq!(pause.status, StatusCode::ACCEPTED, "{}", pause.body);
    assert_eq!(pause.body["data"]["activa"], true);
    assert_eq!(
        pause.body["data"]["notas"], "Sin trabajo",
        "notes apply at once"
    );
    assert_eq!(pause.body["data"]["propuesta"]["cambio"]["activa"], false);
    run_job(&f, at(2030, 7, 1)).await;
    let declined = answer_cuota(&f, &f.beto, &id, &proposal_id(&pause), "rechazar").await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    assert_eq!(declined.body["data"]["activa"], true);
    assert_eq!(amounts_of(&declined.body["data"]).len(), 7);

    // An end the payer sets waits; its proposer may withdraw it, and then it is closed.
    let end = put_cuota(&f, &f.ana, &id, json!({"hasta": "2030-12-31"})).await;
    assert_eq!(end.status, StatusCode::ACCEPTED, "{}", end.body);
    assert_eq!(end.body["data"]["hasta"], Value::Null);
    let end_id = proposal_id(&end);
    let withdrawn = answer_cuota(&f, &f.ana, &id, &end_id, "retirar").await;
    assert_eq!(withdrawn.status, StatusCode::OK, "{}", withdrawn.body);
    let late = answer_cuota(&f, &f.beto, &id, &end_id, "aceptar").await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    assert_eq!(f.entries("cuota.propuesta.respondida").await, 3);

    // Raising it, or anything the payee does, applies at once.
    let raise = ajuste(
        &f,
        &f.ana,
        &id,
        json!({"desde": "2030-08-01", "porcentaje": 10}),
    )
    .await;
    assert_eq!(raise.status, StatusCode::CREATED, "{}", raise.body);
    assert_eq!(raise.body["data"]["ajustes"][2]["monto"], 11);
    let payee_cut = ajuste(
        &f,
        &f.beto,
        &id,
        json!({"desde": "2030-09-01", "porcentaje": -50}),
    )
    .await;
    assert_eq!(payee_cut.status, StatusCode::CREATED, "{}", payee_cut.body);
    let payee_pause = put_cuota(&f, &f.beto, &id, json!({"activa": false})).await;
    assert_eq!(payee_pause.status, StatusCode::OK, "{}", payee_pause.body);
    assert_eq!(payee_pause.body["data"]["activa"], false);
    let resume = put_cuota(&f, &f.ana, &id, json!({"activa": true})).await;
    assert_eq!(resume.status, StatusCode::OK, "{}", resume.body);
    assert_eq!(resume.body["data"]["activa"], true);

    // A cut proposed on an amount that changed meanwhile can no longer be accepted as it was.
    let stale = ajuste(
        &f,
        &f.ana,
        &id,
        json!({"desde": "2030-10-01", "porcentaje": -10}),
    )
    .await;
    assert_eq!(stale.status, StatusCode::ACCEPTED, "{}", stale.body);
    let moved = ajuste(
        &f,
        &f.beto,
        &id,
        json!({"desde": "2030-10-01", "porcentaje": 20}),
    )
    .await;
    assert_eq!(moved.status, StatusCode::CREATED, "{}", moved.body);
    let refused = answer_cuota(&f, &f.beto, &id, &proposal_id(&stale), "aceptar").await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert_eq!(refused.body["code"], "support_proposal_stale");

    // A third co-parent may change the notes, not what flows.
    let (cami, _) = third_coparent(&f).await;
    let third = put_cuota(&f, &cami, &id, json!({"activa": false})).await;
    assert_eq!(third.status, StatusCode::FORBIDDEN, "{}", third.body);
    assert_eq!(third.body["code"], "support_change_not_party");
    let notes = put_cuota(&f, &cami, &id, json!({"notas": "Revisar en marzo"})).await;
    assert_eq!(notes.status, StatusCode::OK, "{}", notes.body);
    let third_cut = ajuste(
        &f,
        &cami,
        &id,
        json!({"desde": "2030-11-01", "porcentaje": -5}),
    )
    .await;
    assert_eq!(
        third_cut.status,
        StatusCode::FORBIDDEN,
        "{}",
        third_cut.body
    );
}

#[tokio::test]
async fn a_receipt_that_is_a_page_dressed_as_a_pdf_is_refused() {
    let f = family().await;
    let gasto = added(&f, &f.ana, 10_000, &[&f.ana_id, &f.beto_id]).await;
    let deep = [
        b"%PDF-1.4\n".to_vec(),
        vec![b' '; 4_000],
        b"<SCRIPT>fetch('/api/usuarios/perfil')</script>\n%%EOF\n".to_vec(),
    ]
    .concat();
    for bytes in [
        b"%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n".to_vec(),
        deep,
    ] {
        let form = reqwest::multipart::Form::new().part(
            "recibo",
            reqwest::multipart::Part::bytes(bytes)
                .file_name("recibo.pdf")
                .mime_str("application/pdf")
                .expect("mime"),
        );
        let res = f
            .app
            .client
            .post(format!("{}/api/gastos/{gasto}/recibo", f.app.base))
            .bearer_auth(&f.ana)
            .header("Accept-Language", "en")
            .multipart(form)
            .send()
            .await
            .expect("upload");
        let a = crate::helpers::answer(res).await;
        assert_eq!(a.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", a.body);
        assert_eq!(a.body["code"], "money_file_unsafe");
        assert!(
            a.body["msg"].as_str().is_some_and(|m| m.contains("PDF")),
            "{}",
            a.body
        );
    }
    let kept = f
        .app
        .get(&format!("/api/gastos/{gasto}"), Some(&f.ana))
        .await;
    assert_eq!(kept.body["data"]["recibo"], Value::Null);
    // A payment's proof is judged the same way.
    let pago = f
        .app
        .post(
            "/api/pagos",
            Some(&f.ana),
            json!({"familiaId": f.family, "de": f.ana_id, "para": f.beto_id, "monto": 500,
                   "fecha": "2026-03-05"}),
        )
        .await;
    assert_eq!(pago.status, StatusCode::CREATED, "{}", pago.body);
    let form = reqwest::multipart::Form::new().part(
        "comprobante",
        reqwest::multipart::Part::bytes(b"%PDF-1.7\n<svg onload=alert(1)>\n%%EOF".to_vec())
            .file_name("pago.pdf")
            .mime_str("application/pdf")
            .expect("mime"),
    );
    let res = f
        .app
        .client
        .post(format!(
            "{}/api/pagos/{}/comprobante",
            f.app.base,
            pago.body["data"]["id"].as_str().unwrap_or_default()
        ))
        .bearer_auth(&f.ana)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let a = crate::helpers::answer(res).await;
    assert_eq!(a.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", a.body);
    assert_eq!(a.body["code"], "money_file_unsafe");
}

#[tokio::test]
async fn only_the_familys_coparents_reach_the_new_routes() {
    let f = family().await;
    let (cami, cami_id) = third_coparent(&f).await;
    let both = [f.ana_id.as_str(), f.beto_id.as_str()];
    let gasto = added(&f, &f.ana, 10_000, &both).await;
    let disputed = act(
        &f,
        &f.beto,
        &gasto,
        "disputar",
        json!({"comentario": "x", "montoPropuesto": 1}),
    )
    .await;
    assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.body);
    let put = put_settings(&f, &f.ana, json!({"aprobacionAutomatica": {"ARS": 500}})).await;
    assert_eq!(put.status, StatusCode::ACCEPTED, "{}", put.body);
    let settings_id = put.body["propuesta"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let cuota = f
        .app
        .post(
            &format!("/api/familias/{}/cuotas", f.family),
            Some(&f.ana),
            json!({"pagador": f.ana_id, "beneficiario": f.beto_id, "moneda": "ARS",
                   "modo": "monto", "monto": 1_000, "diaVencimiento": 10, "desde": "2030-01-01"}),
        )
        .await;
    let cuota_id = cuota.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let paused = put_cuota(&f, &f.ana, &cuota_id, json!({"activa": false})).await;
    let cuota_proposal = proposal_id(&paused);
    f.app.remove_member(&f.ana, &f.family, &cami_id).await;
    let other_family = f.app.own_family(&f.carla).await;

    let routes: Vec<(Method, String, Value)> = vec![
        (
            Method::GET,
            format!("{}/propuestas", finanzas(&f)),
            Value::Null,
        ),
        (
            Method::POST,
            format!("{}/propuestas", finanzas(&f)),
            json!({"aprobacionAutomatica": {"ARS": 9}}),
        ),
        (
            Method::POST,
            format!("{}/propuestas/{settings_id}/respuesta", finanzas(&f)),
            json!({"decision": "aceptar"}),
        ),
        (
            Method::POST,
            format!("/api/gastos/{gasto}/contestar"),
            json!({"comentario": "x"}),
        ),
        (
            Method::POST,
            format!("/api/gastos/{gasto}/aceptar-propuesta"),
            json!({}),
        ),
        (
            Method::POST,
            format!(
                "{}/propuestas/{cuota_proposal}/respuesta",
                cuota_path(&f, &cuota_id)
            ),
            json!({"decision": "aceptar"}),
        ),
    ];
    for (method, path, body) in &routes {
        let send = |token: Option<String>| {
            let body = (!body.is_null()).then(|| body.clone());
            let (method, path) = (method.clone(), path.clone());
            let app = &f.app;
            async move {
                app.request(method, &path, token.as_deref(), body, None)
                    .await
            }
        };
        for (who, token, status) in [
            ("viewer", Some(f.vera.clone()), StatusCode::NOT_FOUND),
            ("removed member", Some(cami.clone()), StatusCode::NOT_FOUND),
            ("other family", Some(f.carla.clone()), StatusCode::NOT_FOUND),
            ("no session", None, StatusCode::UNAUTHORIZED),
        ] {
            let a = send(token).await;
            assert_eq!(a.status, status, "{who} {method} {path}: {}", a.body);
        }
    }
    // Under another family's path, the ids are not found either.
    let a = f
        .app
        .post(
            &format!("/api/familias/{other_family}/finanzas/propuestas/{settings_id}/respuesta"),
            Some(&f.carla),
            json!({"decision": "aceptar"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    // The other co-parent answers what is his, the first one what is hers.
    let reply = act(&f, &f.beto, &gasto, "contestar", json!({"comentario": "x"})).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
    assert_eq!(reply.body["code"], "money_dispute_not_yours");
    let take = act(&f, &f.ana, &gasto, "aceptar-propuesta", json!({})).await;
    assert_eq!(take.status, StatusCode::OK, "{}", take.body);
    let settle = answer_settings(&f, &f.beto, &settings_id, "aceptar").await;
    assert_eq!(settle.status, StatusCode::OK, "{}", settle.body);
    assert_eq!(
        settle.body["propuesta"]["estado"], "aceptada",
        "Cami, removed, is not waited for"
    );
    let resumed = answer_cuota(&f, &f.beto, &cuota_id, &cuota_proposal, "aceptar").await;
    assert_eq!(resumed.status, StatusCode::OK, "{}", resumed.body);
    assert_eq!(resumed.body["data"]["activa"], false);
}
