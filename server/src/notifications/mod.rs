//! Notifications: what happened in a user's families while they were elsewhere. Domains call
//! `notify` inside the transaction of the change; each recipient gets a notice in their centre
//! (texts rendered when read, in the reader's language), a live event, and, per their
//! preferences, a mail and a push sent by a job after the commit. Quiet hours hold mail and push
//! back until they end (`delivery`); a periodic summary mail gathers what is unread (`summary`).
//! Web push goes to the devices a user registered (`devices`, `push`). A notice's mail waits a
//! while (`NIDO_MAIL_DELAY_SECONDS`) and is dropped if the notice was read meanwhile.
//!
//! Domains send notices through `families::notices::notify`, which keeps a notice to the app for
//! a recipient who blocked its actor; this service does not read blocking itself.

pub mod centre;
pub mod delivery;
pub mod devices;
pub mod entities;
mod erasure;
pub mod kinds;
mod mail;
pub mod preferences;
pub mod push;
pub mod push_address;
mod push_out;
pub mod summary;
pub mod unsubscribe;

use std::collections::HashSet;

use async_trait::async_trait;
use chrono::Utc;
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Handler, Work, export_json},
    error::ApiResult,
    ids::{self, FamilyId, UserId},
    platform::{
        jobs::{self, Periodic},
        live::{self, Wake},
    },
    state::AppState,
};
use entities::{ajuste, notificacion, preferencia};

/// Something that happened, for `notify`.
pub struct Notice {
    /// One of `kinds`, e.g. `kinds::CHILD_CHANGED`.
    pub kind: &'static str,
    pub familia_id: Option<String>,
    /// Never notified of their own act.
    pub actor_id: Option<String>,
    /// The parameters of the kind's texts: `{"actor": "Ana", "hijo": "Leo", "familia": "..."}`.
    pub datos: serde_json::Value,
    /// The web path the notice opens, e.g. `/children/<id>`.
    pub enlace: Option<String>,
    /// The id of what it is about (a message, say): the domain that made it marks it read when
    /// its reader sees that thing (`centre::mark_read_about`).
    pub objeto_id: Option<String>,
    /// Recipients who get it in the app (and so in the summary) but never by mail or push: a
    /// user who blocked the actor, say.
    pub solo_app: Vec<String>,
}

/// Inside the caller's transaction: one notice per recipient (minus the actor), a live
/// `notificaciones` event each, and a delivery job for mail and push (for those not in
/// `solo_app`). Wake the answer after the commit (`state.wake`). Domains call it through
/// `families::notices::notify`.
pub async fn notify(
    txn: &DatabaseTransaction,
    recipients: &[String],
    notice: Notice,
) -> Result<Wake, DbErr> {
    let mut seen = HashSet::new();
    let mut recipients: Vec<&String> = recipients
        .iter()
        .filter(|r| Some(r.as_str()) != notice.actor_id.as_deref() && seen.insert(r.as_str()))
        .collect();
    // One order for every transaction, so two publishing to the same users cannot deadlock.
    recipients.sort();
    if recipients.is_empty() {
        return Ok(Wake::none());
    }
    let now = Utc::now();
    let datos = notice.datos.to_string();
    let mut rows = Vec::with_capacity(recipients.len());
    let mut notice_ids = Vec::with_capacity(recipients.len());
    let mut wake = Wake::none();
    for recipient in recipients {
        let id = ids::new_id();
        let in_app_only = notice.solo_app.contains(recipient);
        if !in_app_only {
            notice_ids.push(id.clone());
        }
        rows.push(notificacion::ActiveModel {
            id: Set(id.clone()),
            usuario_id: Set(recipient.clone()),
            familia_id: Set(notice.familia_id.clone()),
            tipo: Set(notice.kind.to_owned()),
            datos: Set(datos.clone()),
            enlace: Set(notice.enlace.clone()),
            leida_at: Set(None),
            creada: Set(now),
            // Nothing to deliver beyond the centre.
            entrega: Set(if in_app_only {
                notificacion::IN_APP_ONLY
            } else {
                notificacion::PENDING
            }
            .to_owned()),
            objeto_id: Set(notice.objeto_id.clone()),
            actor_id: Set(notice.actor_id.clone()),
        });
        let event = live::publish(
            txn,
            std::slice::from_ref(recipient),
            live::LiveEvent::Notices(live::NoticeIds { id: id.clone() }),
        )
        .await?;
        wake = wake.join(event);
    }
    notificacion::Entity::insert_many(rows).exec(txn).await?;
    if notice_ids.is_empty() {
        return Ok(wake);
    }
    jobs::enqueue(
        txn,
        delivery::JOB,
        &delivery::Payload { ids: notice_ids },
        now,
        None,
    )
    .await?;
    Ok(wake)
}

