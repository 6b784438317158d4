//! Recurrence: RFC 5545 rules (RRULE, EXDATE, RDATE) expanded in the wall-clock time of an event's
//! zone. The `rrule` crate expands in naive local time (handed over as if it were UTC, so no
//! daylight-saving change can touch it); each local start is then placed on the time line here
//! with `resolve`, and UNTIL, EXDATE, RDATE and the bounds are applied here too. The rules are
//! stated in docs/calendar.md and checked against python-dateutil in `reference_tests`.

mod limits;
#[cfg(test)]
mod reference_tests;
mod rule;

use std::collections::BTreeSet;

use chrono::{
    DateTime, Duration, FixedOffset, Months, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone,
    Utc,
};
use chrono_tz::Tz;

use crate::i18n::Msg;
pub use limits::{Limited, MAX_PER_DAY, shares};
pub use rule::{Rule, Until};

/// At most this many occurrences in one answer.
pub const MAX_OCCURRENCES: usize = 5_000;
/// At most this many months between the two ends of one query.
pub const MAX_SPAN_MONTHS: u32 = 60;
/// Rule instances walked from the series' start before giving up: a daily rule reaches about
/// 270 years, far past any family's calendar.
const MAX_WALK: usize = 100_000;

/// The local start of an occurrence: a wall-clock date-time, or a date for all-day events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Start {
    At(NaiveDateTime),
    Day(NaiveDate),
}

impl Start {
    /// `2026-03-02T17:30:00` (seconds optional) for timed events, `2016-02-29` for all-day ones.
    pub fn parse(value: &str, all_day: bool) -> Result<Start, Msg> {
        let value = value.trim();
        if all_day {
            NaiveDate::parse_from_str(value, "%Y-%m-%d")
                .ok()
                .filter(in_supported_years)
                .map(Start::Day)
                .ok_or(Msg::EventDateInvalid)
        } else {
            NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M:%S")
                .or_else(|_| NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M"))
                .ok()
                .filter(|t| in_supported_years(&t.date()))
                .map(|t| Start::At(t.with_nanosecond_zero()))
                .ok_or(Msg::EventDateTimeInvalid)
        }
    }

    /// The wall-clock time it starts at (midnight for a day).
    pub fn naive(self) -> NaiveDateTime {
        match self {
            Start::At(t) => t,
            Start::Day(d) => d.and_time(NaiveTime::MIN),
        }
    }

    pub fn is_day(self) -> bool {
        matches!(self, Start::Day(_))
    }

    /// The same kind of start at another wall-clock time.
    pub(crate) fn like(self, naive: NaiveDateTime) -> Start {
        match self {
            Start::At(_) => Start::At(naive),
            Start::Day(_) => Start::Day(naive.date()),
        }
    }
}

impl std::fmt::Display for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Start::At(t) => write!(f, "{}", t.format("%Y-%m-%dT%H:%M:%S")),
            Start::Day(d) => write!(f, "{}", d.format("%Y-%m-%d")),
        }
    }
}

trait NanosecondZero {
    fn with_nanosecond_zero(self) -> Self;
}

impl NanosecondZero for NaiveDateTime {
    fn with_nanosecond_zero(self) -> Self {
        use chrono::Timelike;
        self.with_nanosecond(0).unwrap_or(self)
    }
}

/// Years outside this range are typing mistakes, and would make walks from the start endless.
fn in_supported_years(date: &NaiveDate) -> bool {
    use chrono::Datelike;
    (1900..=2200).contains(&date.year())
}

/// One occurrence: its local start and the instant that is, with the zone's real offset then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub start: Start,
    /// For an all-day occurrence: the local midnight that begins its day.
    pub instant: DateTime<FixedOffset>,
}

/// The instant a wall-clock time names in `zone`. A time inside a daylight-saving gap is read with
/// the offset in force before the gap (02:30 on 2026-03-29 in Europe/Madrid is 03:30+02:00); an
/// ambiguous time is its first occurrence. The answer carries the offset in force at that instant.
pub fn resolve(zone: Tz, local: NaiveDateTime) -> DateTime<FixedOffset> {
    if let Some(t) = zone.from_local_datetime(&local).earliest() {
        return t.fixed_offset();
    }
    // In a gap: the last wall-clock time before it that exists carries the offset from before.
    let before = (1..=26 * 60)
        .find_map(|m| {
            zone.from_local_datetime(&(local - Duration::minutes(m)))
                .latest()
        })
        .map(|t| t.offset().fix())
        .unwrap_or_else(|| zone.offset_from_utc_datetime(&local).fix());
    let utc = (local - before).and_utc();
    utc.with_timezone(&zone).fixed_offset()
}

