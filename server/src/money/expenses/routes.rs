//! The expense routes.

use crate::platform::live::MoneySubject;
use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait, sea_query::Query as SqlQuery,
};

use super::{
    access::visible,
    input::{ExpenseInput, ExpenseListQuery, PAGE, check, extras, present},
    store::{answered, count, insert, involved, recorded, take, write_parts},
    views::{ExpenseAnswer, ExpenseListAnswer, ExpensePage},
};
use crate::families::{self, Need, professionals::lens::Lens, reach};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::record::{self, Act, Audience, kinds},
    i18n::Msg,
    ids::{FamilyId, UserId},
    money::{
        access::Money,
        entities::{gasto, gasto_hijo},
        input::{self, cursor_of, parse_cursor},
        kept,
        notice::{self, ExpenseStep, publish_change},
        settings, views,
        vocabulary::{ExpenseCategory, ExpenseState},
    },
    platform,
    request::{AuthUser, Json, json_bytes},
    state::AppState,
    vocabulary::ClosedSet,
};

/// Add a shared expense.
#[utoipa::path(post, path = "/gastos", tag = "money", security(("bearer" = [])),
    request_body = ExpenseInput,
    responses(
        (status = 201, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad field: amount, currency, date, category, payer, split, children", body = ErrorBody),
    ))]
pub async fn create_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<ExpenseInput>,
) -> ApiResult<(StatusCode, Json<ExpenseAnswer>)> {
    let familia_id = FamilyId::named(body.familia_id.as_deref())
        .ok_or_else(|| ApiError::field("familiaId", Msg::MoneyFamilyRequired))?;
    let me = auth.id.clone();
    let family = reach::<Money>(&state.db, &familia_id, &me, Need::Read)
        .await?
        .family;
    let fecha = input::date(body.fecha.as_deref()).ok();
    let extras = extras(&body, fecha)?;
    let asked_split = body.reparto.clone();
    let input = check(&state.db, &family, &me, body).await?;
    let saved = settings::load(&state.db, &family).await?;
    let txn = state.db.begin().await?;
    let recurrente_id = match extras.recurrence {
        Some(hasta) => Some(
            super::recurring::start(
                &txn,
                &family.id,
                &me,
                &input,
                asked_split,
                extras.insurer.clone(),
                hasta,
            )
            .await?,
        ),
        None => None,
    };
    let (row, wake) = insert(
        &txn,
        &family,
        &saved,
        &me,
        input,
        recurrente_id,
        extras.insurer,
    )
    .await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok((
        StatusCode::CREATED,
        Json(ExpenseAnswer {
            success: true,
            data: view,
        }),
    ))
}

/// One expense with its shares, answers and who still has to answer.
#[utoipa::path(get, path = "/gastos/{id}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let (row, _) = visible(&state.db, &id, &auth.id).await?;
    Ok(Json(ExpenseAnswer {
        success: true,
        data: views::one_expense(&state.db, row).await?,
    }))
}

/// The family's expenses, newest date first, 50 a page.
#[utoipa::path(get, path = "/gastos", tag = "money", security(("bearer" = [])),
    params(ExpenseListQuery),
    responses(
        (status = 200, body = ExpenseListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad filter or cursor", body = ErrorBody),
    ))]
