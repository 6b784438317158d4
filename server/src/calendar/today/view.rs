//! What `GET /api/hoy` answers.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::calendar::{
    events::{OccurrenceView, views::OriginView},
    swaps::entities::cambio,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct TodayAnswer {
    pub success: bool,
    pub data: TodayView,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodayView {
    /// The instant the answer was worked out at.
    pub ahora: DateTime<Utc>,
    /// The caller's families, in the order they joined them.
    pub familias: Vec<FamilyToday>,
    /// Invitations mailed to the caller's address, still open.
    pub invitaciones_pendientes: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyToday {
    pub familia_id: String,
    pub nombre: String,
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
    /// Today in the family's zone.
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    /// Who has the children now; null without a custody schedule.
    pub ahora: Option<Holding>,
    /// The next time the children change hands (within two months); null if none.
    pub proximo_intercambio: Option<NextExchange>,
    /// The occurrences starting today (in the family's zone) that the caller sees.
    pub eventos_hoy: Vec<OccurrenceView>,
    /// Open swap requests the caller must answer, soonest deadline first.
    pub cambios_por_responder: Vec<SwapToAnswer>,
    pub hijos: Vec<ChildToday>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Holding {
    pub usuario_id: String,
    pub nombre: String,
    /// When they hand the children over (the next exchange); null if not within two months.
    pub hasta: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextExchange {
    /// The date whose night begins with it.
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub at: DateTime<Utc>,
    pub de_usuario_id: String,
    pub de_nombre: String,
    pub a_usuario_id: String,
    pub a_nombre: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapToAnswer {
    pub cambio_id: String,
    pub solicitante_id: String,
    #[schema(value_type = Vec<String>)]
    pub noches: Vec<NaiveDate>,
    #[schema(value_type = Vec<String>)]
    pub devolucion: Vec<NaiveDate>,
    pub motivo: String,
    pub responder_antes_de: DateTime<Utc>,
}

impl SwapToAnswer {
    pub fn of(row: &cambio::Model) -> SwapToAnswer {
        SwapToAnswer {
            cambio_id: row.id.clone(),
            solicitante_id: row.solicitante_id.clone(),
            noches: serde_json::from_str(&row.noches).unwrap_or_default(),
            devolucion: serde_json::from_str(&row.devolucion).unwrap_or_default(),
            motivo: row.motivo.clone(),
            responder_antes_de: row.responder_antes_de,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildToday {
    pub hijo_id: String,
    pub nombre: String,
    /// Who has them now (the family's custody applies to each child); null without a schedule.
    pub con: Option<Holding>,
    /// The latest entry of the family record about the child; null if none.
    pub ultima_actividad: Option<DateTime<Utc>>,
    /// How many occurrences naming the child start in the next 30 days.
    pub proximos_eventos_total: u64,
    /// The first three of them.
    pub proximos_eventos: Vec<UpcomingEvent>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpcomingEvent {
    pub evento_id: String,
    pub ocurrencia: String,
    pub titulo: String,
    /// As in the events list: RFC 3339 with its offset, or a date for all-day events.
    pub inicio: String,
    pub todo_el_dia: bool,
    /// As in the events list: where it lives when the child's record puts it on the calendar.
    pub origen: Option<OriginView>,
}

impl UpcomingEvent {
    pub fn of(o: &OccurrenceView) -> UpcomingEvent {
        UpcomingEvent {
            evento_id: o.evento_id.clone(),
            ocurrencia: o.ocurrencia.clone(),
            titulo: o.titulo.clone(),
            inicio: o.inicio.clone(),
            todo_el_dia: o.todo_el_dia,
            origen: o.origen.clone(),
        }
    }
}
