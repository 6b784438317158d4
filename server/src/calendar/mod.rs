//! Calendar: custody (the schedule, holiday periods, who holds each night, the parenting-time
//! report, exchange reminders) and swaps (requests, answers, expiry, handovers). docs/calendar.md
//! states the rules.

pub mod custody;
pub mod swaps;

use async_trait::async_trait;
use chrono::Utc;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    domain::{Domain, Work},
    platform::jobs::Periodic,
    state::AppState,
};

/// The calendar domain's part of the contract (`domain`).
pub struct Calendar;

#[async_trait]
impl Domain for Calendar {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .merge(custody::router())
            .merge(swaps::router())
    }

    /// Expiring unanswered swap requests and reminding exchanges. The tables go with a family's
    /// row (foreign keys cascade).
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![
            (swaps::expiry::JOB, |state| {
                Box::pin(async move {
                    swaps::expiry::expire_due(&state, Utc::now()).await?;
                    Ok(())
                })
            }),
            (custody::reminders::JOB, |state| {
                Box::pin(async move {
                    custody::reminders::send_due(&state, Utc::now()).await?;
                    Ok(())
                })
            }),
        ]
    }
}
