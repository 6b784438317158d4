//! `GET /api/familias/{id}/custodia/noches`: who holds each night of a range.

use axum::{
    extract::{Path, Query, State},
    response::Response,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Night, date_range};
use crate::{
    calendar::kept,
    error::{ApiResult, ErrorBody},
    ids::FamilyId,
    request::AuthUser,
    state::AppState,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// `YYYY-MM-DD`, the first night.
    #[param(required = true, value_type = crate::fields::Day)]
    pub desde: Option<String>,
    /// `YYYY-MM-DD`, the last night (at most 5 years after `desde`).
    #[param(required = true, value_type = crate::fields::Day)]
    pub hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NightsAnswer {
    pub success: bool,
    pub data: Vec<Night>,
}

/// Who holds each night from `desde` to `hasta` (both included), after holiday periods and
/// accepted swaps. Nights before the family's first schedule are left out.
#[utoipa::path(get, path = "/familias/{id}/custodia/noches", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), RangeQuery),
    responses(
        (status = 200, body = NightsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "bad dates, an inverted range or one over 5 years", body = ErrorBody),
    ))]
pub async fn get_nights(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(familia_id): Path<FamilyId>,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Response> {
    let stamp = kept::stamp(&state.db, &familia_id, &auth.id).await?;
    let (desde, hasta) = date_range(query.desde.as_deref(), query.hasta.as_deref())?;
    // Every member sees the same nights.
    let key = format!("noches {familia_id} {desde} {hasta}");
    kept::answer(&state, key, stamp, || async {
        Ok(NightsAnswer {
            success: true,
            data: super::nights(&state.db, &familia_id, desde, hasta).await?,
        })
    })
    .await
}
