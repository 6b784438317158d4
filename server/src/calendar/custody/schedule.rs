//! `/api/familias/{id}/custodia`: the family's schedule. Each PUT stores a new version ruling
//! from its `inicio` on; nights before it keep following the earlier versions, so a new
//! schedule never rewrites the past (only the first one may start before today).

use axum::extract::State;
use chrono::{NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{entities::custodia, pattern::Pattern, plan, publish_change};
use crate::calendar::access::Calendar;
use crate::families::{Changes, Reads};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::{familia, miembro},
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids,
    platform::live::{CustodyPart, CustodySubject, Wake},
    request::Json,
    state::AppState,
};

#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInput {
    /// 2-2-3, 2-2-5-5, 3-4-4-3, 5-2-2-5, 7-7, 4-3, eow, eow-midweek or personalizado.
    #[schema(required = true, value_type = crate::calendar::custody::pattern::PatternName)]
    pub patron: Option<String>,
    /// `YYYY-MM-DD`: the first day of the cycle, from which this version rules.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub inicio: Option<String>,
    /// A co-parent's user id: holds the cycle's A days.
    #[schema(required = true, value_type = String)]
    pub progenitor_a: Option<String>,
    /// Another co-parent's user id: holds the B days.
    #[schema(required = true, value_type = String)]
    pub progenitor_b: Option<String>,
    /// `HH:MM` in the family's time zone; 18:00 when left out.
    #[schema(value_type = Option<crate::fields::ClockTime>)]
    pub hora_intercambio: Option<String>,
    /// For `personalizado`: one letter A or B per day (1 to 366). Ignored for other patterns.
    #[schema(pattern = "^[AB]{1,366}$")]
    pub ciclo: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionView {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(value_type = crate::calendar::custody::pattern::PatternName)]
    pub patron: String,
    #[schema(value_type = String, format = Date)]
    pub inicio: NaiveDate,
    pub progenitor_a: String,
    pub progenitor_b: String,
    pub hora_intercambio: String,
    /// The cycle's letters; null for eow and eow-midweek.
    pub ciclo: Option<String>,
    pub creada_por: Option<String>,
    pub created_at: chrono::DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleView {
    /// The latest version (the one ruling from the latest `inicio`).
    #[serde(flatten)]
    pub actual: VersionView,
    /// Every version, earliest `inicio` first, the latest included.
    pub versiones: Vec<VersionView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ScheduleAnswer {
    pub success: bool,
    /// Null while the family has no schedule.
    pub data: Option<ScheduleView>,
}

pub fn view(row: &custodia::Model) -> VersionView {
    VersionView {
        id: row.id.clone(),
        patron: row.patron.clone(),
        inicio: row.inicio,
        progenitor_a: row.progenitor_a.clone(),
        progenitor_b: row.progenitor_b.clone(),
        hora_intercambio: row.hora_intercambio.clone(),
        ciclo: row.ciclo.clone(),
        creada_por: row.creada_por.clone(),
        created_at: row.created_at,
    }
}

async fn answer(state: &AppState, familia_id: &str) -> ApiResult<ScheduleAnswer> {
    let rows = custodia::Entity::find()
        .filter(custodia::Column::FamiliaId.eq(familia_id))
        .order_by_asc(custodia::Column::Inicio)
        .order_by_asc(custodia::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let versiones: Vec<VersionView> = rows.iter().map(view).collect();
    Ok(ScheduleAnswer {
        success: true,
        data: versiones
            .last()
            .cloned()
            .map(|actual| ScheduleView { actual, versiones }),
    })
}

/// The family's custody schedule: its latest version and every earlier one.
#[utoipa::path(get, path = "/familias/{id}/custodia", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ScheduleAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_schedule(
    State(state): State<AppState>,
    access: Reads<Calendar>,
) -> ApiResult<Json<ScheduleAnswer>> {
    Ok(Json(answer(&state, &access.family.id).await?))
}

/// The co-parent's user id, if `value` names one of the family's co-parents.
fn coparent(members: &[miembro::Model], value: Option<&str>) -> Result<String, Msg> {
    let value = value.map(str::trim).unwrap_or_default();
    members
        .iter()
        .find(|m| m.usuario_id == value && crate::families::can_edit(m))
        .map(|m| m.usuario_id.clone())
        .ok_or(Msg::CustodyParentInvalid)
}

/// A schedule version that passed its checks, not yet stored.
pub struct CheckedSchedule {
    patron: String,
    ciclo: Option<String>,
    inicio: NaiveDate,
    progenitor_a: String,
    progenitor_b: String,
    hora_intercambio: String,
}

impl CheckedSchedule {
    /// The schedule as its input would name it, normalised.
    pub fn input(&self) -> ScheduleInput {
        ScheduleInput {
            patron: Some(self.patron.clone()),
            inicio: Some(self.inicio.to_string()),
            progenitor_a: Some(self.progenitor_a.clone()),
            progenitor_b: Some(self.progenitor_b.clone()),
            hora_intercambio: Some(self.hora_intercambio.clone()),
            ciclo: self.ciclo.clone(),
        }
    }
}

/// Checks a schedule for `family` as it is now: its co-parents, its time zone, whether it has a
/// schedule already (then a new one starts today or later).
pub async fn check(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    body: &ScheduleInput,
) -> ApiResult<CheckedSchedule> {
    let members = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&family.id))
        .all(db)
        .await?;
    let mut errors = FieldErrors::default();
    let patron = body.patron.as_deref().map(str::trim).unwrap_or_default();
    let pattern = match Pattern::parse(patron, body.ciclo.as_deref()) {
        Ok(p) => Some(p),
        Err(Msg::CustodyCycleInvalid) => {
            errors.add("ciclo", Msg::CustodyCycleInvalid);
            None
        }
        Err(m) => {
            errors.add("patron", m);
            None
        }
    };
    let inicio = body
        .inicio
        .as_deref()
        .and_then(|v| NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").ok())
        .and_then(|d| fields::date_in_range(d).ok());
    if inicio.is_none() {
        errors.add("inicio", Msg::CustodyStartInvalid);
    }
    let a = errors.check(
        "progenitorA",
        coparent(&members, body.progenitor_a.as_deref()),
    );
    let b = errors.check(
        "progenitorB",
        coparent(&members, body.progenitor_b.as_deref()),
    );
    if a.is_some() && a == b {
        errors.add("progenitorB", Msg::CustodyParentsSame);
    }
    let hora = errors
        .check(
            "horaIntercambio",
            fields::optional_time(body.hora_intercambio.clone()),
        )
        .map(|h| h.unwrap_or_else(|| plan::DEFAULT_EXCHANGE.format("%H:%M").to_string()));
    errors.into_result()?;
    let (Some(pattern), Some(inicio), Some(a), Some(b), Some(hora)) = (pattern, inicio, a, b, hora)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let zone = super::zone_of(Some(&family.zona_horaria));
    let has_schedule = custodia::Entity::find()
        .filter(custodia::Column::FamiliaId.eq(&family.id))
        .one(db)
        .await?
        .is_some();
    if has_schedule && inicio < plan::today(zone, Utc::now()) {
        return Err(ApiError::field("inicio", Msg::CustodyStartPast));
    }
    Ok(CheckedSchedule {
        patron: patron.to_owned(),
        ciclo: pattern.letters(),
        inicio,
        progenitor_a: a,
        progenitor_b: b,
        hora_intercambio: hora,
    })
}

