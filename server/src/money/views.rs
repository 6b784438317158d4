//! The expense (`Gasto`) and payment (`Pago`) as the API shows them, built from their rows.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    entities::{gasto, gasto_hijo, gasto_parte, gasto_respuesta, pago},
    split::Split,
    vocabulary::{AnswerDecision, ExpenseCategory, ExpenseState, PaymentState, RefusalReason},
};
use crate::vocabulary::ClosedSet;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyView {
    pub usuario_id: String,
    /// `aprobado`, `rechazado` or `disputado` (by those who must approve); `contestado` (the
    /// creator's reply to a dispute) or `aceptado` (the creator took the dispute's proposal).
    #[schema(value_type = AnswerDecision)]
    pub decision: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RefusalReason>)]
    pub motivo: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comentario: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub propuesta: Option<String>,
    /// A dispute's or reply's proposed amount, minor units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monto_propuesto: Option<i64>,
    /// A dispute's or reply's proposed split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reparto_propuesto: Option<Split>,
    /// The shares the proposal would give (usuarioId → minor units), when it proposes an amount
    /// or a split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partes_propuestas: Option<BTreeMap<String, i64>>,
    pub en: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptFileView {
    /// Its media type: `image/webp`, `image/jpeg`, `application/pdf`...
    pub tipo: String,
    /// Bytes.
    pub tamano: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundView {
    /// The health insurer (obra social, prepaga).
    pub entidad: String,
    /// The refund once recorded, in minor units.
    pub monto: Option<i64>,
    #[schema(value_type = Option<String>)]
    pub fecha: Option<NaiveDate>,
    /// Each participant's part of the refund, split like the expense.
    pub partes: Option<BTreeMap<String, i64>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseView {
    pub id: String,
    pub familia_id: String,
    pub descripcion: String,
    /// Minor units.
    pub monto: i64,
    /// ISO 4217.
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDate,
    #[schema(value_type = ExpenseCategory)]
    pub categoria: String,
    pub pagado_por: String,
    pub creado_por: String,
    pub reparto: Split,
    /// usuarioId → share in minor units; they add up to `monto`.
    pub partes: BTreeMap<String, i64>,
    pub hijos: Vec<String>,
    pub notas: Option<String>,
    /// `pendiente`, `aprobado` (it counts), `rechazado`, `disputado` or `retirado`.
    #[schema(value_type = ExpenseState)]
    pub estado: String,
    pub respuestas: Vec<ReplyView>,
    /// Who still has to approve it.
    pub faltan: Vec<String>,
    /// An expense that approved itself: until when those it charges who never answered may
    /// still dispute it.
    pub disputable_hasta: Option<DateTime<Utc>>,
    pub recibo: Option<ReceiptFileView>,
    pub recurrente_id: Option<String>,
    pub reintegro: Option<RefundView>,
    pub creado_en: DateTime<Utc>,
    pub actualizado_en: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    pub id: String,
    pub familia_id: String,
    pub de: String,
    pub para: String,
    pub monto: i64,
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDate,
    pub metodo: Option<String>,
    pub referencia: Option<String>,
    /// `pendiente`, `confirmado` (it counts) or `no_recibido`.
    #[schema(value_type = PaymentState)]
    pub estado: String,
    pub comprobante: Option<ReceiptFileView>,
    pub creado_por: String,
    pub creado_en: DateTime<Utc>,
    pub respondido_en: Option<DateTime<Utc>>,
}

pub fn reparto_of(row: &gasto::Model) -> Split {
    serde_json::from_str(&row.reparto).unwrap_or(Split {
        modo: String::new(),
        participantes: Vec::new(),
        pesos: None,
    })
}

/// Who must approve: the participants and the payer, except the one who added it.
pub fn approvers(row: &gasto::Model) -> Vec<String> {
    let mut people = reparto_of(row).participantes;
    if !people.contains(&row.pagado_por) {
        people.push(row.pagado_por.clone());
    }
    people.retain(|p| *p != row.creado_por);
    people
}

/// Who approved: by an answer, or by a dispute whose proposal the creator took.
pub fn approved_people(answers: &[gasto_respuesta::Model]) -> Vec<&str> {
    let mut approved = Vec::new();
    let mut last_disputer = None;
    for a in answers {
        match AnswerDecision::from_wire(&a.decision) {
            Some(AnswerDecision::Approved) => approved.push(a.usuario_id.as_str()),
            Some(AnswerDecision::Disputed) => last_disputer = Some(a.usuario_id.as_str()),
            Some(AnswerDecision::TookProposal) => approved.extend(last_disputer),
            _ => {}
        }
    }
    approved
}

/// Who disputed it last.
pub fn disputer(answers: &[gasto_respuesta::Model]) -> Option<&str> {
    answers
        .iter()
        .rev()
        .find(|a| a.decision == AnswerDecision::Disputed.as_str())
        .map(|a| a.usuario_id.as_str())
}

/// The latest step of a dispute's exchange: a dispute (the creator's turn) or the creator's
/// reply (the disputer's).
pub fn latest_turn(answers: &[gasto_respuesta::Model]) -> Option<&gasto_respuesta::Model> {
    answers.iter().rev().find(|a| {
        matches!(
            AnswerDecision::from_wire(&a.decision),
            Some(AnswerDecision::Disputed | AnswerDecision::Replied)
        )
    })
}

/// Who of the approvers has not approved yet, while it waits. An expense that approved itself
/// waits only for whoever disputed it.
pub fn missing(row: &gasto::Model, answers: &[gasto_respuesta::Model]) -> Vec<String> {
    let estado = ExpenseState::from_wire(&row.estado);
    if !matches!(estado, Some(ExpenseState::Pending | ExpenseState::Disputed)) {
        return Vec::new();
    }
    let approved = approved_people(answers);
    if row.aprobado_auto_en.is_some() {
        return disputer(answers)
            .filter(|d| estado == Some(ExpenseState::Disputed) && !approved.contains(d))
            .map(str::to_owned)
            .into_iter()
            .collect();
    }
    approvers(row)
        .into_iter()
        .filter(|p| !approved.contains(&p.as_str()))
        .collect()
}

/// The split a proposal's reparto reads as, if it was stored.
pub fn proposed_split(answer: &gasto_respuesta::Model) -> Option<Split> {
    answer
        .reparto_propuesto
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
}

/// The shares of `row` under a proposal of another amount and/or split (the kept weights of
/// either), participants in the split's order; None when it proposes neither or does not
/// split.
pub fn proposed_shares(
    row: &gasto::Model,
    answer: &gasto_respuesta::Model,
) -> Option<Vec<(String, i64)>> {
    let split_given = proposed_split(answer);
    if answer.monto_propuesto.is_none() && split_given.is_none() {
        return None;
    }
    let monto = answer.monto_propuesto.unwrap_or(row.monto);
    let reparto = split_given.unwrap_or_else(|| reparto_of(row));
    let people = super::split::weights(&reparto)?;
    let shares = super::shares::split(monto, &people, &row.pagado_por).ok()?;
    Some(
        people
            .into_iter()
            .map(|p| p.usuario_id)
            .zip(shares)
            .collect(),
    )
}

/// The views of `rows`, in their order, with three more queries whatever their number.
pub async fn expenses(
    db: &impl ConnectionTrait,
    rows: Vec<gasto::Model>,
) -> Result<Vec<ExpenseView>, DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let (partes, hijos, respuestas) = tokio::try_join!(
        gasto_parte::Entity::find()
            .filter(gasto_parte::Column::GastoId.is_in(ids.clone()))
            .all(db),
        gasto_hijo::Entity::find()
            .filter(gasto_hijo::Column::GastoId.is_in(ids.clone()))
            .order_by_asc(gasto_hijo::Column::HijoId)
            .all(db),
        gasto_respuesta::Entity::find()
            .filter(gasto_respuesta::Column::GastoId.is_in(ids.clone()))
            .order_by_asc(gasto_respuesta::Column::CreatedAt)
            .order_by_asc(gasto_respuesta::Column::Id)
            .all(db),
    )?;
    let mut partes_of: HashMap<String, Vec<gasto_parte::Model>> = HashMap::new();
    for p in partes {
        partes_of.entry(p.gasto_id.clone()).or_default().push(p);
    }
    let mut hijos_of: HashMap<String, Vec<String>> = HashMap::new();
    for h in hijos {
        hijos_of.entry(h.gasto_id).or_default().push(h.hijo_id);
    }
    let mut answers_of: HashMap<String, Vec<gasto_respuesta::Model>> = HashMap::new();
    for a in respuestas {
        answers_of.entry(a.gasto_id.clone()).or_default().push(a);
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let partes = partes_of.remove(&row.id).unwrap_or_default();
            let answers = answers_of.remove(&row.id).unwrap_or_default();
            let hijos = hijos_of.remove(&row.id).unwrap_or_default();
            expense(row, &partes, hijos, &answers)
        })
        .collect())
}

