//! Background work. Each instance writes a heartbeat every minute (the status page reads it) and
//! settles the files an interrupted change left behind (`platform::pending`): both are about this
//! instance, so they stay on its own tick. Everything else is a job (`platform::jobs`), run once
//! across instances: the shell's hourly clean-up of ended rate-limit windows, and what each domain
//! declares (`domain::Domain::periodic` and `jobs`): ended sessions and tokens, the erasure of
//! accounts whose grace period ended and of children's records deleted more than 30 days ago,
//! new tries for support mail that failed.

use std::{future::Future, time::Duration};

use chrono::Utc;
use tokio::task::JoinHandle;

use crate::{
    db::settings,
    domain::{self, Work},
    platform::jobs::{Job, Periodic, Runner},
    site::status::HEARTBEAT_KEY,
    state::AppState,
};

const TICK: Duration = Duration::from_secs(60);

/// The shell's own periodic work, beside each domain's (`domain::Domain::periodic`).
fn shell_jobs() -> Vec<(Periodic, Work)> {
    vec![(
        Periodic {
            kind: "clean_up",
            every: chrono::Duration::hours(1),
        },
        |state| Box::pin(async move { clean_up(&state).await }),
    )]
}

/// Every periodic job there is: the shell's and every domain's.
fn periodic_jobs() -> Vec<(Periodic, Work)> {
    let mut jobs = shell_jobs();
    for domain in domain::all() {
        jobs.extend(domain.periodic());
    }
    jobs
}

/// This server's job runner with every handler registered: one `(kind, handler)` each.
pub fn runner(state: &AppState) -> Runner<AppState> {
    let mut runner = Runner::new(state.db.clone(), state.clone());
    for domain in domain::all() {
        for (kind, handler) in domain.jobs() {
            runner = runner.handle(kind, handler);
        }
    }
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

/// Rate-limit windows that ended.
async fn clean_up(state: &AppState) -> anyhow::Result<()> {
    let limits = state.limiter.purge_expired().await?;
    tracing::debug!(limits, "clean-up done");
    Ok(())
}
