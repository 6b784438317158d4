//! Calendar: events with their recurrence (docs/calendar.md).

pub mod events;
pub mod recurrence;

use async_trait::async_trait;
use utoipa_axum::router::OpenApiRouter;

use crate::{domain::Domain, state::AppState};

/// The calendar domain's part of the contract (`domain`).
pub struct Calendar;

#[async_trait]
impl Domain for Calendar {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
    }
}
