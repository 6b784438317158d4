//! Answers to an expense by those who must approve it: approve (it counts once everyone has),
//! refuse (final: it never counts), dispute (with what one would accept; the disputer may still
//! approve or refuse it, the creator may withdraw it).

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, Set, TransactionTrait,
    sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    entities::{
        gasto::{self, APPROVED, DISPUTED, PENDING, REFUSED},
        gasto_respuesta,
    },
    expenses::{ExpenseAnswer, count, involved, visible},
    notice::{self, ExpenseStep, publish_change},
    views,
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::record::{self, Act, Audience, kinds},
    fields,
    i18n::Msg,
    ids, notifications,
    request::{AuthUser, Json},
    state::AppState,
};

pub const REASONS: [&str; 5] = [
    "no_acordado",
    "monto_incorrecto",
    "no_es_para_hijos",
    "duplicado",
    "otro",
];
const TEXT_MAX_CHARS: usize = 2000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefuseInput {
    /// no_acordado, monto_incorrecto, no_es_para_hijos, duplicado or otro.
    pub motivo: Option<String>,
    /// Up to 2000 characters; required with `otro`.
    pub comentario: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisputeInput {
    /// 1 to 2000 characters.
    pub comentario: Option<String>,
    /// What the disputer would accept: 1 to 2000 characters.
    pub propuesta: Option<String>,
}

enum Decision {
    Approve,
    Refuse {
        motivo: String,
        comentario: Option<String>,
    },
    Dispute {
        comentario: String,
        propuesta: String,
    },
}

/// Who disputed it (the latest dispute), if it is disputed.
fn disputer(answers: &[gasto_respuesta::Model]) -> Option<&str> {
    answers
        .iter()
        .rev()
        .find(|a| a.decision == DISPUTED)
        .map(|a| a.usuario_id.as_str())
}

/// Whether `me` may give `decision` to `row` with its `answers`: 403 if it is not theirs to
/// answer, 409 if it no longer waits for their answer.
fn allowed(
    row: &gasto::Model,
    answers: &[gasto_respuesta::Model],
    me: &str,
    decision: &Decision,
) -> ApiResult<()> {
    if !views::approvers(row).iter().any(|a| a == me) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::MoneyNotApprover));
    }
    let approved = answers
        .iter()
        .any(|a| a.usuario_id == me && a.decision == APPROVED);
    let open = match row.estado.as_str() {
        PENDING => !approved,
        DISPUTED => disputer(answers) == Some(me) && !matches!(decision, Decision::Dispute { .. }),
        _ => false,
    };
    if open {
        Ok(())
    } else {
        Err(ApiError::conflict(Msg::MoneyExpenseNotOpen))
    }
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

