//! Live events: small notes to a user's open streams that something they can see changed ("the
//! children of family F"), carrying ids only, never content.
//!
//! The database is the truth. `publish` stores one event per recipient, inside the caller's
//! transaction, numbered by the recipient's own sequence; a stream sends the rows it has not sent
//! yet whenever it is woken, so a missed or doubled wake costs a read, never an event. Waking is
//! the hub's job (`hub`): after the commit `AppState::wake` wakes this process's streams on
//! SQLite; on PostgreSQL `pg_notify` (sent at commit) reaches every instance's listener, this one
//! included.

mod event;
mod hub;
pub mod store;

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

pub use event::{
    CalendarEventIds, ChildIds, ConversationIds, CustodyIds, CustodyPart, CustodySubject,
    DocumentIds, FamilyIds, LiveEvent, LiveKind, MessageIds, MoneyIds, MoneySubject, NoIds,
    NoticeIds, ReportIds, SeenIds,
};
pub use hub::{Live, Subscription};

/// The NOTIFY channel: its payload is the recipients' ids, comma-separated.
const CHANNEL: &str = "nido_live";
/// NOTIFY payloads stop at 8000 bytes; ids are 36 characters and a comma.
const IDS_PER_NOTIFY: usize = 150;

/// Whose streams to wake once the transaction that published has committed.
#[must_use = "call state.wake(w) after the transaction commits"]
#[derive(Debug, Default)]
pub struct Wake(Vec<String>);

impl Wake {
    pub fn none() -> Wake {
        Wake(Vec::new())
    }

    pub fn join(mut self, other: Wake) -> Wake {
        self.0.extend(other.0);
        self.0.sort();
        self.0.dedup();
        self
    }

    pub fn recipients(&self) -> &[String] {
        &self.0
    }
}

/// Inside the caller's transaction (or on a plain connection): stores one event per recipient with
/// that recipient's next sequence number; on PostgreSQL also pg_notify (delivered at commit).
pub async fn publish(
    db: &impl ConnectionTrait,
    recipients: &[String],
    event: LiveEvent,
) -> Result<Wake, DbErr> {
    // Always the same order, so two transactions publishing to the same users lock their counters
    // in the same order and cannot deadlock.
    let mut recipients = recipients.to_vec();
    recipients.sort();
    recipients.dedup();
    let kind = event.kind().as_str();
    let datos = event
        .data()
        .map_err(|e| DbErr::Custom(format!("a live event's data: {e}")))?
        .to_string();
    let now = chrono::Utc::now();
    for usuario_id in &recipients {
        let seq = store::next_seq(db, usuario_id).await?;
        store::insert(db, usuario_id, seq, kind, &datos, now).await?;
    }
    if db.get_database_backend() == DbBackend::Postgres {
        for ids in recipients.chunks(IDS_PER_NOTIFY) {
            db.execute_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT pg_notify($1, $2)",
                [CHANNEL.into(), ids.join(",").into()],
            ))
            .await?;
        }
    }
    Ok(Wake(recipients))
}
