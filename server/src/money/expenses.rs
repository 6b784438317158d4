//! `/api/gastos`: adding an expense (split exactly, approved at once when nobody else must
//! approve it or it is under the family's automatic amount), reading it, the list (newest date
//! first, keyset pages of 50), editing and withdrawing it while nobody has answered.

use std::collections::BTreeMap;

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
    response::Response,
};
use chrono::{NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
    sea_query::{Alias, Expr, ExprTrait, Query as SqlQuery},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{coparents, family_of_coparent},
    balance,
    entities::{
        gasto::{self, APPROVED, DISPUTED, PENDING, WITHDRAWN},
        gasto_hijo, gasto_parte, gasto_respuesta,
    },
    input, kept,
    notice::{self, ExpenseStep, publish_change},
    reparto::{self, Reparto},
    settings,
    views::{self, GastoView},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids,
    platform::{self, live::Wake},
    request::{AuthUser, Json, json_bytes},
    state::AppState,
};

pub const CATEGORIES: [&str; 9] = [
    "educacion",
    "salud",
    "actividades",
    "ropa-calzado",
    "alimentacion",
    "transporte",
    "entretenimiento",
    "emergencias",
    "otros",
];
pub const STATES: [&str; 5] = [PENDING, APPROVED, gasto::REFUSED, DISPUTED, WITHDRAWN];
const DESCRIPTION_MAX_CHARS: usize = 200;
const NOTES_MAX_CHARS: usize = 2000;
const MAX_CHILDREN: usize = 20;
const PAGE: u64 = 50;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseInput {
    /// One of the caller's families (ignored when editing).
    pub familia_id: Option<String>,
    /// 1 to 200 characters.
    pub descripcion: Option<String>,
    /// Minor units: a whole number from 1 to 10^12 (a float is refused).
    #[schema(value_type = i64)]
    pub monto: Option<Value>,
    /// ISO 4217; left out: the family's currency.
    pub moneda: Option<String>,
    /// `YYYY-MM-DD`.
    pub fecha: Option<String>,
    /// educacion, salud, actividades, ropa-calzado, alimentacion, transporte, entretenimiento,
    /// emergencias or otros.
    pub categoria: Option<String>,
    /// A co-parent; left out: the caller.
    pub pagado_por: Option<String>,
    #[schema(value_type = Reparto)]
    pub reparto: Option<Value>,
    /// The family's children it is for.
    #[schema(value_type = Option<Vec<String>>)]
    pub hijos: Option<Value>,
    /// Up to 2000 characters.
    pub notas: Option<String>,
    /// Makes it monthly (when adding): each month on the same day, the month's last when
    /// shorter, until `hasta` if given.
    #[schema(value_type = Option<RecurrenceInput>)]
    pub recurrencia: Option<Value>,
    /// A health insurer will refund part of it (when adding).
    #[schema(value_type = Option<InsurerInput>)]
    pub reintegro: Option<Value>,
}

/// `recurrencia` of a new expense.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RecurrenceInput {
    /// `YYYY-MM-DD`: no expense after it.
    pub hasta: Option<String>,
}

/// `reintegro` of a new expense.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InsurerInput {
    /// The obra social or prepaga: 1 to 200 characters.
    pub entidad: String,
}

const INSURER_MAX_CHARS: usize = 200;

/// What a new expense asks besides itself: to repeat monthly (until a date), an insurer.
struct Extras {
    recurrence: Option<Option<NaiveDate>>,
    insurer: Option<String>,
}

fn extras(body: &ExpenseInput, fecha: Option<NaiveDate>) -> ApiResult<Extras> {
    let recurrence = match &body.recurrencia {
        None | Some(Value::Null) => None,
        Some(Value::Object(map)) => match map.get("hasta") {
            None | Some(Value::Null) => Some(None),
            Some(Value::String(h)) => match (input::date(Some(h)), fecha) {
                (Ok(hasta), Some(fecha)) if hasta >= fecha => Some(Some(hasta)),
                (Ok(_), None) => Some(None),
                _ => {
                    return Err(ApiError::field(
                        "recurrencia.hasta",
                        Msg::MoneyRecurrenceInvalid,
                    ));
                }
            },
            Some(_) => {
                return Err(ApiError::field(
                    "recurrencia.hasta",
                    Msg::MoneyRecurrenceInvalid,
                ));
            }
        },
        Some(_) => return Err(ApiError::field("recurrencia", Msg::MoneyRecurrenceInvalid)),
    };
    let insurer = match &body.reintegro {
        None | Some(Value::Null) => None,
        Some(value) => {
            let entidad = value
                .get("entidad")
                .and_then(Value::as_str)
                .map(str::to_owned);
            Some(
                fields::text(entidad, INSURER_MAX_CHARS, Msg::MoneyInsurerRequired)
                    .map_err(|_| ApiError::field("reintegro.entidad", Msg::MoneyInsurerRequired))?,
            )
        }
    };
    Ok(Extras {
        recurrence,
        insurer,
    })
}

