//! Custody: a family's parenting schedule (dated versions of a pattern), the holiday periods
//! that override it, national holidays as suggestions, the nights it gives each parent and the
//! parenting-time report, the exchange reminders and a coordinator's proposals (docs/calendar.md).

pub mod entities;
pub mod holidays;
pub mod nights;
pub mod pattern;
pub mod periods;
pub mod plan;
pub mod proposals;
pub mod reminders;
pub mod schedule;
pub mod share;

use chrono::{NaiveDate, NaiveTime};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult},
    families::{self, entities::familia},
    i18n::Msg,
    platform::live::{self, Wake},
    state::AppState,
};
use entities::custodia;

/// The longest range of nights one query answers for.
pub const MAX_RANGE_DAYS: i64 = 5 * 366;

/// One night and who holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Night {
    /// The date the night begins on.
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub usuario_id: String,
}

/// The closed set only a query names (no body refers to it): listed here for the document.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(holidays::HolidayCountry)))]
struct QueryDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(<QueryDoc as utoipa::OpenApi>::openapi())
        .routes(routes!(schedule::get_schedule, schedule::put_schedule))
        .routes(routes!(nights::get_nights))
        .routes(routes!(share::get_share))
        .routes(routes!(periods::list_periods, periods::create_period))
        .routes(routes!(periods::delete_period))
        .routes(routes!(holidays::get_holidays))
        .routes(routes!(
            proposals::list_custody_proposals,
            proposals::propose_custody
        ))
        .routes(routes!(proposals::withdraw_custody_proposal))
        .routes(routes!(proposals::accept_custody_proposal))
        .routes(routes!(proposals::reject_custody_proposal))
}

/// The family's nights from `desde` to `hasta` (both included), after holiday periods and
/// accepted swaps; nights before the first schedule belong to nobody and are left out.
pub async fn nights(
    db: &impl ConnectionTrait,
    familia_id: &str,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> ApiResult<Vec<Night>> {
    let zone = family_zone(db, familia_id).await?;
    let plan = plan::Plan::load(db, familia_id, zone, desde, hasta).await?;
    Ok(desde
        .iter_days()
        .take_while(|d| *d <= hasta)
        .filter_map(|fecha| {
            plan.actual(fecha)
                .map(|usuario_id| Night { fecha, usuario_id })
        })
        .collect())
}

/// The exchange time of the family's latest schedule, if it has one.
pub async fn exchange_time(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> ApiResult<Option<NaiveTime>> {
    let latest = custodia::Entity::find()
        .filter(custodia::Column::FamiliaId.eq(familia_id))
        .order_by_desc(custodia::Column::Inicio)
        .order_by_desc(custodia::Column::CreatedAt)
        .one(db)
        .await?;
    Ok(latest
        .as_ref()
        .and_then(plan::Version::from_row)
        .map(|v| v.exchange))
}

/// The family's time zone, the product's default if it were ever unreadable.
pub async fn family_zone(db: &impl ConnectionTrait, familia_id: &str) -> Result<Tz, DbErr> {
    let family = familia::Entity::find_by_id(familia_id).one(db).await?;
    Ok(zone_of(family.as_ref().map(|f| f.zona_horaria.as_str())))
}

pub fn zone_of(name: Option<&str>) -> Tz {
    name.and_then(|n| n.parse().ok())
        .or_else(|| crate::time_zone::DEFAULT.parse().ok())
        .unwrap_or(Tz::UTC)
}

/// A date range of at most `MAX_RANGE_DAYS`, both ends included, from query text.
pub fn date_range(desde: Option<&str>, hasta: Option<&str>) -> ApiResult<(NaiveDate, NaiveDate)> {
    let parse = |v: Option<&str>| {
        v.map(str::trim)
            .and_then(|v| NaiveDate::parse_from_str(v, "%Y-%m-%d").ok())
            .and_then(|d| crate::fields::date_in_range(d).ok())
    };
    let mut errors = crate::error::FieldErrors::default();
    let desde = parse(desde);
    let hasta = parse(hasta);
    if desde.is_none() {
        errors.add("desde", Msg::DateInvalid);
    }
    if hasta.is_none() {
        errors.add("hasta", Msg::DateInvalid);
    }
    errors.into_result()?;
    let (Some(desde), Some(hasta)) = (desde, hasta) else {
        return Err(ApiError::internal("date check passed without dates"));
    };
    if hasta < desde {
        return Err(ApiError::field("hasta", Msg::DateRangeInverted));
    }
    if (hasta - desde).num_days() >= MAX_RANGE_DAYS {
        return Err(ApiError::field("hasta", Msg::CustodyRangeTooLong));
    }
    Ok((desde, hasta))
}

/// Tells every member of the family that its calendar changed. Inside the change's transaction.
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    what: live::CustodySubject,
) -> Result<Wake, DbErr> {
    let members = families::member_ids(txn, familia_id).await?;
    let ids = live::CustodyIds {
        familia_id: familia_id.to_owned(),
        what,
    };
    live::publish(txn, &members, live::LiveEvent::Custody(ids)).await
}

/// The exchange that begins the night of a date: when it is planned, and whether the night
/// changes hands then (after holiday periods and accepted swaps).
#[derive(Clone, Copy, Debug)]
pub struct ExchangeOn {
    pub at: chrono::DateTime<chrono::Utc>,
    pub changes_hands: bool,
}

pub async fn exchange_on(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    fecha: NaiveDate,
) -> Result<ExchangeOn, DbErr> {
    let zone = zone_of(Some(&family.zona_horaria));
    let before = fecha - chrono::Duration::days(1);
    let plan = plan::Plan::load(db, &family.id, zone, before, fecha).await?;
    let changes_hands = matches!(
        (plan.actual(before), plan.actual(fecha)),
        (Some(a), Some(b)) if a != b
    );
    Ok(ExchangeOn {
        at: plan.exchange_at(fecha),
        changes_hands,
    })
}