/// Stores a checked schedule from its `inicio` on, in the record as set by `actor` (on a
/// coordinator's `propuesta` once every co-parent accepted it), and tells the members.
pub async fn store(
    txn: &DatabaseTransaction,
    familia_id: &str,
    checked: CheckedSchedule,
    actor: &str,
    propuesta: Option<&str>,
) -> ApiResult<(custodia::Model, Wake)> {
    let row = custodia::Model {
        id: ids::new_id(),
        familia_id: familia_id.to_owned(),
        patron: checked.patron,
        ciclo: checked.ciclo,
        inicio: checked.inicio,
        progenitor_a: checked.progenitor_a,
        progenitor_b: checked.progenitor_b,
        hora_intercambio: checked.hora_intercambio,
        creada_por: Some(actor.to_owned()),
        created_at: Utc::now(),
    };
    // Versions from the same day on are superseded; the record keeps what they were.
    custodia::Entity::delete_many()
        .filter(custodia::Column::FamiliaId.eq(familia_id))
        .filter(custodia::Column::Inicio.gte(row.inicio))
        .exec(txn)
        .await?;
    custodia::Entity::insert(custodia::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    let mut content = serde_json::json!({
        "custodia": row.id,
        "patron": row.patron,
        "ciclo": row.ciclo,
        "inicio": row.inicio,
        "progenitorA": row.progenitor_a,
        "progenitorB": row.progenitor_b,
        "horaIntercambio": row.hora_intercambio,
    });
    if let Some(propuesta) = propuesta {
        content["propuesta"] = propuesta.into();
    }
    record::append(
        txn,
        familia_id,
        Act {
            kind: kinds::CUSTODY_SET,
            actor: Some(actor),
            content,
            subjects: vec![
                record::user_subject(actor),
                record::user_subject(&row.progenitor_a),
                record::user_subject(&row.progenitor_b),
            ],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = publish_change(txn, familia_id, CustodySubject::Part(CustodyPart::Schedule)).await?;
    Ok((row, wake))
}

/// Set the schedule from `inicio` on. Nights before `inicio` keep the schedule they had; a
/// version that started on or after `inicio` is replaced. Co-parents only.
#[utoipa::path(put, path = "/familias/{id}/custodia", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ScheduleInput,
    responses(
        (status = 200, body = ScheduleAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a bad pattern, cycle, start, parent or time", body = ErrorBody),
    ))]
pub async fn put_schedule(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Json(body): Json<ScheduleInput>,
) -> ApiResult<Json<ScheduleAnswer>> {
    let checked = check(&state.db, &access.family, &body).await?;
    let txn = state.db.begin().await?;
    let (_, wake) = store(&txn, &access.family.id, checked, &access.auth.user.id, None).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(answer(&state, &access.family.id).await?))
}
