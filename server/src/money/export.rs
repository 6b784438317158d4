//! What money adds to a user's export: the expenses and payments they took part in (paid, added,
//! shared or answered; sent or received), and their balances.

use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, sea_query::Query};
use serde::Serialize;

use super::{
    entities::{gasto, gasto_parte, pago, saldo},
    views::{self, ExpenseView, PaymentView},
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json, export_stored},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
dinero/gastos.json             los gastos compartidos en los que participaste, con sus partes y respuestas / the shared expenses you took part in, with their shares and answers
dinero/pagos.json              los pagos que hiciste o recibiste / the payments you made or received
dinero/saldos.json             tus saldos por familia y moneda / your balances per family and currency
dinero/recibos/, comprobantes/ los recibos de esos gastos y los comprobantes de esos pagos / those expenses' receipts and those payments' proofs\n";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Balance {
    familia_id: String,
    moneda: String,
    monto: i64,
}

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let me = &user.id;
    let expenses = gasto::Entity::find()
        .filter(
            Condition::any()
                .add(gasto::Column::PagadoPor.eq(me))
                .add(gasto::Column::CreadoPor.eq(me))
                .add(
                    gasto::Column::Id.in_subquery(
                        Query::select()
                            .column(gasto_parte::Column::GastoId)
                            .from(gasto_parte::Entity)
                            .and_where(gasto_parte::Column::UsuarioId.eq(me))
                            .to_owned(),
                    ),
                ),
        )
        .order_by_asc(gasto::Column::Fecha)
        .order_by_asc(gasto::Column::Id)
        .all(&state.db)
        .await?;
    let mut stored = Vec::new();
    for g in &expenses {
        if let Some(clave) = &g.recibo_clave {
            let ext = if clave.ends_with(".pdf") {
                "pdf"
            } else {
                "jpg"
            };
            stored.push(export_stored(
                format!("dinero/recibos/{}.{ext}", g.id),
                clave,
            ));
        }
    }
    let expenses: Vec<ExpenseView> = views::expenses(&state.db, expenses).await?;
    let payments = pago::Entity::find()
        .filter(
            Condition::any()
                .add(pago::Column::De.eq(me))
                .add(pago::Column::Para.eq(me)),
        )
        .order_by_asc(pago::Column::Fecha)
        .order_by_asc(pago::Column::Id)
        .all(&state.db)
        .await?;
    for p in &payments {
        if let Some(clave) = &p.comprobante_clave {
            let ext = if clave.ends_with(".pdf") {
                "pdf"
            } else {
                "jpg"
            };
            stored.push(export_stored(
                format!("dinero/comprobantes/{}.{ext}", p.id),
                clave,
            ));
        }
    }
    let payments: Vec<PaymentView> = payments.into_iter().map(views::payment).collect();
    let balances: Vec<Balance> = saldo::Entity::find()
        .filter(saldo::Column::UsuarioId.eq(me))
        .order_by_asc(saldo::Column::FamiliaId)
        .order_by_asc(saldo::Column::Moneda)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|s| Balance {
            familia_id: s.familia_id,
            moneda: s.moneda,
            monto: s.monto,
        })
        .collect();
    let mut files = vec![
        export_json("dinero/gastos.json", &expenses)?,
        export_json("dinero/pagos.json", &payments)?,
        export_json("dinero/saldos.json", &balances)?,
    ];
    files.extend(stored);
    Ok(files)
}