/// An event's times as recurrence sees them.
#[derive(Debug, Clone)]
pub struct Series {
    pub zone: Tz,
    pub start: Start,
    pub rule: Option<Rule>,
    /// EXDATE: removes only an occurrence with exactly this start.
    pub exdates: Vec<Start>,
    /// RDATE: occurrences besides the rule's.
    pub rdates: Vec<Start>,
}

/// Why a query cannot be answered.
pub fn check_range(desde: DateTime<Utc>, hasta: DateTime<Utc>) -> Result<(), Msg> {
    if hasta <= desde {
        return Err(Msg::CalendarRangeInvalid);
    }
    match desde.checked_add_months(Months::new(MAX_SPAN_MONTHS)) {
        Some(limit) if hasta <= limit => Ok(()),
        _ => Err(Msg::CalendarRangeTooLong),
    }
}

impl Series {
    /// Every occurrence whose start instant `s` satisfies `desde ≤ s < hasta`, in order.
    pub fn occurrences(
        &self,
        desde: DateTime<Utc>,
        hasta: DateTime<Utc>,
    ) -> Result<Vec<Occurrence>, Msg> {
        check_range(desde, hasta)?;
        // Wall-clock bounds wide enough for any offset (at most ±26 hours from UTC).
        let low = desde.naive_utc() - Duration::days(2);
        let high = hasta.naive_utc() + Duration::days(2);
        let mut starts: BTreeSet<Start> = self.rule_starts(low, high)?.into_iter().collect();
        starts.extend(
            self.rdates
                .iter()
                .filter(|s| s.naive() >= low && s.naive() < high),
        );
        for ex in &self.exdates {
            starts.remove(ex);
        }
        let mut found = Vec::new();
        for start in starts {
            let instant = resolve(self.zone, start.naive());
            if instant >= desde && instant < hasta {
                if found.len() == MAX_OCCURRENCES {
                    return Err(Msg::CalendarTooManyOccurrences);
                }
                found.push(Occurrence { start, instant });
            }
        }
        found.sort_by_key(|o| o.instant);
        Ok(found)
    }

    /// The rule's instances (the start alone without a rule) with a wall-clock start before
    /// `high`, before EXDATE and RDATE.
    /// Only those from `low` on are kept: a series that began years ago is walked, not stored.
    fn rule_starts(&self, low: NaiveDateTime, high: NaiveDateTime) -> Result<Vec<Start>, Msg> {
        let Some(rule) = &self.rule else {
            return Ok(vec![self.start]);
        };
        let mut out = Vec::new();
        for (walked, naive) in rule
            .walk(rule.rebased(self.start.naive(), low))?
            .enumerate()
        {
            if naive >= high {
                break;
            }
            let start = self.start.like(naive);
            if !rule.until_allows(self.zone, start) {
                break;
            }
            if walked == MAX_WALK {
                return Err(Msg::CalendarTooManyOccurrences);
            }
            if naive >= low {
                out.push(start);
            }
        }
        Ok(out)
    }

    /// Whether `start` is an occurrence of the series (after EXDATE and RDATE).
    pub fn contains(&self, start: Start) -> Result<bool, Msg> {
        if start.is_day() != self.start.is_day() || self.exdates.contains(&start) {
            return Ok(false);
        }
        if self.rdates.contains(&start) {
            return Ok(true);
        }
        let high = start.naive() + Duration::seconds(1);
        Ok(self.rule_starts(start.naive(), high)?.contains(&start))
    }

    /// Whether an occurrence (after EXDATE and RDATE) starts before `at`, in wall-clock time.
    /// The walk stops at the first instance not excluded: a series that began long ago, however
    /// dense, answers at once (so it can still be ended from a coming occurrence).
    pub fn has_before(&self, at: Start) -> Result<bool, Msg> {
        let earlier = |s: &Start| s.naive() < at.naive() && !self.exdates.contains(s);
        if self.rdates.iter().any(earlier) {
            return Ok(true);
        }
        let Some(rule) = &self.rule else {
            return Ok(earlier(&self.start));
        };
        for (walked, naive) in rule.walk(self.start.naive())?.enumerate() {
            let start = self.start.like(naive);
            if naive >= at.naive() || !rule.until_allows(self.zone, start) {
                return Ok(false);
            }
            if !self.exdates.contains(&start) {
                return Ok(true);
            }
            if walked == MAX_WALK {
                return Err(Msg::CalendarTooManyOccurrences);
            }
        }
        Ok(false)
    }

