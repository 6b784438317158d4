//! Blocking another user: someone the caller shares a family with, or who invited them. The
//! blocked user can no longer invite them (and, once there are messages, write to them). Blocking
//! never takes anyone's access to their children's records away.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait,
    sea_query::{OnConflict, Query},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entities::{bloqueo, invitacion, miembro};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::Msg,
    ids::UserId,
    notifications,
    request::{AuthUser, Done, Json},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_blocked, block))
        .routes(routes!(unblock))
}

/// Whether `usuario_id` blocked `other`.
pub async fn blocks(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    other: &str,
) -> Result<bool, sea_orm::DbErr> {
    Ok(
        bloqueo::Entity::find_by_id((usuario_id.to_owned(), other.to_owned()))
            .one(db)
            .await?
            .is_some(),
    )
}

/// Everyone `usuario_id` blocked.
pub async fn blocked_by(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<Vec<String>, sea_orm::DbErr> {
    bloqueo::Entity::find()
        .select_only()
        .column(bloqueo::Column::BloqueadoId)
        .filter(bloqueo::Column::UsuarioId.eq(usuario_id))
        .into_tuple()
        .all(db)
        .await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedView {
    /// The blocked user's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    /// A link to their profile photo that works for a while, or null.
    pub foto: Option<String>,
    pub bloqueado_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlockedAnswer {
    pub success: bool,
    pub data: Vec<BlockedView>,
}

/// The users the caller blocked, most recent first.
#[utoipa::path(get, path = "/usuarios/bloqueados", tag = "families",
    security(("bearer" = [])),
    responses((status = 200, body = BlockedAnswer), (status = 401, body = ErrorBody)))]
async fn list_blocked(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<BlockedAnswer>> {
    let rows = bloqueo::Entity::find()
        .filter(bloqueo::Column::UsuarioId.eq(&auth.id))
        .order_by_desc(bloqueo::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let users = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(rows.iter().map(|r| r.bloqueado_id.clone())))
        .all(&state.db)
        .await?;
    let data = rows
        .into_iter()
        .filter_map(|row| {
            let user = users.iter().find(|u| u.id == row.bloqueado_id)?;
            Some(BlockedView {
                id: user.id.clone(),
                nombre: user.nombre.clone(),
                apellido: user.apellido.clone(),
                foto: user
                    .foto
                    .as_deref()
                    .map(|k| state.storage.signed_link(k, &auth.id)),
                bloqueado_at: row.created_at,
            })
        })
        .collect();
    Ok(Json(BlockedAnswer {
        success: true,
        data,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRequest {
    #[schema(required = true, value_type = String, min_length = 1)]
    usuario_id: Option<String>,
}

/// Whether `other` is someone `usuario` knows through Nido: a member of one of their families,
/// or the sender of an invitation to them.
async fn knows(
    db: &impl ConnectionTrait,
    usuario: &usuario::Model,
    other: &str,
) -> Result<bool, sea_orm::DbErr> {
    let mine = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::UsuarioId.eq(&usuario.id))
        .to_owned();
    let shared = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(other))
        .filter(miembro::Column::FamiliaId.in_subquery(mine))
        .one(db)
        .await?;
    if shared.is_some() {
        return Ok(true);
    }
    let invited = invitacion::Entity::find()
        .filter(invitacion::Column::InvitadoPor.eq(other))
        .filter(
            Condition::any()
                .add(invitacion::Column::Email.eq(&usuario.email))
                .add(invitacion::Column::AceptadaPor.eq(&usuario.id)),
        )
        .one(db)
        .await?;
    Ok(invited.is_some())
}

/// Block someone the caller shares a family with or who invited them.
#[utoipa::path(post, path = "/usuarios/bloqueados", tag = "families",
    security(("bearer" = [])),
    request_body = BlockRequest,
    responses(
        (status = 201, body = Done),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not someone the caller knows through Nido", body = ErrorBody),
        (status = 422, description = "no user, or the caller themselves", body = ErrorBody),
    ))]
async fn block(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<BlockRequest>,
) -> ApiResult<(StatusCode, Json<Done>)> {
    let other = body
        .usuario_id
        .map(|id| id.trim().to_owned())
        .filter(|id| !id.is_empty());
    let mut errors = FieldErrors::default();
    match &other {
        None => errors.add("usuarioId", Msg::BlockUserRequired),
        Some(id) if *id == auth.user.id => errors.add("usuarioId", Msg::CannotBlockSelf),
        Some(_) => {}
    }
    errors.into_result()?;
    let Some(other) = other else {
        return Err(ApiError::internal("field check passed without values"));
    };
    if !knows(&state.db, &auth.user, &other).await? {
        return Err(ApiError::not_found());
    }
    let row = bloqueo::ActiveModel {
        usuario_id: sea_orm::Set(auth.user.id.clone()),
        bloqueado_id: sea_orm::Set(other.clone()),
        created_at: sea_orm::Set(Utc::now()),
    };
    let txn = state.db.begin().await?;
    // Blocking twice is the same as once.
    bloqueo::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([bloqueo::Column::UsuarioId, bloqueo::Column::BloqueadoId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    // What they caused before and is not read yet: its mail (still waiting, or in a summary)
    // must not carry their words from now on either.
    notifications::keep_in_app(&txn, &auth.id, &UserId::new(other)).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Done::new(Msg::UserBlocked)))
}

/// Unblock someone (unblocking someone not blocked changes nothing).
#[utoipa::path(delete, path = "/usuarios/bloqueados/{usuarioId}", tag = "families",
    security(("bearer" = [])),
    params(("usuarioId" = String, Path)),
    responses((status = 200, body = Done), (status = 401, body = ErrorBody)))]
async fn unblock(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(usuario_id): Path<String>,
) -> ApiResult<Json<Done>> {
    bloqueo::Entity::delete_by_id((auth.user.id.clone(), usuario_id))
        .exec(&state.db)
        .await?;
    Ok(Done::new(Msg::UserUnblocked))
}
