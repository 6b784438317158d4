//! Changes of an agreement that wait for the consent of the side they go against. A change by
//! the payer that lowers what the payee receives (a lower amount, a pause, an end sooner or where
//! there was none) is proposed to the payee; until the payee accepts, dues keep being made as
//! before. A change that raises it, one by the payee, or one the payee cannot answer (no longer a
//! co-parent, or erased) applies at once. A co-parent who is neither side may change only the
//! notes (`support_change_not_party`). One proposal waits at a time per agreement; the payee
//! accepts or declines it, its proposer may withdraw it.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter,
    TransactionTrait, sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    acts, coparents,
    entities::{cuota, propuesta},
    format_amount, lock,
    notice::{self, Step},
    publish,
    store::{self, ProposedStep, apply_change, find},
    subjects, today_in,
    views::{AgreementAnswer, TermsChange, detail, pending_of},
    vocabulary::SupportProposalKind,
};
use crate::families::Changes;
use crate::ids::FamilyId;
use crate::money::{
    access::Money,
    vocabulary::{ProposalChoice, ProposalState},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody},
    families::record::{self, Act, Audience},
    i18n::Msg,
    ids,
    platform::live::Wake,
    request::Json,
    state::AppState,
    vocabulary,
};

/// Which way a change moves what the payee receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Lower,
    Raise,
    Same,
}

/// Which way pausing, resuming or a new end moves what the payee receives.
pub fn direction_of_change(before: &cuota::Model, cambio: &TermsChange) -> Direction {
    let mut lower = false;
    let mut raise = false;
    if let Some(activa) = cambio.activa
        && activa != before.activa
    {
        if activa { raise = true } else { lower = true }
    }
    if cambio.cambia_hasta && cambio.hasta != before.hasta {
        match (before.hasta, cambio.hasta) {
            (None, Some(_)) => lower = true,
            (Some(_), None) => raise = true,
            (Some(a), Some(b)) if b < a => lower = true,
            _ => raise = true,
        }
    }
    match (lower, raise) {
        (true, _) => Direction::Lower,
        (false, true) => Direction::Raise,
        _ => Direction::Same,
    }
}

/// Who must accept a change of the amount, a pause or an end by `me` that moves money in
/// `direction`: the payee when the payer lowers it (if the payee is still a co-parent to
/// answer); nobody otherwise. 403 for a co-parent who is neither side, whatever the direction.
pub async fn consent_of(
    db: &impl ConnectionTrait,
    row: &cuota::Model,
    me: &str,
    direction: Direction,
) -> ApiResult<Option<String>> {
    let payer = row.pagador_id.as_deref() == Some(me);
    let payee = row.beneficiario_id.as_deref() == Some(me);
    if !payer && !payee {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::SupportChangeNotParty,
        ));
    }
    if payee || direction != Direction::Lower {
        return Ok(None);
    }
    let members = coparents(db, &row.familia_id).await?;
    Ok(row
        .beneficiario_id
        .clone()
        .filter(|id| members.contains(id)))
}

/// Texts of what a proposal would do, in Spanish and English.
fn describe(row: &cuota::Model, tipo: SupportProposalKind, cambios: &str) -> (String, String) {
    if tipo == SupportProposalKind::Adjustment {
        let Ok(step) = serde_json::from_str::<ProposedStep>(cambios) else {
            return (String::new(), String::new());
        };
        let monto = format_amount(step.monto, &row.moneda);
        return (
            format!("cambiar la cuota a {monto} desde el {}", step.desde),
            format!("change the support to {monto} from {}", step.desde),
        );
    }
    let cambio: TermsChange = serde_json::from_str(cambios).unwrap_or_default();
    let mut es = Vec::new();
    let mut en = Vec::new();
    match cambio.activa {
        Some(false) => {
            es.push("pausar la cuota".to_owned());
            en.push("pause the support".to_owned());
        }
        Some(true) => {
            es.push("reanudar la cuota".to_owned());
            en.push("resume the support".to_owned());
        }
        None => {}
    }
    if cambio.cambia_hasta {
        match cambio.hasta {
            Some(h) => {
                es.push(format!("terminarla el {h}"));
                en.push(format!("end it on {h}"));
            }
            None => {
                es.push("quitarle la fecha de fin".to_owned());
                en.push("remove its end date".to_owned());
            }
        }
    }
    (es.join(" y "), en.join(" and "))
}

