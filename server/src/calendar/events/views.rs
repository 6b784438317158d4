//! How events and their occurrences are shown.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    entities::evento,
    input::Fields,
    vocabulary::{EventCategory, EventType},
};
use crate::{
    calendar::recurrence::{Occurrence, Start, resolve},
    domain::CalendarItem,
    error::ApiResult,
};

/// An event as stored: one occurrence, or a series.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    /// Null once the author's account is erased.
    pub autor_id: Option<String>,
    pub titulo: String,
    pub tipo: EventType,
    pub categoria: EventCategory,
    /// Local `2026-03-02T17:30:00`, or `2026-03-02` for all-day events.
    pub inicio: String,
    pub fin: String,
    pub todo_el_dia: bool,
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
    pub recurrencia: Option<String>,
    pub excepciones: Vec<String>,
    pub fechas_extra: Vec<String>,
    pub hijos: Vec<String>,
    pub lugar: Option<String>,
    pub notas: Option<String>,
    pub privado: bool,
    pub recordatorios: Vec<i32>,
    /// The series this event was taken out of (one occurrence changed, or "this and the
    /// following"), if any.
    pub serie_id: Option<String>,
    /// For one occurrence changed: its local start in that series.
    pub ocurrencia: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl EventView {
    pub fn of(row: &evento::Model) -> ApiResult<EventView> {
        let fields = Fields::of(row)?;
        let list = |v: &[Start]| v.iter().map(Start::to_string).collect();
        Ok(EventView {
            id: row.id.clone(),
            familia_id: row.familia_id.clone(),
            autor_id: row.autor_id.clone(),
            titulo: fields.titulo,
            tipo: fields.tipo,
            categoria: fields.categoria,
            inicio: row.inicio.clone(),
            fin: row.fin.clone(),
            todo_el_dia: row.todo_el_dia,
            zona_horaria: fields.zona_horaria,
            recurrencia: fields.recurrencia,
            excepciones: list(&fields.excepciones),
            fechas_extra: list(&fields.fechas_extra),
            hijos: fields.hijos,
            lugar: fields.lugar,
            notas: fields.notas,
            privado: fields.privado,
            recordatorios: fields.recordatorios,
            serie_id: row.serie_id.clone(),
            ocurrencia: row.ocurrencia.clone(),
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// One occurrence of an event, with the event's fields.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OccurrenceView {
    pub evento_id: String,
    /// Its local start (`2026-03-02T17:30:00` or `2026-03-02`): what `?ocurrencia=` names to
    /// change or cancel it alone or with the following ones.
    pub ocurrencia: String,
    /// RFC 3339 with the zone's real offset then (`2026-03-29T03:30:00+02:00`); a date for
    /// all-day events.
    pub inicio: String,
    /// As `inicio`; for all-day events the last day (inclusive).
    pub fin: String,
    pub familia_id: String,
    pub autor_id: Option<String>,
    pub titulo: String,
    // Text: other domains' items (`of_item`) name theirs so.
    #[schema(value_type = EventType)]
    pub tipo: String,
    #[schema(value_type = EventCategory)]
    pub categoria: String,
    pub todo_el_dia: bool,
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
    pub recurrencia: Option<String>,
    pub hijos: Vec<String>,
    pub lugar: Option<String>,
    pub notas: Option<String>,
    pub privado: bool,
    pub recordatorios: Vec<i32>,
    pub serie_id: Option<String>,
    /// Whether the series has more occurrences in the asked window than the answer carries: more
    /// than 24 on a day (a series made before that limit), or more than the answer's 5,000 in
    /// all. The calendar says that more occurrences are not shown.
    pub limitado: bool,
    /// Where it lives when a child's record puts it on the calendar (an activity, a medical
    /// appointment): it is changed there, not through `/eventos`. Null for the family's events.
    pub origen: Option<OriginView>,
    /// Its start instant, for sorting and for reminders.
    #[serde(skip)]
    pub instant: DateTime<Utc>,
}

/// Where an occurrence that is not a family event comes from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OriginView {
    pub tipo: crate::domain::OriginKind,
    pub hijo_id: String,
    /// The activity's or the appointment's id, under `/api/hijos/{hijoId}/...`.
    pub id: String,
}

/// An occurrence's `inicio` and `fin` as the API shows them: RFC 3339 with the zone's offset,
/// or dates (the last one inclusive) for all-day ones.
fn shown_times(occurrence: &Occurrence, length: Duration, zone: Tz) -> (String, String) {
    match occurrence.start {
        Start::Day(d) => (
            d.format("%Y-%m-%d").to_string(),
            (d + length).format("%Y-%m-%d").to_string(),
        ),
        Start::At(t) => (
            occurrence.instant.to_rfc3339(),
            resolve(zone, t + length).to_rfc3339(),
        ),
    }
}

impl OccurrenceView {
    /// One occurrence of what another domain puts on the calendar, in the family's zone.
    pub fn of_item(
        item: &CalendarItem,
        familia_id: &str,
        rule: Option<&str>,
        zone: Tz,
        occurrence: &Occurrence,
        length: Duration,
    ) -> OccurrenceView {
        let (inicio, fin) = shown_times(occurrence, length, zone);
        OccurrenceView {
            evento_id: item.origin.id.clone(),
            ocurrencia: occurrence.start.to_string(),
            inicio,
            fin,
            familia_id: familia_id.to_owned(),
            autor_id: None,
            titulo: item.titulo.clone(),
            tipo: item.tipo.to_owned(),
            categoria: item.categoria.to_owned(),
            todo_el_dia: occurrence.start.is_day(),
            zona_horaria: zone.name().to_owned(),
            recurrencia: rule.map(str::to_owned),
            hijos: item.hijos.clone(),
            lugar: item.lugar.clone(),
            notas: item.notas.clone(),
            privado: false,
            recordatorios: Vec::new(),
            serie_id: None,
            limitado: false,
            origen: Some(OriginView {
                tipo: item.origin.tipo,
                hijo_id: item.origin.hijo_id.clone(),
                id: item.origin.id.clone(),
            }),
            instant: occurrence.instant.with_timezone(&Utc),
        }
    }

    pub fn of(row: &evento::Model, fields: &Fields, occurrence: &Occurrence) -> OccurrenceView {
        let (inicio, fin) = shown_times(occurrence, fields.length(), fields.zone());
        OccurrenceView {
            evento_id: row.id.clone(),
            ocurrencia: occurrence.start.to_string(),
            inicio,
            fin,
            familia_id: row.familia_id.clone(),
            autor_id: row.autor_id.clone(),
            titulo: fields.titulo.clone(),
            tipo: fields.tipo.into(),
            categoria: fields.categoria.into(),
            todo_el_dia: row.todo_el_dia,
            zona_horaria: fields.zona_horaria.clone(),
            recurrencia: fields.recurrencia.clone(),
            hijos: fields.hijos.clone(),
            lugar: fields.lugar.clone(),
            notas: fields.notas.clone(),
            privado: fields.privado,
            recordatorios: fields.recordatorios.clone(),
            serie_id: row.serie_id.clone(),
            limitado: false,
            origen: None,
            instant: occurrence.instant.with_timezone(&Utc),
        }
    }
}
