//! Money: exact splits through the API (odd cents among three, percentages, incomes, unico),
//! balances that add up to zero across expenses and payments, currencies kept apart, the fewest
//! payments, the approval lifecycle, payments that count once confirmed, isolation from anyone
//! who is not a co-parent, and hostile input.

use std::collections::BTreeMap;

use nido::{
    families::record::entities::entrada, notifications::entities::notificacion,
    platform::live::store,
};
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "cuentas-claras-amistades-largas";

/// Ana, Beto and Cami are co-parents (joining in that order; Cami reads English); Vera is a
/// viewer; Carla has a family of her own.
struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    cami: String,
    cami_id: String,
    vera: String,
    vera_id: String,
    carla: String,
    carla_id: String,
    family: String,
}

async fn register(app: &TestApp, nombre: &str, email: &str) -> (String, String) {
    register_in(app, nombre, email, "es").await
}

async fn register_in(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD, "language": language}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org").await;
    let (cami, cami_id) = register_in(&app, "Cami", "cami@example.org", "en").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org").await;
    let (carla, carla_id) = register(&app, "Carla", "carla@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &cami, "coparent", "tutor")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        cami,
        cami_id,
        vera,
        vera_id,
        carla,
        carla_id,
        family,
    }
}

fn data(a: &Answer) -> &Value {
    &a.body["data"]
}

fn id_of(a: &Answer) -> String {
    data(a)["id"].as_str().unwrap_or_default().to_owned()
}

impl Family {
    async fn expense(&self, token: &str, body: Value) -> Answer {
        let mut body = body;
        let defaults = json!({
            "familiaId": self.family, "descripcion": "Útiles escolares", "fecha": "2026-03-02",
            "categoria": "educacion",
        });
        if let (Some(b), Some(d)) = (body.as_object_mut(), defaults.as_object()) {
            for (k, v) in d {
                b.entry(k.clone()).or_insert(v.clone());
            }
        }
        self.app.post("/api/gastos", Some(token), body).await
    }

    /// Adds an expense that must be created (201) and gives back its id.
    async fn added(&self, token: &str, body: Value) -> String {
        let a = self.expense(token, body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        id_of(&a)
    }

    async fn act(&self, token: &str, id: &str, how: &str, body: Value) -> Answer {
        self.app
            .post(&format!("/api/gastos/{id}/{how}"), Some(token), body)
            .await
    }

    async fn approve(&self, token: &str, id: &str) -> Answer {
        let a = self.act(token, id, "aprobar", json!({})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a
    }

    async fn balance(&self, token: &str) -> Value {
        let a = self
            .app
            .get(
                &format!("/api/familias/{}/balance", self.family),
                Some(token),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        data(&a)["monedas"].clone()
    }

    async fn payment(&self, token: &str, body: Value) -> Answer {
        let mut body = body;
        if let Some(b) = body.as_object_mut() {
            b.entry("familiaId").or_insert(json!(self.family));
            b.entry("fecha").or_insert(json!("2026-03-05"));
        }
        self.app.post("/api/pagos", Some(token), body).await
    }

    fn split(&self, modo: &str, who: &[&str]) -> Value {
        json!({"modo": modo, "participantes": who})
    }
}

fn saldos(balance: &Value, moneda: &str) -> BTreeMap<String, i64> {
    balance[moneda]["saldos"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_i64().unwrap_or(i64::MIN)))
                .collect()
        })
        .unwrap_or_default()
}

fn assert_zero_sum(balance: &Value) {
    for (moneda, b) in balance.as_object().into_iter().flatten() {
        let total: i64 = saldos(balance, moneda).values().sum();
        assert_eq!(total, 0, "{moneda}: {b}");
    }
}

#[tokio::test]
async fn three_coparents_split_odd_cents_and_settle_in_two_payments() {
    let f = family().await;
    let everyone = [f.ana_id.as_str(), f.beto_id.as_str(), f.cami_id.as_str()];
    let a = f
        .expense(
            &f.ana,
            json!({"monto": 1000, "moneda": "ARS", "reparto": f.split("igual", &everyone)}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let g = data(&a);
    // 1000 / 3: the cent left over goes to the first participant who is not the payer.
    assert_eq!(g["partes"][&f.ana_id], 333);
    assert_eq!(g["partes"][&f.beto_id], 334);
    assert_eq!(g["partes"][&f.cami_id], 333);
    assert_eq!(g["estado"], "pendiente");
    assert_eq!(g["pagadoPor"], f.ana_id.as_str());
    assert_eq!(g["faltan"], json!([f.beto_id, f.cami_id]));
    let id = id_of(&a);
    // Pending: nothing counts yet.
    assert_eq!(f.balance(&f.ana).await, json!({}));
    let after_beto = f.approve(&f.beto, &id).await;
    assert_eq!(data(&after_beto)["estado"], "pendiente");
    assert_eq!(data(&after_beto)["faltan"], json!([f.cami_id]));
    let after_cami = f.approve(&f.cami, &id).await;
    assert_eq!(data(&after_cami)["estado"], "aprobado");
    assert_eq!(data(&after_cami)["faltan"], json!([]));
    let balance = f.balance(&f.beto).await;
    assert_zero_sum(&balance);
    assert_eq!(
        saldos(&balance, "ARS"),
        BTreeMap::from([
            (f.ana_id.clone(), 667),
            (f.beto_id.clone(), -334),
            (f.cami_id.clone(), -333)
        ])
    );
    assert_eq!(
        balance["ARS"]["liquidacion"],
        json!([
            {"de": f.beto_id, "para": f.ana_id, "monto": 334},
            {"de": f.cami_id, "para": f.ana_id, "monto": 333},
        ])
    );
    // Each step is in the record, told to the others and published live.
    let recorded = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(&f.family))
        .filter(entrada::Column::Tipo.is_in(["gasto.creado", "gasto.respondido"]))
        .count(&f.app.db)
        .await
        .expect("count entries");
    assert_eq!(recorded, 3);
    let told = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(&f.ana_id))
        .filter(notificacion::Column::Tipo.eq("dinero.gasto"))
        .count(&f.app.db)
        .await
        .expect("count notices");
    assert_eq!(told, 2);
    let asked = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(&f.cami_id))
        .filter(notificacion::Column::Tipo.eq("dinero.gasto"))
        .all(&f.app.db)
        .await
        .expect("notices");
    assert!(
        asked
            .iter()
            .any(|n| n.datos.contains("para que lo apruebes")),
        "{asked:?}"
    );
    // Open pages of the co-parents hear of each change; a viewer's, which money's routes show
    // nothing to, hears nothing of it.
    for (who, expected) in [(&f.cami_id, 3), (&f.vera_id, 0)] {
        let live = store::evento::Entity::find()
            .filter(store::evento::Column::UsuarioId.eq(who))
            .filter(store::evento::Column::Tipo.eq("dinero"))
            .count(&f.app.db)
            .await
            .expect("count events");
        assert_eq!(live, expected, "{who}");
    }
}

