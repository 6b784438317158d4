use sea_orm::entity::prelude::*;

/// `usuario_id` blocked `bloqueado_id`: the blocked user cannot invite them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bloqueos")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub usuario_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub bloqueado_id: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
