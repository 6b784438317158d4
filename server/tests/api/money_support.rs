//! Child support: dues made month by month by the job (called with chosen clocks), payments
//! settling the oldest dues first and partly, payments by the payer counting once confirmed,
//! adjustments by percentage and by index from a date, the percentage-of-income mode, overdue
//! notices told once to both parents, paused and ended agreements, isolation, hostile input.

use chrono::{DateTime, TimeZone, Utc};
use nido::money::support::dues;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::custody::{Family, family};
use crate::helpers::Answer;

fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
        .single()
        .expect("instant")
}

impl Family {
    fn cuotas(&self) -> String {
        format!("/api/familias/{}/cuotas", self.family)
    }

    async fn create_cuota(&self, token: &str, body: Value) -> Answer {
        self.app.post(&self.cuotas(), Some(token), body).await
    }

    /// Ana pays Beto `monto` a month, due on `dia`, from `desde`.
    pub(crate) async fn cuota(&self, monto: i64, dia: u32, desde: &str) -> String {
        let a = self
            .create_cuota(
                &self.ana,
                json!({"pagador": self.ana_id, "beneficiario": self.beto_id, "moneda": "ARS",
                       "modo": "monto", "monto": monto, "diaVencimiento": dia, "desde": desde}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["id"].as_str().unwrap_or_default().to_owned()
    }

    async fn cuota_detail(&self, token: &str, id: &str) -> Value {
        let a = self
            .app
            .get(&format!("{}/{id}", self.cuotas()), Some(token))
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"].clone()
    }

    async fn pay(&self, token: &str, id: &str, monto: Value) -> Answer {
        self.app
            .post(
                &format!("{}/{id}/pagos", self.cuotas()),
                Some(token),
                json!({"monto": monto, "fecha": "2030-03-05", "metodo": "transferencia"}),
            )
            .await
    }

    async fn answer_payment(&self, token: &str, id: &str, pago: &str, how: &str) -> Answer {
        self.app
            .post(
                &format!("{}/{id}/pagos/{pago}/{how}", self.cuotas()),
                Some(token),
                json!({}),
            )
            .await
    }

    async fn adjust(&self, id: &str, body: Value) -> Answer {
        self.app
            .post(
                &format!("{}/{id}/ajustes", self.cuotas()),
                Some(&self.beto),
                body,
            )
            .await
    }

    async fn put_cuota(&self, id: &str, body: Value) -> Answer {
        self.app
            .request(
                Method::PUT,
                &format!("{}/{id}", self.cuotas()),
                Some(&self.beto),
                Some(body),
                None,
            )
            .await
    }

    async fn run_job(&self, now: DateTime<Utc>) -> dues::Ran {
        dues::run(&self.app.state, now).await.expect("the job runs")
    }
}

/// (periodo, monto, pagado) of each due, oldest first.
fn dues_of(detail: &Value) -> Vec<(String, i64, i64)> {
    detail["vencimientos"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|d| {
                    (
                        d["periodo"].as_str().unwrap_or_default().to_owned(),
                        d["monto"].as_i64().unwrap_or(-1),
                        d["pagado"].as_i64().unwrap_or(-1),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn due(periodo: &str, monto: i64, pagado: i64) -> (String, i64, i64) {
    (periodo.to_owned(), monto, pagado)
}

#[tokio::test]
async fn dues_are_made_month_by_month_and_payments_settle_the_oldest_first() {
    let f = family().await;
    let id = f.cuota(100_000, 10, "2030-01-01").await;
    let made = f.cuota_detail(&f.beto, &id).await;
    assert!(dues_of(&made).is_empty());
    assert_eq!(
        made["proximoVencimiento"],
        json!({"periodo": "2030-01", "vence": "2030-01-10", "monto": 100_000, "pagado": 0})
    );
    assert_eq!(f.entries("cuota.creada").await, 1);

    // Nothing before the month begins; one due once it has; no second one on a second run.
    assert_eq!(f.run_job(at(2029, 12, 31, 12)).await.made, 0);
    assert_eq!(f.run_job(at(2030, 1, 5, 12)).await.made, 1);
    assert_eq!(f.run_job(at(2030, 1, 6, 12)).await.made, 0);
    assert_eq!(f.run_job(at(2030, 3, 2, 12)).await.made, 2);
    assert_eq!(f.entries("cuota.vencimiento").await, 3);
    let detail = f.cuota_detail(&f.ana, &id).await;
    assert_eq!(
        dues_of(&detail),
        [
            due("2030-01", 100_000, 0),
            due("2030-02", 100_000, 0),
            due("2030-03", 100_000, 0)
        ]
    );
    assert_eq!(detail["vencimientos"][1]["vence"], "2030-02-10");

    // The payee's payment counts at once: January whole, February in part.
    let paid = f.pay(&f.beto, &id, json!(150_000)).await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
    assert_eq!(paid.body["data"]["estado"], "confirmado");
    let detail = f.cuota_detail(&f.ana, &id).await;
    assert_eq!(
        dues_of(&detail),
        [
            due("2030-01", 100_000, 100_000),
            due("2030-02", 100_000, 50_000),
            due("2030-03", 100_000, 0)
        ]
    );
    assert_eq!(detail["vencimientos"][0]["estado"], "pagado");
    assert_eq!(detail["vencimientos"][1]["estado"], "parcial");
    assert_eq!(detail["vencimientos"][2]["estado"], "pendiente");

    // The payer's payment waits for the payee.
    let pending = f.pay(&f.ana, &id, json!(80_000)).await;
    assert_eq!(pending.status, StatusCode::CREATED, "{}", pending.body);
    assert_eq!(pending.body["data"]["estado"], "pendiente");
    let pago = pending.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(
        dues_of(&f.cuota_detail(&f.ana, &id).await)[1],
        due("2030-02", 100_000, 50_000)
    );
    let notices = f.notices(&f.beto_id, "cuota.aviso").await;
    assert!(
        notices
            .iter()
            .any(|n| n.datos.contains("confirma si lo recibiste")),
        "{notices:?}"
    );
    let by_payer = f.answer_payment(&f.ana, &id, &pago, "confirmar").await;
    assert_eq!(by_payer.status, StatusCode::FORBIDDEN, "{}", by_payer.body);
    let confirmed = f.answer_payment(&f.beto, &id, &pago, "confirmar").await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.body);
    assert_eq!(confirmed.body["data"]["estado"], "confirmado");
    let again = f.answer_payment(&f.beto, &id, &pago, "confirmar").await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(
        dues_of(&f.cuota_detail(&f.ana, &id).await),
        [
            due("2030-01", 100_000, 100_000),
            due("2030-02", 100_000, 100_000),
            due("2030-03", 100_000, 30_000)
        ]
    );

    // A payment that never arrived counts for nothing.
    let lost = f.pay(&f.ana, &id, json!(1_000)).await;
    let lost_id = lost.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let refused = f
        .answer_payment(&f.beto, &id, &lost_id, "no-recibido")
        .await;
    assert_eq!(refused.status, StatusCode::OK, "{}", refused.body);
    assert_eq!(refused.body["data"]["estado"], "no_recibido");
    assert_eq!(
        dues_of(&f.cuota_detail(&f.ana, &id).await)[2],
        due("2030-03", 100_000, 30_000)
    );

    // Paying beyond every due made keeps the rest for the next one.
    f.pay(&f.beto, &id, json!(100_000)).await;
    let detail = f.cuota_detail(&f.ana, &id).await;
    assert_eq!(detail["credito"], 30_000);
    assert_eq!(f.run_job(at(2030, 4, 1, 12)).await.made, 1);
    let detail = f.cuota_detail(&f.ana, &id).await;
    assert_eq!(dues_of(&detail)[3], due("2030-04", 100_000, 30_000));
    assert_eq!(detail["credito"], 0);
    assert_eq!(detail["pagos"].as_array().map(Vec::len), Some(4));
    assert_eq!(f.entries("cuota.pago").await, 4);
    assert_eq!(f.entries("cuota.pago.confirmado").await, 1);
    assert_eq!(f.entries("cuota.pago.no_recibido").await, 1);

    let export = f.app.export_file(&f.ana, "dinero/cuotas.json").await;
    assert!(export.contains("2030-04"), "{export}");
}

#[tokio::test]
async fn adjustments_change_the_amount_from_their_date_and_keep_the_history() {
    let f = family().await;
    let id = f.cuota(100_000, 5, "2030-01-01").await;
    assert_eq!(f.run_job(at(2030, 2, 1, 12)).await.made, 2);

    let raised = f
        .adjust(&id, json!({"desde": "2030-03-01", "porcentaje": 12.5}))
        .await;
    assert_eq!(raised.status, StatusCode::CREATED, "{}", raised.body);
    let history = &raised.body["data"]["ajustes"];
    assert_eq!(history.as_array().map(Vec::len), Some(2));
    assert_eq!(history[0]["tipo"], "inicial");
    assert_eq!(history[1]["tipo"], "porcentaje");
    assert_eq!(history[1]["montoAnterior"], 100_000);
    assert_eq!(history[1]["monto"], 112_500);
    assert_eq!(history[1]["porcentaje"], 12.5);

    let earlier = f
        .adjust(&id, json!({"desde": "2030-02-15", "porcentaje": 5}))
        .await;
    assert_eq!(
        earlier.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        earlier.body
    );
    assert!(
        earlier.body["errors"]["desde"].is_string(),
        "{}",
        earlier.body
    );

    // 112500 × 1234.56 / 1000 = 138888.0; 138888 × 101.3 / 100 = 140693.544 → 140694.
    let indexed = f
        .adjust(
            &id,
            json!({"desde": "2030-05-01", "indiceAnterior": 1000, "indiceNuevo": 1234.56}),
        )
        .await;
    assert_eq!(indexed.status, StatusCode::CREATED, "{}", indexed.body);
    let step = &indexed.body["data"]["ajustes"][2];
    assert_eq!(step["monto"], 138_888);
    assert_eq!(step["indiceAnterior"], "1000");
    assert_eq!(step["indiceNuevo"], "1234.56");
    let rounded = f
        .adjust(
            &id,
            json!({"desde": "2030-06-01", "indiceAnterior": 100, "indiceNuevo": 101.3}),
        )
        .await;
    assert_eq!(rounded.body["data"]["ajustes"][3]["monto"], 140_694);

    // Made dues keep their amount; each later month takes the amount in force on its date.
    f.run_job(at(2030, 6, 2, 12)).await;
    assert_eq!(
        dues_of(&f.cuota_detail(&f.ana, &id).await),
        [
            due("2030-01", 100_000, 0),
            due("2030-02", 100_000, 0),
            due("2030-03", 112_500, 0),
            due("2030-04", 112_500, 0),
            due("2030-05", 138_888, 0),
            due("2030-06", 140_694, 0)
        ]
    );
    assert_eq!(f.entries("cuota.ajustada").await, 3);
    let told = f.notices(&f.ana_id, "cuota.aviso").await;
    assert!(
        told.iter().any(|n| n.datos.contains("ARS 1388.88")),
        "{told:?}"
    );

    for (body, field) in [
        (json!({"desde": "2030-07-01"}), "porcentaje"),
        (
            json!({"desde": "2030-07-01", "porcentaje": 5, "indiceAnterior": 1, "indiceNuevo": 2}),
            "porcentaje",
        ),
        (
            json!({"desde": "2030-07-01", "ingresoDeclarado": 100}),
            "porcentaje",
        ),
        (
            json!({"desde": "2030-07-01", "porcentaje": 5.555}),
            "porcentaje",
        ),
        (
            json!({"desde": "2030-07-01", "porcentaje": -100}),
            "porcentaje",
        ),
        (
            json!({"desde": "2030-07-01", "indiceAnterior": 0, "indiceNuevo": 2}),
            "indiceAnterior",
        ),
        (
            json!({"desde": "2030-07-01", "indiceAnterior": 1, "indiceNuevo": -2}),
            "indiceNuevo",
        ),
        (
            json!({"desde": "2030-07-01", "indiceAnterior": 1, "indiceNuevo": 1e15}),
            "indiceNuevo",
        ),
        (json!({"desde": "julio", "porcentaje": 5}), "desde"),
    ] {
        let a = f.adjust(&id, body.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body} {}",
            a.body
        );
        assert!(a.body["errors"][field].is_string(), "{body} {}", a.body);
    }
}

#[tokio::test]
async fn a_percentage_of_income_follows_the_stated_income() {
    let f = family().await;
    let base = json!({"pagador": f.beto_id, "beneficiario": f.ana_id, "moneda": "ARS",
                      "modo": "porcentaje", "porcentaje": 20.5, "diaVencimiento": 1,
                      "desde": "2030-01-01"});
    let missing = f.create_cuota(&f.ana, base.clone()).await;
    assert_eq!(
        missing.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        missing.body
    );
    assert!(missing.body["errors"]["ingresoDeclarado"].is_string());

    let mut body = base.clone();
    body["ingresoDeclarado"] = json!(150_000_000);
    let made = f.create_cuota(&f.ana, body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let cuota = &made.body["data"];
    assert_eq!(cuota["monto"], 30_750_000);
    assert_eq!(cuota["porcentaje"], 20.5);
    assert_eq!(cuota["ingresoDeclarado"], 150_000_000);
    let id = cuota["id"].as_str().unwrap_or_default().to_owned();

    let income = f
        .adjust(
            &id,
            json!({"desde": "2030-02-01", "ingresoDeclarado": 200_000_000}),
        )
        .await;
    assert_eq!(income.status, StatusCode::CREATED, "{}", income.body);
    assert_eq!(income.body["data"]["ajustes"][1]["monto"], 41_000_000);
    // An index moves the income (200 000 000 × 110 / 100), and the amount follows.
    let indexed = f
        .adjust(
            &id,
            json!({"desde": "2030-03-01", "indiceAnterior": 100, "indiceNuevo": 110}),
        )
        .await;
    let step = &indexed.body["data"]["ajustes"][2];
    assert_eq!(step["ingresoDeclarado"], 220_000_000);
    assert_eq!(step["monto"], 45_100_000);
    f.run_job(at(2030, 3, 1, 12)).await;
    assert_eq!(
        dues_of(&f.cuota_detail(&f.beto, &id).await),
        [
            due("2030-01", 30_750_000, 0),
            due("2030-02", 41_000_000, 0),
            due("2030-03", 45_100_000, 0)
        ]
    );
}

#[tokio::test]
async fn an_overdue_due_tells_both_parents_once() {
    let f = family().await;
    let id = f.cuota(100_000, 10, "2030-01-01").await;
    f.run_job(at(2030, 1, 5, 12)).await;
    // On its date it is not overdue yet (Buenos Aires is UTC-3: 02:00 UTC is still the 10th).
    assert_eq!(f.run_job(at(2030, 1, 11, 2)).await.overdue, 0);
    assert_eq!(f.run_job(at(2030, 1, 11, 15)).await.overdue, 1);
    assert_eq!(f.run_job(at(2030, 1, 12, 15)).await.overdue, 0);
    for parent in [&f.ana_id, &f.beto_id] {
        let told = f.notices(parent, "cuota.vencida").await;
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].datos.contains("ARS 1000.00"), "{told:?}");
    }
    assert!(f.notices(&f.vera_id, "cuota.vencida").await.is_empty());
    assert_eq!(f.entries("cuota.vencida").await, 1);

    // A due paid in time is never overdue (January's debt is paid first); a partly paid one is.
    f.run_job(at(2030, 2, 1, 12)).await;
    f.pay(&f.beto, &id, json!(200_000)).await;
    assert_eq!(f.run_job(at(2030, 2, 11, 15)).await.overdue, 0);
    f.run_job(at(2030, 3, 1, 12)).await;
    f.pay(&f.beto, &id, json!(40_000)).await;
    assert_eq!(f.run_job(at(2030, 3, 11, 15)).await.overdue, 1);
    assert_eq!(f.notices(&f.ana_id, "cuota.vencida").await.len(), 2);
}

#[tokio::test]
async fn paused_and_ended_agreements_make_no_dues() {
    let f = family().await;
    let ended = f
        .create_cuota(
            &f.ana,
            json!({"pagador": f.ana_id, "beneficiario": f.beto_id, "moneda": "ARS",
                   "modo": "monto", "monto": 5000, "diaVencimiento": 10,
                   "desde": "2030-01-01", "hasta": "2030-02-28"}),
        )
        .await;
    assert_eq!(ended.status, StatusCode::CREATED, "{}", ended.body);
    let ended = ended.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let paused = f.cuota(7000, 10, "2030-01-01").await;
    let put = f
        .put_cuota(&paused, json!({"activa": false, "notas": "En pausa"}))
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    assert_eq!(put.body["data"]["activa"], false);
    assert_eq!(put.body["data"]["proximoVencimiento"], Value::Null);
    assert_eq!(put.body["data"]["notas"], "En pausa");
    assert_eq!(f.entries("cuota.modificada").await, 1);

    assert_eq!(f.run_job(at(2030, 6, 1, 12)).await.made, 2);
    assert_eq!(dues_of(&f.cuota_detail(&f.ana, &ended).await).len(), 2);
    assert!(dues_of(&f.cuota_detail(&f.ana, &paused).await).is_empty());

    let resumed = f
        .put_cuota(&paused, json!({"activa": true, "hasta": "2030-03-31"}))
        .await;
    assert_eq!(resumed.status, StatusCode::OK, "{}", resumed.body);
    assert_eq!(resumed.body["data"]["hasta"], "2030-03-31");
    assert_eq!(f.run_job(at(2030, 6, 1, 12)).await.made, 3);
    let cleared = f.put_cuota(&paused, json!({"hasta": null})).await;
    assert_eq!(cleared.body["data"]["hasta"], Value::Null);
    for body in [
        json!({"activa": "no"}),
        json!({"hasta": "2029-12-31"}),
        json!({"hasta": 5}),
    ] {
        let a = f.put_cuota(&paused, body.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body} {}",
            a.body
        );
    }
}

#[tokio::test]
async fn only_the_familys_coparents_see_or_touch_child_support() {
    let f = family().await;
    let id = f.cuota(100_000, 10, "2030-01-01").await;
    let other_family = f.app.own_family(&f.carla).await;
    for token in [&f.vera, &f.carla] {
        for path in [f.cuotas(), format!("{}/{id}", f.cuotas())] {
            let a = f.app.get(&path, Some(token)).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path} {}", a.body);
        }
        let a = f.pay(token, &id, json!(100)).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
        let a = f.create_cuota(token, json!({})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
    // The agreement's id under another family is not found either.
    let a = f
        .app
        .get(
            &format!("/api/familias/{other_family}/cuotas/{id}"),
            Some(&f.carla),
        )
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    let list = f.app.get(&f.cuotas(), Some(&f.beto)).await;
    assert_eq!(
        list.body["data"]["cuotas"].as_array().map(Vec::len),
        Some(1)
    );
}

#[tokio::test]
async fn hostile_input_is_refused_field_by_field() {
    let f = family().await;
    let child = f.app.add_child(&f.ana, &f.family).await;
    let good = json!({"pagador": f.ana_id, "beneficiario": f.beto_id, "moneda": "ARS",
                      "modo": "monto", "monto": 100_000, "diaVencimiento": 10,
                      "desde": "2030-01-01", "hijos": [child]});
    let made = f.create_cuota(&f.ana, good.clone()).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["data"]["hijos"], json!([child]));
    let cases: Vec<(&str, Value, &str)> = vec![
        ("monto", json!(-100), "monto"),
        ("monto", json!(0), "monto"),
        ("monto", json!(100.5), "monto"),
        ("monto", json!(100.0), "monto"),
        ("monto", json!(1_000_000_000_001_i64), "monto"),
        ("monto", json!("100"), "monto"),
        ("moneda", json!("XYZ"), "moneda"),
        ("moneda", json!(""), "moneda"),
        ("moneda", json!(7), "moneda"),
        ("diaVencimiento", json!(0), "diaVencimiento"),
        ("diaVencimiento", json!(29), "diaVencimiento"),
        ("diaVencimiento", json!(10.5), "diaVencimiento"),
        ("beneficiario", f.ana_id.clone().into(), "beneficiario"),
        ("beneficiario", f.vera_id.clone().into(), "beneficiario"),
        ("pagador", json!("nobody"), "pagador"),
        ("modo", json!("otro"), "modo"),
        ("desde", json!("2030-02-30"), "desde"),
        ("hasta", json!("2029-12-31"), "hasta"),
        ("hijos", json!(["not-a-child"]), "hijos"),
        ("hijos", json!("x"), "hijos"),
        ("notas", json!("x".repeat(2001)), "notas"),
    ];
    for (key, value, field) in cases {
        let mut body = good.clone();
        body[key] = value.clone();
        let a = f.create_cuota(&f.ana, body).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{key}={value} {}",
            a.body
        );
        assert!(
            a.body["errors"][field].is_string(),
            "{key}={value} {}",
            a.body
        );
    }
    // In the caller's language: Beto reads English, Ana Spanish.
    let english = f
        .app
        .request(
            Method::PUT,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(
                json!({"nombre": "Beto", "apellido": "Paz", "email": "beto@example.org",
                        "language": "en"}),
            ),
            None,
        )
        .await;
    assert_eq!(english.status, StatusCode::OK, "{}", english.body);
    let mut body = good.clone();
    body["moneda"] = json!("XYZ");
    let en = f.create_cuota(&f.beto, body.clone()).await;
    assert!(
        en.body["errors"]["moneda"]
            .as_str()
            .is_some_and(|m| m.starts_with("The currency must be")),
        "{}",
        en.body
    );
    let es = f.create_cuota(&f.ana, body).await;
    assert!(
        es.body["errors"]["moneda"]
            .as_str()
            .is_some_and(|m| m.starts_with("La moneda debe ser")),
        "{}",
        es.body
    );

    let id = made.body["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for monto in [json!(0), json!(-1), json!(10.25), json!(1e13), json!(null)] {
        let a = f.pay(&f.beto, &id, monto.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{monto} {}",
            a.body
        );
        assert!(a.body["errors"]["monto"].is_string(), "{}", a.body);
    }
    let a = f
        .app
        .post(
            &format!("{}/{id}/pagos", f.cuotas()),
            Some(&f.beto),
            json!({"monto": 100, "fecha": "ayer"}),
        )
        .await;
    assert!(a.body["errors"]["fecha"].is_string(), "{}", a.body);
}

#[tokio::test]
async fn an_erased_account_leaves_the_agreement_to_the_other_parent() {
    let f = family().await;
    let id = f.cuota(100_000, 10, "2030-01-01").await;
    f.run_job(at(2030, 1, 5, 12)).await;
    f.pay(&f.beto, &id, json!(40_000)).await;
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"password": crate::custody::PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let later = Utc::now() + chrono::Duration::days(91);
    nido::accounts::closing::purge_due(&f.app.state, later)
        .await
        .expect("purge");
    let detail = f.cuota_detail(&f.ana, &id).await;
    assert_eq!(detail["beneficiario"], Value::Null);
    assert_eq!(detail["pagador"], f.ana_id.as_str());
    assert_eq!(detail["pagos"][0]["registradoPor"], Value::Null);
    assert_eq!(dues_of(&detail), [due("2030-01", 100_000, 40_000)]);
    // Nobody is left to tell on the other side; the job still runs.
    f.run_job(at(2030, 1, 11, 15)).await;
    assert_eq!(f.notices(&f.ana_id, "cuota.vencida").await.len(), 1);
}
