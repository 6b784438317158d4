//! What a child's record puts on the family's calendar (`domain::CalendarItem`): each activity
//! with days as a weekly series from the day it was added, at its hours (all day without them),
//! and each medical appointment not cancelled as an hour-long medical event. They stay the
//! record's own: the calendar shows them where they live, and they are changed here. Whoever may
//! read the child's record sees them, as the record's routes answer: the family's members, while
//! the record is not deleted.

use chrono::{NaiveTime, Weekday};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

use super::{
    entities::{actividad, hijo, turno},
    views::list_from_json,
    vocabulary::{self, AppointmentStatus},
};
use crate::{
    domain::{CalendarItem, CalendarOrigin, CalendarQuery, CalendarWhen, OriginKind},
    families,
    vocabulary::ClosedSet,
};

/// An appointment has no end of its own.
const APPOINTMENT_MINUTES: i64 = 60;

pub async fn items(
    db: &DatabaseConnection,
    query: &CalendarQuery<'_>,
) -> Result<Vec<CalendarItem>, DbErr> {
    let mut children = hijo::Entity::find()
        .filter(hijo::Column::FamiliaId.eq(query.familia_id))
        .filter(hijo::Column::FamiliaId.in_subquery(families::family_ids_of(query.usuario_id)))
        .filter(hijo::Column::EliminadoAt.is_null());
    if let Some(hijo_id) = query.hijo_id {
        children = children.filter(hijo::Column::Id.eq(hijo_id));
    }
    let ids: Vec<String> = children.all(db).await?.into_iter().map(|c| c.id).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let (activities, appointments) = tokio::try_join!(
        actividad::Entity::find()
            .filter(actividad::Column::HijoId.is_in(ids.clone()))
            .all(db),
        turno::Entity::find()
            .filter(turno::Column::HijoId.is_in(ids))
            .filter(turno::Column::Estado.ne(AppointmentStatus::Cancelled))
            .filter(turno::Column::FechaHora.gte(query.desde))
            .filter(turno::Column::FechaHora.lt(query.hasta))
            .all(db),
    )?;
    Ok(activities
        .iter()
        .filter_map(activity)
        .chain(appointments.iter().map(appointment))
        .collect())
}

/// Hours stored as `HH:MM`; anything else (never written by the checks) counts as none.
fn time(value: Option<&str>) -> Option<NaiveTime> {
    value.and_then(|v| NaiveTime::parse_from_str(v, "%H:%M").ok())
}

/// An activity without days has no place on the calendar.
fn activity(a: &actividad::Model) -> Option<CalendarItem> {
    let days: Vec<Weekday> = list_from_json(&a.dias_semana)
        .iter()
        .filter_map(|d| vocabulary::Weekday::from_wire(d))
        .map(vocabulary::Weekday::chrono)
        .collect();
    if days.is_empty() {
        return None;
    }
    let hours = time(a.hora_inicio.as_deref()).map(|start| (start, time(a.hora_fin.as_deref())));
    Some(CalendarItem {
        origin: CalendarOrigin {
            tipo: OriginKind::Activity,
            hijo_id: a.hijo_id.clone(),
            id: a.id.clone(),
        },
        titulo: a.nombre.clone(),
        tipo: "actividad",
        categoria: "actividades",
        lugar: a.lugar.clone(),
        notas: a.horario.clone(),
        hijos: vec![a.hijo_id.clone()],
        when: CalendarWhen::Weekly {
            since: a.created_at,
            days,
            hours,
        },
    })
}

fn appointment(t: &turno::Model) -> CalendarItem {
    let doctor = [t.medico_nombre.as_deref(), t.medico_especialidad.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    CalendarItem {
        origin: CalendarOrigin {
            tipo: OriginKind::Appointment,
            hijo_id: t.hijo_id.clone(),
            id: t.id.clone(),
        },
        titulo: t.tipo_consulta.clone(),
        tipo: "personalizado",
        categoria: "medico",
        lugar: None,
        // The doctor, not the appointment's notes: the calendar feed leaves Nido for other
        // apps, and medical notes stay in the record.
        notas: (!doctor.is_empty()).then_some(doctor),
        hijos: vec![t.hijo_id.clone()],
        when: CalendarWhen::Once {
            at: t.fecha_hora,
            minutes: APPOINTMENT_MINUTES,
        },
    }
}