async fn answer(
    state: &AppState,
    auth: &AuthUser,
    gasto_id: &str,
    decision: Decision,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, gasto_id, &me).await?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    // The first statement writes, so that answers to one expense queue here and each sees the
    // ones before it.
    let taken = gasto::Entity::update_many()
        .col_expr(gasto::Column::UpdatedAt, Expr::value(now))
        .filter(gasto::Column::Id.eq(&found.id))
        .filter(gasto::Column::Estado.is_in([PENDING, DISPUTED]))
        .exec_with_returning(&txn)
        .await?;
    let Some(mut row) = taken.into_iter().next() else {
        return Err(ApiError::conflict(Msg::MoneyExpenseNotOpen));
    };
    let mut answers = answers_of(&txn, &row.id).await?;
    allowed(&row, &answers, &me, &decision)?;
    let (decision_name, motivo, comentario, propuesta) = match &decision {
        Decision::Approve => (APPROVED, None, None, None),
        Decision::Refuse { motivo, comentario } => {
            (REFUSED, Some(motivo.clone()), comentario.clone(), None)
        }
        Decision::Dispute {
            comentario,
            propuesta,
        } => (
            DISPUTED,
            None,
            Some(comentario.clone()),
            Some(propuesta.clone()),
        ),
    };
    let given = gasto_respuesta::Model {
        id: ids::new_id(),
        gasto_id: row.id.clone(),
        usuario_id: me.clone(),
        decision: decision_name.to_owned(),
        motivo,
        comentario,
        propuesta,
        created_at: now,
    };
    gasto_respuesta::Entity::insert(gasto_respuesta::ActiveModel::from(given.clone()))
        .exec_without_returning(&txn)
        .await?;
    answers.push(given.clone());
    let before = row.estado.clone();
    row.estado = match decision {
        Decision::Refuse { .. } => REFUSED.to_owned(),
        Decision::Dispute { .. } => DISPUTED.to_owned(),
        Decision::Approve => {
            let still_pending = gasto::Model {
                estado: PENDING.to_owned(),
                ..row.clone()
            };
            if views::missing(&still_pending, &answers).is_empty() {
                APPROVED.to_owned()
            } else {
                PENDING.to_owned()
            }
        }
    };
    if row.estado != before {
        gasto::Entity::update(gasto::ActiveModel {
            id: Set(row.id.clone()),
            estado: Set(row.estado.clone()),
            ..Default::default()
        })
        .exec(&txn)
        .await?;
    }
    if row.estado == APPROVED {
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
    let step = match (given.decision.as_str(), row.estado.as_str()) {
        (APPROVED, APPROVED) => ExpenseStep::Counted,
        (APPROVED, _) => ExpenseStep::Approved,
        (REFUSED, _) => ExpenseStep::Refused,
        _ => ExpenseStep::Disputed,
    };
    let told = notice::tell_expense(
        &txn,
        &family.id,
        &row.id,
        &me,
        &involved(&row),
        &row.descripcion,
        step,
    )
    .await?;
    let live = publish_change(&txn, &family.id, serde_json::json!({"gastoId": row.id})).await?;
    let seen = notifications::centre::mark_read_of(&txn, &me, &row.id).await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live).join(seen));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}

/// Approve an expense; it counts once everyone who must has approved it.
#[utoipa::path(post, path = "/gastos/{id}/aprobar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not one of those who must approve it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`: it no longer waits for the caller", body = ErrorBody),
    ))]
pub async fn approve_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ExpenseAnswer>> {
    answer(&state, &auth, &id, Decision::Approve).await
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
    let motivo = body.motivo.as_deref().map(str::trim).unwrap_or_default();
    if !REASONS.contains(&motivo) {
        return Err(ApiError::field("motivo", Msg::MoneyReasonInvalid));
    }
    let comentario = fields::optional_multiline_text(body.comentario, TEXT_MAX_CHARS)
        .map_err(|m| ApiError::field("comentario", m))?;
    if motivo == "otro" && comentario.is_none() {
        return Err(ApiError::field("comentario", Msg::MoneyCommentRequired));
    }
    let decision = Decision::Refuse {
        motivo: motivo.to_owned(),
        comentario,
    };
    answer(&state, &auth, &id, decision).await
}

/// Dispute an expense, saying what one would accept.
#[utoipa::path(post, path = "/gastos/{id}/disputar", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = DisputeInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not one of those who must approve it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_not_open`", body = ErrorBody),
        (status = 422, description = "a missing or too long comment or proposal", body = ErrorBody),
    ))]
pub async fn dispute_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<DisputeInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let comentario =
        fields::multiline_text(body.comentario, TEXT_MAX_CHARS, Msg::MoneyCommentRequired)
            .map_err(|_| ApiError::field("comentario", Msg::MoneyCommentRequired))?;
    let propuesta =
        fields::multiline_text(body.propuesta, TEXT_MAX_CHARS, Msg::MoneyProposalRequired)
            .map_err(|_| ApiError::field("propuesta", Msg::MoneyProposalRequired))?;
    answer(
        &state,
        &auth,
        &id,
        Decision::Dispute {
            comentario,
            propuesta,
        },
    )
    .await
}
