//! Who reaches what of a family, and what they are told when they may not. Every domain takes its
//! access from here: the extractors `FamilyMember`, `Reads<S>`, `Changes<S>` and `FamilyAdmin` for
//! a family named in the path, `reach` for one named in a body or found through a thing.
//!
//! The one status policy (docs/architecture.md, "Access"):
//! - 404 when the thing is not in the caller's view: they are not a member of its family, the
//!   domain does not show it to their permission (`Scope::sees`), or it does not exist. All three
//!   answer alike, so that no id can be probed.
//! - 403 when they see it but the act is not theirs: a viewer changing what they read, a member
//!   doing an admin's act.
//!
//! A professional with an active access (`professionals::lens`) is not a member: they reach a
//! domain only if its area is in their scope, only on the routes the domain opens to them
//! (`Need::Look`, which apply the lens), and never to change anything (403).

use std::{collections::HashMap, marker::PhantomData, ops::Deref};

use axum::{
    extract::{FromRequestParts, Path},
    http::request,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait,
};

use super::{
    entities::{familia, miembro},
    professionals::{
        input::Area,
        lens::{self, Lens},
    },
};
use crate::{
    closed_set,
    error::{ApiError, ApiResult},
    ids::{FamilyId, UserId},
    request::AuthUser,
    state::AppState,
    vocabulary::ClosedSet,
};

closed_set! {
    /// What a member may do: co-parents change the family's records, viewers only read.
    pub enum Permission {
        Coparent = "coparent",
        Viewer = "viewer",
    }
}

impl Permission {
    /// The permissions that change a family's records, as a query filters on them.
    pub const EDITORS: [Permission; 1] = [Permission::Coparent];

    pub fn edits(self) -> bool {
        Self::EDITORS.contains(&self)
    }

    /// A stored value no version wrote reads as the lesser permission, never as more.
    pub fn of(member: &miembro::Model) -> Permission {
        Self::from_wire(&member.permiso).unwrap_or(Permission::Viewer)
    }
}

/// Whether a member changes the family's records.
pub fn can_edit(member: &miembro::Model) -> bool {
    Permission::of(member).edits()
}

/// The family's co-parents, in the order they joined (which settles ties when splitting).
pub async fn coparents(db: &impl ConnectionTrait, familia_id: &str) -> Result<Vec<String>, DbErr> {
    miembro::Entity::find()
        .select_only()
        .column(miembro::Column::UsuarioId)
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::Permiso.is_in(Permission::EDITORS))
        .order_by_asc(miembro::Column::CreatedAt)
        .order_by_asc(miembro::Column::Id)
        .into_tuple::<String>()
        .all(db)
        .await
}

/// A domain's scope rule: what it shows, and lets change, to each permission. A new role is a
/// new `Permission` and one answer in each domain's `Scope`, never a change to a handler.
pub trait Scope: Send + Sync + 'static {
    /// Whether the domain's things exist at all for a member with this permission.
    fn sees(permission: Permission) -> bool;

    /// Whether such a member changes them.
    fn changes(permission: Permission) -> bool {
        Self::sees(permission) && permission.edits()
    }

    /// The area of a professional's scope it belongs to; None for what no professional reads.
    const AREA: Option<Area> = None;
}

/// The family itself and what every member reads: its name, its members, its record.
pub struct Whole;

impl Scope for Whole {
    fn sees(_: Permission) -> bool {
        true
    }
}

/// What the caller means to do with what they reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Read, as members do.
    Read,
    /// Read, on a route that applies a professional's lens: members and, within their scope,
    /// professionals.
    Look,
    Change,
}

/// The policy, given the caller's membership (or its absence): their permission, 404 or 403.
pub fn judge<S: Scope>(me: Option<&miembro::Model>, need: Need) -> ApiResult<Permission> {
    let permission = me.map(Permission::of).filter(|p| S::sees(*p));
    match (permission, need) {
        (None, _) => Err(ApiError::not_found()),
        (Some(p), Need::Change) if !S::changes(p) => Err(ApiError::forbidden()),
        (Some(p), _) => Ok(p),
    }
}

/// The policy for a professional: an area outside their scope does not exist for them (404);
/// within it they read on the routes that apply their lens, and anything else there is not
/// theirs to do (403).
pub fn judge_lens<S: Scope>(lens: &Lens, need: Need) -> ApiResult<()> {
    match (S::AREA.filter(|area| lens.covers(*area)), need) {
        (None, _) => Err(ApiError::not_found()),
        (Some(_), Need::Look) => Ok(()),
        (Some(_), Need::Read | Need::Change) => Err(ApiError::forbidden()),
    }
}