/// An expense that passed its checks.
pub struct Checked {
    pub descripcion: String,
    pub monto: i64,
    pub moneda: String,
    pub fecha: NaiveDate,
    pub categoria: String,
    pub pagado_por: String,
    pub reparto: Reparto,
    pub partes: Vec<(String, i64)>,
    pub hijos: Vec<String>,
    pub notas: Option<String>,
}

async fn children_of_family(
    db: &impl ConnectionTrait,
    familia_id: &str,
    ids: &[String],
) -> Result<bool, sea_orm::DbErr> {
    if ids.is_empty() {
        return Ok(true);
    }
    let query = SqlQuery::select()
        .expr(Expr::col(Alias::new("id")).count())
        .from(Alias::new("hijos"))
        .and_where(Expr::col(Alias::new("familia_id")).eq(familia_id))
        .and_where(Expr::col(Alias::new("id")).is_in(ids.iter().cloned()))
        .and_where(Expr::col(Alias::new("eliminado_at")).is_null())
        .to_owned();
    let n: i64 = match db.query_one(&query).await? {
        Some(row) => row.try_get_by_index(0)?,
        None => 0,
    };
    Ok(usize::try_from(n).unwrap_or(0) == ids.len())
}

/// Checks an expense of `family` added by `me`.
pub async fn check(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    me: &str,
    body: ExpenseInput,
) -> ApiResult<Checked> {
    let members = coparents(db, &family.id).await?;
    let saved = settings::load(db, family).await?;
    let mut errors = FieldErrors::default();
    let descripcion = errors.check(
        "descripcion",
        fields::text(
            body.descripcion,
            DESCRIPTION_MAX_CHARS,
            Msg::MoneyDescriptionRequired,
        )
        .map_err(|_| Msg::MoneyDescriptionRequired),
    );
    let monto = errors.check("monto", input::amount(body.monto.as_ref()));
    let moneda = match body.moneda.as_deref() {
        None => Some(saved.moneda.clone()),
        Some(m) => errors.check("moneda", input::currency(Some(m))),
    };
    let fecha = errors.check("fecha", input::date(body.fecha.as_deref()));
    let categoria = body.categoria.as_deref().map(str::trim).unwrap_or_default();
    if !CATEGORIES.contains(&categoria) {
        errors.add("categoria", Msg::MoneyCategoryInvalid);
    }
    let pagado_por = body
        .pagado_por
        .as_deref()
        .map(str::trim)
        .unwrap_or(me)
        .to_owned();
    if !members.contains(&pagado_por) {
        errors.add("pagadoPor", Msg::MoneyNotCoparent);
    }
    let shares = reparto::check(
        body.reparto.as_ref(),
        monto,
        &pagado_por,
        &members,
        &saved.ingresos,
        &mut errors,
    );
    let hijos = match body.hijos {
        None | Some(Value::Null) => Some(Vec::new()),
        Some(Value::Array(items)) => {
            let mut hijos: Vec<String> = Vec::with_capacity(items.len());
            let mut ok = items.len() <= MAX_CHILDREN;
            for item in items {
                match item.as_str() {
                    Some(id) => hijos.push(id.trim().to_owned()),
                    None => ok = false,
                }
            }
            hijos.sort();
            hijos.dedup();
            if ok && children_of_family(db, &family.id, &hijos).await? {
                Some(hijos)
            } else {
                errors.add("hijos", Msg::MoneyChildInvalid);
                None
            }
        }
        Some(_) => {
            errors.add("hijos", Msg::MoneyChildInvalid);
            None
        }
    };
    let notas = errors.check(
        "notas",
        fields::optional_multiline_text(body.notas, NOTES_MAX_CHARS),
    );
    errors.into_result()?;
    let missing = || ApiError::internal("an expense's check passed with a field missing");
    let shares = shares.ok_or_else(missing)?;
    Ok(Checked {
        descripcion: descripcion.ok_or_else(missing)?,
        monto: monto.ok_or_else(missing)?,
        moneda: moneda.ok_or_else(missing)?,
        fecha: fecha.ok_or_else(missing)?,
        categoria: categoria.to_owned(),
        pagado_por,
        reparto: shares.reparto,
        partes: shares.partes,
        hijos: hijos.ok_or_else(missing)?,
        notas: notas.ok_or_else(missing)?,
    })
}

