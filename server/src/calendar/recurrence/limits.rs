//! What one series may cost an answer. A new rule may make at most `MAX_PER_DAY` occurrences on
//! a day (`Rule::per_day`, checked when an event is created or changed), but series stored before
//! that limit, or a query that reaches far, must never make a month, a feed or "Today" fail for
//! the whole family: an answer takes at most `MAX_PER_DAY` occurrences of a series on one day, and
//! at most `MAX_OCCURRENCES` in all, shared out so that the largest series give way first. A series
//! that lost occurrences is marked, and the answer says so.

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::{MAX_OCCURRENCES, MAX_WALK, Occurrence, Series, Start, check_range, resolve};
use crate::i18n::Msg;

/// At most this many occurrences of one series on one day (in its zone): hourly, for a
/// medicine every hour of the day, and no more.
pub const MAX_PER_DAY: usize = 24;

/// A series' occurrences in a window, as many as an answer takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limited {
    pub found: Vec<Occurrence>,
    /// Whether the series has occurrences in the window that were left out.
    pub cut: bool,
}

impl Series {
    /// The occurrences whose start instant `s` satisfies `desde ≤ s < hasta`, in order, at most
    /// `MAX_PER_DAY` on one local day and `MAX_OCCURRENCES` in all. Fails only on a bad range: a
    /// rule too dense to walk to the window gives what it reached, marked as cut.
    pub fn limited(&self, desde: DateTime<Utc>, hasta: DateTime<Utc>) -> Result<Limited, Msg> {
        check_range(desde, hasta)?;
        let low = desde.naive_utc() - Duration::days(2);
        let high = hasta.naive_utc() + Duration::days(2);
        let exdates: BTreeSet<&Start> = self.exdates.iter().collect();
        let mut cut = false;
        let mut all: BTreeSet<Start> = BTreeSet::new();
        let mut walked_to = None;
        match &self.rule {
            None => {
                all.insert(self.start);
            }
            Some(rule) => {
                // Instances beyond a day's share are not kept, so what is kept stays small
                // however dense the rule.
                let mut day: Option<(NaiveDate, usize)> = None;
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
                    // A walk this long is a rule far denser than any allowed now: what it
                    // reached is shown, and the rest said to be missing.
                    if walked == MAX_WALK {
                        cut = true;
                        walked_to = Some(naive);
                        break;
                    }
                    if naive < low || exdates.contains(&start) {
                        continue;
                    }
                    // A day's share is of what falls in the window: a window that opens in the
                    // middle of a day still shows that day's share.
                    let instant = resolve(self.zone, naive);
                    if instant < desde || instant >= hasta {
                        continue;
                    }
                    let on_day = match day {
                        Some((d, n)) if d == naive.date() => n,
                        _ => 0,
                    };
                    if on_day == MAX_PER_DAY {
                        cut = true;
                        continue;
                    }
                    day = Some((naive.date(), on_day + 1));
                    all.insert(start);
                }
            }
        }
        all.extend(self.rdates.iter().filter(|s| {
            s.naive() >= low
                && s.naive() < high
                && walked_to.is_none_or(|w| s.naive() < w)
                && !exdates.contains(s)
        }));
        all.retain(|s| !exdates.contains(s));
        let mut found = Vec::new();
        let mut day: Option<(NaiveDate, usize)> = None;
        for start in all {
            let instant = resolve(self.zone, start.naive());
            if instant < desde || instant >= hasta {
                continue;
            }
            let date = start.naive().date();
            let on_day = match day {
                Some((d, n)) if d == date => n,
                _ => 0,
            };
            if on_day == MAX_PER_DAY {
                cut = true;
                continue;
            }
            day = Some((date, on_day + 1));
            if found.len() == MAX_OCCURRENCES {
                cut = true;
                break;
            }
            found.push(Occurrence { start, instant });
        }
        found.sort_by_key(|o| o.instant);
        Ok(Limited { found, cut })
    }
}

