//! Dues: each month of an active agreement makes one, due on its day, once the month has begun
//! (in the family's time zone). Its amount is the one in force on its due date, fixed when it is
//! made. A due past its date and not fully paid tells both parents, once: the statement that
//! marks it is the claim, so two runs or two instances tell it once.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
    sea_query::{Expr, ExprTrait, OnConflict},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    acts, coparents,
    entities::{ajuste, cuota, vencimiento},
    format_amount, lock, notice, publish, today_in,
    vocabulary::DueState,
};
use crate::{
    families::{
        entities::familia,
        record::{self, Act, Audience},
    },
    ids::FamilyId,
    platform::jobs::Periodic,
    state::AppState,
};

/// Runs hourly so a due is made soon after its month begins in every time zone; each run does
/// only what is missing.
pub const JOB: Periodic = Periodic {
    kind: "cuotas.vencimientos",
    every: Duration::hours(1),
};

/// The most months one agreement is caught up in one go (a hundred years).
const MAX_PERIODS: usize = 1200;

/// A due as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueView {
    /// `YYYY-MM`.
    pub periodo: String,
    #[schema(value_type = String, format = Date)]
    pub vence: NaiveDate,
    pub monto: i64,
    pub pagado: i64,
    /// pendiente, parcial, pagado or vencido (past its date and not fully paid).
    pub estado: DueState,
}

pub fn estado(due: &vencimiento::Model, today: NaiveDate) -> DueState {
    if due.pagado >= due.monto {
        DueState::Paid
    } else if due.vence < today {
        DueState::Overdue
    } else if due.pagado > 0 {
        DueState::Partial
    } else {
        DueState::Pending
    }
}

pub fn view(due: &vencimiento::Model, today: NaiveDate) -> DueView {
    DueView {
        periodo: due.periodo.clone(),
        vence: due.vence,
        monto: due.monto,
        pagado: due.pagado,
        estado: estado(due, today),
    }
}

/// The due date of a month: its `day` (1 to 28, so every month has it).
pub fn due_date(year: i32, month: u32, day: i32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, u32::try_from(day).ok()?)
}

fn next_month(year: i32, month: u32) -> (i32, u32) {
    if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    }
}

/// The months an agreement owes as of `today`: (`YYYY-MM`, due date) for each month that has
/// begun whose due date falls from `from` (its start, or when it was last made active) to its
/// end.
pub fn periods(
    from: NaiveDate,
    hasta: Option<NaiveDate>,
    day: i32,
    today: NaiveDate,
) -> Vec<(String, NaiveDate)> {
    let mut out = Vec::new();
    let (mut year, mut month) = (from.year(), from.month());
    for _ in 0..MAX_PERIODS {
        let Some(first) = NaiveDate::from_ymd_opt(year, month, 1) else {
            break;
        };
        if first > today || hasta.is_some_and(|h| first > h) {
            break;
        }
        if let Some(vence) = due_date(year, month, day)
            && vence >= from
            && hasta.is_none_or(|h| vence <= h)
        {
            out.push((format!("{year:04}-{month:02}"), vence));
        }
        (year, month) = next_month(year, month);
    }
    out
}

/// The amount in force on `date`: the latest adjustment starting on or before it (history in
/// order of start, then of entry).
pub fn amount_on(history: &[ajuste::Model], date: NaiveDate) -> Option<i64> {
    history
        .iter()
        .filter(|a| a.desde <= date)
        .max_by(|a, b| {
            a.desde
                .cmp(&b.desde)
                .then(a.creado_en.cmp(&b.creado_en))
                .then(a.id.cmp(&b.id))
        })
        .map(|a| a.monto)
}

/// An agreement's adjustments, oldest first.
pub async fn history(
    db: &impl ConnectionTrait,
    cuota_id: &str,
) -> Result<Vec<ajuste::Model>, DbErr> {
    ajuste::Entity::find()
        .filter(ajuste::Column::CuotaId.eq(cuota_id))
        .order_by_asc(ajuste::Column::Desde)
        .order_by_asc(ajuste::Column::CreadoEn)
        .order_by_asc(ajuste::Column::Id)
        .all(db)
        .await
}

/// The next due date on or after `today` for an agreement that still makes dues.
pub fn next_due_date(row: &cuota::Model, today: NaiveDate) -> Option<NaiveDate> {
    if !row.activa {
        return None;
    }
    let from = std::cmp::max(today, row.generar_desde);
    let (mut year, mut month) = (from.year(), from.month());
    for _ in 0..2 {
        if let Some(vence) = due_date(year, month, row.dia_vencimiento)
            && vence >= from
        {
            return row.hasta.is_none_or(|h| vence <= h).then_some(vence);
        }
        (year, month) = next_month(year, month);
    }
    None
}

