//! `GET /api/familias/{id}/custodia/reparto`: the parenting-time report of a range of nights.
//!
//! Nights: each night counts for its holder. Hours: the holder of the night of D holds the
//! children from the exchange on D to the exchange on D+1, at the schedule's exchange time in the
//! family's time zone (so a night across a daylight-saving change is 23 or 25 hours). `planificado`
//! follows the schedule and its holiday periods; `real` adds accepted swaps, and a handover
//! recorded on a date where the holder changes moves that boundary to when it happened.
//! Percentages are of the nights (hours) held in the range, computed in integers and rounded half
//! up to 2 decimals; hours are rounded the same way.

use std::collections::HashMap;

use axum::{
    extract::{Path, Query, State},
    response::Response,
};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::{date_range, nights::RangeQuery, plan::Plan};
use crate::{
    calendar::{kept, swaps::entities::entrega},
    error::{ApiResult, ErrorBody},
    ids::FamilyId,
    request::AuthUser,
    state::AppState,
};

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figure {
    pub usuario_id: String,
    pub noches: i64,
    /// Of the nights held in the range, 2 decimals, half up.
    pub porcentaje_noches: f64,
    /// 2 decimals, half up.
    pub horas: f64,
    pub porcentaje_horas: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareView {
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub hasta: NaiveDate,
    /// By the schedule and its holiday periods.
    pub planificado: Vec<Figure>,
    /// With accepted swaps and recorded handovers.
    pub real: Vec<Figure>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShareAnswer {
    pub success: bool,
    pub data: ShareView,
}

/// `part` of `total` in hundredths of a percent, half up.
pub fn percent_hundredths(part: i64, total: i64) -> i64 {
    if total <= 0 {
        return 0;
    }
    (part * 20_000 + total) / (2 * total)
}

/// Seconds as hundredths of an hour, half up.
pub fn hour_hundredths(seconds: i64) -> i64 {
    (seconds.max(0) * 200 + 3_600) / 7_200
}

fn decimal(hundredths: i64) -> f64 {
    // Exact hundredths divided once: the nearest double to the decimal, which prints as it.
    hundredths as f64 / 100.0
}

/// One night: its date, who holds it, for how many seconds.
#[derive(Clone, Debug)]
pub struct Held {
    pub date: NaiveDate,
    pub holder: String,
    pub seconds: i64,
}

/// The figures of each parent, given who holds each night and each night's seconds.
pub fn figures(nights: &[Held], parents: &[String]) -> Vec<Figure> {
    let mut order: Vec<String> = parents.to_vec();
    let mut counts: HashMap<&str, (i64, i64)> = HashMap::new();
    for night in nights {
        if !order.contains(&night.holder) {
            order.push(night.holder.clone());
        }
        let entry = counts.entry(night.holder.as_str()).or_default();
        entry.0 += 1;
        entry.1 += night.seconds;
    }
    let total_nights = nights.len() as i64;
    let total_seconds: i64 = nights.iter().map(|n| n.seconds).sum();
    order
        .iter()
        .map(|usuario_id| {
            let (noches, seconds) = counts.get(usuario_id.as_str()).copied().unwrap_or((0, 0));
            Figure {
                usuario_id: usuario_id.clone(),
                noches,
                porcentaje_noches: decimal(percent_hundredths(noches, total_nights)),
                horas: decimal(hour_hundredths(seconds)),
                porcentaje_horas: decimal(percent_hundredths(seconds, total_seconds)),
            }
        })
        .collect()
}

/// The parents a report of nights up to `hasta` lists first: the schedule's two then.
pub fn parents(plan: &Plan, hasta: NaiveDate) -> Vec<String> {
    plan.version(hasta)
        .or_else(|| plan.versions.first())
        .map(|v| vec![v.a.clone(), v.b.clone()])
        .unwrap_or_default()
}

/// The nights of `desde..=hasta`, planned and actual, from a plan loaded over at least
/// `desde - 1 ..= hasta + 1`, with the recorded handovers by date.
pub fn nights(
    plan: &Plan,
    handovers: &HashMap<NaiveDate, DateTime<Utc>>,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> (Vec<Held>, Vec<Held>) {
    let days: Vec<NaiveDate> = desde.iter_days().take_while(|d| *d <= hasta).collect();
    let planned: Vec<Held> = days
        .iter()
        .filter_map(|d| {
            let holder = plan.planned(*d)?;
            let seconds =
                (plan.exchange_at(*d + Duration::days(1)) - plan.exchange_at(*d)).num_seconds();
            Some(Held {
                date: *d,
                holder,
                seconds,
            })
        })
        .collect();
    // A handover moves a boundary only where the holder actually changes.
    let boundary = |date: NaiveDate| {
        let changes = matches!(
            (plan.actual(date - Duration::days(1)), plan.actual(date)),
            (Some(before), Some(after)) if before != after
        );
        match handovers.get(&date) {
            Some(at) if changes => *at,
            _ => plan.exchange_at(date),
        }
    };
    let actual: Vec<Held> = days
        .iter()
        .filter_map(|d| {
            let holder = plan.actual(*d)?;
            let seconds = (boundary(*d + Duration::days(1)) - boundary(*d)).num_seconds();
            Some(Held {
                date: *d,
                holder,
                seconds: seconds.max(0),
            })
        })
        .collect();
    (planned, actual)
}

/// The report of `desde..=hasta`, as `nights` reads the plan.
pub fn report(
    plan: &Plan,
    handovers: &HashMap<NaiveDate, DateTime<Utc>>,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> ShareView {
    let (planned, actual) = nights(plan, handovers, desde, hasta);
    let parents = parents(plan, hasta);
    ShareView {
        desde,
        hasta,
        planificado: figures(&planned, &parents),
        real: figures(&actual, &parents),
    }
}

/// The handovers recorded for the family between two dates, the latest of each date.
pub async fn handovers(
    db: &impl sea_orm::ConnectionTrait,
    familia_id: &str,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> Result<HashMap<NaiveDate, DateTime<Utc>>, sea_orm::DbErr> {
    Ok(entrega::Entity::find()
        .filter(entrega::Column::FamiliaId.eq(familia_id))
        .filter(entrega::Column::Fecha.gte(desde))
        .filter(entrega::Column::Fecha.lte(hasta))
        .order_by_asc(entrega::Column::CreatedAt)
        .all(db)
        .await?
        .into_iter()
        .map(|e| (e.fecha, e.ocurrio))
        .collect())
}

/// Each parent's nights and hours from `desde` to `hasta` (both included), planned and actual.
#[utoipa::path(get, path = "/familias/{id}/custodia/reparto", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), RangeQuery),
    responses(
        (status = 200, body = ShareAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "bad dates, an inverted range or one over 5 years", body = ErrorBody),
    ))]
pub async fn get_share(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(familia_id): Path<FamilyId>,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Response> {
    let stamp = kept::stamp(&state.db, &familia_id, &auth.id).await?;
    let (desde, hasta) = date_range(query.desde.as_deref(), query.hasta.as_deref())?;
    let zone = super::zone_of(Some(&stamp.zone));
    // Every member sees the same report.
    let key = format!("reparto {familia_id} {desde} {hasta}");
    kept::answer(&state, key, stamp, || async {
        let day = Duration::days(1);
        let plan = Plan::load(&state.db, &familia_id, zone, desde - day, hasta + day).await?;
        let handovers = handovers(&state.db, &familia_id, desde, hasta + day).await?;
        Ok(ShareAnswer {
            success: true,
            data: report(&plan, &handovers, desde, hasta),
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_half_up_in_exact_arithmetic() {
        assert_eq!(percent_hundredths(52, 365), 1425);
        assert_eq!(percent_hundredths(104, 365), 2849);
        assert_eq!(percent_hundredths(1, 8), 1250);
        // 1/3 = 33.333..., 2/3 = 66.666...
        assert_eq!(percent_hundredths(1, 3), 3333);
        assert_eq!(percent_hundredths(2, 3), 6667);
        // Exactly half a hundredth rounds up: 1/16 = 6.25 %, 1/1600 = 0.0625 %.
        assert_eq!(percent_hundredths(1, 1600), 6);
        assert_eq!(percent_hundredths(1, 800), 13);
        assert_eq!(percent_hundredths(0, 0), 0);
        assert_eq!(decimal(1425).to_string(), "14.25");
        assert_eq!(decimal(2849).to_string(), "28.49");
    }

    #[test]
    fn a_night_across_a_daylight_saving_change_has_23_or_25_hours() {
        use crate::calendar::custody::{
            pattern::Pattern,
            plan::{DEFAULT_EXCHANGE, Version},
        };
        let date = |s: &str| s.parse::<NaiveDate>().expect("date");
        let plan = Plan {
            zone: "Europe/Madrid".parse().expect("zone"),
            versions: vec![Version {
                inicio: date("2026-03-23"),
                pattern: Pattern::parse("7-7", None).expect("pattern"),
                a: "ana".into(),
                b: "beto".into(),
                exchange: DEFAULT_EXCHANGE,
            }],
            periods: Vec::new(),
            swapped: HashMap::new(),
        };
        // Ana's week holds the night of 28 March, when clocks go forward.
        let spring = report(
            &plan,
            &HashMap::new(),
            date("2026-03-23"),
            date("2026-03-29"),
        );
        assert_eq!(spring.planificado[0].horas, 167.0);
        assert_eq!(spring.planificado[0].noches, 7);
        // Her week of 19 October, 30 weeks later, holds the night of 24 October, when they go
        // back.
        let autumn = report(
            &plan,
            &HashMap::new(),
            date("2026-10-19"),
            date("2026-10-25"),
        );
        assert_eq!(autumn.planificado[0].horas, 169.0);
        assert_eq!(autumn.planificado[1].noches, 0);
    }

    #[test]
    fn hours_round_half_up() {
        assert_eq!(hour_hundredths(24 * 3600), 2400);
        assert_eq!(hour_hundredths(18), 1); // 0.005 h
        assert_eq!(hour_hundredths(17), 0);
    }
}
