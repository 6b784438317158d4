//! The database connection (SQLite or PostgreSQL) and its migrations.

pub mod entities;
pub mod migrations;
pub mod settings;

use std::time::Duration;

use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr, sqlx};
use sea_orm_migration::MigratorTrait;

/// Opens the pool; SQLite runs in WAL mode with foreign keys on and waits for a busy writer.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.sqlx_logging(false)
        .connect_timeout(Duration::from_secs(5))
        // While the database is unreachable a request waits this long for a connection before
        // its 503: short enough to be an answer, long enough for a busy pool under load.
        .acquire_timeout(Duration::from_secs(2));
    if url.starts_with("sqlite:") {
        opts.max_connections(8)
            .min_connections(1)
            .map_sqlx_sqlite_opts(|o| {
                o.journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
                    .synchronous(sqlx::sqlite::SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5))
                    // Deleted rows are overwritten with zeros, not left readable in free pages:
                    // an erased child's medical notes must not stay in the file.
                    .pragma("secure_delete", "on")
                    // Pages are read from the file's mapping, not copied in by a system call
                    // each; the mapping only reserves addresses, memory is the page cache's.
                    .pragma("mmap_size", "1073741824")
            });
    } else {
        opts.max_connections(16)
            .min_connections(1)
            // Every statement here runs in a millisecond or two. A generic plan's estimate can
            // still pass `jit_above_cost` (the search's windows, planned without their values),
            // and compiling it costs 30 ms each time it runs.
            .map_sqlx_postgres_opts(|o| o.options([("jit", "off")]));
    }
    // A request waits two seconds for a connection; starting up, the first one is waited for
    // longer: a database busy for a moment (a checkpoint, a burst of new connections) must not
    // stop the server from starting.
    let deadline = tokio::time::Instant::now() + STARTUP_WAIT;
    loop {
        match Database::connect(opts.clone()).await {
            Err(err) if timed_out(&err) && tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            answer => return answer,
        }
    }
}

/// How long starting up waits for the database to hand out its first connection.
const STARTUP_WAIT: Duration = Duration::from_secs(30);

/// Whether connecting failed for want of time rather than for a reason that lasts (a wrong
/// address, a missing database): only the first is worth trying again.
fn timed_out(err: &DbErr) -> bool {
    matches!(
        err,
        DbErr::Conn(sea_orm::RuntimeErr::SqlxError(error))
            if matches!(error.as_ref(), sqlx::Error::PoolTimedOut)
    )
}

pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    migrations::Migrator::up(db, None).await
}

/// After an erasure: on SQLite, copies the write-ahead log into the database file and empties it,
/// so the erased rows' old pages do not linger in `nido.db-wal` (with `secure_delete` the file
/// itself holds zeros where they were). PostgreSQL needs nothing here: its dead rows are never
/// served, and autovacuum reclaims their space.
pub async fn after_erasure(db: &DatabaseConnection) -> Result<(), DbErr> {
    use sea_orm::ConnectionTrait;
    if db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite {
        db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
            .await?;
    }
    Ok(())
}
