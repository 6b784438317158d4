//! Who may see or change a document. `familia`: every member of its family; `coprogenitores`:
//! the family's co-parents; `privado`: its uploader alone. Only co-parents change documents.
//! Anyone who may not see one is told it does not exist.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::{
    entities::{documento, documento_hijo},
    vocabulary::Visibility,
};
use crate::{
    error::{ApiError, ApiResult},
    families::{
        self, Permission, Scope,
        entities::miembro,
        professionals::{input::Area, lens::Lens},
        record::Audience,
    },
    i18n::Msg,
    ids::{FamilyId, UserId},
    vocabulary::ClosedSet,
};

/// Documents' scope rule for reaching a family: every member (each document then has its own
/// visibility), and a professional whose scope holds them.
pub struct Documents;

impl Scope for Documents {
    fn sees(_: Permission) -> bool {
        true
    }

    const AREA: Option<Area> = Some(Area::Documents);
}

/// Whether a professional's lens leaves a document: uploaded in its period, about its children
/// or about none in particular.
pub async fn within(
    db: &impl ConnectionTrait,
    doc: &documento::Model,
    lens: &Lens,
) -> Result<bool, DbErr> {
    if !lens.moment(doc.created_at) {
        return Ok(false);
    }
    let about: Vec<String> = documento_hijo::Entity::find()
        .filter(documento_hijo::Column::DocumentoId.eq(&doc.id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.hijo_id)
        .collect();
    Ok(lens.any_child(about.iter().map(String::as_str)))
}

pub const RESTORE_DAYS: i64 = 30;

/// The moment a document deleted at `deleted_at` is erased for good.
pub fn purge_at(deleted_at: DateTime<Utc>) -> DateTime<Utc> {
    deleted_at + Duration::days(RESTORE_DAYS)
}

pub fn not_found() -> ApiError {
    ApiError::new(axum::http::StatusCode::NOT_FOUND, Msg::DocumentNotFound)
}

/// Whether a member of the document's family may see it.
pub fn can_see(doc: &documento::Model, member: &miembro::Model) -> bool {
    match Visibility::of(&doc.visibilidad) {
        Visibility::Family => true,
        Visibility::CoParents => families::can_edit(member),
        Visibility::Private => doc.subido_por.as_deref() == Some(member.usuario_id.as_str()),
    }
}

/// Who reads the content (its title) of the record's entries about the document, by `can_see`'s
/// rule as it stands when the act is written: a private document's uploader (no one once their
/// account is gone), the co-parents (judged when read), or the whole family.
pub fn record_audience(doc: &documento::Model) -> Audience {
    match Visibility::of(&doc.visibilidad) {
        Visibility::Family => Audience::Family,
        Visibility::CoParents => Audience::CoParents,
        Visibility::Private => Audience::Users(doc.subido_por.iter().cloned().collect()),
    }
}

/// Whether a member may change it: a co-parent who may see it.
pub fn can_change(doc: &documento::Model, member: &miembro::Model) -> bool {
    can_see(doc, member) && families::can_edit(member)
}

/// Whether a deleted document can still be brought back at `now`.
pub fn restorable(doc: &documento::Model, now: DateTime<Utc>) -> bool {
    doc.eliminado_at.is_some_and(|at| purge_at(at) > now)
}

/// A document with the caller's membership of its family.
pub struct Found {
    pub doc: documento::Model,
    pub member: miembro::Model,
}

impl Found {
    pub fn can_change(&self) -> bool {
        can_change(&self.doc, &self.member)
    }
}

/// What the caller asks to do with a document.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Read it: a live document, or a deleted one still restorable by a caller who may restore it.
    Read,
    /// Change a live document (a viewer who sees it gets 403).
    Change,
    /// Restore a deleted one.
    Restore,
}

/// The document `id` as the caller may use it for `need`; 404 for anyone who may not see it.
pub async fn find(
    db: &impl ConnectionTrait,
    id: &str,
    usuario_id: &UserId,
    need: Need,
) -> ApiResult<Found> {
    let doc = documento::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(not_found)?;
    let familia_id = FamilyId::new(&doc.familia_id);
    let member = match families::membership(db, &familia_id, usuario_id).await? {
        Some(member) => member,
        None => return through_lens(db, doc, usuario_id, need).await,
    };
    if !can_see(&doc, &member) {
        return Err(not_found());
    }
    let found = Found { doc, member };
    let now = Utc::now();
    let deleted = found.doc.eliminado_at.is_some();
    let may_restore = found.can_change() && restorable(&found.doc, now);
    match need {
        Need::Read if deleted && !may_restore => Err(not_found()),
        Need::Change if deleted => Err(not_found()),
        Need::Restore if !deleted || !restorable(&found.doc, now) => Err(not_found()),
        Need::Change | Need::Restore if !found.can_change() => Err(forbidden()),
        _ => Ok(found),
    }
}

/// A document as a professional reaches it: read, live and within their lens, as their
/// viewpoint sees it; anything else they may do with one they see is refused (403).
async fn through_lens(
    db: &impl ConnectionTrait,
    doc: documento::Model,
    usuario_id: &UserId,
    need: Need,
) -> ApiResult<Found> {
    let familia_id = FamilyId::new(&doc.familia_id);
    let asked = match need {
        Need::Read => families::Need::Look,
        Need::Change | Need::Restore => families::Need::Change,
    };
    let reached = families::reach::<Documents>(db, &familia_id, usuario_id, asked)
        .await
        .map_err(|refused| match refused.status().as_u16() {
            403 => forbidden(),
            _ => not_found(),
        })?;
    let lens = reached.lens.as_ref().ok_or_else(not_found)?;
    if doc.eliminado_at.is_some() || !can_see(&doc, &reached.me) || !within(db, &doc, lens).await? {
        return Err(not_found());
    }
    // What they see is never theirs to change: the views say so.
    let mut member = reached.me;
    member.permiso = Permission::Viewer.wire().into();
    Ok(Found { doc, member })
}

pub fn forbidden() -> ApiError {
    ApiError::new(axum::http::StatusCode::FORBIDDEN, Msg::DocumentForbidden)
}

/// The members of a family who may see this document.
pub async fn viewers(db: &impl ConnectionTrait, doc: &documento::Model) -> ApiResult<Vec<String>> {
    Ok(miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&doc.familia_id))
        .all(db)
        .await?
        .into_iter()
        .filter(|m| can_see(doc, m))
        .map(|m| m.usuario_id)
        .collect())
}
