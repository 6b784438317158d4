//! What an event must be: the body of `POST /api/eventos` and `PUT /api/eventos/{id}`, checked
//! into `Fields`, all problems reported at once.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use sea_orm::ConnectionTrait;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    entities::evento,
    vocabulary::{EventCategory, EventType},
};
use crate::{
    calendar::recurrence::{MAX_PER_DAY, Rule, Series, Start},
    domain,
    error::{ApiError, ApiResult, FieldErrors},
    fields,
    i18n::Msg,
    ids::FamilyId,
    time_zone,
    vocabulary::{self, ClosedSet},
};

/// One week, one day and one hour before.
pub const DEFAULT_REMINDERS: [i32; 3] = [10080, 1440, 60];
/// Four weeks: the furthest a reminder may come before its occurrence.
pub const MAX_REMINDER_MINUTES: i32 = 40_320;
const MAX_REMINDERS: usize = 5;
const MAX_DATES: usize = 500;
const MAX_CHILDREN: usize = 50;
const TITLE_MAX_CHARS: usize = 200;
const PLACE_MAX_CHARS: usize = 300;
const NOTES_MAX_CHARS: usize = 5_000;

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInput {
    /// One of the caller's families (only on creation; an event never moves).
    pub familia_id: Option<String>,
    /// 1 to 200 characters.
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    pub titulo: Option<String>,
    /// recogida, actividad, cumpleanos, familia, recordatorio or personalizado.
    #[schema(required = true, value_type = EventType)]
    pub tipo: Option<String>,
    /// custodia, escuela, medico, actividades, celebraciones or viajes.
    #[schema(required = true, value_type = EventCategory)]
    pub categoria: Option<String>,
    /// A local date-time (`2026-03-02T17:30:00`) in `zonaHoraria`, or a date (`2016-02-29`) when
    /// `todoElDia`.
    #[schema(required = true, value_type = crate::fields::LocalStart)]
    pub inicio: Option<String>,
    /// Of the same kind as `inicio`, not before it (inclusive for dates); one hour after `inicio`
    /// (the same day, all day) when left out.
    #[schema(value_type = Option<crate::fields::LocalStart>)]
    pub fin: Option<String>,
    #[schema(required = true, value_type = bool)]
    pub todo_el_dia: Option<bool>,
    /// An IANA zone; the family's when left out.
    #[schema(
        pattern = "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
        max_length = 64,
        example = "America/Argentina/Buenos_Aires"
    )]
    pub zona_horaria: Option<String>,
    /// An RFC 5545 RRULE value, e.g. `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T215959Z`
    /// (docs/calendar.md).
    pub recurrencia: Option<String>,
    /// EXDATE: local starts (or dates) removed from the series.
    #[schema(value_type = Option<Vec<crate::fields::LocalStart>>, max_items = 500)]
    pub excepciones: Option<Vec<String>>,
    /// RDATE: local starts (or dates) added to the series.
    #[schema(value_type = Option<Vec<crate::fields::LocalStart>>, max_items = 500)]
    pub fechas_extra: Option<Vec<String>>,
    /// Ids of the family's children it concerns (may be empty).
    #[schema(required = true, value_type = Vec<String>, max_items = 50)]
    pub hijos: Option<Vec<String>>,
    #[schema(format = "one-line", max_length = 300)]
    pub lugar: Option<String>,
    #[schema(format = "multi-line", max_length = 5000)]
    pub notas: Option<String>,
    /// Only its author sees it.
    pub privado: Option<bool>,
    /// Minutes before each occurrence, 0 to 40,320, at most 5; 10080, 1440 and 60 when left out.
    #[schema(max_items = 5)]
    pub recordatorios: Option<Vec<i64>>,
}

/// An event's fields, checked, as they are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    pub titulo: String,
    pub tipo: EventType,
    pub categoria: EventCategory,
    pub inicio: Start,
    pub fin: Start,
    pub zona_horaria: String,
    pub recurrencia: Option<String>,
    pub excepciones: Vec<Start>,
    pub fechas_extra: Vec<Start>,
    pub hijos: Vec<String>,
    pub lugar: Option<String>,
    pub notas: Option<String>,
    pub privado: bool,
    pub recordatorios: Vec<i32>,
}

impl Fields {
    pub fn todo_el_dia(&self) -> bool {
        self.inicio.is_day()
    }

    pub fn zone(&self) -> Tz {
        self.zona_horaria.parse().unwrap_or(Tz::UTC)
    }

