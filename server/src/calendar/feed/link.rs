//! `/api/calendario/enlace`: the signed-in user's feed link. Only the token's hash is kept, so
//! the link itself is shown once, when it is made; making it again replaces the old token at
//! once, and deleting it ends the feed.

use axum::{extract::State, http::StatusCode};
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, sea_query::OnConflict};
use serde::Serialize;
use utoipa::ToSchema;

use super::entities::enlace;
use crate::{
    error::{ApiResult, ErrorBody},
    ids,
    request::{AuthUser, Json},
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    /// Since when the current link works.
    pub created_at: DateTime<Utc>,
    /// `https://…/api/calendario/<token>.ics`: only in the answer that made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The same link as `webcal://`, which calendar apps open to subscribe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webcal: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LinkAnswer {
    pub success: bool,
    /// Null while the user has no link.
    pub data: Option<LinkView>,
}

/// Whether the caller has a feed link, and since when (the link itself is shown only when made).
#[utoipa::path(get, path = "/calendario/enlace", tag = "calendar", security(("bearer" = [])),
    responses(
        (status = 200, body = LinkAnswer),
        (status = 401, body = ErrorBody),
    ))]
pub async fn get_link(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<LinkAnswer>> {
    let row = enlace::Entity::find_by_id(auth.id.as_str())
        .one(&state.db)
        .await?;
    Ok(Json(LinkAnswer {
        success: true,
        data: row.map(|r| LinkView {
            created_at: r.created_at,
            url: None,
            webcal: None,
        }),
    }))
}

/// Makes the caller's feed link, or a new one: the old link stops working at once.
#[utoipa::path(post, path = "/calendario/enlace", tag = "calendar", security(("bearer" = [])),
    responses(
        (status = 201, body = LinkAnswer),
        (status = 401, body = ErrorBody),
    ))]
pub async fn make_link(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<(StatusCode, Json<LinkAnswer>)> {
    let token = ids::new_secret();
    let now = Utc::now();
    enlace::Entity::insert(enlace::ActiveModel {
        usuario_id: Set(auth.user.id.clone()),
        token_hash: Set(ids::hash_secret(&token)),
        created_at: Set(now),
    })
    .on_conflict(
        OnConflict::column(enlace::Column::UsuarioId)
            .update_columns([enlace::Column::TokenHash, enlace::Column::CreatedAt])
            .to_owned(),
    )
    .exec_without_returning(&state.db)
    .await?;
    let base = state.config.public_url.as_str().trim_end_matches('/');
    let url = format!("{base}/api/calendario/{token}.ics");
    let webcal = match url.split_once("://") {
        Some((_, rest)) => format!("webcal://{rest}"),
        None => url.clone(),
    };
    Ok((
        StatusCode::CREATED,
        Json(LinkAnswer {
            success: true,
            data: Some(LinkView {
                created_at: now,
                url: Some(url),
                webcal: Some(webcal),
            }),
        }),
    ))
}

/// Ends the caller's feed link (nothing to end is fine).
#[utoipa::path(delete, path = "/calendario/enlace", tag = "calendar", security(("bearer" = [])),
    responses(
        (status = 200, body = LinkAnswer),
        (status = 401, body = ErrorBody),
    ))]
pub async fn delete_link(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<LinkAnswer>> {
    enlace::Entity::delete_many()
        .filter(enlace::Column::UsuarioId.eq(&auth.id))
        .exec(&state.db)
        .await?;
    Ok(Json(LinkAnswer {
        success: true,
        data: None,
    }))
}
