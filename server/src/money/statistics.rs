//! Money's section of a family's statistics (`dinero`), for the co-parents alone, in the family's
//! currency: the counted expenses as `/informes/gastos` gives them; each co-parent's balance at the
//! end of each month of the period; the child-support dues that fell due in it, by how they were
//! paid.
//!
//! The balances are replayed from the history, each counted expense on its date and each
//! confirmed payment on its own, with the rule the running balances follow (`balance`): after
//! the last of them, the replay is what `/balance` shows. A due counts as paid on time when the
//! payments dated up to its day cover it, oldest dues first, as payments settle them.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    access::coparents,
    entities::{gasto, gasto_parte, pago},
    reports::{self, ExpenseReport},
    settings,
    support::entities::{pago as support_payment, vencimiento},
    vocabulary::{ExpenseState, PaymentState},
};
use crate::{
    error::ApiResult,
    families::entities::familia,
    ids::{FamilyId, UserId},
    platform,
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoneyStatistics {
    /// The counted expenses of the family's currency, as `/informes/gastos` gives them.
    pub gastos: ExpenseReport,
    /// Each co-parent's balance in the family's currency at the end of each month of the period
    /// (positive: they are owed).
    pub saldo_por_mes: Vec<MonthBalance>,
    /// Child-support dues whose day fell in the period.
    pub cuotas: DueCounts,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthBalance {
    /// `YYYY-MM`.
    pub mes: String,
    pub saldos: Vec<PersonBalance>,
}

#[derive(Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonBalance {
    pub usuario_id: String,
    /// Minor units.
    pub saldo: i64,
}

#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueCounts {
    /// Covered by payments dated on or before the due's day.
    pub a_tiempo: i64,
    /// Covered, but later.
    pub tarde: i64,
    /// Past their day and not covered.
    pub impagas: i64,
    /// Not yet due and not covered.
    pub pendientes: i64,
}

/// An agreement's dues, and the dates and amounts of its payments that count.
type Agreement = (Vec<vencimiento::Model>, Vec<(NaiveDate, i64)>);

/// A move of balances on a date: who, by how much.
type Movement = (NaiveDate, String, i64);

