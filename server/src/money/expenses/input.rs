//! An expense as asked for, and its checks: the fields, the split, the children, and what a new
//! one asks besides (to repeat monthly, an insurer that refunds part).

use chrono::NaiveDate;
use sea_orm::ConnectionTrait;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::{
    domain,
    error::{ApiError, ApiResult, FieldErrors},
    families::entities::familia,
    fields,
    i18n::Msg,
    ids::FamilyId,
    money::{
        access::coparents,
        input, settings,
        split::{self, Split},
        vocabulary::{ExpenseCategory, ExpenseState},
    },
    vocabulary,
};

pub(super) const DESCRIPTION_MAX_CHARS: usize = 200;
pub(super) const NOTES_MAX_CHARS: usize = 2000;
pub(super) const MAX_CHILDREN: usize = 20;
pub(super) const PAGE: u64 = 50;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseInput {
    /// One of the caller's families (ignored when editing).
    pub familia_id: Option<String>,
    /// 1 to 200 characters.
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    pub descripcion: Option<String>,
    /// Minor units: a whole number from 1 to 10^12 (a float is refused).
    #[schema(value_type = i64, minimum = 1, maximum = 1e12)]
    pub monto: Option<Value>,
    /// ISO 4217; left out: the family's currency.
    #[schema(pattern = "^[A-Z]{3}$", example = "ARS")]
    pub moneda: Option<String>,
    /// `YYYY-MM-DD`.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub fecha: Option<String>,
    /// educacion, salud, actividades, ropa-calzado, alimentacion, transporte, entretenimiento,
    /// emergencias or otros.
    #[schema(required = true, value_type = ExpenseCategory)]
    pub categoria: Option<String>,
    /// A co-parent; left out: the caller.
    pub pagado_por: Option<String>,
    #[schema(value_type = Split)]
    pub reparto: Option<Value>,
    /// The family's children it is for.
    #[schema(value_type = Option<Vec<String>>)]
    pub hijos: Option<Value>,
    /// Up to 2000 characters.
    #[schema(format = "multi-line", max_length = 2000)]
    pub notas: Option<String>,
    /// Makes it monthly (when adding): each month on the same day, the month's last when
    /// shorter, until `hasta` if given.
    #[schema(value_type = Option<RecurrenceInput>)]
    pub recurrencia: Option<Value>,
    /// A health insurer will refund part of it (when adding).
    #[schema(value_type = Option<InsurerInput>)]
    pub reintegro: Option<Value>,
}

/// `recurrencia` of a new expense.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RecurrenceInput {
    /// `YYYY-MM-DD`: no expense after it.
    #[schema(value_type = Option<crate::fields::Day>)]
    pub hasta: Option<String>,
}

/// `reintegro` of a new expense.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InsurerInput {
    /// The obra social or prepaga: 1 to 200 characters.
    #[schema(format = "one-line", min_length = 1, max_length = 200, pattern = r"\S")]
    pub entidad: String,
}

pub(super) const INSURER_MAX_CHARS: usize = 200;

/// What a new expense asks besides itself: to repeat monthly (until a date), an insurer.
pub(super) struct Extras {
    pub(super) recurrence: Option<Option<NaiveDate>>,
    pub(super) insurer: Option<String>,
}

pub(super) fn extras(body: &ExpenseInput, fecha: Option<NaiveDate>) -> ApiResult<Extras> {
    let recurrence = match &body.recurrencia {
        None | Some(Value::Null) => None,
        Some(Value::Object(map)) => match map.get("hasta") {
            None | Some(Value::Null) => Some(None),
            Some(Value::String(h)) => match (input::date(Some(h)), fecha) {
                (Ok(hasta), Some(fecha)) if hasta >= fecha => Some(Some(hasta)),
                (Ok(_), None) => Some(None),
                _ => {
                    return Err(ApiError::field(
                        "recurrencia.hasta",
                        Msg::MoneyRecurrenceInvalid,
                    ));
                }
            },
            Some(_) => {
                return Err(ApiError::field(
                    "recurrencia.hasta",
                    Msg::MoneyRecurrenceInvalid,
                ));
            }
        },
        Some(_) => return Err(ApiError::field("recurrencia", Msg::MoneyRecurrenceInvalid)),
    };
    let insurer = match &body.reintegro {
        None | Some(Value::Null) => None,
        Some(value) => {
            let entidad = value
                .get("entidad")
                .and_then(Value::as_str)
                .map(str::to_owned);
            Some(
                fields::text(entidad, INSURER_MAX_CHARS, Msg::MoneyInsurerRequired)
                    .map_err(|_| ApiError::field("reintegro.entidad", Msg::MoneyInsurerRequired))?,
            )
        }
    };
    Ok(Extras {
        recurrence,
        insurer,
    })
}

