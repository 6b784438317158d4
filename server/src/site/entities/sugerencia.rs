use sea_orm::entity::prelude::*;

/// A suggestion a signed-in user sent from their profile; kept even when mail fails.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sugerencias")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub usuario_id: String,
    /// idea, problem or other; `None` when the writer chose none.
    pub categoria: Option<String>,
    pub mensaje: String,
    pub language: String,
    /// When the support address received it; `None` until then.
    pub avisado_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
