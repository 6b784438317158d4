//! The money part of a certified report, for the co-parents alone (the caller checks
//! `access::Money::sees`): the expenses and payments dated in the period as the money routes show
//! them, each child-support due of the period, and the figures of the statistics (totals, the
//! balance month by month, dues on time and late).

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::{
    entities::{gasto, pago},
    statistics::{self, MoneyStatistics},
    support::{
        dues::{self, DueView},
        entities::{cuota, vencimiento},
    },
    views::{self, ExpenseView, PaymentView},
};
use crate::{families::entities::familia, state::AppState};

pub struct SupportDues {
    pub cuota: cuota::Model,
    /// Those of the period, by due date.
    pub vencimientos: Vec<DueView>,
}

pub struct MoneyReport {
    pub gastos: Vec<ExpenseView>,
    pub pagos: Vec<PaymentView>,
    pub cuotas: Vec<SupportDues>,
    pub resumen: MoneyStatistics,
}

pub async fn report(
    state: &AppState,
    family: &familia::Model,
    desde: NaiveDate,
    hasta: NaiveDate,
    today: NaiveDate,
) -> Result<MoneyReport, DbErr> {
    let db = &state.db;
    let expenses = gasto::Entity::find()
        .filter(gasto::Column::FamiliaId.eq(&family.id))
        .filter(gasto::Column::Fecha.gte(desde))
        .filter(gasto::Column::Fecha.lte(hasta))
        .order_by_asc(gasto::Column::Fecha)
        .order_by_asc(gasto::Column::CreatedAt)
        .all(db)
        .await?;
    let gastos = views::expenses(db, expenses).await?;
    let pagos = pago::Entity::find()
        .filter(pago::Column::FamiliaId.eq(&family.id))
        .filter(pago::Column::Fecha.gte(desde))
        .filter(pago::Column::Fecha.lte(hasta))
        .order_by_asc(pago::Column::Fecha)
        .order_by_asc(pago::Column::CreatedAt)
        .all(db)
        .await?
        .into_iter()
        .map(views::payment)
        .collect();
    let mut cuotas = Vec::new();
    for agreement in cuota::Entity::find()
        .filter(cuota::Column::FamiliaId.eq(&family.id))
        .order_by_asc(cuota::Column::Desde)
        .all(db)
        .await?
    {
        let vencimientos: Vec<DueView> = vencimiento::Entity::find()
            .filter(vencimiento::Column::CuotaId.eq(&agreement.id))
            .filter(vencimiento::Column::Vence.gte(desde))
            .filter(vencimiento::Column::Vence.lte(hasta))
            .order_by_asc(vencimiento::Column::Vence)
            .all(db)
            .await?
            .iter()
            .map(|due| dues::view(due, today))
            .collect();
        if !vencimientos.is_empty() {
            cuotas.push(SupportDues {
                cuota: agreement,
                vencimientos,
            });
        }
    }
    let months = crate::time_zone::months(desde, hasta);
    let resumen = statistics::money(db, family, desde, hasta, &months, today).await?;
    Ok(MoneyReport {
        gastos,
        pagos,
        cuotas,
        resumen,
    })
}
