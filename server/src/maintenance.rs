//! Periodic clean-up of rows that have outlived their use. Every statement is an idempotent
//! delete, so several instances doing it at once is harmless.

use std::time::Duration;

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::{
    accounts::{
        entities::{sesion, token},
        session::IDLE_LIMIT,
    },
    state::AppState,
};

const EVERY: Duration = Duration::from_secs(60 * 60);

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            if let Err(err) = run_once(&state).await {
                tracing::warn!(error = %err, "clean-up failed; will retry");
            }
        }
    });
}

async fn run_once(state: &AppState) -> Result<(), sea_orm::DbErr> {
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
    tracing::debug!(limits, sessions, tokens, "clean-up done");
    Ok(())
}
