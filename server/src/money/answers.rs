//! Answers to an expense. Those who must approve it approve (it counts once everyone has),
//! refuse (final: it never counts) or dispute it (saying what they would accept, maybe as an
//! amount or a split). An expense that approved itself may still be disputed, for
//! `DISPUTE_DAYS`, by anyone it charges who never answered. A dispute goes back and forth: the
//! creator accepts its proposal (which becomes the expense's), replies (a comment, maybe a
//! counter-proposal) or withdraws the expense; after a reply the disputer approves (taking any
//! counter-proposal), refuses or disputes again. docs/money.md draws the states.

use std::collections::BTreeMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, Set, TransactionTrait,
    sea_query::Expr,
};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    access::coparents,
    entities::{
        gasto::{self, DISPUTE_DAYS},
        gasto_parte, gasto_respuesta,
    },
    expenses::{ExpenseAnswer, count, involved, visible},
    input,
    notice::{self, ExpenseStep, publish_change},
    settings,
    split::{self, Split},
    views,
    vocabulary::{AnswerDecision, ExpenseState, RefusalReason},
};
use crate::ids::{FamilyId, UserId};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids, notifications,
    platform::live::MoneySubject,
    request::{AuthUser, Json},
    state::AppState,
    vocabulary::{self, ClosedSet},
};

const TEXT_MAX_CHARS: usize = 2000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefuseInput {
    /// no_acordado, monto_incorrecto, no_es_para_hijos, duplicado or otro.
    #[schema(required = true, value_type = RefusalReason)]
    pub motivo: Option<String>,
    /// Up to 2000 characters; required with `otro`.
    #[schema(format = "multi-line", max_length = 2000)]
    pub comentario: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisputeInput {
    /// 1 to 2000 characters.
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 2000, pattern = r"\S")]
    pub comentario: Option<String>,
    /// What the disputer would accept: 1 to 2000 characters; may be left out when
    /// `montoPropuesto` or `repartoPropuesto` says it.
    #[schema(format = "multi-line", max_length = 2000)]
    pub propuesta: Option<String>,
    /// The amount one would accept, in minor units (1 to 10^12).
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1e12)]
    pub monto_propuesto: Option<Value>,
    /// The split one would accept, as `reparto` when adding; it may not raise the share of a
    /// co-parent outside the dispute.
    #[schema(value_type = Option<Split>)]
    pub reparto_propuesto: Option<Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyInput {
    /// 1 to 2000 characters.
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 2000, pattern = r"\S")]
    pub comentario: Option<String>,
    /// A counter-proposal's amount, minor units; the disputer's approval takes it.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1e12)]
    pub monto_propuesto: Option<Value>,
    /// A counter-proposal's split.
    #[schema(value_type = Option<Split>)]
    pub reparto_propuesto: Option<Value>,
}

/// A proposed amount and/or split, checked against the expense and the family.
#[derive(Clone, Default)]
struct Offer {
    monto: Option<i64>,
    reparto: Option<Split>,
}

impl Offer {
    fn is_some(&self) -> bool {
        self.monto.is_some() || self.reparto.is_some()
    }
}

enum Decision {
    Approve,
    Refuse {
        motivo: RefusalReason,
        comentario: Option<String>,
    },
    Dispute {
        comentario: String,
        propuesta: Option<String>,
        offer: Offer,
    },
    /// The creator's reply to a dispute.
    Reply {
        comentario: String,
        offer: Offer,
    },
    /// The creator takes the dispute's proposal.
    Accept,
}

impl Decision {
    fn by_creator(&self) -> bool {
        matches!(self, Decision::Reply { .. } | Decision::Accept)
    }
}

fn charged(me: &str, partes: &[gasto_parte::Model]) -> bool {
    partes.iter().any(|p| p.usuario_id == me && p.monto > 0)
}

