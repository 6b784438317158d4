//! `/api/familias/{id}/custodia/periodos`: holiday periods, which override the cycle for their
//! nights (`desde` to `hasta`, both included), once or every year (`anual`, on the same days of
//! the month). Who holds them (`modo`):
//! - `progenitor`: `usuarioId`, every time;
//! - `alterna`: `usuarioId` in even years, the schedule's other parent in odd years;
//! - `mitades`: `usuarioId` the first half in even years and the second half in odd years, the
//!   other parent the rest (an odd count of nights gives the extra night to the second half).
//!
//! The year of an occurrence is the year its first night falls in. Where periods overlap, the
//! one added later wins.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{Datelike, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{entities::periodo, publish_change};
use crate::calendar::access::Calendar;
use crate::families::{Changes, Reads};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::miembro,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids,
    platform::live::{CustodyPart, CustodySubject, Wake},
    request::Json,
    state::AppState,
};

const NAME_MAX_CHARS: usize = 100;
const MAX_NIGHTS: i64 = 366;

crate::closed_set! {
    /// Who holds a holiday period: one parent every time, one parent in even years, or halves.
    pub enum PeriodMode {
        Parent = "progenitor",
        Alternate = "alterna",
        Halves = "mitades",
    }
}

/// Where a date falls in one occurrence of a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The year of the occurrence's first night.
    pub year: i32,
    /// The date's night within the occurrence, from 0.
    pub night: i64,
    /// How many nights the occurrence has.
    pub nights: i64,
}

/// Where `date` falls in `period`, if inside one of its occurrences. A yearly period whose first
/// day does not exist in a year (29 February) has no occurrence that year.
pub fn placed(period: &periodo::Model, date: NaiveDate) -> Option<Placed> {
    let span = (period.hasta - period.desde).num_days();
    let starts: Vec<NaiveDate> = if period.anual {
        [date.year() - 1, date.year()]
            .into_iter()
            .filter_map(|y| NaiveDate::from_ymd_opt(y, period.desde.month(), period.desde.day()))
            .filter(|start| *start >= period.desde)
            .collect()
    } else {
        vec![period.desde]
    };
    starts.into_iter().rev().find_map(|start| {
        let night = (date - start).num_days();
        (0..=span).contains(&night).then_some(Placed {
            year: start.year(),
            night,
            nights: span + 1,
        })
    })
}

#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodInput {
    /// 1 to 100 characters: "Navidad", "Vacaciones de invierno".
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100, pattern = r"\S")]
    pub nombre: Option<String>,
    /// `YYYY-MM-DD`: the first night.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub desde: Option<String>,
    /// `YYYY-MM-DD`: the last night (at most 366 nights in all).
    #[schema(required = true, value_type = crate::fields::Day)]
    pub hasta: Option<String>,
    #[schema(required = true, value_type = PeriodMode)]
    pub modo: Option<String>,
    /// A co-parent: who holds it (progenitor), holds it in even years (alterna), or holds the
    /// first half in even years (mitades).
    #[schema(required = true, value_type = String)]
    pub usuario_id: Option<String>,
    /// Repeats every year on the same days. False when left out.
    pub anual: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub hasta: NaiveDate,
    #[schema(value_type = PeriodMode)]
    pub modo: String,
    pub usuario_id: String,
    pub anual: bool,
    pub creado_por: Option<String>,
    pub created_at: chrono::DateTime<Utc>,
}