    /// The first and the last start instants of the series (the last is None when it never
    /// ends), used to find the events a window can hold without expanding every event.
    pub fn bounds(&self) -> Result<(DateTime<Utc>, Option<DateTime<Utc>>), Msg> {
        let instant = |s: &Start| resolve(self.zone, s.naive()).with_timezone(&Utc);
        let first = std::iter::once(&self.start)
            .chain(&self.rdates)
            .map(instant)
            .min()
            .unwrap_or_else(|| instant(&self.start));
        let last_extra = self.rdates.iter().map(instant).max();
        let last_rule = match &self.rule {
            None => Some(instant(&self.start)),
            Some(rule) if rule.is_bounded() => {
                let far = self.start.naive() + Duration::days(366 * 300);
                // A COUNT too large to walk is, for every query, a series without end.
                match self.rule_starts(self.start.naive(), far) {
                    Ok(starts) => starts.last().map(instant),
                    Err(_) => return Ok((first, None)),
                }
            }
            Some(_) => return Ok((first, None)),
        };
        Ok((first, last_rule.into_iter().chain(last_extra).max()))
    }

    /// Splits the series at `at`, one of its occurrences, for "this and the following": the rule
    /// that ends the first series just before `at`, and the rule of the second series, which
    /// starts at `at` (its COUNT lowered by the instances the first one made).
    pub fn split_rules(&self, at: Start) -> Result<(Option<String>, Option<String>), Msg> {
        let Some(rule) = &self.rule else {
            return Ok((None, None));
        };
        // Only a COUNT needs the instances before `at` counted; a series without one is split
        // without walking its past.
        let made = match rule.count() {
            Some(_) => self
                .rule_starts(NaiveDateTime::MIN, at.naive())?
                .iter()
                .filter(|s| s.naive() < at.naive())
                .count(),
            None => 0,
        };
        let end = match at {
            Start::At(t) => {
                Until::Instant(resolve(self.zone, t).with_timezone(&Utc) - Duration::seconds(1))
            }
            Start::Day(d) => Until::Day(d.pred_opt().unwrap_or(d)),
        };
        Ok((Some(rule.ending(end)), rule.continued(made)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S").expect("a test date-time")
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("a test instant")
            .with_timezone(&Utc)
    }

    #[test]
    fn gap_times_take_the_offset_from_before_and_ambiguous_ones_the_first() {
        let madrid = chrono_tz::Europe::Madrid;
        assert_eq!(
            resolve(madrid, at("2026-03-29T02:30:00")).to_rfc3339(),
            "2026-03-29T03:30:00+02:00"
        );
        assert_eq!(
            resolve(madrid, at("2026-10-25T02:30:00")).to_rfc3339(),
            "2026-10-25T02:30:00+02:00"
        );
        let santiago = chrono_tz::America::Santiago;
        assert_eq!(
            resolve(santiago, at("2026-09-06T00:00:00")).to_rfc3339(),
            "2026-09-06T01:00:00-03:00"
        );
    }

    fn series(start: &str, rule: &str) -> Series {
        let start = Start::parse(start, !start.contains('T')).expect("a test start");
        Series {
            zone: chrono_tz::Europe::Madrid,
            start,
            rule: Some(Rule::parse(rule, start).expect("a test rule")),
            exdates: Vec::new(),
            rdates: Vec::new(),
        }
    }

    #[test]
    fn ranges_are_bounded() {
        let s = series("2026-01-01T09:00:00", "FREQ=DAILY");
        let from = utc("2026-01-01T00:00:00Z");
        assert_eq!(
            s.occurrences(from, utc("2031-01-01T00:00:01Z")),
            Err(Msg::CalendarRangeTooLong)
        );
        assert_eq!(s.occurrences(from, from), Err(Msg::CalendarRangeInvalid));
        let minutes = series(
            "2026-01-01T09:00:00",
            "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23",
        );
        assert_eq!(
            minutes.occurrences(from, utc("2027-01-01T00:00:00Z")),
            Err(Msg::CalendarTooManyOccurrences)
        );
        assert_eq!(
            minutes
                .occurrences(from, utc("2026-02-01T00:00:00Z"))
                .map(|o| o.len()),
            Ok(15 + 30 * 24 + 1)
        );
    }

    #[test]
    fn a_split_ends_the_first_series_before_the_occurrence_and_carries_the_count() {
        let s = series("2026-03-02T17:30:00", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10");
        let (first, second) = s
            .split_rules(Start::At(at("2026-03-11T17:30:00")))
            .expect("a split");
        assert_eq!(
            first.as_deref(),
            Some("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260311T162959Z")
        );
        assert_eq!(second.as_deref(), Some("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=7"));
        let days = series("2026-03-02", "FREQ=DAILY;UNTIL=20260401");
        let (first, second) = days
            .split_rules(Start::Day(
                NaiveDate::from_ymd_opt(2026, 3, 10).expect("a date"),
            ))
            .expect("a split");
        assert_eq!(first.as_deref(), Some("FREQ=DAILY;UNTIL=20260309"));
        assert_eq!(second.as_deref(), Some("FREQ=DAILY;UNTIL=20260401"));
    }

    #[test]
    fn exdate_removes_only_an_exact_start_and_count_counts_before_it() {
        let mut s = series("2026-03-02T17:30:00", "FREQ=DAILY;COUNT=3");
        s.exdates = vec![
            Start::At(at("2026-03-03T17:30:00")),
            Start::At(at("2026-03-04T17:31:00")),
        ];
        let starts: Vec<String> = s
            .occurrences(utc("2026-03-01T00:00:00Z"), utc("2026-04-01T00:00:00Z"))
            .expect("occurrences")
            .iter()
            .map(|o| o.start.to_string())
            .collect();
        assert_eq!(starts, ["2026-03-02T17:30:00", "2026-03-04T17:30:00"]);
        assert_eq!(s.contains(Start::At(at("2026-03-04T17:30:00"))), Ok(true));
        assert_eq!(s.contains(Start::At(at("2026-03-03T17:30:00"))), Ok(false));
        assert_eq!(s.contains(Start::At(at("2026-03-05T17:30:00"))), Ok(false));
    }
}

#[cfg(test)]
mod rebase_tests {
    use super::*;

    /// A series walked from a later start (to skip years of instances) gives what the whole walk
    /// gives.
    #[test]
    fn walking_from_a_later_start_changes_nothing() {
        let start = Start::parse("2024-01-31T00:30:00", false).expect("a start");
        let low = Start::parse("2026-10-30T00:00:00", false)
            .expect("a start")
            .naive();
        let high = low + Duration::days(40);
        for rule in [
            "FREQ=DAILY",
            "FREQ=DAILY;INTERVAL=3",
            "FREQ=DAILY;BYHOUR=0,5,23;BYMINUTE=0,30",
            "FREQ=DAILY;BYDAY=MO,FR;BYMONTH=11",
            "FREQ=WEEKLY",
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO",
            "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU;WKST=SU",
            "FREQ=WEEKLY;BYDAY=TU;BYHOUR=8,20",
            "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261115T000000Z",
        ] {
            let series = Series {
                zone: chrono_tz::America::Santiago,
                start,
                rule: Some(Rule::parse(rule, start).expect("a rule")),
                exdates: Vec::new(),
                rdates: Vec::new(),
            };
            let whole: Vec<Start> = series
                .rule_starts(NaiveDateTime::MIN, high)
                .expect("a walk")
                .into_iter()
                .filter(|s| s.naive() >= low)
                .collect();
            assert!(!whole.is_empty(), "{rule}");
            assert_eq!(series.rule_starts(low, high), Ok(whole), "{rule}");
        }
    }
}

#[cfg(test)]
mod rebase_by_months_tests {
    use super::*;

    /// Monthly and yearly rules walked from a later month give what the whole walk gives.
    #[test]
    fn walking_monthly_and_yearly_rules_from_a_later_month_changes_nothing() {
        let mut compared = 0;
        for start in [
            "2019-01-31T00:30:00",
            "2019-07-15T17:30:00",
            "2020-02-29T23:30:00",
        ] {
            let start = Start::parse(start, false).expect("a start");
            let low = Start::parse("2026-10-30T00:00:00", false)
                .expect("a start")
                .naive();
            let high = low + Duration::days(800);
            for rule in [
                "FREQ=MONTHLY",
                "FREQ=MONTHLY;INTERVAL=5",
                "FREQ=MONTHLY;BYMONTHDAY=31",
                "FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=0,12",
                "FREQ=MONTHLY;BYDAY=2MO,-1FR",
                "FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                "FREQ=MONTHLY;BYMONTHDAY=1,15;BYHOUR=8,20;BYMINUTE=0,30",
                "FREQ=YEARLY",
                "FREQ=YEARLY;INTERVAL=3",
                "FREQ=YEARLY;BYMONTH=1,12;BYDAY=1SU",
                "FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO",
                "FREQ=YEARLY;BYYEARDAY=1,-1",
                "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
                "FREQ=MONTHLY;UNTIL=20280101T000000Z",
            ] {
                let series = Series {
                    zone: chrono_tz::Europe::Madrid,
                    start,
                    rule: Some(Rule::parse(rule, start).expect("a rule")),
                    exdates: Vec::new(),
                    rdates: Vec::new(),
                };
                let whole: Vec<Start> = series
                    .rule_starts(NaiveDateTime::MIN, high)
                    .expect("a walk")
                    .into_iter()
                    .filter(|s| s.naive() >= low)
                    .collect();
                compared += whole.len();
                assert_eq!(
                    series.rule_starts(low, high),
                    Ok(whole),
                    "{rule} from {start}"
                );
            }
        }
        assert!(compared > 500, "{compared}");
    }
}

#[cfg(test)]
mod hostile_tests {
    use super::*;

    /// Rules that never or hardly ever match, or leap far, end quickly without a panic.
    #[test]
    fn rules_that_never_match_or_leap_far_end_quickly() {
        let start = Start::parse("2026-03-02T17:30:00", false).expect("a start");
        let from = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .expect("an instant")
            .with_timezone(&Utc);
        for rule in [
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=2",
            "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31;COUNT=3",
            "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4",
            "FREQ=YEARLY;INTERVAL=65535;COUNT=5",
            "FREQ=DAILY;INTERVAL=65535;COUNT=5",
            "FREQ=WEEKLY;BYWEEKNO=53;BYDAY=MO;COUNT=40",
            "FREQ=YEARLY;BYYEARDAY=366;COUNT=30",
            "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO;COUNT=5000",
            "FREQ=YEARLY;BYWEEKNO=-53;COUNT=3",
            "FREQ=MONTHLY;BYDAY=+5MO;COUNT=3",
            "FREQ=MONTHLY;BYDAY=-0MO",
            "FREQ=MONTHLY;BYDAY=53MO",
            "FREQ=YEARLY;BYDAY=53MO;COUNT=2",
            "FREQ=YEARLY;BYDAY=-53SU;COUNT=2",
            "FREQ=WEEKLY;WKST=XX",
            "FREQ=YEARLY;BYYEARDAY=-366;COUNT=3",
            "FREQ=DAILY;BYSETPOS=367",
            "FREQ=MONTHLY;BYSETPOS=-366;BYDAY=MO",
            "FREQ=MONTHLY;BYMONTHDAY=999999999999",
            "FREQ=DAILY;COUNT=99999999999",
            "FREQ=DAILY;COUNT=4294967295",
            "FREQ=DAILY;INTERVAL=65536",
            "FREQ=DAILY;BYHOUR=24",
            "FREQ=DAILY;BYMINUTE=60;BYSECOND=60",
            "FREQ=DAILY;BYSECOND=59,60",
            "FREQ=YEARLY;BYMONTH=13",
            "FREQ=YEARLY;BYMONTH=0",
            "FREQ=DAILY;UNTIL=99991231T235959Z",
            "FREQ=DAILY;UNTIL=19000101T000000Z",
            "FREQ=DAILY;;",
            "FREQ=DAILY;=",
            "FREQ==DAILY",
            "FREQ=DAILY;X-NAME=1",
            "RRULE:",
            "FREQ=DAILY\nRRULE:FREQ=WEEKLY",
            "DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY",
        ] {
            let began = std::time::Instant::now();
            // Refused outright is fine too.
            let Ok(parsed) = Rule::parse(rule, start) else {
                continue;
            };
            let series = Series {
                zone: chrono_tz::Europe::Madrid,
                start,
                rule: Some(parsed),
                exdates: Vec::new(),
                rdates: Vec::new(),
            };
            let _ = series.bounds();
            let _ = series.occurrences(from, from + Duration::days(5 * 365));
            let _ = series.has_before(Start::At(start.naive() + Duration::days(9000)));
            // A rule that never ended would run for hours; a minute leaves room for a debug
            // build on a machine busy with the other test suites (5 s did not, once).
            assert!(
                began.elapsed() < std::time::Duration::from_secs(60),
                "{rule}"
            );
        }
    }
}
