//! `GET /api/familias/{id}/estadisticas`: a family's figures over a period, for its members, each
//! section only for those who see its domain: parenting time (`tiempo`, the calendar's), money
//! (`dinero`, the co-parents'), and messages (`mensajes`, of the conversations the caller takes
//! part in).

use axum::extract::{Query, State};
use chrono::{Duration, Utc};
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::{
    calendar::{
        self,
        custody::{date_range, nights::RangeQuery, zone_of},
        statistics::{TimeStatistics, midnight},
    },
    error::{ApiResult, ErrorBody},
    families::{Reads, Scope, Whole},
    messages::statistics::MessageStatistics,
    money::{self, statistics::MoneyStatistics},
    request::Json,
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsView {
    #[schema(value_type = crate::fields::Day)]
    pub desde: chrono::NaiveDate,
    #[schema(value_type = crate::fields::Day)]
    pub hasta: chrono::NaiveDate,
    /// The family's time zone: months and days are read in it.
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
    // Each section is kept in memory as JSON by its own domain while what it counts is unchanged.
    /// For those who see the calendar.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<TimeStatistics>)]
    pub tiempo: Option<Box<RawValue>>,
    /// For the co-parents, who alone see the family's money.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<MoneyStatistics>)]
    pub dinero: Option<Box<RawValue>>,
    #[schema(value_type = MessageStatistics)]
    pub mensajes: Box<RawValue>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatisticsAnswer {
    pub success: bool,
    pub data: StatisticsView,
}

/// The family's statistics from `desde` to `hasta` (both included, at most 5 years).
#[utoipa::path(get, path = "/familias/{id}/estadisticas", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path), RangeQuery),
    responses(
        (status = 200, body = StatisticsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family, or the caller is not one of its members", body = ErrorBody),
        (status = 422, description = "bad dates, an inverted range or one over 5 years", body = ErrorBody),
    ))]
pub async fn get_statistics(
    State(state): State<AppState>,
    access: Reads<Whole>,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Json<StatisticsAnswer>> {
    let (desde, hasta) = date_range(query.desde.as_deref(), query.hasta.as_deref())?;
    let familia_id = access.family_id();
    let zone = zone_of(Some(&access.family.zona_horaria));
    let permission = access.permission();
    let tiempo = if calendar::access::Calendar::sees(permission) {
        Some(
            calendar::statistics::kept_time(&state, &familia_id, &access.auth.id, desde, hasta)
                .await?,
        )
    } else {
        None
    };
    let dinero = if money::access::Money::sees(permission) {
        let today = Utc::now().with_timezone(&zone).date_naive();
        Some(
            money::statistics::kept(&state, &access.auth.id, &access.family, desde, hasta, today)
                .await?,
        )
    } else {
        None
    };
    let mensajes = crate::messages::statistics::kept(
        &state,
        &familia_id,
        &access.auth.id,
        zone,
        midnight(desde, zone),
        midnight(hasta + Duration::days(1), zone),
    )
    .await?;
    Ok(Json(StatisticsAnswer {
        success: true,
        data: StatisticsView {
            desde,
            hasta,
            zona_horaria: zone.name().to_owned(),
            tiempo,
            dinero,
            mensajes,
        },
    }))
}
