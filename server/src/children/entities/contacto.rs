use sea_orm::entity::prelude::*;

/// An emergency contact; priority 1 is called first.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contactos_emergencia")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub hijo_id: String,
    pub nombre: String,
    pub relacion: String,
    pub telefono: String,
    pub email: Option<String>,
    pub prioridad: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
