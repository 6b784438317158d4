//! Nido's balances against IHateMoney's (scripts/reference/ihatemoney_balances.py, installed by
//! `make reference`): sixty expenses among three co-parents, split equally, by percentages, by
//! incomes and to one person, with odd cents and amounts of one or two cents, plus a few payments
//! between them, entered and approved through the API. Every parent's balance must be within one
//! cent per bill of what IHateMoney computes from the same bills, and Nido's must add up to
//! exactly zero.

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Stdio},
};

use reqwest::StatusCode;
use serde_json::{Map, Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
const BILLS: usize = 60;
const PAYMENTS: usize = 6;
const CATEGORIES: [&str; 9] = [
    "educacion",
    "salud",
    "actividades",
    "ropa-calzado",
    "alimentacion",
    "transporte",
    "entretenimiento",
    "emergencias",
    "otros",
];

/// splitmix64: the same bills on every run and machine.
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One expense as both sides take it: who paid, how much, and each participant with the weight
/// Nido's `pesos` and IHateMoney's ower weights carry (None: `igual` or `unico`, weight 1).
struct Bill {
    payer: usize,
    monto: i64,
    modo: &'static str,
    participants: Vec<(usize, Option<Value>)>,
}

/// Percentages that total 100, some with two decimals.
const PERCENTAGES: [&[f64]; 5] = [
    &[62.5, 37.5],
    &[33.33, 33.33, 33.34],
    &[50.0, 30.0, 20.0],
    &[12.25, 40.5, 47.25],
    &[99.99, 0.01],
];

/// Monthly incomes in minor units, one per parent, none a multiple of another.
const INCOMES: [i64; 3] = [150_000_000, 95_000_050, 33_333];

fn bills() -> Vec<Bill> {
    let mut numbers = Numbers(18);
    (0..BILLS)
        .map(|k| {
            let payer = numbers.below(3) as usize;
            let monto = match k % 4 {
                // One or two cents among two or three: someone's share is nothing.
                0 => 1 + numbers.below(2) as i64,
                // Odd cents under a thousand pesos.
                1 => 2 * numbers.below(50_000) as i64 + 1,
                2 => 1 + numbers.below(10_000_000) as i64,
                // Up to ten million pesos.
                _ => 1 + numbers.below(1_000_000_000) as i64,
            };
            // Everyone, or two of the three starting at a chosen one.
            let some = |numbers: &mut Numbers, count: usize| -> Vec<usize> {
                let first = numbers.below(3) as usize;
                (0..count).map(|i| (first + i) % 3).collect()
            };
            let equal = |parents: Vec<usize>| parents.into_iter().map(|p| (p, None)).collect();
            let (modo, participants) = match k % 6 {
                0 | 1 => ("igual", equal(some(&mut numbers, 3))),
                2 => ("igual", equal(some(&mut numbers, 2))),
                3 => {
                    let set = PERCENTAGES[numbers.below(PERCENTAGES.len() as u64) as usize];
                    let weighted = some(&mut numbers, set.len())
                        .into_iter()
                        .zip(set.iter())
                        .map(|(p, w)| (p, Some(json!(w))))
                        .collect();
                    ("porcentajes", weighted)
                }
                4 => {
                    let count = 2 + numbers.below(2) as usize;
                    let weighted = some(&mut numbers, count)
                        .into_iter()
                        .map(|p| (p, Some(json!(INCOMES[p]))))
                        .collect();
                    ("ingresos", weighted)
                }
                _ => ("unico", equal(some(&mut numbers, 1))),
            };
            Bill {
                payer,
                monto,
                modo,
                participants,
            }
        })
        .collect()
}

/// Minor units as the decimal string IHateMoney is given.
fn decimal(monto: i64) -> String {
    format!("{}.{:02}", monto / 100, monto % 100)
}

/// The interpreter `make test` installs the references into, else `python3`.
fn python() -> PathBuf {
    if let Ok(path) = std::env::var("NIDO_REFERENCE_PYTHON") {
        return path.into();
    }
    let venv =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/reference-venv/bin/python3");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

fn ihatemoney(input: &Value) -> Map<String, Value> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts/reference/ihatemoney_balances.py");
    let mut child = Command::new(python())
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (make test installs ihatemoney)");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.to_string().as_bytes())
        .expect("the bills reach the reference");
    let out = child.wait_with_output().expect("the reference finishes");
    assert!(
        out.status.success(),
        "the reference failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    match serde_json::from_slice(&out.stdout).expect("the reference prints JSON") {
        Value::Object(balances) => balances,
        other => panic!("the reference printed {other}"),
    }
}

#[tokio::test]
async fn balances_agree_with_ihatemoney() {
    let app = TestApp::spawn().await;
    let mut parents = Vec::new();
    for name in ["ana", "beto", "caro"] {
        parents.push(app.register(&format!("{name}@example.org"), PASSWORD).await);
    }
    let family = app.own_family(&parents[0].0).await;
    app.join_family(&parents[0].0, &family, &parents[1].0, "coparent", "padre")
        .await;
    app.join_family(&parents[0].0, &family, &parents[2].0, "coparent", "otro")
        .await;
    let token = |id: &str| -> &str {
        parents
            .iter()
            .find(|(_, p)| p == id)
            .map(|(t, _)| t.as_str())
            .expect("a parent's id")
    };

    let bills = bills();
    let mut reference = Vec::new();
    for (k, bill) in bills.iter().enumerate() {
        let payer = &parents[bill.payer];
        let mut pesos = Map::new();
        for (p, weight) in &bill.participants {
            if let Some(weight) = weight {
                pesos.insert(parents[*p].1.clone(), weight.clone());
            }
        }
        let mut reparto = json!({
            "modo": bill.modo,
            "participantes": bill.participants.iter().map(|(p, _)| &parents[*p].1).collect::<Vec<_>>(),
        });
        if !pesos.is_empty() {
            reparto["pesos"] = Value::Object(pesos.clone());
        }
        let created = app
            .post(
                "/api/gastos",
                Some(&payer.0),
                json!({
                    "familiaId": family,
                    "descripcion": format!("Gasto {k}"),
                    "monto": bill.monto,
                    "moneda": "ARS",
                    "fecha": format!("2026-{:02}-{:02}", 1 + k % 12, 1 + k % 28),
                    "categoria": CATEGORIES[k % CATEGORIES.len()],
                    "pagadoPor": payer.1,
                    "reparto": reparto,
                }),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
        let gasto = &created.body["data"];
        let partes: i64 = gasto["partes"]
            .as_object()
            .expect("partes")
            .values()
            .map(|v| v.as_i64().expect("an integer share"))
            .sum();
        assert_eq!(partes, bill.monto, "bill {k}'s shares add up: {gasto}");
        let id = gasto["id"].as_str().expect("id").to_owned();
        for waiting in gasto["faltan"].as_array().expect("faltan") {
            let approved = app
                .post(
                    &format!("/api/gastos/{id}/aprobar"),
                    Some(token(waiting.as_str().expect("a user id"))),
                    Value::Null,
                )
                .await;
            assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
        }
        let seen = app.get(&format!("/api/gastos/{id}"), Some(&payer.0)).await;
        assert_eq!(seen.body["data"]["estado"], "aprobado", "{}", seen.body);
        reference.push(json!({
            "payer": payer.1,
            "amount": decimal(bill.monto),
            "owers": bill.participants.iter().map(|(p, _)| &parents[*p].1).collect::<Vec<_>>(),
            "weights": Value::Object(pesos),
        }));
    }

    // Payments recorded by the one who received them count at once.
    let mut numbers = Numbers(2026);
    for k in 0..PAYMENTS {
        let (de, para) = (&parents[k % 3], &parents[(k + 1) % 3]);
        let monto = 1 + numbers.below(5_000_000) as i64;
        let paid = app
            .post(
                "/api/pagos",
                Some(&para.0),
                json!({
                    "familiaId": family, "de": de.1, "para": para.1, "monto": monto,
                    "moneda": "ARS", "fecha": format!("2026-12-{:02}", 1 + k),
                }),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["data"]["estado"], "confirmado", "{}", paid.body);
        reference.push(json!({
            "payer": de.1, "amount": decimal(monto), "owers": [para.1], "type": "Reimbursement",
        }));
    }

    let balance = app
        .get(
            &format!("/api/familias/{family}/balance"),
            Some(&parents[1].0),
        )
        .await;
    assert_eq!(balance.status, StatusCode::OK, "{}", balance.body);
    let saldos = balance.body["data"]["monedas"]["ARS"]["saldos"]
        .as_object()
        .expect("ARS balances")
        .clone();
    assert_eq!(saldos.len(), 3, "{saldos:?}");
    let nido: Vec<i64> = parents
        .iter()
        .map(|(_, id)| saldos[id].as_i64().expect("an integer balance"))
        .collect();
    assert_eq!(nido.iter().sum::<i64>(), 0, "{saldos:?}");

    let members: Vec<&String> = parents.iter().map(|(_, id)| id).collect();
    let theirs = ihatemoney(&json!({"members": members, "bills": reference}));
    for ((_, id), ours) in parents.iter().zip(&nido) {
        let theirs = theirs[id].as_f64().expect("a balance") * 100.0;
        let apart = (*ours as f64 - theirs).abs();
        assert!(
            apart <= BILLS as f64,
            "{id}: Nido {ours}, IHateMoney {theirs:.4} (minor units): {apart:.4} apart over {BILLS} bills"
        );
    }
    // Agreeing on nothing would prove nothing: the bills leave every parent owing or owed.
    assert!(nido.iter().all(|b| *b != 0), "{saldos:?}");
}
