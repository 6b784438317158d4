use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "usuarios")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    #[sea_orm(unique)]
    pub email: String,
    pub telefono: Option<String>,
    pub foto: Option<String>,
    pub language: String,
    pub password_hash: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::sesion::Entity")]
    Sesion,
}

impl Related<super::sesion::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Sesion.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
