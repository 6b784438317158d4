//! Background work. Each instance writes a heartbeat every minute (the status page reads it) and
//! settles the files an interrupted change left behind (`platform::pending`): both are about this
//! instance, so they stay on its own tick. Everything else is a job (`platform::jobs`), run once
//! across instances: the hourly clean-up of rows that outlived their use (with a new try for
//! contact messages and suggestions whose mail failed), the erasure of accounts whose grace
//! period ended, and of children's records deleted more than 30 days ago.

use std::{future::Future, pin::Pin, time::Duration};

use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use tokio::task::JoinHandle;

use crate::{
    accounts::closing,
    accounts::{
        entities::{sesion, token},
        session::IDLE_LIMIT,
    },
    children::deletion,
    db::settings,
    domain,
    platform::jobs::{Job, Periodic, Runner},
    site::{contact, status::HEARTBEAT_KEY},
    state::AppState,
};

const TICK: Duration = Duration::from_secs(60);

type Work = fn(AppState) -> Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>>;

/// The jobs that repeat, with what each does.
fn periodic_jobs() -> [(Periodic, Work); 3] {
    [
        (
            Periodic {
                kind: "clean_up",
                every: chrono::Duration::hours(1),
            },
            |state| Box::pin(async move { clean_up(&state).await }),
        ),
        (
            Periodic {
                kind: "purge_closed_accounts",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(async move { Ok(closing::purge_due(&state, Utc::now()).await.map(drop)?) })
            },
        ),
        (
            Periodic {
                kind: "purge_deleted_children",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(
                    async move { Ok(deletion::purge_due(&state, Utc::now()).await.map(drop)?) },
                )
            },
        ),
    ]
}

/// This server's job runner with every handler registered: one `(kind, handler)` each.
pub fn runner(state: &AppState) -> Runner<AppState> {
    let mut runner = Runner::new(state.db.clone(), state.clone());
    for (job, work) in periodic_jobs() {
        runner = runner.handle(job.kind, move |state: AppState, _: Job| async move {
            // A failed run is not retried: its work is all redone at the next period anyway.
            if let Err(err) = work(state.clone()).await {
                tracing::warn!(error = %format!("{err:#}"), kind = job.kind, "periodic job failed; it runs again next period");
            }
            job.schedule_next(&state.db).await?;
            Ok(())
        });
    }
    runner
}

/// Starts this instance's own tick and its job runner; the answer ends once the runner has
/// stopped after `shutdown`.
pub fn spawn(
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> JoinHandle<()> {
    let jobs = runner(&state).spawn(shutdown);
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
            if let Err(err) = domain::sweep_pending_files(&state).await {
                tracing::warn!(error = %err, "pending files not swept");
            }
            // At start, and then every tick, so that a periodic job given up on (its next run
            // could not be booked for hours) comes back: one insert that does nothing when the
            // job is there.
            for (job, _) in periodic_jobs() {
                if let Err(err) = job.ensure(&state.db).await {
                    tracing::warn!(error = %err, kind = job.kind, "periodic job not ensured");
                }
            }
        }
    });
    jobs
}

async fn clean_up(state: &AppState) -> anyhow::Result<()> {
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
