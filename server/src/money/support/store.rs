//! What several of child support's steps do to an agreement: find it in the caller's family,
//! change it, and put a new amount in force; and the stored form of a proposed adjustment.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    acts,
    entities::{ajuste, cuota},
    format_amount,
    notice::{self, Step},
    publish, subjects,
};
use crate::ids::FamilyId;
use crate::{
    error::{ApiError, ApiResult},
    families::{
        FamilyMember,
        record::{self, Act, Audience},
    },
    ids,
    platform::live::Wake,
};

/// The agreement of the path, in the caller's family (whose money they reach: `Reads<Money>`).
pub async fn find(
    db: &impl ConnectionTrait,
    access: &FamilyMember,
    cuota_id: &str,
) -> ApiResult<cuota::Model> {
    cuota::Entity::find_by_id(cuota_id)
        .filter(cuota::Column::FamiliaId.eq(&access.family.id))
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// A change of an agreement: `hasta` Some(None) removes the end, `notas` Some(None) the notes.
#[derive(Debug, Default)]
pub struct Change {
    pub activa: Option<bool>,
    pub hasta: Option<Option<NaiveDate>>,
    pub notas: Option<Option<String>>,
}

/// Applies `change` to `before` (locked by the caller's transaction), records it (with the
/// proposal it comes from, if any) and tells the other party. Resuming owes nothing for the
/// months it was paused. Gives back the agreement as it is now, or None if nothing changed.
pub async fn apply_change(
    txn: &DatabaseTransaction,
    before: &cuota::Model,
    change: &Change,
    me: &str,
    today: NaiveDate,
    now: DateTime<Utc>,
    propuesta: Option<&str>,
) -> ApiResult<(Option<cuota::Model>, Wake)> {
    let mut row = before.clone();
    if let Some(activa) = change.activa {
        if activa && !before.activa {
            row.generar_desde = std::cmp::max(today, before.desde);
        }
        row.activa = activa;
    }
    if let Some(hasta) = change.hasta {
        row.hasta = hasta;
    }
    if let Some(notas) = &change.notas {
        row.notas = notas.clone();
    }
    row.actualizada_en = now;
    let mut changes = serde_json::Map::new();
    if row.activa != before.activa {
        changes.insert("activa".into(), row.activa.into());
    }
    if row.hasta != before.hasta {
        changes.insert("hasta".into(), serde_json::json!(row.hasta));
    }
    if row.notas != before.notas {
        changes.insert("notas".into(), serde_json::json!(row.notas));
    }
    if changes.is_empty() {
        return Ok((None, Wake::default()));
    }
    cuota::Entity::update_many()
        .col_expr(cuota::Column::Activa, Expr::value(row.activa))
        .col_expr(cuota::Column::Hasta, Expr::value(row.hasta))
        .col_expr(cuota::Column::Notas, Expr::value(row.notas.clone()))
        .col_expr(cuota::Column::GenerarDesde, Expr::value(row.generar_desde))
        .filter(cuota::Column::Id.eq(&row.id))
        .exec(txn)
        .await?;
    changes.insert("cuota".into(), row.id.clone().into());
    if let Some(propuesta) = propuesta {
        changes.insert("propuesta".into(), propuesta.into());
    }
    record::append(
        txn,
        &row.familia_id,
        Act {
            kind: acts::CHANGED,
            actor: Some(me),
            content: Value::Object(changes),
            subjects: subjects(&row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let others = notice::other_party(txn, &row, me).await?;
    let told = notice::tell(txn, &row, me, &others, Step::Changed).await?;
    let live = publish(txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    Ok((Some(row), told.join(live)))
}

/// The history's latest step: the one a new adjustment starts from.
pub fn latest(history: &[ajuste::Model]) -> Option<&ajuste::Model> {
    history.iter().max_by(|a, b| {
        a.desde
            .cmp(&b.desde)
            .then(a.creado_en.cmp(&b.creado_en))
            .then(a.id.cmp(&b.id))
    })
}

/// Adds `step` to the agreement's history and puts its amount in force; records it (with the
/// proposal it comes from, if any) and tells the other party. Inside the caller's transaction,
/// which locked the agreement.
pub async fn apply(
    txn: &DatabaseTransaction,
    row: &cuota::Model,
    step: &ajuste::Model,
    me: &str,
    propuesta: Option<&str>,
) -> ApiResult<Wake> {
    ajuste::Entity::insert(ajuste::ActiveModel::from(step.clone()))
        .exec_without_returning(txn)
        .await?;
    cuota::Entity::update_many()
        .col_expr(cuota::Column::Monto, Expr::value(step.monto))
        .col_expr(
            cuota::Column::IngresoDeclarado,
            Expr::value(step.ingreso_declarado.or(row.ingreso_declarado)),
        )
        .filter(cuota::Column::Id.eq(&row.id))
        .exec(txn)
        .await?;
    record::append(
        txn,
        &row.familia_id,
        Act {
            kind: acts::ADJUSTED,
            actor: Some(me),
            content: serde_json::json!({
                "cuota": row.id,
                "desde": step.desde,
                "tipo": step.tipo,
                "porcentaje": step.porcentaje_pb.map(|bp| bp as f64 / 100.0),
                "indiceAnterior": step.indice_anterior,
                "indiceNuevo": step.indice_nuevo,
                "ingresoDeclarado": step.ingreso_declarado,
                "montoAnterior": step.monto_anterior,
                "monto": step.monto,
                "moneda": row.moneda,
                "propuesta": propuesta,
            }),
            subjects: subjects(row),
            audience: Audience::CoParents,
        },
    )
    .await?;
    let others = notice::other_party(txn, row, me).await?;
    let told = notice::tell(
        txn,
        row,
        me,
        &others,
        Step::Adjusted {
            monto: format_amount(step.monto, &row.moneda),
            desde: step.desde,
        },
    )
    .await?;
    let live = publish(txn, &FamilyId::new(&row.familia_id), &row.id).await?;
    Ok(told.join(live))
}

/// The adjustment as it would be made: computed when proposed, from the history's latest step
/// (`base`), so what the payee accepts is what applies.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposedStep {
    pub base: String,
    pub desde: NaiveDate,
    pub tipo: String,
    pub porcentaje_pb: Option<i64>,
    pub indice_anterior: Option<String>,
    pub indice_nuevo: Option<String>,
    pub ingreso_declarado: Option<i64>,
    pub monto_anterior: Option<i64>,
    pub monto: i64,
}

impl ProposedStep {
    pub fn of(step: &ajuste::Model, base: &str) -> ProposedStep {
        ProposedStep {
            base: base.to_owned(),
            desde: step.desde,
            tipo: step.tipo.clone(),
            porcentaje_pb: step.porcentaje_pb,
            indice_anterior: step.indice_anterior.clone(),
            indice_nuevo: step.indice_nuevo.clone(),
            ingreso_declarado: step.ingreso_declarado,
            monto_anterior: step.monto_anterior,
            monto: step.monto,
        }
    }

    /// The history step it becomes, by `creado_por`, at `now`.
    pub fn made(
        &self,
        cuota_id: &str,
        creado_por: Option<String>,
        now: DateTime<Utc>,
    ) -> ajuste::Model {
        ajuste::Model {
            id: ids::new_id(),
            cuota_id: cuota_id.to_owned(),
            desde: self.desde,
            tipo: self.tipo.clone(),
            porcentaje_pb: self.porcentaje_pb,
            indice_anterior: self.indice_anterior.clone(),
            indice_nuevo: self.indice_nuevo.clone(),
            ingreso_declarado: self.ingreso_declarado,
            monto_anterior: self.monto_anterior,
            monto: self.monto,
            creado_por,
            creado_en: now,
        }
    }
}