    pub fn series(&self) -> Result<Series, Msg> {
        Ok(Series {
            zone: self.zone(),
            start: self.inicio,
            rule: self
                .recurrencia
                .as_deref()
                .map(|r| Rule::parse(r, self.inicio))
                .transpose()?,
            exdates: self.excepciones.clone(),
            rdates: self.fechas_extra.clone(),
        })
    }

    /// The same event, notes aside: what a started event may not change.
    pub fn without_notes(&self) -> Fields {
        Fields {
            notas: None,
            ..self.clone()
        }
    }

    /// The stored row's fields.
    pub fn of(row: &evento::Model) -> ApiResult<Fields> {
        let bad =
            |what: &str| ApiError::internal(format!("event {}: stored {what} unreadable", row.id));
        let start = |v: &str| Start::parse(v, row.todo_el_dia).map_err(|_| bad("start"));
        let starts = |v: &str| -> ApiResult<Vec<Start>> {
            serde_json::from_str::<Vec<String>>(v)
                .map_err(|_| bad("dates"))?
                .iter()
                .map(|s| start(s))
                .collect()
        };
        Ok(Fields {
            titulo: row.titulo.clone(),
            tipo: EventType::from_wire(&row.tipo).ok_or_else(|| bad("type"))?,
            categoria: EventCategory::from_wire(&row.categoria).ok_or_else(|| bad("category"))?,
            inicio: start(&row.inicio)?,
            fin: start(&row.fin)?,
            zona_horaria: row.zona_horaria.clone(),
            recurrencia: row.recurrencia.clone(),
            excepciones: starts(&row.excepciones)?,
            fechas_extra: starts(&row.fechas_extra)?,
            hijos: serde_json::from_str(&row.hijos).map_err(|_| bad("children"))?,
            lugar: row.lugar.clone(),
            notas: row.notas.clone(),
            privado: row.privado,
            recordatorios: serde_json::from_str(&row.recordatorios)
                .map_err(|_| bad("reminders"))?,
        })
    }

    /// How long each occurrence lasts, in wall-clock time (whole days for all-day events).
    pub fn length(&self) -> Duration {
        self.fin.naive() - self.inicio.naive()
    }

    /// The first and last start instants, for the row.
    pub fn bounds(&self) -> ApiResult<(DateTime<Utc>, Option<DateTime<Utc>>)> {
        self.series()
            .and_then(|s| s.bounds())
            .map_err(|m| ApiError::field("recurrencia", m))
    }
}

pub fn start_list(starts: &[Start]) -> String {
    serde_json::Value::from(starts.iter().map(Start::to_string).collect::<Vec<_>>()).to_string()
}

