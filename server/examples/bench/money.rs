//! `bench money-seed`: fills a scratch database for `bench/money.sh`. One family of
//! two co-parents (users 1 and 2, sessions `bench-token-<user>`, as `bench messages-seed` makes
//! them) with EXPENSES expenses over the last ten years and PAYMENTS payments between the parents,
//! in pesos. Expenses are split equally, 62.5/37.5 or borne by one parent, with `split` as the API
//! splits them; most are approved (with the other parent's answer), some pending, a few refused.
//! Most payments are confirmed, some pending. The running balances (`saldos`) are written as the
//! API keeps them, and checked at the end against what the seeded history adds up to. No receipts,
//! children or family-record entries.

use std::{collections::BTreeMap, time::Instant};

use chrono::{Duration, SubsecRound, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter,
    Statement,
};
use serde_json::json;

use crate::messages::{insert_all, seed_people, seeded_id};
use nido::{
    money::{
        entities::{finanzas, gasto, gasto_parte, gasto_respuesta, pago, saldo},
        shares::{Weighted, split},
        vocabulary::{
            AnswerDecision, ExpenseCategory, ExpenseState, PaymentState, RefusalReason, SplitMode,
        },
    },
    vocabulary::ClosedSet,
};

pub struct Options {
    pub expenses: usize,
    pub payments: usize,
}

const MONEDA: &str = "ARS";
const DAYS: i64 = 3650;

