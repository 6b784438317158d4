//! `/api/familias/{id}/custodia/propuestas`: a parenting coordinator's proposals. A family
//! professional whose profession is `coordinador` and whose scope holds the calendar proposes a
//! schedule or a holiday period; it changes nothing until every co-parent of the day has accepted
//! it. Then it is checked again against the family as it is and applied as if the last co-parent
//! to accept had set it (the record names the proposal). Any co-parent may reject it while it
//! waits, and the coordinator may withdraw it; one whose access ended before that has lapsed.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    entities::propuesta,
    periods::{self, PeriodInput},
    publish_change,
    schedule::{self, ScheduleInput},
};
use crate::{
    calendar::access::Calendar,
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self, Changes,
        access::coparents,
        entities::familia,
        professionals::{
            input::{AccessKind, Area, Profession},
            lens::{self, Lens},
        },
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids,
    notifications::{self, kinds as notice_kinds},
    platform::live::{CustodyPart, CustodySubject, Wake},
    request::{AuthUser, Json},
    state::AppState,
    vocabulary::ClosedSet,
};

const NOTE_MAX_CHARS: usize = 1000;
/// The newest proposals a list shows.
const LIST_MAX: u64 = 50;

crate::closed_set! {
    /// What a coordinator proposes.
    pub enum ProposalKind {
        Schedule = "calendario",
        Period = "periodo",
    }
}

