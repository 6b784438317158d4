//! Checks that values pass at the edge of the API, each failing with the message a person sees.
//! Text is trimmed; empty optional text becomes `None`. No text takes NUL, control characters or
//! the invisible characters that reverse how text is shown (a name that reads differently from
//! what it is); only multi-line text (notes, messages) takes line breaks and tabs.

use crate::i18n::{Lang, Msg};

pub const PASSWORD_MIN_CHARS: usize = 8;
pub const PASSWORD_MAX_CHARS: usize = 128;
const NAME_MAX_CHARS: usize = 100;
const EMAIL_MAX_CHARS: usize = 254;
/// The years a date may fall in: anything else is a typing slip (0202, 20266).
pub const FIRST_YEAR: i32 = 1900;
pub const LAST_YEAR: i32 = 2100;

/// Declares a type that stands, in the OpenAPI document only, for text of a known shape: a
/// field declared `#[schema(value_type = ...)]` with it names the shape the server checks.
macro_rules! text_shape {
    ($(#[doc = $doc:literal])* $name:ident = $schema_name:literal, $build:expr) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let build: fn(
                    utoipa::openapi::schema::ObjectBuilder,
                ) -> utoipa::openapi::schema::ObjectBuilder = $build;
                build(
                    utoipa::openapi::schema::ObjectBuilder::new()
                        .schema_type(utoipa::openapi::schema::Type::String),
                )
                .into()
            }
        }

        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                $schema_name.into()
            }
        }
    };
}

fn known_format(format: utoipa::openapi::KnownFormat) -> utoipa::openapi::SchemaFormat {
    utoipa::openapi::SchemaFormat::KnownFormat(format)
}

text_shape! {
    /// A phone number as `phone` takes it: 6 to 20 digits, with spaces, dots, dashes, brackets
    /// and a leading `+`, and an extension after a space ("int. 204", "ext 12", "x12").
    Phone = "Phone",
    |s| s
        .pattern(Some(
            r"^[+]?[(]?([0-9][ ().-]{0,2}){5,19}[0-9]( (int|ext|interno|x)[. ]*[0-9]{1,6})?$",
        ))
        .max_length(Some(40))
        .description(Some("A phone number, e.g. +54 11 4444-5555 int. 204."))
}

text_shape! {
    /// A calendar date, `YYYY-MM-DD`.
    Day = "Day",
    |s| s
        .description(Some("A calendar date, YYYY-MM-DD."))
        .format(Some(known_format(utoipa::openapi::KnownFormat::Date)))
}

text_shape! {
    /// An instant, RFC 3339 with its offset (`2026-03-01T14:30:00Z`).
    Instant = "Instant",
    |s| s
        .description(Some("An instant, RFC 3339 with its offset."))
        .format(Some(known_format(utoipa::openapi::KnownFormat::DateTime)))
}

text_shape! {
    /// A calendar date, or a local date-time without seconds' fractions or an offset, in the
    /// years `date_in_range` takes: `2026-03-02` or `2026-03-02T17:30:00`.
    LocalStart = "LocalStart",
    |s| s
        .description(Some("A date, or a local date-time: 2026-03-02 or 2026-03-02T17:30:00."))
        .pattern(Some(
            "^(19[0-9]{2}|20[0-9]{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])\
             (T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?)?$",
        ))
}

text_shape! {
    /// A time of day on a 24-hour clock, `HH:MM`.
    ClockTime = "ClockTime",
    |s| s
        .description(Some("A time of day, HH:MM on a 24-hour clock."))
        .pattern(Some("^([01][0-9]|2[0-3]):[0-5][0-9]$"))
}

/// What no text takes: the control characters (all of Unicode's are in the first two ranges)
/// but line breaks and tabs, and the embedding, override and isolate controls, which make a name
/// read differently from what it is.
const REFUSED: [(char, char); 6] = [
    ('\u{0}', '\u{8}'),
    ('\u{B}', '\u{C}'),
    ('\u{E}', '\u{1F}'),
    ('\u{7F}', '\u{9F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2066}', '\u{2069}'),
];

