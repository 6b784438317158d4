//! Acts that anyone holding a link, or a member, can repeat at will (opening a card link,
//! downloading a document) are recorded once per day, not once per request: the record would
//! otherwise grow, and its verification slow down, at an outsider's pace. The day is the
//! family's own (its time zone), and the mark that it was recorded lives in the database, so
//! every instance sees it.

use chrono::{Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, sea_query::OnConflict,
};

use super::{Act, append, entities::marca};
use crate::families::entities::familia;

/// Today in the family's time zone (the product's home zone if its own cannot be read). Read
/// before the act's transaction, which on SQLite should start with a write.
pub async fn family_today(db: &impl ConnectionTrait, familia_id: &str) -> Result<NaiveDate, DbErr> {
    let zone: Tz = familia::Entity::find_by_id(familia_id)
        .one(db)
        .await?
        .and_then(|f| f.zona_horaria.parse().ok())
        .or_else(|| crate::time_zone::DEFAULT.parse().ok())
        .unwrap_or(Tz::UTC);
    Ok(Utc::now().with_timezone(&zone).date_naive())
}

/// Appends `act` unless an act marked `mark` was already recorded in this family on `day`; gives
/// back the entry's sequence number, or None when it was already recorded. The mark is an insert
/// that does nothing on conflict, in the act's own transaction: of two requests at once on any
/// instances, one inserts and appends, the other finds the mark (on PostgreSQL it waits for the
/// first to commit) and appends nothing.
pub async fn append_once_a_day(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    day: NaiveDate,
    mark: &str,
    act: Act<'_>,
) -> Result<Option<i64>, DbErr> {
    let inserted = marca::Entity::insert(marca::ActiveModel {
        dia: Set(day.format("%Y-%m-%d").to_string()),
        clave: Set(mark.to_owned()),
        familia_id: Set(familia_id.to_owned()),
    })
    .on_conflict(
        OnConflict::columns([marca::Column::Dia, marca::Column::Clave])
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    if inserted == 0 {
        return Ok(None);
    }
    append(txn, familia_id, act).await.map(Some)
}

/// Forgets the marks of days that are over everywhere: two days back in UTC is past in every
/// time zone. Run with the daily checkpoints.
pub async fn prune_marks(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    let before = (Utc::now() - Duration::days(2)).date_naive();
    Ok(marca::Entity::delete_many()
        .filter(marca::Column::Dia.lt(before.format("%Y-%m-%d").to_string()))
        .exec(db)
        .await?
        .rows_affected)
}