/// Moves the balances by an expense that starts (`sign` 1) or stops (-1) counting: the payer
/// paid the amount, less any refund; each participant bears their share, less their part of it.
pub async fn count(
    txn: &impl ConnectionTrait,
    row: &gasto::Model,
    sign: i64,
) -> Result<(), sea_orm::DbErr> {
    let partes = gasto_parte::Entity::find()
        .filter(gasto_parte::Column::GastoId.eq(&row.id))
        .all(txn)
        .await?;
    let mut movements = vec![(
        row.pagado_por.clone(),
        sign * (row.monto - row.reintegro_monto.unwrap_or(0)),
    )];
    for p in partes {
        movements.push((p.usuario_id, -sign * (p.monto - p.reintegro.unwrap_or(0))));
    }
    balance::add(txn, &row.familia_id, &row.moneda, &movements).await
}

/// Writes the shares and children of `gasto_id`, replacing any.
async fn write_parts(
    txn: &DatabaseTransaction,
    gasto_id: &str,
    input: &Checked,
) -> Result<(), sea_orm::DbErr> {
    gasto_parte::Entity::delete_many()
        .filter(gasto_parte::Column::GastoId.eq(gasto_id))
        .exec(txn)
        .await?;
    gasto_hijo::Entity::delete_many()
        .filter(gasto_hijo::Column::GastoId.eq(gasto_id))
        .exec(txn)
        .await?;
    gasto_parte::Entity::insert_many(input.partes.iter().map(|(usuario_id, monto)| {
        gasto_parte::ActiveModel {
            gasto_id: Set(gasto_id.to_owned()),
            usuario_id: Set(usuario_id.clone()),
            monto: Set(*monto),
            reintegro: Set(None),
        }
    }))
    .exec_without_returning(txn)
    .await?;
    if !input.hijos.is_empty() {
        gasto_hijo::Entity::insert_many(input.hijos.iter().map(|hijo_id| {
            gasto_hijo::ActiveModel {
                gasto_id: Set(gasto_id.to_owned()),
                hijo_id: Set(hijo_id.clone()),
            }
        }))
        .exec_without_returning(txn)
        .await?;
    }
    Ok(())
}

/// What the record keeps of an expense, and whom it concerns.
pub fn recorded(row: &gasto::Model, input: &Checked) -> (Value, Vec<String>) {
    let partes: BTreeMap<&str, i64> = input.partes.iter().map(|(u, m)| (u.as_str(), *m)).collect();
    let content = serde_json::json!({
        "gasto": row.id,
        "descripcion": row.descripcion,
        "monto": row.monto,
        "moneda": row.moneda,
        "fecha": row.fecha,
        "categoria": row.categoria,
        "pagadoPor": row.pagado_por,
        "reparto": input.reparto,
        "partes": partes,
        "hijos": input.hijos,
        "notas": row.notas,
        "estado": row.estado,
        "recurrente": row.recurrente_id,
    });
    let mut subjects: Vec<String> = views::approvers(row)
        .iter()
        .chain(std::iter::once(&row.creado_por))
        .map(|u| record::user_subject(u))
        .collect();
    subjects.extend(input.hijos.iter().map(|h| record::child_subject(h)));
    subjects.sort();
    subjects.dedup();
    (content, subjects)
}

/// Everyone the expense concerns: participants, payer and who added it.
pub fn involved(row: &gasto::Model) -> Vec<String> {
    let mut people = views::approvers(row);
    people.push(row.creado_por.clone());
    people.sort();
    people.dedup();
    people
}

