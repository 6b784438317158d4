//! Announcing that records changed, so that copies kept in memory are dropped: on this instance
//! before the change is answered, and on PostgreSQL through NOTIFY on every other instance
//! sharing the database. A listener that loses its connection may have missed announcements,
//! so it drops everything it keeps when it comes back.

use std::time::Duration;

use sea_orm::{ConnectionTrait, DbBackend, Statement, sqlx::postgres::PgListener};

use crate::state::AppState;

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

/// To be called after the change is committed.
pub async fn announce(state: &AppState, change: Change<'_>) {
    forget(state, &change);
    if state.db.get_database_backend() != DbBackend::Postgres {
        // SQLite is served by one process: forgetting here is all there is to do.
        return;
    }
    let notify = Statement::from_sql_and_values(
        DbBackend::Postgres,
        "SELECT pg_notify($1, $2)",
        [CHANNEL.into(), change.payload().into()],
    );
    if let Err(err) = state.db.execute_raw(notify).await {
        // Other instances catch up when their copies expire (seconds).
        tracing::warn!(error = %err, "change not announced to other instances");
    }
}

fn forget(state: &AppState, change: &Change<'_>) {
    match change {
        Change::User(id) => {
            state.sessions.forget_where(|auth| auth.user.id == *id);
            state.memberships.forget(id);
        }
        Change::Family(id) => state.family_children.forget(id),
    }
}

fn forget_everything(state: &AppState) {
    state.sessions.clear();
    state.memberships.clear();
    state.family_children.clear();
}

/// On PostgreSQL, listens for the other instances' announcements until the pool closes.
pub fn spawn_listener(state: AppState) {
    if state.db.get_database_backend() != DbBackend::Postgres {
        return;
    }
    tokio::spawn(async move {
        loop {
            match listen(&state).await {
                Ok(()) => return,
                Err(err) => {
                    tracing::warn!(error = %err, "change listener lost the database; retrying");
                    forget_everything(&state);
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
}

/// Returns when the pool is closed (shutting down), fails when the database cannot be reached.
async fn listen(state: &AppState) -> Result<(), sea_orm::sqlx::Error> {
    let pool = state.db.get_postgres_connection_pool();
    let mut listener = PgListener::connect_with(pool).await?;
    // Held for as long as this connection lives: while it is, this instance counts as alive
    // (`platform::pending`).
    sea_orm::sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(super::pending::lock_key(&state.instance))
        .execute(&mut listener)
        .await?;
    listener.listen(CHANNEL).await?;
    // Whatever changed before listening was not heard.
    forget_everything(state);
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                if let Some(change) = Change::parse(notification.payload()) {
                    forget(state, &change);
                }
            }
            // The connection dropped and was opened again: announcements may have been missed.
            Ok(None) => forget_everything(state),
            Err(sea_orm::sqlx::Error::PoolClosed) => return Ok(()),
            Err(err) => return Err(err),
        }
    }
}
