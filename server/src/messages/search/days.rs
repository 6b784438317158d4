//! A range of calendar days (`desde`, `hasta`, both inclusive) as the caller lives them, turned
//! into the instants a query compares sending times with.

use chrono::{DateTime, Duration, LocalResult, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use crate::{
    error::{ApiResult, FieldErrors},
    fields,
    i18n::Msg,
};

/// From the start of `desde` (inclusive) to the start of the day after `hasta` (exclusive), in
/// UTC; an absent end leaves that side open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Days {
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

fn date(value: Option<&str>) -> Result<Option<NaiveDate>, Msg> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let date = NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| Msg::DateInvalid)?;
    fields::date_in_range(date).map(Some)
}

/// The first instant of `date` in `zone`. Where a clock change skips midnight, the day begins at
/// the first minute that exists.
pub fn day_start(date: NaiveDate, zone: Tz) -> DateTime<Utc> {
    let midnight = date.and_time(NaiveTime::MIN);
    (0..=24 * 60)
        .find_map(|minute| {
            match zone.from_local_datetime(&(midnight + Duration::minutes(minute))) {
                LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => {
                    Some(t.with_timezone(&Utc))
                }
                LocalResult::None => None,
            }
        })
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

impl Days {
    /// Reads `desde` and `hasta` in the caller's zone (an unknown zone counts as UTC), noting a
    /// malformed date or an end before the start in `errors`.
    pub fn read(
        desde: Option<&str>,
        hasta: Option<&str>,
        zona_horaria: &str,
        errors: &mut FieldErrors,
    ) -> Days {
        let zone: Tz = zona_horaria.parse().unwrap_or(chrono_tz::UTC);
        let first = errors.check("desde", date(desde)).flatten();
        let last = errors.check("hasta", date(hasta)).flatten();
        if let (Some(first), Some(last)) = (first, last)
            && last < first
        {
            errors.add("hasta", Msg::DateRangeInverted);
        }
        Days {
            from: first.map(|d| day_start(d, zone)),
            until: last.and_then(|d| d.succ_opt()).map(|d| day_start(d, zone)),
        }
    }

    /// `read` on its own: 422 with the fields at fault.
    pub fn parse(desde: Option<&str>, hasta: Option<&str>, zona_horaria: &str) -> ApiResult<Days> {
        let mut errors = FieldErrors::default();
        let days = Days::read(desde, hasta, zona_horaria, &mut errors);
        errors.into_result().map(|()| days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .expect("time")
            .with_timezone(&Utc)
    }

    #[test]
    fn days_are_the_callers_days() {
        let days = Days::parse(
            Some("2026-03-01"),
            Some(" 2026-03-02 "),
            "America/Argentina/Buenos_Aires",
        )
        .expect("days");
        assert_eq!(days.from, Some(at("2026-03-01T03:00:00Z")));
        assert_eq!(days.until, Some(at("2026-03-03T03:00:00Z")));
        assert_eq!(
            Days::parse(None, Some(""), "UTC").expect("open"),
            Days::default()
        );
    }

    #[test]
    fn a_skipped_midnight_starts_the_day_at_the_first_real_minute() {
        // Santiago de Chile moved its clocks from 00:00 to 01:00 on 2022-09-11.
        let zone: Tz = "America/Santiago".parse().expect("zone");
        let start = day_start(NaiveDate::from_ymd_opt(2022, 9, 11).expect("date"), zone);
        assert_eq!(start, at("2022-09-11T04:00:00Z"));
    }

    #[test]
    fn bad_dates_and_inverted_ranges_are_refused() {
        for (desde, hasta) in [
            (Some("2026-13-01"), None),
            (Some("01/02/2026"), None),
            (None, Some("2026-02-30")),
            (Some("1800-01-01"), None),
            (Some("2026-03-02"), Some("2026-03-01")),
        ] {
            assert!(
                Days::parse(desde, hasta, "UTC").is_err(),
                "{desde:?} {hasta:?}"
            );
        }
    }
}
