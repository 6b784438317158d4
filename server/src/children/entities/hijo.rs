use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hijos")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub familia_id: String,
    pub nombre: String,
    pub apellido: String,
    pub fecha_nacimiento: Date,
    pub genero: String,
    pub grupo_sanguineo: Option<String>,
    pub numero_seguro_social: Option<String>,
    /// Storage keys of the re-encoded photo and its thumbnail.
    pub foto_key: Option<String>,
    pub miniatura_key: Option<String>,
    pub escuela: Option<String>,
    pub grado: Option<String>,
    pub profesor_principal: Option<String>,
    pub telefono_escuela: Option<String>,
    pub horario_entrada: Option<String>,
    pub horario_salida: Option<String>,
    pub doctor_nombre: Option<String>,
    pub doctor_telefono: Option<String>,
    /// JSON arrays of text.
    pub alergias: String,
    pub medicamentos: String,
    pub condiciones_especiales: String,
    pub notas_medicas: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Set while the record is deleted but can still be restored (`children::deletion`).
    pub eliminado_at: Option<DateTimeUtc>,
    /// Who deleted it.
    pub eliminado_por: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