pub async fn list_expenses(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<ExpenseListQuery>,
) -> ApiResult<Response> {
    let Some(familia_id) = present(&query.familia_id) else {
        return Err(ApiError::field("familiaId", Msg::MoneyFamilyRequired));
    };
    let mut select = gasto::Entity::find().filter(gasto::Column::FamiliaId.eq(familia_id));
    // A co-parent's page is kept; a professional's is cut to their scope, and made each time.
    let stamp = match kept::stamp(&state.db, &FamilyId::new(familia_id), &auth.id).await {
        Ok(stamp) => Some(stamp),
        Err(refused) if refused.status() == StatusCode::NOT_FOUND => {
            let lens = families::look::<Money>(&state, &FamilyId::new(familia_id), &auth.id)
                .await?
                .lens
                .ok_or_else(ApiError::not_found)?;
            select = select.filter(through_lens(&lens));
            None
        }
        Err(other) => return Err(other),
    };
    let mut errors = FieldErrors::default();
    let estado = present(&query.estado);
    if let Some(estado) = estado {
        if let Some(estado) = ExpenseState::from_wire(estado) {
            select = select.filter(gasto::Column::Estado.eq(estado));
        } else {
            errors.add("estado", Msg::MoneyStateInvalid);
        }
    }
    let categoria = present(&query.categoria);
    if let Some(categoria) = categoria {
        if let Some(categoria) = ExpenseCategory::from_wire(categoria) {
            select = select.filter(gasto::Column::Categoria.eq(categoria));
        } else {
            errors.add("categoria", Msg::MoneyCategoryInvalid);
        }
    }
    let hijo_id = present(&query.hijo_id);
    if let Some(hijo_id) = hijo_id {
        select = select.filter(
            gasto::Column::Id.in_subquery(
                SqlQuery::select()
                    .column(gasto_hijo::Column::GastoId)
                    .from(gasto_hijo::Entity)
                    .and_where(gasto_hijo::Column::HijoId.eq(hijo_id))
                    .to_owned(),
            ),
        );
    }
    let mut dates = [None, None];
    for (i, (field, value, on_or_after)) in [
        ("desde", present(&query.desde), true),
        ("hasta", present(&query.hasta), false),
    ]
    .into_iter()
    .enumerate()
    {
        if let Some(value) = value {
            match input::date(Some(value)) {
                Ok(d) => {
                    dates[i] = Some(d);
                    select = if on_or_after {
                        select.filter(gasto::Column::Fecha.gte(d))
                    } else {
                        select.filter(gasto::Column::Fecha.lte(d))
                    };
                }
                Err(m) => errors.add(field, m),
            }
        }
    }
    let mut position = None;
    if let Some(cursor) = present(&query.cursor) {
        match parse_cursor(cursor) {
            Some((fecha, id)) => {
                position = Some(cursor_of(fecha, &id));
                select = select.filter(
                    Condition::any().add(gasto::Column::Fecha.lt(fecha)).add(
                        Condition::all()
                            .add(gasto::Column::Fecha.eq(fecha))
                            .add(gasto::Column::Id.lt(id)),
                    ),
                );
            }
            None => errors.add("cursor", Msg::MoneyCursorInvalid),
        }
    }
    errors.into_result()?;
    // The page is the same for every co-parent: the family and the normalized query name it.
    let key = serde_json::to_string(&(
        "gastos", familia_id, estado, categoria, hijo_id, dates, position,
    ))
    .map_err(|e| ApiError::internal(e.to_string()))?;
    let page = || async {
        let mut rows = select
            .order_by_desc(gasto::Column::Fecha)
            .order_by_desc(gasto::Column::Id)
            .limit(PAGE + 1)
            .all(&state.db)
            .await?;
        let siguiente = if rows.len() as u64 > PAGE {
            rows.truncate(PAGE as usize);
            rows.last().map(|r| cursor_of(r.fecha, &r.id))
        } else {
            None
        };
        Ok(ExpenseListAnswer {
            success: true,
            data: ExpensePage {
                gastos: views::expenses(&state.db, rows).await?,
                siguiente,
            },
        })
    };
    let Some(stamp) = stamp else {
        return Ok(Json(page().await?).into_response());
    };
    let answers = state.part::<kept::Answers>();
    let body = platform::kept::answer(answers, key, stamp, kept::MAX_KEPT_BYTES, page).await?;
    Ok(json_bytes(body))
}

/// The expenses a professional's lens leaves: dated in its period, about its children or about
/// none in particular.
fn through_lens(lens: &Lens) -> Condition {
    let mut seen = Condition::all();
    if let Some(from) = lens.from {
        seen = seen.add(gasto::Column::Fecha.gte(from));
    }
    if let Some(to) = lens.to {
        seen = seen.add(gasto::Column::Fecha.lte(to));
    }
    if let Some(children) = lens.about_children(
        gasto::Column::Id,
        gasto_hijo::Entity,
        gasto_hijo::Column::GastoId,
        gasto_hijo::Column::HijoId,
    ) {
        seen = seen.add(children);
    }
    seen
}

