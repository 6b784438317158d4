//! What documents write and read besides their own rows: the acts of the family record, the live
//! events and notices of a change, the children a document is about, the quota's lock, the
//! versions' rows and files, and the purge of deleted documents.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set,
    TransactionTrait,
};
use serde_json::json;

use super::vocabulary::Visibility;
use super::{
    access::{self, RESTORE_DAYS},
    entities::{documento, documento_hijo, documento_version},
    quota,
    upload::Stored,
};
use crate::{
    db::entities::usuario,
    error::ApiResult,
    families::{
        self,
        entities::miembro,
        record::{self, Act, Kind, kinds},
    },
    ids,
    ids::{FamilyId, UserId},
    notifications,
    platform::{
        live::{self, Wake},
        pending, photo,
    },
    state::AppState,
};

/// Whether every id is a child (not deleted) of the family, as the children domain answers
/// through `domain` (documents do not depend on its code).
pub(super) async fn children_of_family(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    hijos: &[String],
) -> ApiResult<bool> {
    if hijos.len() > 50 {
        return Ok(false);
    }
    Ok(crate::domain::children_of_family(db, familia_id, hijos).await?)
}

pub(super) fn record_subjects(
    doc: &documento::Model,
    hijos: &[String],
    actor: &str,
) -> Vec<String> {
    let mut subjects: Vec<String> = hijos.iter().map(|h| record::child_subject(h)).collect();
    subjects.push(record::user_subject(actor));
    if let Some(uploader) = doc.subido_por.as_deref().filter(|u| *u != actor) {
        subjects.push(record::user_subject(uploader));
    }
    subjects
}

pub(super) async fn children_ids(
    db: &impl ConnectionTrait,
    documento_id: &str,
) -> ApiResult<Vec<String>> {
    Ok(documento_hijo::Entity::find()
        .filter(documento_hijo::Column::DocumentoId.eq(documento_id))
        .all(db)
        .await?
        .into_iter()
        .map(|l| l.hijo_id)
        .collect())
}

/// Writes an act about a document into its family's record, inside a transaction that has
/// already written (it reads the document's children first).
pub(super) async fn write_act(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
) -> ApiResult<()> {
    let hijos = children_ids(txn, &doc.id).await?;
    append_act(txn, doc, &hijos, kind, actor, content).await
}

/// Writes an act about a document about these children: the transaction's first statement may
/// be this write (SQLite wants a write transaction to start with a write).
pub(super) async fn append_act(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    hijos: &[String],
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
) -> ApiResult<()> {
    record::append(txn, &doc.familia_id, act(doc, hijos, kind, actor, content)).await?;
    Ok(())
}

/// An act about a document; its title is read by whom the document's visibility shows it to.
pub(super) fn act<'a>(
    doc: &documento::Model,
    hijos: &[String],
    kind: Kind,
    actor: Option<&'a str>,
    content: serde_json::Value,
) -> Act<'a> {
    let subjects = match actor {
        Some(actor) => record_subjects(doc, hijos, actor),
        None => hijos.iter().map(|h| record::child_subject(h)).collect(),
    };
    let mut content = content;
    content["documento"] = json!(doc.id);
    content["titulo"] = json!(doc.titulo);
    Act {
        kind,
        actor,
        content,
        subjects,
        audience: access::record_audience(doc),
    }
}

/// Tells the members who may see the document, or could before a change of its visibility
/// (`before`), that the family's documents changed (`documentos`, ids only: each reads the list
/// again with their own visibility). No one learns of a document they may not see.
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    before: Option<&documento::Model>,
) -> ApiResult<Wake> {
    let mut members = access::viewers(txn, doc).await?;
    if let Some(before) = before {
        for member in access::viewers(txn, before).await? {
            if !members.contains(&member) {
                members.push(member);
            }
        }
    }
    let ids = live::DocumentIds {
        familia_id: doc.familia_id.clone(),
        documento_id: doc.id.clone(),
    };
    Ok(live::publish(txn, &members, live::LiveEvent::Documents(ids)).await?)
}

/// A notice of a new document (or version) to the other members who can see it.
pub(super) async fn notify_upload(
    txn: &DatabaseTransaction,
    doc: &documento::Model,
    actor: &usuario::Model,
) -> ApiResult<Wake> {
    let viewers = access::viewers(txn, doc).await?;
    let notice = notifications::Notice {
        kind: notifications::kinds::DOCUMENT_NEW,
        familia_id: Some(doc.familia_id.clone()),
        actor_id: Some(actor.id.clone()),
        datos: json!({
            "actor": format!("{} {}", actor.nombre, actor.apellido),
            "titulo": doc.titulo,
        }),
        enlace: Some(format!("/profile/documents?documento={}", doc.id)),
        objeto_id: Some(doc.id.clone()),
        solo_app: Vec::new(),
    };
    Ok(families::notices::notify(txn, &viewers, notice).await?)
}

