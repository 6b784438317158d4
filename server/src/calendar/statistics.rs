//! The calendar's section of a family's statistics (`tiempo`): parenting time planned and actual
//! over the period and per calendar month, with the figures and rounding of `/custodia/reparto`;
//! the exchanges recorded on time and late; each parent's swap requests by how they ended. Every
//! member who sees the calendar sees it, and the same for all of them: it is kept in memory with
//! the calendar's other answers (`calendar::kept`), while the family's calendar version holds.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    custody::{
        plan::Plan,
        share::{self, Figure, Held},
    },
    swaps::entities::cambio::{self, SwapState},
};
use crate::{
    error::ApiResult,
    ids::{FamilyId, UserId},
    state::AppState,
    vocabulary::ClosedSet,
};

/// An exchange recorded more than this after its scheduled time was late.
pub const LATE_AFTER_MINUTES: i64 = 15;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeStatistics {
    /// By the schedule and its holiday periods, over the whole period.
    pub planificado: Vec<Figure>,
    /// With accepted swaps and recorded handovers.
    pub real: Vec<Figure>,
    /// The same for each calendar month the period touches (cut to the period).
    pub por_mes: Vec<MonthTime>,
    /// The exchanges recorded for nights of the period.
    pub entregas: HandoverCounts,
    /// Swap requests made in the period, for each parent.
    pub cambios: Vec<SwapCounts>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthTime {
    /// `YYYY-MM`.
    pub mes: String,
    pub planificado: Vec<Figure>,
    pub real: Vec<Figure>,
}

#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoverCounts {
    /// At most 15 minutes after the schedule's exchange time (or before it).
    pub a_tiempo: i64,
    /// Later than that.
    pub tarde: i64,
}

#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapCounts {
    pub usuario_id: String,
    /// The requests this parent made.
    pub pedidos: i64,
    /// The requests to this parent that they accepted, declined, answered with another request,
    /// or let expire.
    pub aceptados: i64,
    pub rechazados: i64,
    pub contraofertados: i64,
    pub vencidos: i64,
}

/// Counts each recorded exchange as on time or late against the schedule's time for its date.
fn handover_counts(plan: &Plan, handovers: &HashMap<NaiveDate, DateTime<Utc>>) -> HandoverCounts {
    let mut counts = HandoverCounts::default();
    for (date, at) in handovers {
        let due = plan.exchange_at(*date) + Duration::minutes(LATE_AFTER_MINUTES);
        if *at > due {
            counts.tarde += 1;
        } else {
            counts.a_tiempo += 1;
        }
    }
    counts
}

fn swap_counts(parents: &[String], swaps: &[cambio::Model]) -> Vec<SwapCounts> {
    let mut by_parent: BTreeMap<&str, SwapCounts> = BTreeMap::new();
    let mut order: Vec<String> = parents.to_vec();
    for swap in swaps {
        for id in [&swap.solicitante_id, &swap.destinatario_id] {
            if !order.contains(id) {
                order.push(id.clone());
            }
        }
        by_parent
            .entry(swap.solicitante_id.as_str())
            .or_default()
            .pedidos += 1;
        let answered = by_parent.entry(swap.destinatario_id.as_str()).or_default();
        match SwapState::from_wire(&swap.estado) {
            Some(SwapState::Accepted) => answered.aceptados += 1,
            Some(SwapState::Declined) => answered.rechazados += 1,
            Some(SwapState::Countered) => answered.contraofertados += 1,
            Some(SwapState::Expired) => answered.vencidos += 1,
            Some(SwapState::Open) | None => {}
        }
    }
    order
        .into_iter()
        .map(|usuario_id| {
            let counts = by_parent.remove(usuario_id.as_str()).unwrap_or_default();
            SwapCounts {
                usuario_id,
                ..counts
            }
        })
        .collect()
}

/// The section for `desde..=hasta` (nights), in the family's time zone `zone`.
/// `time` as JSON, kept by the family's calendar version (every change to what it counts raises
/// it: events, schedules, holiday periods, swaps, handovers); 404 unless `usuario_id` is a member.
pub async fn kept_time(
    state: &AppState,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> ApiResult<Box<serde_json::value::RawValue>> {
    let stamp = super::kept::stamp(&state.db, familia_id, usuario_id).await?;
    let zone = super::custody::zone_of(Some(&stamp.zone));
    let key = format!("estadisticas {familia_id} {desde} {hasta}");
    let body = super::kept::bytes(state, key, stamp, || {
        time(state, familia_id, zone, desde, hasta)
    })
    .await?;
    crate::platform::kept::raw(body)
}

pub async fn time(
    state: &AppState,
    familia_id: &FamilyId,
    zone: Tz,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> ApiResult<TimeStatistics> {
    let day = Duration::days(1);
    let plan = Plan::load(&state.db, familia_id, zone, desde - day, hasta + day).await?;
    let handovers = share::handovers(&state.db, familia_id, desde, hasta + day).await?;
    // The nights are read once; each month's figures are those of its nights.
    let (planned, actual) = share::nights(&plan, &handovers, desde, hasta);
    let parents = share::parents(&plan, hasta);
    let in_month = |nights: &[Held], first: NaiveDate, last: NaiveDate| -> Vec<Held> {
        nights
            .iter()
            .filter(|n| (first..=last).contains(&n.date))
            .cloned()
            .collect()
    };
    let por_mes = crate::time_zone::months(desde, hasta)
        .into_iter()
        .map(|(first, last)| MonthTime {
            mes: first.format("%Y-%m").to_string(),
            planificado: share::figures(&in_month(&planned, first, last), &parents),
            real: share::figures(&in_month(&actual, first, last), &parents),
        })
        .collect();
    let in_period: HashMap<NaiveDate, DateTime<Utc>> = handovers
        .into_iter()
        .filter(|(date, _)| (desde..=hasta).contains(date))
        .collect();
    let swaps = cambio::Entity::find()
        .filter(cambio::Column::FamiliaId.eq(familia_id))
        .filter(cambio::Column::CreatedAt.gte(midnight(desde, zone)))
        .filter(cambio::Column::CreatedAt.lt(midnight(hasta + day, zone)))
        .all(&state.db)
        .await?;
    let planificado = share::figures(&planned, &parents);
    let listed: Vec<String> = planificado.iter().map(|f| f.usuario_id.clone()).collect();
    Ok(TimeStatistics {
        entregas: handover_counts(&plan, &in_period),
        cambios: swap_counts(&listed, &swaps),
        planificado,
        real: share::figures(&actual, &parents),
        por_mes,
    })
}

/// The instant a date begins in `zone`.
pub fn midnight(date: NaiveDate, zone: Tz) -> DateTime<Utc> {
    super::recurrence::resolve(zone, date.and_time(NaiveTime::MIN)).with_timezone(&Utc)
}
