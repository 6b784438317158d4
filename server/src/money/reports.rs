//! `/api/familias/{id}/informes/gastos`: the totals of the counted (`aprobado`) expenses of one
//! currency over a range of dates, by month, category, child and person, and the same expenses
//! as a CSV file, one line each. Amounts are what was spent (before any insurer's refund).

use std::collections::{BTreeMap, HashMap};

use axum::{
    extract::{Query, State},
    response::{IntoResponse, Response},
};
use chrono::NaiveDate;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Query as SqlQuery, SelectStatement},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{Money, coparents},
    entities::{gasto, gasto_hijo, gasto_parte},
    settings,
    shares::{Weighted, split},
    support::{currency, decimal},
    vocabulary::{ExpenseCategory, ExpenseState},
};
use crate::families::Reads;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::FamilyMember,
    i18n::{self, Lang, Msg},
    platform::download::Download,
    request::Json,
    state::AppState,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportQuery {
    /// `YYYY-MM-DD`, included; no lower bound when absent.
    #[param(value_type = Option<crate::fields::Day>)]
    pub desde: Option<String>,
    /// `YYYY-MM-DD`, included; no upper bound when absent.
    #[param(value_type = Option<crate::fields::Day>)]
    pub hasta: Option<String>,
    /// ISO 4217; the family's currency when absent. Currencies are never mixed.
    #[param(pattern = "^[A-Z]{3}$", example = "ARS")]
    pub moneda: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MonthTotal {
    /// `YYYY-MM`.
    pub mes: String,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryTotal {
    #[schema(value_type = ExpenseCategory)]
    pub categoria: String,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildTotal {
    /// Null: expenses for no child in particular.
    pub hijo_id: Option<String>,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonTotal {
    pub usuario_id: String,
    /// What they paid.
    pub pagado: i64,
    /// Their shares.
    pub parte: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseReport {
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    /// Oldest month first.
    pub por_mes: Vec<MonthTotal>,
    /// Largest first.
    pub por_categoria: Vec<CategoryTotal>,
    /// An expense for several children counts for each an exact share (`shares`); largest first,
    /// expenses for no child last.
    pub por_hijo: Vec<ChildTotal>,
    /// The family's co-parents in the order they joined, then anyone else who took part.
    pub por_persona: Vec<PersonTotal>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpenseReportAnswer {
    pub success: bool,
    pub data: ExpenseReport,
}

/// The report's checked range and currency.
struct Range {
    desde: Option<NaiveDate>,
    hasta: Option<NaiveDate>,
    moneda: String,
}

async fn range(
    db: &impl ConnectionTrait,
    access: &FamilyMember,
    q: ReportQuery,
) -> ApiResult<Range> {
    let mut errors = FieldErrors::default();
    let date = |v: Option<String>| -> Result<Option<NaiveDate>, Msg> {
        match v.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
                .map_err(|_| Msg::DateInvalid)
                .and_then(crate::fields::date_in_range)
                .map(Some),
        }
    };
    let desde = errors.check("desde", date(q.desde)).flatten();
    let hasta = errors.check("hasta", date(q.hasta)).flatten();
    if let (Some(d), Some(h)) = (desde, hasta)
        && h < d
    {
        errors.add("hasta", Msg::DateRangeInverted);
    }
    let moneda = match q.moneda.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        Some(m) => errors.check("moneda", currency(Some(m)).ok_or(Msg::MoneyCurrencyInvalid)),
        None => Some(settings::load(db, &access.family).await?.moneda),
    };
    errors.into_result()?;
    Ok(Range {
        desde,
        hasta,
        moneda: moneda.ok_or_else(|| ApiError::internal("a report's currency went missing"))?,
    })
}

/// The ids of the counted expenses in range, as a subquery.
fn counted_ids(familia_id: &str, r: &Range) -> SelectStatement {
    let mut q = SqlQuery::select();
    q.column(gasto::Column::Id)
        .from(gasto::Entity)
        .and_where(gasto::Column::FamiliaId.eq(familia_id))
        .and_where(gasto::Column::Estado.eq(ExpenseState::Approved))
        .and_where(gasto::Column::Moneda.eq(&r.moneda));
    if let Some(d) = r.desde {
        q.and_where(gasto::Column::Fecha.gte(d));
    }
    if let Some(h) = r.hasta {
        q.and_where(gasto::Column::Fecha.lte(h));
    }
    q.to_owned()
}

/// What the report and the file are made of.
struct Counted {
    expenses: Vec<gasto::Model>,
    shares: HashMap<String, Vec<(String, i64)>>,
    children: HashMap<String, Vec<String>>,
}

async fn counted(db: &impl ConnectionTrait, familia_id: &str, r: &Range) -> Result<Counted, DbErr> {
    let mut find = gasto::Entity::find()
        .filter(gasto::Column::FamiliaId.eq(familia_id))
        .filter(gasto::Column::Estado.eq(ExpenseState::Approved))
        .filter(gasto::Column::Moneda.eq(&r.moneda));
    if let Some(d) = r.desde {
        find = find.filter(gasto::Column::Fecha.gte(d));
    }
    if let Some(h) = r.hasta {
        find = find.filter(gasto::Column::Fecha.lte(h));
    }
    let expenses = find
        .order_by_asc(gasto::Column::Fecha)
        .order_by_asc(gasto::Column::Id)
        .all(db)
        .await?;
    let mut shares: HashMap<String, Vec<(String, i64)>> = HashMap::new();
    for (gasto_id, usuario_id, monto) in gasto_parte::Entity::find()
        .select_only()
        .column(gasto_parte::Column::GastoId)
        .column(gasto_parte::Column::UsuarioId)
        .column(gasto_parte::Column::Monto)
        .filter(gasto_parte::Column::GastoId.in_subquery(counted_ids(familia_id, r)))
        .into_tuple::<(String, String, i64)>()
        .all(db)
        .await?
    {
        shares
            .entry(gasto_id)
            .or_default()
            .push((usuario_id, monto));
    }
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    for (gasto_id, hijo_id) in gasto_hijo::Entity::find()
        .select_only()
        .column(gasto_hijo::Column::GastoId)
        .column(gasto_hijo::Column::HijoId)
        .filter(gasto_hijo::Column::GastoId.in_subquery(counted_ids(familia_id, r)))
        .into_tuple::<(String, String)>()
        .all(db)
        .await?
    {
        children.entry(gasto_id).or_default().push(hijo_id);
    }
    for list in children.values_mut() {
        list.sort();
    }
    Ok(Counted {
        expenses,
        shares,
        children,
    })
}

/// Each child's exact share of an expense: `shares::split` with equal weights, children in id order.
fn child_shares(monto: i64, hijos: &[String]) -> Vec<(String, i64)> {
    let weighted: Vec<Weighted> = hijos
        .iter()
        .map(|h| Weighted {
            usuario_id: h.clone(),
            weight: 1,
        })
        .collect();
    match split(monto, &weighted, "") {
        Ok(parts) => hijos.iter().cloned().zip(parts).collect(),
        Err(_) => Vec::new(),
    }
}

fn report(moneda: String, data: &Counted, order: &[String]) -> ExpenseReport {
    let mut months: BTreeMap<String, i64> = BTreeMap::new();
    let mut categories: HashMap<String, i64> = HashMap::new();
    let mut by_child: HashMap<Option<String>, i64> = HashMap::new();
    let mut people: HashMap<String, (i64, i64)> = HashMap::new();
    for g in &data.expenses {
        *months
            .entry(g.fecha.format("%Y-%m").to_string())
            .or_default() += g.monto;
        *categories.entry(g.categoria.clone()).or_default() += g.monto;
        match data.children.get(&g.id).filter(|h| !h.is_empty()) {
            Some(hijos) => {
                for (hijo, part) in child_shares(g.monto, hijos) {
                    *by_child.entry(Some(hijo)).or_default() += part;
                }
            }
            None => *by_child.entry(None).or_default() += g.monto,
        }
        people.entry(g.pagado_por.clone()).or_default().0 += g.monto;
        for (usuario_id, monto) in data.shares.get(&g.id).into_iter().flatten() {
            people.entry(usuario_id.clone()).or_default().1 += monto;
        }
    }
    let mut por_categoria: Vec<CategoryTotal> = categories
        .into_iter()
        .map(|(categoria, total)| CategoryTotal { categoria, total })
        .collect();
    por_categoria.sort_by(|a, b| b.total.cmp(&a.total).then(a.categoria.cmp(&b.categoria)));
    let mut por_hijo: Vec<ChildTotal> = by_child
        .into_iter()
        .map(|(hijo_id, total)| ChildTotal { hijo_id, total })
        .collect();
    por_hijo.sort_by(|a, b| {
        a.hijo_id
            .is_none()
            .cmp(&b.hijo_id.is_none())
            .then(b.total.cmp(&a.total))
            .then(a.hijo_id.cmp(&b.hijo_id))
    });
    let mut ids: Vec<String> = order
        .iter()
        .filter(|id| people.contains_key(*id))
        .cloned()
        .collect();
    let mut others: Vec<String> = people
        .keys()
        .filter(|id| !order.contains(id))
        .cloned()
        .collect();
    others.sort();
    ids.extend(others);
    let por_persona = ids
        .into_iter()
        .map(|usuario_id| {
            let (pagado, parte) = people.get(&usuario_id).copied().unwrap_or_default();
            PersonTotal {
                usuario_id,
                pagado,
                parte,
            }
        })
        .collect();
    ExpenseReport {
        moneda,
        por_mes: months
            .into_iter()
            .map(|(mes, total)| MonthTotal { mes, total })
            .collect(),
        por_categoria,
        por_hijo,
        por_persona,
    }
}

/// Totals of the counted expenses of one currency: by month, category, child and person.
#[utoipa::path(get, path = "/familias/{id}/informes/gastos", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ReportQuery),
    responses(
        (status = 200, body = ExpenseReportAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad date or currency, or hasta before desde", body = ErrorBody),
    ))]
pub async fn expense_report(
    State(state): State<AppState>,
    access: Reads<Money>,
    Query(q): Query<ReportQuery>,
) -> ApiResult<Json<ExpenseReportAnswer>> {
    let r = range(&state.db, &access, q).await?;
    let data = counted(&state.db, &access.family.id, &r).await?;
    let order = coparents(&state.db, &access.family.id).await?;
    Ok(Json(ExpenseReportAnswer {
        success: true,
        data: report(r.moneda, &data, &order),
    }))
}

/// The report of `moneda` from `desde` to `hasta`, as `expense_report` gives it, with the
/// family's co-parents in `order`.
pub async fn period_report(
    db: &impl ConnectionTrait,
    familia_id: &str,
    moneda: String,
    desde: NaiveDate,
    hasta: NaiveDate,
    order: &[String],
) -> Result<ExpenseReport, DbErr> {
    let r = Range {
        desde: Some(desde),
        hasta: Some(hasta),
        moneda,
    };
    let data = counted(db, familia_id, &r).await?;
    Ok(report(r.moneda, &data, order))
}

/// One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled), and
/// with a leading apostrophe when a spreadsheet would take it for a formula.
pub fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

fn headers(lang: Lang) -> [&'static str; 6] {
    match lang {
        Lang::Es => [
            "Fecha",
            "Descripción",
            "Categoría",
            "Monto",
            "Moneda",
            "Pagado por",
        ],
        Lang::En => [
            "Date",
            "Description",
            "Category",
            "Amount",
            "Currency",
            "Paid by",
        ],
    }
}

fn share_header(lang: Lang, name: &str) -> String {
    match lang {
        Lang::Es => format!("Parte de {name}"),
        Lang::En => format!("Share of {name}"),
    }
}

/// The counted expenses as CSV, one line each, with each participant's share in a column of
/// their own; headers in the caller's language.
#[utoipa::path(get, path = "/familias/{id}/informes/gastos.csv", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path), ReportQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "an attachment"),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "a bad date or currency, or hasta before desde", body = ErrorBody),
    ))]
