use std::{
    any::{Any, TypeId},
    collections::HashMap,
    sync::Arc,
};

use lettre::message::Mailbox;
use sea_orm::DatabaseConnection;

use crate::{
    config::Config,
    platform::{
        changes::{Change, Changes},
        document_signing::DocumentSigner,
        files::Files,
        live::{Live, Wake},
        mail::{Mail, Mailer},
        rate_limit::RateLimiter,
        signing::Signer25519,
        storage::Storage,
        timestamp::Authority as Timestamps,
        vapid::VapidKey,
    },
};

/// What every handler may reach; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub mailer: Mailer,
    pub mail_from: Mailbox,
    pub limiter: RateLimiter,
    pub storage: Storage,
    pub changes: Changes,
    /// Every stored file, encrypted: read and write files through this, not `storage`.
    pub files: Files,
    /// Signs the family record's checkpoints.
    pub signer: Signer25519,
    /// Signs the certified reports.
    pub document_signer: DocumentSigner,
    /// Stamps report signatures and record checkpoints, when `NIDO_TSA_URL` names an authority.
    pub timestamps: Option<Timestamps>,
    /// Signs web push requests.
    pub vapid: VapidKey,
    /// This process's id among the instances sharing the database.
    pub instance: Arc<str>,
    /// This process's live-event streams (`platform::live`).
    pub live: Live,
    pub parts: Arc<Parts>,
}

/// What a domain keeps in memory for itself (its caches, say), which this layer cannot name: the
/// shell puts one of each in at start (`lib.rs`), and the domain takes its own back by type.
#[derive(Default)]
pub struct Parts(HashMap<TypeId, Box<dyn Any + Send + Sync>>);

impl Parts {
    pub fn insert<T: Any + Send + Sync>(&mut self, part: T) {
        self.0.insert(TypeId::of::<T>(), Box::new(part));
    }
}

impl crate::platform::FileContext for AppState {
    fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    fn files(&self) -> &Files {
        &self.files
    }

    fn instance(&self) -> &str {
        &self.instance
    }
}

impl AppState {
    /// A part the shell put in at start. Every part is put in before the first request, so a
    /// missing one is a wiring mistake that the first test touching it finds.
    pub fn part<T: Any + Send + Sync>(&self) -> &T {
        match self
            .parts
            .0
            .get(&TypeId::of::<T>())
            .map(|p| p.downcast_ref::<T>())
        {
            Some(Some(part)) => part,
            _ => panic!(
                "{} was not put in the state at start",
                std::any::type_name::<T>()
            ),
        }
    }

    /// To be called after a change is committed: copies kept in memory are dropped here and, on
    /// PostgreSQL, on every other instance (`platform::changes`).
    pub async fn announce(&self, change: Change<'_>) {
        self.changes.announce(&self.db, change).await;
    }

    /// To be called after the transaction that published live events commits.
    pub fn wake(&self, wake: Wake) {
        self.live.wake(&self.db, wake);
    }

    /// Sends a mail without making the caller wait; a failure is logged, never shown.
    pub fn send_mail(&self, mail: Mail) {
        let mailer = self.mailer.clone();
        let from = self.mail_from.clone();
        tokio::spawn(async move {
            if let Err(err) = mailer.send(&from, mail).await {
                tracing::error!(error = %format!("{err:#}"), "mail not sent");
            }
        });
    }
}