/// The user's membership of a family, if they are a member. For the rare reader that applies a
/// rule of its own to it (a document's visibility); everyone else asks `reach`.
pub async fn membership(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> Result<Option<miembro::Model>, DbErr> {
    miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .one(db)
        .await
}

/// A family reached by its member, with their membership; or by a professional, with their lens
/// and the membership whose view they read (see `viewpoint`).
pub struct Reached {
    pub family: familia::Model,
    pub me: miembro::Model,
    pub lens: Option<Lens>,
}

/// The family `familia_id` as `usuario_id` reaches it in domain `S` for `need`, or the policy's
/// 404 or 403.
pub async fn reach<S: Scope>(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    need: Need,
) -> ApiResult<Reached> {
    let me = membership(db, familia_id, usuario_id).await?;
    if me.is_none() && S::AREA.is_some() {
        return reach_as_professional::<S>(db, familia_id, usuario_id, need).await;
    }
    judge::<S>(me.as_ref(), need)?;
    let family = familia::Entity::find_by_id(familia_id.as_str())
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Reached {
        family,
        me: me.ok_or_else(ApiError::not_found)?,
        lens: None,
    })
}

async fn reach_as_professional<S: Scope>(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    need: Need,
) -> ApiResult<Reached> {
    let family = familia::Entity::find_by_id(familia_id.as_str())
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let coparents = coparents(db, &family.id).await?;
    let lens = lens::active(db, &family, usuario_id, &coparents)
        .await?
        .ok_or_else(ApiError::not_found)?;
    judge_lens::<S>(&lens, need)?;
    let me = viewpoint(db, &family, usuario_id, &lens).await?;
    Ok(Reached {
        family,
        me,
        lens: Some(lens),
    })
}

/// The membership whose view a professional reads: their grantor's (never as an admin) for a
/// parent's own; for a family's, one of their own that reads what co-parents read, so that what
/// is kept to its author (a private event, a private document) is never theirs.
pub async fn viewpoint(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    professional: &UserId,
    lens: &Lens,
) -> ApiResult<miembro::Model> {
    if let Some(grantor) = lens.grantor.as_deref().filter(|_| !lens.shared_only()) {
        let mut row = membership(db, &FamilyId::new(&family.id), &UserId::new(grantor))
            .await?
            .ok_or_else(ApiError::not_found)?;
        row.es_admin = false;
        return Ok(row);
    }
    let now = chrono::Utc::now();
    Ok(miembro::Model {
        id: lens.access_id.clone(),
        familia_id: family.id.clone(),
        usuario_id: professional.to_string(),
        relacion: "otro".into(),
        permiso: Permission::Coparent.wire().into(),
        es_admin: false,
        created_at: now,
        updated_at: now,
    })
}

/// `reach` for a read that applies a professional's lens, noting a professional's reading of
/// the area (once a day, `lens::note_reading`).
pub async fn look<S: Scope>(
    state: &AppState,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> ApiResult<Reached> {
    let reached = reach::<S>(&state.db, familia_id, usuario_id, Need::Look).await?;
    note_look::<S>(state, &reached, usuario_id).await?;
    Ok(reached)
}

/// Notes a professional's reading of domain `S` in a family they reached (nothing for a member).
pub async fn note_look<S: Scope>(
    state: &AppState,
    reached: &Reached,
    usuario_id: &UserId,
) -> ApiResult<()> {
    let (Some(lens), Some(area)) = (&reached.lens, S::AREA) else {
        return Ok(());
    };
    let noted = state.part::<lens::Noted>();
    let (key, already) = noted.check(lens, area);
    if already {
        return Ok(());
    }
    let generation = noted.generation();
    let txn = state.db.begin().await?;
    lens::note_reading(&txn, &reached.family.id, lens, usuario_id.as_str(), area).await?;
    txn.commit().await?;
    noted.remember(generation, key);
    Ok(())
}

/// A family the caller belongs to, resolved from the `{id}` of the path, with their membership.
/// Anyone else is told the family does not exist.
pub struct FamilyMember {
    pub auth: AuthUser,
    pub family: familia::Model,
    pub me: miembro::Model,
}

impl FamilyMember {
    pub fn permission(&self) -> Permission {
        Permission::of(&self.me)
    }

    /// The family's id, typed.
    pub fn family_id(&self) -> FamilyId {
        FamilyId::new(&self.family.id)
    }

    async fn from_path<S: Scope>(
        parts: &mut request::Parts,
        state: &AppState,
        need: Need,
    ) -> ApiResult<FamilyMember> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::not_found())?;
        let id = FamilyId::new(params.get("id").ok_or_else(ApiError::not_found)?.as_str());
        let Reached { family, me, .. } = reach::<S>(&state.db, &id, &auth.id, need).await?;
        Ok(FamilyMember { auth, family, me })
    }
}