/// Whether `me` may give `decision` to `row` at `now`: 403 if it is not theirs to give, 409 if
/// the expense does not wait for it.
fn allowed(
    row: &gasto::Model,
    answers: &[gasto_respuesta::Model],
    partes: &[gasto_parte::Model],
    me: &str,
    decision: &Decision,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let not_open = || Err(ApiError::conflict(Msg::MoneyExpenseNotOpen));
    let turn = views::latest_turn(answers).and_then(|a| AnswerDecision::from_wire(&a.decision));
    if decision.by_creator() {
        if row.creado_por != me {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                Msg::MoneyDisputeNotYours,
            ));
        }
        if row.estado != ExpenseState::Disputed.as_str() || turn != Some(AnswerDecision::Disputed) {
            return not_open();
        }
        return Ok(());
    }
    if !views::approvers(row).iter().any(|a| a == me) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::MoneyNotApprover));
    }
    let approved = views::approved_people(answers).contains(&me);
    let open = match ExpenseState::from_wire(&row.estado) {
        Some(ExpenseState::Pending) => !approved,
        Some(ExpenseState::Disputed) => {
            views::disputer(answers) == Some(me)
                && (!matches!(decision, Decision::Dispute { .. })
                    || turn == Some(AnswerDecision::Replied))
        }
        // It approved itself: whom it charges may still dispute it for a while.
        Some(ExpenseState::Approved) => {
            matches!(decision, Decision::Dispute { .. })
                && !approved
                && charged(me, partes)
                && row
                    .aprobado_auto_en
                    .is_some_and(|at| now <= at + Duration::days(DISPUTE_DAYS))
        }
        _ => false,
    };
    if open { Ok(()) } else { not_open() }
}

async fn answers_of(
    txn: &DatabaseTransaction,
    gasto_id: &str,
) -> Result<Vec<gasto_respuesta::Model>, sea_orm::DbErr> {
    gasto_respuesta::Entity::find()
        .filter(gasto_respuesta::Column::GastoId.eq(gasto_id))
        .order_by_asc(gasto_respuesta::Column::CreatedAt)
        .order_by_asc(gasto_respuesta::Column::Id)
        .all(txn)
        .await
}

async fn parts_of(
    db: &impl sea_orm::ConnectionTrait,
    gasto_id: &str,
) -> Result<Vec<gasto_parte::Model>, sea_orm::DbErr> {
    gasto_parte::Entity::find()
        .filter(gasto_parte::Column::GastoId.eq(gasto_id))
        .all(db)
        .await
}

/// Checks a proposal's amount and split against the expense and its family. `between` are the
/// two sides of the dispute, whose shares it may raise; nobody else's.
async fn offer(
    db: &impl sea_orm::ConnectionTrait,
    row: &gasto::Model,
    family: &familia::Model,
    between: [&str; 2],
    monto: Option<&Value>,
    split: Option<&Value>,
) -> ApiResult<Offer> {
    let mut errors = FieldErrors::default();
    let monto = match monto {
        None | Some(Value::Null) => None,
        some => errors.check("montoPropuesto", input::amount(some)),
    };
    let reparto = match split {
        None | Some(Value::Null) => None,
        Some(value) => {
            let members = coparents(db, &family.id).await?;
            let saved = settings::load(db, family).await?;
            let mut found = FieldErrors::default();
            let shares = split::check(
                Some(value),
                Some(monto.unwrap_or(row.monto)),
                &row.pagado_por,
                &members,
                &saved.ingresos,
                &mut found,
            );
            if shares.is_none() {
                errors.add("repartoPropuesto", Msg::MoneySplitInvalid);
            }
            shares.map(|s| s.reparto)
        }
    };
    errors.into_result()?;
    let offer = Offer { monto, reparto };
    if offer.is_some() {
        let current = parts_of(db, &row.id).await?;
        let proposed = shares_under(row, &offer)
            .ok_or_else(|| ApiError::field("repartoPropuesto", Msg::MoneySplitInvalid))?;
        let raises = proposed.iter().any(|(who, share)| {
            let before = current
                .iter()
                .find(|p| p.usuario_id == *who)
                .map_or(0, |p| p.monto);
            !between.contains(&who.as_str()) && *share > before
        });
        if raises {
            let field = if offer.reparto.is_some() {
                "repartoPropuesto"
            } else {
                "montoPropuesto"
            };
            return Err(ApiError::field(field, Msg::MoneyProposalRaisesOthers));
        }
    }
    Ok(offer)
}

/// The shares an offer gives the expense.
fn shares_under(row: &gasto::Model, offer: &Offer) -> Option<Vec<(String, i64)>> {
    let as_answer = gasto_respuesta::Model {
        id: String::new(),
        gasto_id: row.id.clone(),
        usuario_id: String::new(),
        decision: String::new(),
        motivo: None,
        comentario: None,
        propuesta: None,
        monto_propuesto: offer.monto,
        reparto_propuesto: offer
            .reparto
            .as_ref()
            .and_then(|r| serde_json::to_string(r).ok()),
        created_at: Utc::now(),
    };
    views::proposed_shares(row, &as_answer)
}

/// The offer a stored answer made.
fn offer_of(answer: &gasto_respuesta::Model) -> Offer {
    Offer {
        monto: answer.monto_propuesto,
        reparto: views::proposed_split(answer),
    }
}

