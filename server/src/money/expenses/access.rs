//! Who reaches an expense: the co-parents of its family, everyone else a 404.

use sea_orm::{ConnectionTrait, EntityTrait};

use crate::families::{Need, reach};
use crate::{
    error::{ApiError, ApiResult},
    families::entities::familia,
    ids::{FamilyId, UserId},
    money::{access::Money, entities::gasto},
};

/// The expense, if the caller is a co-parent of its family; 404 otherwise.
pub async fn visible(
    db: &impl ConnectionTrait,
    gasto_id: &str,
    usuario_id: &UserId,
) -> ApiResult<(gasto::Model, familia::Model)> {
    let row = gasto::Entity::find_by_id(gasto_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let family = reach::<Money>(db, &FamilyId::new(&row.familia_id), usuario_id, Need::Read)
        .await?
        .family;
    Ok((row, family))
}
