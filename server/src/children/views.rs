//! A child as the API shows it: the spec's Spanish field names and nested objects.

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    records::ChildRecord,
    vocabulary::{AppointmentStatus, BloodType, Gender, Weekday},
};
use crate::platform::storage::Storage;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildView {
    #[serde(rename = "_id")]
    pub id: String,
    /// The family the child belongs to.
    pub familia_id: String,
    pub nombre: String,
    pub apellido: String,
    /// YYYY-MM-DD
    pub fecha_nacimiento: String,
    /// masculino or femenino
    #[schema(value_type = Gender)]
    pub genero: String,
    #[schema(value_type = Option<BloodType>)]
    pub grupo_sanguineo: Option<String>,
    pub numero_seguro_social: Option<String>,
    /// A link to the photo, valid for a limited time.
    pub foto: Option<String>,
    /// A link to a small version of the photo for lists.
    pub foto_miniatura: Option<String>,
    pub informacion_escolar: SchoolView,
    pub actividades: Vec<ActivityView>,
    pub informacion_medica: MedicalView,
    pub turnos_medicos: Vec<AppointmentView>,
    pub contactos_emergencia: Vec<ContactView>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    /// Only in the data export, on a record deleted but still restorable: when it was deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminado_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolView {
    pub escuela: Option<String>,
    pub grado: Option<String>,
    pub profesor_principal: Option<String>,
    pub telefono_escuela: Option<String>,
    pub horario_escolar: SchoolHoursView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SchoolHoursView {
    /// HH:MM
    pub entrada: Option<String>,
    /// HH:MM
    pub salida: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicalView {
    pub doctor_primario: DoctorView,
    pub alergias: Vec<String>,
    pub medicamentos: Vec<String>,
    pub condiciones_especiales: Vec<String>,
    pub notas_medicas: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DoctorView {
    pub nombre: Option<String>,
    pub telefono: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityView {
    pub id: String,
    pub nombre: String,
    pub lugar: Option<String>,
    pub horario: Option<String>,
    /// lunes, martes, miercoles, jueves, viernes, sabado, domingo
    #[schema(value_type = Vec<Weekday>)]
    pub dias_semana: Vec<String>,
    pub hora_inicio: Option<String>,
    pub hora_fin: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentView {
    #[serde(rename = "_id")]
    pub id: String,
    pub tipo_consulta: String,
    /// programado, completado or cancelado
    #[schema(value_type = AppointmentStatus)]
    pub estado: String,
    pub fecha_hora: chrono::DateTime<chrono::Utc>,
    pub medico: DoctorSpecialtyView,
    pub notas: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DoctorSpecialtyView {
    pub nombre: Option<String>,
    pub especialidad: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactView {
    pub id: String,
    pub nombre: String,
    pub relacion: String,
    pub telefono: String,
    pub email: Option<String>,
    /// 1 is called first.
    pub prioridad: Option<i32>,
}

/// Lists are stored as JSON text; a value that does not parse reads as empty rather than failing the page.
pub fn list_from_json(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

pub fn list_to_json<T: Serialize>(items: &[T]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".to_owned())
}

impl ChildView {
    /// The child as `reader` gets it: the photo's links are theirs (`Storage::signed_link`).
    pub fn new(record: &ChildRecord, storage: &Storage, reader: &str) -> ChildView {
        let child = &record.child;
        ChildView {
            id: child.id.clone(),
            familia_id: child.familia_id.clone(),
            nombre: child.nombre.clone(),
            apellido: child.apellido.clone(),
            fecha_nacimiento: child.fecha_nacimiento.format("%Y-%m-%d").to_string(),
            genero: child.genero.clone(),
            grupo_sanguineo: child.grupo_sanguineo.clone(),
            numero_seguro_social: child.numero_seguro_social.clone(),
            foto: child
                .foto_key
                .as_deref()
                .map(|k| storage.signed_link(k, reader)),
            foto_miniatura: child
                .miniatura_key
                .as_deref()
                .map(|k| storage.signed_link(k, reader)),
            informacion_escolar: SchoolView {
                escuela: child.escuela.clone(),
                grado: child.grado.clone(),
                profesor_principal: child.profesor_principal.clone(),
                telefono_escuela: child.telefono_escuela.clone(),
                horario_escolar: SchoolHoursView {
                    entrada: child.horario_entrada.clone(),
                    salida: child.horario_salida.clone(),
                },
            },
            informacion_medica: MedicalView {
                doctor_primario: DoctorView {
                    nombre: child.doctor_nombre.clone(),
                    telefono: child.doctor_telefono.clone(),
                },
                alergias: list_from_json(&child.alergias),
                medicamentos: list_from_json(&child.medicamentos),
                condiciones_especiales: list_from_json(&child.condiciones_especiales),
                notas_medicas: child.notas_medicas.clone(),
            },
            actividades: record
                .activities
                .iter()
                .map(|a| ActivityView {
                    id: a.id.clone(),
                    nombre: a.nombre.clone(),
                    lugar: a.lugar.clone(),
                    horario: a.horario.clone(),
                    dias_semana: list_from_json(&a.dias_semana),
                    hora_inicio: a.hora_inicio.clone(),
                    hora_fin: a.hora_fin.clone(),
                })
                .collect(),
            turnos_medicos: record
                .appointments
                .iter()
                .map(|t| AppointmentView {
                    id: t.id.clone(),
                    tipo_consulta: t.tipo_consulta.clone(),
                    estado: t.estado.clone(),
                    fecha_hora: t.fecha_hora,
                    medico: DoctorSpecialtyView {
                        nombre: t.medico_nombre.clone(),
                        especialidad: t.medico_especialidad.clone(),
                    },
                    notas: t.notas.clone(),
                })
                .collect(),
            contactos_emergencia: record
                .contacts
                .iter()
                .map(|c| ContactView {
                    id: c.id.clone(),
                    nombre: c.nombre.clone(),
                    relacion: c.relacion.clone(),
                    telefono: c.telefono.clone(),
                    email: c.email.clone(),
                    prioridad: c.prioridad,
                })
                .collect(),
            created_at: child.created_at,
            updated_at: child.updated_at,
            eliminado_at: child.eliminado_at,
        }
    }
}