#[tokio::test]
async fn percentages_incomes_and_a_single_bearer_split_exactly() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let pct = f
        .expense(
            &f.ana,
            json!({"monto": 1001, "reparto": {"modo": "porcentajes", "participantes": pair,
                   "pesos": {&f.ana_id: 62.5, &f.beto_id: 37.5}}}),
        )
        .await;
    assert_eq!(pct.status, StatusCode::CREATED, "{}", pct.body);
    assert_eq!(data(&pct)["partes"][&f.ana_id], 626);
    assert_eq!(data(&pct)["partes"][&f.beto_id], 375);
    assert_eq!(
        data(&pct)["moneda"],
        "ARS",
        "a new Argentine family's currency"
    );

    // Incomes from the settings when the split leaves them out; each states their own.
    for (token, incomes) in [
        (&f.beto, json!({&f.beto_id: 10_000_000})),
        (
            &f.ana,
            json!({&f.ana_id: 30_000_000, &f.beto_id: 10_000_000}),
        ),
    ] {
        let put = f
            .app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/finanzas", f.family),
                Some(token),
                Some(json!({ "ingresos": incomes })),
                None,
            )
            .await;
        assert_eq!(put.status, StatusCode::OK, "{}", put.body);
        assert_eq!(data(&put)["moneda"], "ARS");
    }
    let inc = f
        .expense(
            &f.beto,
            json!({"monto": 10001, "reparto": f.split("ingresos", &pair)}),
        )
        .await;
    assert_eq!(inc.status, StatusCode::CREATED, "{}", inc.body);
    assert_eq!(data(&inc)["partes"][&f.ana_id], 7501);
    assert_eq!(data(&inc)["partes"][&f.beto_id], 2500);
    assert_eq!(
        data(&inc)["reparto"]["pesos"][&f.ana_id],
        30_000_000,
        "the weights used are kept"
    );
    // Cami has no income saved.
    let missing = f
        .expense(
            &f.ana,
            json!({"monto": 100, "reparto": f.split("ingresos", &[&f.ana_id, &f.cami_id])}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.body["code"], "validation");
    assert!(missing.body["errors"]["reparto.pesos"].is_string());
    // Incomes given in the split win.
    let given = f
        .expense(
            &f.ana,
            json!({"monto": 900, "reparto": {"modo": "ingresos", "participantes": [&f.ana_id, &f.cami_id],
                   "pesos": {&f.ana_id: 1, &f.cami_id: 2}}}),
        )
        .await;
    assert_eq!(given.status, StatusCode::CREATED, "{}", given.body);
    assert_eq!(data(&given)["partes"][&f.cami_id], 600);

    let single = f
        .expense(
            &f.ana,
            json!({"monto": 5000, "pagadoPor": f.ana_id, "reparto": f.split("unico", &[&f.beto_id])}),
        )
        .await;
    assert_eq!(single.status, StatusCode::CREATED, "{}", single.body);
    assert_eq!(data(&single)["partes"], json!({&f.beto_id: 5000}));
    // Beto must approve (he bears it); Cami is not involved.
    assert_eq!(data(&single)["faltan"], json!([f.beto_id]));
    let id = id_of(&single);
    let not_hers = f.act(&f.cami, &id, "aprobar", json!({})).await;
    assert_eq!(not_hers.status, StatusCode::FORBIDDEN, "{}", not_hers.body);
    f.approve(&f.beto, &id).await;
    let balance = f.balance(&f.ana).await;
    assert_eq!(
        saldos(&balance, "ARS"),
        BTreeMap::from([(f.ana_id.clone(), 5000), (f.beto_id.clone(), -5000)])
    );
    assert_eq!(
        balance["ARS"]["liquidacion"],
        json!([{"de": f.beto_id, "para": f.ana_id, "monto": 5000}])
    );
}

#[tokio::test]
async fn expenses_and_confirmed_payments_keep_each_currency_at_zero_and_apart() {
    let f = family().await;
    let everyone = [f.ana_id.as_str(), f.beto_id.as_str(), f.cami_id.as_str()];
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    // An expense each of them only bears themselves counts at once (nobody else must approve).
    let own = f
        .expense(
            &f.cami,
            json!({"monto": 777, "reparto": f.split("unico", &[&f.cami_id])}),
        )
        .await;
    assert_eq!(data(&own)["estado"], "aprobado");
    let ars = f
        .added(
            &f.ana,
            json!({"monto": 100_001, "reparto": f.split("igual", &everyone)}),
        )
        .await;
    f.approve(&f.beto, &ars).await;
    f.approve(&f.cami, &ars).await;
    let usd = f
        .added(
            &f.beto,
            json!({"monto": 2_500, "moneda": "USD", "reparto": f.split("igual", &pair)}),
        )
        .await;
    f.approve(&f.ana, &usd).await;
    let yen = f
        .added(
            &f.cami,
            json!({"monto": 3_001, "moneda": "JPY", "pagadoPor": f.cami_id, "reparto": f.split("igual", &everyone)}),
        )
        .await;
    f.approve(&f.ana, &yen).await;
    f.approve(&f.beto, &yen).await;
    let before = f.balance(&f.ana).await;
    assert_zero_sum(&before);
    assert_eq!(
        saldos(&before, "USD"),
        BTreeMap::from([(f.ana_id.clone(), -1250), (f.beto_id.clone(), 1250)])
    );
    assert_eq!(saldos(&before, "JPY")[&f.cami_id], 3001 - 1000);
    assert_eq!(saldos(&before, "ARS")[&f.cami_id], -33_334);

    // Beto pays Ana 20,000: recorded by him it waits for her.
    let paid = f
        .payment(
            &f.beto,
            json!({"de": f.beto_id, "para": f.ana_id, "monto": 20_000, "moneda": "ARS", "metodo": "transferencia"}),
        )
        .await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
    assert_eq!(data(&paid)["estado"], "pendiente");
    let paid_id = id_of(&paid);
    assert_eq!(
        f.balance(&f.ana).await,
        before,
        "a pending payment does not count"
    );
    let by_payer = f
        .app
        .post(
            &format!("/api/pagos/{paid_id}/confirmar"),
            Some(&f.beto),
            json!({}),
        )
        .await;
    assert_eq!(by_payer.status, StatusCode::FORBIDDEN, "{}", by_payer.body);
    let confirmed = f
        .app
        .post(
            &format!("/api/pagos/{paid_id}/confirmar"),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.body);
    assert_eq!(data(&confirmed)["estado"], "confirmado");
    assert!(data(&confirmed)["respondidoEn"].is_string());
    let again = f
        .app
        .post(
            &format!("/api/pagos/{paid_id}/no-recibido"),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    let after = f.balance(&f.cami).await;
    assert_zero_sum(&after);
    assert_eq!(
        saldos(&after, "ARS")[&f.beto_id],
        saldos(&before, "ARS")[&f.beto_id] + 20_000
    );
    assert_eq!(
        saldos(&after, "ARS")[&f.ana_id],
        saldos(&before, "ARS")[&f.ana_id] - 20_000
    );
    assert_eq!(saldos(&after, "USD"), saldos(&before, "USD"));

    // Recorded by the receiver, it counts at once; one that never arrived never counts.
    let received = f
        .payment(
            &f.ana,
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 1_250, "moneda": "USD"}),
        )
        .await;
    assert_eq!(received.status, StatusCode::CREATED, "{}", received.body);
    assert_eq!(data(&received)["estado"], "pendiente");
    let received = f
        .payment(
            &f.beto,
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 1_250, "moneda": "USD"}),
        )
        .await;
    assert_eq!(data(&received)["estado"], "confirmado");
    let lost = f
        .payment(
            &f.cami,
            json!({"de": f.cami_id, "para": f.ana_id, "monto": 33_333}),
        )
        .await;
    let lost = f
        .app
        .post(
            &format!("/api/pagos/{}/no-recibido", id_of(&lost)),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(lost.status, StatusCode::OK, "{}", lost.body);
    assert_eq!(data(&lost)["estado"], "no_recibido");
    let last = f.balance(&f.beto).await;
    assert_zero_sum(&last);
    assert_eq!(
        saldos(&last, "USD"),
        BTreeMap::from([(f.ana_id.clone(), 0), (f.beto_id.clone(), 0)])
    );
    assert_eq!(last["USD"]["liquidacion"], json!([]));
    assert_eq!(saldos(&last, "ARS")[&f.cami_id], -33_334);

    let listed = f
        .app
        .get(&format!("/api/pagos?familiaId={}", f.family), Some(&f.cami))
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    assert_eq!(data(&listed)["pagos"].as_array().map(Vec::len), Some(4));
    assert_eq!(data(&listed)["siguiente"], Value::Null);
    let one = f
        .app
        .get(&format!("/api/pagos/{paid_id}"), Some(&f.cami))
        .await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.body);
    assert_eq!(data(&one)["metodo"], "transferencia");
    let told = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(&f.beto_id))
        .filter(notificacion::Column::Tipo.eq("dinero.pago"))
        .count(&f.app.db)
        .await
        .expect("count notices");
    assert_eq!(told, 2, "confirmed, and Ana's record of what she sent");
}

