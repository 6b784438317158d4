use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "actividades")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub hijo_id: String,
    pub nombre: String,
    pub lugar: Option<String>,
    pub horario: Option<String>,
    /// JSON array of weekday names (lunes ... domingo).
    pub dias_semana: String,
    pub hora_inicio: Option<String>,
    pub hora_fin: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
