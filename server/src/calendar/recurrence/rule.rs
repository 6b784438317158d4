//! An RRULE value: checked, kept as text in a canonical spelling, validated by the `rrule` crate
//! without its UNTIL (applied by `Series`, on instants, because the crate only sees wall-clock
//! times).

use std::str::FromStr;

use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use rrule::{Frequency, RRule, RRuleSet, Unvalidated, Validated};

use super::{Start, resolve};
use crate::i18n::Msg;

/// Longer than any rule the recurrence builder writes.
pub const MAX_CHARS: usize = 300;
const FREQUENCIES: [&str; 4] = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"];

/// The end of a rule, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// `20260415T215959Z`: an instant; an occurrence starting at it is the last.
    Instant(DateTime<Utc>),
    /// `20260415`, for all-day events: the last date.
    Day(NaiveDate),
}

impl Until {
    fn parse(value: &str, all_day: bool) -> Result<Until, Msg> {
        if let Ok(t) = NaiveDateTime::parse_from_str(value, "%Y%m%dT%H%M%SZ") {
            return Ok(Until::Instant(t.and_utc()));
        }
        match NaiveDate::parse_from_str(value, "%Y%m%d") {
            Ok(d) if all_day && value.len() == 8 => Ok(Until::Day(d)),
            _ => Err(Msg::EventRuleUntil),
        }
    }