/// The balance of each of `people` at the end of each month, from movements in any order.
fn balances(
    mut movements: Vec<Movement>,
    people: &[String],
    months: &[(NaiveDate, NaiveDate)],
) -> Vec<MonthBalance> {
    movements.sort_by_key(|m| m.0);
    let mut totals: BTreeMap<&str, i64> = BTreeMap::new();
    let mut next = movements.iter().peekable();
    months
        .iter()
        .map(|(first, last)| {
            while let Some((_, who, amount)) = next.next_if(|m| m.0 <= *last) {
                *totals.entry(who.as_str()).or_default() += amount;
            }
            MonthBalance {
                mes: first.format("%Y-%m").to_string(),
                saldos: people
                    .iter()
                    .map(|p| PersonBalance {
                        usuario_id: p.clone(),
                        saldo: totals.get(p.as_str()).copied().unwrap_or(0),
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Counts the dues of one agreement that fall in `desde..=hasta`, given all its dues and the
/// dates and amounts of the payments that count.
fn due_counts(
    dues: &mut [vencimiento::Model],
    payments: &mut [(NaiveDate, i64)],
    desde: NaiveDate,
    hasta: NaiveDate,
    today: NaiveDate,
    counts: &mut DueCounts,
) {
    dues.sort_by(|a, b| (a.vence, &a.periodo).cmp(&(b.vence, &b.periodo)));
    payments.sort();
    let mut owed = 0;
    for due in dues.iter() {
        owed += due.monto;
        if !(desde..=hasta).contains(&due.vence) {
            continue;
        }
        let mut paid = 0;
        let covered_on = payments.iter().find_map(|(date, amount)| {
            paid += amount;
            (paid >= owed).then_some(*date)
        });
        match covered_on {
            Some(date) if date <= due.vence => counts.a_tiempo += 1,
            Some(_) => counts.tarde += 1,
            None if due.vence < today => counts.impagas += 1,
            None => counts.pendientes += 1,
        }
    }
}

/// `money`'s section as JSON, kept by the family's money version (raised by every change to what
/// it counts, m0032 and m0043) for the day `today`; 404 unless `usuario_id` is a co-parent.
pub async fn kept(
    state: &AppState,
    usuario_id: &UserId,
    family: &familia::Model,
    desde: NaiveDate,
    hasta: NaiveDate,
    today: NaiveDate,
) -> ApiResult<Box<serde_json::value::RawValue>> {
    let stamp = super::kept::stamp(&state.db, &FamilyId::new(&family.id), usuario_id).await?;
    // The zone names the currency when the family has not chosen one.
    let key = format!(
        "estadisticas {} {desde} {hasta} {today} {}",
        family.id, family.zona_horaria
    );
    let answers = state.part::<super::kept::Answers>();
    let body = platform::kept::answer(answers, key, stamp, super::kept::MAX_KEPT_BYTES, || async {
        let months = crate::time_zone::months(desde, hasta);
        Ok(money(&state.db, family, desde, hasta, &months, today).await?)
    })
    .await?;
    platform::kept::raw(body)
}

/// The section from `desde` to `hasta`; `today` in the family's time zone tells unpaid dues
/// from those not yet due.
pub async fn money(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    desde: NaiveDate,
    hasta: NaiveDate,
    months: &[(NaiveDate, NaiveDate)],
    today: NaiveDate,
) -> Result<MoneyStatistics, DbErr> {
    let moneda = settings::load(db, family).await?.moneda;
    let people = coparents(db, &family.id).await?;
    let gastos =
        reports::period_report(db, &family.id, moneda.clone(), desde, hasta, &people).await?;
    let counted = gasto::Entity::find()
        .filter(gasto::Column::FamiliaId.eq(&family.id))
        .filter(gasto::Column::Estado.eq(ExpenseState::Approved))
        .filter(gasto::Column::Moneda.eq(&moneda))
        .filter(gasto::Column::Fecha.lte(hasta));
    let expenses: Vec<(String, String, i64, Option<i64>, NaiveDate)> = counted
        .clone()
        .select_only()
        .columns([
            gasto::Column::Id,
            gasto::Column::PagadoPor,
            gasto::Column::Monto,
            gasto::Column::ReintegroMonto,
            gasto::Column::Fecha,
        ])
        .into_tuple()
        .all(db)
        .await?;
    let dates: BTreeMap<&str, NaiveDate> = expenses
        .iter()
        .map(|(id, _, _, _, fecha)| (id.as_str(), *fecha))
        .collect();
    let shares: Vec<(String, String, i64, Option<i64>)> = gasto_parte::Entity::find()
        .select_only()
        .columns([
            gasto_parte::Column::GastoId,
            gasto_parte::Column::UsuarioId,
            gasto_parte::Column::Monto,
            gasto_parte::Column::Reintegro,
        ])
        .filter(
            gasto_parte::Column::GastoId
                .in_subquery(counted.select_only().column(gasto::Column::Id).into_query()),
        )
        .into_tuple()
        .all(db)
        .await?;
    let payments: Vec<(String, String, i64, NaiveDate)> = pago::Entity::find()
        .select_only()
        .columns([
            pago::Column::De,
            pago::Column::Para,
            pago::Column::Monto,
            pago::Column::Fecha,
        ])
        .filter(pago::Column::FamiliaId.eq(&family.id))
        .filter(pago::Column::Estado.eq(PaymentState::Confirmed))
        .filter(pago::Column::Moneda.eq(&moneda))
        .filter(pago::Column::Fecha.lte(hasta))
        .into_tuple()
        .all(db)
        .await?;
    let mut movements: Vec<Movement> = Vec::new();
    for (_, payer, monto, refund, fecha) in &expenses {
        movements.push((*fecha, payer.clone(), monto - refund.unwrap_or(0)));
    }
    for (gasto_id, person, monto, refund) in shares {
        if let Some(fecha) = dates.get(gasto_id.as_str()) {
            movements.push((*fecha, person, -(monto - refund.unwrap_or(0))));
        }
    }
    for (de, para, monto, fecha) in payments {
        movements.push((fecha, de, monto));
        movements.push((fecha, para, -monto));
    }

    let dues = vencimiento::Entity::find()
        .filter(vencimiento::Column::FamiliaId.eq(&family.id))
        .all(db)
        .await?;
    let paid: Vec<(String, NaiveDate, i64)> = support_payment::Entity::find()
        .select_only()
        .columns([
            support_payment::Column::CuotaId,
            support_payment::Column::Fecha,
            support_payment::Column::Monto,
        ])
        .filter(support_payment::Column::FamiliaId.eq(&family.id))
        .filter(support_payment::Column::Estado.eq(PaymentState::Confirmed))
        .into_tuple()
        .all(db)
        .await?;
    let mut by_agreement: BTreeMap<String, Agreement> = BTreeMap::new();
    for due in dues {
        by_agreement
            .entry(due.cuota_id.clone())
            .or_default()
            .0
            .push(due);
    }
    for (cuota_id, fecha, monto) in paid {
        by_agreement
            .entry(cuota_id)
            .or_default()
            .1
            .push((fecha, monto));
    }
    let mut cuotas = DueCounts::default();
    for (dues, payments) in by_agreement.values_mut() {
        due_counts(dues, payments, desde, hasta, today, &mut cuotas);
    }
    Ok(MoneyStatistics {
        gastos,
        saldo_por_mes: balances(movements, &people, months),
        cuotas,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    #[test]
    fn balances_add_up_to_each_months_end() {
        let months = crate::time_zone::months(d("2026-01-01"), d("2026-03-31"));
        let people = ["ana".to_owned(), "beto".to_owned()];
        let movements = vec![
            (d("2026-02-10"), "ana".to_owned(), 100),
            (d("2026-02-10"), "beto".to_owned(), -100),
            (d("2025-12-31"), "beto".to_owned(), 30),
            (d("2025-12-31"), "ana".to_owned(), -30),
            (d("2026-03-31"), "ana".to_owned(), -40),
            (d("2026-03-31"), "beto".to_owned(), 40),
        ];
        let out = balances(movements, &people, &months);
        let of = |i: usize| -> Vec<i64> { out[i].saldos.iter().map(|p| p.saldo).collect() };
        assert_eq!(out[0].mes, "2026-01");
        assert_eq!(of(0), [-30, 30]);
        assert_eq!(of(1), [70, -70]);
        assert_eq!(of(2), [30, -30]);
    }

    #[test]
    fn dues_are_covered_oldest_first_by_the_payments_dated_up_to_their_day() {
        let due = |periodo: &str, vence: &str, monto: i64| vencimiento::Model {
            cuota_id: "c".into(),
            periodo: periodo.into(),
            familia_id: "f".into(),
            vence: d(vence),
            monto,
            pagado: 0,
            avisado_en: None,
            creado_en: chrono::Utc::now(),
        };
        let mut dues = vec![
            due("2026-03", "2026-03-10", 100),
            due("2026-01", "2026-01-10", 100),
            due("2026-02", "2026-02-10", 100),
            due("2026-04", "2026-04-10", 100),
            due("2026-05", "2026-05-10", 100),
        ];
        // January on time; February covered only on 20 February; March never; April not due yet
        // on 5 April... and May outside the period.
        let mut payments = vec![(d("2026-02-20"), 100), (d("2026-01-05"), 100)];
        let mut counts = DueCounts::default();
        due_counts(
            &mut dues,
            &mut payments,
            d("2026-01-01"),
            d("2026-04-30"),
            d("2026-04-05"),
            &mut counts,
        );
        assert_eq!(
            counts,
            DueCounts {
                a_tiempo: 1,
                tarde: 1,
                impagas: 1,
                pendientes: 1,
            }
        );
    }
}
