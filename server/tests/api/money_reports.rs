//! Expense reports: totals of counted expenses by month, category, child (exact shares of an
//! expense for several children) and person; currencies and dates kept apart; the CSV file
//! (parsed back, headers in the caller's language, amounts with the currency's exponent,
//! commas and quotes escaped); isolation and bad queries.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::custody::{Family, family};

impl Family {
    /// An expense by Ana that Beto approves (unless `approve` is false); its id.
    async fn spent(&self, body: Value, approve: bool) -> String {
        let mut body = body;
        let defaults = json!({"familiaId": self.family, "descripcion": "Útiles", "pagadoPor": self.ana_id,
            "reparto": {"modo": "igual", "participantes": [self.ana_id, self.beto_id]}});
        if let (Some(b), Some(d)) = (body.as_object_mut(), defaults.as_object()) {
            for (k, v) in d {
                b.entry(k.clone()).or_insert(v.clone());
            }
        }
        let a = self.app.post("/api/gastos", Some(&self.ana), body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        let id = a.body["data"]["id"].as_str().unwrap_or_default().to_owned();
        if approve && a.body["data"]["estado"] != "aprobado" {
            let ok = self
                .app
                .post(
                    &format!("/api/gastos/{id}/aprobar"),
                    Some(&self.beto),
                    json!({}),
                )
                .await;
            assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
            assert_eq!(ok.body["data"]["estado"], "aprobado", "{}", ok.body);
        }
        id
    }

    async fn report(&self, token: &str, query: &str) -> crate::helpers::Answer {
        self.app
            .get(
                &format!("/api/familias/{}/informes/gastos{query}", self.family),
                Some(token),
            )
            .await
    }

    async fn csv(
        &self,
        token: &str,
        query: &str,
    ) -> (StatusCode, reqwest::header::HeaderMap, String) {
        let res = self
            .app
            .client
            .get(format!(
                "{}/api/familias/{}/informes/gastos.csv{query}",
                self.app.base, self.family
            ))
            .bearer_auth(token)
            .send()
            .await
            .expect("csv");
        let status = res.status();
        let headers = res.headers().clone();
        (status, headers, res.text().await.expect("text"))
    }
}

/// A small RFC 4180 reader: the lines of a CSV text, each as its fields.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

fn total_of<'a>(list: &'a Value, key: &str, value: &Value) -> &'a Value {
    list.as_array()
        .and_then(|l| l.iter().find(|x| &x[key] == value))
        .map_or(&Value::Null, |x| &x["total"])
}

