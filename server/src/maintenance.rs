//! Periodic work: a heartbeat every minute (the status page reads it), and every hour the
//! clean-up of rows that have outlived their use and a new try for contact messages whose mail
//! failed. Every statement is idempotent or claimed first, so several instances running it at
//! once is harmless.

use std::time::Duration;

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::{
    accounts::{
        entities::{sesion, token},
        session::IDLE_LIMIT,
    },
    db::settings,
    site::{contact, status::HEARTBEAT_KEY},
    state::AppState,
};

const TICK: Duration = Duration::from_secs(60);
const CLEAN_EVERY_TICKS: u32 = 60;

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        let mut ticks: u32 = 0;
        loop {
            tick.tick().await;
            if let Err(err) =
                settings::put(&state.db, HEARTBEAT_KEY, &Utc::now().to_rfc3339()).await
            {
                tracing::warn!(error = %err, "heartbeat not written");
            }
            if ticks.is_multiple_of(CLEAN_EVERY_TICKS)
                && let Err(err) = clean_up(&state).await
            {
                tracing::warn!(error = %err, "clean-up failed; will retry");
            }
            ticks = ticks.wrapping_add(1);
        }
    });
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
    tracing::debug!(limits, sessions, tokens, contact_retries, "clean-up done");
    Ok(())
}