/// Change an expense: by whoever added it, while nobody has answered it nor a refund was
/// recorded (409 after). `recurrencia` and `reintegro` are for adding only and ignored here.
#[utoipa::path(put, path = "/gastos/{id}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ExpenseInput,
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the one who added it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_answered`: someone answered it, or it was refused or withdrawn", body = ErrorBody),
        (status = 422, description = "as when adding", body = ErrorBody),
    ))]
pub async fn update_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<ExpenseInput>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    if found.creado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyExpenseNotYours,
        ));
    }
    let input = check(&state.db, &family, &me, body).await?;
    let saved = settings::load(&state.db, &family).await?;
    let txn = state.db.begin().await?;
    let old = take(&txn, &id, &[ExpenseState::Pending, ExpenseState::Approved]).await?;
    if old.reintegro_monto.is_some() || answered(&txn, &id).await? {
        return Err(ApiError::conflict(Msg::MoneyExpenseAnswered));
    }
    if old.estado == ExpenseState::Approved.as_str() {
        count(&txn, &old, -1).await?;
    }
    let mut row = gasto::Model {
        descripcion: input.descripcion.clone(),
        monto: input.monto,
        moneda: input.moneda.clone(),
        fecha: input.fecha,
        categoria: input.categoria.into(),
        pagado_por: input.pagado_por.clone(),
        reparto: serde_json::to_string(&input.reparto).map_err(ApiError::internal)?,
        notas: input.notas.clone(),
        estado: ExpenseState::Pending.into(),
        aprobado_auto_en: None,
        ..old.clone()
    };
    let nobody_else = views::approvers(&row).is_empty();
    let automatic = !nobody_else && saved.approves_itself(&row.moneda, row.monto);
    let approves_itself = nobody_else || automatic;
    if approves_itself {
        row.estado = ExpenseState::Approved.into();
    }
    if automatic {
        row.aprobado_auto_en = Some(Utc::now());
    }
    gasto::Entity::update(gasto::ActiveModel {
        id: Set(row.id.clone()),
        descripcion: Set(row.descripcion.clone()),
        monto: Set(row.monto),
        moneda: Set(row.moneda.clone()),
        fecha: Set(row.fecha),
        categoria: Set(row.categoria.clone()),
        pagado_por: Set(row.pagado_por.clone()),
        reparto: Set(row.reparto.clone()),
        notas: Set(row.notas.clone()),
        estado: Set(row.estado.clone()),
        aprobado_auto_en: Set(row.aprobado_auto_en),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    write_parts(&txn, &row.id, &input).await?;
    if approves_itself {
        count(&txn, &row, 1).await?;
    }
    let (content, subjects) = recorded(&row, &input);
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::EXPENSE_CHANGED,
            actor: Some(&me),
            content,
            subjects,
            audience: Audience::CoParents,
        },
    )
    .await?;
    let mut people = involved(&row);
    people.extend(involved(&old));
    people.sort();
    people.dedup();
    let told = notice::tell_expense(
        &txn,
        &FamilyId::new(&family.id),
        &row.id,
        &UserId::new(me),
        &people,
        &row.descripcion,
        ExpenseStep::Changed,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}

/// Withdraw an expense: by whoever added it, before anyone answered or once it is disputed. It
/// stays, as `retirado`, and leaves the totals.
#[utoipa::path(delete, path = "/gastos/{id}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the one who added it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "`money_expense_answered`: answered and not disputed, refused or already withdrawn", body = ErrorBody),
    ))]
pub async fn withdraw_expense(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    if found.creado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyExpenseNotYours,
        ));
    }
    let txn = state.db.begin().await?;
    let old = take(
        &txn,
        &id,
        &[
            ExpenseState::Pending,
            ExpenseState::Approved,
            ExpenseState::Disputed,
        ],
    )
    .await?;
    if old.estado != ExpenseState::Disputed.as_str() && answered(&txn, &id).await? {
        return Err(ApiError::conflict(Msg::MoneyExpenseAnswered));
    }
    if old.estado == ExpenseState::Approved.as_str() {
        count(&txn, &old, -1).await?;
    }
    gasto::Entity::update(gasto::ActiveModel {
        id: Set(old.id.clone()),
        estado: Set(ExpenseState::Withdrawn.into()),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    let row = gasto::Model {
        estado: ExpenseState::Withdrawn.into(),
        ..old
    };
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::EXPENSE_WITHDRAWN,
            actor: Some(&me),
            content: serde_json::json!({"gasto": row.id, "descripcion": row.descripcion}),
            subjects: vec![record::user_subject(&me)],
            audience: Audience::CoParents,
        },
    )
    .await?;
    let told = notice::tell_expense(
        &txn,
        &FamilyId::new(&family.id),
        &row.id,
        &UserId::new(me),
        &involved(&row),
        &row.descripcion,
        ExpenseStep::Withdrawn,
    )
    .await?;
    let live = publish_change(&txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}
