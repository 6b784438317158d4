//! Exact arithmetic for child support. Money is integer minor units; a percentage with two
//! decimals is basis points (12.5 % is 1250); an index is a decimal typed in, read exactly from
//! its digits (never through a float) and scaled to millionths. Every rounding is half up, in
//! i128, so no product can overflow.

use serde_json::Value;

use crate::i18n::Msg;

/// The largest amount anywhere in money: 10^12 minor units.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;
/// Index values are read to this many decimals.
pub const INDEX_DECIMALS: u32 = 6;
const INDEX_SCALE: i128 = 1_000_000;
/// The largest index value accepted (before scaling).
const MAX_INDEX: i128 = 1_000_000_000_000;

/// An amount of minor units: a JSON integer from 1 to 10^12. A float (even 100.0) is refused,
/// not truncated.
pub fn amount(value: Option<&Value>, msg: Msg) -> Result<i64, Msg> {
    match value.and_then(Value::as_i64) {
        Some(n) if (1..=MAX_AMOUNT).contains(&n) => Ok(n),
        _ => Err(msg),
    }
}

/// The digits of a JSON number as (integer part, fraction digits, negative), exactly as written
/// by its shortest round-trip form; None for exponents, which nobody types for money.
fn decimal_parts(number: &serde_json::Number) -> Option<(String, String, bool)> {
    let text = number.to_string();
    if text.contains(['e', 'E']) {
        return None;
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.to_owned()),
        None => (false, text),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w.to_owned(), f.trim_end_matches('0').to_owned()),
        None => (digits, String::new()),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((whole, fraction, negative))
}

/// A decimal JSON number with at most `decimals` decimals, scaled by 10^decimals.
pub fn scaled(value: &Value, decimals: u32) -> Option<i128> {
    let Value::Number(number) = value else {
        return None;
    };
    let (whole, fraction, negative) = decimal_parts(number)?;
    if fraction.len() > decimals as usize || whole.len() > 20 {
        return None;
    }
    let whole: i128 = whole.parse().ok()?;
    let mut fraction_value: i128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    for _ in fraction.len()..decimals as usize {
        fraction_value *= 10;
    }
    let magnitude = whole * 10i128.pow(decimals) + fraction_value;
    Some(if negative { -magnitude } else { magnitude })
}

/// A percentage with at most two decimals, in basis points, within `min_bp..=max_bp`.
pub fn basis_points(value: Option<&Value>, min_bp: i64, max_bp: i64) -> Result<i64, Msg> {
    value
        .and_then(|v| scaled(v, 2))
        .and_then(|bp| i64::try_from(bp).ok())
        .filter(|bp| (min_bp..=max_bp).contains(bp))
        .ok_or(Msg::SupportPercentInvalid)
}

/// An index value: positive, at most six decimals, scaled to millionths.
pub fn index(value: Option<&Value>) -> Result<i128, Msg> {
    value
        .and_then(|v| scaled(v, INDEX_DECIMALS))
        .filter(|v| *v > 0 && *v <= MAX_INDEX * INDEX_SCALE)
        .ok_or(Msg::SupportIndexInvalid)
}

/// The text of a scaled index, as the record and the history show it (`1234.5`).
pub fn index_text(scaled: i128) -> String {
    let whole = scaled / INDEX_SCALE;
    let fraction = scaled % INDEX_SCALE;
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:06}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// `numerator / denominator` rounded half up, both positive.
pub fn round_half_up(numerator: i128, denominator: i128) -> i128 {
    (2 * numerator + denominator) / (2 * denominator)
}

/// A result that must be a valid amount again.
fn back_to_amount(value: i128) -> Result<i64, Msg> {
    i64::try_from(value)
        .ok()
        .filter(|v| (1..=MAX_AMOUNT).contains(v))
        .ok_or(Msg::SupportAdjustedOutOfRange)
}

/// `monto` raised (or lowered, when negative) by `bp` basis points: round half up of
/// monto × (10000 + bp) / 10000.
pub fn by_percentage(monto: i64, bp: i64) -> Result<i64, Msg> {
    let factor = 10_000 + i128::from(bp);
    if factor <= 0 {
        return Err(Msg::SupportAdjustedOutOfRange);
    }
    back_to_amount(round_half_up(i128::from(monto) * factor, 10_000))
}

