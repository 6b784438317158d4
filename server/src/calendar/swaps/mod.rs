//! Swaps: a parent asks the other to move some nights (`noches`), maybe offering others back
//! (`devolucion`); the other accepts (each of those nights goes to the other parent), declines,
//! or counters with a new request linked to the first. Unanswered by its deadline, a request
//! expires and nothing changes. Handovers record when an exchange actually happened. Every step
//! goes into the family record in the same transaction, notifies the other parent and is
//! published live to the family (docs/calendar.md).

pub mod entities;
pub mod expiry;
pub mod handovers;
pub mod notice;
pub mod requests;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(requests::list_swaps, requests::create_swap))
        .routes(routes!(requests::accept_swap))
        .routes(routes!(requests::decline_swap))
        .routes(routes!(requests::counter_swap))
        .routes(routes!(
            handovers::list_handovers,
            handovers::record_handover
        ))
}