/// Checks a body for an event of a family whose zone is `family_zone`.
pub async fn check(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    family_zone: &str,
    body: EventInput,
) -> ApiResult<Fields> {
    let mut errors = FieldErrors::default();
    let titulo = errors.check(
        "titulo",
        fields::text(body.titulo, TITLE_MAX_CHARS, Msg::EventTitleRequired),
    );
    let tipo = errors.check(
        "tipo",
        vocabulary::one_of(
            body.tipo.as_deref().unwrap_or_default(),
            Msg::EventTypeInvalid,
        ),
    );
    let categoria = errors.check(
        "categoria",
        vocabulary::one_of(
            body.categoria.as_deref().unwrap_or_default(),
            Msg::EventCategoryInvalid,
        ),
    );
    let all_day = errors.check(
        "todoElDia",
        body.todo_el_dia.ok_or(Msg::EventAllDayRequired),
    );
    let zona = errors.check(
        "zonaHoraria",
        time_zone::optional(body.zona_horaria).map(|z| z.unwrap_or_else(|| family_zone.to_owned())),
    );
    let all = all_day.unwrap_or(false);
    let inicio = errors.check(
        "inicio",
        Start::parse(body.inicio.as_deref().unwrap_or_default(), all),
    );
    let fin = match (inicio, body.fin.as_deref().map(str::trim)) {
        (Some(start), None | Some("")) => Some(default_end(start)),
        (Some(start), Some(value)) => errors.check(
            "fin",
            Start::parse(value, all).and_then(|end| {
                let ok = if all { end >= start } else { end > start };
                if ok {
                    Ok(end)
                } else {
                    Err(Msg::EventEndBeforeStart)
                }
            }),
        ),
        (None, _) => None,
    };
    let rule = match (inicio, body.recurrencia.as_deref().map(str::trim)) {
        (_, None | Some("")) => None,
        (Some(start), Some(value)) => errors.check(
            "recurrencia",
            Rule::parse(value, start).and_then(|r| {
                if r.happens(start) {
                    Ok(r)
                } else {
                    Err(Msg::EventRuleNever)
                }
            }),
        ),
        (None, Some(_)) => None,
    };
    let excepciones = errors.check("excepciones", starts(body.excepciones, all));
    let fechas_extra = errors.check("fechasExtra", starts(body.fechas_extra, all));
    if let Some(extra) = &fechas_extra
        && rule.as_ref().map_or(1, Rule::per_day) + most_on_one_day(extra) > MAX_PER_DAY
    {
        errors.add("recurrencia", Msg::EventRuleTooFrequent);
    }
    let recurrencia = rule.map(|r| r.text());
    let hijos = match body.hijos {
        None => {
            errors.add("hijos", Msg::EventChildrenRequired);
            None
        }
        Some(mut hijos) => {
            hijos.iter_mut().for_each(|h| *h = h.trim().to_owned());
            hijos.sort();
            hijos.dedup();
            if hijos.len() > MAX_CHILDREN
                || !domain::children_of_family(db, familia_id, &hijos).await?
            {
                errors.add("hijos", Msg::EventChildInvalid);
                None
            } else {
                Some(hijos)
            }
        }
    };
    let lugar = errors.check("lugar", fields::optional_text(body.lugar, PLACE_MAX_CHARS));
    let notas = errors.check(
        "notas",
        fields::optional_multiline_text(body.notas, NOTES_MAX_CHARS),
    );
    let recordatorios = errors.check("recordatorios", reminders(body.recordatorios));
    errors.into_result()?;
    let missing = || ApiError::internal("an event's check passed with a field missing");
    let fields = Fields {
        titulo: titulo.ok_or_else(missing)?,
        tipo: tipo.ok_or_else(missing)?,
        categoria: categoria.ok_or_else(missing)?,
        inicio: inicio.ok_or_else(missing)?,
        fin: fin.ok_or_else(missing)?,
        zona_horaria: zona.ok_or_else(missing)?,
        recurrencia,
        excepciones: excepciones.ok_or_else(missing)?,
        fechas_extra: fechas_extra.ok_or_else(missing)?,
        hijos: hijos.ok_or_else(missing)?,
        lugar: lugar.ok_or_else(missing)?,
        notas: notas.ok_or_else(missing)?,
        privado: body.privado.unwrap_or(false),
        recordatorios: recordatorios.ok_or_else(missing)?,
    };
    // A series that reaches too far is reported on its rule.
    fields.bounds()?;
    Ok(fields)
}

/// One hour after a timed start; the same day for an all-day one.
fn default_end(start: Start) -> Start {
    match start {
        Start::At(t) => Start::At(t + Duration::hours(1)),
        Start::Day(d) => Start::Day(d),
    }
}

/// The most extra dates (RDATE) that fall on one day.
fn most_on_one_day(starts: &[Start]) -> usize {
    let mut days: Vec<_> = starts.iter().map(|s| s.naive().date()).collect();
    days.sort_unstable();
    days.chunk_by(|a, b| a == b)
        .map(<[_]>::len)
        .max()
        .unwrap_or(0)
}

fn starts(values: Option<Vec<String>>, all_day: bool) -> Result<Vec<Start>, Msg> {
    let values = values.unwrap_or_default();
    if values.len() > MAX_DATES {
        return Err(Msg::EventDatesInvalid);
    }
    let mut found = values
        .iter()
        .map(|v| Start::parse(v, all_day).map_err(|_| Msg::EventDatesInvalid))
        .collect::<Result<Vec<_>, _>>()?;
    found.sort();
    found.dedup();
    Ok(found)
}

fn reminders(values: Option<Vec<i64>>) -> Result<Vec<i32>, Msg> {
    let Some(values) = values else {
        return Ok(DEFAULT_REMINDERS.to_vec());
    };
    let mut found = values
        .into_iter()
        .map(|m| {
            i32::try_from(m)
                .ok()
                .filter(|m| (0..=MAX_REMINDER_MINUTES).contains(m))
                .ok_or(Msg::EventRemindersInvalid)
        })
        .collect::<Result<Vec<_>, _>>()?;
    found.sort_unstable_by(|a, b| b.cmp(a));
    found.dedup();
    if found.len() > MAX_REMINDERS {
        return Err(Msg::EventRemindersInvalid);
    }
    Ok(found)
}