/// `monto` moved by an index: round half up of monto × nuevo / anterior (both scaled alike).
pub fn by_index(monto: i64, anterior: i128, nuevo: i128) -> Result<i64, Msg> {
    back_to_amount(round_half_up(i128::from(monto) * nuevo, anterior))
}

/// `bp` basis points of an income: round half up of ingreso × bp / 10000.
pub fn share_of_income(ingreso: i64, bp: i64) -> Result<i64, Msg> {
    back_to_amount(round_half_up(i128::from(ingreso) * i128::from(bp), 10_000))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn amounts_are_whole_minor_units_in_range() {
        let m = Msg::SupportAmountInvalid;
        assert_eq!(amount(Some(&json!(1)), m), Ok(1));
        assert_eq!(amount(Some(&json!(MAX_AMOUNT)), m), Ok(MAX_AMOUNT));
        for bad in [
            json!(0),
            json!(-5),
            json!(MAX_AMOUNT + 1),
            json!(100.0),
            json!(10.5),
            json!("100"),
            json!(null),
        ] {
            assert_eq!(amount(Some(&bad), m), Err(m), "{bad}");
        }
        assert_eq!(amount(None, m), Err(m));
    }

    #[test]
    fn percentages_are_read_exactly_as_basis_points() {
        let read = |v: Value| basis_points(Some(&v), 1, 10_000);
        assert_eq!(read(json!(12.5)), Ok(1250));
        assert_eq!(read(json!(0.01)), Ok(1));
        assert_eq!(read(json!(33.33)), Ok(3333));
        assert_eq!(read(json!(100)), Ok(10_000));
        assert_eq!(read(json!(7.1)), Ok(710));
        assert!(read(json!(12.345)).is_err());
        assert!(read(json!(0)).is_err());
        assert!(read(json!(100.01)).is_err());
        assert!(read(json!(1e300)).is_err());
        assert!(read(json!("12")).is_err());
        assert_eq!(
            basis_points(Some(&json!(-12.5)), -9_999, 100_000),
            Ok(-1250)
        );
    }

    #[test]
    fn indexes_keep_their_digits() {
        assert_eq!(index(Some(&json!(7864.13))), Ok(7_864_130_000));
        assert_eq!(index_text(7_864_130_000), "7864.13");
        assert_eq!(index_text(100_000_000), "100");
        assert!(index(Some(&json!(0))).is_err());
        assert!(index(Some(&json!(-1))).is_err());
        assert!(index(Some(&json!(1.0000001))).is_err());
    }

    #[test]
    fn adjustments_round_half_up() {
        // 1000.00 + 12.5 % = 1125.00; 333 + 0.15 % = 333.4995 → 333; 10 + 5 % = 10.5 → 11.
        assert_eq!(by_percentage(100_000, 1250), Ok(112_500));
        assert_eq!(by_percentage(333, 15), Ok(333));
        assert_eq!(by_percentage(10, 500), Ok(11));
        assert_eq!(by_percentage(10, -500), Ok(10)); // 9.5 → 10
        assert_eq!(
            by_percentage(10, -10_000),
            Err(Msg::SupportAdjustedOutOfRange)
        );
        // 150000 × 1234.56 / 1000 = 185184 exactly; 100 × 3 / 2 = 150; 1 × 3 / 2 = 1.5 → 2.
        assert_eq!(by_index(150_000, 1_000_000_000, 1_234_560_000), Ok(185_184));
        assert_eq!(by_index(100, 2, 3), Ok(150));
        assert_eq!(by_index(1, 2, 3), Ok(2));
        assert_eq!(by_index(1, 3, 4), Ok(1)); // 1.333 → 1
        assert_eq!(
            by_index(MAX_AMOUNT, 1, 2),
            Err(Msg::SupportAdjustedOutOfRange)
        );
        // 20 % of 1 500 000.00 = 300 000.00; 12.5 % of 99 = 12.375 → 12.
        assert_eq!(share_of_income(150_000_000, 2000), Ok(30_000_000));
        assert_eq!(share_of_income(99, 1250), Ok(12));
        assert_eq!(share_of_income(1, 1), Err(Msg::SupportAdjustedOutOfRange));
    }
}
