//! What other domains put on a family's calendar (`domain::CalendarItem`: a child's activities and
//! medical appointments), expanded with the calendar's own recurrence in the family's zone, so
//! that they follow the same rules (wall clock across daylight-saving changes, the limits of an
//! answer) as the family's events.

use chrono::{DateTime, Duration, Utc, Weekday};
use chrono_tz::Tz;

use crate::{
    calendar::recurrence::{Limited, Occurrence, Rule, Series, Start},
    domain::{CalendarItem, CalendarWhen},
};

/// An item's occurrences in a window, with what its views need.
pub struct Expanded {
    pub limited: Limited,
    /// The weekly rule it was expanded with, as an event's `recurrencia` would read.
    pub rule: Option<String>,
    /// How long each occurrence lasts, in wall-clock time (zero for an all-day one).
    pub length: Duration,
}

fn day_code(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "MO",
        Weekday::Tue => "TU",
        Weekday::Wed => "WE",
        Weekday::Thu => "TH",
        Weekday::Fri => "FR",
        Weekday::Sat => "SA",
        Weekday::Sun => "SU",
    }
}

/// The item's occurrences starting within `[desde, hasta)`; None for an item that cannot be
/// placed (no days).
pub fn expand(
    item: &CalendarItem,
    zone: Tz,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
) -> Option<Expanded> {
    match &item.when {
        CalendarWhen::Once { at, minutes } => {
            let local = at.with_timezone(&zone);
            let found = (*at >= desde && *at < hasta)
                .then(|| Occurrence {
                    start: Start::At(local.naive_local()),
                    instant: local.fixed_offset(),
                })
                .into_iter()
                .collect();
            Some(Expanded {
                limited: Limited { found, cut: false },
                rule: None,
                length: Duration::minutes(*minutes),
            })
        }
        CalendarWhen::Weekly { since, days, hours } => {
            if days.is_empty() {
                return None;
            }
            let first_day = since.with_timezone(&zone).date_naive();
            let (start, length) = match hours {
                Some((from, to)) => (
                    Start::At(first_day.and_time(*from)),
                    to.map(|to| to - *from)
                        .filter(|l| *l > Duration::zero())
                        .unwrap_or_else(|| Duration::hours(1)),
                ),
                None => (Start::Day(first_day), Duration::zero()),
            };
            let text = format!(
                "FREQ=WEEKLY;BYDAY={}",
                days.iter()
                    .map(|d| day_code(*d))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let rule = Rule::parse(&text, start).ok()?;
            let series = Series {
                zone,
                start,
                rule: Some(rule),
                exdates: Vec::new(),
                rdates: Vec::new(),
            };
            Some(Expanded {
                limited: series.limited(desde, hasta).ok()?,
                rule: Some(text),
                length,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveTime;

    use super::*;
    use crate::domain::CalendarOrigin;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("a test instant")
            .with_timezone(&Utc)
    }

    fn swimming(hours: Option<(NaiveTime, Option<NaiveTime>)>) -> CalendarItem {
        CalendarItem {
            origin: CalendarOrigin {
                tipo: crate::domain::OriginKind::Activity,
                hijo_id: "h".into(),
                id: "a".into(),
            },
            titulo: "Natación".into(),
            tipo: "actividad",
            categoria: "actividades",
            lugar: None,
            notas: None,
            hijos: vec!["h".into()],
            when: CalendarWhen::Weekly {
                // Wednesday 4 March 2026, 22:00 in Madrid.
                since: utc("2026-03-04T21:00:00Z"),
                days: vec![Weekday::Tue, Weekday::Thu],
                hours,
            },
        }
    }

    fn time(s: &str) -> NaiveTime {
        NaiveTime::parse_from_str(s, "%H:%M").expect("a time")
    }

    #[test]
    fn an_activity_repeats_on_its_days_at_its_hours_across_a_daylight_saving_change() {
        let madrid = chrono_tz::Europe::Madrid;
        let item = swimming(Some((time("17:30"), Some(time("18:45")))));
        let expanded = expand(
            &item,
            madrid,
            utc("2026-03-01T00:00:00Z"),
            utc("2026-04-03T00:00:00Z"),
        )
        .expect("placed");
        assert_eq!(expanded.rule.as_deref(), Some("FREQ=WEEKLY;BYDAY=TU,TH"));
        assert_eq!(expanded.length, Duration::minutes(75));
        let starts: Vec<String> = expanded
            .limited
            .found
            .iter()
            .map(|o| o.instant.to_rfc3339())
            .collect();
        // From the Thursday after it was added; 17:30 before and after the change of 29 March.
        assert_eq!(
            starts.first().map(String::as_str),
            Some("2026-03-05T17:30:00+01:00")
        );
        assert!(starts.contains(&"2026-03-26T17:30:00+01:00".to_owned()));
        assert!(starts.contains(&"2026-03-31T17:30:00+02:00".to_owned()));
        assert_eq!(starts.len(), 9);
    }

    #[test]
    fn without_hours_it_is_all_day_and_without_days_nowhere() {
        let madrid = chrono_tz::Europe::Madrid;
        let (from, to) = (utc("2026-03-01T00:00:00Z"), utc("2026-03-15T00:00:00Z"));
        let all_day = expand(&swimming(None), madrid, from, to).expect("placed");
        assert!(all_day.limited.found.iter().all(|o| o.start.is_day()));
        assert_eq!(all_day.limited.found.len(), 3);
        let mut nowhere = swimming(None);
        nowhere.when = CalendarWhen::Weekly {
            since: from,
            days: Vec::new(),
            hours: None,
        };
        assert!(expand(&nowhere, madrid, from, to).is_none());
    }
}
