//! Time zones, by their IANA names (America/Argentina/Buenos_Aires). Families and users keep one
//! so that reminders, quiet hours and "today" mean the same wall clock as the people involved.
//! Names are checked against the zone database compiled in (chrono-tz), so a name stored here is
//! one every later computation can use.

use chrono_tz::Tz;

use crate::i18n::Msg;

/// The product's home: what a family or user gets when nobody said otherwise.
pub const DEFAULT: &str = "America/Argentina/Buenos_Aires";

/// Longer than any IANA name; the columns hold this many characters.
pub const MAX_CHARS: usize = 64;

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

#[cfg(test)]
mod tests {
    use super::*;

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
