use sea_orm::entity::prelude::*;

/// A medical appointment.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "turnos_medicos")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub hijo_id: String,
    pub tipo_consulta: String,
    pub estado: String,
    pub fecha_hora: DateTimeUtc,
    pub medico_nombre: Option<String>,
    pub medico_especialidad: Option<String>,
    pub notas: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