#[tokio::test]
async fn a_zero_balance_saves_a_payment_in_the_settlement() {
    let f = family().await;
    // Ana is owed by Beto; Cami took part but is square.
    let first = f
        .added(
            &f.ana,
            json!({"monto": 1_000, "reparto": f.split("unico", &[&f.beto_id])}),
        )
        .await;
    f.approve(&f.beto, &first).await;
    let square = f
        .added(
            &f.cami,
            json!({"monto": 400, "reparto": f.split("igual", &[&f.cami_id, &f.beto_id])}),
        )
        .await;
    f.approve(&f.beto, &square).await;
    let back = f
        .payment(
            &f.beto,
            json!({"de": f.beto_id, "para": f.cami_id, "monto": 200}),
        )
        .await;
    let confirmed = f
        .app
        .post(
            &format!("/api/pagos/{}/confirmar", id_of(&back)),
            Some(&f.cami),
            json!({}),
        )
        .await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.body);
    let balance = f.balance(&f.cami).await;
    assert_eq!(
        saldos(&balance, "ARS"),
        BTreeMap::from([
            (f.ana_id.clone(), 1_000),
            (f.beto_id.clone(), -1_000),
            (f.cami_id.clone(), 0)
        ])
    );
    assert_eq!(
        balance["ARS"]["liquidacion"],
        json!([{"de": f.beto_id, "para": f.ana_id, "monto": 1_000}])
    );
}