/// Makes `offer` the expense's amount, split and shares. 409 when it can no longer apply: a
/// participant is no longer a co-parent, or an insurer's refund was recorded (split by the
/// shares it would change).
async fn apply_offer(
    txn: &DatabaseTransaction,
    row: &mut gasto::Model,
    offer: &Offer,
) -> ApiResult<Vec<(String, i64)>> {
    let cannot = || ApiError::conflict(Msg::MoneyProposalCannotApply);
    if row.reintegro_monto.is_some() {
        return Err(cannot());
    }
    let shares = shares_under(row, offer).ok_or_else(cannot)?;
    let members = coparents(txn, &row.familia_id).await?;
    if shares.iter().any(|(who, _)| !members.contains(who)) {
        return Err(cannot());
    }
    if let Some(monto) = offer.monto {
        row.monto = monto;
    }
    if let Some(reparto) = &offer.reparto {
        row.reparto = serde_json::to_string(reparto).map_err(ApiError::internal)?;
    }
    gasto::Entity::update(gasto::ActiveModel {
        id: Set(row.id.clone()),
        monto: Set(row.monto),
        reparto: Set(row.reparto.clone()),
        ..Default::default()
    })
    .exec(txn)
    .await?;
    gasto_parte::Entity::delete_many()
        .filter(gasto_parte::Column::GastoId.eq(&row.id))
        .exec(txn)
        .await?;
    gasto_parte::Entity::insert_many(shares.iter().map(|(usuario_id, monto)| {
        gasto_parte::ActiveModel {
            gasto_id: Set(row.id.clone()),
            usuario_id: Set(usuario_id.clone()),
            monto: Set(*monto),
            reintegro: Set(None),
        }
    }))
    .exec_without_returning(txn)
    .await?;
    Ok(shares)
}

/// Where an agreement leaves a disputed expense: an expense that approved itself counts again;
/// another counts once everyone who must has approved.
fn settled(row: &gasto::Model, answers: &[gasto_respuesta::Model]) -> ExpenseState {
    let still_pending = gasto::Model {
        estado: ExpenseState::Pending.into(),
        ..row.clone()
    };
    if row.aprobado_auto_en.is_some() || views::missing(&still_pending, answers).is_empty() {
        ExpenseState::Approved
    } else {
        ExpenseState::Pending
    }
}

