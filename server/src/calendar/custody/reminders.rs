//! Exchange reminders: an hour before each exchange (a date whose night goes to the other parent
//! than the night before), both parents get a notice. A periodic job looks ahead; the reminder's
//! row, keyed by family and date, is the claim that makes it go out once across instances and
//! runs.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set, TransactionTrait,
    sea_query::OnConflict,
};

use super::{
    entities::{custodia, recordatorio},
    plan::{Plan, today},
    zone_of,
};
use crate::{
    db::entities::usuario,
    families::{self, entities::familia},
    notifications::{self, kinds},
    platform::jobs::Periodic,
    state::AppState,
};

/// How far ahead of an exchange its reminder goes out.
pub const AHEAD: Duration = Duration::hours(1);

pub const JOB: Periodic = Periodic {
    kind: "custodia.recordatorios",
    every: Duration::minutes(5),
};

/// An exchange: the date whose night changes hands, when, and between whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    pub fecha: NaiveDate,
    pub at: DateTime<Utc>,
    pub from: String,
    pub to: String,
}

/// The exchanges of a plan on `dates`.
pub fn exchanges(plan: &Plan, dates: &[NaiveDate]) -> Vec<Exchange> {
    dates
        .iter()
        .filter_map(|fecha| {
            let from = plan.actual(*fecha - Duration::days(1))?;
            let to = plan.actual(*fecha)?;
            (from != to).then(|| Exchange {
                fecha: *fecha,
                at: plan.exchange_at(*fecha),
                from,
                to,
            })
        })
        .collect()
}

/// Sends the reminders due at `now` (an exchange within the next hour, not yet reminded);
/// answers how many exchanges were reminded. Run by the periodic job.
pub async fn send_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let families: Vec<String> = custodia::Entity::find()
        .select_only()
        .column(custodia::Column::FamiliaId)
        .distinct()
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut sent = 0;
    for familia_id in families {
        let Some(family) = familia::Entity::find_by_id(&familia_id)
            .one(&state.db)
            .await?
        else {
            continue;
        };
        let zone = zone_of(Some(&family.zona_horaria));
        let day = today(zone, now);
        let dates = [day, day + Duration::days(1)];
        let plan = Plan::load(
            &state.db,
            &familia_id,
            zone,
            day - Duration::days(1),
            dates[1],
        )
        .await?;
        for exchange in exchanges(&plan, &dates) {
            if now >= exchange.at - AHEAD && now < exchange.at {
                sent += usize::from(remind(state, &family, &exchange, now).await?);
            }
        }
    }
    Ok(sent)
}

/// Claims the exchange's reminder and notifies both parents; false if it was already sent.
async fn remind(
    state: &AppState,
    family: &familia::Model,
    exchange: &Exchange,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let txn = state.db.begin().await?;
    let claimed = recordatorio::Entity::insert(recordatorio::ActiveModel {
        familia_id: Set(family.id.clone()),
        fecha: Set(exchange.fecha),
        enviado_at: Set(now),
    })
    .on_conflict(
        OnConflict::columns([recordatorio::Column::FamiliaId, recordatorio::Column::Fecha])
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    if claimed == 0 {
        txn.rollback().await?;
        return Ok(false);
    }
    let names = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in([exchange.from.clone(), exchange.to.clone()]))
        .all(&txn)
        .await?;
    let name = |id: &str| {
        names
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.nombre.clone())
            .unwrap_or_default()
    };
    let zone = zone_of(Some(&family.zona_horaria));
    let notice = notifications::Notice {
        kind: kinds::CUSTODY_EXCHANGE,
        familia_id: Some(family.id.clone()),
        actor_id: None,
        datos: serde_json::json!({
            "hora": exchange.at.with_timezone(&zone).format("%H:%M").to_string(),
            "desde": name(&exchange.from),
            "hacia": name(&exchange.to),
            "fecha": exchange.fecha,
        }),
        enlace: Some("/calendar".to_owned()),
        objeto_id: None,
        solo_app: Vec::new(),
    };
    // A parent no longer in the family hears no more of it.
    let mut parents = vec![exchange.from.clone(), exchange.to.clone()];
    let members = crate::families::member_ids(&txn, &family.id).await?;
    parents.retain(|p| members.contains(p));
    let wake = families::notices::notify(&txn, &parents, notice).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(true)
}
