//! `/api/familias/{id}/cuotas`: setting up an agreement, the family's list, one agreement with
//! its dues, history and payments, and its changes (active or not, end date, notes).

use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    acts,
    amounts::{self, amount},
    coparents, currency, dues,
    entities::{ajuste, cuota, vencimiento},
    input::{date_field, text_field},
    lock,
    notice::{self, Step},
    proposals, publish,
    store::{Change, apply_change, find},
    subjects, today_in,
    views::{
        AgreementAnswer, AgreementList, AgreementListAnswer, TermsChange, agreement_view, detail,
        pending_of,
    },
    vocabulary::{AdjustmentKind, AgreementMode, SupportProposalKind},
};
use crate::families::{Changes, Reads};
use crate::money::access::Money;
use crate::{
    domain,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::record::{self, Act, Audience},
    i18n::Msg,
    ids::{self, FamilyId},
    platform::live::Wake,
    request::Json,
    state::AppState,
    vocabulary::ClosedSet,
};

const NOTES_MAX_CHARS: usize = 2000;
const MAX_CHILDREN: usize = 20;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgreementInput {
    /// The co-parent who pays.
    #[schema(value_type = String)]
    pub pagador: Option<Value>,
    /// The co-parent who receives.
    #[schema(value_type = String)]
    pub beneficiario: Option<Value>,
    /// ISO 4217.
    #[schema(value_type = String, pattern = "^[A-Z]{3}$", example = "ARS")]
    pub moneda: Option<Value>,
    /// `monto` (a fixed monthly amount) or `porcentaje` (of the payer's stated income).
    #[schema(value_type = AgreementMode)]
    pub modo: Option<Value>,
    /// Modo monto: minor units a month, 1 to 10^12 (an integer).
    #[schema(value_type = Option<i64>)]
    pub monto: Option<Value>,
    /// Modo porcentaje: 0.01 to 100, up to two decimals.
    #[schema(value_type = Option<f64>)]
    pub porcentaje: Option<Value>,
    /// Modo porcentaje: the payer's stated monthly income, minor units.
    #[schema(value_type = Option<i64>)]
    pub ingreso_declarado: Option<Value>,
    /// 1 to 28.
    #[schema(value_type = i32, minimum = 1, maximum = 28)]
    pub dia_vencimiento: Option<Value>,
    /// `YYYY-MM-DD`.
    #[schema(value_type = crate::fields::Day)]
    pub desde: Option<Value>,
    /// `YYYY-MM-DD`, on or after `desde`.
    #[schema(value_type = Option<crate::fields::Day>)]
    pub hasta: Option<Value>,
    #[schema(value_type = Option<Vec<String>>)]
    pub hijos: Option<Value>,
    #[schema(format = "multi-line", value_type = Option<String>, max_length = 2000)]
    pub notas: Option<Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgreementChange {
    #[schema(value_type = Option<bool>)]
    pub activa: Option<Value>,
    /// `YYYY-MM-DD`, or null for no end.
    #[schema(value_type = Option<String>)]
    #[serde(default, deserialize_with = "present")]
    pub hasta: Option<Value>,
    /// Text, or null to clear.
    #[schema(format = "multi-line", value_type = Option<String>, max_length = 2000)]
    #[serde(default, deserialize_with = "present")]
    pub notas: Option<Value>,
}

/// Tells a field sent as null (`Some(Value::Null)`) from one left out (`None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// The family's agreements, the active ones first, newest first.
#[utoipa::path(get, path = "/familias/{id}/cuotas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = AgreementListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
    ))]
pub async fn list_agreements(
    State(state): State<AppState>,
    access: Reads<Money>,
) -> ApiResult<Json<AgreementListAnswer>> {
    let familia_id = &access.family.id;
    let rows = cuota::Entity::find()
        .filter(cuota::Column::FamiliaId.eq(familia_id))
        .order_by_desc(cuota::Column::Activa)
        .order_by_desc(cuota::Column::CreadaEn)
        .order_by_desc(cuota::Column::Id)
        .all(&state.db)
        .await?;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut histories: HashMap<String, Vec<ajuste::Model>> = HashMap::new();
    for a in ajuste::Entity::find()
        .filter(ajuste::Column::CuotaId.is_in(ids.clone()))
        .order_by_asc(ajuste::Column::Desde)
        .order_by_asc(ajuste::Column::CreadoEn)
        .all(&state.db)
        .await?
    {
        histories.entry(a.cuota_id.clone()).or_default().push(a);
    }
    let pending = pending_of(&state.db, ids.clone()).await?;
    let mut dues_of: HashMap<String, Vec<vencimiento::Model>> = HashMap::new();
    for d in vencimiento::Entity::find()
        .filter(vencimiento::Column::CuotaId.is_in(ids))
        .order_by_asc(vencimiento::Column::Vence)
        .all(&state.db)
        .await?
    {
        dues_of.entry(d.cuota_id.clone()).or_default().push(d);
    }
    let today = today_in(&access.family.zona_horaria, Utc::now());
    let cuotas = rows
        .iter()
        .map(|r| {
            agreement_view(
                r,
                histories.get(&r.id).map_or(&[][..], Vec::as_slice),
                dues_of.get(&r.id).map_or(&[][..], Vec::as_slice),
                pending.get(&r.id),
                today,
            )
        })
        .collect();
    Ok(Json(AgreementListAnswer {
        success: true,
        data: AgreementList { cuotas },
    }))
}

