//! Monthly expenses (school fees): adding an expense with `recurrencia` keeps its fields as a
//! template; a periodic job makes each following month's expense on the same day (the month's
//! last day when shorter), a normal pending expense with `recurrenteId`, until `hasta`. Each is
//! checked afresh (incomes taken from the settings then): if its people are no longer co-parents,
//! the series stops. Any co-parent may stop a series (`DELETE /api/gastos-recurrentes/{id}`).

use axum::extract::{Path, Query, State};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{
    input::{Checked, ExpenseInput, check},
    store::insert,
};
use crate::families::{Need, reach};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    ids,
    ids::FamilyId,
    money::{
        access::{Money, coparents},
        entities::gasto_recurrente,
        notice::publish_change,
        settings,
    },
    platform::jobs::Periodic,
    platform::live::MoneySubject,
    request::{AuthUser, Json},
    state::AppState,
};

pub const JOB: Periodic = Periodic {
    kind: "dinero.recurrentes",
    every: Duration::hours(1),
};

/// Months one run catches up on for a series, at most (a server that was off for a while).
const CATCH_UP: usize = 24;

/// The date in the month after `date`'s on day `dia`, or that month's last day.
pub fn month_after(date: NaiveDate, dia: u32) -> NaiveDate {
    let (year, month) = if date.month() == 12 {
        (date.year() + 1, 1)
    } else {
        (date.year(), date.month() + 1)
    };
    (28..=dia.clamp(28, 31))
        .rev()
        .find_map(|d| NaiveDate::from_ymd_opt(year, month, d.min(dia)))
        .unwrap_or(date)
}

/// Keeps a new expense's fields as a monthly template, inside its transaction (the first
/// statement: a write); gives back the template's id.
pub async fn start(
    txn: &DatabaseTransaction,
    familia_id: &str,
    me: &str,
    input: &Checked,
    asked_split: Option<Value>,
    insurer: Option<String>,
    hasta: Option<NaiveDate>,
) -> ApiResult<String> {
    let dia = input.fecha.day();
    let proxima = month_after(input.fecha, dia);
    let plantilla = serde_json::json!({
        "descripcion": input.descripcion,
        "monto": input.monto,
        "moneda": input.moneda,
        "categoria": input.categoria,
        "pagadoPor": input.pagado_por,
        "reparto": asked_split,
        "hijos": input.hijos,
        "notas": input.notas,
        "reintegro": insurer.map(|entidad| serde_json::json!({"entidad": entidad})),
    });
    let id = ids::new_id();
    gasto_recurrente::Entity::insert(gasto_recurrente::ActiveModel::from(
        gasto_recurrente::Model {
            id: id.clone(),
            familia_id: familia_id.to_owned(),
            creado_por: me.to_owned(),
            plantilla: plantilla.to_string(),
            dia: i32::try_from(dia).unwrap_or(1),
            proxima,
            hasta,
            activo: hasta.is_none_or(|h| proxima <= h),
            created_at: Utc::now(),
        },
    ))
    .exec_without_returning(txn)
    .await?;
    Ok(id)
}

fn zone_of(family: &familia::Model) -> Tz {
    family
        .zona_horaria
        .parse()
        .or_else(|_| crate::time_zone::DEFAULT.parse())
        .unwrap_or(Tz::UTC)
}

/// Makes every expense due by `now` (each family's own date) of every active series; gives back
/// how many it made. A run that races another makes each expense once: each month is claimed by
/// moving the series' next date with a conditional update first.
pub async fn make_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    // The earliest date anywhere on Earth is at most a day behind UTC's.
    let latest = now.date_naive() + Duration::days(1);
    let due = gasto_recurrente::Entity::find()
        .filter(gasto_recurrente::Column::Activo.eq(true))
        .filter(gasto_recurrente::Column::Proxima.lte(latest))
        .order_by_asc(gasto_recurrente::Column::Proxima)
        .all(&state.db)
        .await?;
    let mut made = 0;
    for series in due {
        let Some(family) = familia::Entity::find_by_id(&series.familia_id)
            .one(&state.db)
            .await?
        else {
            continue;
        };
        let today = now.with_timezone(&zone_of(&family)).date_naive();
        for _ in 0..CATCH_UP {
            match make_next(state, &family, &series.id, today).await {
                Ok(Some(goes_on)) => {
                    made += 1;
                    if !goes_on {
                        break;
                    }
                }
                Ok(None) => break,
                Err(err) => {
                    tracing::error!(error = %err, serie = %series.id, "a monthly expense was not made");
                    break;
                }
            }
        }
    }
    Ok(made)
}

