//! How child support is shown: an agreement with its dues, the history of its amount, its
//! payments and the proposal waiting on it.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    dues::{self, DueView},
    entities::{ajuste, cuota, pago, propuesta, vencimiento},
    store::ProposedStep,
    vocabulary::{AdjustmentKind, AgreementMode, SupportProposalKind},
};
use crate::money::vocabulary::{PaymentState, ProposalState};

/// The next due: made already, or to be made on its date.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextDue {
    pub periodo: String,
    #[schema(value_type = String, format = Date)]
    pub vence: NaiveDate,
    pub monto: i64,
    pub pagado: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgreementView {
    pub id: String,
    pub familia_id: String,
    pub pagador: Option<String>,
    pub beneficiario: Option<String>,
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    #[schema(value_type = AgreementMode)]
    pub modo: String,
    /// The monthly amount in force today, minor units.
    pub monto: i64,
    /// Modo porcentaje: the share of the payer's income in force today.
    pub porcentaje: Option<f64>,
    /// Modo porcentaje: the payer's stated income in force today.
    pub ingreso_declarado: Option<i64>,
    pub dia_vencimiento: i32,
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
    #[schema(value_type = Option<String>, format = Date)]
    pub hasta: Option<NaiveDate>,
    pub activa: bool,
    pub hijos: Vec<String>,
    pub notas: Option<String>,
    pub proximo_vencimiento: Option<NextDue>,
    /// What is unpaid of the dues past their date.
    pub deuda: i64,
    /// Paid beyond every due made so far; taken by the next dues.
    pub credito: i64,
    /// A change that waits for one side's consent.
    pub propuesta: Option<SupportProposalView>,
    pub creada_en: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgreementDetail {
    #[serde(flatten)]
    pub cuota: AgreementView,
    /// Oldest first.
    pub vencimientos: Vec<DueView>,
    /// The amount's history, oldest first; the first is the starting amount.
    pub ajustes: Vec<AdjustmentView>,
    /// Newest first.
    pub pagos: Vec<SupportPaymentView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgreementList {
    pub cuotas: Vec<AgreementView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgreementListAnswer {
    pub success: bool,
    pub data: AgreementList,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgreementAnswer {
    pub success: bool,
    pub data: AgreementDetail,
}

/// The adjustment in force on `date`.
pub(super) fn in_force(history: &[ajuste::Model], date: NaiveDate) -> Option<&ajuste::Model> {
    history.iter().filter(|a| a.desde <= date).max_by(|a, b| {
        a.desde
            .cmp(&b.desde)
            .then(a.creado_en.cmp(&b.creado_en))
            .then(a.id.cmp(&b.id))
    })
}

pub fn agreement_view(
    row: &cuota::Model,
    history: &[ajuste::Model],
    dues: &[vencimiento::Model],
    pending: Option<&propuesta::Model>,
    today: NaiveDate,
) -> AgreementView {
    // Before it starts, what it will start with.
    let current = in_force(history, today).or_else(|| history.first());
    let monto = current.map_or(row.monto, |a| a.monto);
    let porcentaje_pb = row.porcentaje_pb;
    let ingreso = if row.modo == AgreementMode::Percentage.as_str() {
        current
            .and_then(|a| a.ingreso_declarado)
            .or(row.ingreso_declarado)
    } else {
        None
    };
    let deuda = dues
        .iter()
        .filter(|d| d.vence < today)
        .map(|d| std::cmp::max(d.monto - d.pagado, 0))
        .sum();
    let proximo = dues::next_due_date(row, today).map(|vence| {
        let periodo = vence.format("%Y-%m").to_string();
        match dues.iter().find(|d| d.periodo == periodo) {
            Some(d) => NextDue {
                periodo,
                vence: d.vence,
                monto: d.monto,
                pagado: d.pagado,
            },
            None => NextDue {
                periodo,
                vence,
                monto: dues::amount_on(history, vence).unwrap_or(monto),
                pagado: std::cmp::min(
                    row.credito,
                    dues::amount_on(history, vence).unwrap_or(monto),
                ),
            },
        }
    });
    AgreementView {
        id: row.id.clone(),
        familia_id: row.familia_id.clone(),
        pagador: row.pagador_id.clone(),
        beneficiario: row.beneficiario_id.clone(),
        moneda: row.moneda.clone(),
        modo: row.modo.clone(),
        monto,
        porcentaje: porcentaje_pb.map(|bp| bp as f64 / 100.0),
        ingreso_declarado: ingreso,
        dia_vencimiento: row.dia_vencimiento,
        desde: row.desde,
        hasta: row.hasta,
        activa: row.activa,
        hijos: serde_json::from_str(&row.hijos).unwrap_or_default(),
        notas: row.notas.clone(),
        proximo_vencimiento: proximo,
        deuda,
        credito: row.credito,
        propuesta: pending.map(proposal_view),
        creada_en: row.creada_en,
    }
}

/// One agreement of the family with everything it holds.
pub async fn detail(
    db: &impl ConnectionTrait,
    row: &cuota::Model,
    today: NaiveDate,
) -> Result<AgreementDetail, DbErr> {
    let history = dues::history(db, &row.id).await?;
    let dues_made = vencimiento::Entity::find()
        .filter(vencimiento::Column::CuotaId.eq(&row.id))
        .order_by_asc(vencimiento::Column::Vence)
        .all(db)
        .await?;
    let pagos = pago::Entity::find()
        .filter(pago::Column::CuotaId.eq(&row.id))
        .order_by_desc(pago::Column::Fecha)
        .order_by_desc(pago::Column::CreadoEn)
        .order_by_desc(pago::Column::Id)
        .all(db)
        .await?;
    let pending = pending_of(db, vec![row.id.clone()]).await?;
    Ok(AgreementDetail {
        cuota: agreement_view(row, &history, &dues_made, pending.get(&row.id), today),
        vencimientos: dues_made.iter().map(|d| dues::view(d, today)).collect(),
        ajustes: history.iter().map(adjustment_view).collect(),
        pagos: pagos.iter().map(payment_view).collect(),
    })
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentView {
    pub id: String,
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
    /// inicial, porcentaje, indice or ingreso.
    #[schema(value_type = AdjustmentKind)]
    pub tipo: String,
    pub porcentaje: Option<f64>,
    /// As typed, decimal text.
    pub indice_anterior: Option<String>,
    pub indice_nuevo: Option<String>,
    pub ingreso_declarado: Option<i64>,
    pub monto_anterior: Option<i64>,
    pub monto: i64,
    pub creado_por: Option<String>,
    pub creado_en: DateTime<Utc>,
}

pub fn adjustment_view(row: &ajuste::Model) -> AdjustmentView {
    AdjustmentView {
        id: row.id.clone(),
        desde: row.desde,
        tipo: row.tipo.clone(),
        porcentaje: row.porcentaje_pb.map(|bp| bp as f64 / 100.0),
        indice_anterior: row.indice_anterior.clone(),
        indice_nuevo: row.indice_nuevo.clone(),
        ingreso_declarado: row.ingreso_declarado,
        monto_anterior: row.monto_anterior,
        monto: row.monto,
        creado_por: row.creado_por.clone(),
        creado_en: row.creado_en,
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportPaymentView {
    pub id: String,
    pub cuota_id: String,
    pub monto: i64,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub metodo: Option<String>,
    pub referencia: Option<String>,
    /// pendiente, confirmado or no_recibido.
    #[schema(value_type = PaymentState)]
    pub estado: String,
    pub registrado_por: Option<String>,
    pub creado_en: DateTime<Utc>,
    pub respondido_en: Option<DateTime<Utc>>,
}

pub fn payment_view(row: &pago::Model) -> SupportPaymentView {
    SupportPaymentView {
        id: row.id.clone(),
        cuota_id: row.cuota_id.clone(),
        monto: row.monto,
        fecha: row.fecha,
        metodo: row.metodo.clone(),
        referencia: row.referencia.clone(),
        estado: row.estado.clone(),
        registrado_por: row.registrado_por.clone(),
        creado_en: row.creado_en,
        respondido_en: row.respondido_en,
    }
}

/// A pause or resumption, and an end: the parts of a change that move money.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermsChange {
    /// false: paused; true: resumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activa: Option<bool>,
    /// Whether the end changes (to `hasta`, or to none when it is null).
    #[serde(default)]
    pub cambia_hasta: bool,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub hasta: Option<NaiveDate>,
}

impl TermsChange {
    pub fn is_empty(&self) -> bool {
        self.activa.is_none() && !self.cambia_hasta
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportProposalView {
    pub id: String,
    /// `ajuste` (a new amount from a date) or `cambio` (paused, resumed, an end).
    #[schema(value_type = SupportProposalKind)]
    pub tipo: String,
    pub propuesta_por: Option<String>,
    /// Who must accept it.
    pub responde: Option<String>,
    /// `cambio`: what it changes.
    pub cambio: Option<TermsChange>,
    /// `ajuste`: the step it would add to the history.
    pub ajuste: Option<AdjustmentView>,
    /// `pendiente`, `aceptada` (applied), `rechazada`, `retirada` or `caducada`.
    #[schema(value_type = ProposalState)]
    pub estado: String,
    pub creada_en: DateTime<Utc>,
    pub resuelta_en: Option<DateTime<Utc>>,
}

pub fn proposal_view(row: &propuesta::Model) -> SupportProposalView {
    let (cambio, ajuste) = if row.tipo == SupportProposalKind::Adjustment.as_str() {
        let step: Option<ProposedStep> = serde_json::from_str(&row.cambios).ok();
        let ajuste = step.map(|s| {
            adjustment_view(&s.made(&row.cuota_id, row.propuesta_por.clone(), row.creada_en))
        });
        (
            None,
            ajuste.map(|a| AdjustmentView {
                id: row.id.clone(),
                ..a
            }),
        )
    } else {
        (serde_json::from_str(&row.cambios).ok(), None)
    };
    SupportProposalView {
        id: row.id.clone(),
        tipo: row.tipo.clone(),
        propuesta_por: row.propuesta_por.clone(),
        responde: row.responde.clone(),
        cambio,
        ajuste,
        estado: row.estado.clone(),
        creada_en: row.creada_en,
        resuelta_en: row.resuelta_en,
    }
}

/// The proposal waiting on each of `cuota_ids`.
pub async fn pending_of(
    db: &impl ConnectionTrait,
    cuota_ids: Vec<String>,
) -> Result<HashMap<String, propuesta::Model>, DbErr> {
    Ok(propuesta::Entity::find()
        .filter(propuesta::Column::CuotaId.is_in(cuota_ids))
        .filter(propuesta::Column::Estado.eq(ProposalState::Pending))
        .order_by_asc(propuesta::Column::CreadaEn)
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.cuota_id.clone(), p))
        .collect())
}
