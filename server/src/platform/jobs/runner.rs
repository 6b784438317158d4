//! Claims due jobs and runs them. Claiming is one statement: an update of free, due rows that
//! sets a lease and returns them. On PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so
//! instances claiming at once take different rows instead of waiting on each other; SQLite has one
//! writer at a time, and the update's own condition (free and due) decides.
//!
//! While a handler runs, its lease is renewed; if the instance dies, renewals stop, the lease runs
//! out and another instance claims the job again.

use std::{
    collections::HashMap,
    future::Future,
    pin::Pin,
    sync::Arc,
    time::{Duration, Instant},
};

use chrono::{DateTime, Utc};
use futures_util::FutureExt;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{Expr, ExprTrait, LockBehavior, LockType, Order, Query, UpdateStatement},
};
use tokio::task::{JoinHandle, JoinSet};

use super::{Job, WAKE, tarea};
use crate::ids;

type Handler<S> =
    Arc<dyn Fn(S, Job) -> Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>> + Send + Sync>;

/// How a runner paces itself. The defaults suit production; tests shorten them.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long a claim holds before another instance may take the job; renewed while it runs.
    pub lease: Duration,
    /// How often to look for jobs when nothing wakes the runner (jobs enqueued elsewhere).
    pub poll: Duration,
    /// Jobs run at once on this instance.
    pub concurrency: usize,
    /// Runs before a failing job is given up on and marked failed.
    pub max_attempts: i32,
    /// The wait after the first failure; it doubles with each failure, up to `retry_cap`.
    pub retry_base: Duration,
    pub retry_cap: Duration,
    /// How long jobs under way may finish at shutdown before they are released.
    pub grace: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lease: Duration::from_secs(300),
            poll: Duration::from_secs(5),
            concurrency: 8,
            max_attempts: 10,
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(3600),
            grace: Duration::from_secs(10),
        }
    }
}

impl Settings {
    /// The wait before the next run of a job that failed its `attempt`th run.
    pub fn backoff(&self, attempt: i32) -> Duration {
        let doublings = std::cmp::min(u32::try_from(attempt.saturating_sub(1)).unwrap_or(0), 30);
        std::cmp::min(
            self.retry_base
                .saturating_mul(2u32.saturating_pow(doublings)),
            self.retry_cap,
        )
    }
}

/// Runs the jobs of the kinds it has handlers for; `S` is what handlers get (the app's state).
pub struct Runner<S> {
    db: DatabaseConnection,
    context: S,
    handlers: HashMap<String, Handler<S>>,
    settings: Settings,
}

