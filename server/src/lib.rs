//! Nido: configuration -> state -> router.

pub mod accounts;
pub mod backup;
pub mod children;
pub mod config;
pub mod db;
pub mod error;
pub mod families;
pub mod fields;
pub mod http;
pub mod i18n;
pub mod ids;
mod maintenance;
pub mod platform;
pub mod site;
pub mod state;

use std::sync::Arc;

use anyhow::Context;

use config::Config;
use platform::{mail::Mailer, rate_limit::RateLimiter, storage::Storage};
use state::AppState;

/// The database, migrated: all that administrative commands need.
pub async fn connect_and_migrate(config: &Config) -> anyhow::Result<sea_orm::DatabaseConnection> {
    if config.database_url.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir).with_context(|| {
            format!("NIDO_DATA_DIR: cannot create {}", config.data_dir.display())
        })?;
    }
    let db = db::connect(&config.database_url)
        .await
        .context("DATABASE_URL: cannot connect to the database")?;
    db::migrate(&db).await.context("running migrations")?;
    Ok(db)
}

/// Connects, migrates and wires everything a server needs.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let db = connect_and_migrate(&config).await?;
    let (mailer, mail_from) = Mailer::from_config(&config)?;
    let limiter = RateLimiter::new(db.clone(), config.rate_limits);
    let signing_key = db::settings::secret(&db, "file_link_key")
        .await
        .context("reading the file-link key")?;
    let storage = Storage::from_url(&config.storage_url, signing_key.into_bytes())?;
    let signer = platform::signing::load_or_create(&config.signing_key_file)?;
    families::record::checkpoint::register_key(&db, &signer)
        .await
        .context("publishing the record's signing key")?;
    Ok(AppState {
        db,
        config: Arc::new(config),
        mailer,
        mail_from,
        limiter,
        sessions: accounts::session::session_cache(),
        memberships: families::membership_cache(),
        family_children: children::records::family_children_cache(),
        storage,
        monitor: Default::default(),
        signer,
        instance: ids::new_id().into(),
    })
}

/// Serves until `shutdown` resolves, then finishes the requests in flight.
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    maintenance::spawn(state.clone());
    platform::changes::spawn_listener(state.clone());
    http::serve::run(listener, http::router(state), shutdown).await;
    Ok(())
}