fn refused(c: char) -> bool {
    REFUSED
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// What only multi-line text takes.
const LINE_BREAKS_AND_TABS: [char; 3] = ['\t', '\n', '\r'];

/// The pattern the OpenAPI document gives a text field marked `format = "one-line"` or
/// `format = "multi-line"`: what `plain` lets through, and with `nonblank` at least one character
/// that is not a space. None for another format.
pub fn text_pattern(format: &str, nonblank: bool) -> Option<String> {
    let escaped = |c: char| format!("\\u{:04X}", u32::from(c));
    let mut refused: String = REFUSED
        .iter()
        .map(|&(first, last)| format!("{}-{}", escaped(first), escaped(last)))
        .collect();
    match format {
        "one-line" => refused.extend(LINE_BREAKS_AND_TABS.map(escaped)),
        "multi-line" => {}
        _ => return None,
    }
    Some(if nonblank {
        format!(r"^[^{refused}]*[^{refused}\s][^{refused}]*$")
    } else {
        format!(r"^[^{refused}]*$")
    })
}

/// The longest item of a list of short texts (`text_list`).
pub const LIST_ITEM_CHARS: usize = 200;

text_shape! {
    /// An item of a list of short texts, such as a child's allergies: one line.
    ListItem = "ListItem",
    |s| s
        .max_length(Some(LIST_ITEM_CHARS))
        .pattern(text_pattern("one-line", false))
}

fn trimmed(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

#[derive(Clone, Copy, PartialEq)]
enum Lines {
    One,
    Many,
}

fn plain(value: &str, lines: Lines) -> Result<(), Msg> {
    for c in value.chars() {
        if LINE_BREAKS_AND_TABS.contains(&c) && lines == Lines::One {
            return Err(Msg::TextSingleLine);
        }
        if refused(c) {
            return Err(Msg::TextForbiddenCharacters);
        }
    }
    Ok(())
}

fn text_of(value: Option<String>, max: usize, required: Msg, lines: Lines) -> Result<String, Msg> {
    let value = trimmed(value).ok_or(required)?;
    plain(&value, lines)?;
    if value.chars().count() > max {
        return Err(Msg::TooLong);
    }
    Ok(value)
}

fn optional_text_of(
    value: Option<String>,
    max: usize,
    lines: Lines,
) -> Result<Option<String>, Msg> {
    match trimmed(value) {
        None => Ok(None),
        Some(v) => {
            plain(&v, lines)?;
            if v.chars().count() > max {
                return Err(Msg::TooLong);
            }
            Ok(Some(v))
        }
    }
}

/// Required text on one line, of at most `max` characters.
pub fn text(value: Option<String>, max: usize, required: Msg) -> Result<String, Msg> {
    text_of(value, max, required, Lines::One)
}

/// Optional text on one line, of at most `max` characters.
pub fn optional_text(value: Option<String>, max: usize) -> Result<Option<String>, Msg> {
    optional_text_of(value, max, Lines::One)
}

/// Required text that may span lines (a message), of at most `max` characters.
pub fn multiline_text(value: Option<String>, max: usize, required: Msg) -> Result<String, Msg> {
    text_of(value, max, required, Lines::Many)
}

/// A message's text: only the blank lines around it go (indentation and inner spacing are what
/// the author wrote, and what the record holds); at most `max` characters.
pub fn message_text(value: &str, max: usize, required: Msg, too_long: Msg) -> Result<String, Msg> {
    let blank = |line: &str| line.trim().is_empty();
    let lines: Vec<&str> = value.split_inclusive('\n').collect();
    let Some(first) = lines.iter().position(|l| !blank(l)) else {
        return Err(required);
    };
    let last = lines.iter().rposition(|l| !blank(l)).unwrap_or(first);
    let kept = lines[first..=last].concat();
    let kept = kept.trim_end_matches(['\n', '\r']).to_owned();
    plain(&kept, Lines::Many)?;
    if kept.chars().count() > max {
        return Err(too_long);
    }
    Ok(kept)
}

/// Optional text that may span lines (notes), of at most `max` characters.
pub fn optional_multiline_text(value: Option<String>, max: usize) -> Result<Option<String>, Msg> {
    optional_text_of(value, max, Lines::Many)
}

/// A calendar date between `FIRST_YEAR` and `LAST_YEAR`.
pub fn date_in_range(date: chrono::NaiveDate) -> Result<chrono::NaiveDate, Msg> {
    use chrono::Datelike;
    if (FIRST_YEAR..=LAST_YEAR).contains(&date.year()) {
        Ok(date)
    } else {
        Err(Msg::DateOutOfRange)
    }
}

pub fn name(value: Option<String>, required: Msg) -> Result<String, Msg> {
    text(value, NAME_MAX_CHARS, required)
}

/// An optional email, checked like a required one when present.
pub fn optional_email(value: Option<String>) -> Result<Option<String>, Msg> {
    match trimmed(value) {
        None => Ok(None),
        some => email(some).map(Some),
    }
}

/// A time of day, `HH:MM` on a 24-hour clock.
pub fn optional_time(value: Option<String>) -> Result<Option<String>, Msg> {
    let Some(value) = trimmed(value) else {
        return Ok(None);
    };
    let valid = value.len() == 5
        && chrono::NaiveTime::parse_from_str(&value, "%H:%M").is_ok()
        && value.as_bytes()[2] == b':';
    if valid {
        Ok(Some(value))
    } else {
        Err(Msg::TimeInvalid)
    }
}

/// A list of short texts, each trimmed; empty entries are dropped. An entry with line breaks is
/// several entries (a list typed one per line stays one per line); commas are left alone, since
/// "Salbutamol, 2 puffs" is one medicine.
pub fn text_list(
    value: Option<Vec<String>>,
    max_items: usize,
    max_chars: usize,
) -> Result<Vec<String>, Msg> {
    let items: Vec<String> = value
        .unwrap_or_default()
        .iter()
        .flat_map(|v| v.split(['\n', '\r']))
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect();
    if items.len() > max_items {
        return Err(Msg::TooManyItems);
    }
    for item in &items {
        plain(item, Lines::One)?;
        if item.chars().count() > max_chars {
            return Err(Msg::TooLong);
        }
    }
    Ok(items)
}

/// Lowercased and trimmed; text, an at sign, text, a dot, text (spec §5), no spaces.
pub fn email(value: Option<String>) -> Result<String, Msg> {
    let value = trimmed(value).ok_or(Msg::EmailRequired)?.to_lowercase();
    if value.chars().count() > EMAIL_MAX_CHARS || !looks_like_email(&value) {
        return Err(Msg::EmailInvalid);
    }
    Ok(value)
}

fn looks_like_email(value: &str) -> bool {
    if value.chars().any(|c| c.is_whitespace() || refused(c)) {
        return false;
    }
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !local.contains('@')
        && domain.rsplit_once('.').is_some_and(|(host, tld)| {
            !host.is_empty() && !tld.is_empty() && !host.starts_with('.')
        })
}

/// Length is counted in characters: a passphrase of accented letters is as long as it looks.
pub fn new_password(value: Option<String>) -> Result<String, Msg> {
    let value = value
        .filter(|v| !v.is_empty())
        .ok_or(Msg::PasswordRequired)?;
    let chars = value.chars().count();
    if chars < PASSWORD_MIN_CHARS {
        return Err(Msg::PasswordTooShort);
    }
    if chars > PASSWORD_MAX_CHARS {
        return Err(Msg::PasswordTooLong);
    }
    Ok(value)
}

/// A phone number, optionally with an extension after it: "+54 11 4444-5555 int. 204",
/// "ext. 12", "ext 12", "x12".
pub fn phone(value: Option<String>) -> Result<Option<String>, Msg> {
    let Some(value) = trimmed(value) else {
        return Ok(None);
    };
    let (number, extension) = split_extension(&value);
    let digits = number.chars().filter(char::is_ascii_digit).count();
    let allowed = number
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')' | '.'));
    let extension_ok = extension
        .is_none_or(|e| (1..=6).contains(&e.len()) && e.chars().all(|c| c.is_ascii_digit()));
    if !allowed || !extension_ok || !(6..=20).contains(&digits) || value.len() > 40 {
        return Err(Msg::PhoneInvalid);
    }
    Ok(Some(value))
}

