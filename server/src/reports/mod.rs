//! Reports: what a family's records add up to, read across the domains. It stands above them
//! (`layers.rs`): it asks each domain for its own section, computed by that domain under the rule
//! its own routes follow, and never reads a domain's tables itself.

pub mod statistics;

use async_trait::async_trait;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{domain::Domain, state::AppState};

/// The reports' part of the contract (`domain`).
pub struct Reports;

#[async_trait]
impl Domain for Reports {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(statistics::get_statistics))
    }
}