/// An expense that passed its checks.
pub struct Checked {
    pub descripcion: String,
    pub monto: i64,
    pub moneda: String,
    pub fecha: NaiveDate,
    pub categoria: ExpenseCategory,
    pub pagado_por: String,
    pub reparto: Split,
    pub partes: Vec<(String, i64)>,
    pub hijos: Vec<String>,
    pub notas: Option<String>,
}

/// Checks an expense of `family` added by `me`.
pub async fn check(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    me: &str,
    body: ExpenseInput,
) -> ApiResult<Checked> {
    let members = coparents(db, &family.id).await?;
    let saved = settings::load(db, family).await?;
    let mut errors = FieldErrors::default();
    let descripcion = errors.check(
        "descripcion",
        fields::text(
            body.descripcion,
            DESCRIPTION_MAX_CHARS,
            Msg::MoneyDescriptionRequired,
        )
        .map_err(|_| Msg::MoneyDescriptionRequired),
    );
    let monto = errors.check("monto", input::amount(body.monto.as_ref()));
    let moneda = match body.moneda.as_deref() {
        None => Some(saved.moneda.clone()),
        Some(m) => errors.check("moneda", input::currency(Some(m))),
    };
    let fecha = errors.check("fecha", input::date(body.fecha.as_deref()));
    let categoria = errors.check(
        "categoria",
        vocabulary::one_of(
            body.categoria.as_deref().unwrap_or_default(),
            Msg::MoneyCategoryInvalid,
        ),
    );
    let pagado_por = body
        .pagado_por
        .as_deref()
        .map(str::trim)
        .unwrap_or(me)
        .to_owned();
    if !members.contains(&pagado_por) {
        errors.add("pagadoPor", Msg::MoneyNotCoparent);
    }
    let shares = split::check(
        body.reparto.as_ref(),
        monto,
        &pagado_por,
        &members,
        &saved.ingresos,
        &mut errors,
    );
    let hijos = match body.hijos {
        None | Some(Value::Null) => Some(Vec::new()),
        Some(Value::Array(items)) => {
            let mut hijos: Vec<String> = Vec::with_capacity(items.len());
            let mut ok = items.len() <= MAX_CHILDREN;
            for item in items {
                match item.as_str() {
                    Some(id) => hijos.push(id.trim().to_owned()),
                    None => ok = false,
                }
            }
            hijos.sort();
            hijos.dedup();
            if ok && domain::children_of_family(db, &FamilyId::new(&family.id), &hijos).await? {
                Some(hijos)
            } else {
                errors.add("hijos", Msg::MoneyChildInvalid);
                None
            }
        }
        Some(_) => {
            errors.add("hijos", Msg::MoneyChildInvalid);
            None
        }
    };
    let notas = errors.check(
        "notas",
        fields::optional_multiline_text(body.notas, NOTES_MAX_CHARS),
    );
    errors.into_result()?;
    let missing = || ApiError::internal("an expense's check passed with a field missing");
    let shares = shares.ok_or_else(missing)?;
    Ok(Checked {
        descripcion: descripcion.ok_or_else(missing)?,
        monto: monto.ok_or_else(missing)?,
        moneda: moneda.ok_or_else(missing)?,
        fecha: fecha.ok_or_else(missing)?,
        categoria: categoria.ok_or_else(missing)?,
        pagado_por,
        reparto: shares.reparto,
        partes: shares.partes,
        hijos: hijos.ok_or_else(missing)?,
        notas: notas.ok_or_else(missing)?,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExpenseListQuery {
    /// One of the caller's families.
    #[param(required = true, value_type = String)]
    pub(super) familia_id: Option<String>,
    /// pendiente, aprobado, rechazado, disputado or retirado.
    #[param(value_type = Option<ExpenseState>)]
    pub(super) estado: Option<String>,
    #[param(value_type = Option<ExpenseCategory>)]
    pub(super) categoria: Option<String>,
    /// Only expenses for this child.
    pub(super) hijo_id: Option<String>,
    /// `YYYY-MM-DD`: expenses dated on or after it.
    #[param(value_type = Option<crate::fields::Day>)]
    pub(super) desde: Option<String>,
    /// `YYYY-MM-DD`: expenses dated on or before it.
    #[param(value_type = Option<crate::fields::Day>)]
    pub(super) hasta: Option<String>,
    /// The `siguiente` of the previous page.
    pub(super) cursor: Option<String>,
}

pub(super) fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}