fn person(value: Option<&Value>, members: &[String]) -> Result<String, Msg> {
    value
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|id| members.iter().any(|m| m == id))
        .map(str::to_owned)
        .ok_or(Msg::SupportPersonInvalid)
}

async fn children(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    value: Option<&Value>,
) -> Result<Result<Vec<String>, Msg>, DbErr> {
    let list = match value {
        None | Some(Value::Null) => return Ok(Ok(Vec::new())),
        Some(Value::Array(items)) => items,
        Some(_) => return Ok(Err(Msg::SupportChildInvalid)),
    };
    let mut ids = Vec::with_capacity(list.len());
    for item in list {
        match item.as_str() {
            Some(id) => ids.push(id.trim().to_owned()),
            None => return Ok(Err(Msg::SupportChildInvalid)),
        }
    }
    ids.sort();
    ids.dedup();
    if ids.len() > MAX_CHILDREN || !domain::children_of_family(db, familia_id, &ids).await? {
        return Ok(Err(Msg::SupportChildInvalid));
    }
    Ok(Ok(ids))
}

/// An agreement that passed its checks.
struct Checked {
    pagador: String,
    beneficiario: String,
    moneda: String,
    modo: AgreementMode,
    monto: i64,
    porcentaje_pb: Option<i64>,
    ingreso: Option<i64>,
    dia: i32,
    desde: NaiveDate,
    hasta: Option<NaiveDate>,
    hijos: Vec<String>,
    notas: Option<String>,
}

async fn check(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    body: AgreementInput,
) -> ApiResult<Checked> {
    let members = coparents(db, familia_id).await?;
    let mut errors = FieldErrors::default();
    let pagador = errors.check("pagador", person(body.pagador.as_ref(), &members));
    let beneficiario = errors.check("beneficiario", person(body.beneficiario.as_ref(), &members));
    if pagador.is_some() && pagador == beneficiario {
        errors.add("beneficiario", Msg::SupportSamePerson);
    }
    let moneda = errors.check(
        "moneda",
        currency(body.moneda.as_ref().and_then(Value::as_str)).ok_or(Msg::SupportCurrencyInvalid),
    );
    // Taken as sent, untrimmed: a mode with spaces around it has always been refused.
    let modo = errors.check(
        "modo",
        body.modo
            .as_ref()
            .and_then(Value::as_str)
            .and_then(AgreementMode::from_wire)
            .ok_or(Msg::SupportModeInvalid),
    );
    let (mut monto, mut porcentaje_pb, mut ingreso) = (None, None, None);
    match modo {
        Some(AgreementMode::Amount) => {
            monto = errors.check(
                "monto",
                amount(body.monto.as_ref(), Msg::SupportAmountInvalid),
            );
        }
        Some(AgreementMode::Percentage) => {
            porcentaje_pb = errors.check(
                "porcentaje",
                amounts::basis_points(body.porcentaje.as_ref(), 1, 10_000),
            );
            ingreso = errors.check(
                "ingresoDeclarado",
                amount(body.ingreso_declarado.as_ref(), Msg::SupportIncomeRequired),
            );
            if let (Some(bp), Some(i)) = (porcentaje_pb, ingreso) {
                monto = errors.check("porcentaje", amounts::share_of_income(i, bp));
            }
        }
        None => {}
    }
    let dia = errors.check(
        "diaVencimiento",
        body.dia_vencimiento
            .as_ref()
            .and_then(Value::as_i64)
            .filter(|d| (1..=28).contains(d))
            .and_then(|d| i32::try_from(d).ok())
            .ok_or(Msg::SupportDayInvalid),
    );
    let desde = errors.check("desde", date_field(body.desde.as_ref()));
    let hasta = match &body.hasta {
        None | Some(Value::Null) => None,
        Some(v) => errors.check("hasta", date_field(Some(v))),
    };
    if let (Some(d), Some(h)) = (desde, hasta)
        && h < d
    {
        errors.add("hasta", Msg::DateRangeInverted);
    }
    let hijos = errors.check(
        "hijos",
        children(db, familia_id, body.hijos.as_ref()).await?,
    );
    let notas = errors.check("notas", text_field(body.notas, NOTES_MAX_CHARS, true));
    errors.into_result()?;
    let missing = || ApiError::internal("an agreement's check passed with a field missing");
    Ok(Checked {
        pagador: pagador.ok_or_else(missing)?,
        beneficiario: beneficiario.ok_or_else(missing)?,
        moneda: moneda.ok_or_else(missing)?,
        modo: modo.ok_or_else(missing)?,
        monto: monto.ok_or_else(missing)?,
        porcentaje_pb,
        ingreso,
        dia: dia.ok_or_else(missing)?,
        desde: desde.ok_or_else(missing)?,
        hasta,
        hijos: hijos.ok_or_else(missing)?,
        notas: notas.ok_or_else(missing)?,
    })
}

