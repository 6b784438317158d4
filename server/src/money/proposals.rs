//! Changes of a family's finance settings that wait for the other co-parents' consent: raising an
//! automatic-approval amount (or setting one where there was none) and changing another person's
//! income. Until every other current co-parent accepts, the old values hold; one decline ends it;
//! its proposer may withdraw it. One waits at a time per family. Every step is in the family
//! record and told to the others. Each change queues on the settings row (`settings::lock`).

use std::collections::BTreeMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    access::{Money, coparents},
    entities::finanzas_propuesta,
    input::{self, amount_or_zero},
    notice::{self, SettingsStep, publish_change},
    settings::{self, Settings, SettingsChanges},
    vocabulary::{ProposalChoice, ProposalState},
};
use crate::families::{Changes, Reads};
use crate::ids::{FamilyId, UserId};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    ids,
    platform::live::{MoneySubject, Wake},
    request::Json,
    state::AppState,
    vocabulary,
};

/// The most proposals one list answers, newest first: they are rare.
const LIST_MAX: u64 = 50;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    pub id: String,
    /// Null once their account was erased.
    pub propuesta_por: Option<String>,
    /// What would change.
    pub cambios: SettingsChanges,
    /// The same keys' values when it was proposed.
    pub anteriores: SettingsChanges,
    /// The co-parents who accepted so far.
    pub aceptaron: Vec<String>,
    /// Who still has to accept, while it waits.
    pub faltan: Vec<String>,
    /// `pendiente`, `aceptada` (applied), `rechazada`, `retirada` or `caducada` (its proposer
    /// is no longer a co-parent).
    #[schema(value_type = ProposalState)]
    pub estado: String,
    /// Who declined it, withdrew it or gave the last acceptance.
    pub respondida_por: Option<String>,
    pub creada_en: DateTime<Utc>,
    pub resuelta_en: Option<DateTime<Utc>>,
}

/// The settings in force, with the proposals to change them that wait for answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: Settings,
    /// Pending proposals (at most one), oldest first.
    pub propuestas: Vec<ProposalView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsAnswer {
    pub success: bool,
    pub data: SettingsView,
    /// The proposal this change made, when part of it waits for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub propuesta: Option<ProposalView>,
}

fn cambios_of(text: &str) -> SettingsChanges {
    serde_json::from_str(text).unwrap_or_default()
}

fn accepted_of(row: &finanzas_propuesta::Model) -> Vec<String> {
    serde_json::from_str(&row.aceptaron).unwrap_or_default()
}

/// Who must accept: every current co-parent but the proposer.
fn required(row: &finanzas_propuesta::Model, members: &[String]) -> Vec<String> {
    members
        .iter()
        .filter(|m| Some(m.as_str()) != row.propuesta_por.as_deref())
        .cloned()
        .collect()
}

fn view_with(row: finanzas_propuesta::Model, members: &[String]) -> ProposalView {
    let aceptaron = accepted_of(&row);
    let faltan = if row.estado == ProposalState::Pending.as_str() {
        required(&row, members)
            .into_iter()
            .filter(|m| !aceptaron.contains(m))
            .collect()
    } else {
        Vec::new()
    };
    ProposalView {
        cambios: cambios_of(&row.cambios),
        anteriores: cambios_of(&row.anteriores),
        aceptaron,
        faltan,
        id: row.id,
        propuesta_por: row.propuesta_por,
        estado: row.estado,
        respondida_por: row.respondida_por,
        creada_en: row.creada_en,
        resuelta_en: row.resuelta_en,
    }
}

pub async fn view(
    db: &impl ConnectionTrait,
    row: finanzas_propuesta::Model,
) -> Result<ProposalView, DbErr> {
    let members = coparents(db, &row.familia_id).await?;
    Ok(view_with(row, &members))
}