async fn answer(
    state: &AppState,
    auth: &AuthUser,
    found: gasto::Model,
    family: familia::Model,
    decision: Decision,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let now = Utc::now();
    let txn = state.db.begin().await?;
    // The first statement writes, so that answers to one expense queue here and each sees the
    // ones before it.
    let taken = gasto::Entity::update_many()
        .col_expr(gasto::Column::UpdatedAt, Expr::value(now))
        .filter(gasto::Column::Id.eq(&found.id))
        .filter(gasto::Column::Estado.is_in([
            ExpenseState::Pending,
            ExpenseState::Disputed,
            ExpenseState::Approved,
        ]))
        .exec_with_returning(&txn)
        .await?;
    let Some(mut row) = taken.into_iter().next() else {
        return Err(ApiError::conflict(Msg::MoneyExpenseNotOpen));
    };
    let mut answers = answers_of(&txn, &row.id).await?;
    let partes = parts_of(&txn, &row.id).await?;
    allowed(&row, &answers, &partes, &me, &decision, now)?;
    let turn = views::latest_turn(&answers).cloned();
    // What this answer puts into force: the dispute's proposal the creator takes, or the
    // creator's counter-proposal the disputer approves.
    let taking = match (&decision, &turn) {
        (Decision::Accept, Some(t)) => {
            let o = offer_of(t);
            if !o.is_some() {
                return Err(ApiError::conflict(Msg::MoneyNothingToAccept));
            }
            Some(o)
        }
        (Decision::Approve, Some(t))
            if row.estado == ExpenseState::Disputed.as_str()
                && t.decision == AnswerDecision::Replied.as_str() =>
        {
            Some(offer_of(t)).filter(Offer::is_some)
        }
        _ => None,
    };
    let (decision_name, motivo, comentario, propuesta, offered) = match &decision {
        Decision::Approve => (AnswerDecision::Approved, None, None, None, Offer::default()),
        Decision::Refuse { motivo, comentario } => (
            AnswerDecision::Refused,
            Some(String::from(*motivo)),
            comentario.clone(),
            None,
            Offer::default(),
        ),
        Decision::Dispute {
            comentario,
            propuesta,
            offer,
        } => (
            AnswerDecision::Disputed,
            None,
            Some(comentario.clone()),
            propuesta.clone(),
            offer.clone(),
        ),
        Decision::Reply { comentario, offer } => (
            AnswerDecision::Replied,
            None,
            Some(comentario.clone()),
            None,
            offer.clone(),
        ),
        Decision::Accept => (
            AnswerDecision::TookProposal,
            None,
            None,
            None,
            Offer::default(),
        ),
    };
    let given = gasto_respuesta::Model {
        id: ids::new_id(),
        gasto_id: row.id.clone(),
        usuario_id: me.clone(),
        decision: decision_name.into(),
        motivo,
        comentario,
        propuesta,
        monto_propuesto: offered.monto,
        reparto_propuesto: offered
            .reparto
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(ApiError::internal)?,
        created_at: now,
    };
    gasto_respuesta::Entity::insert(gasto_respuesta::ActiveModel::from(given.clone()))
        .exec_without_returning(&txn)
        .await?;
    answers.push(given.clone());
    let applied = match &taking {
        Some(o) => Some(apply_offer(&txn, &mut row, o).await?),
        None => None,
    };
    let before = row.estado.clone();
    row.estado = match &decision {
        Decision::Refuse { .. } => ExpenseState::Refused,
        Decision::Dispute { .. } | Decision::Reply { .. } => ExpenseState::Disputed,
        Decision::Approve | Decision::Accept => settled(&row, &answers),
    }
    .into();
    if row.estado != before {
        gasto::Entity::update(gasto::ActiveModel {
            id: Set(row.id.clone()),
            estado: Set(row.estado.clone()),
            ..Default::default()
        })
        .exec(&txn)
        .await?;
    }
    let approved = ExpenseState::Approved.as_str();
    if before == approved && row.estado != approved {
        // A dispute of an expense that approved itself: it stops counting meanwhile.
        count(&txn, &row, -1).await?;
    } else if before != approved && row.estado == approved {
        count(&txn, &row, 1).await?;
    }
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::EXPENSE_ANSWERED,
            actor: Some(&me),
            content: serde_json::json!({
                "gasto": row.id,
                "descripcion": row.descripcion,
                "decision": given.decision,
                "motivo": given.motivo,
                "comentario": given.comentario,
                "propuesta": given.propuesta,
                "montoPropuesto": given.monto_propuesto,
                "repartoPropuesto": offered.reparto,
                "aplicado": applied.as_ref().map(|shares| serde_json::json!({
                    "monto": row.monto,
                    "partes": shares.iter().cloned().collect::<BTreeMap<String, i64>>(),
                })),
                "estado": row.estado,
            }),
            subjects: vec![
                record::user_subject(&me),
                record::user_subject(&row.creado_por),
            ],
            audience: Audience::CoParents,
        },
    )
    .await?;
    let counts = row.estado == approved;
    let step = match (decision_name, counts) {
        (AnswerDecision::Approved, true) => ExpenseStep::Counted,
        (AnswerDecision::Approved, false) => ExpenseStep::Approved,
        (AnswerDecision::Refused, _) => ExpenseStep::Refused,
        (AnswerDecision::Replied, _) => ExpenseStep::Replied,
        (AnswerDecision::TookProposal, counts) => ExpenseStep::ProposalAccepted { counts },
        (AnswerDecision::Disputed, _) => ExpenseStep::Disputed,
    };
    let told = notice::tell_expense(
        &txn,
        &FamilyId::new(&family.id),
        &row.id,
        &UserId::new(me.as_str()),
        &involved(&row),
        &row.descripcion,
        step,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
    let seen =
        notifications::centre::mark_read_of(&txn, &UserId::new(me.as_str()), &row.id).await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live).join(seen));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}

/// Approve an expense; it counts once everyone who must has approved it. The disputer approving
/// after the creator's reply takes its counter-proposal, if it made one.
#[utoipa::path(post, path = "/gastos/{id}/aprobar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not one of those who must approve it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`: it no longer waits for the caller; `money_proposal_cannot_apply`", body = ErrorBody),
    ))]
pub async fn approve_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    answer(&state, &auth, found, family, Decision::Approve).await
}

/// Refuse an expense, with a reason: final, it never counts.
#[utoipa::path(post, path = "/gastos/{id}/rechazar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = RefuseInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not one of those who must approve it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`", body = ErrorBody),
        (status = 422, description = "an unknown reason, or `otro` without a comment", body = ErrorBody),
    ))]