pub async fn expense_csv(
    State(state): State<AppState>,
    access: Reads<Money>,
    Query(q): Query<ReportQuery>,
) -> ApiResult<Response> {
    let r = range(&state.db, &access, q).await?;
    let data = counted(&state.db, &access.family.id, &r).await?;
    let order = coparents(&state.db, &access.family.id).await?;
    let mut people: Vec<String> = order.clone();
    for list in data.shares.values() {
        for (id, _) in list {
            if !people.contains(id) {
                people.push(id.clone());
            }
        }
    }
    let mut wanted = people.clone();
    wanted.extend(data.expenses.iter().map(|g| g.pagado_por.clone()));
    let names: HashMap<String, String> = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(wanted))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|u| (u.id, format!("{} {}", u.nombre, u.apellido)))
        .collect();
    // Only people who had a share get a column.
    people.retain(|id| data.shares.values().flatten().any(|(u, _)| u == id));
    let exponent = iso_currency::Currency::from_code(&r.moneda)
        .and_then(|c| c.exponent())
        .map_or(2, u32::from);
    let lang = i18n::current();
    let name = |id: &str| names.get(id).cloned().unwrap_or_default();
    let mut out = String::new();
    let mut head: Vec<String> = headers(lang).iter().map(|h| csv_field(h)).collect();
    head.extend(
        people
            .iter()
            .map(|id| csv_field(&share_header(lang, &name(id)))),
    );
    out.push_str(&head.join(","));
    out.push_str("\r\n");
    for g in &data.expenses {
        let shares = data.shares.get(&g.id);
        let mut line = vec![
            g.fecha.format("%Y-%m-%d").to_string(),
            csv_field(&g.descripcion),
            csv_field(&g.categoria),
            decimal(g.monto, exponent),
            g.moneda.clone(),
            csv_field(&name(&g.pagado_por)),
        ];
        line.extend(people.iter().map(|id| {
            shares
                .and_then(|list| list.iter().find(|(u, _)| u == id))
                .map(|(_, monto)| decimal(*monto, exponent))
                .unwrap_or_default()
        }));
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    let file = format!(
        "{}-{}.csv",
        match lang {
            Lang::Es => "gastos",
            Lang::En => "expenses",
        },
        r.moneda
    );
    let mut response = out.into_response();
    Download::attachment("text/csv; charset=utf-8", &file).apply(response.headers_mut());
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(csv_field("Útiles"), "Útiles");
        assert_eq!(csv_field("Libros, cuadernos"), "\"Libros, cuadernos\"");
        assert_eq!(csv_field("El \"mejor\""), "\"El \"\"mejor\"\"\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_field("a\nb"), "\"a\nb\"");
    }

    #[test]
    fn children_share_an_expense_exactly() {
        let two = vec!["a".to_owned(), "b".to_owned()];
        assert_eq!(
            child_shares(1001, &two),
            [("a".to_owned(), 501), ("b".to_owned(), 500)]
        );
        let three = vec!["a".to_owned(), "b".to_owned(), "c".to_owned()];
        let parts: i64 = child_shares(100, &three).iter().map(|(_, p)| p).sum();
        assert_eq!(parts, 100);
    }
}
