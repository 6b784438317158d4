//! Who may see or change a child: members of the child's family, and only co-parents may change.
//! Everyone else is told the child does not exist.

use std::{collections::HashMap, sync::Arc};

use axum::{
    extract::{FromRequestParts, Path},
    http::request::Parts,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Query};

use super::{
    entities::hijo,
    records::{self, ChildRecord},
};
use crate::{
    error::{ApiError, ApiResult},
    families::{
        self, Need, Permission, Reached, Scope,
        entities::miembro,
        professionals::{input::Area, lens},
    },
    ids::{ChildId, FamilyId, UserId},
    request::AuthUser,
    state::AppState,
};

/// A child the caller may read, with its lists, resolved from the `{id}` of the path among the
/// children of the caller's families (kept in memory, see `records`).
pub struct ReadChild {
    pub auth: AuthUser,
    pub record: Arc<ChildRecord>,
}

/// A child the caller may change.
pub struct WriteChild {
    pub auth: AuthUser,
    pub child: hijo::Model,
}

async fn path_id(parts: &mut Parts, state: &AppState) -> ApiResult<ChildId> {
    let Path(mut params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
        .await
        .map_err(|_| ApiError::not_found())?;
    params
        .remove("id")
        .map(ChildId::new)
        .ok_or_else(ApiError::not_found)
}

async fn readable(
    state: &AppState,
    id: &ChildId,
    usuario_id: &UserId,
) -> ApiResult<Option<Arc<ChildRecord>>> {
    let theirs = records::visible_to(state, usuario_id)
        .await?
        .into_iter()
        .find(|r| r.child.id == id.as_str());
    if theirs.is_some() {
        return Ok(theirs);
    }
    Ok(through_lenses(state, usuario_id)
        .await?
        .into_iter()
        .find(|r| r.child.id == id.as_str()))
}

/// The children's scope rule for a professional: the area that lets them read the children in
/// their scope (members read every child of their families, `records::visible_to`).
pub struct Children;

impl Scope for Children {
    fn sees(_: Permission) -> bool {
        true
    }

    const AREA: Option<Area> = Some(Area::Children);
}

/// The children a professional reads: of each family whose access lets them read the children,
/// those in its scope. Their reading is noted (once a day).
pub async fn through_lenses(
    state: &AppState,
    usuario_id: &UserId,
) -> ApiResult<Vec<Arc<ChildRecord>>> {
    let mut found = Vec::new();
    for familia_id in lens::families_of(&state.db, usuario_id).await? {
        let familia_id = FamilyId::new(&familia_id);
        // A family they also belong to, or whose access does not hold the children, adds none.
        let Ok(Reached {
            lens: Some(lens), ..
        }) = families::reach::<Children>(&state.db, &familia_id, usuario_id, Need::Look).await
        else {
            continue;
        };
        let theirs: Vec<Arc<ChildRecord>> = records::of_family(state, &familia_id)
            .await?
            .into_iter()
            .filter(|r| lens.child(&r.child.id))
            .collect();
        if !theirs.is_empty() {
            families::look::<Children>(state, &familia_id, usuario_id).await?;
        }
        found.extend(theirs);
    }
    Ok(found)
}

/// The child with this id if the user is a co-parent of its family: one query, the membership
/// as a subquery.
async fn editable_child(
    state: &AppState,
    id: &ChildId,
    usuario_id: &UserId,
) -> ApiResult<Option<hijo::Model>> {
    let families = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::UsuarioId.eq(usuario_id))
        .and_where(miembro::Column::Permiso.is_in(families::Permission::EDITORS))
        .to_owned();
    Ok(hijo::Entity::find_by_id(id.as_str())
        .filter(hijo::Column::FamiliaId.in_subquery(families))
        .filter(hijo::Column::EliminadoAt.is_null())
        .one(&state.db)
        .await?)
}

/// Whether `usuario_id` may see the photo of child `hijo_id` as the children's routes show it:
/// any member of the child's family while the record is live, its co-parents while a deleted
/// record waits to be restored (the recently deleted list).
pub async fn may_see_photo(
    state: &AppState,
    hijo_id: &ChildId,
    usuario_id: &UserId,
) -> Result<bool, sea_orm::DbErr> {
    let Some(child) = hijo::Entity::find_by_id(hijo_id.as_str())
        .one(&state.db)
        .await?
    else {
        return Ok(false);
    };
    Ok(families::memberships(state, usuario_id)
        .await?
        .iter()
        .find(|m| m.familia_id == child.familia_id)
        .is_some_and(|m| child.eliminado_at.is_none() || m.can_edit()))
}

impl FromRequestParts<AppState> for ReadChild {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let id = path_id(parts, state).await?;
        let record = readable(state, &id, &auth.id)
            .await?
            .ok_or_else(ApiError::not_found)?;
        Ok(ReadChild { auth, record })
    }
}

impl FromRequestParts<AppState> for WriteChild {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let id = path_id(parts, state).await?;
        // Changes are checked against the database itself, never against a copy.
        if let Some(child) = editable_child(state, &id, &auth.id).await? {
            return Ok(WriteChild { auth, child });
        }
        // A viewer trying to change gets 403, a stranger 404.
        Err(match readable(state, &id, &auth.id).await? {
            Some(_) => ApiError::forbidden(),
            None => ApiError::not_found(),
        })
    }
}

/// A child whose family the caller co-parents; anyone else, a viewer too, is told it does not
/// exist (the emergency card's links are for parents only, and a viewer need not know of them).
pub struct CoParentChild {
    pub auth: AuthUser,
    pub child: hijo::Model,
}

impl FromRequestParts<AppState> for CoParentChild {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let id = path_id(parts, state).await?;
        let child = editable_child(state, &id, &auth.id)
            .await?
            .ok_or_else(ApiError::not_found)?;
        Ok(CoParentChild { auth, child })
    }
}
