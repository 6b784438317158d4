//! Who may see or change a child: members of the child's family, and only co-parents may change.
//! Everyone else is told the child does not exist.

use std::collections::HashMap;

use axum::{
    extract::{FromRequestParts, Path},
    http::request::Parts,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Query};

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
    let child = visible_child(state, id, &auth.user.id, write).await?;
    let child = match (child, write) {
        (Some(child), _) => child,
        // Distinguish a viewer trying to change (403) from a stranger (404), only on failure.
        (None, true)
            if visible_child(state, id, &auth.user.id, false)
                .await?
                .is_some() =>
        {
            return Err(ApiError::forbidden());
        }
        (None, _) => return Err(ApiError::not_found()),
    };
    Ok((auth, child))
}

/// The child with this id if the user belongs to its family (as a co-parent when `editing`):
/// one query, the membership as a subquery.
async fn visible_child(
    state: &AppState,
    id: &str,
    usuario_id: &str,
    editing: bool,
) -> ApiResult<Option<hijo::Model>> {
    let mut families = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::UsuarioId.eq(usuario_id))
        .to_owned();
    if editing {
        families.and_where(miembro::Column::Permiso.is_in(families::EDITING_PERMISSIONS));
    }
    Ok(hijo::Entity::find_by_id(id)
        .filter(hijo::Column::FamiliaId.in_subquery(families))
        .one(&state.db)
        .await?)
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
