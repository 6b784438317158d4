use sea_orm::entity::prelude::*;

/// A notice on the status page: an incident, or a maintenance window announced ahead.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "avisos_estado")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// `incidente` or `mantenimiento`.
    pub tipo: String,
    pub titulo: String,
    pub descripcion: String,
    /// When the incident began, or when the maintenance is scheduled to start.
    pub desde: DateTimeUtc,
    /// When a maintenance window is planned to end.
    pub hasta: Option<DateTimeUtc>,
    pub resuelto_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub const INCIDENT: &str = "incidente";
pub const MAINTENANCE: &str = "mantenimiento";
