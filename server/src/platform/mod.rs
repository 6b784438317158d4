//! Ports to the outside world.

pub mod cache;
pub mod changes;
pub mod document_signing;
pub mod download;
pub mod files;
pub mod jobs;
pub mod kept;
pub mod key_file;
pub mod live;
pub mod mail;
pub mod office;
pub mod pending;
pub mod photo;
pub mod rate_limit;
pub mod signing;
pub mod sniff;
pub mod storage;
pub mod timestamp;
pub mod upload;
pub mod vapid;
pub mod web_app;

/// What the file helpers (`photo`, `pending`) need from the application's state, which this layer
/// does not name; `AppState` provides it.
pub trait FileContext: Sync {
    fn db(&self) -> &sea_orm::DatabaseConnection;
    fn files(&self) -> &files::Files;
    /// This process's id among the instances sharing the database.
    fn instance(&self) -> &str;
}
