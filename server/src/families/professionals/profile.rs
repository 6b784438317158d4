use sea_orm::entity::prelude::*;

/// What a professional says of themselves (migration m0044): their profession, licence number
/// and organisation. Goes with their account.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "perfiles_profesionales")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub usuario_id: String,
    pub profesion: String,
    pub matricula: Option<String>,
    pub organizacion: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