pub async fn one_expense(
    db: &impl ConnectionTrait,
    row: gasto::Model,
) -> Result<ExpenseView, DbErr> {
    Ok(expenses(db, vec![row]).await?.remove(0))
}

pub fn expense(
    row: gasto::Model,
    partes: &[gasto_parte::Model],
    hijos: Vec<String>,
    answers: &[gasto_respuesta::Model],
) -> ExpenseView {
    let faltan = missing(&row, answers);
    let disputable_hasta = row
        .aprobado_auto_en
        .filter(|_| row.estado == ExpenseState::Approved.as_str())
        .map(|at| at + chrono::Duration::days(gasto::DISPUTE_DAYS));
    let reintegro = row.reintegro_entidad.clone().map(|entidad| RefundView {
        entidad,
        monto: row.reintegro_monto,
        fecha: row.reintegro_fecha,
        partes: row.reintegro_monto.map(|_| {
            partes
                .iter()
                .map(|p| (p.usuario_id.clone(), p.reintegro.unwrap_or(0)))
                .collect()
        }),
    });
    let recibo = match (&row.recibo_tipo, row.recibo_tamano) {
        (Some(tipo), Some(tamano)) if row.recibo_clave.is_some() => Some(ReceiptFileView {
            tipo: tipo.clone(),
            tamano,
        }),
        _ => None,
    };
    ExpenseView {
        reparto: reparto_of(&row),
        partes: partes
            .iter()
            .map(|p| (p.usuario_id.clone(), p.monto))
            .collect(),
        hijos,
        respuestas: answers
            .iter()
            .map(|a| ReplyView {
                usuario_id: a.usuario_id.clone(),
                decision: a.decision.clone(),
                motivo: a.motivo.clone(),
                comentario: a.comentario.clone(),
                propuesta: a.propuesta.clone(),
                monto_propuesto: a.monto_propuesto,
                reparto_propuesto: proposed_split(a),
                partes_propuestas: proposed_shares(&row, a)
                    .map(|shares| shares.into_iter().collect()),
                en: a.created_at,
            })
            .collect(),
        faltan,
        disputable_hasta,
        recibo,
        reintegro,
        id: row.id,
        familia_id: row.familia_id,
        descripcion: row.descripcion,
        monto: row.monto,
        moneda: row.moneda,
        fecha: row.fecha,
        categoria: row.categoria,
        pagado_por: row.pagado_por,
        creado_por: row.creado_por,
        notas: row.notas,
        estado: row.estado,
        recurrente_id: row.recurrente_id,
        creado_en: row.created_at,
        actualizado_en: row.updated_at,
    }
}

pub fn payment(row: pago::Model) -> PaymentView {
    let comprobante = match (&row.comprobante_tipo, row.comprobante_tamano) {
        (Some(tipo), Some(tamano)) if row.comprobante_clave.is_some() => Some(ReceiptFileView {
            tipo: tipo.clone(),
            tamano,
        }),
        _ => None,
    };
    PaymentView {
        id: row.id,
        familia_id: row.familia_id,
        de: row.de,
        para: row.para,
        monto: row.monto,
        moneda: row.moneda,
        fecha: row.fecha,
        metodo: row.metodo,
        referencia: row.referencia,
        estado: row.estado,
        comprobante,
        creado_por: row.creado_por,
        creado_en: row.created_at,
        respondido_en: row.respondido_at,
    }
}
