//! The values money takes from a request, checked once: amounts in minor units (integers only),
//! ISO 4217 currencies, dates.

use chrono::NaiveDate;
use serde_json::Value;

use crate::{fields, i18n::Msg};

/// The largest amount of one expense, payment or setting, in minor units.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;

/// A JSON integer in 1..=10^12. A float is refused, never truncated: 100.0 is not 100.
pub fn amount(value: Option<&Value>) -> Result<i64, Msg> {
    match value {
        Some(Value::Number(n)) => match n.as_i64() {
            Some(v) if (1..=MAX_AMOUNT).contains(&v) => Ok(v),
            _ => Err(Msg::MoneyAmountInvalid),
        },
        _ => Err(Msg::MoneyAmountInvalid),
    }
}

/// As `amount`, where zero is allowed (a setting that is off, an income of nothing).
pub fn amount_or_zero(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64().filter(|v| (0..=MAX_AMOUNT).contains(v)),
        _ => None,
    }
}

/// The schema of a currency field: an ISO 4217 code the server knows. The list is read from the
/// same table `currency` checks against, by asking it about every three capital letters.
pub struct CurrencyCode;

/// Every code `currency` accepts. Asked once: each router built (every test server) reads the
/// schema, and 17,576 questions to the table each time cost seconds in a debug build.
static KNOWN_CURRENCIES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    let letters = b'A'..=b'Z';
    let codes = letters.clone().flat_map(|a| {
        let letters = letters.clone();
        letters.clone().flat_map(move |b| {
            letters
                .clone()
                .map(move |c| String::from_utf8_lossy(&[a, b, c]).into_owned())
        })
    });
    codes
        .filter(|code| iso_currency::Currency::from_code(code).is_some())
        .collect()
});

impl utoipa::PartialSchema for CurrencyCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("An ISO 4217 currency code."))
            .enum_values(Some(KNOWN_CURRENCIES.iter().cloned()))
            .into()
    }
}

impl utoipa::ToSchema for CurrencyCode {}

/// An ISO 4217 code, as the standard spells it (upper case).
pub fn currency(value: Option<&str>) -> Result<String, Msg> {
    let code = value.map(str::trim).unwrap_or_default();
    match iso_currency::Currency::from_code(code) {
        Some(c) => Ok(c.code().to_owned()),
        None => Err(Msg::MoneyCurrencyInvalid),
    }
}

/// A `YYYY-MM-DD` date within the years the server accepts.
pub fn date(value: Option<&str>) -> Result<NaiveDate, Msg> {
    value
        .map(str::trim)
        .and_then(|v| NaiveDate::parse_from_str(v, "%Y-%m-%d").ok())
        .ok_or(Msg::DateInvalid)
        .and_then(fields::date_in_range)
}

/// The family's currency when none is set: from its time zone, a small table of the places Nido
/// is used in; anything else is in pesos, as a new family is Argentine by default.
pub fn currency_of_zone(zone: &str) -> &'static str {
    const MEXICO: [&str; 11] = [
        "America/Mexico_City",
        "America/Cancun",
        "America/Monterrey",
        "America/Merida",
        "America/Chihuahua",
        "America/Tijuana",
        "America/Hermosillo",
        "America/Mazatlan",
        "America/Matamoros",
        "America/Ojinaga",
        "America/Bahia_Banderas",
    ];
    match zone {
        z if z.starts_with("America/Argentina/") => "ARS",
        "America/Buenos_Aires" | "America/Cordoba" | "America/Mendoza" => "ARS",
        "Europe/Madrid" | "Atlantic/Canary" | "Africa/Ceuta" => "EUR",
        "America/Montevideo" => "UYU",
        "America/Santiago" | "America/Punta_Arenas" | "Pacific/Easter" => "CLP",
        z if MEXICO.contains(&z) => "MXN",
        "America/Bogota" => "COP",
        "America/Lima" => "PEN",
        "America/Asuncion" => "PYG",
        "America/La_Paz" => "BOB",
        _ => "ARS",
    }
}

/// A page position: the last row's date and id.
pub fn cursor_of(fecha: NaiveDate, id: &str) -> String {
    format!("{}_{id}", fecha.format("%Y-%m-%d"))
}

pub fn parse_cursor(value: &str) -> Option<(NaiveDate, String)> {
    let (fecha, id) = value.trim().split_once('_')?;
    let fecha = NaiveDate::parse_from_str(fecha, "%Y-%m-%d").ok()?;
    (!id.is_empty() && id.len() <= 36).then(|| (fecha, id.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn amounts_are_positive_integers_up_to_a_trillion() {
        assert_eq!(amount(Some(&json!(1))), Ok(1));
        assert_eq!(amount(Some(&json!(MAX_AMOUNT))), Ok(MAX_AMOUNT));
        for bad in [
            json!(0),
            json!(-5),
            json!(MAX_AMOUNT + 1),
            json!(10.5),
            json!(100.0),
            json!("100"),
            json!(null),
        ] {
            assert_eq!(amount(Some(&bad)), Err(Msg::MoneyAmountInvalid), "{bad}");
        }
        assert_eq!(amount(None), Err(Msg::MoneyAmountInvalid));
    }

    #[test]
    fn currencies_are_iso_codes() {
        assert_eq!(currency(Some("ARS")).as_deref(), Ok("ARS"));
        assert_eq!(currency(Some(" JPY ")).as_deref(), Ok("JPY"));
        assert!(currency(Some("XYZ")).is_err());
        assert!(currency(Some("ars")).is_err());
        assert!(currency(None).is_err());
    }

    #[test]
    fn a_family_gets_its_places_currency() {
        assert_eq!(currency_of_zone("America/Argentina/Buenos_Aires"), "ARS");
        assert_eq!(currency_of_zone("Europe/Madrid"), "EUR");
        assert_eq!(currency_of_zone("America/Montevideo"), "UYU");
        assert_eq!(currency_of_zone("America/Mexico_City"), "MXN");
        assert_eq!(currency_of_zone("Asia/Tokyo"), "ARS");
    }
}
