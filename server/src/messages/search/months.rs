//! The months PostgreSQL's search asks its month index for, newest first, in windows that double
//! (one month, two, four… up to `MAX_MONTHS`): a word found often is done within the first
//! month, and a rare one or one found nowhere crosses a long history in a few statements.

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};

/// The most months one statement asks for: keeps each query's size bounded.
const MAX_MONTHS: u32 = 32;

/// Some consecutive months in UTC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    /// The first instant of each month, newest first.
    pub months: Vec<DateTime<Utc>>,
    /// The first instant of the oldest month.
    pub from: DateTime<Utc>,
    /// The first instant of the month after the newest.
    pub until: DateTime<Utc>,
}

/// The first instant of the month holding `at`, in UTC.
fn month_start(at: DateTime<Utc>) -> NaiveDate {
    NaiveDate::from_ymd_opt(at.year(), at.month(), 1).unwrap_or(at.date_naive())
}

fn instant(month: NaiveDate) -> DateTime<Utc> {
    month.and_time(chrono::NaiveTime::MIN).and_utc()
}

/// The windows from the month holding `newest` back to the month holding `oldest`, both
/// included; none when `oldest` comes after `newest`.
pub fn windows(newest: DateTime<Utc>, oldest: DateTime<Utc>) -> Vec<Window> {
    let last = month_start(oldest);
    let mut next = month_start(newest);
    let mut size = 1;
    let mut windows = Vec::new();
    while next >= last {
        let mut months = Vec::new();
        let mut month = next;
        while months.len() < size as usize && month >= last {
            months.push(month);
            match month.checked_sub_months(Months::new(1)) {
                Some(before) => month = before,
                None => break,
            }
        }
        let (Some(newest_month), Some(oldest_month)) = (months.first(), months.last()) else {
            break;
        };
        let until = newest_month
            .checked_add_months(Months::new(1))
            .unwrap_or(*newest_month);
        windows.push(Window {
            from: instant(*oldest_month),
            until: instant(until),
            months: months.iter().copied().map(instant).collect(),
        });
        if month == *oldest_month {
            break;
        }
        next = month;
        size = (size * 2).min(MAX_MONTHS);
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .expect("instant")
            .with_timezone(&Utc)
    }

    fn sizes(windows: &[Window]) -> Vec<usize> {
        windows.iter().map(|w| w.months.len()).collect()
    }

    #[test]
    fn one_month_then_doubling_back_to_the_oldest() {
        let w = windows(at("2026-11-24T13:00:00Z"), at("2024-01-31T23:59:59Z"));
        assert_eq!(sizes(&w), vec![1, 2, 4, 8, 16, 4]);
        assert_eq!(w[0].months, vec![at("2026-11-01T00:00:00Z")]);
        assert_eq!(w[0].from, at("2026-11-01T00:00:00Z"));
        assert_eq!(w[0].until, at("2026-12-01T00:00:00Z"));
        assert_eq!(
            w[1].months,
            vec![at("2026-10-01T00:00:00Z"), at("2026-09-01T00:00:00Z")]
        );
        assert_eq!(w[1].from, at("2026-09-01T00:00:00Z"));
        assert_eq!(w[1].until, at("2026-11-01T00:00:00Z"));
        // Every month once, in order, with no gap between windows.
        let all: Vec<_> = w.iter().flat_map(|w| w.months.clone()).collect();
        assert_eq!(all.len(), 35);
        assert_eq!(all.last(), Some(&at("2024-01-01T00:00:00Z")));
        for pair in w.windows(2) {
            assert_eq!(pair[1].until, pair[0].from);
        }
    }

    #[test]
    fn windows_stop_growing_at_the_largest_size() {
        let w = windows(at("2026-11-24T13:00:00Z"), at("2016-01-01T00:00:00Z"));
        assert_eq!(sizes(&w), vec![1, 2, 4, 8, 16, 32, 32, 32, 4]);
    }

    #[test]
    fn a_year_boundary_and_a_single_month() {
        let w = windows(at("2026-01-03T00:00:00Z"), at("2025-12-31T23:00:00Z"));
        assert_eq!(sizes(&w), vec![1, 1]);
        assert_eq!(w[1].months, vec![at("2025-12-01T00:00:00Z")]);
        assert_eq!(w[1].until, at("2026-01-01T00:00:00Z"));
        let one = windows(at("2026-01-03T00:00:00Z"), at("2026-01-01T00:00:00Z"));
        assert_eq!(sizes(&one), vec![1]);
    }

    #[test]
    fn nothing_when_the_oldest_is_newer() {
        assert!(windows(at("2026-01-03T00:00:00Z"), at("2026-02-01T00:00:00Z")).is_empty());
    }
}
