//! Who reaches an expense: the co-parents of its family, everyone else a 404.

use sea_orm::{ConnectionTrait, EntityTrait};

use crate::{
    error::{ApiError, ApiResult},
    families::entities::familia,
    money::{access::family_of_coparent, entities::gasto},
};

/// The expense, if the caller is a co-parent of its family; 404 otherwise.
pub async fn visible(
    db: &impl ConnectionTrait,
    gasto_id: &str,
    usuario_id: &str,
) -> ApiResult<(gasto::Model, familia::Model)> {
    let row = gasto::Entity::find_by_id(gasto_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let family = family_of_coparent(db, &row.familia_id, usuario_id).await?;
    Ok((row, family))
}
