//! Who takes part in a family's money: its co-parents (`Money`, the scope rule every money
//! route reaches its family through).

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::families::{Permission, Scope, entities::miembro};

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

/// Money's scope rule: a family's money exists for its co-parents alone. To a viewer, as to a
/// stranger, the family's expenses, payments and agreements do not exist (404): amounts are
/// nobody else's business.
pub struct Money;

impl Scope for Money {
    fn sees(permission: Permission) -> bool {
        permission.edits()
    }
}
