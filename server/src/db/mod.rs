//! The database connection (SQLite or PostgreSQL) and its migrations.

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
            });
    } else {
        opts.max_connections(16).min_connections(1);
    }
    Database::connect(opts).await
}

pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    migrations::Migrator::up(db, None).await
}
