//! Who sees and who changes an event: the members of its family (viewers read, co-parents
//! write); a private event exists only for its author. To anyone else it does not exist (404).

use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::entities::evento;
use crate::{
    calendar::access::Calendar,
    error::{ApiError, ApiResult},
    families::{
        self, Need, Reached,
        entities::{familia, miembro},
        reach,
        record::Audience,
    },
    ids::{FamilyId, UserId},
};

/// The caller's membership of a family; 404 when they are not a member.
pub async fn member(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> ApiResult<(familia::Model, miembro::Model)> {
    let Reached { family, me, .. } =
        reach::<Calendar>(db, familia_id, usuario_id, Need::Read).await?;
    Ok((family, me))
}

/// As `member`, for a change: a viewer gets 403.
pub async fn editor(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> ApiResult<familia::Model> {
    Ok(reach::<Calendar>(db, familia_id, usuario_id, Need::Change)
        .await?
        .family)
}

/// Events `usuario_id` may see: not private, or theirs.
pub fn visible_to(usuario_id: &str) -> Condition {
    Condition::any()
        .add(evento::Column::Privado.eq(false))
        .add(evento::Column::AutorId.eq(usuario_id))
}

/// The event if the caller sees it; 404 otherwise.
pub async fn readable(
    db: &impl ConnectionTrait,
    evento_id: &str,
    usuario_id: &UserId,
) -> ApiResult<evento::Model> {
    let row = evento::Entity::find_by_id(evento_id)
        .filter(visible_to(usuario_id))
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    member(db, &FamilyId::new(&row.familia_id), usuario_id).await?;
    Ok(row)
}

/// The event if the caller may change it: 404 if they do not see it, 403 for a viewer.
pub async fn writable(
    db: &impl ConnectionTrait,
    evento_id: &str,
    usuario_id: &UserId,
) -> ApiResult<(evento::Model, familia::Model)> {
    let row = readable(db, evento_id, usuario_id).await?;
    let family = editor(db, &FamilyId::new(&row.familia_id), usuario_id).await?;
    Ok((row, family))
}

/// Who reads the content of the record's entries about the event, by the same rule: its author
/// alone if private (no one, once the author's account is gone), every member otherwise.
pub fn record_audience(row: &evento::Model) -> Audience {
    if row.privado {
        Audience::Users(row.autor_id.iter().cloned().collect())
    } else {
        Audience::Family
    }
}

/// Who sees the event: its author alone if private, every member otherwise.
pub async fn audience(
    db: &impl ConnectionTrait,
    row: &evento::Model,
) -> Result<Vec<String>, DbErr> {
    if row.privado {
        return Ok(row.autor_id.iter().cloned().collect());
    }
    families::member_ids(db, &row.familia_id).await
}
