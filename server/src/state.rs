use std::sync::Arc;

use lettre::message::Mailbox;
use sea_orm::DatabaseConnection;

use crate::{
    accounts::session::SessionCache,
    children::records::FamilyChildren,
    config::Config,
    families::MembershipCache,
    platform::{
        mail::{Mail, Mailer},
        rate_limit::RateLimiter,
        signing::Signer25519,
        storage::Storage,
    },
    site::status::Monitor,
};

/// What every handler may reach; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub mailer: Mailer,
    pub mail_from: Mailbox,
    pub limiter: RateLimiter,
    pub sessions: SessionCache,
    pub memberships: MembershipCache,
    pub family_children: FamilyChildren,
    pub storage: Storage,
    pub monitor: Monitor,
    /// Signs the family record's checkpoints.
    pub signer: Signer25519,
    /// This process's id among the instances sharing the database.
    pub instance: Arc<str>,
}

impl AppState {
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