/// Inside the caller's transaction (which locked the agreement): makes the dues missing as of
/// `today`, each taking what credit the agreement holds, and records each. Gives back the dues
/// made.
pub async fn make_missing(
    txn: &impl ConnectionTrait,
    row: &cuota::Model,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Vec<vencimiento::Model>, DbErr> {
    if !row.activa {
        return Ok(Vec::new());
    }
    let expected = periods(row.generar_desde, row.hasta, row.dia_vencimiento, today);
    if expected.is_empty() {
        return Ok(Vec::new());
    }
    let existing: HashSet<String> = vencimiento::Entity::find()
        .select_only()
        .column(vencimiento::Column::Periodo)
        .filter(vencimiento::Column::CuotaId.eq(&row.id))
        .into_tuple::<String>()
        .all(txn)
        .await?
        .into_iter()
        .collect();
    let missing: Vec<_> = expected
        .into_iter()
        .filter(|(p, _)| !existing.contains(p))
        .collect();
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    let adjustments = history(txn, &row.id).await?;
    let mut credit = row.credito;
    let mut made = Vec::with_capacity(missing.len());
    for (periodo, vence) in missing {
        let monto = amount_on(&adjustments, vence).unwrap_or(row.monto);
        let pagado = std::cmp::min(credit, monto);
        credit -= pagado;
        let due = vencimiento::Model {
            cuota_id: row.id.clone(),
            periodo,
            familia_id: row.familia_id.clone(),
            vence,
            monto,
            pagado,
            avisado_en: None,
            creado_en: now,
        };
        vencimiento::Entity::insert(vencimiento::ActiveModel::from(due.clone()))
            .on_conflict(
                OnConflict::columns([vencimiento::Column::CuotaId, vencimiento::Column::Periodo])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(txn)
            .await?;
        record::append(
            txn,
            &row.familia_id,
            Act {
                kind: acts::DUE_MADE,
                actor: None,
                content: serde_json::json!({
                    "cuota": row.id,
                    "periodo": due.periodo,
                    "vence": due.vence,
                    "monto": due.monto,
                    "moneda": row.moneda,
                    "pagadoConCredito": pagado,
                }),
                subjects: super::subjects(row),
                audience: Audience::CoParents,
            },
        )
        .await?;
        made.push(due);
    }
    if credit != row.credito {
        cuota::Entity::update_many()
            .col_expr(cuota::Column::Credito, Expr::value(credit))
            .filter(cuota::Column::Id.eq(&row.id))
            .exec(txn)
            .await?;
    }
    Ok(made)
}

/// What one run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Ran {
    pub made: usize,
    pub overdue: usize,
}

/// The periodic work at `now`: every active agreement's missing dues, then the overdue notices.
pub async fn run(state: &AppState, now: DateTime<Utc>) -> Result<Ran, DbErr> {
    let mut zones: HashMap<String, String> = HashMap::new();
    let active = cuota::Entity::find()
        .filter(cuota::Column::Activa.eq(true))
        .all(&state.db)
        .await?;
    let mut ran = Ran::default();
    for row in active {
        let today = today_in(&zone_of(state, &mut zones, &row.familia_id).await?, now);
        let expected = periods(row.generar_desde, row.hasta, row.dia_vencimiento, today);
        if expected.is_empty() {
            continue;
        }
        let have = vencimiento::Entity::find()
            .filter(vencimiento::Column::CuotaId.eq(&row.id))
            .filter(vencimiento::Column::Periodo.is_in(expected.iter().map(|(p, _)| p.clone())))
            .count(&state.db)
            .await?;
        if usize::try_from(have).unwrap_or(usize::MAX) >= expected.len() {
            continue;
        }
        let txn = state.db.begin().await?;
        let Some(locked) = lock(&txn, &FamilyId::new(&row.familia_id), &row.id, now).await? else {
            txn.rollback().await?;
            continue;
        };
        let made = make_missing(&txn, &locked, today, now).await?;
        if made.is_empty() {
            txn.rollback().await?;
            continue;
        }
        let wake = publish(&txn, &FamilyId::new(&row.familia_id), &row.id).await?;
        txn.commit().await?;
        state.wake(wake);
        ran.made += made.len();
    }
    ran.overdue = tell_overdue(state, now, &mut zones).await?;
    Ok(ran)
}

async fn zone_of(
    state: &AppState,
    zones: &mut HashMap<String, String>,
    familia_id: &str,
) -> Result<String, DbErr> {
    if let Some(zone) = zones.get(familia_id) {
        return Ok(zone.clone());
    }
    let zone = familia::Entity::find_by_id(familia_id)
        .one(&state.db)
        .await?
        .map(|f| f.zona_horaria)
        .unwrap_or_else(|| crate::time_zone::DEFAULT.to_owned());
    zones.insert(familia_id.to_owned(), zone.clone());
    Ok(zone)
}

/// Tells both parents of each due past its date, not fully paid and not told yet.
async fn tell_overdue(
    state: &AppState,
    now: DateTime<Utc>,
    zones: &mut HashMap<String, String>,
) -> Result<usize, DbErr> {
    // A day ahead of UTC covers every zone; each due is then checked in its family's own.
    let horizon = now.date_naive() + Duration::days(1);
    let candidates = vencimiento::Entity::find()
        .filter(vencimiento::Column::AvisadoEn.is_null())
        .filter(vencimiento::Column::Vence.lt(horizon))
        .filter(Expr::col(vencimiento::Column::Pagado).lt(Expr::col(vencimiento::Column::Monto)))
        .order_by_asc(vencimiento::Column::Vence)
        .all(&state.db)
        .await?;
    let mut told = 0;
    for due in candidates {
        let today = today_in(&zone_of(state, zones, &due.familia_id).await?, now);
        if due.vence >= today {
            continue;
        }
        let txn = state.db.begin().await?;
        let claimed = vencimiento::Entity::update_many()
            .col_expr(vencimiento::Column::AvisadoEn, Expr::value(now))
            .filter(vencimiento::Column::CuotaId.eq(&due.cuota_id))
            .filter(vencimiento::Column::Periodo.eq(&due.periodo))
            .filter(vencimiento::Column::AvisadoEn.is_null())
            .filter(
                Expr::col(vencimiento::Column::Pagado).lt(Expr::col(vencimiento::Column::Monto)),
            )
            .exec_with_returning(&txn)
            .await?;
        let Some(due) = claimed.into_iter().next() else {
            txn.rollback().await?;
            continue;
        };
        let Some(row) = cuota::Entity::find_by_id(&due.cuota_id).one(&txn).await? else {
            txn.rollback().await?;
            continue;
        };
        let falta = due.monto - due.pagado;
        record::append(
            &txn,
            &row.familia_id,
            Act {
                kind: acts::OVERDUE,
                actor: None,
                content: serde_json::json!({
                    "cuota": row.id,
                    "periodo": due.periodo,
                    "vence": due.vence,
                    "monto": due.monto,
                    "pagado": due.pagado,
                    "moneda": row.moneda,
                }),
                subjects: super::subjects(&row),
                audience: Audience::CoParents,
            },
        )
        .await?;
        let members = coparents(&txn, &row.familia_id).await?;
        let parties: Vec<String> = [&row.pagador_id, &row.beneficiario_id]
            .into_iter()
            .flatten()
            .filter(|id| members.contains(id))
            .cloned()
            .collect();
        let notified = notice::overdue(
            &txn,
            &row,
            &parties,
            &due.periodo,
            due.vence,
            &format_amount(falta, &row.moneda),
        )
        .await?;
        let live = publish(&txn, &FamilyId::new(&row.familia_id), &row.id).await?;
        txn.commit().await?;
        state.wake(notified.join(live));
        told += 1;
    }
    Ok(told)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn a_month_owes_once_it_begins_and_its_due_date_is_within_the_agreement() {
        let list = |from, hasta: Option<&str>, day, today| {
            periods(d(from), hasta.map(d), day, d(today))
                .into_iter()
                .map(|(p, v)| format!("{p}@{v}"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            list("2026-01-15", None, 10, "2026-03-01"),
            ["2026-02@2026-02-10", "2026-03@2026-03-10"]
        );
        assert_eq!(
            list("2026-01-10", None, 10, "2026-01-09"),
            ["2026-01@2026-01-10"]
        );
        assert!(list("2026-01-10", None, 10, "2025-12-31").is_empty());
        assert_eq!(
            list("2026-01-01", Some("2026-02-05"), 5, "2026-06-01"),
            ["2026-01@2026-01-05", "2026-02@2026-02-05"]
        );
        assert_eq!(
            list("2025-12-01", None, 28, "2026-02-01"),
            [
                "2025-12@2025-12-28",
                "2026-01@2026-01-28",
                "2026-02@2026-02-28"
            ]
        );
    }

    #[test]
    fn a_due_is_overdue_past_its_date_until_fully_paid() {
        let due = |monto, pagado| vencimiento::Model {
            cuota_id: "c".into(),
            periodo: "2026-01".into(),
            familia_id: "f".into(),
            vence: d("2026-01-10"),
            monto,
            pagado,
            avisado_en: None,
            creado_en: Utc::now(),
        };
        assert_eq!(estado(&due(100, 0), d("2026-01-10")).as_str(), "pendiente");
        assert_eq!(estado(&due(100, 40), d("2026-01-10")).as_str(), "parcial");
        assert_eq!(estado(&due(100, 40), d("2026-01-11")).as_str(), "vencido");
        assert_eq!(estado(&due(100, 100), d("2026-01-11")).as_str(), "pagado");
    }
}
