//! Events: a family's events and series of them, their occurrences in a window, changes to one
//! occurrence or to the following ones, and their reminders (docs/calendar.md).

pub mod access;
pub mod entities;
pub mod input;
mod items;
pub mod reminders;
pub mod routes;
mod store;
pub mod views;
pub mod vocabulary;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    calendar::{
        custody,
        recurrence::{self, Limited, MAX_OCCURRENCES, shares},
    },
    domain::{self, CalendarItem, CalendarQuery},
    error::{ApiError, ApiResult},
    families::entities::familia,
    i18n::Msg,
    ids::{ChildId, FamilyId, UserId},
    state::AppState,
};
use access::visible_to;
use entities::evento;
use input::Fields;
pub use views::OccurrenceView;

/// The closed sets only a query names (no body refers to them): listed here for the document.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(vocabulary::Reach)))]
struct QueryDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(<QueryDoc as utoipa::OpenApi>::openapi())
        .routes(routes!(routes::list_events, routes::create_event))
        .routes(routes!(
            routes::get_event,
            routes::update_event,
            routes::delete_event
        ))
}

/// The occurrences of a family's events that `usuario_id` sees with a start in `[desde, hasta)`,
/// in order, with what other domains put on the family's calendar (a child's activities and
/// appointments). The caller has checked that they are a member of the family.
pub async fn occurrences(
    db: &DatabaseConnection,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
) -> ApiResult<Vec<OccurrenceView>> {
    list_occurrences(db, familia_id, usuario_id, desde, hasta, None).await
}

fn unprocessable(msg: Msg) -> ApiError {
    ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, msg)
}

/// One series' part of an answer: its occurrences, and how to show each.
struct Part<'a> {
    source: Source<'a>,
    limited: Limited,
}

enum Source<'a> {
    Event(&'a evento::Model, Box<Fields>),
    Item(&'a CalendarItem, Option<String>, Duration),
}

/// As `occurrences`, only of events concerning `hijo_id` if given. No series makes the answer
/// fail, however dense: each gives at most `MAX_PER_DAY` occurrences on a day, the answer at
/// most `MAX_OCCURRENCES` (the largest series give way first), and a series cut is marked
/// `limitado` (`recurrence::limits`). Only a bad range is refused.
pub async fn list_occurrences(
    db: &DatabaseConnection,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
    hijo_id: Option<&ChildId>,
) -> ApiResult<Vec<OccurrenceView>> {
    recurrence::check_range(desde, hasta).map_err(unprocessable)?;
    // Ids are our own letters, digits and dashes: nothing in one is a LIKE wildcard.
    if hijo_id.is_some_and(|h| !h.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')) {
        return Ok(Vec::new());
    }
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
        query = query.filter(evento::Column::Hijos.like(format!("%\"{hijo}\"%")));
    }
    let rows = query.all(db).await?;
    let items = domain::calendar_items(
        db,
        &CalendarQuery {
            familia_id,
            usuario_id,
            hijo_id,
            desde,
            hasta,
        },
    )
    .await?;
    let mut parts = Vec::new();
    for row in &rows {
        // A stored event that no longer reads is left out and logged: one row never takes the
        // family's calendar down with it.
        let read = Fields::of(row).and_then(|fields| {
            let series = fields
                .series()
                .map_err(|m| ApiError::internal(format!("event {}: {}", row.id, m.code())))?;
            Ok((fields, series))
        });
        let (fields, series) = match read {
            Ok(read) => read,
            Err(err) => {
                tracing::error!(evento = %row.id, error = ?err, "an event's stored fields do not read");
                continue;
            }
        };
        let limited = series.limited(desde, hasta).map_err(unprocessable)?;
        parts.push(Part {
            source: Source::Event(row, Box::new(fields)),
            limited,
        });
    }
    let zone = if items.is_empty() {
        None
    } else {
        Some(family_zone(db, familia_id).await?)
    };
    for item in &items {
        let Some(zone) = zone else { break };
        if let Some(expanded) = items::expand(item, zone, desde, hasta) {
            parts.push(Part {
                source: Source::Item(item, expanded.rule, expanded.length),
                limited: expanded.limited,
            });
        }
    }
    let sizes: Vec<usize> = parts.iter().map(|p| p.limited.found.len()).collect();
    let mut found = Vec::new();
    for (part, share) in parts.iter().zip(shares(&sizes, MAX_OCCURRENCES)) {
        let cut = part.limited.cut || share < part.limited.found.len();
        for occurrence in part.limited.found.iter().take(share) {
            let mut view = match &part.source {
                Source::Event(row, fields) => OccurrenceView::of(row, fields, occurrence),
                Source::Item(item, rule, length) => OccurrenceView::of_item(
                    item,
                    familia_id,
                    rule.as_deref(),
                    zone.unwrap_or(chrono_tz::UTC),
                    occurrence,
                    *length,
                ),
            };
            view.limitado = cut;
            found.push(view);
        }
    }
    found.sort_by(|a, b| {
        a.instant
            .cmp(&b.instant)
            .then_with(|| a.evento_id.cmp(&b.evento_id))
    });
    Ok(found)
}

/// The family's zone, in which its children's activities keep their hours.
async fn family_zone(db: &DatabaseConnection, familia_id: &str) -> ApiResult<Tz> {
    let family = familia::Entity::find_by_id(familia_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(custody::zone_of(Some(&family.zona_horaria)))
}