/// How many occurrences each series keeps when together they would pass `max`: every series
/// keeps up to the same number, the largest give way first, and what is left over goes to the
/// first of those cut. `sizes` are the series' occurrences in the window; the answer is in the
/// same order.
pub fn shares(sizes: &[usize], max: usize) -> Vec<usize> {
    if sizes.iter().sum::<usize>() <= max {
        return sizes.to_vec();
    }
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable();
    // The largest level every series may fill up to without passing `max`.
    let mut left = max;
    let mut level = 0;
    for (i, size) in sorted.iter().enumerate() {
        let others = sorted.len() - i;
        if size * others > left {
            level = left / others;
            break;
        }
        left -= size;
    }
    let mut spare = max - sizes.iter().map(|s| (*s).min(level)).sum::<usize>();
    sizes
        .iter()
        .map(|size| {
            let mut share = (*size).min(level);
            if *size > share && spare > 0 {
                share += 1;
                spare -= 1;
            }
            share
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::recurrence::Rule;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("a test instant")
            .with_timezone(&Utc)
    }

    fn series(start: &str, rule: &str) -> Series {
        let start = Start::parse(start, false).expect("a test start");
        Series {
            zone: chrono_tz::America::Argentina::Buenos_Aires,
            start,
            rule: Some(Rule::parse(rule, start).expect("a test rule")),
            exdates: Vec::new(),
            rdates: Vec::new(),
        }
    }

    const EVERY_FIVE_MINUTES: &str = "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,\
        17,18,19,20,21,22,23;BYMINUTE=0,5,10,15,20,25,30,35,40,45,50,55";

    #[test]
    fn a_dense_series_gives_a_day_its_first_24_and_says_so() {
        let s = series("2025-06-01T00:00:00", EVERY_FIVE_MINUTES);
        let month = s
            .limited(utc("2026-03-01T03:00:00Z"), utc("2026-04-01T03:00:00Z"))
            .expect("a month");
        assert!(month.cut);
        assert_eq!(month.found.len(), 31 * MAX_PER_DAY);
        let first: Vec<String> = month.found[..3]
            .iter()
            .map(|o| o.start.to_string())
            .collect();
        assert_eq!(
            first,
            [
                "2026-03-01T00:00:00",
                "2026-03-01T00:05:00",
                "2026-03-01T00:10:00"
            ]
        );
        // A window that opens at noon gets that afternoon's share.
        let afternoon = s
            .limited(utc("2026-03-02T15:00:00Z"), utc("2026-03-03T03:00:00Z"))
            .expect("an afternoon");
        assert_eq!(afternoon.found.len(), MAX_PER_DAY);
        assert_eq!(
            afternoon.found.first().map(|o| o.start.to_string()),
            Some("2026-03-02T12:00:00".to_owned())
        );
        // Five years of it: the answer's own bound, still no failure.
        let years = s
            .limited(utc("2026-01-01T00:00:00Z"), utc("2030-12-31T00:00:00Z"))
            .expect("five years");
        assert!(years.cut);
        assert!(years.found.len() <= MAX_OCCURRENCES);
    }

    #[test]
    fn a_series_within_the_limits_is_whole() {
        let s = series(
            "2026-03-02T17:30:00",
            "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23",
        );
        let (from, to) = (utc("2026-03-01T00:00:00Z"), utc("2026-04-01T00:00:00Z"));
        let limited = s.limited(from, to).expect("a month");
        assert!(!limited.cut);
        assert_eq!(Ok(limited.found), s.occurrences(from, to));
        assert_eq!(
            s.limited(to, from).map(|_| ()),
            Err(Msg::CalendarRangeInvalid)
        );
    }

    #[test]
    fn shares_cut_the_largest_first() {
        assert_eq!(shares(&[3, 4], 10), [3, 4]);
        assert_eq!(shares(&[2, 100, 50], 20), [2, 9, 9]);
        assert_eq!(shares(&[10, 10, 10], 20), [7, 7, 6]);
        assert_eq!(shares(&[1, 1, 1], 2), [1, 1, 0]);
        assert_eq!(shares(&[5000, 5000, 1], 5000), [2500, 2499, 1]);
        assert_eq!(shares(&[], 5), Vec::<usize>::new());
    }
}