pub async fn refuse_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<RefuseInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    let motivo: RefusalReason = vocabulary::one_of(
        body.motivo.as_deref().unwrap_or_default(),
        Msg::MoneyReasonInvalid,
    )
    .map_err(|m| ApiError::field("motivo", m))?;
    let comentario = fields::optional_multiline_text(body.comentario, TEXT_MAX_CHARS)
        .map_err(|m| ApiError::field("comentario", m))?;
    if motivo == RefusalReason::Other && comentario.is_none() {
        return Err(ApiError::field("comentario", Msg::MoneyCommentRequired));
    }
    let decision = Decision::Refuse { motivo, comentario };
    answer(&state, &auth, found, family, decision).await
}

/// Dispute an expense, saying what one would accept: in words, and maybe as an amount and/or a
/// split the creator can accept in one step. Also, for `DISPUTE_DAYS`, an expense that approved
/// itself, by anyone it charges who never answered it; it stops counting meanwhile.
#[utoipa::path(post, path = "/gastos/{id}/disputar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = DisputeInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not one of those who must approve it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`", body = ErrorBody),
        (status = 422, description = "a missing or too long comment, no proposal in words nor as an amount or split, a bad amount or split, a split that raises the share of someone outside the dispute", body = ErrorBody),
    ))]
pub async fn dispute_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<DisputeInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    let comentario =
        fields::multiline_text(body.comentario, TEXT_MAX_CHARS, Msg::MoneyCommentRequired)
            .map_err(|_| ApiError::field("comentario", Msg::MoneyCommentRequired))?;
    let offered = offer(
        &state.db,
        &found,
        &family,
        [me.as_str(), found.creado_por.as_str()],
        body.monto_propuesto.as_ref(),
        body.reparto_propuesto.as_ref(),
    )
    .await?;
    let propuesta = if offered.is_some() {
        fields::optional_multiline_text(body.propuesta, TEXT_MAX_CHARS)
            .map_err(|_| ApiError::field("propuesta", Msg::MoneyProposalRequired))?
    } else {
        Some(
            fields::multiline_text(body.propuesta, TEXT_MAX_CHARS, Msg::MoneyProposalRequired)
                .map_err(|_| ApiError::field("propuesta", Msg::MoneyProposalRequired))?,
        )
    };
    answer(
        &state,
        &auth,
        found,
        family,
        Decision::Dispute {
            comentario,
            propuesta,
            offer: offered,
        },
    )
    .await
}

/// Reply to a dispute (by whoever added the expense): a comment, maybe with a counter-proposal
/// the disputer's approval takes. It goes back to the disputer.
#[utoipa::path(post, path = "/gastos/{id}/contestar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ReplyInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`money_dispute_not_yours`: not the one who added it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`: not disputed, or already replied to", body = ErrorBody),
        (status = 422, description = "a missing or too long comment, a bad amount or split", body = ErrorBody),
    ))]
pub async fn reply_to_dispute(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<ReplyInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    if found.creado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyDisputeNotYours,
        ));
    }
    let comentario =
        fields::multiline_text(body.comentario, TEXT_MAX_CHARS, Msg::MoneyCommentRequired)
            .map_err(|_| ApiError::field("comentario", Msg::MoneyCommentRequired))?;
    // The exchange is between the creator and the latest disputer.
    let disputer = super::entities::gasto_respuesta::Entity::find()
        .filter(gasto_respuesta::Column::GastoId.eq(&found.id))
        .filter(gasto_respuesta::Column::Decision.eq(AnswerDecision::Disputed))
        .order_by_desc(gasto_respuesta::Column::CreatedAt)
        .order_by_desc(gasto_respuesta::Column::Id)
        .one(&state.db)
        .await?
        .map(|a| a.usuario_id)
        .unwrap_or_default();
    let offered = offer(
        &state.db,
        &found,
        &family,
        [me.as_str(), disputer.as_str()],
        body.monto_propuesto.as_ref(),
        body.reparto_propuesto.as_ref(),
    )
    .await?;
    answer(
        &state,
        &auth,
        found,
        family,
        Decision::Reply {
            comentario,
            offer: offered,
        },
    )
    .await
}

/// Accept the dispute's proposal (by whoever added the expense): its amount and/or split become
/// the expense's, and it counts (once anyone else who must approve has).
#[utoipa::path(post, path = "/gastos/{id}/aceptar-propuesta", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "`money_dispute_not_yours`: not the one who added it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`; `money_nothing_to_accept`: the dispute proposes no amount or split; `money_proposal_cannot_apply`: a participant left, or a refund was recorded", body = ErrorBody),
    ))]
pub async fn accept_proposal(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    answer(&state, &auth, found, family, Decision::Accept).await
}