impl From<periodo::Model> for PeriodView {
    fn from(p: periodo::Model) -> Self {
        PeriodView {
            id: p.id,
            nombre: p.nombre,
            desde: p.desde,
            hasta: p.hasta,
            modo: p.modo,
            usuario_id: p.usuario_id,
            anual: p.anual,
            creado_por: p.creado_por,
            created_at: p.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PeriodAnswer {
    pub success: bool,
    pub data: PeriodView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PeriodListAnswer {
    pub success: bool,
    pub data: Vec<PeriodView>,
}

/// The family's holiday periods, in the order they were added (a later one wins an overlap).
#[utoipa::path(get, path = "/familias/{id}/custodia/periodos", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = PeriodListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn list_periods(
    State(state): State<AppState>,
    access: Reads<Calendar>,
) -> ApiResult<Json<PeriodListAnswer>> {
    let rows = periodo::Entity::find()
        .filter(periodo::Column::FamiliaId.eq(&access.family.id))
        .order_by_asc(periodo::Column::CreatedAt)
        .order_by_asc(periodo::Column::Id)
        .all(&state.db)
        .await?;
    Ok(Json(PeriodListAnswer {
        success: true,
        data: rows.into_iter().map(PeriodView::from).collect(),
    }))
}

fn date(value: Option<&str>) -> Result<NaiveDate, Msg> {
    value
        .and_then(|v| NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").ok())
        .ok_or(Msg::DateInvalid)
        .and_then(fields::date_in_range)
}

/// A holiday period that passed its checks, not yet stored.
pub struct CheckedPeriod {
    nombre: String,
    desde: NaiveDate,
    hasta: NaiveDate,
    modo: String,
    usuario_id: String,
    anual: bool,
}

impl CheckedPeriod {
    /// The period as its input would name it, normalised.
    pub fn input(&self) -> PeriodInput {
        PeriodInput {
            nombre: Some(self.nombre.clone()),
            desde: Some(self.desde.to_string()),
            hasta: Some(self.hasta.to_string()),
            modo: Some(self.modo.clone()),
            usuario_id: Some(self.usuario_id.clone()),
            anual: Some(self.anual),
        }
    }
}

/// Checks a holiday period for a family as it is now (its co-parents).
pub async fn check(
    db: &impl ConnectionTrait,
    familia_id: &str,
    body: &PeriodInput,
) -> ApiResult<CheckedPeriod> {
    let mut errors = FieldErrors::default();
    let nombre = errors.check(
        "nombre",
        fields::text(
            body.nombre.clone(),
            NAME_MAX_CHARS,
            Msg::CustodyPeriodNameRequired,
        )
        .map_err(|m| match m {
            Msg::TooLong => Msg::CustodyPeriodNameRequired,
            other => other,
        }),
    );
    let desde = errors.check("desde", date(body.desde.as_deref()));
    let hasta = errors.check("hasta", date(body.hasta.as_deref()));
    if let (Some(desde), Some(hasta)) = (desde, hasta) {
        if hasta < desde {
            errors.add("hasta", Msg::DateRangeInverted);
        } else if (hasta - desde).num_days() >= MAX_NIGHTS {
            errors.add("hasta", Msg::CustodyPeriodTooLong);
        }
    }
    let modo = body
        .modo
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if <PeriodMode as crate::vocabulary::ClosedSet>::from_wire(&modo).is_none() {
        errors.add("modo", Msg::CustodyPeriodModeInvalid);
    }
    let usuario_id = body
        .usuario_id
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    let is_coparent = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::UsuarioId.eq(&usuario_id))
        .one(db)
        .await?
        .is_some_and(|m| crate::families::can_edit(&m));
    if !is_coparent {
        errors.add("usuarioId", Msg::CustodyParentInvalid);
    }
    errors.into_result()?;
    let (Some(nombre), Some(desde), Some(hasta)) = (nombre, desde, hasta) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    Ok(CheckedPeriod {
        nombre,
        desde,
        hasta,
        modo,
        usuario_id,
        anual: body.anual.unwrap_or(false),
    })
}

/// Stores a checked period, in the record as added by `actor` (on a coordinator's `propuesta`
/// once every co-parent accepted it), and tells the members.
pub async fn store(
    txn: &DatabaseTransaction,
    familia_id: &str,
    checked: CheckedPeriod,
    actor: &str,
    propuesta: Option<&str>,
) -> ApiResult<(periodo::Model, Wake)> {
    let row = periodo::Model {
        id: ids::new_id(),
        familia_id: familia_id.to_owned(),
        nombre: checked.nombre,
        desde: checked.desde,
        hasta: checked.hasta,
        modo: checked.modo,
        usuario_id: checked.usuario_id,
        anual: checked.anual,
        creado_por: Some(actor.to_owned()),
        created_at: Utc::now(),
    };
    periodo::Entity::insert(periodo::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    let mut content = serde_json::json!({
        "accion": "agregado",
        "periodo": row.id,
        "nombre": row.nombre,
        "desde": row.desde,
        "hasta": row.hasta,
        "modo": row.modo,
        "usuarioId": row.usuario_id,
        "anual": row.anual,
    });
    if let Some(propuesta) = propuesta {
        content["propuesta"] = propuesta.into();
    }
    record::append(
        txn,
        familia_id,
        Act {
            kind: kinds::CUSTODY_PERIOD,
            actor: Some(actor),
            content,
            subjects: vec![
                record::user_subject(actor),
                record::user_subject(&row.usuario_id),
            ],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = publish_change(txn, familia_id, CustodySubject::Part(CustodyPart::Periods)).await?;
    Ok((row, wake))
}

/// Add a holiday period. Co-parents only.
#[utoipa::path(post, path = "/familias/{id}/custodia/periodos", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = PeriodInput,
    responses(
        (status = 201, body = PeriodAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a bad name, dates, split or parent", body = ErrorBody),
    ))]
pub async fn create_period(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Json(body): Json<PeriodInput>,
) -> ApiResult<(StatusCode, Json<PeriodAnswer>)> {
    let checked = check(&state.db, &access.family.id, &body).await?;
    let txn = state.db.begin().await?;
    let (row, wake) = store(&txn, &access.family.id, checked, &access.auth.user.id, None).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(PeriodAnswer {
            success: true,
            data: row.into(),
        }),
    ))
}

/// Remove a holiday period: its nights follow the cycle again. Co-parents only.
#[utoipa::path(delete, path = "/familias/{id}/custodia/periodos/{periodoId}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("periodoId" = String, Path)),
    responses(
        (status = 200, body = PeriodAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn delete_period(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<PeriodAnswer>> {
    let periodo_id = path.1;
    let familia_id = access.family.id.clone();
    let me = access.auth.user.id.clone();
    let txn = state.db.begin().await?;
    let removed = periodo::Entity::delete_many()
        .filter(periodo::Column::Id.eq(&periodo_id))
        .filter(periodo::Column::FamiliaId.eq(&familia_id))
        .exec_with_returning(&txn)
        .await?;
    let Some(row) = removed.into_iter().next() else {
        return Err(ApiError::not_found());
    };
    record::append(
        &txn,
        &familia_id,
        Act {
            kind: kinds::CUSTODY_PERIOD,
            actor: Some(&me),
            content: serde_json::json!({
                "accion": "eliminado",
                "periodo": row.id,
                "nombre": row.nombre,
            }),
            subjects: vec![record::user_subject(&me)],
            audience: Audience::Family,
        },
    )
    .await?;
    let wake = publish_change(
        &txn,
        &familia_id,
        CustodySubject::Part(CustodyPart::Periods),
    )
    .await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(PeriodAnswer {
        success: true,
        data: row.into(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(desde: &str, hasta: &str, anual: bool) -> periodo::Model {
        periodo::Model {
            id: "p".into(),
            familia_id: "f".into(),
            nombre: "n".into(),
            desde: desde.parse().expect("date"),
            hasta: hasta.parse().expect("date"),
            modo: "alterna".into(),
            usuario_id: "u".into(),
            anual,
            creado_por: None,
            created_at: Utc::now(),
        }
    }

    fn at(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    #[test]
    fn a_yearly_period_across_new_year_belongs_to_the_year_it_starts_in() {
        let p = period("2026-12-24", "2027-01-01", true);
        assert_eq!(placed(&p, at("2026-12-23")), None);
        assert_eq!(
            placed(&p, at("2027-12-31")),
            Some(Placed {
                year: 2027,
                night: 7,
                nights: 9
            })
        );
        assert_eq!(
            placed(&p, at("2028-01-01")),
            Some(Placed {
                year: 2027,
                night: 8,
                nights: 9
            })
        );
        // Never before the first occurrence.
        assert_eq!(placed(&p, at("2026-01-01")), None);
    }

    #[test]
    fn a_one_off_period_happens_once() {
        let p = period("2026-07-13", "2026-07-24", false);
        assert_eq!(
            placed(&p, at("2026-07-13")),
            Some(Placed {
                year: 2026,
                night: 0,
                nights: 12
            })
        );
        assert_eq!(placed(&p, at("2027-07-13")), None);
    }
}