/// Stores a new expense from a checked input (by the route, or by the recurring job), records
/// it, counts it when it approves itself, and tells those concerned. Its first statement is a
/// write (SQLite refuses a transaction that read before writing, if another wrote meanwhile):
/// `saved` is read before.
#[allow(clippy::too_many_arguments)]
pub async fn insert(
    txn: &DatabaseTransaction,
    family: &familia::Model,
    saved: &settings::Settings,
    me: &str,
    input: Checked,
    recurrente_id: Option<String>,
    reintegro_entidad: Option<String>,
) -> ApiResult<(gasto::Model, Wake)> {
    let now = Utc::now();
    let mut row = gasto::Model {
        id: ids::new_id(),
        familia_id: family.id.clone(),
        descripcion: input.descripcion.clone(),
        monto: input.monto,
        moneda: input.moneda.clone(),
        fecha: input.fecha,
        categoria: input.categoria.clone(),
        pagado_por: input.pagado_por.clone(),
        creado_por: me.to_owned(),
        reparto: serde_json::to_string(&input.reparto).map_err(ApiError::internal)?,
        notas: input.notas.clone(),
        estado: PENDING.to_owned(),
        recibo_clave: None,
        recibo_tipo: None,
        recibo_tamano: None,
        recurrente_id,
        reintegro_entidad,
        reintegro_monto: None,
        reintegro_fecha: None,
        aprobado_auto_en: None,
        created_at: now,
        updated_at: now,
    };
    let nobody_else = views::approvers(&row).is_empty();
    let automatic = !nobody_else && saved.approves_itself(&row.moneda, row.monto);
    let approves_itself = nobody_else || automatic;
    if approves_itself {
        row.estado = APPROVED.to_owned();
    }
    if automatic {
        row.aprobado_auto_en = Some(now);
    }
    gasto::Entity::insert(gasto::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await?;
    write_parts(txn, &row.id, &input).await?;
    if approves_itself {
        count(txn, &row, 1).await?;
    }
    let (content, subjects) = recorded(&row, &input);
    record::append(
        txn,
        &family.id,
        Act {
            kind: kinds::EXPENSE_CREATED,
            actor: Some(me),
            content,
            subjects,
            audience: Audience::CoParents,
        },
    )
    .await?;
    let told = notice::tell_expense(
        txn,
        &family.id,
        &row.id,
        me,
        &involved(&row),
        &row.descripcion,
        ExpenseStep::Added {
            to_answer: !approves_itself,
        },
    )
    .await?;
    let live = publish_change(
        txn,
        &family.id,
        crate::platform::live::MoneySubject::Expense(row.id.clone()),
    )
    .await?;
    Ok((row, told.join(live)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpenseAnswer {
    pub success: bool,
    pub data: GastoView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpensePage {
    pub gastos: Vec<GastoView>,
    /// The next page's cursor; null on the last page.
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpenseListAnswer {
    pub success: bool,
    pub data: ExpensePage,
}

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
    let familia_id = body
        .familia_id
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if familia_id.is_empty() {
        return Err(ApiError::field("familiaId", Msg::MoneyFamilyRequired));
    }
    let me = auth.user.id.clone();
    let family = family_of_coparent(&state.db, &familia_id, &me).await?;
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

/// The expense, if the caller is a co-parent of its family; 404 otherwise.
pub async fn visible(
    db: &impl ConnectionTrait,
    gasto_id: &str,
    usuario_id: &str,
) -> ApiResult<(gasto::Model, familia::Model)> {
    let row = gasto::Entity::find_by_id(gasto_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let family = family_of_coparent(db, &row.familia_id, usuario_id).await?;
    Ok((row, family))
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
    let (row, _) = visible(&state.db, &id, &auth.user.id).await?;
    Ok(Json(ExpenseAnswer {
        success: true,
        data: views::one_expense(&state.db, row).await?,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExpenseListQuery {
    /// One of the caller's families.
    familia_id: Option<String>,
    /// pendiente, aprobado, rechazado, disputado or retirado.
    estado: Option<String>,
    categoria: Option<String>,
    /// Only expenses for this child.
    hijo_id: Option<String>,
    /// `YYYY-MM-DD`: expenses dated on or after it.
    desde: Option<String>,
    /// `YYYY-MM-DD`: expenses dated on or before it.
    hasta: Option<String>,
    /// The `siguiente` of the previous page.
    cursor: Option<String>,
}

/// A page position: the last row's date and id.
pub fn cursor_of(fecha: NaiveDate, id: &str) -> String {
    format!("{}_{id}", fecha.format("%Y-%m-%d"))
}

pub fn parse_cursor(value: &str) -> Option<(NaiveDate, String)> {
    let (fecha, id) = value.trim().split_once('_')?;
    let fecha = NaiveDate::parse_from_str(fecha, "%Y-%m-%d").ok()?;
    (!id.is_empty() && id.len() <= 36).then(|| (fecha, id.to_owned()))
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
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
    let stamp = kept::stamp(&state.db, familia_id, &auth.user.id).await?;
    let mut errors = FieldErrors::default();
    let mut select = gasto::Entity::find().filter(gasto::Column::FamiliaId.eq(familia_id));
    let estado = present(&query.estado);
    if let Some(estado) = estado {
        if STATES.contains(&estado) {
            select = select.filter(gasto::Column::Estado.eq(estado));
        } else {
            errors.add("estado", Msg::MoneyStateInvalid);
        }
    }
    let categoria = present(&query.categoria);
    if let Some(categoria) = categoria {
        if CATEGORIES.contains(&categoria) {
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
    let answers = state.part::<kept::Answers>();
    let body = platform::kept::answer(answers, key, stamp, kept::MAX_KEPT_BYTES, || async {
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
    })
    .await?;
    Ok(json_bytes(body))
}

/// Takes the expense for a change by its creator, as the transaction's first statement (a
/// write: it queues concurrent changes of the expense), if it is still in one of `states`.
async fn take(
    txn: &DatabaseTransaction,
    gasto_id: &str,
    states: &[&str],
) -> ApiResult<gasto::Model> {
    let taken = gasto::Entity::update_many()
        .col_expr(gasto::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(gasto::Column::Id.eq(gasto_id))
        .filter(gasto::Column::Estado.is_in(states.iter().copied()))
        .exec_with_returning(txn)
        .await?;
    taken
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::conflict(Msg::MoneyExpenseAnswered))
}

async fn answered(txn: &DatabaseTransaction, gasto_id: &str) -> ApiResult<bool> {
    Ok(gasto_respuesta::Entity::find()
        .filter(gasto_respuesta::Column::GastoId.eq(gasto_id))
        .count(txn)
        .await?
        > 0)
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
    let (found, family) = visible(&state.db, &id, &me).await?;
    if found.creado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyExpenseNotYours,
        ));
    }
    let input = check(&state.db, &family, &me, body).await?;
    let saved = settings::load(&state.db, &family).await?;
    let txn = state.db.begin().await?;
    let old = take(&txn, &id, &[PENDING, APPROVED]).await?;
    if old.reintegro_monto.is_some() || answered(&txn, &id).await? {
        return Err(ApiError::conflict(Msg::MoneyExpenseAnswered));
    }
    if old.estado == APPROVED {
        count(&txn, &old, -1).await?;
    }
    let mut row = gasto::Model {
        descripcion: input.descripcion.clone(),
        monto: input.monto,
        moneda: input.moneda.clone(),
        fecha: input.fecha,
        categoria: input.categoria.clone(),
        pagado_por: input.pagado_por.clone(),
        reparto: serde_json::to_string(&input.reparto).map_err(ApiError::internal)?,
        notas: input.notas.clone(),
        estado: PENDING.to_owned(),
        aprobado_auto_en: None,
        ..old.clone()
    };
    let nobody_else = views::approvers(&row).is_empty();
    let automatic = !nobody_else && saved.approves_itself(&row.moneda, row.monto);
    let approves_itself = nobody_else || automatic;
    if approves_itself {
        row.estado = APPROVED.to_owned();
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
        &family.id,
        &row.id,
        &me,
        &people,
        &row.descripcion,
        ExpenseStep::Changed,
    )
    .await?;
    let live = publish_change(
        &txn,
        &family.id,
        crate::platform::live::MoneySubject::Expense(row.id.clone()),
    )
    .await?;
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
    let (found, family) = visible(&state.db, &id, &me).await?;
    if found.creado_por != me {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::MoneyExpenseNotYours,
        ));
    }
    let txn = state.db.begin().await?;
    let old = take(&txn, &id, &[PENDING, APPROVED, DISPUTED]).await?;
    if old.estado != DISPUTED && answered(&txn, &id).await? {
        return Err(ApiError::conflict(Msg::MoneyExpenseAnswered));
    }
    if old.estado == APPROVED {
        count(&txn, &old, -1).await?;
    }
    gasto::Entity::update(gasto::ActiveModel {
        id: Set(old.id.clone()),
        estado: Set(WITHDRAWN.to_owned()),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    let row = gasto::Model {
        estado: WITHDRAWN.to_owned(),
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
        &family.id,
        &row.id,
        &me,
        &involved(&row),
        &row.descripcion,
        ExpenseStep::Withdrawn,
    )
    .await?;
    let live = publish_change(
        &txn,
        &family.id,
        crate::platform::live::MoneySubject::Expense(row.id.clone()),
    )
    .await?;
    let view = views::one_expense(&txn, row).await?;
    txn.commit().await?;
    state.wake(told.join(live));
    Ok(Json(ExpenseAnswer {
        success: true,
        data: view,
    }))
}
