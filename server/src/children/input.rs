//! What clients send about a child, checked into values that can be stored.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use super::vocabulary::{AppointmentStatus, BloodType, Gender, Weekday};
use crate::{error::FieldErrors, fields, i18n::Msg, vocabulary};

const SHORT: usize = 100;
const LIST_ITEMS: usize = 50;
const NOTES: usize = 5000;

/// The basic form of a child (create, or edit basic info).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildInput {
    /// The family to add the child to (create only); the caller's first family they may edit
    /// when absent.
    pub familia_id: Option<String>,
    /// `true` (create only, without `familiaId`): the child starts a new family of the caller's
    /// own, with them as its admin. Without it, a caller who may edit none of their families is
    /// refused (403 `child_needs_own_family`) rather than given a family they did not ask for.
    pub nueva_familia: Option<bool>,
    #[schema(format = "one-line", max_length = 100)]
    pub nombre: Option<String>,
    #[schema(format = "one-line", max_length = 100)]
    pub apellido: Option<String>,
    /// YYYY-MM-DD
    #[schema(value_type = Option<crate::fields::Day>)]
    pub fecha_nacimiento: Option<String>,
    /// masculino or femenino
    #[schema(value_type = Option<Gender>)]
    pub genero: Option<String>,
    /// One of A+, A-, B+, B-, AB+, AB-, O+, O-, or empty.
    #[schema(value_type = Option<BloodType>)]
    pub grupo_sanguineo: Option<String>,
    #[schema(format = "one-line", max_length = 40)]
    pub numero_seguro_social: Option<String>,
    pub informacion_escolar: Option<SchoolInput>,
    pub informacion_medica: Option<MedicalInput>,
}

/// The body of `POST /api/hijos`, as the document states it: a `ChildInput` whose basic form is
/// whole (a change may send the school information alone; a new child may not).
pub struct NewChildInput;

impl utoipa::PartialSchema for NewChildInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Ref, Type};
        let name = || {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
        };
        let basic = ObjectBuilder::new()
            .property("nombre", name())
            .property("apellido", name())
            .property("fechaNacimiento", Ref::from_schema_name("Day"))
            .property("genero", Ref::from_schema_name("Gender"))
            .required("nombre")
            .required("apellido")
            .required("fechaNacimiento")
            .required("genero");
        AllOfBuilder::new()
            .item(Ref::from_schema_name("ChildInput"))
            .item(basic)
            .into()
    }
}

impl utoipa::ToSchema for NewChildInput {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        schemas.push((
            <ChildInput as utoipa::ToSchema>::name().into(),
            <ChildInput as utoipa::PartialSchema>::schema(),
        ));
        <ChildInput as utoipa::ToSchema>::schemas(schemas);
    }
}

impl ChildInput {
    /// Whether the request carries the basic form (as opposed to school information alone).
    pub fn has_basic(&self) -> bool {
        self.nombre.is_some()
            || self.apellido.is_some()
            || self.fecha_nacimiento.is_some()
            || self.genero.is_some()
            || self.grupo_sanguineo.is_some()
            || self.numero_seguro_social.is_some()
    }
}

pub struct Basic {
    pub nombre: String,
    pub apellido: String,
    pub fecha_nacimiento: NaiveDate,
    pub genero: Gender,
    pub grupo_sanguineo: Option<BloodType>,
    pub numero_seguro_social: Option<String>,
}

pub fn basic(input: &ChildInput, errors: &mut FieldErrors) -> Option<Basic> {
    let nombre = errors.check(
        "nombre",
        fields::name(input.nombre.clone(), Msg::NameRequired),
    );
    let apellido = errors.check(
        "apellido",
        fields::name(input.apellido.clone(), Msg::LastNameRequired),
    );
    let fecha = errors.check(
        "fechaNacimiento",
        birth_date(input.fecha_nacimiento.as_deref()),
    );
    let genero = errors.check("genero", gender(input.genero.as_deref()));
    let grupo = errors.check(
        "grupoSanguineo",
        blood_type(input.grupo_sanguineo.as_deref()),
    );
    let nss = errors.check(
        "numeroSeguroSocial",
        fields::optional_text(input.numero_seguro_social.clone(), 40),
    );
    Some(Basic {
        nombre: nombre?,
        apellido: apellido?,
        fecha_nacimiento: fecha?,
        genero: genero?,
        grupo_sanguineo: grupo?,
        numero_seguro_social: nss?,
    })
}

