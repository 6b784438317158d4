use sea_orm::entity::prelude::*;

/// A user's place in a family: their relation to the children and what they may do.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "miembros")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub familia_id: String,
    pub usuario_id: String,
    pub relacion: String,
    pub permiso: String,
    pub es_admin: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