crate::closed_set! {
    /// Where a proposal stands. `caducada`: its coordinator's access ended while it waited.
    pub enum ProposalState {
        Pending = "pendiente",
        Accepted = "aceptada",
        Rejected = "rechazada",
        Withdrawn = "retirada",
        Lapsed = "caducada",
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustodyProposalInput {
    #[schema(required = true, value_type = ProposalKind)]
    pub tipo: Option<String>,
    /// For `calendario`: the schedule, as `PUT /familias/{id}/custodia` takes it.
    pub calendario: Option<ScheduleInput>,
    /// For `periodo`: the holiday period, as `POST /familias/{id}/custodia/periodos` takes it.
    pub periodo: Option<PeriodInput>,
    /// Why, for the parents: up to 1,000 characters.
    #[schema(format = "multi-line", max_length = 1000)]
    pub nota: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustodyProposalView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    #[schema(value_type = ProposalKind)]
    pub tipo: String,
    /// The schedule proposed, for `calendario`.
    pub calendario: Option<ScheduleInput>,
    /// The holiday period proposed, for `periodo`.
    pub periodo: Option<PeriodInput>,
    pub nota: Option<String>,
    pub estado: ProposalState,
    /// The coordinator; null once their account is erased.
    pub propuesta_por: Option<CustodyProposer>,
    /// The co-parents who accepted it.
    pub aceptaciones: Vec<String>,
    /// While it waits: the co-parents who have not accepted it yet.
    pub faltan: Vec<String>,
    pub resuelta_por: Option<String>,
    pub resuelta_at: Option<chrono::DateTime<Utc>>,
    pub created_at: chrono::DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustodyProposer {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustodyProposalAnswer {
    pub success: bool,
    pub data: CustodyProposalView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustodyProposalListAnswer {
    pub success: bool,
    pub data: Vec<CustodyProposalView>,
}

fn accepted_by(row: &propuesta::Model) -> Vec<String> {
    serde_json::from_str(&row.aceptaciones).unwrap_or_default()
}

/// The co-parents still to accept, of those of the family today.
fn missing(row: &propuesta::Model, everyone: &[String]) -> Vec<String> {
    let done = accepted_by(row);
    everyone
        .iter()
        .filter(|c| !done.contains(c))
        .cloned()
        .collect()
}

/// The proposal's state: a pending one whose access is no longer active has lapsed.
async fn state_of(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    row: &propuesta::Model,
    everyone: &[String],
) -> Result<ProposalState, DbErr> {
    let stored = ProposalState::from_wire(&row.estado).unwrap_or(ProposalState::Lapsed);
    if stored != ProposalState::Pending {
        return Ok(stored);
    }
    let live = lens::of_access(db, family, &row.acceso_id, everyone)
        .await?
        .is_some();
    Ok(if live {
        ProposalState::Pending
    } else {
        ProposalState::Lapsed
    })
}

async fn views(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    rows: Vec<propuesta::Model>,
) -> Result<Vec<CustodyProposalView>, DbErr> {
    let everyone = coparents(db, &family.id).await?;
    let authors: Vec<String> = rows
        .iter()
        .filter_map(|r| r.propuesta_por.clone())
        .collect();
    let people = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(authors))
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let estado = state_of(db, family, &row, &everyone).await?;
        let datos: serde_json::Value = serde_json::from_str(&row.datos).unwrap_or_default();
        let kind = ProposalKind::from_wire(&row.tipo);
        out.push(CustodyProposalView {
            faltan: if estado == ProposalState::Pending {
                missing(&row, &everyone)
            } else {
                Vec::new()
            },
            aceptaciones: accepted_by(&row),
            calendario: (kind == Some(ProposalKind::Schedule))
                .then(|| serde_json::from_value(datos.clone()).ok())
                .flatten(),
            periodo: (kind == Some(ProposalKind::Period))
                .then(|| serde_json::from_value(datos).ok())
                .flatten(),
            propuesta_por: row.propuesta_por.as_ref().and_then(|id| {
                people
                    .iter()
                    .find(|p| &p.id == id)
                    .map(|p| CustodyProposer {
                        id: p.id.clone(),
                        nombre: p.nombre.clone(),
                        apellido: p.apellido.clone(),
                    })
            }),
            estado,
            id: row.id,
            familia_id: row.familia_id,
            tipo: row.tipo,
            nota: row.nota,
            resuelta_por: row.resuelta_por,
            resuelta_at: row.resuelta_at,
            created_at: row.created_at,
        });
    }
    Ok(out)
}

/// The family and the caller's coordinator lens, for a caller who is not a member: 404 to
/// anyone without an active access, 403 to a professional who is not the family's coordinator
/// for the calendar.
async fn as_coordinator(
    state: &AppState,
    familia_id: &str,
    me: &str,
) -> ApiResult<(familia::Model, Lens)> {
    let family = familia::Entity::find_by_id(familia_id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let everyone = coparents(&state.db, familia_id).await?;
    let held = lens::all_active(&state.db, &family, me, &everyone).await?;
    let coordinator = held.iter().find(|l| {
        l.kind == AccessKind::Family
            && l.profession == Some(Profession::Coordinator)
            && l.covers(Area::Calendar)
    });
    match coordinator {
        Some(lens) => Ok((family.clone(), lens.clone())),
        None if held.is_empty() => Err(ApiError::not_found()),
        None => Err(ApiError::forbidden()),
    }
}

async fn is_member(state: &AppState, familia_id: &str, me: &str) -> ApiResult<bool> {
    Ok(families::memberships(state, me)
        .await?
        .iter()
        .any(|m| m.familia_id == familia_id))
}

/// What the proposal holds, checked against the family as it is now: its input normalised.
async fn checked_data(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    kind: ProposalKind,
    calendario: Option<&ScheduleInput>,
    periodo: Option<&PeriodInput>,
) -> ApiResult<serde_json::Value> {
    let data = match (kind, calendario, periodo) {
        (ProposalKind::Schedule, Some(body), _) => {
            serde_json::to_value(schedule::check(db, family, body).await?.input())
        }
        (ProposalKind::Period, _, Some(body)) => {
            serde_json::to_value(periods::check(db, &family.id, body).await?.input())
        }
        _ => return Err(ApiError::field("tipo", Msg::ProposalKindInvalid)),
    };
    data.map_err(|e| ApiError::internal(format!("a proposal's data: {e}")))
}

/// What a proposal's notice says, in Spanish and English.
async fn notice(
    txn: &sea_orm::DatabaseTransaction,
    recipients: &[String],
    family: &familia::Model,
    actor: &str,
    (es, en): (String, String),
) -> Result<Wake, DbErr> {
    families::notices::notify(
        txn,
        recipients,
        notifications::Notice {
            kind: notice_kinds::CUSTODY_PROPOSAL,
            familia_id: Some(family.id.clone()),
            actor_id: Some(actor.to_owned()),
            datos: serde_json::json!({ "detalleEs": es, "detalleEn": en }),
            enlace: Some("/calendar".to_owned()),
            objeto_id: None,
            solo_app: Vec::new(),
        },
    )
    .await
}

fn full_name(user: &usuario::Model) -> String {
    format!("{} {}", user.nombre, user.apellido)
        .trim()
        .to_owned()
}

/// The family's proposals, newest first (50): every member who reads the calendar sees them
/// all; the family's coordinator, their own.
#[utoipa::path(get, path = "/familias/{id}/custodia/propuestas", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = CustodyProposalListAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a professional who is not the family's coordinator", body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn list_custody_proposals(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(familia_id): Path<String>,
) -> ApiResult<Json<CustodyProposalListAnswer>> {
    let mut find = propuesta::Entity::find().filter(propuesta::Column::FamiliaId.eq(&familia_id));
    let family = if is_member(&state, &familia_id, &auth.id).await? {
        families::reach::<Calendar>(
            &state.db,
            &ids::FamilyId::new(&familia_id),
            &auth.id,
            families::Need::Read,
        )
        .await?
        .family
    } else {
        let (family, _) = as_coordinator(&state, &familia_id, &auth.id).await?;
        find = find.filter(propuesta::Column::PropuestaPor.eq(auth.id.as_str()));
        family
    };
    let rows = find
        .order_by_desc(propuesta::Column::CreatedAt)
        .order_by_desc(propuesta::Column::Id)
        .limit(LIST_MAX)
        .all(&state.db)
        .await?;
    Ok(Json(CustodyProposalListAnswer {
        success: true,
        data: views(&state.db, &family, rows).await?,
    }))
}

/// Propose a schedule or a holiday period to the co-parents: the family's parenting coordinator
/// only (a family professional whose profession is `coordinador` and whose scope holds the
/// calendar). Checked now as the co-parents' own change would be, and again when applied.
#[utoipa::path(post, path = "/familias/{id}/custodia/propuestas", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = CustodyProposalInput,
    responses(
        (status = 201, body = CustodyProposalAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a member (co-parents change the custody themselves) or a professional who is not the family's coordinator", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "a bad kind, schedule, period or note", body = ErrorBody),
    ))]
pub async fn propose_custody(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(familia_id): Path<String>,
    Json(body): Json<CustodyProposalInput>,
) -> ApiResult<(StatusCode, Json<CustodyProposalAnswer>)> {
    if is_member(&state, &familia_id, &auth.id).await? {
        return Err(ApiError::forbidden());
    }
    let (family, lens) = as_coordinator(&state, &familia_id, &auth.id).await?;
    let mut errors = FieldErrors::default();
    let kind = errors.check(
        "tipo",
        crate::vocabulary::one_of(
            body.tipo.as_deref().unwrap_or_default(),
            Msg::ProposalKindInvalid,
        ),
    );
    let nota = errors.check(
        "nota",
        fields::optional_multiline_text(body.nota.clone(), NOTE_MAX_CHARS),
    );
    errors.into_result()?;
    let (Some(kind), Some(nota)) = (kind, nota) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let datos = checked_data(
        &state.db,
        &family,
        kind,
        body.calendario.as_ref(),
        body.periodo.as_ref(),
    )
    .await?;
    let me = auth.user.clone();
    let now = Utc::now();
    let row = propuesta::Model {
        id: ids::new_id(),
        familia_id: family.id.clone(),
        acceso_id: lens.access_id.clone(),
        propuesta_por: Some(me.id.clone()),
        tipo: kind.wire().to_owned(),
        datos: datos.to_string(),
        nota,
        estado: ProposalState::Pending.wire().to_owned(),
        aceptaciones: "[]".to_owned(),
        resuelta_por: None,
        resuelta_at: None,
        created_at: now,
        updated_at: now,
    };
    let everyone = coparents(&state.db, &family.id).await?;
    let txn = state.db.begin().await?;
    propuesta::Entity::insert(propuesta::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await?;
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::CUSTODY_PROPOSED,
            actor: Some(&me.id),
            content: serde_json::json!({
                "propuesta": row.id,
                "acceso": row.acceso_id,
                "tipo": row.tipo,
                "datos": datos,
                "nota": row.nota,
            }),
            subjects: vec![record::user_subject(&me.id)],
            audience: Audience::Family,
        },
    )
    .await?;
    let who = full_name(&me);
    let (es, en) = match kind {
        ProposalKind::Schedule => (
            format!(
                "{who}, de la coordinación parental, propone un calendario de custodia. Acéptalo o recházalo en el calendario."
            ),
            format!(
                "{who}, the parenting coordinator, proposes a custody schedule. Accept or reject it in the calendar."
            ),
        ),
        ProposalKind::Period => (
            format!(
                "{who}, de la coordinación parental, propone un período de vacaciones. Acéptalo o recházalo en el calendario."
            ),
            format!(
                "{who}, the parenting coordinator, proposes a holiday period. Accept or reject it in the calendar."
            ),
        ),
    };
    let told = notice(&txn, &everyone, &family, &me.id, (es, en)).await?;
    let changed = publish_change(
        &txn,
        &family.id,
        CustodySubject::Part(CustodyPart::Proposals),
    )
    .await?;
    txn.commit().await?;
    state.wake(told.join(changed));
    let data = views(&state.db, &family, vec![row])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("a proposal vanished"))?;
    Ok((
        StatusCode::CREATED,
        Json(CustodyProposalAnswer {
            success: true,
            data,
        }),
    ))
}

