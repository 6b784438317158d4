//! Checks that values pass at the edge of the API, each failing with the message a person sees.
//! Text is trimmed; empty optional text becomes `None`.

use crate::i18n::{Lang, Msg};

pub const PASSWORD_MIN_CHARS: usize = 8;
pub const PASSWORD_MAX_CHARS: usize = 128;
const NAME_MAX_CHARS: usize = 100;
const EMAIL_MAX_CHARS: usize = 254;

fn trimmed(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Required text of at most `max` characters.
pub fn text(value: Option<String>, max: usize, required: Msg) -> Result<String, Msg> {
    let value = trimmed(value).ok_or(required)?;
    if value.chars().count() > max {
        return Err(Msg::TooLong);
    }
    Ok(value)
}

/// Optional text of at most `max` characters.
pub fn optional_text(value: Option<String>, max: usize) -> Result<Option<String>, Msg> {
    match trimmed(value) {
        None => Ok(None),
        Some(v) if v.chars().count() > max => Err(Msg::TooLong),
        Some(v) => Ok(Some(v)),
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

/// A list of short texts, each trimmed; empty entries are dropped.
pub fn text_list(
    value: Option<Vec<String>>,
    max_items: usize,
    max_chars: usize,
) -> Result<Vec<String>, Msg> {
    let items: Vec<String> = value
        .unwrap_or_default()
        .into_iter()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect();
    if items.len() > max_items {
        return Err(Msg::TooManyItems);
    }
    if items.iter().any(|v| v.chars().count() > max_chars) {
        return Err(Msg::TooLong);
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
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
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

pub fn phone(value: Option<String>) -> Result<Option<String>, Msg> {
    let Some(value) = trimmed(value) else {
        return Ok(None);
    };
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')' | '.'));
    if !allowed || !(6..=20).contains(&digits) || value.len() > 30 {
        return Err(Msg::PhoneInvalid);
    }
    Ok(Some(value))
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
