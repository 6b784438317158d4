//! Who may see or change a child: members of the child's family, and only co-parents may change.
//! Everyone else is told the child does not exist.

use std::collections::HashMap;

use axum::{
    extract::{FromRequestParts, Path},
    http::request::Parts,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::entities::hijo;
use crate::{
    accounts::AuthUser,
    error::{ApiError, ApiResult},
    families::{self, entities::miembro},
    state::AppState,
};

/// A child the caller may read, resolved from the `{id}` of the path.
pub struct ReadChild {
    pub auth: AuthUser,
    pub child: hijo::Model,
}

/// A child the caller may change.
pub struct WriteChild {
    pub auth: AuthUser,
    pub child: hijo::Model,
}

async fn resolve(
    parts: &mut Parts,
    state: &AppState,
    write: bool,
) -> ApiResult<(AuthUser, hijo::Model)> {
    let auth = AuthUser::from_request_parts(parts, state).await?;
    let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
        .await
        .map_err(|_| ApiError::not_found())?;
    let id = params.get("id").ok_or_else(ApiError::not_found)?;
    let child = hijo::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let member = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&child.familia_id))
        .filter(miembro::Column::UsuarioId.eq(&auth.user.id))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if write && !families::can_edit(&member) {
        return Err(ApiError::forbidden());
    }
    Ok((auth, child))
}

impl FromRequestParts<AppState> for ReadChild {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let (auth, child) = resolve(parts, state, false).await?;
        Ok(ReadChild { auth, child })
    }
}

impl FromRequestParts<AppState> for WriteChild {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let (auth, child) = resolve(parts, state, true).await?;
        Ok(WriteChild { auth, child })
    }
}
