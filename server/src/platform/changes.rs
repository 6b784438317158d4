//! Announcing that records changed, so that copies kept in memory are dropped: on this instance
//! before the change is answered, and on PostgreSQL through NOTIFY on every other instance
//! sharing the database. A listener that loses its connection may have missed announcements,
//! so it drops everything it keeps when it comes back.

use std::{sync::Arc, time::Duration};

use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbBackend, Statement, sqlx::postgres::PgListener,
};

const CHANNEL: &str = "nido_changes";

pub enum Change<'a> {
    /// Something about this user: their sessions, profile or memberships.
    User(&'a str),
    /// The children of this family or their records.
    Family(&'a str),
}

impl Change<'_> {
    fn payload(&self) -> String {
        match self {
            Change::User(id) => format!("u:{id}"),
            Change::Family(id) => format!("f:{id}"),
        }
    }

    fn parse(payload: &str) -> Option<Change<'_>> {
        match payload.split_once(':')? {
            ("u", id) => Some(Change::User(id)),
            ("f", id) => Some(Change::Family(id)),
            _ => None,
        }
    }
}

/// Forgets what a change made stale; `None` means everything (announcements may have been missed).
pub type Forget = Box<dyn Fn(Option<&Change<'_>>) + Send + Sync>;

/// The copies kept in memory on this instance, each with how to forget what a change made stale.
#[derive(Clone)]
pub struct Changes {
    forgetters: Arc<[Forget]>,
}

impl Changes {
    pub fn new(forgetters: Vec<Forget>) -> Changes {
        Changes {
            forgetters: forgetters.into(),
        }
    }

    fn forget(&self, change: Option<&Change<'_>>) {
        for forget in self.forgetters.iter() {
            forget(change);
        }
    }

    /// To be called after the change is committed.
    pub async fn announce(&self, db: &DatabaseConnection, change: Change<'_>) {
        self.forget(Some(&change));
        if db.get_database_backend() != DbBackend::Postgres {
            // SQLite is served by one process: forgetting here is all there is to do.
            return;
        }
        let notify = Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_notify($1, $2)",
            [CHANNEL.into(), change.payload().into()],
        );
        if let Err(err) = db.execute_raw(notify).await {
            // Other instances catch up when their copies expire (seconds).
            tracing::warn!(error = %err, "change not announced to other instances");
        }
    }

    /// On PostgreSQL, listens for the other instances' announcements until the pool closes.
    pub fn spawn_listener(&self, db: DatabaseConnection, instance: Arc<str>) {
        if db.get_database_backend() != DbBackend::Postgres {
            return;
        }
        let changes = self.clone();
        tokio::spawn(async move {
            loop {
                match changes.listen(&db, &instance).await {
                    Ok(()) => return,
                    Err(err) => {
                        tracing::warn!(error = %err, "change listener lost the database; retrying");
                        changes.forget(None);
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
    }

    /// Returns when the pool is closed (shutting down), fails when the database cannot be reached.
    async fn listen(
        &self,
        db: &DatabaseConnection,
        instance: &str,
    ) -> Result<(), sea_orm::sqlx::Error> {
        let pool = db.get_postgres_connection_pool();
        let mut listener = PgListener::connect_with(pool).await?;
        // Held for as long as this connection lives: while it is, this instance counts as alive
        // (`platform::pending`).
        sea_orm::sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(super::pending::lock_key(instance))
            .execute(&mut listener)
            .await?;
        listener.listen(CHANNEL).await?;
        // Whatever changed before listening was not heard.
        self.forget(None);
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => {
                    if let Some(change) = Change::parse(notification.payload()) {
                        self.forget(Some(&change));
                    }
                }
                // The connection dropped and was opened again: announcements may have been missed.
                Ok(None) => self.forget(None),
                Err(sea_orm::sqlx::Error::PoolClosed) => return Ok(()),
                Err(err) => return Err(err),
            }
        }
    }
}