/// What a co-parent or the coordinator does with a proposal that waits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Accept,
    Reject,
    Withdraw,
}

/// Takes a step on a waiting proposal inside one transaction whose first statement holds the
/// proposal's row (PostgreSQL) or the write lock (SQLite), so two co-parents accepting at once
/// both count.
async fn take_step(
    state: &AppState,
    family: &familia::Model,
    propuesta_id: &str,
    me: &usuario::Model,
    step: Step,
) -> ApiResult<CustodyProposalView> {
    let everyone = coparents(&state.db, &family.id).await?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    let held = propuesta::Entity::update_many()
        .col_expr(propuesta::Column::UpdatedAt, Expr::value(now))
        .filter(propuesta::Column::Id.eq(propuesta_id))
        .filter(propuesta::Column::FamiliaId.eq(&family.id))
        .exec_with_returning(&txn)
        .await?;
    let Some(mut row) = held.into_iter().next() else {
        return Err(ApiError::not_found());
    };
    if step == Step::Withdraw && row.propuesta_por.as_deref() != Some(me.id.as_str()) {
        return Err(ApiError::not_found());
    }
    if state_of(&txn, family, &row, &everyone).await? != ProposalState::Pending {
        return Err(ApiError::conflict(Msg::ProposalClosed));
    }
    let mut accepted = accepted_by(&row);
    let mut applied = false;
    let mut wake = Wake::none();
    match step {
        Step::Accept => {
            if accepted.contains(&me.id) {
                return Err(ApiError::conflict(Msg::ProposalAnswered));
            }
            accepted.push(me.id.clone());
            row.aceptaciones = serde_json::to_string(&accepted)
                .map_err(|e| ApiError::internal(format!("acceptances: {e}")))?;
            if everyone.iter().all(|c| accepted.contains(c)) {
                wake = wake.join(apply(&txn, family, &row, &me.id).await?);
                applied = true;
                row.estado = ProposalState::Accepted.wire().to_owned();
            }
        }
        Step::Reject => row.estado = ProposalState::Rejected.wire().to_owned(),
        Step::Withdraw => row.estado = ProposalState::Withdrawn.wire().to_owned(),
    }
    if step != Step::Accept || applied {
        row.resuelta_por = Some(me.id.clone());
        row.resuelta_at = Some(now);
    }
    propuesta::Entity::update_many()
        .col_expr(propuesta::Column::Estado, Expr::value(row.estado.clone()))
        .col_expr(
            propuesta::Column::Aceptaciones,
            Expr::value(row.aceptaciones.clone()),
        )
        .col_expr(
            propuesta::Column::ResueltaPor,
            Expr::value(row.resuelta_por.clone()),
        )
        .col_expr(propuesta::Column::ResueltaAt, Expr::value(row.resuelta_at))
        .filter(propuesta::Column::Id.eq(&row.id))
        .exec(&txn)
        .await?;
    let respuesta = match step {
        Step::Accept => "acepta",
        Step::Reject => "rechaza",
        Step::Withdraw => "retira",
    };
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::CUSTODY_PROPOSAL_ANSWERED,
            actor: Some(&me.id),
            content: serde_json::json!({
                "propuesta": row.id,
                "respuesta": respuesta,
                "aplicada": applied,
            }),
            subjects: vec![record::user_subject(&me.id)],
            audience: Audience::Family,
        },
    )
    .await?;
    let who = full_name(me);
    let told = match (step, row.propuesta_por.clone()) {
        (Step::Accept, Some(coordinator)) if applied => {
            let (es, en) = (
                format!(
                    "{who} aceptó tu propuesta y ya está en el calendario de la familia: la aceptaron todos los progenitores."
                ),
                format!(
                    "{who} accepted your proposal and it is now in the family's calendar: every parent accepted it."
                ),
            );
            let mut told = notice(&txn, &[coordinator], family, &me.id, (es, en)).await?;
            let others: Vec<String> = everyone.iter().filter(|c| **c != me.id).cloned().collect();
            let (es, en) = (
                format!(
                    "{who} también aceptó la propuesta de la coordinación parental: ya está en el calendario."
                ),
                format!(
                    "{who} also accepted the parenting coordinator's proposal: it is now in the calendar."
                ),
            );
            told = told.join(notice(&txn, &others, family, &me.id, (es, en)).await?);
            told
        }
        (Step::Reject, Some(coordinator)) => {
            let mut people = vec![coordinator];
            people.extend(everyone.iter().filter(|c| **c != me.id).cloned());
            let (es, en) = (
                format!(
                    "{who} rechazó la propuesta de la coordinación parental: el calendario no cambia."
                ),
                format!(
                    "{who} rejected the parenting coordinator's proposal: the calendar does not change."
                ),
            );
            notice(&txn, &people, family, &me.id, (es, en)).await?
        }
        _ => Wake::none(),
    };
    let changed = publish_change(
        &txn,
        &family.id,
        CustodySubject::Part(CustodyPart::Proposals),
    )
    .await?;
    txn.commit().await?;
    state.wake(wake.join(told).join(changed));
    views(&state.db, family, vec![row])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("a proposal vanished"))
}

