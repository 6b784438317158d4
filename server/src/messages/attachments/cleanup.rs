//! Uploads that no message claimed go after a day, with their stored files.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::keys_of;
use crate::{
    messages::entities::adjunto,
    platform::{pending, photo},
    state::AppState,
};

/// How long an upload waits for the message that sends it.
pub const UNCLAIMED_FOR: Duration = Duration::hours(24);
/// Rows looked at per round, so one run never loads an unbounded list.
const BATCH: u64 = 200;

/// Removes the uploads older than `UNCLAIMED_FOR` at `now` that no message claimed, and their
/// stored files; gives back how many went. Each row goes only if it is still unclaimed when it
/// is deleted, so a message sent at that very moment keeps its files.
pub async fn remove_unclaimed(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let cutoff = now - UNCLAIMED_FOR;
    let mut removed = 0;
    let mut after = String::new();
    loop {
        let rows = adjunto::Entity::find()
            .filter(adjunto::Column::MensajeId.is_null())
            .filter(adjunto::Column::CreatedAt.lt(cutoff))
            .filter(adjunto::Column::Id.gt(after.as_str()))
            .order_by_asc(adjunto::Column::Id)
            .limit(BATCH)
            .all(&state.db)
            .await?;
        let Some(last) = rows.last() else {
            break;
        };
        after = last.id.clone();
        for row in rows {
            if remove_one(state, row).await? {
                removed += 1;
            }
        }
    }
    if removed > 0 {
        tracing::info!(removed, "unsent message attachments removed");
    }
    Ok(removed)
}

/// Deletes one unclaimed upload's row, then its files. The files are noted first: a crash
/// between the two leaves them to the pending-files sweep, which finds no row and removes them.
async fn remove_one(state: &AppState, row: adjunto::Model) -> Result<bool, DbErr> {
    let id = row.id.clone();
    let keys = keys_of([row]);
    pending::note(&state.db, state, &keys).await?;
    let deleted = adjunto::Entity::delete_many()
        .filter(adjunto::Column::Id.eq(id))
        .filter(adjunto::Column::MensajeId.is_null())
        .exec(&state.db)
        .await;
    match deleted {
        Ok(done) if done.rows_affected == 1 => {
            photo::after_change(state, &[], &keys).await;
            Ok(true)
        }
        // Claimed meanwhile: the files stay with their message.
        Ok(_) => {
            pending::settle(state, &keys).await;
            Ok(false)
        }
        Err(err) => {
            pending::settle(state, &keys).await;
            Err(err)
        }
    }
}