/// Proposes a change of `row` by `me` for `responde` to accept. Inside the caller's
/// transaction, which locked the agreement; 409 if another waits.
pub async fn propose(
    txn: &DatabaseTransaction,
    row: &cuota::Model,
    me: &str,
    responde: &str,
    tipo: SupportProposalKind,
    cambios: String,
) -> ApiResult<Wake> {
    if !pending_of(txn, vec![row.id.clone()]).await?.is_empty() {
        return Err(ApiError::conflict(Msg::SupportProposalPending));
    }
    let proposal = propuesta::Model {
        id: ids::new_id(),
        cuota_id: row.id.clone(),
        familia_id: row.familia_id.clone(),
        propuesta_por: Some(me.to_owned()),
        responde: Some(responde.to_owned()),
        tipo: tipo.into(),
        cambios,
        estado: ProposalState::Pending.into(),
        creada_en: Utc::now(),
        resuelta_en: None,
    };
    propuesta::Entity::insert(propuesta::ActiveModel::from(proposal.clone()))
        .exec_without_returning(txn)
        .await?;
    let content: serde_json::Value =
        serde_json::from_str(&proposal.cambios).unwrap_or(serde_json::Value::Null);
    record::append(
        txn,
        &row.familia_id,
        Act {
            kind: acts::PROPOSED,
            actor: Some(me),
            content: serde_json::json!({
                "cuota": row.id,
                "propuesta": proposal.id,
                "tipo": proposal.tipo,
                "cambios": content,
                "moneda": row.moneda,
            }),
            subjects: subjects(row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let (es, en) = describe(row, tipo, &proposal.cambios);
    let told = notice::tell(
        txn,
        row,
        me,
        &[responde.to_owned()],
        Step::Proposed { es, en },
    )
    .await?;
    let live = publish(txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    Ok(told.join(live))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SupportProposalDecision {
    /// `aceptar` or `rechazar` (whoever must accept it), `retirar` (its proposer).
    #[schema(required = true, value_type = ProposalChoice)]
    pub decision: Option<String>,
}

/// Accept or decline a proposed change (whoever it goes against), or withdraw it (its proposer).
/// Accepting applies it now, as if made now: a resumption owes nothing for the pause; an
/// adjustment's dues already made keep their amount.
#[utoipa::path(post, path = "/familias/{id}/cuotas/{cuotaId}/propuestas/{propuestaId}/respuesta", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ("cuotaId" = String, Path), ("propuestaId" = String, Path)),
    request_body = SupportProposalDecision,
    responses(
        (status = 200, description = "the agreement as it stands", body = AgreementAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`support_proposal_not_yours`", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`support_proposal_not_open`: answered already; `support_proposal_stale`: the amount changed since the adjustment was proposed", body = ErrorBody),
        (status = 422, description = "a decision other than aceptar, rechazar or retirar", body = ErrorBody),
    ))]
pub async fn answer_support_proposal(
    State(state): State<AppState>,
    access: Changes<Money>,
    Path((_familia, cuota_id, propuesta_id)): Path<(String, String, String)>,
    axum::Json(body): axum::Json<SupportProposalDecision>,
) -> ApiResult<Json<AgreementAnswer>> {
    find(&state.db, &access, &cuota_id).await?;
    let decision: ProposalChoice = vocabulary::one_of(
        body.decision.as_deref().unwrap_or_default(),
        Msg::MoneyProposalDecisionInvalid,
    )
    .map_err(|m| ApiError::field("decision", m))?;
    let me = access.auth.user.id.clone();
    let now = Utc::now();
    let today = today_in(&access.family.zona_horaria, now);
    let txn = state.db.begin().await?;
    let row = lock(&txn, &FamilyId::new(&access.family.id), &cuota_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let proposal = propuesta::Entity::find_by_id(&propuesta_id)
        .filter(propuesta::Column::CuotaId.eq(&row.id))
        .one(&txn)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if proposal.estado != ProposalState::Pending.as_str() {
        return Err(ApiError::conflict(Msg::SupportProposalNotOpen));
    }
    let (allowed, estado) = match decision {
        ProposalChoice::Withdraw => (
            proposal.propuesta_por.as_deref() == Some(&me),
            ProposalState::Withdrawn,
        ),
        ProposalChoice::Decline => (
            proposal.responde.as_deref() == Some(&me),
            ProposalState::Declined,
        ),
        ProposalChoice::Accept => (
            proposal.responde.as_deref() == Some(&me),
            ProposalState::Accepted,
        ),
    };
    if !allowed {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::SupportProposalNotYours,
        ));
    }
    let mut wake = Wake::default();
    if estado == ProposalState::Accepted {
        wake = if proposal.tipo == SupportProposalKind::Adjustment.as_str() {
            let step: ProposedStep = serde_json::from_str(&proposal.cambios)
                .map_err(|e| ApiError::internal(format!("proposal {}: {e}", proposal.id)))?;
            let history = super::dues::history(&txn, &row.id).await?;
            if store::latest(&history).map(|a| a.id.as_str()) != Some(step.base.as_str()) {
                return Err(ApiError::conflict(Msg::SupportProposalStale));
            }
            let made = step.made(&row.id, proposal.propuesta_por.clone(), now);
            store::apply(&txn, &row, &made, &me, Some(&proposal.id)).await?
        } else {
            let cambio: TermsChange = serde_json::from_str(&proposal.cambios)
                .map_err(|e| ApiError::internal(format!("proposal {}: {e}", proposal.id)))?;
            let change = store::Change {
                activa: cambio.activa,
                hasta: cambio.cambia_hasta.then_some(cambio.hasta),
                notas: None,
            };
            apply_change(&txn, &row, &change, &me, today, now, Some(&proposal.id))
                .await?
                .1
        };
    }
    propuesta::Entity::update_many()
        .col_expr(propuesta::Column::Estado, Expr::value(estado))
        .col_expr(propuesta::Column::ResueltaEn, Expr::value(now))
        .filter(propuesta::Column::Id.eq(&proposal.id))
        .exec(&txn)
        .await?;
    record::append(
        &txn,
        &row.familia_id,
        Act {
            kind: acts::PROPOSAL_ANSWERED,
            actor: Some(&me),
            content: serde_json::json!({
                "cuota": row.id,
                "propuesta": proposal.id,
                "decision": decision,
                "estado": estado,
            }),
            subjects: subjects(&row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let other = if decision == ProposalChoice::Withdraw {
        proposal.responde.clone()
    } else {
        proposal.propuesta_por.clone()
    };
    let members = coparents(&txn, &row.familia_id).await?;
    let recipients: Vec<String> = other.into_iter().filter(|o| members.contains(o)).collect();
    let step = match estado {
        ProposalState::Accepted => Step::ProposalAccepted,
        ProposalState::Declined => Step::ProposalDeclined,
        _ => Step::ProposalWithdrawn,
    };
    let told = notice::tell(&txn, &row, &me, &recipients, step).await?;
    let live = publish(&txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    let row = cuota::Entity::find_by_id(&row.id)
        .one(&txn)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let data = detail(&txn, &row, today).await?;
    txn.commit().await?;
    state.wake(wake.join(told).join(live));
    Ok(Json(AgreementAnswer {
        success: true,
        data,
    }))
}

/// An erased account's proposals, and those waiting for it, lapse; both forget it.
pub async fn erase_account(txn: &DatabaseTransaction, user: &usuario::Model) -> Result<(), DbErr> {
    for column in [propuesta::Column::PropuestaPor, propuesta::Column::Responde] {
        propuesta::Entity::update_many()
            .col_expr(
                propuesta::Column::Estado,
                Expr::value(ProposalState::Lapsed),
            )
            .col_expr(propuesta::Column::ResueltaEn, Expr::value(Utc::now()))
            .filter(column.eq(&user.id))
            .filter(propuesta::Column::Estado.eq(ProposalState::Pending))
            .exec(txn)
            .await?;
        propuesta::Entity::update_many()
            .col_expr(column, Expr::value(Option::<String>::None))
            .filter(column.eq(&user.id))
            .exec(txn)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::money::support::vocabulary::AgreementMode;

    fn agreement(activa: bool, hasta: Option<&str>) -> cuota::Model {
        let d = |t: &str| NaiveDate::parse_from_str(t, "%Y-%m-%d").expect("date");
        cuota::Model {
            id: "c".into(),
            familia_id: "f".into(),
            pagador_id: Some("payer".into()),
            beneficiario_id: Some("payee".into()),
            moneda: "ARS".into(),
            modo: AgreementMode::Amount.into(),
            monto: 100,
            porcentaje_pb: None,
            ingreso_declarado: None,
            dia_vencimiento: 10,
            desde: d("2030-01-01"),
            hasta: hasta.map(d),
            generar_desde: d("2030-01-01"),
            activa,
            hijos: "[]".into(),
            notas: None,
            credito: 0,
            creada_por: None,
            creada_en: Utc::now(),
            actualizada_en: Utc::now(),
        }
    }

    fn end(hasta: Option<&str>) -> TermsChange {
        TermsChange {
            activa: None,
            cambia_hasta: true,
            hasta: hasta.map(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").expect("date")),
        }
    }

    #[test]
    fn pausing_and_ending_sooner_lower_what_the_payee_receives() {
        let pause = TermsChange {
            activa: Some(false),
            ..TermsChange::default()
        };
        let resume = TermsChange {
            activa: Some(true),
            ..TermsChange::default()
        };
        assert_eq!(
            direction_of_change(&agreement(true, None), &pause),
            Direction::Lower
        );
        assert_eq!(
            direction_of_change(&agreement(false, None), &resume),
            Direction::Raise
        );
        assert_eq!(
            direction_of_change(&agreement(true, None), &resume),
            Direction::Same
        );
        assert_eq!(
            direction_of_change(&agreement(true, None), &end(Some("2031-01-01"))),
            Direction::Lower
        );
        assert_eq!(
            direction_of_change(
                &agreement(true, Some("2031-01-01")),
                &end(Some("2030-06-01"))
            ),
            Direction::Lower
        );
        assert_eq!(
            direction_of_change(
                &agreement(true, Some("2031-01-01")),
                &end(Some("2032-01-01"))
            ),
            Direction::Raise
        );
        assert_eq!(
            direction_of_change(&agreement(true, Some("2031-01-01")), &end(None)),
            Direction::Raise
        );
        assert_eq!(
            direction_of_change(
                &agreement(true, Some("2031-01-01")),
                &end(Some("2031-01-01"))
            ),
            Direction::Same
        );
    }
}