impl FromRequestParts<AppState> for FamilyMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut request::Parts, state: &AppState) -> ApiResult<Self> {
        FamilyMember::from_path::<Whole>(parts, state, Need::Read).await
    }
}

/// The path's family, for a member who sees domain `S` in it.
pub struct Reads<S: Scope>(FamilyMember, PhantomData<S>);

/// The path's family, for a member who changes domain `S` in it.
pub struct Changes<S: Scope>(FamilyMember, PhantomData<S>);

impl<S: Scope> FromRequestParts<AppState> for Reads<S> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut request::Parts, state: &AppState) -> ApiResult<Self> {
        let member = FamilyMember::from_path::<S>(parts, state, Need::Read).await?;
        Ok(Reads(member, PhantomData))
    }
}

impl<S: Scope> FromRequestParts<AppState> for Changes<S> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut request::Parts, state: &AppState) -> ApiResult<Self> {
        let member = FamilyMember::from_path::<S>(parts, state, Need::Change).await?;
        Ok(Changes(member, PhantomData))
    }
}

impl<S: Scope> Reads<S> {
    pub fn into_member(self) -> FamilyMember {
        self.0
    }
}

impl<S: Scope> Changes<S> {
    pub fn into_member(self) -> FamilyMember {
        self.0
    }
}

impl<S: Scope> Deref for Reads<S> {
    type Target = FamilyMember;

    fn deref(&self) -> &FamilyMember {
        &self.0
    }
}

impl<S: Scope> Deref for Changes<S> {
    type Target = FamilyMember;

    fn deref(&self) -> &FamilyMember {
        &self.0
    }
}

/// A family the caller administers; other members get 403.
pub struct FamilyAdmin(pub FamilyMember);

impl FromRequestParts<AppState> for FamilyAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut request::Parts, state: &AppState) -> ApiResult<Self> {
        let member = FamilyMember::from_request_parts(parts, state).await?;
        if !member.me.es_admin {
            return Err(ApiError::forbidden());
        }
        Ok(FamilyAdmin(member))
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;

    struct CoParentsOnly;

    impl Scope for CoParentsOnly {
        fn sees(permission: Permission) -> bool {
            permission.edits()
        }
    }

    fn member(permiso: &str) -> miembro::Model {
        miembro::Model {
            id: "m".into(),
            familia_id: "f".into(),
            usuario_id: "u".into(),
            relacion: "otro".into(),
            permiso: permiso.into(),
            es_admin: false,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn status<T>(answer: ApiResult<T>) -> u16 {
        answer.err().map_or(200, |e| e.status().as_u16())
    }

    #[test]
    fn strangers_and_the_unseen_get_404_and_the_seen_but_not_theirs_403() {
        let viewer = member("viewer");
        let coparent = member("coparent");
        let unknown = member("superuser");
        for need in [Need::Read, Need::Change] {
            assert_eq!(status(judge::<Whole>(None, need)), 404);
            assert_eq!(status(judge::<CoParentsOnly>(None, need)), 404);
            assert_eq!(status(judge::<CoParentsOnly>(Some(&viewer), need)), 404);
            assert_eq!(status(judge::<Whole>(Some(&coparent), need)), 200);
            assert_eq!(status(judge::<CoParentsOnly>(Some(&coparent), need)), 200);
        }
        assert_eq!(status(judge::<Whole>(Some(&viewer), Need::Read)), 200);
        assert_eq!(status(judge::<Whole>(Some(&viewer), Need::Change)), 403);
        // A permission no version wrote is a viewer's, never more.
        assert_eq!(status(judge::<Whole>(Some(&unknown), Need::Change)), 403);
        assert_eq!(
            status(judge::<CoParentsOnly>(Some(&unknown), Need::Read)),
            404
        );
    }
}