impl<S: Clone + Send + Sync + 'static> Runner<S> {
    pub fn new(db: DatabaseConnection, context: S) -> Self {
        Runner {
            db,
            context,
            handlers: HashMap::new(),
            settings: Settings::default(),
        }
    }

    pub fn settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// Runs jobs of `kind` with `handler`. A job whose kind no handler here knows is left for an
    /// instance that knows it (a newer version, during a rolling upgrade).
    pub fn handle<F, Fut>(mut self, kind: &str, handler: F) -> Self
    where
        F: Fn(S, Job) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
    {
        self.handlers.insert(
            kind.to_owned(),
            Arc::new(move |context, job| Box::pin(handler(context, job))),
        );
        self
    }

    /// Runs until `shutdown` resolves; then claims nothing more, lets the jobs under way finish
    /// within the grace period and releases the rest for another instance.
    pub fn spawn(self, shutdown: impl Future<Output = ()> + Send + 'static) -> JoinHandle<()> {
        tokio::spawn(self.run(shutdown))
    }

    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) {
        let runner = Arc::new(self);
        let kinds: Vec<String> = runner.handlers.keys().cloned().collect();
        let mut running: JoinSet<()> = JoinSet::new();
        // The claim (job id, token) of each task, to release what is left at shutdown.
        let mut claims: HashMap<tokio::task::Id, (String, String)> = HashMap::new();
        // After a wake, a second look shortly after: the job may have been enqueued in a
        // transaction that had not committed yet at the first look.
        let mut second_look: Option<Instant> = None;
        let mut last_unknown_check = Instant::now();
        let mut after_finish = false;
        // When to look again if nothing else happens first.
        let mut next = Instant::now();
        tokio::pin!(shutdown);
        loop {
            let wake = WAKE.notified();
            tokio::pin!(wake);
            wake.as_mut().enable();
            let free = runner.settings.concurrency.saturating_sub(running.len());
            // A job that finishes frees one slot; claiming one job per finish would cost a claim
            // per job under load, so after a finish the runner waits for half its slots, keeping
            // the time it had set to look again, so that a job due soon is not missed.
            let worth_claiming =
                free > 0 && (!after_finish || free * 2 >= runner.settings.concurrency);
            if free == 0 || kinds.is_empty() {
                // Nothing to claim into: a finish (or the poll) is the next event.
                next = Instant::now() + runner.settings.poll;
            } else if worth_claiming {
                next = Instant::now() + runner.settings.poll;
                // A stop that came while the loop was busy ends it before another claim.
                if shutdown.as_mut().now_or_never().is_some() {
                    break;
                }
                match runner.claim(&kinds, free).await {
                    // A stop during the claim: what it took goes back unrun. (A claim waiting on
                    // the database may see a job enqueued after the stop.)
                    Ok(jobs) if shutdown.as_mut().now_or_never().is_some() => {
                        for (job, token) in jobs {
                            runner.release_or_warn(&job.id, &token).await;
                        }
                        break;
                    }
                    Ok(jobs) => {
                        let full = jobs.len() == free;
                        for (job, token) in jobs {
                            let id = job.id.clone();
                            let task = running.spawn(runner.clone().execute(job, token.clone()));
                            claims.insert(task.id(), (id, token));
                        }
                        // With every slot taken, the next finish wakes the loop; otherwise
                        // sleep until the next job is due, if that comes before the poll.
                        if !full && let Ok(Some(due)) = runner.next_due(&kinds).await {
                            let wait = (due - Utc::now()).to_std().unwrap_or(Duration::ZERO);
                            next = std::cmp::min(next, Instant::now() + wait);
                        }
                    }
                    Err(err) => tracing::warn!(error = %err, "jobs not claimed"),
                }
            }
            if let Some(at) = second_look.take() {
                next = std::cmp::min(next, at);
            }
            if last_unknown_check.elapsed() >= Duration::from_secs(60) {
                last_unknown_check = Instant::now();
                runner.log_unknown(&kinds).await;
            }
            after_finish = false;
            tokio::select! {
                // Stopping wins over anything else ready at the same moment.
                biased;
                () = &mut shutdown => break,
                () = &mut wake => {
                    second_look = Some(Instant::now() + Duration::from_millis(50));
                }
                Some(done) = running.join_next_with_id(), if !running.is_empty() => {
                    let id = match &done { Ok((id, ())) => *id, Err(err) => err.id() };
                    claims.remove(&id);
                    after_finish = true;
                }
                () = tokio::time::sleep_until(next.into()) => {}
            }
        }
        let drained = tokio::time::timeout(runner.settings.grace, async {
            while let Some(done) = running.join_next_with_id().await {
                let id = match &done {
                    Ok((id, ())) => *id,
                    Err(err) => err.id(),
                };
                claims.remove(&id);
            }
        })
        .await;
        if drained.is_err() {
            running.abort_all();
            for (id, token) in claims.into_values() {
                runner.release_or_warn(&id, &token).await;
            }
        }
    }

    /// Takes up to `limit` due, free jobs of `kinds`, leased to this claim's token.
    async fn claim(&self, kinds: &[String], limit: usize) -> Result<Vec<(Job, String)>, DbErr> {
        let now = Utc::now();
        let token = ids::new_id();
        let lease = chrono::Duration::from_std(self.settings.lease)
            .map_err(|err| DbErr::Custom(err.to_string()))?;
        let claim = claim_statement(kinds, limit, now, now + lease, &token);
        let rows = self.db.query_all(&claim).await?;
        let mut jobs = Vec::with_capacity(rows.len());
        for row in rows {
            let job = Job {
                id: row.try_get("", "id")?,
                kind: row.try_get("", "tipo")?,
                data: row.try_get("", "datos")?,
                attempt: row.try_get("", "intentos")?,
                key: row.try_get("", "clave")?,
                run_at: row.try_get("", "ejecutar_at")?,
            };
            jobs.push((job, token.clone()));
        }
        Ok(jobs)
    }

    /// When the earliest free job of `kinds` is due.
    async fn next_due(&self, kinds: &[String]) -> Result<Option<chrono::DateTime<Utc>>, DbErr> {
        tarea::Entity::find()
            .select_only()
            .column(tarea::Column::EjecutarAt)
            .filter(tarea::Column::Tipo.is_in(kinds.iter().cloned()))
            .filter(tarea::Column::FallidaAt.is_null())
            .filter(tarea::Column::ReservadaHasta.is_null())
            .order_by_asc(tarea::Column::EjecutarAt)
            .into_tuple()
            .one(&self.db)
            .await
    }

    /// Warns about jobs overdue by a while that no handler here knows: if no instance knows
    /// them either, they wait forever.
    async fn log_unknown(&self, kinds: &[String]) {
        let overdue = Utc::now() - chrono::Duration::minutes(5);
        let found: Result<Vec<String>, DbErr> = tarea::Entity::find()
            .select_only()
            .column(tarea::Column::Tipo)
            .distinct()
            .filter(tarea::Column::Tipo.is_not_in(kinds.iter().cloned()))
            .filter(tarea::Column::FallidaAt.is_null())
            .filter(tarea::Column::EjecutarAt.lt(overdue))
            .limit(10)
            .into_tuple()
            .all(&self.db)
            .await;
        match found {
            Ok(unknown) if !unknown.is_empty() => {
                tracing::warn!(kinds = ?unknown, "overdue jobs of kinds this instance has no handler for");
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "overdue jobs not checked"),
        }
    }

    async fn execute(self: Arc<Self>, job: Job, token: String) {
        let Some(handler) = self.handlers.get(&job.kind).cloned() else {
            return;
        };
        // Its earlier runs all started and never settled: each took its instance down, or
        // outlived its lease. Running it yet again would only do the same.
        if job.attempt > self.settings.max_attempts {
            let gave_up =
                "its runs never finished (the instance stopped or lost its lease each time)";
            if let Err(err) = self.fail(&job, &token, gave_up).await {
                tracing::warn!(error = %err, job = %job.id, "job not marked failed");
            }
            return;
        }
        // Its own task, so that a panic is a failed run; aborted with this one, so that a runner
        // that is stopped stops its handlers too.
        let mut work = AbortOnDrop(tokio::spawn(handler(self.context.clone(), job.clone())));
        let mut renew = tokio::time::interval(std::cmp::max(
            self.settings.lease / 3,
            Duration::from_millis(10),
        ));
        renew.tick().await;
        let outcome = loop {
            tokio::select! {
                done = &mut work.0 => break done,
                _ = renew.tick() => {
                    if let Err(err) = self.renew(&job.id, &token).await {
                        tracing::warn!(error = %err, job = %job.id, "lease not renewed");
                    }
                }
            }
        };
        let settled = match outcome {
            Ok(Ok(())) => self.finish(&job.id, &token).await,
            Ok(Err(err)) => self.fail(&job, &token, &format!("{err:#}")).await,
            Err(err) if err.is_panic() => self.fail(&job, &token, "the handler panicked").await,
            Err(_) => return,
        };
        if let Err(err) = settled {
            tracing::warn!(error = %err, job = %job.id, kind = %job.kind, "job not settled; it runs again when its lease runs out");
        }
    }

    async fn renew(&self, id: &str, token: &str) -> Result<(), DbErr> {
        let until = Utc::now()
            + chrono::Duration::from_std(self.settings.lease)
                .map_err(|err| DbErr::Custom(err.to_string()))?;
        tarea::Entity::update_many()
            .col_expr(tarea::Column::ReservadaHasta, Expr::value(until))
            .filter(tarea::Column::Id.eq(id))
            .filter(tarea::Column::Reserva.eq(token))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Done: the job goes, unless it was cancelled, replaced or claimed by another meanwhile.
    async fn finish(&self, id: &str, token: &str) -> Result<(), DbErr> {
        tarea::Entity::delete_many()
            .filter(tarea::Column::Id.eq(id))
            .filter(tarea::Column::Reserva.eq(token))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    async fn fail(&self, job: &Job, token: &str, error: &str) -> Result<(), DbErr> {
        let now = Utc::now();
        let update = tarea::Entity::update_many()
            .col_expr(
                tarea::Column::ReservadaHasta,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            )
            .col_expr(tarea::Column::Reserva, Expr::value(Option::<String>::None))
            .col_expr(tarea::Column::UltimoError, Expr::value(error))
            .filter(tarea::Column::Id.eq(&job.id))
            .filter(tarea::Column::Reserva.eq(token));
        if job.attempt >= self.settings.max_attempts {
            tracing::error!(job = %job.id, kind = %job.kind, attempts = job.attempt, error, "job failed for good; it stays in the table, marked failed");
            update
                .col_expr(tarea::Column::FallidaAt, Expr::value(now))
                .exec(&self.db)
                .await?;
        } else {
            let wait = self.settings.backoff(job.attempt);
            tracing::warn!(job = %job.id, kind = %job.kind, attempt = job.attempt, retry_in = ?wait, error, "job failed; it runs again later");
            let retry_at = now
                + chrono::Duration::from_std(wait).map_err(|err| DbErr::Custom(err.to_string()))?;
            update
                .col_expr(tarea::Column::EjecutarAt, Expr::value(retry_at))
                .exec(&self.db)
                .await?;
        }
        Ok(())
    }

    async fn release_or_warn(&self, id: &str, token: &str) {
        if let Err(err) = self.release(id, token).await {
            tracing::warn!(error = %err, job = %id, "job not released; its lease will run out");
        }
    }

    /// Gives a claimed job back at shutdown, without counting the run, for another instance.
    async fn release(&self, id: &str, token: &str) -> Result<(), DbErr> {
        tarea::Entity::update_many()
            .col_expr(
                tarea::Column::ReservadaHasta,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            )
            .col_expr(tarea::Column::Reserva, Expr::value(Option::<String>::None))
            .col_expr(
                tarea::Column::Intentos,
                Expr::col(tarea::Column::Intentos).sub(1),
            )
            .filter(tarea::Column::Id.eq(id))
            .filter(tarea::Column::Reserva.eq(token))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}

/// One statement that leases up to `limit` due, free jobs of `kinds` and returns them.
fn claim_statement(
    kinds: &[String],
    limit: usize,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    token: &str,
) -> UpdateStatement {
    let pick = Query::select()
        .column(tarea::Column::Id)
        .from(tarea::Entity)
        .and_where(Expr::col(tarea::Column::Tipo).is_in(kinds.iter().cloned()))
        .and_where(Expr::col(tarea::Column::EjecutarAt).lte(now))
        .and_where(Expr::col(tarea::Column::FallidaAt).is_null())
        .and_where(
            Expr::col(tarea::Column::ReservadaHasta)
                .is_null()
                .or(Expr::col(tarea::Column::ReservadaHasta).lt(now)),
        )
        .order_by(tarea::Column::EjecutarAt, Order::Asc)
        .limit(u64::try_from(limit).unwrap_or(1))
        // Written only on PostgreSQL; SQLite has no row locks and needs none.
        .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
        .to_owned();
    Query::update()
        .table(tarea::Entity)
        .value(tarea::Column::ReservadaHasta, lease_until)
        .value(tarea::Column::Reserva, token)
        // A run counts when it starts: a job that kills its instance every time still
        // ends up failed instead of taking instances down forever.
        .value(
            tarea::Column::Intentos,
            Expr::col(tarea::Column::Intentos).add(1),
        )
        .and_where(Expr::col(tarea::Column::Id).in_subquery(pick))
        .returning(Query::returning().columns([
            tarea::Column::Id,
            tarea::Column::Tipo,
            tarea::Column::Datos,
            tarea::Column::Intentos,
            tarea::Column::Clave,
            tarea::Column::EjecutarAt,
        ]))
        .to_owned()
}

struct AbortOnDrop<T>(JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::sea_query::{PostgresQueryBuilder, SqliteQueryBuilder};

    use super::*;

    #[test]
    fn postgresql_skips_locked_rows_and_sqlite_relies_on_its_single_writer() {
        let now = Utc::now();
        let claim = claim_statement(&["a".to_owned()], 16, now, now, "t");
        let postgres = claim.to_string(PostgresQueryBuilder);
        assert!(postgres.contains("FOR UPDATE SKIP LOCKED"), "{postgres}");
        assert!(postgres.contains("RETURNING"), "{postgres}");
        let sqlite = claim.to_string(SqliteQueryBuilder);
        assert!(!sqlite.contains("FOR UPDATE"), "{sqlite}");
        assert!(sqlite.contains("RETURNING"), "{sqlite}");
    }

    #[test]
    fn the_wait_doubles_from_the_base_up_to_the_cap() {
        let settings = Settings {
            retry_base: Duration::from_secs(30),
            retry_cap: Duration::from_secs(3600),
            ..Settings::default()
        };
        let waits: Vec<u64> = (1..=9).map(|a| settings.backoff(a).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(settings.backoff(i32::MAX), Duration::from_secs(3600));
        assert_eq!(settings.backoff(0), Duration::from_secs(30));
    }
}
