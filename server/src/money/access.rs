//! Who takes part in a family's money: its co-parents. A viewer or a stranger is answered as if
//! the family, the expense or the payment did not exist (404), as amounts are nobody else's
//! business.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::{
    error::{ApiError, ApiResult},
    families::{
        self, FamilyMember,
        entities::{familia, miembro},
    },
};

/// The family's co-parents, in the order they joined (which settles ties when splitting).
pub async fn coparents(db: &impl ConnectionTrait, familia_id: &str) -> Result<Vec<String>, DbErr> {
    miembro::Entity::find()
        .select_only()
        .column(miembro::Column::UsuarioId)
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::Permiso.is_in(families::EDITING_PERMISSIONS))
        .order_by_asc(miembro::Column::CreatedAt)
        .order_by_asc(miembro::Column::Id)
        .into_tuple::<String>()
        .all(db)
        .await
}

/// The family, when `usuario_id` is one of its co-parents; 404 otherwise.
pub async fn family_of_coparent(
    db: &impl ConnectionTrait,
    familia_id: &str,
    usuario_id: &str,
) -> ApiResult<familia::Model> {
    let member = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if !families::can_edit(&member) {
        return Err(ApiError::not_found());
    }
    familia::Entity::find_by_id(familia_id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// For the family's own routes: a member who is not a co-parent gets the stranger's 404.
pub fn require_coparent(access: &FamilyMember) -> ApiResult<()> {
    if families::can_edit(&access.me) {
        Ok(())
    } else {
        Err(ApiError::not_found())
    }
}