/// The family's proposal that waits, if any.
pub async fn pending(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<Option<finanzas_propuesta::Model>, DbErr> {
    finanzas_propuesta::Entity::find()
        .filter(finanzas_propuesta::Column::FamiliaId.eq(familia_id))
        .filter(finanzas_propuesta::Column::Estado.eq(ProposalState::Pending))
        .order_by_asc(finanzas_propuesta::Column::CreadaEn)
        .one(db)
        .await
}

pub async fn pending_views(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<Vec<ProposalView>, DbErr> {
    let members = coparents(db, familia_id).await?;
    Ok(pending(db, familia_id)
        .await?
        .into_iter()
        .map(|row| view_with(row, &members))
        .collect())
}

/// Proposes `cambios` (against `current`) from `me`: stored, recorded, told to the others.
/// Inside the caller's transaction, which holds the settings' lock and found none waiting.
pub async fn create(
    txn: &DatabaseTransaction,
    family: &familia::Model,
    me: &str,
    current: &Settings,
    cambios: SettingsChanges,
) -> ApiResult<(finanzas_propuesta::Model, Wake)> {
    let anteriores = cambios.current_in(current);
    let row = finanzas_propuesta::Model {
        id: ids::new_id(),
        familia_id: family.id.clone(),
        propuesta_por: Some(me.to_owned()),
        cambios: serde_json::to_string(&cambios).map_err(ApiError::internal)?,
        anteriores: serde_json::to_string(&anteriores).map_err(ApiError::internal)?,
        aceptaron: "[]".to_owned(),
        estado: ProposalState::Pending.into(),
        respondida_por: None,
        creada_en: Utc::now(),
        resuelta_en: None,
    };
    finanzas_propuesta::Entity::insert(finanzas_propuesta::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    record::append(
        txn,
        &family.id,
        Act {
            kind: kinds::MONEY_PROPOSAL,
            actor: Some(me),
            content: serde_json::json!({
                "propuesta": row.id,
                "cambios": cambios,
                "anteriores": anteriores,
            }),
            subjects: subjects_of(me, &cambios),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let members = coparents(txn, &family.id).await?;
    let told = notice::tell_settings(
        txn,
        &FamilyId::new(&family.id),
        &UserId::new(me),
        &members,
        SettingsStep::Proposed {
            cambios: &cambios,
            en: &current.moneda,
        },
    )
    .await?;
    let live = publish_change(txn, &family.id, MoneySubject::Settings(true)).await?;
    Ok((row, told.join(live)))
}

fn subjects_of(me: &str, cambios: &SettingsChanges) -> Vec<String> {
    let mut subjects: Vec<String> = std::iter::once(me)
        .chain(cambios.ingresos.keys().map(String::as_str))
        .map(record::user_subject)
        .collect();
    subjects.sort();
    subjects.dedup();
    subjects
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProposalListAnswer {
    pub success: bool,
    /// Newest first, at most 50.
    pub data: Vec<ProposalView>,
}

/// The family's proposals to change its finance settings, newest first.
#[utoipa::path(get, path = "/familias/{id}/finanzas/propuestas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ProposalListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
    ))]
pub async fn list_proposals(
    State(state): State<AppState>,
    access: Reads<Money>,
) -> ApiResult<Json<ProposalListAnswer>> {
    let rows = finanzas_propuesta::Entity::find()
        .filter(finanzas_propuesta::Column::FamiliaId.eq(&access.family.id))
        .order_by_desc(finanzas_propuesta::Column::CreadaEn)
        .order_by_desc(finanzas_propuesta::Column::Id)
        .limit(LIST_MAX)
        .all(&state.db)
        .await?;
    let members = coparents(&state.db, &access.family.id).await?;
    Ok(Json(ProposalListAnswer {
        success: true,
        data: rows.into_iter().map(|r| view_with(r, &members)).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalInput {
    /// Only the currencies to change: `{"ARS": 500000}`; 0 for none.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub aprobacion_automatica: Option<BTreeMap<String, Value>>,
    /// Only the people to change: `{usuarioId: minor units}` of current co-parents; null for none.
    #[schema(value_type = Option<BTreeMap<String, Option<i64>>>)]
    pub ingresos: Option<BTreeMap<String, Value>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProposalAnswer {
    pub success: bool,
    pub data: ProposalView,
}

/// Propose a change of the finance settings to the other co-parents: it applies once every one
/// of them accepts. Anything may be proposed, even what one could change alone.
#[utoipa::path(post, path = "/familias/{id}/finanzas/propuestas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ProposalInput,
    responses(
        (status = 201, body = ProposalAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 409, description = "`money_proposal_pending`: another proposal waits", body = ErrorBody),
        (status = 422, description = "an unknown currency, an amount that is not a whole number from 0 to 10^12, an income of someone who is not a co-parent, or nothing that changes", body = ErrorBody),
    ))]
pub async fn create_proposal(
    State(state): State<AppState>,
    access: Changes<Money>,
    Json(body): Json<ProposalInput>,
) -> ApiResult<(StatusCode, Json<ProposalAnswer>)> {
    let family = &access.family;
    let me = access.auth.user.id.as_str();
    let members = coparents(&state.db, &family.id).await?;
    let mut asked = SettingsChanges::default();
    let mut errors = FieldErrors::default();
    for (code, value) in body.aprobacion_automatica.unwrap_or_default() {
        match (input::currency(Some(&code)), amount_or_zero(&value)) {
            (Ok(code), Some(v)) => {
                asked.aprobacion_automatica.insert(code, v);
            }
            _ => errors.add("aprobacionAutomatica", Msg::MoneyApprovalAmountsInvalid),
        }
    }
    for (id, value) in body.ingresos.unwrap_or_default() {
        if !members.contains(&id) {
            errors.add("ingresos", Msg::MoneyNotCoparent);
        } else if value.is_null() {
            asked.ingresos.insert(id, None);
        } else {
            match amount_or_zero(&value) {
                Some(v) => {
                    asked.ingresos.insert(id, Some(v));
                }
                None => errors.add("ingresos", Msg::MoneyIncomesInvalid),
            }
        }
    }
    errors.into_result()?;
    let txn = state.db.begin().await?;
    settings::lock(&txn, family).await?;
    let current = settings::load(&txn, family).await?;
    let mut wanted = current.clone();
    asked.apply_to(&mut wanted, &members);
    let cambios = SettingsChanges::between(&current, &wanted);
    if cambios.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::MoneyProposalEmpty,
        ));
    }
    if pending(&txn, &family.id).await?.is_some() {
        return Err(ApiError::conflict(Msg::MoneyProposalPending));
    }
    let (row, wake) = create(&txn, family, me, &current, cambios).await?;
    let data = view(&txn, row).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(ProposalAnswer {
            success: true,
            data,
        }),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProposalDecision {
    /// `aceptar` or `rechazar` (the other co-parents), `retirar` (its proposer).
    #[schema(required = true, value_type = ProposalChoice)]
    pub decision: Option<String>,
}

/// Accept or decline a proposal (each other co-parent), or withdraw it (its proposer). The last
/// acceptance applies it.
#[utoipa::path(post, path = "/familias/{id}/finanzas/propuestas/{propuestaId}/respuesta", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ("propuestaId" = String, Path)),
    request_body = ProposalDecision,
    responses(
        (status = 200, description = "the settings in force and the proposal as it stands", body = SettingsAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`money_proposal_not_yours`: the proposer accepting or declining, another withdrawing", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_proposal_not_open`: it no longer waits for the caller", body = ErrorBody),
        (status = 422, description = "a decision other than aceptar, rechazar or retirar", body = ErrorBody),
    ))]
pub async fn answer_settings_proposal(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, propuesta_id)): Path<(String, String)>,
    Json(body): Json<ProposalDecision>,
) -> ApiResult<Json<SettingsAnswer>> {
    let decision: ProposalChoice = vocabulary::one_of(
        body.decision.as_deref().unwrap_or_default(),
        Msg::MoneyProposalDecisionInvalid,
    )
    .map_err(|m| ApiError::field("decision", m))?;
    let family = &access.family;
    let me = access.auth.user.id.clone();
    let now = Utc::now();
    let txn = state.db.begin().await?;
    settings::lock(&txn, family).await?;
    let mut row = finanzas_propuesta::Entity::find_by_id(&propuesta_id)
        .filter(finanzas_propuesta::Column::FamiliaId.eq(&family.id))
        .one(&txn)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if row.estado != ProposalState::Pending.as_str() {
        return Err(ApiError::conflict(Msg::MoneyProposalNotOpen));
    }
    let mine = row.propuesta_por.as_deref() == Some(me.as_str());
    let members = coparents(&txn, &family.id).await?;
    let mut accepted = accepted_of(&row);
    let current = settings::load(&txn, family).await?;
    let cambios = cambios_of(&row.cambios);
    let estado = match decision {
        ProposalChoice::Withdraw if mine => ProposalState::Withdrawn,
        ProposalChoice::Withdraw => {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                Msg::MoneyProposalNotYours,
            ));
        }
        _ if mine => {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                Msg::MoneyProposalNotYours,
            ));
        }
        ProposalChoice::Decline => ProposalState::Declined,
        ProposalChoice::Accept => {
            if !accepted.contains(&me) {
                accepted.push(me.clone());
            } else if !required(&row, &members)
                .iter()
                .all(|m| accepted.contains(m))
            {
                // Asked again by someone who accepted: only worth it when whoever was missing
                // has left meanwhile.
                return Err(ApiError::conflict(Msg::MoneyProposalNotOpen));
            }
            let proposer_here = row
                .propuesta_por
                .as_ref()
                .is_some_and(|p| members.contains(p));
            if !proposer_here {
                ProposalState::Lapsed
            } else if required(&row, &members)
                .iter()
                .all(|m| accepted.contains(m))
            {
                ProposalState::Accepted
            } else {
                ProposalState::Pending
            }
        }
    };
    let ended = estado != ProposalState::Pending;
    row.aceptaron = serde_json::to_string(&accepted).map_err(ApiError::internal)?;
    row.estado = estado.into();
    if ended {
        row.respondida_por = Some(me.clone());
        row.resuelta_en = Some(now);
    }
    finanzas_propuesta::Entity::update_many()
        .col_expr(
            finanzas_propuesta::Column::Aceptaron,
            Expr::value(row.aceptaron.clone()),
        )
        .col_expr(
            finanzas_propuesta::Column::Estado,
            Expr::value(row.estado.clone()),
        )
        .col_expr(
            finanzas_propuesta::Column::RespondidaPor,
            Expr::value(row.respondida_por.clone()),
        )
        .col_expr(
            finanzas_propuesta::Column::ResueltaEn,
            Expr::value(row.resuelta_en),
        )
        .filter(finanzas_propuesta::Column::Id.eq(&row.id))
        .exec(&txn)
        .await?;
    let mut after = current.clone();
    if estado == ProposalState::Accepted {
        cambios.apply_to(&mut after, &members);
        settings::write(&txn, &family.id, &after).await?;
    }
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::MONEY_PROPOSAL_ANSWERED,
            actor: Some(&me),
            content: serde_json::json!({
                "propuesta": row.id,
                "decision": decision,
                "estado": row.estado,
                "ajustes": (estado == ProposalState::Accepted).then(|| serde_json::json!({
                    "moneda": after.moneda,
                    "aprobacionAutomatica": after.aprobacion_automatica,
                    "ingresos": after.ingresos,
                })),
            }),
            subjects: subjects_of(&me, &cambios),
            audience: Audience::CoParents,
        },
    )
    .await?;
    // The proposer hears of every answer; a withdrawal, a decline or the change applied is for
    // everyone.
    let recipients: Vec<String> = match estado {
        ProposalState::Pending => row.propuesta_por.iter().cloned().collect(),
        _ => members
            .iter()
            .cloned()
            .chain(row.propuesta_por.iter().cloned())
            .collect(),
    };
    let step = match estado {
        ProposalState::Accepted => SettingsStep::Applied {
            cambios: &cambios,
            en: &after.moneda,
        },
        ProposalState::Pending => SettingsStep::AcceptedByOne,
        ProposalState::Withdrawn => SettingsStep::Withdrawn,
        ProposalState::Lapsed => SettingsStep::Lapsed,
        ProposalState::Declined => SettingsStep::Declined,
    };
    let told = notice::tell_settings(
        &txn,
        &FamilyId::new(&family.id),
        &UserId::new(me),
        &recipients,
        step,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Settings(true)).await?;
    let propuesta = view_with(row, &members);
    txn.commit().await?;
    state.wake(told.join(live));
    let propuestas = pending_views(&state.db, &family.id).await?;
    Ok(Json(SettingsAnswer {
        success: true,
        data: SettingsView {
            settings: settings::load(&state.db, family).await?,
            propuestas,
        },
        propuesta: Some(propuesta),
    }))
}

/// An erased account's proposals that wait lapse, and forget who made them.
pub async fn erase_account(txn: &DatabaseTransaction, user: &usuario::Model) -> Result<(), DbErr> {
    finanzas_propuesta::Entity::update_many()
        .col_expr(
            finanzas_propuesta::Column::Estado,
            Expr::value(ProposalState::Lapsed),
        )
        .col_expr(
            finanzas_propuesta::Column::ResueltaEn,
            Expr::value(Utc::now()),
        )
        .filter(finanzas_propuesta::Column::PropuestaPor.eq(&user.id))
        .filter(finanzas_propuesta::Column::Estado.eq(ProposalState::Pending))
        .exec(txn)
        .await?;
    for column in [
        finanzas_propuesta::Column::PropuestaPor,
        finanzas_propuesta::Column::RespondidaPor,
    ] {
        finanzas_propuesta::Entity::update_many()
            .col_expr(column, Expr::value(Option::<String>::None))
            .filter(column.eq(&user.id))
            .exec(txn)
            .await?;
    }
    Ok(())
}
