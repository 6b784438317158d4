//! A family's statistics: parenting time as `/custodia/reparto` gives it, exchanges on time and
//! late, swaps by parent, expenses for the co-parents alone, messages of the caller's own
//! conversations; who may ask, and bad periods.

use chrono::{Datelike, Duration};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::custody::{Family, day, family, local, today};
use crate::helpers::Answer;

impl Family {
    async fn statistics(&self, token: &str, desde: &str, hasta: &str) -> Answer {
        self.app
            .get(
                &format!(
                    "/api/familias/{}/estadisticas?desde={desde}&hasta={hasta}",
                    self.family
                ),
                Some(token),
            )
            .await
    }

    async fn conversation_with(&self, token: &str, participantes: Value) -> String {
        let a = self
            .app
            .post(
                "/api/conversaciones",
                Some(token),
                json!({"familiaId": self.family, "tema": "general", "asunto": "Semana",
                       "participantes": participantes}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    async fn write(&self, token: &str, conversation: &str, tipo: &str) -> String {
        let a = self
            .app
            .post(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(token),
                json!({"texto": "Hola", "tipo": tipo}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

fn person<'a>(list: &'a Value, usuario_id: &str) -> &'a Value {
    list.as_array()
        .and_then(|l| l.iter().find(|p| p["usuarioId"] == usuario_id))
        .unwrap_or(&Value::Null)
}

#[tokio::test]
async fn each_member_sees_the_figures_of_what_they_may_see() {
    let f = family().await;
    let t = today();
    // Ana from eight days ago for seven nights, then Beto from yesterday.
    f.schedule("7-7", t - Duration::days(8), None).await;
    let exchange = t - Duration::days(1);
    let handover = f
        .app
        .post(
            &format!("/api/familias/{}/custodia/entregas", f.family),
            Some(&f.beto),
            json!({"fecha": day(exchange), "ocurrio": local(exchange, 20, 0).to_rfc3339()}),
        )
        .await;
    assert_eq!(handover.status, StatusCode::CREATED, "{}", handover.body);
    // Beto offers a night of his, three days ahead so that the deadline falls before it at any
    // hour of the day; Ana declines.
    let asked = f
        .app
        .post(
            &format!("/api/familias/{}/cambios", f.family),
            Some(&f.beto),
            json!({"noches": [day(t + Duration::days(3))], "motivo": "Viaje de trabajo",
                   "responderAntesDe": (chrono::Utc::now() + Duration::hours(30)).to_rfc3339()}),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let swap = asked.body["data"]["_id"].as_str().unwrap_or_default();
    let declined = f
        .app
        .post(
            &format!("/api/familias/{}/cambios/{swap}/rechazar", f.family),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    // The co-parents write twice, one of them urgent; Ana and Vera once between them.
    let coparents = f.conversation_with(&f.ana, json!([f.beto_id])).await;
    f.write(&f.ana, &coparents, "normal").await;
    f.write(&f.beto, &coparents, "urgente").await;
    let with_vera = f.conversation_with(&f.ana, json!([f.vera_id])).await;
    f.write(&f.vera, &with_vera, "normal").await;
    let expense = f
        .app
        .post(
            "/api/gastos",
            Some(&f.ana),
            json!({"familiaId": f.family, "descripcion": "Zapatillas", "monto": 50_000,
                   "categoria": "ropa-calzado", "fecha": day(t), "pagadoPor": f.ana_id,
                   "reparto": {"modo": "igual", "participantes": [f.ana_id, f.beto_id]}}),
        )
        .await;
    assert_eq!(expense.status, StatusCode::CREATED, "{}", expense.body);
    let expense = expense.body["data"]["id"].as_str().unwrap_or_default();
    let approved = f
        .app
        .post(
            &format!("/api/gastos/{expense}/aprobar"),
            Some(&f.beto),
            json!({}),
        )
        .await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);

    let (desde, hasta) = (day(t - Duration::days(8)), day(exchange));
    let ana = f.statistics(&f.ana, &desde, &day(t)).await;
    assert_eq!(ana.status, StatusCode::OK, "{}", ana.body);
    let data = &ana.body["data"];
    assert_eq!(data["zonaHoraria"], "America/Argentina/Buenos_Aires");

    // Parenting time: the same figures as the report of the same nights.
    let eight = f.statistics(&f.ana, &desde, &hasta).await;
    let share = f
        .app
        .get(
            &format!(
                "/api/familias/{}/custodia/reparto?desde={desde}&hasta={hasta}",
                f.family
            ),
            Some(&f.ana),
        )
        .await;
    let tiempo = &eight.body["data"]["tiempo"];
    assert_eq!(tiempo["planificado"], share.body["data"]["planificado"]);
    assert_eq!(tiempo["real"], share.body["data"]["real"]);
    assert_eq!(person(&tiempo["real"], &f.beto_id)["horas"], 22.0);
    let months: u64 = tiempo["porMes"]
        .as_array()
        .map(|m| {
            m.iter()
                .flat_map(|m| m["planificado"].as_array().cloned().unwrap_or_default())
                .map(|p| p["noches"].as_u64().unwrap_or_default())
                .sum()
        })
        .unwrap_or_default();
    assert_eq!(months, 8, "{tiempo}");
    assert_eq!(tiempo["entregas"], json!({"aTiempo": 0, "tarde": 1}));
    let swaps = &data["tiempo"]["cambios"];
    assert_eq!(person(swaps, &f.beto_id)["pedidos"], 1);
    assert_eq!(person(swaps, &f.ana_id)["rechazados"], 1);

    // Money, for the co-parents; the last month's balances are today's.
    let dinero = &data["dinero"];
    assert_eq!(dinero["gastos"]["moneda"], "ARS");
    assert_eq!(dinero["gastos"]["porCategoria"][0]["total"], 50_000);
    let months = dinero["saldoPorMes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let last = &months.last().unwrap_or(&Value::Null)["saldos"];
    let balance = f
        .app
        .get(
            &format!("/api/familias/{}/balance", f.family),
            Some(&f.beto),
        )
        .await;
    let now = &balance.body["data"]["monedas"]["ARS"]["saldos"];
    for id in [&f.ana_id, &f.beto_id] {
        assert_eq!(person(last, id)["saldo"], now[id.as_str()], "{last} {now}");
    }
    assert_eq!(person(last, &f.ana_id)["saldo"], 25_000);
    assert_eq!(
        dinero["cuotas"],
        json!({"aTiempo": 0, "tarde": 0, "impagas": 0, "pendientes": 0})
    );

    // Messages: Ana takes part in both conversations.
    let mensajes = &data["mensajes"]["porPersona"];
    assert_eq!(person(mensajes, &f.ana_id)["enviados"], 1);
    assert_eq!(person(mensajes, &f.beto_id)["urgentes"], 1);
    assert_eq!(person(mensajes, &f.vera_id)["enviados"], 1);
    assert!(person(mensajes, &f.beto_id)["respuestaMediana"].is_i64());

    // Beto sees no conversation of Ana and Vera; Vera, a viewer, no money and not the
    // co-parents' conversation.
    let beto = f.statistics(&f.beto, &desde, &day(t)).await;
    let beto_messages = &beto.body["data"]["mensajes"]["porPersona"];
    assert!(
        person(beto_messages, &f.vera_id).is_null(),
        "{beto_messages}"
    );
    assert_eq!(person(beto_messages, &f.beto_id)["enviados"], 1);
    let vera = f.statistics(&f.vera, &desde, &day(t)).await;
    assert_eq!(vera.status, StatusCode::OK, "{}", vera.body);
    assert!(vera.body["data"].get("dinero").is_none(), "{}", vera.body);
    assert!(vera.body["data"]["tiempo"]["real"].is_array());
    let vera_messages = &vera.body["data"]["mensajes"]["porPersona"];
    assert!(
        person(vera_messages, &f.beto_id).is_null(),
        "{vera_messages}"
    );
    assert_eq!(person(vera_messages, &f.vera_id)["enviados"], 1);

    // A stranger hears the family does not exist.
    let carla = f.statistics(&f.carla, &desde, &hasta).await;
    assert_eq!(carla.status, StatusCode::NOT_FOUND);
}

/// The sum of the due counts.
fn dues(statistics: &Answer) -> u64 {
    statistics.body["data"]["dinero"]["cuotas"]
        .as_object()
        .map(|counts| counts.values().filter_map(Value::as_u64).sum())
        .unwrap_or_default()
}

// Each section is kept in memory between asks; every change to what it counts shows at once.
#[tokio::test]
async fn statistics_follow_every_change_to_what_they_count() {
    let f = family().await;
    let t = today();
    let (desde, hasta) = (day(t - Duration::days(40)), day(t));
    let coparents = f.conversation_with(&f.ana, json!([f.beto_id])).await;
    f.write(&f.ana, &coparents, "normal").await;
    let first = f.statistics(&f.ana, &desde, &hasta).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let again = f.statistics(&f.ana, &desde, &hasta).await;
    assert_eq!(again.body, first.body);
    let mensajes = &first.body["data"]["mensajes"]["porPersona"];
    assert!(person(mensajes, &f.beto_id).is_null(), "{mensajes}");

    // A message sent, then a first view of it.
    let beto_wrote = f.write(&f.beto, &coparents, "urgente").await;
    let after = f.statistics(&f.ana, &desde, &hasta).await;
    let mensajes = &after.body["data"]["mensajes"]["porPersona"];
    assert_eq!(person(mensajes, &f.beto_id)["urgentes"], 1, "{mensajes}");
    assert!(person(mensajes, &f.ana_id)["vistoMediana"].is_null());
    let seen = f
        .app
        .post(
            &format!("/api/conversaciones/{coparents}/leidos"),
            Some(&f.ana),
            json!({"hasta": beto_wrote}),
        )
        .await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    let after = f.statistics(&f.ana, &desde, &hasta).await;
    let mensajes = &after.body["data"]["mensajes"]["porPersona"];
    assert!(
        person(mensajes, &f.ana_id)["vistoMediana"].is_i64(),
        "{mensajes}"
    );

    // A conversation Vera is let into: hers now, not before.
    let before = f.statistics(&f.vera, &desde, &hasta).await;
    assert_eq!(before.body["data"]["mensajes"]["porPersona"], json!([]));
    let with_vera = f.conversation_with(&f.ana, json!([f.vera_id])).await;
    f.write(&f.ana, &with_vera, "normal").await;
    let vera = f.statistics(&f.vera, &desde, &hasta).await;
    let mensajes = &vera.body["data"]["mensajes"]["porPersona"];
    assert_eq!(person(mensajes, &f.ana_id)["enviados"], 1, "{mensajes}");
    // Ana's conversation with Vera changes only what its readers see: Beto's is kept.
    let beto = f.statistics(&f.beto, &desde, &hasta).await;
    let mensajes = &beto.body["data"]["mensajes"]["porPersona"];
    assert_eq!(person(mensajes, &f.ana_id)["enviados"], 1, "{mensajes}");

    // The family's currency, and a child-support due made by the monthly job.
    assert_eq!(after.body["data"]["dinero"]["gastos"]["moneda"], "ARS");
    let currency = f
        .app
        .request(
            reqwest::Method::PUT,
            &format!("/api/familias/{}/finanzas", f.family),
            Some(&f.ana),
            Some(json!({"moneda": "EUR"})),
            None,
        )
        .await;
    assert_eq!(currency.status, StatusCode::OK, "{}", currency.body);
    let after = f.statistics(&f.beto, &desde, &hasta).await;
    assert_eq!(after.body["data"]["dinero"]["gastos"]["moneda"], "EUR");
    assert_eq!(dues(&after), 0);
    // An agreement from the first of this month makes this month's due at once; Beto, its
    // payee, records it paid.
    let first_of_month = day(t.with_day(1).unwrap_or(t));
    let cuota = f.cuota(100_000, 1, &first_of_month).await;
    let after = f.statistics(&f.beto, &desde, &hasta).await;
    assert_eq!(dues(&after), 1, "{}", after.body["data"]["dinero"]);
    let unpaid = &after.body["data"]["dinero"]["cuotas"];
    assert_eq!(
        unpaid["aTiempo"].as_u64().unwrap_or(9) + unpaid["tarde"].as_u64().unwrap_or(9),
        0
    );
    let paid = f
        .app
        .post(
            &format!("/api/familias/{}/cuotas/{cuota}/pagos", f.family),
            Some(&f.beto),
            json!({"monto": 100_000, "fecha": day(t), "metodo": "transferencia"}),
        )
        .await;
    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
    let after = f.statistics(&f.beto, &desde, &hasta).await;
    let counts = &after.body["data"]["dinero"]["cuotas"];
    assert_eq!(
        counts["impagas"].as_u64().unwrap_or(9) + counts["pendientes"].as_u64().unwrap_or(9),
        0,
        "{counts}"
    );
    assert_eq!(dues(&after), 1);
}

#[tokio::test]
async fn a_period_must_be_two_dates_in_order_and_at_most_five_years() {
    let f = family().await;
    let t = today();
    let cases = [
        ("2026-13-01", "2026-12-31", "desde"),
        ("", "2026-12-31", "desde"),
        ("2026-05-01", "2026-04-30", "hasta"),
        (&*day(t), &*day(t + Duration::days(5 * 366)), "hasta"),
    ];
    for (desde, hasta, field) in cases {
        let a = f.statistics(&f.ana, desde, hasta).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{desde} {hasta}"
        );
        assert!(a.body["errors"][field].is_string(), "{}", a.body);
    }
    // A family with nothing yet: empty figures, not an error.
    let empty = f.statistics(&f.ana, &day(t), &day(t)).await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.body);
    assert_eq!(empty.body["data"]["tiempo"]["planificado"], json!([]));
    assert_eq!(empty.body["data"]["mensajes"]["porPersona"], json!([]));
}
