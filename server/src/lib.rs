//! Nido: configuration -> state -> router.

pub mod accounts;
pub mod backup;
pub mod calendar;
pub mod children;
pub mod config;
pub mod db;
pub mod documents;
pub mod domain;
pub mod error;
pub mod families;
pub mod fields;
pub mod http;
pub mod i18n;
pub mod ids;
#[cfg(test)]
mod layers;
pub mod live;
mod maintenance;
pub mod messages;
pub mod money;
pub mod notifications;
pub mod platform;
pub mod reports;
pub mod request;
pub mod site;
pub mod state;
pub mod time_zone;
pub mod vocabulary;

use std::sync::Arc;

use anyhow::Context;

use config::Config;
use domain::Domain;
use platform::{changes::Changes, mail::Mailer, rate_limit::RateLimiter, storage::Storage};
use state::{AppState, Parts};

/// Every domain, in the order their routes are mounted. Adding a domain is its folder plus a line
/// here (see docs/architecture.md).
static DOMAINS: &[&dyn Domain] = &[
    &site::Site,
    &accounts::Accounts,
    &families::Families,
    &children::Children,
    &live::LiveEvents,
    &notifications::Notifications,
    &messages::Messages,
    &calendar::Calendar,
    &money::Money,
    &documents::Documents,
    &reports::Reports,
];

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
    let keys = platform::files::master::load(&db, &config.master_key_file).await?;
    let files = platform::files::Files::new(storage.clone(), keys);
    platform::files::plaintext::encrypt_existing(&db, &files)
        .await
        .context("encrypting the files stored before encryption")?;
    domain::install(DOMAINS);
    let mut parts = Parts::default();
    let mut forget = Vec::new();
    let live = platform::live::Live::new();
    live_forget(&live, &mut forget);
    request::auth::parts(&mut parts, &mut forget);
    for domain in domain::all() {
        domain.parts(&mut parts, &mut forget);
    }
    let signer = platform::signing::load_or_create(&config.signing_key_file)?;
    families::record::checkpoint::register_key(&db, &signer)
        .await
        .context("publishing the record's signing key")?;
    let vapid = platform::vapid::load_or_create(&config.vapid_key_file)?;
    let document_signer = platform::document_signing::load_or_create(
        &config.document_key_file,
        config.public_url.as_str(),
    )?;
    let timestamps = config
        .tsa_url
        .clone()
        .map(platform::timestamp::Authority::new)
        .transpose()?;
    Ok(AppState {
        db,
        config: Arc::new(config),
        mailer,
        mail_from,
        limiter,
        storage,
        changes: Changes::new(forget),
        files,
        signer,
        document_signer,
        timestamps,
        vapid,
        instance: ids::new_id().into(),
        live,
        parts: Arc::new(parts),
    })
}

/// A change to a user (a session ended, say) wakes their streams, which then check their session.
fn live_forget(live: &platform::live::Live, forget: &mut Vec<platform::changes::Forget>) {
    let live = live.clone();
    forget.push(Box::new(move |change| match change {
        Some(platform::changes::Change::User(id)) => live.wake_local([*id]),
        Some(platform::changes::Change::Family(_)) => {}
        None => live.wake_all(),
    }));
}

/// The whole API's OpenAPI document, built from the handlers.
pub fn openapi_document() -> String {
    http::openapi::document(DOMAINS)
}

/// Serves until `shutdown` resolves, then finishes the requests in flight.
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    // One signal for both: the job runner stops claiming when the server stops taking requests.
    let (stop, mut stopping) = tokio::sync::watch::channel(false);
    let jobs = maintenance::spawn(state.clone(), async move {
        let _ = stopping.changed().await;
    });
    state
        .changes
        .spawn_listener(state.db.clone(), state.instance.clone());
    state.live.spawn_listener(state.db.clone());
    let live = state.live.clone();
    let shutdown = async move {
        shutdown.await;
        let _ = stop.send(true);
        // Open streams would hold the graceful shutdown forever.
        live.stop();
    };
    http::serve::run(listener, http::router(state, DOMAINS), shutdown).await;
    // Lets the jobs under way finish (or releases them) before the process goes.
    let _ = jobs.await;
    Ok(())
}
