//! Who holds each night, worked out in memory from what a family stored: the schedule's dated
//! versions, the holiday periods over them (planned), and the nights accepted swaps moved
//! (actual). The night of D runs from the exchange time on D to the exchange time on D+1, in the
//! family's time zone.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::{
    entities::{custodia, periodo},
    pattern::{Pattern, Side},
    periods::{self, PeriodMode},
};
use crate::calendar::swaps::entities::cambio_noche;

/// The exchange time when a schedule names none.
pub const DEFAULT_EXCHANGE: NaiveTime = match NaiveTime::from_hms_opt(18, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};

/// A schedule version, checked.
#[derive(Clone, Debug)]
pub struct Version {
    pub inicio: NaiveDate,
    pub pattern: Pattern,
    pub a: String,
    pub b: String,
    pub exchange: NaiveTime,
}

impl Version {
    pub fn from_row(row: &custodia::Model) -> Option<Version> {
        Some(Version {
            inicio: row.inicio,
            pattern: Pattern::parse(&row.patron, row.ciclo.as_deref()).ok()?,
            a: row.progenitor_a.clone(),
            b: row.progenitor_b.clone(),
            exchange: NaiveTime::parse_from_str(&row.hora_intercambio, "%H:%M")
                .unwrap_or(DEFAULT_EXCHANGE),
        })
    }

    fn holder(&self, date: NaiveDate) -> &str {
        match self.pattern.side(self.inicio, date) {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// The schedule's other parent; someone outside it has no "other".
    pub fn other(&self, usuario_id: &str) -> Option<&str> {
        if usuario_id == self.a {
            Some(&self.b)
        } else if usuario_id == self.b {
            Some(&self.a)
        } else {
            None
        }
    }
}

/// Everything needed to answer for a range of nights.
#[derive(Clone, Debug)]
pub struct Plan {
    pub zone: Tz,
    /// By `inicio`, earliest first.
    pub versions: Vec<Version>,
    /// In the order they were added: a later period wins where two overlap.
    pub periods: Vec<periodo::Model>,
    /// Nights moved by accepted swaps, the latest acceptance of each date.
    pub swapped: HashMap<NaiveDate, String>,
}

impl Plan {
    /// Loads a family's plan; swapped nights only within `desde..=hasta`.
    pub async fn load(
        db: &impl ConnectionTrait,
        familia_id: &str,
        zone: Tz,
        desde: NaiveDate,
        hasta: NaiveDate,
    ) -> Result<Plan, DbErr> {
        let rows = custodia::Entity::find()
            .filter(custodia::Column::FamiliaId.eq(familia_id))
            .order_by_asc(custodia::Column::Inicio)
            .order_by_asc(custodia::Column::CreatedAt)
            .all(db)
            .await?;
        let periods = periodo::Entity::find()
            .filter(periodo::Column::FamiliaId.eq(familia_id))
            .order_by_asc(periodo::Column::CreatedAt)
            .order_by_asc(periodo::Column::Id)
            .all(db)
            .await?;
        let moved = cambio_noche::Entity::find()
            .filter(cambio_noche::Column::FamiliaId.eq(familia_id))
            .filter(cambio_noche::Column::Fecha.gte(desde))
            .filter(cambio_noche::Column::Fecha.lte(hasta))
            .order_by_asc(cambio_noche::Column::AceptadoAt)
            .all(db)
            .await?;
        Ok(Plan {
            zone,
            versions: versions_of(&rows),
            periods,
            swapped: moved.into_iter().map(|n| (n.fecha, n.usuario_id)).collect(),
        })
    }

    /// The version in force on `date`: the one with the latest `inicio` on or before it.
    pub fn version(&self, date: NaiveDate) -> Option<&Version> {
        self.versions.iter().rev().find(|v| v.inicio <= date)
    }

    /// Who holds the night of `date` by the schedule and its holiday periods; None before the
    /// first schedule.
    pub fn planned(&self, date: NaiveDate) -> Option<String> {
        let version = self.version(date)?;
        let mut holder = version.holder(date).to_owned();
        for period in &self.periods {
            let Some(placed) = periods::placed(period, date) else {
                continue;
            };
            let chosen = match <PeriodMode as crate::vocabulary::ClosedSet>::from_wire(&period.modo)
            {
                Some(PeriodMode::Parent) => Some(period.usuario_id.as_str()),
                Some(PeriodMode::Alternate) if placed.year % 2 == 0 => {
                    Some(period.usuario_id.as_str())
                }
                Some(PeriodMode::Alternate) => version.other(&period.usuario_id),
                Some(PeriodMode::Halves) => {
                    let first_half = (placed.night + 1) * 2 <= placed.nights;
                    if first_half == (placed.year % 2 == 0) {
                        Some(period.usuario_id.as_str())
                    } else {
                        version.other(&period.usuario_id)
                    }
                }
                None => None,
            };
            if let Some(chosen) = chosen {
                holder = chosen.to_owned();
            }
        }
        Some(holder)
    }

    /// Who holds the night of `date` once accepted swaps are applied.
    pub fn actual(&self, date: NaiveDate) -> Option<String> {
        let planned = self.planned(date)?;
        Some(self.swapped.get(&date).cloned().unwrap_or(planned))
    }

    /// When the exchange that begins the night of `date` is due, by the schedule.
    pub fn exchange_at(&self, date: NaiveDate) -> DateTime<Utc> {
        let time = self
            .version(date)
            .or_else(|| self.versions.first())
            .map(|v| v.exchange)
            .unwrap_or(DEFAULT_EXCHANGE);
        resolve(self.zone, date.and_time(time))
    }
}

/// The versions that still read (a row this server no longer understands is left out).
pub fn versions_of(rows: &[custodia::Model]) -> Vec<Version> {
    rows.iter().filter_map(Version::from_row).collect()
}

/// The instant of a wall-clock time in `zone`: inside a daylight-saving gap, read with the offset
/// from before the gap (02:30 becomes 03:30 where clocks jump from 02:00 to 03:00); an ambiguous
/// time is its first occurrence.
pub fn resolve(zone: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    crate::calendar::recurrence::resolve(zone, local).with_timezone(&Utc)
}

/// Today's date in `zone`.
pub fn today(zone: Tz, now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&zone).date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_in_a_gap_takes_the_offset_from_before_it() {
        let zone: Tz = "Europe/Madrid".parse().expect("zone");
        let local = NaiveDate::from_ymd_opt(2026, 3, 29)
            .and_then(|d| d.and_hms_opt(2, 30, 0))
            .expect("time");
        assert_eq!(
            resolve(zone, local).to_rfc3339(),
            "2026-03-29T01:30:00+00:00"
        );
        // Ambiguous (clocks go back at 03:00): the first, still at +02:00.
        let local = NaiveDate::from_ymd_opt(2026, 10, 25)
            .and_then(|d| d.and_hms_opt(2, 30, 0))
            .expect("time");
        assert_eq!(
            resolve(zone, local).to_rfc3339(),
            "2026-10-25T00:30:00+00:00"
        );
    }
}
