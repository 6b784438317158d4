//! `GET /api/familias/{id}/custodia/feriados`: the national holidays of Argentina or Spain in a
//! year, as suggestions for holiday periods. The dates come from the `holidays` crate (generated
//! from the python-holidays project's data), never typed here.

use std::{collections::BTreeMap, sync::LazyLock};

use axum::extract::{Query, State};
use chrono::NaiveDate;
use holidays::Country;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::calendar::access::Calendar;
use crate::families::Reads;
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::Msg,
    request::Json,
    state::AppState,
};

/// The years the holiday data covers.
pub const FIRST_YEAR: i32 = 2000;
pub const LAST_YEAR: i32 = 2030;

type Table = holidays::HolidayMap;

/// Built once: two countries over the covered years.
static TABLE: LazyLock<Option<Table>> = LazyLock::new(|| {
    holidays::Builder::new()
        .countries(&[Country::AR, Country::ES])
        .years(FIRST_YEAR..LAST_YEAR + 1)
        .build()
        .map_err(|err| tracing::error!(error = %err, "holiday data unreadable"))
        .ok()
});

crate::closed_set! {
    /// The countries whose national holidays are suggested.
    pub enum HolidayCountry {
        Argentina = "AR",
        Spain = "ES",
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HolidayQuery {
    /// 2000 to 2030.
    #[param(required = true, value_type = String, pattern = "^(20[0-2][0-9]|2030)$")]
    pub anio: Option<String>,
    /// AR or ES.
    #[param(required = true, value_type = HolidayCountry)]
    pub pais: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Holiday {
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    /// The holiday's name as the holiday data gives it: in the country's language, then in
    /// English between brackets ("Año Nuevo [New Year's Day]"); two holidays on one day are
    /// joined by a comma.
    pub nombre: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HolidayAnswer {
    pub success: bool,
    pub data: Vec<Holiday>,
}

/// The national holidays of `pais` in `anio`, by date.
pub fn national(pais: &str, anio: i32) -> Option<Vec<Holiday>> {
    let country = match <HolidayCountry as crate::vocabulary::ClosedSet>::from_wire(pais)? {
        HolidayCountry::Argentina => Country::AR,
        HolidayCountry::Spain => Country::ES,
    };
    let days: &BTreeMap<NaiveDate, holidays::Holiday> =
        TABLE.as_ref()?.get(&country)?.get(&anio)?;
    Some(
        days.values()
            .map(|h| Holiday {
                fecha: h.date,
                nombre: h.name.clone(),
            })
            .collect(),
    )
}

/// National holidays of Argentina (AR) or Spain (ES) in a year, as suggestions.
#[utoipa::path(get, path = "/familias/{id}/custodia/feriados", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), HolidayQuery),
    responses(
        (status = 200, body = HolidayAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a country other than AR or ES, or a year outside 2000-2030", body = ErrorBody),
    ))]
pub async fn get_holidays(
    State(_state): State<AppState>,
    _access: Reads<Calendar>,
    Query(query): Query<HolidayQuery>,
) -> ApiResult<Json<HolidayAnswer>> {
    let mut errors = FieldErrors::default();
    let pais = query
        .pais
        .as_deref()
        .map(|p| p.trim().to_ascii_uppercase())
        .unwrap_or_default();
    if pais != "AR" && pais != "ES" {
        errors.add("pais", Msg::CustodyHolidayCountryInvalid);
    }
    let anio = query
        .anio
        .as_deref()
        .and_then(|a| a.trim().parse::<i32>().ok())
        .filter(|a| (FIRST_YEAR..=LAST_YEAR).contains(a));
    if anio.is_none() {
        errors.add("anio", Msg::CustodyHolidayYearInvalid);
    }
    errors.into_result()?;
    let anio = anio.ok_or_else(|| ApiError::internal("year check passed without a year"))?;
    let data = national(&pais, anio).ok_or_else(|| ApiError::internal("holiday data missing"))?;
    Ok(Json(HolidayAnswer {
        success: true,
        data,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_countries_have_their_fixed_national_days() {
        let ar = national("AR", 2026).expect("AR 2026");
        let has = |list: &[Holiday], d: &str| list.iter().any(|h| h.fecha.to_string() == d);
        assert!(has(&ar, "2026-05-25"), "25 de Mayo");
        assert!(has(&ar, "2026-07-09"), "Independencia");
        let es = national("ES", 2026).expect("ES 2026");
        assert!(has(&es, "2026-10-12"), "Fiesta Nacional");
        assert!(has(&es, "2026-12-25"), "Navidad");
        assert!(national("FR", 2026).is_none());
    }
}
