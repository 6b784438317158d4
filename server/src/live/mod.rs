//! Live events over HTTP: a one-use ticket, then a stream of the caller's events
//! (`text/event-stream`). The events themselves, and what wakes a stream, are `platform::live`.

mod routes;
mod stream;

use async_trait::async_trait;
use sea_orm::{DatabaseTransaction, DbErr};
use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, Work},
    platform::{
        jobs::Periodic,
        live::{LiveKind, store},
    },
    state::AppState,
};

/// Events are pruned after this long: a client is promised at least 24 h to resume from.
const KEEP: chrono::Duration = chrono::Duration::hours(48);

/// The live events' part of the contract (`domain`).
pub struct LiveEvents;

/// The kinds are named by no route's body (the stream's frames carry each as a constant), so they
/// are listed here for the web app to take them from the document.
#[derive(OpenApi)]
#[openapi(components(schemas(LiveKind)))]
struct KindsDoc;

#[async_trait]
impl Domain for LiveEvents {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::with_openapi(KindsDoc::openapi())
            .routes(routes!(routes::create_ticket))
            .routes(routes!(routes::open_stream))
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![(
            Periodic {
                kind: "prune_live_events",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(async move {
                    let now = chrono::Utc::now();
                    store::prune(&state.db, now - KEEP, now).await?;
                    Ok(())
                })
            },
        )]
    }

    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        store::erase_user(txn, &user.id).await?;
        Ok(Vec::new())
    }
}
