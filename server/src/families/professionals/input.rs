//! The bodies of the professional-access routes, and the checks of their fields.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{closed_set, i18n::Msg, vocabulary::ClosedSet};

closed_set! {
    /// What the professional does.
    pub enum Profession {
        Lawyer = "abogado",
        Mediator = "mediador",
        Coordinator = "coordinador",
        Psychologist = "psicologo",
        SocialWorker = "trabajador-social",
        ExchangeCentre = "punto-encuentro",
        Court = "juzgado",
        Other = "otro",
    }
}

closed_set! {
    /// Whose professional: one co-parent's own (`de-parte`, seeing what that parent sees), or
    /// the family's (`de-familia`, seeing what every co-parent shares, once all consent).
    pub enum AccessKind {
        OneParent = "de-parte",
        Family = "de-familia",
    }
}

closed_set! {
    /// A part of the family an access may reach.
    pub enum Area {
        Children = "hijos",
        Messages = "mensajes",
        Calendar = "calendario",
        Money = "dinero",
        Documents = "documentos",
    }
}

/// The longest an access is granted for at once; it can be renewed.
pub const LONGEST: Duration = Duration::days(366);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantRequest {
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    pub(super) email: Option<String>,
    #[schema(required = true, value_type = Profession)]
    pub(super) profesion: Option<String>,
    #[schema(required = true, value_type = AccessKind)]
    pub(super) tipo: Option<String>,
    #[schema(required = true)]
    pub(super) alcance: Option<ScopeRequest>,
    /// When the access ends by itself: after now, at most a year ahead (RFC 3339).
    #[schema(required = true, value_type = String, format = DateTime)]
    pub(super) vence_at: Option<String>,
    /// es or en: the language of the mail; the caller's when absent.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    pub(super) idioma: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScopeRequest {
    /// At least one area, each once.
    #[schema(required = true, value_type = Vec<Area>)]
    pub(super) areas: Option<Vec<String>>,
    /// Some of the family's children; every child when absent.
    pub(super) hijos: Option<Vec<String>>,
    /// The first day of what may be seen; from the start when absent.
    #[schema(value_type = Option<crate::fields::Day>)]
    pub(super) desde: Option<String>,
    /// The last day of what may be seen; to the end when absent.
    #[schema(value_type = Option<crate::fields::Day>)]
    pub(super) hasta: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptRequest {
    /// The secret of the mailed link.
    #[schema(required = true, value_type = String)]
    pub(super) token: Option<String>,
}

pub fn profession(value: Option<String>) -> Result<Profession, Msg> {
    value
        .as_deref()
        .map(str::trim)
        .and_then(Profession::from_wire)
        .ok_or(Msg::ProfessionInvalid)
}

pub(super) fn kind(value: Option<String>) -> Result<AccessKind, Msg> {
    value
        .as_deref()
        .map(str::trim)
        .and_then(AccessKind::from_wire)
        .ok_or(Msg::AccessKindInvalid)
}

/// The areas, in their declared order; none, an unknown one or one given twice is refused.
pub(super) fn areas(value: Option<&[String]>) -> Result<Vec<Area>, Msg> {
    let given = value.unwrap_or_default();
    let mut areas = Vec::new();
    for name in given {
        let area = Area::from_wire(name.trim()).ok_or(Msg::AccessAreasInvalid)?;
        if areas.contains(&area) {
            return Err(Msg::AccessAreasInvalid);
        }
        areas.push(area);
    }
    if areas.is_empty() {
        return Err(Msg::AccessAreasInvalid);
    }
    areas.sort();
    Ok(areas)
}

fn day(value: Option<&str>) -> Result<Option<NaiveDate>, Msg> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
            .map_err(|_| Msg::DateInvalid)
            .and_then(crate::fields::date_in_range)
            .map(Some),
    }
}

/// The period's first and last days, either open; the last not before the first.
pub(super) fn period(
    desde: Option<&str>,
    hasta: Option<&str>,
) -> (
    Result<Option<NaiveDate>, Msg>,
    Result<Option<NaiveDate>, Msg>,
) {
    let desde = day(desde);
    let hasta = day(hasta).and_then(|h| match (&desde, h) {
        (Ok(Some(d)), Some(h)) if h < *d => Err(Msg::AccessPeriodInverted),
        (_, h) => Ok(h),
    });
    (desde, hasta)
}

/// The expiry asked for: after `now`, at most `LONGEST` ahead.
pub(super) fn expiry(value: Option<&str>, now: DateTime<Utc>) -> Result<DateTime<Utc>, Msg> {
    let text = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(Msg::AccessExpiryRequired)?;
    let at = DateTime::parse_from_rfc3339(text)
        .map_err(|_| Msg::AccessExpiryRange)?
        .with_timezone(&Utc);
    if at <= now || at > now + LONGEST {
        return Err(Msg::AccessExpiryRange);
    }
    Ok(at)
}