/// The number and the extension's digits, when the value ends in one ("int. 204", "ext 12", "x 3").
fn split_extension(value: &str) -> (&str, Option<&str>) {
    let lower = value.to_ascii_lowercase();
    for marker in ["int.", "int", "ext.", "ext", "interno", "x"] {
        if let Some(at) = lower.rfind(marker) {
            let before = &value[..at];
            let after = value[at + marker.len()..].trim_start_matches(['.', ' ']);
            // The marker stands apart from the number ("5555 int. 204", not "5555int").
            if before.ends_with(' ') && !after.is_empty() {
                return (before.trim_end(), Some(after.trim()));
            }
        }
    }
    (value, None)
}

pub fn language(value: Option<String>, default: Lang) -> Result<Lang, Msg> {
    match trimmed(value) {
        None => Ok(default),
        Some(v) => Lang::parse(&v.to_ascii_lowercase()).ok_or(Msg::LanguageInvalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refused_ranges_are_every_control_character_but_breaks_and_tabs_and_the_reordering_ones()
    {
        for c in (0..=0x3000).filter_map(char::from_u32) {
            let meant = (c.is_control() && !LINE_BREAKS_AND_TABS.contains(&c))
                || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
            let refused = plain(&c.to_string(), Lines::Many).is_err();
            assert_eq!(meant, refused, "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn a_text_pattern_lists_the_refused_ranges_and_on_one_line_the_breaks_and_tabs() {
        let many =
            r"\u0000-\u0008\u000B-\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069";
        assert_eq!(
            text_pattern("multi-line", false),
            Some(format!("^[^{many}]*$"))
        );
        let one = format!(r"{many}\u0009\u000A\u000D");
        assert_eq!(
            text_pattern("one-line", true),
            Some(format!(r"^[^{one}]*[^{one}\s][^{one}]*$"))
        );
        assert_eq!(text_pattern("date", false), None);
    }

    #[test]
    fn a_message_keeps_its_inner_spacing_and_loses_only_the_blank_lines_around_it() {
        let check =
            |v: &str| message_text(v, 20, Msg::MessageTextRequired, Msg::MessageTextTooLong);
        assert_eq!(
            check("\n  \n  hola\n\n  chau  \n \n"),
            Ok("  hola\n\n  chau  ".to_owned())
        );
        assert_eq!(check("\r\n\tsí\r\n"), Ok("\tsí".to_owned()));
        assert_eq!(check(" \n\t\n"), Err(Msg::MessageTextRequired));
        assert_eq!(check(&"a".repeat(21)), Err(Msg::MessageTextTooLong));
        assert_eq!(check(&"ñ".repeat(20)), Ok("ñ".repeat(20)));
        assert_eq!(check("hola\u{0}"), Err(Msg::TextForbiddenCharacters));
    }

    fn s(v: &str) -> Option<String> {
        Some(v.to_owned())
    }

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            email(s("  Ana@Example.ORG ")),
            Ok("ana@example.org".to_owned())
        );
        assert_eq!(email(None), Err(Msg::EmailRequired));
        assert_eq!(email(s("   ")), Err(Msg::EmailRequired));
        for bad in [
            "ana",
            "ana@",
            "@x.org",
            "ana@org",
            "ana@x.",
            "a b@x.org",
            "ana@.org",
        ] {
            assert_eq!(email(s(bad)), Err(Msg::EmailInvalid), "{bad}");
        }
    }

    #[test]
    fn passwords_need_eight_characters() {
        assert_eq!(new_password(None), Err(Msg::PasswordRequired));
        assert_eq!(new_password(s("1234567")), Err(Msg::PasswordTooShort));
        assert_eq!(new_password(s("ñandúñandú")).map(|p| p.len()), Ok(14));
        assert_eq!(new_password(s("áéíóúáé")), Err(Msg::PasswordTooShort));
        assert_eq!(
            new_password(Some("x".repeat(129))),
            Err(Msg::PasswordTooLong)
        );
    }

    #[test]
    fn names_and_phones() {
        assert_eq!(name(s("  Ana "), Msg::NameRequired), Ok("Ana".to_owned()));
        assert_eq!(name(s(""), Msg::NameRequired), Err(Msg::NameRequired));
        assert_eq!(
            name(Some("a".repeat(101)), Msg::NameRequired),
            Err(Msg::TooLong)
        );
        assert_eq!(phone(s("")), Ok(None));
        assert_eq!(
            phone(s("+54 11 5555-1234")),
            Ok(Some("+54 11 5555-1234".to_owned()))
        );
        assert_eq!(phone(s("call me")), Err(Msg::PhoneInvalid));
        assert_eq!(phone(s("123")), Err(Msg::PhoneInvalid));
        for good in [
            "+54 11 4444-5555 int. 204",
            "+54 11 4444-5555 ext. 12",
            "011 4444-5555 ext 3",
            "4444-5555 x 99",
        ] {
            assert_eq!(phone(s(good)), Ok(Some(good.to_owned())), "{good}");
        }
        for bad in ["4444-5555 int.", "4444-5555 int. abc", "4444-5555int. 2"] {
            assert_eq!(phone(s(bad)), Err(Msg::PhoneInvalid), "{bad}");
        }
    }

    #[test]
    fn control_and_direction_characters_are_refused() {
        for bad in [
            "Ana\u{0}",
            "Ana\u{202E}aicuL",
            "x\u{2066}y",
            "a\u{7}b",
            "a\u{1b}[31m",
        ] {
            assert_eq!(
                text(s(bad), 50, Msg::NameRequired),
                Err(Msg::TextForbiddenCharacters),
                "{bad:?}"
            );
            assert_eq!(
                optional_multiline_text(s(bad), 50),
                Err(Msg::TextForbiddenCharacters),
                "{bad:?}"
            );
        }
        assert_eq!(
            name(s("Ana\nMaría"), Msg::NameRequired),
            Err(Msg::TextSingleLine)
        );
        assert_eq!(optional_text(s("a\tb"), 10), Err(Msg::TextSingleLine));
        assert_eq!(
            optional_multiline_text(s("línea 1\r\n\tlínea 2"), 50),
            Ok(Some("línea 1\r\n\tlínea 2".to_owned()))
        );
        assert_eq!(
            text_list(Some(vec!["a\u{202D}b".to_owned()]), 5, 20),
            Err(Msg::TextForbiddenCharacters)
        );
        assert_eq!(email(s("ana\u{202E}@x.org")), Err(Msg::EmailInvalid));
    }

    #[test]
    fn dates_fall_between_1900_and_2100() {
        let day = |y| chrono::NaiveDate::from_ymd_opt(y, 1, 1).unwrap_or_default();
        assert_eq!(date_in_range(day(1900)), Ok(day(1900)));
        assert_eq!(date_in_range(day(2100)), Ok(day(2100)));
        assert_eq!(date_in_range(day(1899)), Err(Msg::DateOutOfRange));
        assert_eq!(date_in_range(day(2101)), Err(Msg::DateOutOfRange));
    }

    #[test]
    fn times_and_lists() {
        assert_eq!(optional_time(s("07:45")), Ok(Some("07:45".to_owned())));
        assert_eq!(optional_time(s(" ")), Ok(None));
        for bad in ["7:45", "24:00", "12:60", "noon", "12:00:00"] {
            assert_eq!(optional_time(s(bad)), Err(Msg::TimeInvalid), "{bad}");
        }
        let list = Some(vec![" maní ".to_owned(), "".to_owned(), "polen".to_owned()]);
        assert_eq!(
            text_list(list, 5, 20),
            Ok(vec!["maní".to_owned(), "polen".to_owned()])
        );
        let typed = Some(vec![
            "Penicilina\r\nIbuprofeno\n\n".to_owned(),
            "Polen, ácaros".to_owned(),
        ]);
        assert_eq!(
            text_list(typed, 5, 20),
            Ok(vec![
                "Penicilina".to_owned(),
                "Ibuprofeno".to_owned(),
                "Polen, ácaros".to_owned()
            ])
        );
        assert_eq!(
            text_list(Some(vec!["x".to_owned(); 3]), 2, 20),
            Err(Msg::TooManyItems)
        );
        assert_eq!(optional_text(s("abc"), 2), Err(Msg::TooLong));
        assert_eq!(optional_email(s("")), Ok(None));
        assert_eq!(optional_email(s("no")), Err(Msg::EmailInvalid));
    }

    #[test]
    fn language_defaults_and_rejects_unknown() {
        assert_eq!(language(None, Lang::En), Ok(Lang::En));
        assert_eq!(language(s("ES"), Lang::En), Ok(Lang::Es));
        assert_eq!(language(s("fr"), Lang::Es), Err(Msg::LanguageInvalid));
    }
}
