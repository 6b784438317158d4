//! Time zones, by their IANA names (America/Argentina/Buenos_Aires). Families and users keep one
//! so that reminders, quiet hours and "today" mean the same wall clock as the people involved.
//! Names are checked against the zone database compiled in (chrono-tz), so a name stored here is
//! one every later computation can use.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Offset, Utc};
use chrono_tz::Tz;

use crate::i18n::Msg;

/// The product's home: what a family or user gets when nobody said otherwise.
pub const DEFAULT: &str = "America/Argentina/Buenos_Aires";

/// Longer than any IANA name; the columns hold this many characters.
pub const MAX_CHARS: usize = 64;

/// The schema of a time-zone field: one of the names of the zone database compiled in, the
/// names `parse` knows.
pub struct TimeZoneName;

impl utoipa::PartialSchema for TimeZoneName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(
                "An IANA time zone, such as America/Argentina/Buenos_Aires.",
            ))
            .enum_values(Some(chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name())))
            .into()
    }
}

impl utoipa::ToSchema for TimeZoneName {
    fn name() -> std::borrow::Cow<'static, str> {
        "TimeZone".into()
    }
}

/// A known zone name, trimmed, in the database's own spelling.
pub fn parse(value: &str) -> Result<String, Msg> {
    let value = value.trim();
    if value.is_empty() || value.len() > MAX_CHARS {
        return Err(Msg::TimeZoneInvalid);
    }
    value
        .parse::<Tz>()
        .map(|zone| zone.name().to_owned())
        .map_err(|_| Msg::TimeZoneInvalid)
}

/// A zone that must be given.
pub fn required(value: Option<String>) -> Result<String, Msg> {
    parse(value.as_deref().unwrap_or_default())
}

/// A zone that may be left out: `Ok(None)` when absent or blank.
pub fn optional(value: Option<String>) -> Result<Option<String>, Msg> {
    match value.filter(|v| !v.trim().is_empty()) {
        Some(value) => parse(&value).map(Some),
        None => Ok(None),
    }
}

/// A zone as people read it, the way the web labels zones: its city and its offset from UTC at
/// `at`, "Buenos Aires (GMT-3)", "Kolkata (GMT+5:30)"; a name that is not a place ("UTC",
/// "Etc/GMT+3") reads as its offset alone.
pub fn readable(zone: &str, at: DateTime<Utc>) -> String {
    match city_and_offset(zone, at) {
        (Some(city), offset) => format!("{city} ({offset})"),
        (None, offset) => offset,
    }
}

/// The two parts of `readable`: the zone's city, when its name is a place, and its offset at `at`
/// ("GMT-3"), for sentences that place them apart ("hora de Buenos Aires (GMT-3)").
pub fn city_and_offset(zone: &str, at: DateTime<Utc>) -> (Option<String>, String) {
    let seconds = zone
        .parse::<Tz>()
        .map(|tz| at.with_timezone(&tz).offset().fix().local_minus_utc())
        .unwrap_or(0);
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    let offset = match (minutes / 60, minutes % 60) {
        (0, 0) => "GMT".to_owned(),
        (hours, 0) => format!("GMT{sign}{hours}"),
        (hours, rest) => format!("GMT{sign}{hours}:{rest:02}"),
    };
    let city = zone.rsplit('/').next().unwrap_or(zone).replace('_', " ");
    let place = !zone.starts_with("Etc/") && zone.contains('/');
    (place.then_some(city), offset)
}

/// The first and last day of each calendar month from `desde` to `hasta`, cut to them.
pub fn months(desde: NaiveDate, hasta: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
    let mut out = Vec::new();
    let mut start = desde;
    while start <= hasta {
        let next = if start.month() == 12 {
            NaiveDate::from_ymd_opt(start.year() + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(start.year(), start.month() + 1, 1)
        };
        let Some(next) = next else { break };
        out.push((start, (next - Duration::days(1)).min(hasta)));
        start = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_cut_to_the_period() {
        let d = |s: &str| s.parse::<NaiveDate>().expect("date");
        assert_eq!(
            months(d("2026-01-15"), d("2026-03-02")),
            vec![
                (d("2026-01-15"), d("2026-01-31")),
                (d("2026-02-01"), d("2026-02-28")),
                (d("2026-03-01"), d("2026-03-02")),
            ]
        );
        assert_eq!(
            months(d("2026-12-31"), d("2027-01-01")),
            vec![
                (d("2026-12-31"), d("2026-12-31")),
                (d("2027-01-01"), d("2027-01-01")),
            ]
        );
        assert_eq!(
            months(d("2026-05-05"), d("2026-05-05")),
            vec![(d("2026-05-05"), d("2026-05-05"))]
        );
    }

    #[test]
    fn zones_read_as_their_city_and_offset() {
        let summer = "2026-01-15T12:00:00Z".parse().unwrap_or_default();
        let winter = "2026-07-15T12:00:00Z".parse().unwrap_or_default();
        assert_eq!(
            readable("America/Argentina/Buenos_Aires", summer),
            "Buenos Aires (GMT-3)"
        );
        assert_eq!(readable("Europe/Madrid", summer), "Madrid (GMT+1)");
        assert_eq!(readable("Europe/Madrid", winter), "Madrid (GMT+2)");
        assert_eq!(readable("Asia/Kolkata", summer), "Kolkata (GMT+5:30)");
        assert_eq!(readable("UTC", summer), "GMT");
        assert_eq!(readable("Etc/GMT+3", summer), "GMT-3");
        assert_eq!(
            city_and_offset("America/Argentina/Buenos_Aires", winter),
            (Some("Buenos Aires".to_owned()), "GMT-3".to_owned())
        );
        assert_eq!(city_and_offset("UTC", winter), (None, "GMT".to_owned()));
    }

    #[test]
    fn known_zones_pass_in_their_own_spelling() {
        for good in [
            "America/Argentina/Buenos_Aires",
            "America/Buenos_Aires",
            "Europe/Madrid",
            "Etc/GMT+3",
            "America/Port-au-Prince",
            "UTC",
        ] {
            assert_eq!(parse(&format!(" {good} ")), Ok(good.to_owned()));
        }
    }

    #[test]
    fn unknown_or_malformed_zones_fail() {
        for bad in [
            "",
            "   ",
            "Mars/Olympus_Mons",
            "europe/madrid",
            "Europe/",
            "Europe/Mad rid",
            "Europe/../etc",
            "GMT-3",
            "+03:00",
        ] {
            assert_eq!(parse(bad), Err(Msg::TimeZoneInvalid), "{bad}");
        }
        assert_eq!(
            parse(&format!("Europe/{}", "A".repeat(60))),
            Err(Msg::TimeZoneInvalid)
        );
        assert_eq!(required(None), Err(Msg::TimeZoneInvalid));
    }

    #[test]
    fn an_absent_optional_zone_is_none() {
        assert_eq!(optional(None), Ok(None));
        assert_eq!(optional(Some(" ".into())), Ok(None));
        assert_eq!(
            optional(Some("Asia/Tokyo".into())),
            Ok(Some("Asia/Tokyo".into()))
        );
        assert_eq!(
            optional(Some("Asia/Nowhere".into())),
            Err(Msg::TimeZoneInvalid)
        );
    }
}