#[tokio::test]
async fn the_approval_lifecycle_decides_what_counts() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let body =
        |monto: i64| json!({"monto": monto, "reparto": {"modo": "igual", "participantes": pair}});

    // Refused is final and never counts.
    let refused = f.added(&f.ana, body(1_000)).await;
    let bad_reason = f
        .act(&f.beto, &refused, "rechazar", json!({"motivo": "porque"}))
        .await;
    assert_eq!(bad_reason.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad_reason.body["errors"]["motivo"].is_string());
    let other_bare = f
        .act(&f.beto, &refused, "rechazar", json!({"motivo": "otro"}))
        .await;
    assert_eq!(other_bare.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(other_bare.body["errors"]["comentario"].is_string());
    let no = f
        .act(
            &f.beto,
            &refused,
            "rechazar",
            json!({"motivo": "duplicado", "comentario": "Ya estaba cargado"}),
        )
        .await;
    assert_eq!(no.status, StatusCode::OK, "{}", no.body);
    assert_eq!(data(&no)["estado"], "rechazado");
    assert_eq!(data(&no)["respuestas"][0]["motivo"], "duplicado");
    let late = f.act(&f.beto, &refused, "aprobar", json!({})).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);

    // Edit and withdraw only before anyone answered.
    let edit_path = |id: &str| format!("/api/gastos/{id}");
    let edit = |id: String, token: String, b: Value| {
        let app = &f.app;
        let family = f.family.clone();
        async move {
            let mut b = b;
            if let Some(o) = b.as_object_mut() {
                o.insert("familiaId".into(), json!(family));
                o.insert("descripcion".into(), json!("Zapatillas"));
                o.insert("fecha".into(), json!("2026-03-03"));
                o.insert("categoria".into(), json!("ropa-calzado"));
            }
            app.request(Method::PUT, &edit_path(&id), Some(&token), Some(b), None)
                .await
        }
    };
    let open = f.added(&f.ana, body(999)).await;
    let by_other = edit(open.clone(), f.beto.clone(), body(1_001)).await;
    assert_eq!(by_other.status, StatusCode::FORBIDDEN, "{}", by_other.body);
    let edited = edit(open.clone(), f.ana.clone(), body(1_001)).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.body);
    assert_eq!(data(&edited)["monto"], 1_001);
    assert_eq!(data(&edited)["descripcion"], "Zapatillas");
    assert_eq!(data(&edited)["partes"][&f.beto_id], 501);
    f.approve(&f.beto, &open).await;
    let too_late = edit(open.clone(), f.ana.clone(), body(5)).await;
    assert_eq!(too_late.status, StatusCode::CONFLICT, "{}", too_late.body);
    let withdraw = f
        .app
        .request(Method::DELETE, &edit_path(&open), Some(&f.ana), None, None)
        .await;
    assert_eq!(withdraw.status, StatusCode::CONFLICT, "{}", withdraw.body);
    let counted = f.balance(&f.ana).await;
    assert_eq!(
        saldos(&counted, "ARS"),
        BTreeMap::from([(f.ana_id.clone(), 501), (f.beto_id.clone(), -501)])
    );

    let gone = f.added(&f.ana, body(300)).await;
    let withdrawn = f
        .app
        .request(Method::DELETE, &edit_path(&gone), Some(&f.ana), None, None)
        .await;
    assert_eq!(withdrawn.status, StatusCode::OK, "{}", withdrawn.body);
    assert_eq!(data(&withdrawn)["estado"], "retirado");
    assert_eq!(f.balance(&f.ana).await, counted);

    // A dispute: the disputer may still approve it; the creator may withdraw a disputed one.
    let disputed = f.added(&f.ana, body(2_000)).await;
    let empty = f
        .act(
            &f.beto,
            &disputed,
            "disputar",
            json!({"comentario": "Es mucho"}),
        )
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(empty.body["errors"]["propuesta"].is_string());
    let d = f
        .act(
            &f.beto,
            &disputed,
            "disputar",
            json!({"comentario": "Es mucho", "propuesta": "La mitad de las clases"}),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.body);
    assert_eq!(data(&d)["estado"], "disputado");
    assert_eq!(
        data(&d)["respuestas"][0]["propuesta"],
        "La mitad de las clases"
    );
    let ok = f.approve(&f.beto, &disputed).await;
    assert_eq!(data(&ok)["estado"], "aprobado");
    let withdrawn_dispute = f.added(&f.ana, body(4_000)).await;
    f.act(
        &f.beto,
        &withdrawn_dispute,
        "disputar",
        json!({"comentario": "No", "propuesta": "Nada"}),
    )
    .await;
    let w = f
        .app
        .request(
            Method::DELETE,
            &edit_path(&withdrawn_dispute),
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert_eq!(w.status, StatusCode::OK, "{}", w.body);
    assert_eq!(data(&w)["estado"], "retirado");
    assert_eq!(
        saldos(&f.balance(&f.ana).await, "ARS"),
        BTreeMap::from([(f.ana_id.clone(), 1_501), (f.beto_id.clone(), -1_501)])
    );

    // Under the family's automatic amount (strictly), an expense approves itself.
    let put = f
        .app
        .request(
            Method::PUT,
            &format!("/api/familias/{}/finanzas", f.family),
            Some(&f.ana),
            Some(json!({"aprobacionAutomatica": {"ARS": 5_000}})),
            None,
        )
        .await;
    // Raising it is for every co-parent to agree.
    assert_eq!(put.status, StatusCode::ACCEPTED, "{}", put.body);
    let proposal = put.body["propuesta"]["id"].as_str().unwrap_or_default();
    for token in [&f.beto, &f.cami] {
        let a = f
            .app
            .post(
                &format!(
                    "/api/familias/{}/finanzas/propuestas/{proposal}/respuesta",
                    f.family
                ),
                Some(token),
                json!({"decision": "aceptar"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    let settings = f
        .app
        .get(
            &format!("/api/familias/{}/finanzas", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(
        data(&settings)["aprobacionAutomatica"],
        json!({"ARS": 5_000})
    );
    let small = f.expense(&f.ana, body(4_999)).await;
    assert_eq!(data(&small)["estado"], "aprobado");
    let at_limit = f.expense(&f.ana, body(5_000)).await;
    assert_eq!(data(&at_limit)["estado"], "pendiente");

    // The list filters by state and pages by date.
    let list = f
        .app
        .get(
            &format!("/api/gastos?familiaId={}&estado=retirado", f.family),
            Some(&f.beto),
        )
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert_eq!(data(&list)["gastos"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn the_list_pages_by_date_and_filters_by_child_category_and_dates() {
    let f = family().await;
    let child = f.app.add_child(&f.ana, &f.family).await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    for day in 1..=28 {
        for categoria in ["salud", "otros"] {
            let hijos = if categoria == "salud" {
                json!([child])
            } else {
                json!([])
            };
            f.added(
                &f.ana,
                json!({"monto": 100 + day, "fecha": format!("2026-02-{day:02}"), "categoria": categoria,
                       "hijos": hijos, "reparto": f.split("igual", &pair)}),
            )
            .await;
        }
    }
    let base = format!("/api/gastos?familiaId={}", f.family);
    let first = f.app.get(&base, Some(&f.beto)).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let page = data(&first)["gastos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(page.len(), 50);
    assert_eq!(page[0]["fecha"], "2026-02-28");
    let cursor = data(&first)["siguiente"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(!cursor.is_empty());
    let second = f
        .app
        .get(&format!("{base}&cursor={cursor}"), Some(&f.beto))
        .await;
    let rest = data(&second)["gastos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(rest.len(), 6);
    assert_eq!(data(&second)["siguiente"], Value::Null);
    let mut ids: Vec<&str> = page
        .iter()
        .chain(&rest)
        .filter_map(|g| g["id"].as_str())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 56, "no expense twice, none left out");

    let of_child = f
        .app
        .get(
            &format!("{base}&hijoId={child}&desde=2026-02-10&hasta=2026-02-19"),
            Some(&f.beto),
        )
        .await;
    let found = data(&of_child)["gastos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(found.len(), 10);
    assert!(
        found
            .iter()
            .all(|g| g["hijos"] == json!([child]) && g["categoria"] == "salud")
    );
    let others = f
        .app
        .get(
            &format!("{base}&categoria=otros&hasta=2026-02-03"),
            Some(&f.beto),
        )
        .await;
    assert_eq!(data(&others)["gastos"].as_array().map(Vec::len), Some(3));
    for bad in [
        "cursor=zzz",
        "estado=perdido",
        "categoria=lujo",
        "desde=2026-13-01",
    ] {
        let a = f.app.get(&format!("{base}&{bad}"), Some(&f.beto)).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            a.body
        );
    }
}

#[tokio::test]
async fn nobody_but_the_familys_coparents_sees_or_touches_its_money() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let id = f
        .added(
            &f.ana,
            json!({"monto": 987_654, "reparto": f.split("igual", &pair)}),
        )
        .await;
    let paid = f
        .payment(
            &f.ana,
            json!({"de": f.beto_id, "para": f.ana_id, "monto": 876_543}),
        )
        .await;
    let pago = id_of(&paid);
    let (stranger, _) = register(&f.app, "Dora", "dora@example.org").await;
    let family = &f.family;
    for token in [&f.vera, &f.carla, &stranger] {
        for path in [
            format!("/api/gastos/{id}"),
            format!("/api/gastos?familiaId={family}"),
            format!("/api/familias/{family}/balance"),
            format!("/api/familias/{family}/finanzas"),
            format!("/api/pagos/{pago}"),
            format!("/api/pagos?familiaId={family}"),
        ] {
            let a = f.app.get(&path, Some(token)).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {}", a.body);
            let text = a.body.to_string();
            assert!(
                !text.contains("987654") && !text.contains("876543"),
                "{text}"
            );
        }
        for how in ["aprobar", "rechazar", "disputar"] {
            let a = f
                .act(
                    token,
                    &id,
                    how,
                    json!({"motivo": "otro", "comentario": "x", "propuesta": "y"}),
                )
                .await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{how}: {}", a.body);
        }
        let confirm = f
            .app
            .post(
                &format!("/api/pagos/{pago}/confirmar"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(confirm.status, StatusCode::NOT_FOUND);
        let add = f
            .expense(
                token,
                json!({"monto": 10, "reparto": f.split("igual", &pair)}),
            )
            .await;
        assert_eq!(add.status, StatusCode::NOT_FOUND, "{}", add.body);
        let pay = f
            .payment(
                token,
                json!({"de": f.ana_id, "para": f.beto_id, "monto": 10}),
            )
            .await;
        assert_eq!(pay.status, StatusCode::NOT_FOUND, "{}", pay.body);
        let put = f
            .app
            .request(
                Method::PUT,
                &format!("/api/familias/{family}/finanzas"),
                Some(token),
                Some(json!({"moneda": "USD"})),
                None,
            )
            .await;
        assert_eq!(put.status, StatusCode::NOT_FOUND);
        let del = f
            .app
            .request(
                Method::DELETE,
                &format!("/api/gastos/{id}"),
                Some(token),
                None,
                None,
            )
            .await;
        assert_eq!(del.status, StatusCode::NOT_FOUND);
    }
    let anonymous = f.app.get(&format!("/api/gastos/{id}"), None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // Unchanged for the family.
    let seen = f.app.get(&format!("/api/gastos/{id}"), Some(&f.beto)).await;
    assert_eq!(data(&seen)["estado"], "pendiente");
    assert_eq!(data(&seen)["respuestas"], json!([]));
}

#[tokio::test]
async fn hostile_amounts_currencies_and_people_get_a_clear_422() {
    let f = family().await;
    let carla_family = f.app.own_family(&f.carla).await;
    let carla_child = f.app.add_child(&f.carla, &carla_family).await;
    let pair = json!({"modo": "igual", "participantes": [f.ana_id, f.beto_id]});
    let cases: Vec<(Value, &str)> = vec![
        (json!({"monto": -500}), "monto"),
        (json!({"monto": 0}), "monto"),
        (json!({"monto": 1_000_000_000_001i64}), "monto"),
        (json!({"monto": 10.5}), "monto"),
        (json!({"monto": 100.0}), "monto"),
        (json!({"monto": "100"}), "monto"),
        (json!({"monto": 1e300}), "monto"),
        (json!({"moneda": "XYZ"}), "moneda"),
        (json!({"moneda": "pesos"}), "moneda"),
        (json!({"fecha": "2026-02-30"}), "fecha"),
        (json!({"categoria": "lujos"}), "categoria"),
        (json!({"descripcion": ""}), "descripcion"),
        (json!({"pagadoPor": f.vera_id}), "pagadoPor"),
        (json!({"pagadoPor": f.carla_id}), "pagadoPor"),
        (json!({"hijos": [carla_child]}), "hijos"),
        (
            json!({"reparto": {"modo": "igual", "participantes": [f.ana_id, f.carla_id]}}),
            "reparto.participantes",
        ),
        (
            json!({"reparto": {"modo": "igual", "participantes": [f.ana_id, f.vera_id]}}),
            "reparto.participantes",
        ),
        (
            json!({"reparto": {"modo": "igual", "participantes": [f.ana_id, f.ana_id]}}),
            "reparto.participantes",
        ),
        (
            json!({"reparto": {"modo": "igual", "participantes": []}}),
            "reparto.participantes",
        ),
        (
            json!({"reparto": {"modo": "unico", "participantes": [f.ana_id, f.beto_id]}}),
            "reparto.participantes",
        ),
        (
            json!({"reparto": {"modo": "mitad", "participantes": [f.ana_id]}}),
            "reparto.modo",
        ),
        (
            json!({"reparto": {"modo": "porcentajes", "participantes": [f.ana_id, f.beto_id], "pesos": {&f.ana_id: 60, &f.beto_id: 30}}}),
            "reparto.pesos",
        ),
        (
            json!({"reparto": {"modo": "porcentajes", "participantes": [f.ana_id, f.beto_id], "pesos": {&f.ana_id: 33.333, &f.beto_id: 66.667}}}),
            "reparto.pesos",
        ),
        (
            json!({"reparto": {"modo": "porcentajes", "participantes": [f.ana_id, f.beto_id], "pesos": {&f.ana_id: 100}}}),
            "reparto.pesos",
        ),
        (
            json!({"reparto": {"modo": "ingresos", "participantes": [f.ana_id, f.beto_id], "pesos": {&f.ana_id: 0, &f.beto_id: 0}}}),
            "reparto.pesos",
        ),
        (
            json!({"reparto": {"modo": "ingresos", "participantes": [f.ana_id, f.beto_id], "pesos": {&f.ana_id: -1, &f.beto_id: 5}}}),
            "reparto.pesos",
        ),
        (json!({"reparto": "igual"}), "reparto"),
    ];
    for (overrides, field) in cases {
        let mut body = json!({"monto": 1000, "reparto": pair});
        if let (Some(b), Some(o)) = (body.as_object_mut(), overrides.as_object()) {
            for (k, v) in o {
                b.insert(k.clone(), v.clone());
            }
        }
        let a = f.expense(&f.ana, body.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            a.body
        );
        assert!(
            a.body["errors"][field].is_string(),
            "{field} for {body}: {}",
            a.body
        );
    }
    // In the caller's language.
    let english = f
        .app
        .request(
            Method::POST,
            "/api/gastos",
            Some(&f.cami),
            Some(json!({"familiaId": f.family, "descripcion": "x", "fecha": "2026-01-01", "categoria": "salud", "monto": 12.5, "moneda": "ZZZ", "reparto": pair})),
            Some("en"),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = english.body["errors"].to_string();
    assert!(
        errors.contains("whole number in cents") && errors.contains("ISO 4217"),
        "{errors}"
    );
    let spanish = f
        .expense(&f.ana, json!({"monto": 12.5, "reparto": pair}))
        .await;
    assert!(
        spanish.body["errors"]["monto"]
            .as_str()
            .unwrap_or_default()
            .contains("entero")
    );

    let payments: Vec<(Value, &str)> = vec![
        (
            json!({"de": f.ana_id, "para": f.ana_id, "monto": 10}),
            "para",
        ),
        (
            json!({"de": f.beto_id, "para": f.cami_id, "monto": 10}),
            "de",
        ),
        (
            json!({"de": f.ana_id, "para": f.vera_id, "monto": 10}),
            "para",
        ),
        (
            json!({"de": f.carla_id, "para": f.ana_id, "monto": 10}),
            "de",
        ),
        (
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 0}),
            "monto",
        ),
        (
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 9.99}),
            "monto",
        ),
        (
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 10, "moneda": "ABC"}),
            "moneda",
        ),
        (
            json!({"de": f.ana_id, "para": f.beto_id, "monto": 10, "fecha": "ayer"}),
            "fecha",
        ),
    ];
    for (body, field) in payments {
        let a = f.payment(&f.ana, body.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            a.body
        );
        assert!(
            a.body["errors"][field].is_string(),
            "{field} for {body}: {}",
            a.body
        );
    }
    let settings: Vec<(Value, &str)> = vec![
        (json!({"moneda": "EURO"}), "moneda"),
        (
            json!({"aprobacionAutomatica": {"QQQ": 100}}),
            "aprobacionAutomatica",
        ),
        (
            json!({"aprobacionAutomatica": {"ARS": 10.5}}),
            "aprobacionAutomatica",
        ),
        (json!({"ingresos": {&f.vera_id: 100}}), "ingresos"),
        (json!({"ingresos": {&f.ana_id: -100}}), "ingresos"),
    ];
    for (body, field) in settings {
        let a = f
            .app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/finanzas", f.family),
                Some(&f.ana),
                Some(body.clone()),
                None,
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            a.body
        );
        assert!(
            a.body["errors"][field].is_string(),
            "{field} for {body}: {}",
            a.body
        );
    }
    // Nothing of it was stored.
    let list = f
        .app
        .get(&format!("/api/gastos?familiaId={}", f.family), Some(&f.ana))
        .await;
    assert_eq!(data(&list)["gastos"], json!([]));
    assert_eq!(f.balance(&f.ana).await, json!({}));
}

async fn upload_file(
    app: &TestApp,
    path: &str,
    token: &str,
    field: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = reqwest::multipart::Form::new().part(
        field.to_owned(),
        reqwest::multipart::Part::bytes(bytes)
            .file_name("ticket")
            .mime_str("application/octet-stream")
            .expect("mime"),
    );
    app.client
        .post(format!("{}{path}", app.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload")
}

fn small_pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<</Type/Catalog>>\nendobj\ntrailer\n<</Root 1 0 R>>\n%%EOF\n".to_vec()
}

#[tokio::test]
async fn receipts_and_proofs_are_stored_replaced_and_served_only_to_the_coparents() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let id = f
        .added(
            &f.ana,
            json!({"monto": 1_500, "reparto": f.split("igual", &pair)}),
        )
        .await;
    let path = format!("/api/gastos/{id}/recibo");
    let none = f.app.get(&path, Some(&f.beto)).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);

    let photo = crate::images::jpeg_with_exif_gps(40, 30);
    let up =
        crate::helpers::answer(upload_file(&f.app, &path, &f.ana, "recibo", photo).await).await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    assert_eq!(data(&up)["recibo"]["tipo"], "image/jpeg");
    let served = f
        .app
        .client
        .get(format!("{}{path}", f.app.base))
        .bearer_auth(&f.beto)
        .send()
        .await
        .expect("get");
    assert_eq!(served.status(), StatusCode::OK);
    let headers = served.headers().clone();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap_or_default()
            .starts_with("attachment")
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let bytes = served.bytes().await.expect("body");
    assert!(bytes.starts_with(&[0xFF, 0xD8]), "a JPEG");
    assert!(
        !bytes.windows(4).any(|w| w == b"Exif"),
        "re-encoded without its metadata"
    );

    // A PDF replaces it; what is neither is refused; others may not attach.
    let pdf =
        crate::helpers::answer(upload_file(&f.app, &path, &f.ana, "recibo", small_pdf()).await)
            .await;
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.body);
    assert_eq!(data(&pdf)["recibo"]["tipo"], "application/pdf");
    let served = f
        .app
        .client
        .get(format!("{}{path}", f.app.base))
        .bearer_auth(&f.ana)
        .send()
        .await
        .expect("get");
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.bytes().await.expect("body").to_vec(), small_pdf());
    let html = crate::helpers::answer(
        upload_file(
            &f.app,
            &path,
            &f.ana,
            "recibo",
            b"<html><script>alert(1)</script>".to_vec(),
        )
        .await,
    )
    .await;
    assert_eq!(
        html.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{}",
        html.body
    );
    let by_cami =
        crate::helpers::answer(upload_file(&f.app, &path, &f.cami, "recibo", small_pdf()).await)
            .await;
    assert_eq!(by_cami.status, StatusCode::FORBIDDEN, "{}", by_cami.body);
    for token in [&f.vera, &f.carla] {
        let a = f.app.get(&path, Some(token)).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND);
        let up =
            crate::helpers::answer(upload_file(&f.app, &path, token, "recibo", small_pdf()).await)
                .await;
        assert_eq!(up.status, StatusCode::NOT_FOUND);
    }
    let big = crate::helpers::answer(
        upload_file(
            &f.app,
            &path,
            &f.ana,
            "recibo",
            vec![b'%'; 10 * 1024 * 1024 + 10],
        )
        .await,
    )
    .await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", big.body);

    // A payment's proof, by its payer or receiver.
    let paid = f
        .payment(
            &f.beto,
            json!({"de": f.beto_id, "para": f.ana_id, "monto": 750}),
        )
        .await;
    let proof_path = format!("/api/pagos/{}/comprobante", id_of(&paid));
    let proof = crate::helpers::answer(
        upload_file(
            &f.app,
            &proof_path,
            &f.beto,
            "comprobante",
            crate::images::png(20, 20),
        )
        .await,
    )
    .await;
    assert_eq!(proof.status, StatusCode::OK, "{}", proof.body);
    assert_eq!(data(&proof)["comprobante"]["tipo"], "image/jpeg");
    let not_theirs = crate::helpers::answer(
        upload_file(&f.app, &proof_path, &f.cami, "comprobante", small_pdf()).await,
    )
    .await;
    assert_eq!(not_theirs.status, StatusCode::FORBIDDEN);
    let seen = f.app.get(&proof_path, Some(&f.cami)).await;
    assert_eq!(seen.status, StatusCode::OK);
    let hidden = f.app.get(&proof_path, Some(&f.vera)).await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND);

    // The export carries them.
    let exported = f.app.export_file(&f.ana, "dinero/gastos.json").await;
    assert!(exported.contains(&id), "{exported}");
    let recorded = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(&f.family))
        .filter(entrada::Column::Tipo.is_in(["gasto.recibo", "pago.comprobante"]))
        .count(&f.app.db)
        .await
        .expect("count entries");
    assert_eq!(recorded, 3);
}

fn at_noon(date: &str) -> chrono::DateTime<chrono::Utc> {
    format!("{date}T15:00:00Z").parse().expect("instant")
}

#[tokio::test]
async fn a_monthly_expense_is_made_each_month_until_its_end_and_can_be_stopped() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let bad = f
        .expense(
            &f.ana,
            json!({"monto": 10_000, "fecha": "2026-01-31", "reparto": f.split("igual", &pair),
                   "recurrencia": {"hasta": "2025-12-31"}}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(bad.body["errors"]["recurrencia.hasta"].is_string());
    let first = f
        .expense(
            &f.ana,
            json!({"monto": 10_000, "fecha": "2026-01-31", "descripcion": "Cuota del colegio",
                   "reparto": f.split("igual", &pair), "recurrencia": {"hasta": "2026-04-15"}}),
        )
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let serie = data(&first)["recurrenteId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(!serie.is_empty());
    let series_path = format!("/api/gastos-recurrentes?familiaId={}", f.family);
    let listed = f.app.get(&series_path, Some(&f.beto)).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    assert_eq!(data(&listed)[0]["proxima"], "2026-02-28");
    assert_eq!(data(&listed)[0]["activo"], true);

    let made = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-03-31"))
        .await
        .expect("job");
    assert_eq!(made, 2);
    let again = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-03-31"))
        .await
        .expect("job");
    assert_eq!(again, 0, "each month once");
    let list = f
        .app
        .get(
            &format!("/api/gastos?familiaId={}", f.family),
            Some(&f.beto),
        )
        .await;
    let gastos = data(&list)["gastos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let dates: Vec<&str> = gastos.iter().filter_map(|g| g["fecha"].as_str()).collect();
    assert_eq!(dates, ["2026-03-31", "2026-02-28", "2026-01-31"]);
    assert!(gastos.iter().all(|g| g["recurrenteId"] == serie.as_str()
        && g["estado"] == "pendiente"
        && g["descripcion"] == "Cuota del colegio"
        && g["partes"][&f.beto_id] == 5_000));
    // April 30 is past its end: the series is over.
    let listed = f.app.get(&series_path, Some(&f.beto)).await;
    assert_eq!(data(&listed)[0]["activo"], false);
    let later = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-06-30"))
        .await
        .expect("job");
    assert_eq!(later, 0);

    // Another series, stopped by the other co-parent; a viewer cannot.
    let second = f
        .added(
            &f.ana,
            json!({"monto": 2_000, "fecha": "2026-01-10", "reparto": f.split("igual", &pair),
                   "recurrencia": {}}),
        )
        .await;
    let second = f
        .app
        .get(&format!("/api/gastos/{second}"), Some(&f.ana))
        .await;
    let serie = data(&second)["recurrenteId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let stop_path = format!("/api/gastos-recurrentes/{serie}");
    let by_viewer = f
        .app
        .request(Method::DELETE, &stop_path, Some(&f.vera), None, None)
        .await;
    assert_eq!(by_viewer.status, StatusCode::NOT_FOUND);
    let made = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-02-10"))
        .await
        .expect("job");
    assert_eq!(made, 1);
    let stopped = f
        .app
        .request(Method::DELETE, &stop_path, Some(&f.beto), None, None)
        .await;
    assert_eq!(stopped.status, StatusCode::OK, "{}", stopped.body);
    assert_eq!(data(&stopped)["activo"], false);
    let none = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-09-10"))
        .await
        .expect("job");
    assert_eq!(none, 0);
}

#[tokio::test]
async fn an_insurers_refund_is_split_like_its_expense_and_lowers_what_counts() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let id = f
        .added(
            &f.ana,
            json!({"monto": 10_001, "categoria": "salud", "reintegro": {"entidad": "OSDE"},
                   "reparto": {"modo": "porcentajes", "participantes": pair,
                               "pesos": {&f.ana_id: 62.5, &f.beto_id: 37.5}}}),
        )
        .await;
    f.approve(&f.beto, &id).await;
    assert_eq!(
        saldos(&f.balance(&f.ana).await, "ARS"),
        BTreeMap::from([(f.ana_id.clone(), 3_750), (f.beto_id.clone(), -3_750)])
    );
    let path = format!("/api/gastos/{id}/reintegro");
    let by_beto = f
        .app
        .post(
            &path,
            Some(&f.beto),
            json!({"monto": 100, "fecha": "2026-03-10"}),
        )
        .await;
    assert_eq!(by_beto.status, StatusCode::FORBIDDEN, "{}", by_beto.body);
    for bad in [
        json!({"monto": 10_002, "fecha": "2026-03-10"}),
        json!({"monto": 1.5, "fecha": "2026-03-10"}),
        json!({"monto": 100}),
    ] {
        let a = f.app.post(&path, Some(&f.ana), bad.clone()).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            a.body
        );
    }
    let refunded = f
        .app
        .post(
            &path,
            Some(&f.ana),
            json!({"monto": 4_001, "fecha": "2026-03-10"}),
        )
        .await;
    assert_eq!(refunded.status, StatusCode::OK, "{}", refunded.body);
    assert_eq!(
        data(&refunded)["reintegro"],
        json!({"entidad": "OSDE", "monto": 4_001, "fecha": "2026-03-10",
               "partes": {&f.ana_id: 2_501, &f.beto_id: 1_500}})
    );
    let balance = f.balance(&f.beto).await;
    assert_zero_sum(&balance);
    assert_eq!(
        saldos(&balance, "ARS"),
        BTreeMap::from([(f.ana_id.clone(), 2_250), (f.beto_id.clone(), -2_250)])
    );
    let twice = f
        .app
        .post(
            &path,
            Some(&f.ana),
            json!({"monto": 1, "fecha": "2026-03-11"}),
        )
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);

    // Recorded while pending, it counts with the expense; no insurer, no refund.
    let pending = f
        .added(
            &f.ana,
            json!({"monto": 1_000, "reintegro": {"entidad": "IOMA"}, "reparto": f.split("igual", &pair)}),
        )
        .await;
    let early = f
        .app
        .post(
            &format!("/api/gastos/{pending}/reintegro"),
            Some(&f.ana),
            json!({"monto": 500, "fecha": "2026-03-12"}),
        )
        .await;
    assert_eq!(early.status, StatusCode::OK, "{}", early.body);
    assert_eq!(saldos(&f.balance(&f.ana).await, "ARS")[&f.ana_id], 2_250);
    let edit = f
        .app
        .request(
            Method::PUT,
            &format!("/api/gastos/{pending}"),
            Some(&f.ana),
            Some(json!({"descripcion": "x", "monto": 900, "fecha": "2026-03-02", "categoria": "salud", "reparto": f.split("igual", &pair)})),
            None,
        )
        .await;
    assert_eq!(edit.status, StatusCode::CONFLICT, "{}", edit.body);
    f.approve(&f.beto, &pending).await;
    let balance = f.balance(&f.ana).await;
    assert_zero_sum(&balance);
    assert_eq!(
        saldos(&balance, "ARS")[&f.ana_id],
        2_250 + 1_000 - 500 - (500 - 250)
    );
    let plain = f
        .added(
            &f.ana,
            json!({"monto": 300, "reparto": f.split("igual", &pair)}),
        )
        .await;
    let unexpected = f
        .app
        .post(
            &format!("/api/gastos/{plain}/reintegro"),
            Some(&f.ana),
            json!({"monto": 100, "fecha": "2026-03-12"}),
        )
        .await;
    assert_eq!(
        unexpected.status,
        StatusCode::CONFLICT,
        "{}",
        unexpected.body
    );
    let blank = f
        .expense(&f.ana, json!({"monto": 300, "reintegro": {"entidad": " "}, "reparto": f.split("igual", &pair)}))
        .await;
    assert_eq!(blank.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(blank.body["errors"]["reintegro.entidad"].is_string());
}

#[tokio::test]
async fn approvals_and_confirmations_at_the_same_time_count_once() {
    let f = family().await;
    let everyone = [f.ana_id.as_str(), f.beto_id.as_str(), f.cami_id.as_str()];
    for round in 0..3 {
        let id = f
            .added(
                &f.ana,
                json!({"monto": 3_000 + round, "reparto": f.split("igual", &everyone)}),
            )
            .await;
        let (b, c) = tokio::join!(
            f.act(&f.beto, &id, "aprobar", json!({})),
            f.act(&f.cami, &id, "aprobar", json!({})),
        );
        assert_eq!(b.status, StatusCode::OK, "{}", b.body);
        assert_eq!(c.status, StatusCode::OK, "{}", c.body);
        let seen = f.app.get(&format!("/api/gastos/{id}"), Some(&f.ana)).await;
        assert_eq!(data(&seen)["estado"], "aprobado");
    }
    let paid = f
        .payment(
            &f.beto,
            json!({"de": f.beto_id, "para": f.ana_id, "monto": 1_000}),
        )
        .await;
    let path = format!("/api/pagos/{}/confirmar", id_of(&paid));
    let (one, two) = tokio::join!(
        f.app.post(&path, Some(&f.ana), json!({})),
        f.app.post(&path, Some(&f.ana), json!({})),
    );
    let mut statuses = [one.status, two.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    let balance = f.balance(&f.ana).await;
    assert_zero_sum(&balance);
    // 3000 + 3001 + 3002 split three ways (the odd cents to the others), Ana paid it all; then
    // Beto's 1000.
    assert_eq!(saldos(&balance, "ARS")[&f.ana_id], 9_003 - 3_000 - 1_000);
}

#[tokio::test]
async fn erasing_a_family_erases_its_money_and_its_receipts() {
    let f = family().await;
    let own = f.app.own_family(&f.carla).await;
    let a = f
        .app
        .post(
            "/api/gastos",
            Some(&f.carla),
            json!({"familiaId": own, "descripcion": "Remedios", "monto": 4_200, "fecha": "2026-03-01",
                   "categoria": "salud", "reparto": {"modo": "unico", "participantes": [f.carla_id]}}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(
        data(&a)["estado"],
        "aprobado",
        "nobody else must approve it"
    );
    let path = format!("/api/gastos/{}/recibo", id_of(&a));
    let up =
        crate::helpers::answer(upload_file(&f.app, &path, &f.carla, "recibo", small_pdf()).await)
            .await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    let files_before = crate::children::stored_files(&f.app).len();
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.carla),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let purged = nido::accounts::closing::purge_due(
        &f.app.state,
        chrono::Utc::now() + chrono::Duration::days(91),
    )
    .await
    .expect("purge");
    assert_eq!(purged, 1);
    use nido::money::entities::{gasto, saldo};
    let left = gasto::Entity::find()
        .filter(gasto::Column::FamiliaId.eq(&own))
        .count(&f.app.db)
        .await
        .expect("count");
    assert_eq!(left, 0);
    let balances = saldo::Entity::find()
        .filter(saldo::Column::FamiliaId.eq(&own))
        .count(&f.app.db)
        .await
        .expect("count");
    assert_eq!(balances, 0);
    assert_eq!(
        crate::children::stored_files(&f.app).len(),
        files_before - 1,
        "the receipt is gone"
    );
}

impl Family {
    /// The first page of the family's expense list as `token` sees it, with `query` added.
    async fn page(&self, token: &str, query: &str) -> Answer {
        self.app
            .get(
                &format!("/api/gastos?familiaId={}{query}", self.family),
                Some(token),
            )
            .await
    }

    /// The listed expense `id`, as Beto sees the first page.
    async fn listed(&self, id: &str) -> Value {
        let a = self.page(&self.beto, "").await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        data(&a)["gastos"]
            .as_array()
            .and_then(|g| g.iter().find(|g| g["id"] == id).cloned())
            .unwrap_or(Value::Null)
    }
}

#[tokio::test]
async fn a_kept_expense_list_shows_every_change_at_once() {
    let f = family().await;
    let pair = [f.ana_id.as_str(), f.beto_id.as_str()];
    let id = f
        .added(
            &f.ana,
            json!({"monto": 2_000, "reparto": f.split("igual", &pair), "reintegro": {"entidad": "OSDE"}}),
        )
        .await;
    assert_eq!(f.listed(&id).await["estado"], "pendiente");

    // An answer, a refund and a receipt each show on the next opening.
    f.approve(&f.beto, &id).await;
    assert_eq!(f.listed(&id).await["estado"], "aprobado");
    let refund = f
        .app
        .post(
            &format!("/api/gastos/{id}/reintegro"),
            Some(&f.ana),
            json!({"monto": 500, "fecha": "2026-03-10"}),
        )
        .await;
    assert_eq!(refund.status, StatusCode::OK, "{}", refund.body);
    assert_eq!(f.listed(&id).await["reintegro"]["monto"], 500);
    let path = format!("/api/gastos/{id}/recibo");
    let up =
        crate::helpers::answer(upload_file(&f.app, &path, &f.ana, "recibo", small_pdf()).await)
            .await;
    assert_eq!(up.status, StatusCode::OK, "{}", up.body);
    assert_eq!(f.listed(&id).await["recibo"]["tipo"], "application/pdf");

    // A refusal, an edit and a withdrawal.
    let refused = f
        .added(
            &f.ana,
            json!({"monto": 700, "reparto": f.split("igual", &pair)}),
        )
        .await;
    assert_eq!(f.listed(&refused).await["estado"], "pendiente");
    let no = f
        .act(
            &f.beto,
            &refused,
            "rechazar",
            json!({"motivo": "otro", "comentario": "No lo hablamos"}),
        )
        .await;
    assert_eq!(no.status, StatusCode::OK, "{}", no.body);
    assert_eq!(f.listed(&refused).await["estado"], "rechazado");
    let edited = f
        .added(
            &f.ana,
            json!({"monto": 800, "reparto": f.split("igual", &pair)}),
        )
        .await;
    assert_eq!(f.listed(&edited).await["monto"], 800);
    let put = f
        .app
        .request(
            Method::PUT,
            &format!("/api/gastos/{edited}"),
            Some(&f.ana),
            Some(json!({"familiaId": f.family, "descripcion": "Zapatillas", "fecha": "2026-03-03",
                        "categoria": "ropa-calzado", "monto": 900, "reparto": f.split("igual", &pair)})),
            None,
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    assert_eq!(f.listed(&edited).await["monto"], 900);
    let gone = f
        .app
        .request(
            Method::DELETE,
            &format!("/api/gastos/{edited}"),
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert!(gone.status.is_success(), "{}", gone.body);
    assert_ne!(f.listed(&edited).await["estado"], "pendiente");

    // The monthly job's expense, written outside any route.
    let monthly = f
        .added(
            &f.ana,
            json!({"monto": 300, "fecha": "2026-01-31", "reparto": f.split("igual", &pair),
                   "recurrencia": {}}),
        )
        .await;
    assert!(f.listed(&monthly).await.is_object());
    let before = data(&f.page(&f.beto, "").await)["gastos"]
        .as_array()
        .map_or(0, Vec::len);
    let made = nido::money::expenses::recurring::make_due(&f.app.state, at_noon("2026-02-28"))
        .await
        .expect("job");
    assert_eq!(made, 1);
    let after = data(&f.page(&f.beto, "").await)["gastos"]
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(after, before + 1);

    // Filters and the cursor keep answers of their own.
    let salud = f.page(&f.beto, "&categoria=salud").await;
    assert_eq!(salud.status, StatusCode::OK, "{}", salud.body);
    let educacion = f.page(&f.beto, "&categoria=educacion").await;
    assert_ne!(data(&salud)["gastos"], data(&educacion)["gastos"]);
    let cursor = format!("&cursor=2026-03-02_{}", "z".repeat(30));
    let paged = f.page(&f.beto, &cursor).await;
    assert_eq!(paged.status, StatusCode::OK, "{}", paged.body);
    assert_ne!(
        data(&paged)["gastos"],
        data(&f.page(&f.beto, "").await)["gastos"]
    );

    // A second instance on the same database keeps its own answers and still sees every change.
    if f.app.database_url().starts_with("postgres") {
        let other = TestApp::spawn_with(crate::helpers::Options {
            database_url: Some(f.app.database_url().to_owned()),
            keys_from: Some(f.app.data_dir.path().to_owned()),
            ..Default::default()
        })
        .await;
        let there = other
            .get(
                &format!("/api/gastos?familiaId={}", f.family),
                Some(&f.beto),
            )
            .await;
        assert_eq!(there.status, StatusCode::OK, "{}", there.body);
        let new = f
            .added(
                &f.ana,
                json!({"monto": 111, "reparto": f.split("igual", &pair)}),
            )
            .await;
        let there = other
            .get(
                &format!("/api/gastos?familiaId={}", f.family),
                Some(&f.beto),
            )
            .await;
        assert!(
            data(&there)["gastos"]
                .as_array()
                .is_some_and(|g| g.iter().any(|g| g["id"] == new.as_str())),
            "{}",
            there.body
        );
    }

    // A removed co-parent gets the stranger's 404 at once; a viewer never sees it.
    assert_eq!(f.page(&f.cami, "").await.status, StatusCode::OK);
    f.app.remove_member(&f.ana, &f.family, &f.cami_id).await;
    assert_eq!(f.page(&f.cami, "").await.status, StatusCode::NOT_FOUND);
    assert_eq!(f.page(&f.vera, "").await.status, StatusCode::NOT_FOUND);
}