/// Set up child support between two co-parents. Dues of months already begun are made at once.
#[utoipa::path(post, path = "/familias/{id}/cuotas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = AgreementInput,
    responses(
        (status = 201, body = AgreementAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a field is missing or wrong: amounts are integers from 1 to 10^12, the currency an ISO 4217 code, the due day 1 to 28, payer and payee two current co-parents", body = ErrorBody),
    ))]
pub async fn create_agreement(
    State(state): State<AppState>,
    access: Changes<Money>,
    Json(body): Json<AgreementInput>,
) -> ApiResult<(StatusCode, Json<AgreementAnswer>)> {
    let familia_id = access.family.id.clone();
    let me = access.auth.user.id.clone();
    let input = check(&state.db, &access.family_id(), body).await?;
    let now = Utc::now();
    let today = today_in(&access.family.zona_horaria, now);
    let row = cuota::Model {
        id: ids::new_id(),
        familia_id: familia_id.clone(),
        pagador_id: Some(input.pagador),
        beneficiario_id: Some(input.beneficiario),
        moneda: input.moneda,
        modo: input.modo.into(),
        monto: input.monto,
        porcentaje_pb: input.porcentaje_pb,
        ingreso_declarado: input.ingreso,
        dia_vencimiento: input.dia,
        desde: input.desde,
        hasta: input.hasta,
        generar_desde: input.desde,
        activa: true,
        hijos: serde_json::to_string(&input.hijos).map_err(ApiError::internal)?,
        notas: input.notas,
        credito: 0,
        creada_por: Some(me.clone()),
        creada_en: now,
        actualizada_en: now,
    };
    let first = ajuste::Model {
        id: ids::new_id(),
        cuota_id: row.id.clone(),
        desde: row.desde,
        tipo: AdjustmentKind::Initial.into(),
        porcentaje_pb: None,
        indice_anterior: None,
        indice_nuevo: None,
        ingreso_declarado: row.ingreso_declarado,
        monto_anterior: None,
        monto: row.monto,
        creado_por: Some(me.clone()),
        creado_en: now,
    };
    let txn = state.db.begin().await?;
    cuota::Entity::insert(cuota::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await?;
    ajuste::Entity::insert(ajuste::ActiveModel::from(first))
        .exec_without_returning(&txn)
        .await?;
    record::append(
        &txn,
        &familia_id,
        Act {
            kind: acts::CREATED,
            actor: Some(&me),
            content: serde_json::json!({
                "cuota": row.id,
                "pagador": row.pagador_id,
                "beneficiario": row.beneficiario_id,
                "moneda": row.moneda,
                "modo": row.modo,
                "monto": row.monto,
                "porcentaje": row.porcentaje_pb.map(|bp| bp as f64 / 100.0),
                "ingresoDeclarado": row.ingreso_declarado,
                "diaVencimiento": row.dia_vencimiento,
                "desde": row.desde,
                "hasta": row.hasta,
                "hijos": input.hijos,
                "notas": row.notas,
            }),
            subjects: subjects(&row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    dues::make_missing(&txn, &row, today, now).await?;
    let others = notice::other_party(&txn, &row, &me).await?;
    let told = notice::tell(&txn, &row, &me, &others, Step::Created).await?;
    let live = publish(&txn, &FamilyId::new(familia_id), &row.id).await?;
    let data = detail(&txn, &row, today).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok((
        StatusCode::CREATED,
        Json(AgreementAnswer {
            success: true,
            data,
        }),
    ))
}

/// One agreement with its dues (oldest first), the history of its amount and its payments.
#[utoipa::path(get, path = "/familias/{id}/cuotas/{cuotaId}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path)),
    responses(
        (status = 200, body = AgreementAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_agreement(
    State(state): State<AppState>,
    access: Reads<Money>,
    Path((_familia, cuota_id)): Path<(String, String)>,
) -> ApiResult<Json<AgreementAnswer>> {
    let row = find(&state.db, &access, &cuota_id).await?;
    let today = today_in(&access.family.zona_horaria, Utc::now());
    Ok(Json(AgreementAnswer {
        success: true,
        data: detail(&state.db, &row, today).await?,
    }))
}

/// Pause or resume an agreement (`activa`; a paused one makes no dues, and resuming owes
/// nothing for the pause), end it (`hasta`, null for no end) or change its notes. The payer's
/// pause or earlier end waits for the payee (202, the agreement with its `propuesta`); the rest
/// applies at once. A co-parent who is neither side may change only the notes.
#[utoipa::path(put, path = "/familias/{id}/cuotas/{cuotaId}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path)),
    request_body = AgreementChange,
    responses(
        (status = 200, body = AgreementAnswer),
        (status = 202, description = "what lowers it waits for the payee as `propuesta`; the rest applied", body = AgreementAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_change_not_party`: neither side pausing, resuming or ending it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`support_proposal_pending`: another proposal waits; nothing changed", body = ErrorBody),
        (status = 422, description = "activa not a boolean, hasta not a date on or after desde, notes too long", body = ErrorBody),
    ))]
pub async fn update_agreement(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id)): Path<(String, String)>,
    Json(body): Json<AgreementChange>,
) -> ApiResult<(StatusCode, Json<AgreementAnswer>)> {
    let found = find(&state.db, &access, &cuota_id).await?;
    let mut errors = FieldErrors::default();
    let activa = match &body.activa {
        None => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(_) => {
            errors.add("activa", Msg::SupportActiveInvalid);
            None
        }
    };
    let hasta = match &body.hasta {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => errors.check("hasta", date_field(Some(v))).map(Some),
    };
    if let Some(Some(h)) = hasta
        && h < found.desde
    {
        errors.add("hasta", Msg::DateRangeInverted);
    }
    let notas = match body.notas {
        None => None,
        some => errors.check("notas", text_field(some, NOTES_MAX_CHARS, true)),
    };
    errors.into_result()?;
    let me = access.auth.user.id.clone();
    let now = Utc::now();
    let today = today_in(&access.family.zona_horaria, now);
    let txn = state.db.begin().await?;
    let before = lock(&txn, &FamilyId::new(&access.family.id), &cuota_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // Each part that moves money applies at once or waits for whoever it goes against.
    let mut at_once = Change {
        notas,
        ..Change::default()
    };
    let mut later = TermsChange::default();
    let mut responde = None;
    if let Some(a) = activa.filter(|a| *a != before.activa) {
        let part = TermsChange {
            activa: Some(a),
            ..TermsChange::default()
        };
        let direction = proposals::direction_of_change(&before, &part);
        match proposals::consent_of(&txn, &before, &me, direction).await? {
            Some(payee) => {
                later.activa = Some(a);
                responde = Some(payee);
            }
            None => at_once.activa = Some(a),
        }
    }
    if let Some(h) = hasta.filter(|h| *h != before.hasta) {
        let part = TermsChange {
            activa: None,
            cambia_hasta: true,
            hasta: h,
        };
        let direction = proposals::direction_of_change(&before, &part);
        match proposals::consent_of(&txn, &before, &me, direction).await? {
            Some(payee) => {
                later.cambia_hasta = true;
                later.hasta = h;
                responde = Some(payee);
            }
            None => at_once.hasta = Some(h),
        }
    }
    let mut wake = Wake::default();
    let mut status = StatusCode::OK;
    if let Some(payee) = responde {
        let cambios = serde_json::to_string(&later).map_err(ApiError::internal)?;
        wake = proposals::propose(
            &txn,
            &before,
            &me,
            &payee,
            SupportProposalKind::Change,
            cambios,
        )
        .await?;
        status = StatusCode::ACCEPTED;
    }
    let (changed, applied) = apply_change(&txn, &before, &at_once, &me, today, now, None).await?;
    if changed.is_none() && status == StatusCode::OK {
        txn.rollback().await?;
        return Ok((
            status,
            Json(AgreementAnswer {
                success: true,
                data: detail(&state.db, &before, today).await?,
            }),
        ));
    }
    let row = changed.unwrap_or(before);
    let data = detail(&txn, &row, today).await?;
    txn.commit().await?;
    state.wake(wake.join(applied));
    Ok((
        status,
        Json(AgreementAnswer {
            success: true,
            data,
        }),
    ))
}
