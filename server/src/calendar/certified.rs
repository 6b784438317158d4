//! The calendar part of a certified report, for a member (every member reads the calendar): the
//! nights planned and held with their shares, the handovers recorded, the swaps asked in the
//! period, and the events the member sees (never another's private event), as the calendar's own
//! routes give them.

use chrono::{Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{
    custody::{
        plan::Plan,
        share::{self, Held, ShareView},
    },
    events::{self, views::OccurrenceView},
    statistics::midnight,
    swaps::{
        entities::{cambio, entrega},
        requests::{self, SwapView},
    },
};
use crate::{
    error::ApiResult,
    ids::{FamilyId, UserId},
    state::AppState,
};

pub struct CalendarReport {
    pub reparto: ShareView,
    /// Each night of the period: who held it by the plan, and who in fact.
    pub noches: Vec<(Held, Held)>,
    /// Recorded in the period, by date.
    pub entregas: Vec<entrega::Model>,
    /// Asked in the period, oldest first.
    pub cambios: Vec<SwapView>,
    /// Those `usuario_id` sees that happen in the period, by start.
    pub eventos: Vec<OccurrenceView>,
}

pub async fn report(
    state: &AppState,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    zone: Tz,
    desde: NaiveDate,
    hasta: NaiveDate,
) -> ApiResult<CalendarReport> {
    let day = Duration::days(1);
    let plan = Plan::load(&state.db, familia_id, zone, desde - day, hasta + day).await?;
    let handovers = share::handovers(&state.db, familia_id, desde, hasta + day).await?;
    let reparto = share::report(&plan, &handovers, desde, hasta);
    let (planned, actual) = share::nights(&plan, &handovers, desde, hasta);
    let noches = planned.into_iter().zip(actual).collect();
    let entregas = entrega::Entity::find()
        .filter(entrega::Column::FamiliaId.eq(familia_id))
        .filter(entrega::Column::Fecha.gte(desde))
        .filter(entrega::Column::Fecha.lte(hasta))
        .order_by_asc(entrega::Column::Fecha)
        .order_by_asc(entrega::Column::Ocurrio)
        .all(&state.db)
        .await?;
    let (start, end) = (midnight(desde, zone), midnight(hasta + day, zone));
    let now = Utc::now();
    let cambios = cambio::Entity::find()
        .filter(cambio::Column::FamiliaId.eq(familia_id))
        .filter(cambio::Column::CreatedAt.gte(start))
        .filter(cambio::Column::CreatedAt.lt(end))
        .order_by_asc(cambio::Column::CreatedAt)
        .all(&state.db)
        .await?
        .iter()
        .map(|row| requests::view(row, usuario_id.as_str(), now))
        .collect();
    let eventos = events::occurrences(&state.db, familia_id, usuario_id, start, end).await?;
    Ok(CalendarReport {
        reparto,
        noches,
        entregas,
        cambios,
        eventos,
    })
}
