use sea_orm::entity::prelude::*;

/// A message sent through the public contact form; kept even when mail fails.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mensajes_contacto")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub nombre: String,
    pub email: String,
    pub asunto: String,
    pub mensaje: String,
    pub language: String,
    /// When the support address received it; `None` until then.
    pub avisado_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
