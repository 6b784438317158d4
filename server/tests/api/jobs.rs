//! The job queue: exactly once across instances, leases that outlive a dead instance, retries,
//! keys, and the periodic jobs on top of it. The test runners handle kinds of their own, which the
//! test server's runner (it knows only the periodic kinds) leaves alone.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use chrono::Utc;
use nido::platform::jobs::{self, Job, Periodic, Runner, Settings, tarea};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    TransactionTrait,
    sea_query::{Alias, Query},
};
use serde_json::json;
use tokio::{sync::watch, task::JoinHandle};

use crate::helpers::{TestApp, eventually};

fn quick() -> Settings {
    Settings {
        lease: Duration::from_secs(30),
        poll: Duration::from_millis(50),
        concurrency: 8,
        max_attempts: 5,
        retry_base: Duration::from_millis(100),
        retry_cap: Duration::from_secs(1),
        grace: Duration::from_secs(5),
    }
}

async fn count(db: &DatabaseConnection, kind: &str) -> u64 {
    tarea::Entity::find()
        .filter(tarea::Column::Tipo.eq(kind))
        .count(db)
        .await
        .expect("count jobs")
}

async fn only(db: &DatabaseConnection, kind: &str) -> tarea::Model {
    let mut found = tarea::Entity::find()
        .filter(tarea::Column::Tipo.eq(kind))
        .all(db)
        .await
        .expect("jobs");
    assert_eq!(found.len(), 1, "one job of kind {kind}");
    found.remove(0)
}

/// A runner that `stop` ends.
struct Running {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Running {
    fn start<S: Clone + Send + Sync + 'static>(runner: Runner<S>) -> Running {
        let (stop, mut stopping) = watch::channel(false);
        let task = runner.spawn(async move {
            let _ = stopping.changed().await;
        });
        Running { stop, task }
    }

    async fn stop(self) {
        let _ = self.stop.send(true);
        tokio::time::timeout(Duration::from_secs(30), self.task)
            .await
            .expect("the runner stops")
            .expect("the runner ends cleanly");
    }
}

/// What the handlers saw: each run by job id, with the instance that ran it.
#[derive(Clone, Default)]
struct Runs(Arc<Mutex<HashMap<String, Vec<&'static str>>>>);

impl Runs {
    fn note(&self, job: &Job, instance: &'static str) {
        if let Ok(mut runs) = self.0.lock() {
            runs.entry(job.id.clone()).or_default().push(instance);
        }
    }

    fn snapshot(&self) -> HashMap<String, Vec<&'static str>> {
        self.0.lock().map(|runs| runs.clone()).unwrap_or_default()
    }

    fn total(&self) -> usize {
        self.snapshot().values().map(Vec::len).sum()
    }
}

/// Records a run twice over: in memory, and as a row whose primary key refuses a second run.
async fn record(
    db: &DatabaseConnection,
    runs: &Runs,
    job: &Job,
    instance: &'static str,
) -> anyhow::Result<()> {
    runs.note(job, instance);
    let insert = Query::insert()
        .into_table(Alias::new("corridas"))
        .columns([Alias::new("tarea_id")])
        .values([job.id.clone().into()])?
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}