/// Applies an accepted proposal, checked again against the family as it is now.
async fn apply(
    txn: &sea_orm::DatabaseTransaction,
    family: &familia::Model,
    row: &propuesta::Model,
    actor: &str,
) -> ApiResult<Wake> {
    let datos: serde_json::Value = serde_json::from_str(&row.datos).unwrap_or_default();
    match ProposalKind::from_wire(&row.tipo) {
        Some(ProposalKind::Schedule) => {
            let body: ScheduleInput = serde_json::from_value(datos)
                .map_err(|e| ApiError::internal(format!("a proposed schedule: {e}")))?;
            let checked = schedule::check(txn, family, &body).await?;
            Ok(
                schedule::store(txn, &family.id, checked, actor, Some(&row.id))
                    .await?
                    .1,
            )
        }
        Some(ProposalKind::Period) => {
            let body: PeriodInput = serde_json::from_value(datos)
                .map_err(|e| ApiError::internal(format!("a proposed period: {e}")))?;
            let checked = periods::check(txn, &family.id, &body).await?;
            Ok(
                periods::store(txn, &family.id, checked, actor, Some(&row.id))
                    .await?
                    .1,
            )
        }
        None => Err(ApiError::internal("a proposal of an unknown kind")),
    }
}

/// Accept a coordinator's proposal, as a co-parent. Once every co-parent has, it is checked
/// again and applied (422 when it no longer fits the family: a start now past, a parent gone).
#[utoipa::path(post, path = "/familias/{id}/custodia/propuestas/{propuestaId}/aceptar", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("propuestaId" = String, Path)),
    responses(
        (status = 200, body = CustodyProposalAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer or a professional", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`proposal_closed`: it no longer waits; `proposal_answered`: you accepted it already", body = ErrorBody),
        (status = 422, description = "what it proposes no longer fits the family", body = ErrorBody),
    ))]
