//! A user's child support in their export, and what goes when an account or a family is erased.

use sea_orm::{
    ColumnTrait, Condition, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
    sea_query::Expr,
};
use serde_json::json;

use super::{
    dues::{self, history},
    entities::{ajuste, cuota, pago, vencimiento},
    views,
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
dinero/cuotas.json             las cuotas alimentarias que pagas o recibes, con sus vencimientos, ajustes y pagos / the child support you pay or receive, with its dues, adjustments and payments\n";

/// The agreements where the user pays or receives, whole.
pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let rows = cuota::Entity::find()
        .filter(
            Condition::any()
                .add(cuota::Column::PagadorId.eq(&user.id))
                .add(cuota::Column::BeneficiarioId.eq(&user.id)),
        )
        .order_by_asc(cuota::Column::CreadaEn)
        .all(&state.db)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let today = chrono::Utc::now().date_naive();
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        let steps: Vec<ajuste::Model> = history(&state.db, &row.id).await?;
        let made = vencimiento::Entity::find()
            .filter(vencimiento::Column::CuotaId.eq(&row.id))
            .order_by_asc(vencimiento::Column::Vence)
            .all(&state.db)
            .await?;
        let paid = pago::Entity::find()
            .filter(pago::Column::CuotaId.eq(&row.id))
            .order_by_asc(pago::Column::Fecha)
            .all(&state.db)
            .await?;
        out.push(json!({
            "id": row.id,
            "familiaId": row.familia_id,
            "pagador": row.pagador_id,
            "beneficiario": row.beneficiario_id,
            "moneda": row.moneda,
            "modo": row.modo,
            "monto": row.monto,
            "porcentaje": row.porcentaje_pb.map(|bp| bp as f64 / 100.0),
            "ingresoDeclarado": row.ingreso_declarado,
            "diaVencimiento": row.dia_vencimiento,
            "desde": row.desde,
            "hasta": row.hasta,
            "activa": row.activa,
            "hijos": serde_json::from_str::<serde_json::Value>(&row.hijos).unwrap_or_default(),
            "notas": row.notas,
            "credito": row.credito,
            "creadaEn": row.creada_en,
            "vencimientos": made.iter().map(|d| dues::view(d, today)).collect::<Vec<_>>(),
            "ajustes": steps.iter().map(views::adjustment_view).collect::<Vec<_>>(),
            "pagos": paid.iter().map(views::payment_view).collect::<Vec<_>>(),
        }));
    }
    Ok(vec![export_json("dinero/cuotas.json", &out)?])
}

/// The agreements stay for the other parent, as the family's history; who the erased user was
/// is forgotten wherever it was written.
pub async fn erase_account(txn: &DatabaseTransaction, user: &usuario::Model) -> Result<(), DbErr> {
    let none = || Expr::value(Option::<String>::None);
    for column in [
        cuota::Column::PagadorId,
        cuota::Column::BeneficiarioId,
        cuota::Column::CreadaPor,
    ] {
        cuota::Entity::update_many()
            .col_expr(column, none())
            .filter(column.eq(&user.id))
            .exec(txn)
            .await?;
    }
    ajuste::Entity::update_many()
        .col_expr(ajuste::Column::CreadoPor, none())
        .filter(ajuste::Column::CreadoPor.eq(&user.id))
        .exec(txn)
        .await?;
    pago::Entity::update_many()
        .col_expr(pago::Column::RegistradoPor, none())
        .filter(pago::Column::RegistradoPor.eq(&user.id))
        .exec(txn)
        .await?;
    super::proposals::erase_account(txn, user).await?;
    Ok(())
}

/// Everything of the family's child support (dues, history and payments go with each agreement).
pub async fn erase_family(txn: &DatabaseTransaction, familia_id: &str) -> Result<(), DbErr> {
    cuota::Entity::delete_many()
        .filter(cuota::Column::FamiliaId.eq(familia_id))
        .exec(txn)
        .await?;
    Ok(())
}
