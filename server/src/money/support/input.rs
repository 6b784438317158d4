//! Fields of child support's requests that several of its routes read.

use chrono::NaiveDate;
use serde_json::Value;

use crate::{fields, i18n::Msg};

/// A date from a JSON string.
pub fn date_field(value: Option<&Value>) -> Result<NaiveDate, Msg> {
    let text = value.and_then(Value::as_str).ok_or(Msg::DateInvalid)?;
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| Msg::DateInvalid)
        .and_then(fields::date_in_range)
}

/// Optional text from JSON: absent or null is none; anything but a string is refused.
pub fn text_field(
    value: Option<Value>,
    max: usize,
    multiline: bool,
) -> Result<Option<String>, Msg> {
    let text = match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(_) => return Err(Msg::WrongJsonShape),
    };
    if multiline {
        fields::optional_multiline_text(text, max)
    } else {
        fields::optional_text(text, max)
    }
}
