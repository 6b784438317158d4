//! Adjusting an agreement's amount from a date: by a percentage, or by the ratio of two index
//! values typed in (inflation), or, for an agreement that is a percentage of income, by a new
//! stated income. In that mode a percentage or an index moves the stated income, and the amount
//! follows from it. Dues already made keep their amount; the history keeps every step.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{EntityTrait, TransactionTrait};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    amounts::{self, amount},
    dues,
    entities::{ajuste, cuota},
    input::date_field,
    lock,
    proposals::{self, Direction, consent_of},
    store::{ProposedStep, apply, find, latest},
    today_in,
    views::{AgreementAnswer, detail},
    vocabulary::{AdjustmentKind, AgreementMode, SupportProposalKind},
};
use crate::families::Changes;
use crate::ids::FamilyId;
use crate::money::access::Money;
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::Msg,
    ids,
    request::Json,
    state::AppState,
};

/// A percentage adjustment goes from -99.99 % to +1000 %.
const MIN_BP: i64 = -9_999;
const MAX_BP: i64 = 100_000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentInput {
    /// `YYYY-MM-DD`: the amount changes for dues from this date on.
    #[schema(value_type = crate::fields::Day)]
    pub desde: Option<Value>,
    /// A change in percent, up to two decimals (-99.99 to 1000; 12.5 raises by 12.5 %).
    #[schema(value_type = Option<f64>)]
    pub porcentaje: Option<Value>,
    /// With `indiceNuevo`: the amount becomes monto × indiceNuevo / indiceAnterior.
    #[schema(value_type = Option<f64>)]
    pub indice_anterior: Option<Value>,
    #[schema(value_type = Option<f64>)]
    pub indice_nuevo: Option<Value>,
    /// Modo porcentaje only: the payer's new stated monthly income, minor units.
    #[schema(value_type = Option<i64>)]
    pub ingreso_declarado: Option<Value>,
}

/// What the body asks for.
enum How {
    Percentage(i64),
    Index(i128, i128),
    Income(i64),
}

fn how(body: &AdjustmentInput, modo: &str) -> Result<How, (&'static str, Msg)> {
    let given = |v: &Option<Value>| v.as_ref().is_some_and(|v| !v.is_null());
    let shapes = [
        given(&body.porcentaje),
        given(&body.indice_anterior) || given(&body.indice_nuevo),
        given(&body.ingreso_declarado),
    ];
    if shapes.iter().filter(|s| **s).count() != 1
        || (shapes[2] && modo != AgreementMode::Percentage.as_str())
    {
        return Err(("porcentaje", Msg::SupportAdjustmentShape));
    }
    if shapes[0] {
        let bp = amounts::basis_points(body.porcentaje.as_ref(), MIN_BP, MAX_BP)
            .map_err(|m| ("porcentaje", m))?;
        return Ok(How::Percentage(bp));
    }
    if shapes[1] {
        let anterior =
            amounts::index(body.indice_anterior.as_ref()).map_err(|m| ("indiceAnterior", m))?;
        let nuevo = amounts::index(body.indice_nuevo.as_ref()).map_err(|m| ("indiceNuevo", m))?;
        return Ok(How::Index(anterior, nuevo));
    }
    amount(body.ingreso_declarado.as_ref(), Msg::SupportIncomeRequired)
        .map(How::Income)
        .map_err(|m| ("ingresoDeclarado", m))
}