pub async fn accept_custody_proposal(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<CustodyProposalAnswer>> {
    let data = take_step(
        &state,
        &access.family,
        &path.1,
        &access.auth.user,
        Step::Accept,
    )
    .await?;
    Ok(Json(CustodyProposalAnswer {
        success: true,
        data,
    }))
}

/// Reject a coordinator's proposal, as a co-parent: the custody does not change.
#[utoipa::path(post, path = "/familias/{id}/custodia/propuestas/{propuestaId}/rechazar", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("propuestaId" = String, Path)),
    responses(
        (status = 200, body = CustodyProposalAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer or a professional", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`proposal_closed`: it no longer waits", body = ErrorBody),
    ))]
pub async fn reject_custody_proposal(
    State(state): State<AppState>,
    access: Changes<Calendar>,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<CustodyProposalAnswer>> {
    let data = take_step(
        &state,
        &access.family,
        &path.1,
        &access.auth.user,
        Step::Reject,
    )
    .await?;
    Ok(Json(CustodyProposalAnswer {
        success: true,
        data,
    }))
}

/// Withdraw your proposal while it waits, as the coordinator who made it.
#[utoipa::path(delete, path = "/familias/{id}/custodia/propuestas/{propuestaId}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path), ("propuestaId" = String, Path)),
    responses(
        (status = 200, body = CustodyProposalAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a member or a professional who is not the family's coordinator", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`proposal_closed`: it no longer waits", body = ErrorBody),
    ))]
pub async fn withdraw_custody_proposal(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<CustodyProposalAnswer>> {
    if is_member(&state, &path.0, &auth.id).await? {
        return Err(ApiError::forbidden());
    }
    let (family, _) = as_coordinator(&state, &path.0, &auth.id).await?;
    let data = take_step(&state, &family, &path.1, &auth.user, Step::Withdraw).await?;
    Ok(Json(CustodyProposalAnswer {
        success: true,
        data,
    }))
}