async fn recording_runner(
    db: DatabaseConnection,
    runs: Runs,
    instance: &'static str,
    kind: &str,
    settings: Settings,
) -> Runner<Runs> {
    let recorder = db.clone();
    Runner::new(db, runs)
        .settings(settings)
        .handle(kind, move |runs: Runs, job: Job| {
            let db = recorder.clone();
            async move { record(&db, &runs, &job, instance).await }
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_jobs_due_at_once_run_exactly_once_across_two_instances() {
    let app = TestApp::spawn().await;
    app.sql("CREATE TABLE corridas (tarea_id VARCHAR(36) PRIMARY KEY)")
        .await;
    let txn = app.db.begin().await.expect("begin");
    let due = Utc::now();
    for n in 0..1000 {
        jobs::enqueue(&txn, "test_record", &json!({"n": n}), due, None)
            .await
            .expect("enqueue");
    }
    txn.commit().await.expect("commit");

    // Two instances: each its own connection pool to the one database, each with two runners.
    let second = nido::db::connect(app.database_url())
        .await
        .expect("second instance");
    let runs = Runs::default();
    let started = Instant::now();
    let mut runners = Vec::new();
    for (db, instance) in [
        (app.db.clone(), "first"),
        (app.db.clone(), "first"),
        (second.clone(), "second"),
        (second.clone(), "second"),
    ] {
        let runner = recording_runner(db, runs.clone(), instance, "test_record", quick()).await;
        runners.push(Running::start(runner));
    }
    eventually("every job to run and go", || async {
        count(&app.db, "test_record").await == 0
    })
    .await;
    let elapsed = started.elapsed();
    for runner in runners {
        runner.stop().await;
    }

    let seen = runs.snapshot();
    assert_eq!(seen.len(), 1000, "every job ran");
    assert_eq!(runs.total(), 1000, "no job ran twice");
    let rows = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n, COUNT(DISTINCT tarea_id) AS d FROM corridas",
        ))
        .await
        .expect("count runs")
        .expect("a row");
    let recorded: i64 = rows.try_get("", "n").expect("n");
    let distinct: i64 = rows.try_get("", "d").expect("d");
    assert_eq!((recorded, distinct), (1000, 1000));
    for instance in ["first", "second"] {
        assert!(
            seen.values().any(|by| by.contains(&instance)),
            "the {instance} instance took part"
        );
    }
    eprintln!(
        "1,000 jobs across two instances ({}): {elapsed:?}",
        app.db.get_database_backend().as_str()
    );
}

#[derive(Clone)]
struct Hang {
    started: Arc<tokio::sync::Notify>,
}

#[tokio::test]
async fn a_job_whose_instance_dies_mid_run_runs_again_elsewhere_after_its_lease() {
    let app = TestApp::spawn().await;
    app.sql("CREATE TABLE corridas (tarea_id VARCHAR(36) PRIMARY KEY)")
        .await;
    let lease = Duration::from_secs(3);
    let settings = Settings { lease, ..quick() };
    jobs::enqueue(&app.db, "test_fragile", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");

    // The first instance claims the job and never finishes it: then it dies.
    let hang = Hang {
        started: Arc::new(tokio::sync::Notify::new()),
    };
    let started = hang.started.clone();
    let doomed = Runner::new(app.db.clone(), hang)
        .settings(settings.clone())
        .handle("test_fragile", |hang: Hang, _: Job| async move {
            hang.started.notify_one();
            std::future::pending::<()>().await;
            Ok(())
        })
        .spawn(std::future::pending());
    tokio::time::timeout(Duration::from_secs(30), started.notified())
        .await
        .expect("the first instance starts the job");
    doomed.abort();
    let _ = doomed.await;
    let claimed = only(&app.db, "test_fragile").await;
    let lease_end = claimed.reservada_hasta.expect("the job is still leased");
    assert!(
        lease_end > Utc::now(),
        "the dead instance's lease still holds"
    );
    assert_eq!(claimed.intentos, 1);

    // Another instance, with a connection of its own, takes it once the lease has run out.
    let other = nido::db::connect(app.database_url())
        .await
        .expect("other instance");
    let runs = Runs::default();
    let runner = Running::start(
        recording_runner(other, runs.clone(), "other", "test_fragile", settings).await,
    );
    eventually("the job to run again", || async {
        count(&app.db, "test_fragile").await == 0
    })
    .await;
    let rerun_at = Utc::now();
    runner.stop().await;
    assert!(rerun_at >= lease_end, "not before the lease ran out");
    let seen = runs.snapshot();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen.values().next().map(Vec::len), Some(1));
}

#[tokio::test]
async fn a_job_whose_runs_never_finish_is_given_up_on_after_its_attempts() {
    let app = TestApp::spawn().await;
    let settings = Settings {
        lease: Duration::from_millis(300),
        max_attempts: 1,
        ..quick()
    };
    jobs::enqueue(&app.db, "test_deadly", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");
    let hang = Hang {
        started: Arc::new(tokio::sync::Notify::new()),
    };
    let started = hang.started.clone();
    let handler = |hang: Hang, _: Job| async move {
        hang.started.notify_one();
        std::future::pending::<()>().await;
        Ok(())
    };
    let doomed = Runner::new(app.db.clone(), hang.clone())
        .settings(settings.clone())
        .handle("test_deadly", handler)
        .spawn(std::future::pending());
    tokio::time::timeout(Duration::from_secs(30), started.notified())
        .await
        .expect("the job starts");
    doomed.abort();
    let _ = doomed.await;

    // The next instance to claim it marks it failed instead of running it again.
    let running = Running::start(
        Runner::new(app.db.clone(), hang)
            .settings(settings)
            .handle("test_deadly", handler),
    );
    eventually("the job to be given up on", || async {
        only(&app.db, "test_deadly").await.fallida_at.is_some()
    })
    .await;
    running.stop().await;
    let job = only(&app.db, "test_deadly").await;
    assert_eq!(job.intentos, 2);
    assert!(
        job.ultimo_error
            .as_deref()
            .is_some_and(|e| e.contains("never finished")),
        "{:?}",
        job.ultimo_error
    );
}

#[derive(Clone, Default)]
struct Attempts(Arc<Mutex<Vec<(i32, Instant)>>>);

#[tokio::test]
async fn a_failing_or_panicking_job_is_retried_with_a_growing_wait_and_its_error_recorded() {
    let app = TestApp::spawn().await;
    let attempts = Attempts::default();
    let runner = Runner::new(app.db.clone(), attempts.clone())
        .settings(Settings {
            max_attempts: 3,
            retry_base: Duration::from_millis(200),
            ..quick()
        })
        // Fails twice, then succeeds.
        .handle("test_flaky", |attempts: Attempts, job: Job| async move {
            if let Ok(mut seen) = attempts.0.lock() {
                seen.push((job.attempt, Instant::now()));
            }
            anyhow::ensure!(job.attempt >= 3, "boom on run {}", job.attempt);
            Ok(())
        })
        .handle("test_broken", |_: Attempts, job: Job| async move {
            anyhow::bail!("still broken on run {}", job.attempt)
        })
        .handle("test_panics", |_: Attempts, job: Job| async move {
            // A bug in a handler is a failed run, not a dead runner.
            assert!(job.attempt > 1, "a handler's bug");
            Ok(())
        });
    let running = Running::start(runner);
    jobs::enqueue(&app.db, "test_flaky", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");
    jobs::enqueue(
        &app.db,
        "test_broken",
        &json!({}),
        Utc::now(),
        Some("broken"),
    )
    .await
    .expect("enqueue");

    jobs::enqueue(&app.db, "test_panics", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");

    eventually("the flaky job to succeed", || async {
        count(&app.db, "test_flaky").await == 0
    })
    .await;
    let seen = attempts.0.lock().map(|s| s.clone()).unwrap_or_default();
    let numbers: Vec<i32> = seen.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert!(seen[1].1 - seen[0].1 >= Duration::from_millis(200));
    assert!(
        seen[2].1 - seen[1].1 >= Duration::from_millis(400),
        "the wait doubles"
    );

    eventually("the panicking job to succeed on its second run", || async {
        count(&app.db, "test_panics").await == 0
    })
    .await;
    eventually("the broken job to be given up on", || async {
        only(&app.db, "test_broken").await.fallida_at.is_some()
    })
    .await;
    running.stop().await;
    let broken = only(&app.db, "test_broken").await;
    assert_eq!(broken.intentos, 3);
    assert_eq!(
        broken.ultimo_error.as_deref(),
        Some("still broken on run 3")
    );
    assert_eq!(broken.reservada_hasta, None);
    // A failed job keeps its key for inspection but does not block a new job with it.
    assert!(
        jobs::enqueue(
            &app.db,
            "test_broken",
            &json!({}),
            Utc::now(),
            Some("broken")
        )
        .await
        .expect("enqueue")
    );
}

#[tokio::test]
async fn a_job_for_later_does_not_run_before_its_time() {
    let app = TestApp::spawn().await;
    let ran_at = Arc::new(Mutex::new(None));
    let runner = Runner::new(app.db.clone(), ran_at.clone())
        .settings(quick())
        .handle(
            "test_later",
            |ran_at: Arc<Mutex<Option<chrono::DateTime<Utc>>>>, _: Job| async move {
                if let Ok(mut at) = ran_at.lock() {
                    *at = Some(Utc::now());
                }
                Ok(())
            },
        );
    let running = Running::start(runner);
    let due = Utc::now() + chrono::Duration::milliseconds(1500);
    jobs::enqueue(&app.db, "test_later", &json!({}), due, None)
        .await
        .expect("enqueue");
    eventually("the job to run", || async {
        ran_at.lock().is_ok_and(|at| at.is_some())
    })
    .await;
    running.stop().await;
    let at = ran_at.lock().ok().and_then(|at| *at).expect("ran");
    assert!(at >= due, "ran at {at}, due at {due}");
    // It runs once due, not much later: the bound is loose, as a loaded machine (the whole suite
    // at once on two cores) has delayed it by two seconds.
    assert!(
        at - due < chrono::Duration::seconds(10),
        "ran at {at}, due at {due}"
    );
}

#[tokio::test]
async fn a_unique_key_keeps_one_job_and_cancel_and_replace_act_on_it() {
    let app = TestApp::spawn().await;
    let later = Utc::now() + chrono::Duration::hours(1);
    let add = |key: &'static str| {
        let db = app.db.clone();
        async move {
            jobs::enqueue(&db, "test_reminder", &json!({"v": 1}), later, Some(key))
                .await
                .expect("enqueue")
        }
    };
    assert!(add("reminder:1").await);
    assert!(
        !add("reminder:1").await,
        "the second with the key is not added"
    );
    assert!(add("reminder:2").await);
    assert_eq!(count(&app.db, "test_reminder").await, 2);

    assert_eq!(
        jobs::cancel(&app.db, "reminder:1").await.expect("cancel"),
        1
    );
    assert_eq!(
        jobs::cancel(&app.db, "reminder:1").await.expect("cancel"),
        0
    );
    assert_eq!(count(&app.db, "test_reminder").await, 1);

    // Rescheduling: the new time and payload take the old job's place, in one transaction.
    let sooner = Utc::now() + chrono::Duration::minutes(5);
    let txn = app.db.begin().await.expect("begin");
    jobs::replace(
        &txn,
        "test_reminder",
        &json!({"v": 2}),
        sooner,
        "reminder:2",
    )
    .await
    .expect("replace");
    txn.commit().await.expect("commit");
    let job = only(&app.db, "test_reminder").await;
    assert_eq!(job.datos, r#"{"v":2}"#);
    assert!((job.ejecutar_at - sooner).num_milliseconds().abs() < 1000);

    // A job enqueued in a transaction that rolls back never exists.
    let txn = app.db.begin().await.expect("begin");
    jobs::enqueue(&txn, "test_reminder", &json!({}), later, Some("reminder:3"))
        .await
        .expect("enqueue");
    txn.rollback().await.expect("rollback");
    assert_eq!(count(&app.db, "test_reminder").await, 1);
}

#[tokio::test]
async fn a_job_due_now_starts_at_once_without_waiting_for_the_poll() {
    let app = TestApp::spawn().await;
    app.sql("CREATE TABLE corridas (tarea_id VARCHAR(36) PRIMARY KEY)")
        .await;
    let runs = Runs::default();
    // A poll far longer than the test: only the wake-up can start the jobs in time.
    let settings = Settings {
        poll: Duration::from_secs(600),
        ..quick()
    };
    let running = Running::start(
        recording_runner(app.db.clone(), runs.clone(), "one", "test_now", settings).await,
    );
    let mut latencies = Vec::new();
    for n in 1..=3 {
        let asked = Instant::now();
        jobs::enqueue(&app.db, "test_now", &json!({}), Utc::now(), None)
            .await
            .expect("enqueue");
        eventually("the job to start", || async { runs.total() == n }).await;
        latencies.push(asked.elapsed());
    }
    // Inside a transaction the wake comes before the commit; the runner's second look finds it.
    let asked = Instant::now();
    let txn = app.db.begin().await.expect("begin");
    jobs::enqueue(&txn, "test_now", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");
    txn.commit().await.expect("commit");
    eventually("the job to start", || async { runs.total() == 4 }).await;
    latencies.push(asked.elapsed());
    running.stop().await;
    eprintln!("start latency of jobs due now: {latencies:?}");
    for latency in latencies {
        assert!(
            latency < Duration::from_secs(2),
            "started after {latency:?}"
        );
    }
}

#[tokio::test]
async fn shutdown_lets_the_job_under_way_finish_and_claims_no_more() {
    let app = TestApp::spawn().await;
    let release = Arc::new(tokio::sync::Notify::new());
    let started = Arc::new(tokio::sync::Notify::new());
    let (release_job, started_job) = (release.clone(), started.clone());
    let runner =
        Runner::new(app.db.clone(), ())
            .settings(quick())
            .handle("test_slow", move |(), _: Job| {
                let (release, started) = (release_job.clone(), started_job.clone());
                async move {
                    started.notify_one();
                    release.notified().await;
                    Ok(())
                }
            });
    let running = Running::start(runner);
    jobs::enqueue(&app.db, "test_slow", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");
    tokio::time::timeout(Duration::from_secs(30), started.notified())
        .await
        .expect("the job starts");
    let _ = running.stop.send(true);
    // Another job, due now, for the stopping runner to leave alone.
    jobs::enqueue(&app.db, "test_slow", &json!({}), Utc::now(), None)
        .await
        .expect("enqueue");
    release.notify_one();
    tokio::time::timeout(Duration::from_secs(30), running.task)
        .await
        .expect("the runner stops")
        .expect("cleanly");
    let left = only(&app.db, "test_slow").await;
    assert_eq!(left.intentos, 0, "the second job was not claimed");
    assert_eq!(left.reservada_hasta, None);
}

#[tokio::test]
async fn the_periodic_jobs_run_at_start_and_book_their_next_run() {
    let app = TestApp::spawn().await;
    for kind in [
        "clean_up",
        "clean_up_sessions",
        "purge_closed_accounts",
        "purge_deleted_children",
        "resend_unsent_mail",
    ] {
        eventually("the periodic job to run and book its next run", || async {
            let job = tarea::Entity::find()
                .filter(tarea::Column::Clave.eq(kind))
                .one(&app.db)
                .await
                .expect("job");
            job.is_some_and(|job| job.ejecutar_at > Utc::now() + chrono::Duration::minutes(50))
        })
        .await;
        // Ensuring it again, as every instance does at start, leaves the one job.
        Periodic {
            kind,
            every: chrono::Duration::hours(1),
        }
        .ensure(&app.db)
        .await
        .expect("ensure");
        assert_eq!(count(&app.db, kind).await, 1);
    }
}
