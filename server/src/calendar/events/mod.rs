//! Events: a family's events and series of them, their occurrences in a window, changes to one
//! occurrence or to the following ones, and their reminders (docs/calendar.md).

pub mod access;
pub mod entities;
pub mod input;
pub mod reminders;
pub mod routes;
mod store;
pub mod views;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    calendar::recurrence::{self, MAX_OCCURRENCES},
    error::{ApiError, ApiResult},
    i18n::Msg,
    state::AppState,
};
use access::visible_to;
use entities::evento;
use input::Fields;
pub use views::OccurrenceView;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_events, routes::create_event))
        .routes(routes!(
            routes::get_event,
            routes::update_event,
            routes::delete_event
        ))
}

/// The occurrences of a family's events that `usuario_id` sees with a start in `[desde, hasta)`,
/// in order. The caller has checked that they are a member of the family.
pub async fn occurrences(
    db: &impl ConnectionTrait,
    familia_id: &str,
    usuario_id: &str,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
) -> ApiResult<Vec<OccurrenceView>> {
    list_occurrences(db, familia_id, usuario_id, desde, hasta, None).await
}

fn unprocessable(msg: Msg) -> ApiError {
    ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, msg)
}

/// As `occurrences`, only of events concerning `hijo_id` if given.
pub async fn list_occurrences(
    db: &impl ConnectionTrait,
    familia_id: &str,
    usuario_id: &str,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
    hijo_id: Option<&str>,
) -> ApiResult<Vec<OccurrenceView>> {
    recurrence::check_range(desde, hasta).map_err(unprocessable)?;
    let mut query = evento::Entity::find()
        .filter(evento::Column::FamiliaId.eq(familia_id))
        .filter(evento::Column::PrimerInicio.lt(hasta))
        .filter(
            Condition::any()
                .add(evento::Column::UltimoInicio.is_null())
                .add(evento::Column::UltimoInicio.gte(desde)),
        )
        .filter(visible_to(usuario_id));
    if let Some(hijo) = hijo_id {
        // Ids are our own letters, digits and dashes: nothing in one is a LIKE wildcard.
        if !hijo.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Ok(Vec::new());
        }
        query = query.filter(evento::Column::Hijos.like(format!("%\"{hijo}\"%")));
    }
    let mut found = Vec::new();
    for row in query.all(db).await? {
        let fields = Fields::of(&row)?;
        let series = fields
            .series()
            .map_err(|m| ApiError::internal(format!("event {}: {}", row.id, m.code())))?;
        for occurrence in series.occurrences(desde, hasta).map_err(unprocessable)? {
            if found.len() == MAX_OCCURRENCES {
                return Err(unprocessable(Msg::CalendarTooManyOccurrences));
            }
            found.push(OccurrenceView::of(&row, &fields, &occurrence));
        }
    }
    found.sort_by(|a, b| {
        a.instant
            .cmp(&b.instant)
            .then_with(|| a.evento_id.cmp(&b.evento_id))
    });
    Ok(found)
}