/// Makes the series' next expense if it is due by `today`, answering whether the series goes
/// on; None when there was none to make.
async fn make_next(
    state: &AppState,
    family: &familia::Model,
    serie_id: &str,
    today: NaiveDate,
) -> Result<Option<bool>, DbErr> {
    let Some(series) = gasto_recurrente::Entity::find_by_id(serie_id)
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    if !series.activo || series.proxima > today {
        return Ok(None);
    }
    let fecha = series.proxima;
    let following = month_after(fecha, u32::try_from(series.dia).unwrap_or(1));
    let mut body: Value = serde_json::from_str(&series.plantilla).unwrap_or(Value::Null);
    if let Some(object) = body.as_object_mut() {
        object.insert("familiaId".into(), family.id.clone().into());
        object.insert("fecha".into(), fecha.format("%Y-%m-%d").to_string().into());
    }
    let members = coparents(&state.db, &family.id).await?;
    let checked = match serde_json::from_value::<ExpenseInput>(body) {
        Ok(input) if members.contains(&series.creado_por) => {
            let insurer = input
                .reintegro
                .as_ref()
                .and_then(|r| r.get("entidad"))
                .and_then(Value::as_str)
                .map(str::to_owned);
            check(&state.db, family, &series.creado_por, input)
                .await
                .ok()
                .map(|c| (c, insurer))
        }
        _ => None,
    };
    let saved = settings::load(&state.db, family).await?;
    let txn = state.db.begin().await?;
    let still_on = checked.is_some() && series.hasta.is_none_or(|h| following <= h);
    let claimed = gasto_recurrente::Entity::update_many()
        .col_expr(gasto_recurrente::Column::Proxima, Expr::value(following))
        .col_expr(gasto_recurrente::Column::Activo, Expr::value(still_on))
        .filter(gasto_recurrente::Column::Id.eq(&series.id))
        .filter(gasto_recurrente::Column::Proxima.eq(fecha))
        .filter(gasto_recurrente::Column::Activo.eq(true))
        .exec(&txn)
        .await?;
    if claimed.rows_affected == 0 {
        return Ok(None);
    }
    let Some((input, insurer)) = checked else {
        // Its people changed: the series stops, and the record says why.
        record::append(
            &txn,
            &family.id,
            Act {
                kind: kinds::EXPENSE_SERIES_STOPPED,
                actor: None,
                content: serde_json::json!({"recurrente": series.id, "motivo": "participantes"}),
                subjects: vec![record::user_subject(&series.creado_por)],
                audience: Audience::CoParents,
            },
        )
        .await?;
        let live =
            publish_change(&txn, &family.id, MoneySubject::Recurring(series.id.clone())).await?;
        txn.commit().await?;
        state.wake(live);
        return Ok(None);
    };
    let made = insert(
        &txn,
        family,
        &saved,
        &series.creado_por,
        input,
        Some(series.id.clone()),
        insurer,
    )
    .await;
    match made {
        Ok((_, wake)) => {
            txn.commit().await?;
            state.wake(wake);
            Ok(Some(still_on))
        }
        Err(err) => Err(DbErr::Custom(format!("{err:?}"))),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesView {
    pub id: String,
    pub familia_id: String,
    pub creado_por: String,
    pub descripcion: String,
    pub monto: i64,
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    /// The day of the month (the month's last when shorter).
    pub dia: i32,
    /// The date of the next expense it makes.
    #[schema(value_type = String)]
    pub proxima: NaiveDate,
    #[schema(value_type = Option<String>)]
    pub hasta: Option<NaiveDate>,
    pub activo: bool,
    pub creado_en: DateTime<Utc>,
}

fn view(row: gasto_recurrente::Model) -> SeriesView {
    let plantilla: Value = serde_json::from_str(&row.plantilla).unwrap_or(Value::Null);
    SeriesView {
        descripcion: plantilla["descripcion"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        monto: plantilla["monto"].as_i64().unwrap_or_default(),
        moneda: plantilla["moneda"].as_str().unwrap_or_default().to_owned(),
        id: row.id,
        familia_id: row.familia_id,
        creado_por: row.creado_por,
        dia: row.dia,
        proxima: row.proxima,
        hasta: row.hasta,
        activo: row.activo,
        creado_en: row.created_at,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeriesAnswer {
    pub success: bool,
    pub data: SeriesView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeriesListAnswer {
    pub success: bool,
    pub data: Vec<SeriesView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SeriesQuery {
    /// One of the caller's families.
    #[param(required = true, value_type = String)]
    familia_id: Option<String>,
}

/// The family's monthly expenses, running ones first.
#[utoipa::path(get, path = "/gastos-recurrentes", tag = "money", security(("bearer" = [])),
    params(SeriesQuery),
    responses(
        (status = 200, body = SeriesListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "no family given", body = ErrorBody),
    ))]
pub async fn list_series(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<SeriesQuery>,
) -> ApiResult<Json<SeriesListAnswer>> {
    let familia_id = FamilyId::named(query.familia_id.as_deref())
        .ok_or_else(|| ApiError::field("familiaId", Msg::MoneyFamilyRequired))?;
    reach::<Money>(&state.db, &familia_id, &auth.id, Need::Read).await?;
    let rows = gasto_recurrente::Entity::find()
        .filter(gasto_recurrente::Column::FamiliaId.eq(familia_id))
        .order_by_desc(gasto_recurrente::Column::Activo)
        .order_by_asc(gasto_recurrente::Column::Proxima)
        .all(&state.db)
        .await?;
    Ok(Json(SeriesListAnswer {
        success: true,
        data: rows.into_iter().map(view).collect(),
    }))
}

/// Stop a monthly expense: no more are made (those made stay). Any co-parent of the family.
#[utoipa::path(delete, path = "/gastos-recurrentes/{id}", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = SeriesAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn stop_series(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<SeriesAnswer>> {
    let me = auth.user.id.clone();
    let found = gasto_recurrente::Entity::find_by_id(&id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    reach::<Money>(
        &state.db,
        &FamilyId::new(&found.familia_id),
        &auth.id,
        Need::Read,
    )
    .await?;
    let txn = state.db.begin().await?;
    let stopped = gasto_recurrente::Entity::update_many()
        .col_expr(gasto_recurrente::Column::Activo, Expr::value(false))
        .filter(gasto_recurrente::Column::Id.eq(&id))
        .exec_with_returning(&txn)
        .await?;
    let row = stopped.into_iter().next().ok_or_else(ApiError::not_found)?;
    if found.activo {
        record::append(
            &txn,
            &row.familia_id,
            Act {
                kind: kinds::EXPENSE_SERIES_STOPPED,
                actor: Some(&me),
                content: serde_json::json!({"recurrente": row.id}),
                subjects: vec![record::user_subject(&me)],
                audience: Audience::CoParents,
            },
        )
        .await?;
    }
    let live = publish_change(
        &txn,
        &row.familia_id,
        MoneySubject::Recurring(row.id.clone()),
    )
    .await?;
    txn.commit().await?;
    state.wake(live);
    Ok(Json(SeriesAnswer {
        success: true,
        data: view(row),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("date")
    }

    #[test]
    fn the_next_month_keeps_the_day_or_takes_its_last() {
        assert_eq!(month_after(d(2026, 1, 15), 15), d(2026, 2, 15));
        assert_eq!(month_after(d(2026, 1, 31), 31), d(2026, 2, 28));
        assert_eq!(month_after(d(2026, 2, 28), 31), d(2026, 3, 31));
        assert_eq!(month_after(d(2028, 1, 30), 30), d(2028, 2, 29));
        assert_eq!(month_after(d(2026, 12, 31), 31), d(2027, 1, 31));
        assert_eq!(month_after(d(2026, 3, 31), 31), d(2026, 4, 30));
    }
}