fn birth_date(value: Option<&str>) -> Result<NaiveDate, Msg> {
    let value = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(Msg::BirthDateRequired)?;
    let date = NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| Msg::BirthDateInvalid)?;
    // A day of slack: "today" somewhere in the family's time zone may be tomorrow in UTC.
    if date > (Utc::now() + chrono::Duration::days(1)).date_naive() {
        return Err(Msg::BirthDateFuture);
    }
    if date < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(NaiveDate::MIN) {
        return Err(Msg::BirthDateTooOld);
    }
    Ok(date)
}

/// Required, with no default: a form that starts on one choice saves it unnoticed.
fn gender(value: Option<&str>) -> Result<Gender, Msg> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Err(Msg::GenderRequired),
        Some(v) => vocabulary::one_of(&v.to_lowercase(), Msg::GenderInvalid),
    }
}

fn blood_type(value: Option<&str>) -> Result<Option<BloodType>, Msg> {
    vocabulary::optional_one_of(
        value.map(str::to_uppercase).as_deref(),
        Msg::BloodTypeInvalid,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolInput {
    #[schema(format = "one-line", max_length = 150)]
    pub escuela: Option<String>,
    #[schema(format = "one-line", max_length = 50)]
    pub grado: Option<String>,
    #[schema(format = "one-line", max_length = 100)]
    pub profesor_principal: Option<String>,
    #[schema(value_type = Option<crate::fields::Phone>)]
    pub telefono_escuela: Option<String>,
    pub horario_escolar: Option<HoursInput>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct HoursInput {
    /// HH:MM
    #[schema(value_type = Option<crate::fields::ClockTime>)]
    pub entrada: Option<String>,
    /// HH:MM
    #[schema(value_type = Option<crate::fields::ClockTime>)]
    pub salida: Option<String>,
}

pub struct School {
    pub escuela: Option<String>,
    pub grado: Option<String>,
    pub profesor_principal: Option<String>,
    pub telefono_escuela: Option<String>,
    pub entrada: Option<String>,
    pub salida: Option<String>,
}

pub fn school(input: SchoolInput, errors: &mut FieldErrors) -> Option<School> {
    let hours = input.horario_escolar.unwrap_or_default();
    let escuela = errors.check(
        "informacionEscolar.escuela",
        fields::optional_text(input.escuela, 150),
    );
    let grado = errors.check(
        "informacionEscolar.grado",
        fields::optional_text(input.grado, 50),
    );
    let profesor = errors.check(
        "informacionEscolar.profesorPrincipal",
        fields::optional_text(input.profesor_principal, SHORT),
    );
    let telefono = errors.check(
        "informacionEscolar.telefonoEscuela",
        fields::phone(input.telefono_escuela),
    );
    let entrada = errors.check(
        "informacionEscolar.horarioEscolar.entrada",
        fields::optional_time(hours.entrada),
    );
    let salida = errors.check(
        "informacionEscolar.horarioEscolar.salida",
        fields::optional_time(hours.salida),
    );
    if let (Some(Some(a)), Some(Some(b))) = (&entrada, &salida)
        && b <= a
    {
        errors.add(
            "informacionEscolar.horarioEscolar.salida",
            Msg::EndBeforeStart,
        );
        return None;
    }
    Some(School {
        escuela: escuela?,
        grado: grado?,
        profesor_principal: profesor?,
        telefono_escuela: telefono?,
        entrada: entrada?,
        salida: salida?,
    })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicalInput {
    pub doctor_primario: Option<DoctorInput>,
    #[schema(max_items = 50, value_type = Option<Vec<crate::fields::ListItem>>)]
    pub alergias: Option<Vec<String>>,
    #[schema(max_items = 50, value_type = Option<Vec<crate::fields::ListItem>>)]
    pub medicamentos: Option<Vec<String>>,
    #[schema(max_items = 50, value_type = Option<Vec<crate::fields::ListItem>>)]
    pub condiciones_especiales: Option<Vec<String>>,
    #[schema(format = "multi-line", max_length = 5000)]
    pub notas_medicas: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DoctorInput {
    #[schema(format = "one-line", max_length = 100)]
    pub nombre: Option<String>,
    #[schema(value_type = Option<crate::fields::Phone>)]
    pub telefono: Option<String>,
}

pub struct Medical {
    pub doctor_nombre: Option<String>,
    pub doctor_telefono: Option<String>,
    pub alergias: Vec<String>,
    pub medicamentos: Vec<String>,
    pub condiciones_especiales: Vec<String>,
    pub notas_medicas: Option<String>,
}

pub fn medical(input: MedicalInput, errors: &mut FieldErrors) -> Option<Medical> {
    let doctor = input.doctor_primario.unwrap_or_default();
    let nombre = errors.check(
        "doctorPrimario.nombre",
        fields::optional_text(doctor.nombre, SHORT),
    );
    let telefono = errors.check("doctorPrimario.telefono", fields::phone(doctor.telefono));
    let alergias = errors.check(
        "alergias",
        fields::text_list(input.alergias, LIST_ITEMS, fields::LIST_ITEM_CHARS),
    );
    let medicamentos = errors.check(
        "medicamentos",
        fields::text_list(input.medicamentos, LIST_ITEMS, fields::LIST_ITEM_CHARS),
    );
    let condiciones = errors.check(
        "condicionesEspeciales",
        fields::text_list(
            input.condiciones_especiales,
            LIST_ITEMS,
            fields::LIST_ITEM_CHARS,
        ),
    );
    let notas = errors.check(
        "notasMedicas",
        fields::optional_multiline_text(input.notas_medicas, NOTES),
    );
    Some(Medical {
        doctor_nombre: nombre?,
        doctor_telefono: telefono?,
        alergias: alergias?,
        medicamentos: medicamentos?,
        condiciones_especiales: condiciones?,
        notas_medicas: notas?,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityInput {
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    pub nombre: Option<String>,
    #[schema(format = "one-line", max_length = 150)]
    pub lugar: Option<String>,
    /// Free text, e.g. "after school".
    #[schema(format = "one-line", max_length = 100)]
    pub horario: Option<String>,
    /// lunes ... domingo (accents optional)
    #[schema(value_type = Option<Vec<Weekday>>)]
    pub dias_semana: Option<Vec<String>>,
    /// HH:MM
    #[schema(value_type = Option<crate::fields::ClockTime>)]
    pub hora_inicio: Option<String>,
    /// HH:MM
    #[schema(value_type = Option<crate::fields::ClockTime>)]
    pub hora_fin: Option<String>,
}

pub struct Activity {
    pub nombre: String,
    pub lugar: Option<String>,
    pub horario: Option<String>,
    pub dias_semana: Vec<Weekday>,
    pub hora_inicio: Option<String>,
    pub hora_fin: Option<String>,
}

pub fn activity(input: ActivityInput, errors: &mut FieldErrors) -> Option<Activity> {
    let nombre = errors.check(
        "nombre",
        fields::name(input.nombre, Msg::ActivityNameRequired),
    );
    let lugar = errors.check("lugar", fields::optional_text(input.lugar, 150));
    let horario = errors.check("horario", fields::optional_text(input.horario, SHORT));
    let dias = errors.check("diasSemana", weekdays(input.dias_semana));
    let inicio = errors.check("horaInicio", fields::optional_time(input.hora_inicio));
    let fin = errors.check("horaFin", fields::optional_time(input.hora_fin));
    if let (Some(Some(a)), Some(Some(b))) = (&inicio, &fin)
        && b <= a
    {
        errors.add("horaFin", Msg::EndBeforeStart);
        return None;
    }
    Some(Activity {
        nombre: nombre?,
        lugar: lugar?,
        horario: horario?,
        dias_semana: dias?,
        hora_inicio: inicio?,
        hora_fin: fin?,
    })
}

/// Days in week order without repeats; "miércoles" and "sábado" are accepted with accents.
fn weekdays(value: Option<Vec<String>>) -> Result<Vec<Weekday>, Msg> {
    let mut days = value
        .unwrap_or_default()
        .iter()
        .map(|d| Weekday::spoken(d).ok_or(Msg::WeekdayInvalid))
        .collect::<Result<Vec<_>, _>>()?;
    days.sort_unstable();
    days.dedup();
    Ok(days)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentInput {
    /// What kind of visit; the web shows "medical consultation" when empty.
    #[schema(format = "one-line", max_length = 100)]
    pub tipo_consulta: Option<String>,
    /// programado (default), completado or cancelado
    #[schema(value_type = Option<AppointmentStatus>)]
    pub estado: Option<String>,
    /// RFC 3339, e.g. 2026-03-01T14:30:00Z
    #[schema(required = true, value_type = crate::fields::Instant)]
    pub fecha_hora: Option<String>,
    pub medico: Option<DoctorSpecialtyInput>,
    #[schema(format = "multi-line", max_length = 5000)]
    pub notas: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DoctorSpecialtyInput {
    #[schema(format = "one-line", max_length = 100)]
    pub nombre: Option<String>,
    #[schema(format = "one-line", max_length = 100)]
    pub especialidad: Option<String>,
}

pub struct Appointment {
    pub tipo_consulta: String,
    pub estado: AppointmentStatus,
    pub fecha_hora: DateTime<Utc>,
    pub medico_nombre: Option<String>,
    pub medico_especialidad: Option<String>,
    pub notas: Option<String>,
}

pub fn appointment(input: AppointmentInput, errors: &mut FieldErrors) -> Option<Appointment> {
    let medico = input.medico.unwrap_or_default();
    let tipo = errors.check(
        "tipoConsulta",
        fields::optional_text(input.tipo_consulta, SHORT),
    );
    let estado = errors.check("estado", appointment_status(input.estado.as_deref()));
    let fecha = errors.check("fechaHora", date_time(input.fecha_hora.as_deref()));
    let nombre = errors.check("medico.nombre", fields::optional_text(medico.nombre, SHORT));
    let especialidad = errors.check(
        "medico.especialidad",
        fields::optional_text(medico.especialidad, SHORT),
    );
    let notas = errors.check("notas", fields::optional_multiline_text(input.notas, NOTES));
    Some(Appointment {
        tipo_consulta: tipo?.unwrap_or_default(),
        estado: estado?,
        fecha_hora: fecha?,
        medico_nombre: nombre?,
        medico_especialidad: especialidad?,
        notas: notas?,
    })
}

/// A new appointment is scheduled unless told otherwise.
fn appointment_status(value: Option<&str>) -> Result<AppointmentStatus, Msg> {
    vocabulary::optional_one_of(value.map(str::to_lowercase).as_deref(), Msg::StatusInvalid)
        .map(|s| s.unwrap_or(AppointmentStatus::Scheduled))
}

fn date_time(value: Option<&str>) -> Result<DateTime<Utc>, Msg> {
    let value = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(Msg::DateTimeRequired)?;
    let at = DateTime::parse_from_rfc3339(value)
        .map(|d| d.with_timezone(&Utc))
        .map_err(|_| Msg::DateTimeInvalid)?;
    fields::date_in_range(at.date_naive())?;
    Ok(at)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactInput {
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    pub nombre: Option<String>,
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 50)]
    pub relacion: Option<String>,
    #[schema(required = true, value_type = crate::fields::Phone)]
    pub telefono: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// 1 is called first; empty means last.
    #[schema(minimum = 1, maximum = 999)]
    pub prioridad: Option<i64>,
}

pub struct Contact {
    pub nombre: String,
    pub relacion: String,
    pub telefono: String,
    pub email: Option<String>,
    pub prioridad: Option<i32>,
}

pub fn contact(input: ContactInput, errors: &mut FieldErrors) -> Option<Contact> {
    let nombre = errors.check("nombre", fields::name(input.nombre, Msg::NameRequired));
    let relacion = errors.check(
        "relacion",
        fields::text(input.relacion, 50, Msg::RelationRequired),
    );
    let telefono = errors.check(
        "telefono",
        fields::phone(input.telefono).and_then(|p| p.ok_or(Msg::PhoneRequired)),
    );
    let email = errors.check("email", fields::optional_email(input.email));
    let prioridad = errors.check(
        "prioridad",
        match input.prioridad {
            None => Ok(None),
            Some(p) if (1..=999).contains(&p) => Ok(i32::try_from(p).ok()),
            Some(_) => Err(Msg::PriorityInvalid),
        },
    );
    Some(Contact {
        nombre: nombre?,
        relacion: relacion?,
        telefono: telefono?,
        email: email?,
        prioridad: prioridad?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_are_normalised_and_ordered() {
        let days = Some(vec![
            "Sábado".to_owned(),
            "lunes".to_owned(),
            "miércoles".to_owned(),
            "lunes".to_owned(),
        ]);
        assert_eq!(
            weekdays(days),
            Ok(vec![Weekday::Monday, Weekday::Wednesday, Weekday::Saturday])
        );
        assert_eq!(
            weekdays(Some(vec!["monday".to_owned()])),
            Err(Msg::WeekdayInvalid)
        );
    }

    #[test]
    fn birth_dates() {
        assert!(birth_date(Some("2015-06-30")).is_ok());
        assert_eq!(birth_date(None), Err(Msg::BirthDateRequired));
        assert_eq!(birth_date(Some("30/06/2015")), Err(Msg::BirthDateInvalid));
        assert_eq!(birth_date(Some("2999-01-01")), Err(Msg::BirthDateFuture));
        assert_eq!(birth_date(Some("1850-01-01")), Err(Msg::BirthDateTooOld));
    }

    #[test]
    fn blood_types_and_genders() {
        assert_eq!(blood_type(Some(" ab+ ")), Ok(Some(BloodType::AbPositive)));
        assert_eq!(blood_type(Some("")), Ok(None));
        assert_eq!(blood_type(None), Ok(None));
        assert_eq!(blood_type(Some("C+")), Err(Msg::BloodTypeInvalid));
        assert_eq!(gender(Some(" Femenino")), Ok(Gender::Female));
        assert_eq!(gender(Some(" ")), Err(Msg::GenderRequired));
        assert_eq!(gender(Some("x")), Err(Msg::GenderInvalid));
    }

    #[test]
    fn appointments_are_scheduled_unless_told_otherwise() {
        assert_eq!(appointment_status(None), Ok(AppointmentStatus::Scheduled));
        assert_eq!(
            appointment_status(Some(" ")),
            Ok(AppointmentStatus::Scheduled)
        );
        assert_eq!(
            appointment_status(Some("Cancelado ")),
            Ok(AppointmentStatus::Cancelled)
        );
        assert_eq!(appointment_status(Some("hecho")), Err(Msg::StatusInvalid));
    }

    #[test]
    fn end_times_come_after_start_times() {
        let mut errors = FieldErrors::default();
        let parsed = activity(
            ActivityInput {
                nombre: Some("Natación".to_owned()),
                lugar: None,
                horario: None,
                dias_semana: None,
                hora_inicio: Some("18:00".to_owned()),
                hora_fin: Some("17:00".to_owned()),
            },
            &mut errors,
        );
        assert!(parsed.is_none());
        assert!(errors.into_result().is_err());
    }
}
