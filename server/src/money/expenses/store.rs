//! Expense rows: storing a checked expense with its shares and children, counting it in the
//! balances, what the record keeps of it, and taking it for a change.

use crate::platform::live::MoneySubject;
use std::collections::BTreeMap;

use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    Set, sea_query::Expr,
};
use serde_json::Value;

use super::input::Checked;
use crate::ids::{FamilyId, UserId};
use crate::{
    error::{ApiError, ApiResult},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    ids,
    money::{
        balance,
        entities::{gasto, gasto_hijo, gasto_parte, gasto_respuesta},
        notice::{self, ExpenseStep, publish_change},
        settings, views,
        vocabulary::ExpenseState,
    },
    platform::live::Wake,
};

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
pub(super) async fn write_parts(
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
        categoria: input.categoria.into(),
        pagado_por: input.pagado_por.clone(),
        creado_por: me.to_owned(),
        reparto: serde_json::to_string(&input.reparto).map_err(ApiError::internal)?,
        notas: input.notas.clone(),
        estado: ExpenseState::Pending.into(),
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
        row.estado = ExpenseState::Approved.into();
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
        &FamilyId::new(&family.id),
        &row.id,
        &UserId::new(me),
        &involved(&row),
        &row.descripcion,
        ExpenseStep::Added {
            to_answer: !approves_itself,
        },
    )
    .await?;
    let live = publish_change(txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
    Ok((row, told.join(live)))
}

/// Takes the expense for a change by its creator, as the transaction's first statement (a
/// write: it queues concurrent changes of the expense), if it is still in one of `states`.
pub(super) async fn take(
    txn: &DatabaseTransaction,
    gasto_id: &str,
    states: &[ExpenseState],
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

pub(super) async fn answered(txn: &DatabaseTransaction, gasto_id: &str) -> ApiResult<bool> {
    Ok(gasto_respuesta::Entity::find()
        .filter(gasto_respuesta::Column::GastoId.eq(gasto_id))
        .count(txn)
        .await?
        > 0)
}