#[tokio::test]
async fn totals_by_month_category_child_and_person_over_counted_expenses() {
    let f = family().await;
    let mut kids = [
        f.app.add_child(&f.ana, &f.family).await,
        f.app.add_child(&f.ana, &f.family).await,
    ];
    kids.sort();
    let (first, second) = (kids[0].clone(), kids[1].clone());
    // 10.01 for both children: the first (by id) gets the odd cent.
    f.spent(
        json!({"monto": 1001, "moneda": "ARS", "fecha": "2030-01-15", "categoria": "educacion",
               "hijos": [second, first]}),
        true,
    )
    .await;
    f.spent(
        json!({"monto": 2000, "moneda": "ARS", "fecha": "2030-01-20", "categoria": "salud",
               "pagadoPor": f.beto_id, "hijos": [second]}),
        true,
    )
    .await;
    f.spent(
        json!({"monto": 500, "moneda": "ARS", "fecha": "2030-02-03", "categoria": "salud",
               "reparto": {"modo": "unico", "participantes": [f.beto_id]}}),
        true,
    )
    .await;
    // Not counted: pending, or another currency.
    f.spent(
        json!({"monto": 99_999, "moneda": "ARS", "fecha": "2030-02-10", "categoria": "ropa-calzado"}),
        false,
    )
    .await;
    f.spent(
        json!({"monto": 700, "moneda": "USD", "fecha": "2030-02-11", "categoria": "otros"}),
        true,
    )
    .await;

    let a = f.report(&f.beto, "?moneda=ARS").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let r = &a.body["data"];
    assert_eq!(r["moneda"], "ARS");
    assert_eq!(
        r["porMes"],
        json!([{"mes": "2030-01", "total": 3001}, {"mes": "2030-02", "total": 500}])
    );
    assert_eq!(
        r["porCategoria"],
        json!([{"categoria": "salud", "total": 2500}, {"categoria": "educacion", "total": 1001}])
    );
    assert_eq!(total_of(&r["porHijo"], "hijoId", &json!(first)), 501);
    assert_eq!(total_of(&r["porHijo"], "hijoId", &json!(second)), 2500);
    assert_eq!(total_of(&r["porHijo"], "hijoId", &Value::Null), 500);
    // Ana paid 10.01 + 5.00; shares: 10.01 → Ana 5.00, Beto 5.01 (the odd cent goes to the one
    // who did not pay); 20.00 → 10.00 each; 5.00 → Beto alone.
    assert_eq!(
        r["porPersona"],
        json!([
            {"usuarioId": f.ana_id, "pagado": 1501, "parte": 1500},
            {"usuarioId": f.beto_id, "pagado": 2000, "parte": 2001},
        ])
    );

    let february = f.report(&f.ana, "?desde=2030-02-01&hasta=2030-02-28").await;
    assert_eq!(
        february.body["data"]["porMes"],
        json!([{"mes": "2030-02", "total": 500}])
    );
    let dollars = f.report(&f.ana, "?moneda=USD").await;
    assert_eq!(
        dollars.body["data"]["porMes"],
        json!([{"mes": "2030-02", "total": 700}])
    );
    // Without a currency: the family's own (pesos, in Buenos Aires).
    let default = f.report(&f.ana, "").await;
    assert_eq!(default.body["data"]["moneda"], "ARS");

    for (query, field) in [
        ("?desde=ayer", "desde"),
        ("?hasta=2030-13-01", "hasta"),
        ("?desde=2030-02-01&hasta=2030-01-01", "hasta"),
        ("?moneda=XYZ", "moneda"),
    ] {
        let bad = f.report(&f.ana, query).await;
        assert_eq!(
            bad.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{query} {}",
            bad.body
        );
        assert!(
            bad.body["errors"][field].is_string(),
            "{query} {}",
            bad.body
        );
    }
    for token in [&f.vera, &f.carla] {
        assert_eq!(f.report(token, "").await.status, StatusCode::NOT_FOUND);
        assert_eq!(f.csv(token, "").await.0, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_csv_has_one_line_per_counted_expense_in_the_callers_language() {
    let f = family().await;
    f.spent(
        json!({"monto": 1001, "moneda": "ARS", "fecha": "2030-01-15", "categoria": "educacion",
               "descripcion": "Libros, \"escolares\""}),
        true,
    )
    .await;
    f.spent(
        json!({"monto": 250, "moneda": "ARS", "fecha": "2030-01-02", "categoria": "salud",
               "descripcion": "=HYPERLINK(\"x\")"}),
        true,
    )
    .await;
    f.spent(
        json!({"monto": 1500, "moneda": "JPY", "fecha": "2030-01-03", "categoria": "otros"}),
        true,
    )
    .await;
    f.spent(
        json!({"monto": 1234, "moneda": "KWD", "fecha": "2030-01-04", "categoria": "otros",
               "reparto": {"modo": "unico", "participantes": [f.beto_id]}}),
        true,
    )
    .await;

    let (status, headers, text) = f.csv(&f.ana, "?moneda=ARS").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(
        headers[reqwest::header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|v| v.starts_with("text/csv"))
    );
    assert!(
        headers[reqwest::header::CONTENT_DISPOSITION]
            .to_str()
            .is_ok_and(|v| v.starts_with("attachment"))
    );
    let rows = parse_csv(&text);
    assert_eq!(
        rows[0],
        [
            "Fecha",
            "Descripción",
            "Categoría",
            "Monto",
            "Moneda",
            "Pagado por",
            "Parte de Ana Paz",
            "Parte de Beto Paz"
        ]
    );
    assert_eq!(rows.len(), 3, "{text}");
    assert_eq!(
        rows[1],
        [
            "2030-01-02",
            "'=HYPERLINK(\"x\")",
            "salud",
            "2.50",
            "ARS",
            "Ana Paz",
            "1.25",
            "1.25"
        ]
    );
    assert_eq!(
        rows[2],
        [
            "2030-01-15",
            "Libros, \"escolares\"",
            "educacion",
            "10.01",
            "ARS",
            "Ana Paz",
            "5.00",
            "5.01"
        ]
    );

    let (_, _, yen) = f.csv(&f.ana, "?moneda=JPY").await;
    assert_eq!(parse_csv(&yen)[1][3], "1500");
    let (_, _, dinars) = f.csv(&f.ana, "?moneda=KWD").await;
    let dinars = parse_csv(&dinars);
    assert_eq!(
        dinars[0].len(),
        7,
        "only who had a share gets a column: {dinars:?}"
    );
    assert_eq!(dinars[1][3], "1.234");
    assert_eq!(dinars[1][6], "1.234");

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
    let (_, headers, text) = f.csv(&f.beto, "?moneda=ARS").await;
    assert_eq!(
        parse_csv(&text)[0],
        [
            "Date",
            "Description",
            "Category",
            "Amount",
            "Currency",
            "Paid by",
            "Share of Ana Paz",
            "Share of Beto Paz"
        ]
    );
    assert!(
        headers[reqwest::header::CONTENT_DISPOSITION]
            .to_str()
            .is_ok_and(|v| v.contains("expenses"))
    );
    let (status, _, _) = f.csv(&f.ana, "?moneda=nope").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