    fn text(self) -> String {
        match self {
            Until::Instant(t) => t.format("%Y%m%dT%H%M%SZ").to_string(),
            Until::Day(d) => d.format("%Y%m%d").to_string(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Rule {
    /// KEY=VALUE parts in the order given, upper case, UNTIL included.
    parts: Vec<(String, String)>,
    until: Option<Until>,
    count: Option<u32>,
    rrule: RRule<Validated>,
}

/// The crate sees wall-clock times as if they were UTC, where no day is longer or shorter.
fn as_utc(naive: NaiveDateTime) -> DateTime<rrule::Tz> {
    rrule::Tz::UTC.from_utc_datetime(&naive)
}

impl Rule {
    /// Checks an RRULE value (`FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T215959Z`, an `RRULE:`
    /// prefix allowed) for a series starting at `start`.
    pub fn parse(value: &str, start: Start) -> Result<Rule, Msg> {
        let value = value.trim();
        let value = match value.get(..6) {
            Some(prefix) if prefix.eq_ignore_ascii_case("RRULE:") => &value[6..],
            _ => value,
        };
        if value.is_empty() || value.chars().count() > MAX_CHARS {
            return Err(Msg::EventRuleInvalid);
        }
        let mut parts: Vec<(String, String)> = Vec::new();
        for part in value.split(';') {
            let (key, val) = part.split_once('=').ok_or(Msg::EventRuleInvalid)?;
            let key = key.trim().to_ascii_uppercase();
            if key.is_empty() || parts.iter().any(|(k, _)| *k == key) {
                return Err(Msg::EventRuleInvalid);
            }
            parts.push((key, val.trim().to_ascii_uppercase()));
        }
        let get = |key: &str| {
            parts
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        match get("FREQ") {
            Some(f) if FREQUENCIES.contains(&f) => {}
            Some(f) if ["HOURLY", "MINUTELY", "SECONDLY"].contains(&f) => {
                return Err(Msg::EventRuleFrequency);
            }
            _ => return Err(Msg::EventRuleInvalid),
        }
        if start.is_day()
            && ["BYHOUR", "BYMINUTE", "BYSECOND"]
                .iter()
                .any(|k| get(k).is_some())
        {
            return Err(Msg::EventRuleAllDayTime);
        }
        let until = get("UNTIL")
            .map(|u| Until::parse(u, start.is_day()))
            .transpose()?;
        let count = get("COUNT")
            .map(|c| {
                c.parse::<u32>()
                    .ok()
                    .filter(|c| *c > 0)
                    .ok_or(Msg::EventRuleInvalid)
            })
            .transpose()?;
        // The crate takes INTERVAL=0, which RFC 5545 forbids and which would never advance.
        if get("INTERVAL").is_some_and(|i| i.parse::<u16>().map_or(true, |i| i == 0)) {
            return Err(Msg::EventRuleInvalid);
        }
        if until.is_some() && count.is_some() {
            return Err(Msg::EventRuleInvalid);
        }
        let body = parts
            .iter()
            .filter(|(k, _)| k != "UNTIL")
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";");
        let rrule = RRule::<Unvalidated>::from_str(&body)
            .and_then(|r| r.validate(as_utc(start.naive())))
            .map_err(|_| Msg::EventRuleInvalid)?;
        Ok(Rule {
            parts,
            until,
            count,
            rrule,
        })
    }

    /// Whether the rule makes any instance from `start` (`FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31`
    /// makes none, and would make every expansion search in vain).
    pub fn happens(&self, start: Start) -> bool {
        self.walk(start.naive())
            .map(|mut w| w.next().is_some())
            .unwrap_or(false)
    }

    /// The rule in its canonical spelling, as stored.
    pub fn text(&self) -> String {
        join(self.parts.iter().map(|(k, v)| (k.as_str(), v.clone())))
    }

    pub fn until(&self) -> Option<Until> {
        self.until
    }

    pub fn count(&self) -> Option<u32> {
        self.count
    }

    pub fn is_bounded(&self) -> bool {
        self.until.is_some() || self.count.is_some()
    }

    /// The most instances the rule can make on one day: one per combination of its hours,
    /// minutes and seconds (each the start's own when not given), fewer when a daily rule picks
    /// some of them with BYSETPOS.
    pub fn per_day(&self) -> usize {
        let r = &self.rrule;
        let combinations =
            r.get_by_hour().len() * r.get_by_minute().len() * r.get_by_second().len();
        match (r.get_freq(), r.get_by_set_pos().len()) {
            (Frequency::Daily, picked) if picked > 0 => combinations.min(picked),
            _ => combinations,
        }
    }

    /// The rule's wall-clock instances from `start`, COUNT applied, UNTIL not.
    pub(super) fn walk(
        &self,
        start: NaiveDateTime,
    ) -> Result<impl Iterator<Item = NaiveDateTime>, Msg> {
        let set = RRuleSet::new(as_utc(start))
            .rrule(self.rrule.clone())
            .limit();
        Ok((&set).into_iter().map(|t| t.naive_utc()))
    }

    /// Where to start walking to reach `low` without walking the years before it: a later start
    /// whole periods on, where a daily or weekly rule without COUNT makes the same instances
    /// from the period after it (its BYxxx parts were settled from the real start on parsing).
    /// Two periods and some days of margin keep the first period, which may come out short,
    /// well before `low`.
    pub(super) fn rebased(&self, start: NaiveDateTime, low: NaiveDateTime) -> NaiveDateTime {
        if self.count.is_some() {
            return start;
        }
        let days = match self.rrule.get_freq() {
            Frequency::Daily => 1,
            Frequency::Weekly => 7,
            Frequency::Monthly => return self.rebased_by_months(start, low, 1),
            Frequency::Yearly => return self.rebased_by_months(start, low, 12),
            _ => return start,
        };
        let period = i64::from(self.rrule.get_interval()) * days;
        let gap = (low - start).num_days() - 2 * period - 3;
        if gap <= 0 {
            return start;
        }
        start + chrono::Duration::days(gap / period * period)
    }

    /// `rebased` for monthly and yearly rules: the first midnight of a month (of a year) whole
    /// periods on, two periods before `low`'s. A period's instances never fall before its first
    /// midnight, and its days and times were settled from the real start on parsing, so the walk
    /// from there makes the same instances; a long month's or year's worth of instances of a
    /// series that began long ago is skipped rather than walked.
    fn rebased_by_months(
        &self,
        start: NaiveDateTime,
        low: NaiveDateTime,
        months: u32,
    ) -> NaiveDateTime {
        use chrono::Datelike;
        let period = i64::from(self.rrule.get_interval()) * i64::from(months);
        let month_index = |t: NaiveDateTime| i64::from(t.year()) * 12 + i64::from(t.month0());
        let periods = (month_index(low) - month_index(start)) / period - 2;
        if periods <= 0 {
            return start;
        }
        let Ok(skip) = u32::try_from(periods * period) else {
            return start;
        };
        start
            .date()
            .with_day(1)
            .and_then(|first| first.checked_add_months(chrono::Months::new(skip)))
            .map_or(start, |d| d.and_time(chrono::NaiveTime::MIN))
    }

    /// Whether UNTIL (inclusive, on instants) lets an instance starting at `start` be.
    pub(super) fn until_allows(&self, zone: Tz, start: Start) -> bool {
        match (self.until, start) {
            (None, _) => true,
            (Some(Until::Day(d)), s) => s.naive().date() <= d,
            // No zone is more than 26 hours from UTC: far from UNTIL, no need to look it up.
            (Some(Until::Instant(u)), s) => {
                let margin = chrono::Duration::hours(26);
                match s.naive() {
                    t if t < u.naive_utc() - margin => true,
                    t if t > u.naive_utc() + margin => false,
                    t => resolve(zone, t) <= u,
                }
            }
        }
    }

    /// This rule ending at `end` (COUNT and UNTIL replaced).
    pub(super) fn ending(&self, end: Until) -> String {
        join(
            self.parts
                .iter()
                .filter(|(k, _)| k != "COUNT" && k != "UNTIL")
                .map(|(k, v)| (k.as_str(), v.clone()))
                .chain(std::iter::once(("UNTIL", end.text()))),
        )
    }

    /// This rule for a series that goes on after `made` instances: None if none are left.
    pub(super) fn continued(&self, made: usize) -> Option<String> {
        let left = match self.count {
            Some(count) => {
                let left = (count as usize).checked_sub(made).filter(|l| *l > 0)?;
                Some(left.to_string())
            }
            None => None,
        };
        Some(join(self.parts.iter().map(|(k, v)| {
            let v = match (&left, k.as_str()) {
                (Some(left), "COUNT") => left.clone(),
                _ => v.clone(),
            };
            (k.as_str(), v)
        })))
    }
}

fn join<'a>(parts: impl Iterator<Item = (&'a str, String)>) -> String {
    parts
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Start {
        Start::parse("2026-03-02T17:30:00", false).expect("a start")
    }

    #[test]
    fn good_rules_keep_a_canonical_spelling() {
        let rule = Rule::parse(
            " rrule:freq=weekly;byday=mo,we;UNTIL=20260415T215959Z ",
            start(),
        )
        .expect("a rule");
        assert_eq!(
            rule.text(),
            "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T215959Z"
        );
        assert!(rule.is_bounded());
    }

    #[test]
    fn bad_rules_say_why() {
        for (bad, msg) in [
            ("", Msg::EventRuleInvalid),
            ("FREQ=WEEKLY;BYDAY=XX", Msg::EventRuleInvalid),
            ("FREQ=SOMETIMES", Msg::EventRuleInvalid),
            ("BYDAY=MO", Msg::EventRuleInvalid),
            ("FREQ=DAILY;COUNT=0", Msg::EventRuleInvalid),
            (
                "FREQ=DAILY;COUNT=2;UNTIL=20260415T215959Z",
                Msg::EventRuleInvalid,
            ),
            ("FREQ=DAILY;FREQ=WEEKLY", Msg::EventRuleInvalid),
            ("FREQ=DAILY;INTERVAL=0", Msg::EventRuleInvalid),
            ("FREQ=MONTHLY;BYMONTHDAY=32", Msg::EventRuleInvalid),
            ("FREQ=DAILY;UNTIL=20260415", Msg::EventRuleUntil),
            ("FREQ=DAILY;UNTIL=20260415T215959", Msg::EventRuleUntil),
            ("FREQ=HOURLY", Msg::EventRuleFrequency),
        ] {
            assert_eq!(Rule::parse(bad, start()).map(|_| ()), Err(msg), "{bad}");
        }
        let day = Start::parse("2026-03-02", true).expect("a day");
        assert_eq!(
            Rule::parse("FREQ=DAILY;UNTIL=20260415", day).map(|r| r.per_day()),
            Ok(1)
        );
        assert_eq!(
            Rule::parse("FREQ=DAILY;BYHOUR=9", day).map(|_| ()),
            Err(Msg::EventRuleAllDayTime)
        );
        assert!(Rule::parse("FREQ=DAILY;UNTIL=20260415", day).is_ok());
    }

    #[test]
    fn a_rule_says_how_many_instances_a_day_it_can_make() {
        for (rule, per_day) in [
            ("FREQ=WEEKLY;BYDAY=TU,TH", 1),
            ("FREQ=DAILY;BYHOUR=8,20", 2),
            ("FREQ=MONTHLY;BYMONTHDAY=1,15;BYHOUR=8,20;BYMINUTE=0,30", 4),
            (
                "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;\
                 BYMINUTE=0,5,10,15,20,25,30,35,40,45,50,55",
                288,
            ),
            ("FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=0,30;BYSETPOS=1,-1", 2),
            ("FREQ=WEEKLY;BYHOUR=1,2,3;BYSETPOS=1", 3),
        ] {
            let rule = Rule::parse(&rule.replace(' ', ""), start()).expect("a rule");
            assert_eq!(rule.per_day(), per_day, "{}", rule.text());
        }
    }
}
