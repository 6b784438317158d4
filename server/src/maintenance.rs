//! Periodic work. Every minute each instance writes a heartbeat (the status page reads it) and
//! asks for the jobs that are due; a job runs on one instance per period (`platform::jobs`):
//! the hourly clean-up of rows that outlived their use (with a new try for contact messages whose
//! mail failed), the erasure of accounts whose grace period ended, and of children's records
//! deleted more than 30 days ago, and the daily signed checkpoint of every family record that
//! moved. Files an interrupted change
//! left behind are settled on every tick (`platform::pending`).

use std::time::Duration;

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::{
    accounts::closing,
    accounts::{
        entities::{sesion, token},
        session::IDLE_LIMIT,
    },
    children::deletion,
    db::settings,
    families::record::checkpoint,
    platform::{
        jobs::{self, Job},
        pending,
    },
    site::{contact, status::HEARTBEAT_KEY},
    state::AppState,
};

const RECORD_CHECKPOINTS: Job = Job {
    name: "record_checkpoints",
    every: chrono::Duration::days(1),
};
const TICK: Duration = Duration::from_secs(60);
const CLEAN_UP: Job = Job {
    name: "clean_up",
    every: chrono::Duration::hours(1),
};
const PURGE_ACCOUNTS: Job = Job {
    name: "purge_closed_accounts",
    every: chrono::Duration::hours(1),
};
const PURGE_DELETED_CHILDREN: Job = Job {
    name: "purge_deleted_children",
    every: chrono::Duration::hours(1),
};

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        loop {
            tick.tick().await;
            let now = Utc::now();
            if let Err(err) = settings::put(&state.db, HEARTBEAT_KEY, &now.to_rfc3339()).await {
                tracing::warn!(error = %err, "heartbeat not written");
            }
            // Cheap when there is nothing to settle (one small query), and the first tick runs at
            // start, so files an interrupted instance left behind go at once.
            if let Err(err) = pending::sweep(&state).await {
                tracing::warn!(error = %err, "pending files not swept");
            }
            if claimed(&state, &CLEAN_UP, now).await
                && let Err(err) = clean_up(&state).await
            {
                tracing::warn!(error = %err, "clean-up failed; it runs again next hour");
            }
            if claimed(&state, &PURGE_ACCOUNTS, now).await
                && let Err(err) = closing::purge_due(&state, now).await
            {
                tracing::warn!(error = %err, "erasing closed accounts failed; it runs again next hour");
            }
            if claimed(&state, &PURGE_DELETED_CHILDREN, now).await
                && let Err(err) = deletion::purge_due(&state, now).await
            {
                tracing::warn!(error = %err, "erasing deleted children failed; it runs again next hour");
            }
            if claimed(&state, &RECORD_CHECKPOINTS, now).await {
                match checkpoint::checkpoint_all(&state.db, &state.signer).await {
                    Ok(signed) => tracing::info!(signed, "family records checkpointed"),
                    Err(err) => {
                        tracing::warn!(error = %err, "checkpointing family records failed; it runs again tomorrow")
                    }
                }
            }
        }
    });
}

async fn claimed(state: &AppState, job: &Job, now: chrono::DateTime<Utc>) -> bool {
    jobs::claim(&state.db, job, now)
        .await
        .unwrap_or_else(|err| {
            tracing::warn!(error = %err, job = job.name, "job not claimed");
            false
        })
}

async fn clean_up(state: &AppState) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let limits = state.limiter.purge_expired().await?;
    let sessions = sesion::Entity::delete_many()
        .filter(sesion::Column::LastSeenAt.lt(now - IDLE_LIMIT))
        .exec(&state.db)
        .await?
        .rows_affected;
    let tokens = token::Entity::delete_many()
        .filter(token::Column::ExpiresAt.lt(now - chrono::Duration::days(1)))
        .exec(&state.db)
        .await?
        .rows_affected;
    let contact_retries = contact::retry_unsent(state).await?;
    let suggestion_retries = crate::site::suggestions::retry_unsent(state).await?;
    tracing::debug!(
        limits,
        sessions,
        tokens,
        contact_retries,
        suggestion_retries,
        "clean-up done"
    );
    Ok(())
}
