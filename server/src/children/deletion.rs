//! Deleting a child's record can be undone. The record is hidden from every member at once and
//! the other members are notified (`notifications`); any co-parent of the family may bring it back whole for
//! `RESTORE_DAYS`; then `purge_due` erases it for good with its photo. One co-parent alone can
//! no longer make a child's medical history vanish for the other.

use axum::extract::{Path, State};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    Set, TransactionTrait,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    access::WriteChild,
    entities::hijo,
    record_acts,
    routes::{ChildAnswer, Deleted, answer, deleted},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody},
    families,
    i18n::Msg,
    notifications::kinds::{CHILD_DELETED, CHILD_RESTORED},
    platform::{changes::Change, live::Wake, photo},
    request::{AuthUser, Json},
    state::AppState,
};

pub const RESTORE_DAYS: i64 = 30;

fn restore_window() -> Duration {
    Duration::days(RESTORE_DAYS)
}

/// The day a record deleted at `deleted_at` is erased for good.
pub fn purge_at(deleted_at: DateTime<Utc>) -> DateTime<Utc> {
    deleted_at + restore_window()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedBy {
    #[serde(rename = "_id")]
    pub id: String,
    /// Empty when that account has been erased since.
    pub nombre: String,
    pub apellido: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedChildView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub nombre: String,
    pub apellido: String,
    /// A link to a small version of the photo, valid for a limited time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foto: Option<String>,
    pub eliminado_at: DateTime<Utc>,
    pub eliminado_por: DeletedBy,
    /// When the record is erased for good unless restored before.
    pub purga_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedChildrenAnswer {
    pub success: bool,
    pub data: Vec<DeletedChildView>,
}

/// Delete a child's record. It disappears for every member at once; the other members are told
/// by mail, and any co-parent of the family can restore it for 30 days
/// (`POST /hijos/{id}/restaurar`). Then it is erased for good with everything recorded and the photo.
#[utoipa::path(delete, path = "/hijos/{id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Deleted), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_child(
    State(state): State<AppState>,
    access: WriteChild,
) -> ApiResult<Json<Deleted>> {
    let now = Utc::now();
    let by = access.auth.user;
    let mut active = access.child.into_active_model();
    active.eliminado_at = Set(Some(now));
    active.eliminado_por = Set(Some(by.id.clone()));
    let txn = state.db.begin().await?;
    let child = active.update(&txn).await?;
    record_acts::deleted(&txn, &child, &by.id).await?;
    let until = purge_at(now).format("%Y-%m-%d").to_string();
    let wake = super::tell_members(&txn, &child, &by, CHILD_DELETED, &[("hasta", until)]).await?;
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::Family(&child.familia_id)).await;
    Ok(deleted(Msg::ChildDeleted))
}

/// The children's records deleted in the last 30 days in the families where the caller is a
/// co-parent, newest first: the ones the caller may still restore.
#[utoipa::path(get, path = "/hijos/eliminados", tag = "children", security(("bearer" = [])),
    responses((status = 200, body = DeletedChildrenAnswer), (status = 401, body = ErrorBody)))]
pub async fn list_deleted(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<DeletedChildrenAnswer>> {
    let families: Vec<String> = families::memberships(&state, &auth.id)
        .await?
        .iter()
        .filter(|m| m.can_edit())
        .map(|m| m.familia_id.clone())
        .collect();
    let children = hijo::Entity::find()
        .filter(hijo::Column::FamiliaId.is_in(families))
        .filter(hijo::Column::EliminadoAt.gt(Utc::now() - restore_window()))
        .order_by_desc(hijo::Column::EliminadoAt)
        .all(&state.db)
        .await?;
    let deleters = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(children.iter().filter_map(|c| c.eliminado_por.clone())))
        .all(&state.db)
        .await?;
    let data = children
        .into_iter()
        .filter_map(|child| {
            let eliminado_at = child.eliminado_at?;
            let by_id = child.eliminado_por.clone().unwrap_or_default();
            let by = deleters.iter().find(|u| u.id == by_id);
            Some(DeletedChildView {
                foto: child
                    .miniatura_key
                    .as_deref()
                    .map(|k| state.storage.signed_link(k, &auth.id)),
                eliminado_por: DeletedBy {
                    nombre: by.map(|u| u.nombre.clone()).unwrap_or_default(),
                    apellido: by.map(|u| u.apellido.clone()).unwrap_or_default(),
                    id: by_id,
                },
                purga_at: purge_at(eliminado_at),
                eliminado_at,
                id: child.id,
                familia_id: child.familia_id,
                nombre: child.nombre,
                apellido: child.apellido,
            })
        })
        .collect();
    Ok(Json(DeletedChildrenAnswer {
        success: true,
        data,
    }))
}

/// Bring back a deleted child's record, whole (lists, medical information, photo), within 30
/// days of its deletion. Any co-parent of the family may; a viewer may not.
#[utoipa::path(post, path = "/hijos/{id}/restaurar", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ChildAnswer),
        (status = 403, description = "a viewer may not restore it", body = ErrorBody),
        (status = 404, description = "not deleted, past its 30 days, or not of the caller's families", body = ErrorBody),
    ))]
pub async fn restore_child(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ChildAnswer>> {
    let child = hijo::Entity::find_by_id(id)
        .filter(hijo::Column::EliminadoAt.gt(Utc::now() - restore_window()))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let memberships = families::memberships(&state, &auth.id).await?;
    let membership = memberships
        .iter()
        .find(|m| m.familia_id == child.familia_id)
        .ok_or_else(ApiError::not_found)?;
    if !membership.can_edit() {
        return Err(ApiError::forbidden());
    }
    let mut active = child.into_active_model();
    active.eliminado_at = Set(None);
    active.eliminado_por = Set(None);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    let child = active.update(&txn).await?;
    record_acts::restored(&txn, &child, &auth.id).await?;
    let wake = super::tell_members(&txn, &child, &auth.user, CHILD_RESTORED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(&state, child, &auth.id).await
}

/// Erases for good the records deleted more than 30 days before `now`, with their lists (the
/// foreign keys cascade) and photos; answers how many. Run by the periodic jobs.
pub async fn purge_due(state: &AppState, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let due = hijo::Entity::find()
        .filter(hijo::Column::EliminadoAt.lte(now - restore_window()))
        .all(&state.db)
        .await?;
    let mut erased = 0;
    for child in due {
        let files: Vec<String> = [child.foto_key.clone(), child.miniatura_key.clone()]
            .into_iter()
            .flatten()
            .collect();
        // The files go after the commit, noted with it in case of a crash in between.
        let txn = state.db.begin().await?;
        let purged = hijo::Entity::delete_many()
            .filter(hijo::Column::Id.eq(&child.id))
            .filter(hijo::Column::EliminadoAt.lte(now - restore_window()))
            .exec(&txn)
            .await?
            .rows_affected;
        let mut wake = Wake::none();
        if purged > 0 {
            record_acts::purged(&txn, &child).await?;
            // The list of deleted records changed.
            wake = super::publish_change(&txn, &child).await?;
        }
        erased += purged;
        crate::platform::pending::note(&txn, state, &files).await?;
        txn.commit().await?;
        state.wake(wake);
        photo::after_change(state, &[], &files).await;
    }
    if erased > 0 {
        // A child's medical notes must not stay readable in the write-ahead log either.
        crate::db::after_erasure(&state.db).await?;
    }
    Ok(erased)
}
