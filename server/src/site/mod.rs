//! The public, non-personal side of the API: health and readiness, the contact form, help-article
//! feedback, signed-in users' suggestions and the live status page.

pub mod contact;
pub mod entities;
pub mod feedback;
pub mod notices;
pub mod routes;
pub mod status;
pub mod suggestions;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work, export_json},
    error::ApiResult,
    platform::{changes::Forget, jobs::Periodic},
    state::{AppState, Parts},
};
use entities::mensaje;

/// The site domain's part of the contract (`domain`).
pub struct Site;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MessageRecord {
    asunto: String,
    mensaje: String,
    created_at: DateTime<Utc>,
}

#[async_trait]
impl Domain for Site {
    fn router(&self) -> OpenApiRouter<AppState> {
        routes::router()
    }

    /// New tries for contact messages and suggestions whose mail failed.
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![(
            Periodic {
                kind: "resend_unsent_mail",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(async move {
                    let contact = contact::retry_unsent(&state).await?;
                    let suggestions = suggestions::retry_unsent(&state).await?;
                    tracing::debug!(contact, suggestions, "unsent support mail tried again");
                    Ok(())
                })
            },
        )]
    }

    fn parts(&self, parts: &mut Parts, _forget: &mut Vec<Forget>) {
        parts.insert(status::Monitor::default());
    }

    /// What they wrote to support. Anyone may write with any address: only a proven one is the
    /// user's.
    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        let messages = if user.email_verificado_at.is_some() {
            mensaje::Entity::find()
                .filter(mensaje::Column::Email.eq(&user.email))
                .order_by_asc(mensaje::Column::CreatedAt)
                .all(&state.db)
                .await?
        } else {
            Vec::new()
        };
        let records: Vec<MessageRecord> = messages
            .into_iter()
            .map(|m| MessageRecord {
                asunto: m.asunto,
                mensaje: m.mensaje,
                created_at: m.created_at,
            })
            .collect();
        Ok((
            vec![export_json("mensajes.json", &records)?],
            "mensajes.json       lo que escribiste a soporte / what you wrote to support\n",
        ))
    }

    /// What they wrote to support goes if the address was proven theirs; otherwise it may be a
    /// stranger's, who keeps it. Suggestions go with the user's row (foreign keys cascade).
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        if user.email_verificado_at.is_some() {
            mensaje::Entity::delete_many()
                .filter(mensaje::Column::Email.eq(&user.email))
                .exec(txn)
                .await?;
        }
        Ok(Vec::new())
    }
}