/// splitmix64: the same history on every run.
fn number(n: u64) -> u64 {
    let mut z = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An expense with its shares and, when answered, the answer.
struct Seeded {
    gasto: gasto::Model,
    partes: Vec<(String, i64)>,
    respuesta: Option<gasto_respuesta::Model>,
}

fn expense(n: usize, count: usize) -> anyhow::Result<Seeded> {
    let now = Utc::now().trunc_subsecs(0);
    let today = now.date_naive();
    let r = number(n as u64);
    let payer = 1 + (r % 2) as usize;
    let other = 3 - payer;
    let (pagador, otro) = (seeded_id(1, payer), seeded_id(1, other));
    // From a thousand pesos' worth of cents down to one cent, odd amounts included.
    let monto = 1 + ((r >> 8) % 5_000_000) as i64;
    let parents = [seeded_id(1, 1), seeded_id(1, 2)];
    let (reparto, weighted) = match (r >> 40) % 10 {
        0..=5 => (
            json!({"modo": SplitMode::Equal, "participantes": parents}),
            parents.iter().map(|p| (p.clone(), 1)).collect::<Vec<_>>(),
        ),
        6..=8 => (
            json!({"modo": SplitMode::Percentages, "participantes": parents,
                   "pesos": {parents[0].clone(): 62.5, parents[1].clone(): 37.5}}),
            vec![(parents[0].clone(), 6250), (parents[1].clone(), 3750)],
        ),
        _ => (
            json!({"modo": SplitMode::Single, "participantes": [otro]}),
            vec![(otro.clone(), 1)],
        ),
    };
    let participants: Vec<Weighted> = weighted
        .iter()
        .map(|(usuario_id, weight)| Weighted {
            usuario_id: usuario_id.clone(),
            weight: *weight,
        })
        .collect();
    let shares = split(monto, &participants, &pagador)
        .map_err(|e| anyhow::anyhow!("bench expense {n}: {e:?}"))?;
    let estado = match (r >> 48) % 50 {
        0..=2 => ExpenseState::Pending,
        3 => ExpenseState::Refused,
        _ => ExpenseState::Approved,
    };
    // The newest last: expense `count` is today's.
    let age = Duration::days((count - n) as i64 * DAYS / count as i64);
    let fecha = today - age;
    // Entered on its day, answered two hours later, both in the past.
    let created_at = now - age - Duration::hours(3);
    let id = seeded_id(0x30, n);
    let refused = estado == ExpenseState::Refused;
    let respuesta = (estado != ExpenseState::Pending).then(|| gasto_respuesta::Model {
        id: seeded_id(0x31, n),
        gasto_id: id.clone(),
        usuario_id: otro.clone(),
        decision: if refused {
            AnswerDecision::Refused
        } else {
            AnswerDecision::Approved
        }
        .into(),
        motivo: refused.then(|| RefusalReason::Duplicate.into()),
        comentario: None,
        propuesta: None,
        monto_propuesto: None,
        reparto_propuesto: None,
        created_at: created_at + Duration::hours(2),
    });
    Ok(Seeded {
        gasto: gasto::Model {
            id,
            familia_id: seeded_id(2, 1),
            descripcion: format!("Gasto {n}"),
            monto,
            moneda: MONEDA.to_owned(),
            fecha,
            categoria: ExpenseCategory::ALL[n % ExpenseCategory::ALL.len()].into(),
            pagado_por: pagador.clone(),
            creado_por: pagador,
            reparto: reparto.to_string(),
            notas: None,
            estado: estado.into(),
            recibo_clave: None,
            recibo_tipo: None,
            recibo_tamano: None,
            recurrente_id: None,
            reintegro_entidad: None,
            reintegro_monto: None,
            reintegro_fecha: None,
            aprobado_auto_en: None,
            created_at,
            updated_at: created_at,
        },
        partes: weighted.into_iter().map(|(u, _)| u).zip(shares).collect(),
        respuesta,
    })
}

fn payment(n: usize, count: usize) -> pago::Model {
    let now = Utc::now().trunc_subsecs(0);
    let r = number(u64::MAX - n as u64);
    let de = 1 + (r % 2) as usize;
    let confirmed = !(r >> 8).is_multiple_of(10);
    let age = Duration::days((count - n) as i64 * DAYS / count as i64);
    let fecha = now.date_naive() - age;
    let created_at = now - age - Duration::hours(4);
    pago::Model {
        id: seeded_id(0x32, n),
        familia_id: seeded_id(2, 1),
        de: seeded_id(1, de),
        para: seeded_id(1, 3 - de),
        monto: 1 + ((r >> 16) % 20_000_000) as i64,
        moneda: MONEDA.to_owned(),
        fecha,
        metodo: Some("transferencia".to_owned()),
        referencia: None,
        estado: if confirmed {
            PaymentState::Confirmed
        } else {
            PaymentState::Pending
        }
        .into(),
        comprobante_clave: None,
        comprobante_tipo: None,
        comprobante_tamano: None,
        creado_por: seeded_id(1, de),
        created_at,
        respondido_at: confirmed.then(|| created_at + Duration::hours(3)),
    }
}

/// Each parent's balance as the seeded history gives it, added up by the database.
async fn from_history(db: &DatabaseConnection) -> anyhow::Result<BTreeMap<String, i64>> {
    let family = seeded_id(2, 1);
    // CAST: PostgreSQL's SUM of a bigint is a numeric.
    let sql = format!(
        "SELECT usuario, CAST(SUM(monto) AS BIGINT) AS monto FROM (
           SELECT pagado_por AS usuario, monto FROM gastos
             WHERE familia_id = '{family}' AND moneda = '{MONEDA}' AND estado = 'aprobado'
           UNION ALL
           SELECT p.usuario_id, -p.monto FROM gasto_partes p JOIN gastos g ON g.id = p.gasto_id
             WHERE g.familia_id = '{family}' AND g.moneda = '{MONEDA}' AND g.estado = 'aprobado'
           UNION ALL
           SELECT de, monto FROM pagos
             WHERE familia_id = '{family}' AND moneda = '{MONEDA}' AND estado = 'confirmado'
           UNION ALL
           SELECT para, -monto FROM pagos
             WHERE familia_id = '{family}' AND moneda = '{MONEDA}' AND estado = 'confirmado'
         ) movimientos GROUP BY usuario"
    );
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?;
    let mut totals = BTreeMap::new();
    for row in rows {
        totals.insert(
            row.try_get::<String>("", "usuario")?,
            row.try_get::<i64>("", "monto")?,
        );
    }
    Ok(totals)
}