pub(super) fn version_row(
    documento_id: &str,
    numero: i32,
    stored: &Stored,
    me: &str,
    now: DateTime<Utc>,
) -> documento_version::ActiveModel {
    documento_version::ActiveModel {
        id: Set(ids::new_id()),
        documento_id: Set(documento_id.to_owned()),
        numero: Set(numero),
        clave: Set(stored.clave.clone()),
        miniatura_clave: Set(stored.miniatura_clave.clone()),
        tipo: Set(stored.tipo.to_owned()),
        nombre: Set(stored.nombre.clone()),
        tamano: Set(i64::try_from(stored.tamano).unwrap_or(i64::MAX)),
        sha256: Set(stored.sha256.clone()),
        subido_por: Set(Some(me.to_owned())),
        created_at: Set(now),
    }
}

/// Takes the family's lock (a write first, as SQLite wants) and checks that the file still fits,
/// in the family's quota and in the uploader's day: two uploads at once are counted one after
/// the other.
pub(super) async fn lock_and_check_quota(
    state: &AppState,
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    me: &UserId,
    adding: u64,
) -> ApiResult<()> {
    if !families::lock_family(txn, familia_id).await? {
        return Err(access::not_found());
    }
    let used = quota::used(txn, familia_id, me).await?;
    let cuota = state.config.document_quota_bytes;
    if used.saturating_add(adding) > cuota {
        return Err(quota::exhausted(used, cuota));
    }
    if let Some(limit) = quota::Daily::of(&state.config) {
        let now = Utc::now();
        let recent = quota::Recent::of(txn, me, now).await?;
        if recent.room(limit) < adding {
            return Err(recent.exhausted(limit, adding, now));
        }
    }
    Ok(())
}

/// Runs `record` (which writes the rows of a stored file) and keeps the file if it worked,
/// erasing it if not.
pub(super) async fn keep_if_recorded<T>(
    state: &AppState,
    stored: &Stored,
    recorded: impl Future<Output = ApiResult<T>>,
) -> ApiResult<T> {
    let keys = stored.keys();
    match recorded.await {
        Ok(value) => {
            pending::settle(state, &keys).await;
            Ok(value)
        }
        Err(err) => {
            photo::after_change(state, &[], &keys).await;
            Err(err)
        }
    }
}

/// Who sees what, as a condition: every member the family's documents, co-parents theirs,
/// the uploader their own private ones.
pub(super) fn visible_condition(member: &miembro::Model) -> Condition {
    let mut visible = Condition::any()
        .add(documento::Column::Visibilidad.eq(Visibility::Family))
        .add(
            Condition::all()
                .add(documento::Column::Visibilidad.eq(Visibility::Private))
                .add(documento::Column::SubidoPor.eq(member.usuario_id.clone())),
        );
    if families::can_edit(member) {
        visible = visible.add(documento::Column::Visibilidad.eq(Visibility::CoParents));
    }
    visible
}

/// Erases for good the documents deleted more than 30 days before `now`, with every version's
/// file; answers how many. Run by the periodic jobs.
pub async fn purge_due(state: &AppState, now: DateTime<Utc>) -> ApiResult<u64> {
    let limit = now - chrono::Duration::days(RESTORE_DAYS);
    let due = documento::Entity::find()
        .filter(documento::Column::EliminadoAt.lte(limit))
        .all(&state.db)
        .await?;
    let mut erased = 0;
    for doc in due {
        let files: Vec<String> = documento_version::Entity::find()
            .filter(documento_version::Column::DocumentoId.eq(&doc.id))
            .all(&state.db)
            .await?
            .iter()
            .flat_map(documento_version::Model::keys)
            .collect();
        // The record's entry names the children, read before their links go with the row.
        let hijos = children_ids(&state.db, &doc.id).await?;
        let txn = state.db.begin().await?;
        let purged = documento::Entity::delete_many()
            .filter(documento::Column::Id.eq(&doc.id))
            .filter(documento::Column::EliminadoAt.lte(limit))
            .exec(&txn)
            .await?
            .rows_affected;
        let mut wake = Wake::none();
        if purged > 0 {
            record::append(
                &txn,
                &doc.familia_id,
                Act {
                    kind: kinds::DOCUMENT_PURGED,
                    actor: None,
                    content: json!({"documento": doc.id, "titulo": doc.titulo}),
                    subjects: hijos.iter().map(|h| record::child_subject(h)).collect(),
                    audience: access::record_audience(&doc),
                },
            )
            .await?;
            wake = publish_change(&txn, &doc, None).await?;
        }
        erased += purged;
        pending::note(&txn, state, &files).await?;
        txn.commit().await?;
        state.wake(wake);
        photo::after_change(state, &[], &files).await;
    }
    if erased > 0 {
        crate::db::after_erasure(&state.db).await?;
    }
    Ok(erased)
}