/// Inside the blocking's transaction: what `actor_id` caused for `usuario_id` goes no further
/// than the app from now on, its waiting mail and the summary included.
pub async fn keep_in_app(
    txn: &DatabaseTransaction,
    usuario_id: &UserId,
    actor_id: &UserId,
) -> Result<u64, DbErr> {
    Ok(notificacion::Entity::update_many()
        .col_expr(
            notificacion::Column::Entrega,
            sea_orm::sea_query::Expr::value(notificacion::IN_APP_ONLY),
        )
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::ActorId.eq(actor_id))
        .filter(notificacion::Column::Entrega.ne(notificacion::IN_APP_ONLY))
        .exec(txn)
        .await?
        .rows_affected)
}

/// The notifications service's part of the contract (`domain`).
pub struct Notifications;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NoticeRecord {
    tipo: String,
    titulo: String,
    texto: String,
    enlace: Option<String>,
    familia_id: Option<String>,
    leida_at: Option<chrono::DateTime<Utc>>,
    creada: chrono::DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PreferencesRecord {
    tipos: Vec<preferencia::Model>,
    ajustes: Option<ajuste::Model>,
}

#[async_trait]
impl Domain for Notifications {
    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(centre::list))
            .routes(routes!(centre::unread))
            .routes(routes!(centre::mark_read))
            .routes(routes!(centre::mark_all_read))
            .routes(routes!(preferences::get, preferences::put))
            .routes(routes!(unsubscribe::show, unsubscribe::apply))
            .merge(devices::router())
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![
            (
                Periodic {
                    kind: "notificaciones.fin_silencio",
                    every: chrono::Duration::minutes(1),
                },
                |state| {
                    Box::pin(async move {
                        delivery::release_due(&state, Utc::now()).await?;
                        Ok(())
                    })
                },
            ),
            (
                Periodic {
                    kind: "notificaciones.resumen",
                    every: chrono::Duration::minutes(15),
                },
                |state| {
                    Box::pin(async move {
                        summary::send_due(&state, Utc::now()).await?;
                        Ok(())
                    })
                },
            ),
        ]
    }

    fn jobs(&self) -> Vec<(&'static str, Handler)> {
        vec![
            (delivery::JOB, |state, job| {
                Box::pin(async move { delivery::run(&state, job.payload()?).await })
            }),
            (delivery::MAIL_JOB, |state, job| {
                Box::pin(async move { delivery::run_mail(&state, job.payload()?).await })
            }),
            (preferences::RELEASE_JOB, |state, job| {
                Box::pin(async move { delivery::run_release(&state, job.payload()?).await })
            }),
        ]
    }

    /// Their notices, as they read them, and their notification settings.
    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        let lang = crate::i18n::Lang::parse(&user.language).unwrap_or_default();
        let notices = notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(&user.id))
            .order_by_asc(notificacion::Column::Creada)
            .all(&state.db)
            .await?;
        let records: Vec<NoticeRecord> = notices
            .into_iter()
            .map(|n| {
                let datos = serde_json::from_str(&n.datos).unwrap_or_default();
                let (titulo, texto) = kinds::render(&n.tipo, &datos, lang);
                NoticeRecord {
                    tipo: n.tipo,
                    titulo,
                    texto,
                    enlace: n.enlace,
                    familia_id: n.familia_id,
                    leida_at: n.leida_at,
                    creada: n.creada,
                }
            })
            .collect();
        let preferences = PreferencesRecord {
            tipos: preferencia::Entity::find()
                .filter(preferencia::Column::UsuarioId.eq(&user.id))
                .all(&state.db)
                .await?,
            ajustes: ajuste::Entity::find_by_id(&user.id).one(&state.db).await?,
        };
        Ok((
            vec![
                export_json("notificaciones.json", &records)?,
                export_json("preferencias_notificacion.json", &preferences)?,
            ],
            "notificaciones.json tus notificaciones / your notifications\n\
             preferencias_notificacion.json cómo las recibes / how you receive them\n",
        ))
    }

    /// Their own notices go with the account (foreign keys cascade); their name leaves the
    /// notices of others (`erasure`).
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        erasure::forget(txn, user).await?;
        Ok(Vec::new())
    }

    /// The notices about a family go with it; a user's rows go with theirs (foreign keys cascade).
    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        notificacion::Entity::delete_many()
            .filter(notificacion::Column::FamiliaId.eq(familia_id))
            .exec(txn)
            .await?;
        Ok(Vec::new())
    }
}