/// The step `asked` makes from `latest`, from `desde`, by `me` at `now`.
fn compute(
    row: &cuota::Model,
    latest: &ajuste::Model,
    asked: How,
    desde: NaiveDate,
    me: &str,
    now: DateTime<Utc>,
) -> ApiResult<ajuste::Model> {
    let by_income = row.modo == AgreementMode::Percentage.as_str();
    let base_income = latest.ingreso_declarado.or(row.ingreso_declarado);
    let share = row.porcentaje_pb.unwrap_or(0);
    let mut step = ajuste::Model {
        id: ids::new_id(),
        cuota_id: row.id.clone(),
        desde,
        tipo: String::new(),
        porcentaje_pb: None,
        indice_anterior: None,
        indice_nuevo: None,
        ingreso_declarado: None,
        monto_anterior: Some(latest.monto),
        monto: latest.monto,
        creado_por: Some(me.to_owned()),
        creado_en: now,
    };
    // In modo porcentaje the percentage or index moves the income; the amount follows.
    let field = |f: &'static str| move |m: Msg| ApiError::field(f, m);
    match asked {
        How::Percentage(bp) => {
            step.tipo = AdjustmentKind::Percentage.into();
            step.porcentaje_pb = Some(bp);
            if by_income {
                let income = amounts::by_percentage(base_income.unwrap_or(0), bp)
                    .map_err(field("porcentaje"))?;
                step.ingreso_declarado = Some(income);
                step.monto =
                    amounts::share_of_income(income, share).map_err(field("porcentaje"))?;
            } else {
                step.monto =
                    amounts::by_percentage(latest.monto, bp).map_err(field("porcentaje"))?;
            }
        }
        How::Index(anterior, nuevo) => {
            step.tipo = AdjustmentKind::Index.into();
            step.indice_anterior = Some(amounts::index_text(anterior));
            step.indice_nuevo = Some(amounts::index_text(nuevo));
            if by_income {
                let income = amounts::by_index(base_income.unwrap_or(0), anterior, nuevo)
                    .map_err(field("indiceNuevo"))?;
                step.ingreso_declarado = Some(income);
                step.monto =
                    amounts::share_of_income(income, share).map_err(field("indiceNuevo"))?;
            } else {
                step.monto = amounts::by_index(latest.monto, anterior, nuevo)
                    .map_err(field("indiceNuevo"))?;
            }
        }
        How::Income(income) => {
            step.tipo = AdjustmentKind::Income.into();
            step.ingreso_declarado = Some(income);
            step.monto =
                amounts::share_of_income(income, share).map_err(field("ingresoDeclarado"))?;
        }
    }
    Ok(step)
}

/// Change the amount from a date, keeping the history. Dues already made keep their amount. A
/// payer's change that lowers it waits for the payee (202, the agreement with its `propuesta`).
#[utoipa::path(post, path = "/familias/{id}/cuotas/{cuotaId}/ajustes", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path)),
    request_body = AdjustmentInput,
    responses(
        (status = 201, description = "the agreement, with the new step in its history", body = AgreementAnswer),
        (status = 202, description = "it lowers the amount and was asked by the payer: proposed to the payee", body = AgreementAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_change_not_party`: neither its payer nor its payee", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`support_proposal_pending`: another proposal waits", body = ErrorBody),
        (status = 422, description = "not exactly one of a percentage, two index values or (modo porcentaje) an income; a date before the start or the latest adjustment; a result outside 1..10^12", body = ErrorBody),
    ))]
pub async fn adjust(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id)): Path<(String, String)>,
    Json(body): Json<AdjustmentInput>,
) -> ApiResult<(StatusCode, Json<AgreementAnswer>)> {
    let found = find(&state.db, &access, &cuota_id).await?;
    let mut errors = FieldErrors::default();
    let desde = errors.check("desde", date_field(body.desde.as_ref()));
    let asked = match how(&body, &found.modo) {
        Ok(h) => Some(h),
        Err((field, msg)) => {
            errors.add(field, msg);
            None
        }
    };
    errors.into_result()?;
    let (Some(desde), Some(asked)) = (desde, asked) else {
        return Err(ApiError::internal(
            "an adjustment's check passed without values",
        ));
    };
    let me = access.auth.user.id.clone();
    let now = Utc::now();
    let today = today_in(&access.family.zona_horaria, now);
    let txn = state.db.begin().await?;
    let row = lock(&txn, &FamilyId::new(&access.family.id), &cuota_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let history = dues::history(&txn, &row.id).await?;
    let Some(latest) = latest(&history) else {
        return Err(ApiError::internal("an agreement without its first amount"));
    };
    if desde < row.desde || desde < latest.desde {
        return Err(ApiError::field("desde", Msg::SupportAdjustmentTooEarly));
    }
    let step = compute(&row, latest, asked, desde, &me, now)?;
    let direction = match step.monto.cmp(&latest.monto) {
        std::cmp::Ordering::Less => Direction::Lower,
        std::cmp::Ordering::Greater => Direction::Raise,
        std::cmp::Ordering::Equal => Direction::Same,
    };
    let (status, wake) = match consent_of(&txn, &row, &me, direction).await? {
        Some(payee) => {
            let cambios = serde_json::to_string(&ProposedStep::of(&step, &latest.id))
                .map_err(ApiError::internal)?;
            let wake = proposals::propose(
                &txn,
                &row,
                &me,
                &payee,
                SupportProposalKind::Adjustment,
                cambios,
            )
            .await?;
            (StatusCode::ACCEPTED, wake)
        }
        None => (
            StatusCode::CREATED,
            apply(&txn, &row, &step, &me, None).await?,
        ),
    };
    let row = cuota::Entity::find_by_id(&row.id)
        .one(&txn)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let data = detail(&txn, &row, today).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        status,
        Json(AgreementAnswer {
            success: true,
            data,
        }),
    ))
}
