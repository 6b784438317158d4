//! This process's open streams, by user, and what wakes them: a publish on this process (SQLite),
//! the PostgreSQL listener (every instance's publishes), and the server's stop.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use sea_orm::{DatabaseConnection, DbBackend, sqlx::postgres::PgListener};
use tokio::sync::watch;

use super::{CHANNEL, Wake};

/// The hub; cheap to clone.
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
}

struct Inner {
    /// One signal per user with a stream open here; a stream re-reads its rows when it changes.
    users: Mutex<HashMap<String, watch::Sender<()>>>,
    stop: watch::Sender<bool>,
}

/// A stream's hold on its user's signal; the signal goes when the user's last stream does.
pub struct Subscription {
    live: Live,
    usuario_id: String,
    signal: watch::Receiver<()>,
}

impl Subscription {
    /// Returns when the user's streams were woken after the last call (at once if they were).
    pub async fn woken(&mut self) {
        // The sender lives while this subscription does: `changed` cannot fail here.
        let _ = self.signal.changed().await;
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut users = self.live.users();
        if users
            .get(&self.usuario_id)
            .is_some_and(|s| s.receiver_count() <= 1)
        {
            users.remove(&self.usuario_id);
        }
    }
}

impl Default for Live {
    fn default() -> Live {
        Live::new()
    }
}

impl Live {
    pub fn new() -> Live {
        Live {
            inner: Arc::new(Inner {
                users: Mutex::new(HashMap::new()),
                stop: watch::Sender::new(false),
            }),
        }
    }

    fn users(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<()>>> {
        self.inner
            .users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Subscribes a stream to its user's wakes. Subscribe before reading the rows, so that an
    /// event committed during the read wakes the stream again.
    pub fn subscribe(&self, usuario_id: &str) -> Subscription {
        let signal = self
            .users()
            .entry(usuario_id.to_owned())
            .or_insert_with(|| watch::Sender::new(()))
            .subscribe();
        Subscription {
            live: self.clone(),
            usuario_id: usuario_id.to_owned(),
            signal,
        }
    }

    /// Wakes this process's streams of these users.
    pub fn wake_local<'a>(&self, usuario_ids: impl IntoIterator<Item = &'a str>) {
        let users = self.users();
        for id in usuario_ids {
            if let Some(signal) = users.get(id) {
                signal.send_replace(());
            }
        }
    }

    /// Wakes every stream of this process: wakes may have been missed, each re-reads its rows.
    pub fn wake_all(&self) {
        for signal in self.users().values() {
            signal.send_replace(());
        }
    }

    /// After the publishing transaction commits. On PostgreSQL the NOTIFY sent at commit wakes
    /// every instance, this one too.
    pub fn wake(&self, db: &DatabaseConnection, wake: Wake) {
        if db.get_database_backend() != DbBackend::Postgres {
            self.wake_local(wake.recipients().iter().map(String::as_str));
        }
    }

    /// How many users have a stream open on this process.
    pub fn users_connected(&self) -> usize {
        self.users().len()
    }

    /// Ends every stream (the server is stopping); streams opened afterwards end at once.
    pub fn stop(&self) {
        self.inner.stop.send_replace(true);
    }

    /// Resolves once `stop` was called.
    pub fn stopped(&self) -> impl Future<Output = ()> + Send + use<> {
        let mut stop = self.inner.stop.subscribe();
        async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        }
    }

    /// On PostgreSQL, wakes this process's streams on every instance's publishes until `stop`.
    pub fn spawn_listener(&self, db: DatabaseConnection) {
        if db.get_database_backend() != DbBackend::Postgres {
            return;
        }
        let live = self.clone();
        tokio::spawn(async move {
            let stopped = live.stopped();
            tokio::pin!(stopped);
            loop {
                tokio::select! {
                    () = &mut stopped => return,
                    result = live.listen(&db) => match result {
                        Ok(()) => return,
                        Err(err) => {
                            tracing::warn!(error = %err, "live listener lost the database; retrying");
                            live.wake_all();
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    },
                }
            }
        });
    }

    /// Returns when the pool is closed (shutting down), fails when the database cannot be reached.
    async fn listen(&self, db: &DatabaseConnection) -> Result<(), sea_orm::sqlx::Error> {
        let mut listener = PgListener::connect_with(db.get_postgres_connection_pool()).await?;
        listener.listen(CHANNEL).await?;
        // What was published before listening was not heard.
        self.wake_all();
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => self.wake_local(notification.payload().split(',')),
                // The connection dropped and was opened again: notifications may have been missed.
                Ok(None) => self.wake_all(),
                Err(sea_orm::sqlx::Error::PoolClosed) => return Ok(()),
                Err(err) => return Err(err),
            }
        }
    }
}