pub async fn run(db: DatabaseConnection, options: Options) -> anyhow::Result<()> {
    anyhow::ensure!(
        options.expenses > 0 && options.payments > 0,
        "at least one expense and one payment"
    );
    let started = Instant::now();
    let now = Utc::now().trunc_subsecs(0);
    seed_people(&db, 1, 2, now).await?;
    insert_all(
        &db,
        [finanzas::Model {
            familia_id: seeded_id(2, 1),
            moneda: MONEDA.to_owned(),
            aprobacion_automatica: "{}".to_owned(),
            ingresos: "{}".to_owned(),
            updated_at: now,
        }
        .into_active_model()],
    )
    .await?;

    let mut balances: BTreeMap<String, i64> = [1, 2].map(|u| (seeded_id(1, u), 0)).into();
    let expenses = (1..=options.expenses)
        .map(|n| expense(n, options.expenses))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for e in expenses
        .iter()
        .filter(|e| e.gasto.estado == ExpenseState::Approved.as_str())
    {
        *balances.entry(e.gasto.pagado_por.clone()).or_default() += e.gasto.monto;
        for (usuario_id, parte) in &e.partes {
            *balances.entry(usuario_id.clone()).or_default() -= parte;
        }
    }
    insert_all(
        &db,
        expenses.iter().map(|e| e.gasto.clone().into_active_model()),
    )
    .await?;
    insert_all(
        &db,
        expenses.iter().flat_map(|e| {
            e.partes.iter().map(|(usuario_id, monto)| {
                gasto_parte::Model {
                    gasto_id: e.gasto.id.clone(),
                    usuario_id: usuario_id.clone(),
                    monto: *monto,
                    reintegro: None,
                }
                .into_active_model()
            })
        }),
    )
    .await?;
    insert_all(
        &db,
        expenses
            .iter()
            .filter_map(|e| e.respuesta.clone().map(IntoActiveModel::into_active_model)),
    )
    .await?;

    let payments: Vec<pago::Model> = (1..=options.payments)
        .map(|n| payment(n, options.payments))
        .collect();
    for p in payments
        .iter()
        .filter(|p| p.estado == PaymentState::Confirmed.as_str())
    {
        *balances.entry(p.de.clone()).or_default() += p.monto;
        *balances.entry(p.para.clone()).or_default() -= p.monto;
    }
    insert_all(
        &db,
        payments.into_iter().map(IntoActiveModel::into_active_model),
    )
    .await?;
    insert_all(
        &db,
        balances.iter().map(|(usuario_id, monto)| {
            saldo::Model {
                familia_id: seeded_id(2, 1),
                moneda: MONEDA.to_owned(),
                usuario_id: usuario_id.clone(),
                monto: *monto,
            }
            .into_active_model()
        }),
    )
    .await?;
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        db.execute_unprepared("ANALYZE").await?;
    }

    // What the server will read, against what the rows it lists add up to.
    let kept: BTreeMap<String, i64> = saldo::Entity::find()
        .filter(saldo::Column::FamiliaId.eq(seeded_id(2, 1)))
        .filter(saldo::Column::Moneda.eq(MONEDA))
        .all(&db)
        .await?
        .into_iter()
        .map(|s| (s.usuario_id, s.monto))
        .collect();
    anyhow::ensure!(
        kept.values().sum::<i64>() == 0,
        "the running balances do not add up to zero: {kept:?}"
    );
    let history = from_history(&db).await?;
    anyhow::ensure!(
        history == kept,
        "the running balances {kept:?} are not what the history adds up to: {history:?}"
    );
    println!(
        "seeded 1 family, {} expenses ({} approved), {} payments; balances {:?}, equal to the history's, in {:.1} s",
        options.expenses,
        expenses
            .iter()
            .filter(|e| e.gasto.estado == ExpenseState::Approved.as_str())
            .count(),
        options.payments,
        kept,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
