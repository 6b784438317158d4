//! `/api/hijos/...`: children and their activities, medical information, appointments,
//! emergency contacts and photo (spec §7). Every change answers the whole updated child.

use axum::{
    extract::{Multipart, Path, State, multipart::MultipartRejection},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, IntoActiveModel,
    PrimaryKeyTrait, QueryFilter, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    access::{ReadChild, WriteChild},
    entities::{actividad, contacto, hijo, turno},
    input::{self, ActivityInput, AppointmentInput, ChildInput, ContactInput, MedicalInput},
    record_acts::{self, parts},
    records,
    views::{ChildView, list_to_json},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families,
    i18n::{self, Msg},
    ids,
    notifications::kinds::CHILD_CHANGED,
    platform::{changes::Change, photo},
    request::{AuthUser, Json},
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct ChildAnswer {
    pub success: bool,
    pub data: ChildView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChildrenAnswer {
    pub success: bool,
    pub data: Vec<ChildView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub success: bool,
    pub msg: String,
}

pub(super) fn deleted(msg: Msg) -> Json<Deleted> {
    Json(Deleted {
        success: true,
        msg: msg.text(i18n::current()).to_owned(),
    })
}

/// The views of these children as `reader` gets them, read afresh from the database (for
/// exports, not for pages).
pub(crate) async fn views(
    state: &AppState,
    children: Vec<hijo::Model>,
    reader: &str,
) -> ApiResult<Vec<ChildView>> {
    Ok(records::load(&state.db, children)
        .await?
        .iter()
        .map(|record| ChildView::new(record, &state.storage, reader))
        .collect())
}

/// After a change to a child or its lists: drops the family's copies everywhere and answers the
/// child as it now is, to `reader`.
pub(super) async fn answer(
    state: &AppState,
    child: hijo::Model,
    reader: &str,
) -> ApiResult<Json<ChildAnswer>> {
    state.announce(Change::Family(&child.familia_id)).await;
    let data = views(state, vec![child], reader)
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("a loaded child vanished"))?;
    Ok(Json(ChildAnswer {
        success: true,
        data,
    }))
}

/// After a change to one of a child's lists, inside its transaction: marks the child updated,
/// records which list changed in the family record, commits, and answers the whole child.
async fn touched(
    state: &AppState,
    txn: DatabaseTransaction,
    access: WriteChild,
    part: &str,
) -> ApiResult<Json<ChildAnswer>> {
    let mut active = access.child.into_active_model();
    active.updated_at = Set(Utc::now());
    let child = active.update(&txn).await?;
    record_acts::changed(&txn, &child, &access.auth.user.id, &[part]).await?;
    let wake = super::tell_members(&txn, &child, &access.auth.user, CHILD_CHANGED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(state, child, &access.auth.user.id).await
}

/// Every child of every family the caller belongs to, youngest last; then, for a professional,
/// the children their accesses let them read.
#[utoipa::path(get, path = "/hijos", tag = "children", security(("bearer" = [])),
    responses((status = 200, body = ChildrenAnswer), (status = 401, body = ErrorBody)))]
pub(super) async fn list_children(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<ChildrenAnswer>> {
    let mut records = records::visible_to(&state, &auth.id).await?;
    // A professional's children come after their own families' (an account may be both).
    records.extend(super::access::through_lenses(&state, &auth.id).await?);
    let data = records
        .iter()
        .map(|record| ChildView::new(record, &state.storage, &auth.id))
        .collect();
    Ok(Json(ChildrenAnswer {
        success: true,
        data,
    }))
}

/// One child with everything recorded about them.
#[utoipa::path(get, path = "/hijos/{id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = ChildAnswer), (status = 404, body = ErrorBody)))]
pub(super) async fn get_child(
    State(state): State<AppState>,
    access: ReadChild,
) -> ApiResult<Json<ChildAnswer>> {
    Ok(Json(ChildAnswer {
        success: true,
        data: ChildView::new(&access.record, &state.storage, &access.auth.user.id),
    }))
}

/// Add a child to one of the caller's families, or with `nuevaFamilia` to a new family of their
/// own. A new family is only ever an explicit choice, except for someone who belongs to no family
/// at all (an older app of someone who left every family), for whom it is the only meaning.
#[utoipa::path(post, path = "/hijos", tag = "children", security(("bearer" = [])),
    request_body = super::input::NewChildInput,
    responses(
        (status = 201, body = ChildAnswer),
        (status = 403, description = "the caller may only view their families and did not ask for a new one (child_needs_own_family)", body = ErrorBody),
        (status = 422, body = ErrorBody),
        (status = 429, description = "too many families started today", body = ErrorBody),
    ))]
pub(super) async fn create_child(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<ChildInput>,
) -> ApiResult<(StatusCode, Json<ChildAnswer>)> {
    let mut errors = FieldErrors::default();
    let basic = input::basic(&body, &mut errors);
    let school = input::school(body.informacion_escolar.unwrap_or_default(), &mut errors);
    let medical = input::medical(body.informacion_medica.unwrap_or_default(), &mut errors);
    let memberships = families::memberships(&state, &auth.id).await?;
    let wanted = body
        .familia_id
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty());
    let new_family = body.nueva_familia == Some(true);
    if new_family && wanted.is_some() {
        errors.add("nuevaFamilia", Msg::NewFamilyWithFamily);
    }
    let family = match wanted {
        Some(wanted) => memberships
            .iter()
            .find(|m| m.familia_id == wanted && m.can_edit())
            .map(|m| m.familia_id.clone()),
        None if new_family => None,
        None => memberships
            .iter()
            .find(|m| m.can_edit())
            .map(|m| m.familia_id.clone()),
    };
    if family.is_none() && wanted.is_some() {
        errors.add("familiaId", Msg::FamilyInvalid);
    }
    errors.into_result()?;
    let (Some(basic), Some(school), Some(medical)) = (basic, school, medical) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    // A viewer's "add a child" never quietly makes her the admin of a family she did not ask for.
    if family.is_none() && !new_family && !memberships.is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            Msg::ChildNeedsOwnFamily,
        ));
    }
    if family.is_none() {
        families::creation::count_new_family(&state, &auth.id).await?;
    }
    let txn = state.db.begin().await?;
    let family = match family {
        Some(family) => family,
        None => {
            let own = families::create_own_family(
                &txn,
                &auth.id,
                &auth.user.apellido,
                &auth.user.zona_horaria,
            )
            .await?;
            own.id
        }
    };
    let now = Utc::now();
    let child = hijo::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(family),
        nombre: Set(basic.nombre),
        apellido: Set(basic.apellido),
        fecha_nacimiento: Set(basic.fecha_nacimiento),
        genero: Set(basic.genero.into()),
        grupo_sanguineo: Set(basic.grupo_sanguineo.map(String::from)),
        numero_seguro_social: Set(basic.numero_seguro_social),
        foto_key: Set(None),
        miniatura_key: Set(None),
        escuela: Set(school.escuela),
        grado: Set(school.grado),
        profesor_principal: Set(school.profesor_principal),
        telefono_escuela: Set(school.telefono_escuela),
        horario_entrada: Set(school.entrada),
        horario_salida: Set(school.salida),
        doctor_nombre: Set(medical.doctor_nombre),
        doctor_telefono: Set(medical.doctor_telefono),
        alergias: Set(list_to_json(&medical.alergias)),
        medicamentos: Set(list_to_json(&medical.medicamentos)),
        condiciones_especiales: Set(list_to_json(&medical.condiciones_especiales)),
        notas_medicas: Set(medical.notas_medicas),
        created_at: Set(now),
        updated_at: Set(now),
        eliminado_at: Set(None),
        eliminado_por: Set(None),
    }
    .insert(&txn)
    .await?;
    record_acts::created(&txn, &child, &auth.id).await?;
    let wake = super::tell_members(&txn, &child, &auth.user, CHILD_CHANGED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    // A family of their own may have been made for it.
    state.announce(Change::User(&auth.id)).await;
    Ok((StatusCode::CREATED, answer(&state, child, &auth.id).await?))
}

/// Change the basic form (nombre, apellido, fechaNacimiento, genero, grupoSanguineo,
/// numeroSeguroSocial, all together), `informacionEscolar`, `informacionMedica`, or several.
#[utoipa::path(put, path = "/hijos/{id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ChildInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn update_child(
    State(state): State<AppState>,
    access: WriteChild,
    Json(body): Json<ChildInput>,
) -> ApiResult<Json<ChildAnswer>> {
    let mut errors = FieldErrors::default();
    let basic = body.has_basic().then(|| input::basic(&body, &mut errors));
    let school = body
        .informacion_escolar
        .map(|s| input::school(s, &mut errors));
    let medical = body
        .informacion_medica
        .map(|m| input::medical(m, &mut errors));
    errors.into_result()?;
    let mut changed_parts = Vec::new();
    let mut active = access.child.into_active_model();
    if let Some(Some(b)) = basic {
        changed_parts.push(parts::BASIC);
        active.nombre = Set(b.nombre);
        active.apellido = Set(b.apellido);
        active.fecha_nacimiento = Set(b.fecha_nacimiento);
        active.genero = Set(b.genero.into());
        active.grupo_sanguineo = Set(b.grupo_sanguineo.map(String::from));
        active.numero_seguro_social = Set(b.numero_seguro_social);
    }
    if let Some(Some(s)) = school {
        changed_parts.push(parts::SCHOOL);
        active.escuela = Set(s.escuela);
        active.grado = Set(s.grado);
        active.profesor_principal = Set(s.profesor_principal);
        active.telefono_escuela = Set(s.telefono_escuela);
        active.horario_entrada = Set(s.entrada);
        active.horario_salida = Set(s.salida);
    }
    if let Some(Some(m)) = medical {
        changed_parts.push(parts::MEDICAL);
        set_medical(&mut active, m);
    }
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    let child = active.update(&txn).await?;
    record_acts::changed(&txn, &child, &access.auth.user.id, &changed_parts).await?;
    let wake = super::tell_members(&txn, &child, &access.auth.user, CHILD_CHANGED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(&state, child, &access.auth.user.id).await
}

fn set_medical(active: &mut hijo::ActiveModel, m: input::Medical) {
    active.doctor_nombre = Set(m.doctor_nombre);
    active.doctor_telefono = Set(m.doctor_telefono);
    active.alergias = Set(list_to_json(&m.alergias));
    active.medicamentos = Set(list_to_json(&m.medicamentos));
    active.condiciones_especiales = Set(list_to_json(&m.condiciones_especiales));
    active.notas_medicas = Set(m.notas_medicas);
}

/// Replace the medical information (primary doctor, allergies, medicines, conditions, notes).
#[utoipa::path(post, path = "/hijos/{id}/informacion-medica", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = MedicalInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn set_medical_post(
    state: State<AppState>,
    access: WriteChild,
    body: Json<MedicalInput>,
) -> ApiResult<Json<ChildAnswer>> {
    replace_medical(state, access, body).await
}

/// The same as POST, for clients that update with PUT.
#[utoipa::path(put, path = "/hijos/{id}/informacion-medica", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = MedicalInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn set_medical_put(
    state: State<AppState>,
    access: WriteChild,
    body: Json<MedicalInput>,
) -> ApiResult<Json<ChildAnswer>> {
    replace_medical(state, access, body).await
}

async fn replace_medical(
    State(state): State<AppState>,
    access: WriteChild,
    Json(body): Json<MedicalInput>,
) -> ApiResult<Json<ChildAnswer>> {
    let mut errors = FieldErrors::default();
    let medical = input::medical(body, &mut errors);
    errors.into_result()?;
    let Some(medical) = medical else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let mut active = access.child.into_active_model();
    set_medical(&mut active, medical);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    let child = active.update(&txn).await?;
    record_acts::changed(&txn, &child, &access.auth.user.id, &[parts::MEDICAL]).await?;
    let wake = super::tell_members(&txn, &child, &access.auth.user, CHILD_CHANGED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(&state, child, &access.auth.user.id).await
}

#[derive(Deserialize)]
pub(super) struct ItemPath {
    id: String,
    item_id: String,
}

/// One of the child's listed things (an activity, an appointment, a contact): the path's
/// `item_id` when it is the child's (`child` names the column that says whose), 404 otherwise.
async fn find_item<E>(state: &AppState, path: &ItemPath, child: E::Column) -> ApiResult<E::Model>
where
    E: EntityTrait,
    <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<String>,
{
    E::find_by_id(path.item_id.clone())
        .filter(child.eq(path.id.as_str()))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// Deletes one of the child's listed things (404 when it is not the child's) and answers with the
/// child as it is now.
async fn delete_item<E>(
    state: &AppState,
    access: WriteChild,
    path: ItemPath,
    child: E::Column,
    part: &str,
) -> ApiResult<Json<ChildAnswer>>
where
    E: EntityTrait,
    <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<String>,
{
    let txn = state.db.begin().await?;
    let gone = E::delete_by_id(path.item_id)
        .filter(child.eq(path.id))
        .exec(&txn)
        .await?;
    if gone.rows_affected == 0 {
        return Err(ApiError::not_found());
    }
    touched(state, txn, access, part).await
}

/// Add an activity (a class, a sport) with its days and hours.
#[utoipa::path(post, path = "/hijos/{id}/actividades", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ActivityInput,
    responses((status = 201, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn add_activity(
    State(state): State<AppState>,
    access: WriteChild,
    Json(body): Json<ActivityInput>,
) -> ApiResult<(StatusCode, Json<ChildAnswer>)> {
    let a = checked(body, input::activity)?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    actividad::ActiveModel {
        id: Set(ids::new_id()),
        hijo_id: Set(access.child.id.clone()),
        nombre: Set(a.nombre),
        lugar: Set(a.lugar),
        horario: Set(a.horario),
        dias_semana: Set(list_to_json(&a.dias_semana)),
        hora_inicio: Set(a.hora_inicio),
        hora_fin: Set(a.hora_fin),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    Ok((
        StatusCode::CREATED,
        touched(&state, txn, access, parts::ACTIVITIES).await?,
    ))
}

/// Runs one of the input checks and fails with every field problem it found.
fn checked<I, T>(body: I, check: fn(I, &mut FieldErrors) -> Option<T>) -> ApiResult<T> {
    let mut errors = FieldErrors::default();
    let value = check(body, &mut errors);
    errors.into_result()?;
    value.ok_or_else(|| ApiError::internal("field check passed without values"))
}

#[utoipa::path(put, path = "/hijos/{id}/actividades/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)), request_body = ActivityInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn update_activity(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
    Json(body): Json<ActivityInput>,
) -> ApiResult<Json<ChildAnswer>> {
    let a = checked(body, input::activity)?;
    let mut active = find_item::<actividad::Entity>(&state, &path, actividad::Column::HijoId)
        .await?
        .into_active_model();
    active.nombre = Set(a.nombre);
    active.lugar = Set(a.lugar);
    active.horario = Set(a.horario);
    active.dias_semana = Set(list_to_json(&a.dias_semana));
    active.hora_inicio = Set(a.hora_inicio);
    active.hora_fin = Set(a.hora_fin);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    active.update(&txn).await?;
    touched(&state, txn, access, parts::ACTIVITIES).await
}

#[utoipa::path(delete, path = "/hijos/{id}/actividades/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)),
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_activity(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
) -> ApiResult<Json<ChildAnswer>> {
    delete_item::<actividad::Entity>(
        &state,
        access,
        path,
        actividad::Column::HijoId,
        parts::ACTIVITIES,
    )
    .await
}

/// Add a medical appointment.
#[utoipa::path(post, path = "/hijos/{id}/turnos-medicos", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AppointmentInput,
    responses((status = 201, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn add_appointment(
    State(state): State<AppState>,
    access: WriteChild,
    Json(body): Json<AppointmentInput>,
) -> ApiResult<(StatusCode, Json<ChildAnswer>)> {
    let t = checked(body, input::appointment)?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    turno::ActiveModel {
        id: Set(ids::new_id()),
        hijo_id: Set(access.child.id.clone()),
        tipo_consulta: Set(t.tipo_consulta),
        estado: Set(t.estado.into()),
        fecha_hora: Set(t.fecha_hora),
        medico_nombre: Set(t.medico_nombre),
        medico_especialidad: Set(t.medico_especialidad),
        notas: Set(t.notas),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    Ok((
        StatusCode::CREATED,
        touched(&state, txn, access, parts::APPOINTMENTS).await?,
    ))
}

#[utoipa::path(put, path = "/hijos/{id}/turnos-medicos/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)), request_body = AppointmentInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn update_appointment(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
    Json(body): Json<AppointmentInput>,
) -> ApiResult<Json<ChildAnswer>> {
    let t = checked(body, input::appointment)?;
    let mut active = find_item::<turno::Entity>(&state, &path, turno::Column::HijoId)
        .await?
        .into_active_model();
    active.tipo_consulta = Set(t.tipo_consulta);
    active.estado = Set(t.estado.into());
    active.fecha_hora = Set(t.fecha_hora);
    active.medico_nombre = Set(t.medico_nombre);
    active.medico_especialidad = Set(t.medico_especialidad);
    active.notas = Set(t.notas);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    active.update(&txn).await?;
    touched(&state, txn, access, parts::APPOINTMENTS).await
}

#[utoipa::path(delete, path = "/hijos/{id}/turnos-medicos/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)),
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_appointment(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
) -> ApiResult<Json<ChildAnswer>> {
    delete_item::<turno::Entity>(
        &state,
        access,
        path,
        turno::Column::HijoId,
        parts::APPOINTMENTS,
    )
    .await
}

/// Add an emergency contact.
#[utoipa::path(post, path = "/hijos/{id}/contactos-emergencia", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ContactInput,
    responses((status = 201, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn add_contact(
    State(state): State<AppState>,
    access: WriteChild,
    Json(body): Json<ContactInput>,
) -> ApiResult<(StatusCode, Json<ChildAnswer>)> {
    let c = checked(body, input::contact)?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    contacto::ActiveModel {
        id: Set(ids::new_id()),
        hijo_id: Set(access.child.id.clone()),
        nombre: Set(c.nombre),
        relacion: Set(c.relacion),
        telefono: Set(c.telefono),
        email: Set(c.email),
        prioridad: Set(c.prioridad),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    Ok((
        StatusCode::CREATED,
        touched(&state, txn, access, parts::CONTACTS).await?,
    ))
}

#[utoipa::path(put, path = "/hijos/{id}/contactos-emergencia/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)), request_body = ContactInput,
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn update_contact(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
    Json(body): Json<ContactInput>,
) -> ApiResult<Json<ChildAnswer>> {
    let c = checked(body, input::contact)?;
    let mut active = find_item::<contacto::Entity>(&state, &path, contacto::Column::HijoId)
        .await?
        .into_active_model();
    active.nombre = Set(c.nombre);
    active.relacion = Set(c.relacion);
    active.telefono = Set(c.telefono);
    active.email = Set(c.email);
    active.prioridad = Set(c.prioridad);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    active.update(&txn).await?;
    touched(&state, txn, access, parts::CONTACTS).await
}

#[utoipa::path(delete, path = "/hijos/{id}/contactos-emergencia/{item_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("item_id" = String, Path)),
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_contact(
    State(state): State<AppState>,
    access: WriteChild,
    Path(path): Path<ItemPath>,
) -> ApiResult<Json<ChildAnswer>> {
    delete_item::<contacto::Entity>(
        &state,
        access,
        path,
        contacto::Column::HijoId,
        parts::CONTACTS,
    )
    .await
}

/// Upload or replace the child's photo. It is re-encoded (metadata such as GPS is dropped) and
/// a thumbnail is made; the old files are removed.
#[utoipa::path(post, path = "/hijos/{id}/foto", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = photo::PhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ChildAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 403, description = "a viewer may not change it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "larger than 5 MB", body = ErrorBody),
        (status = 415, description = "not an image", body = ErrorBody),
        (status = 422, description = "more than 50 megapixels", body = ErrorBody),
    ))]
pub(super) async fn upload_photo(
    State(state): State<AppState>,
    access: WriteChild,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ChildAnswer>> {
    let data = photo::read_upload(multipart).await?;
    let stored = photo::store(&state, &format!("hijos/{}", access.child.id), data).await?;
    let new: Vec<String> = stored.keys().collect();
    let old = photo_keys(&access.child);
    let actor = access.auth.user.clone();
    let mut active = access.child.into_active_model();
    active.foto_key = Set(Some(stored.photo_key.clone()));
    active.miniatura_key = Set(Some(stored.thumbnail_key.clone()));
    active.updated_at = Set(Utc::now());
    let saved = match photo::before_change(&state, &old).await {
        Ok(()) => save_photo_change(&state, active, &actor).await,
        Err(err) => Err(err),
    };
    let child = match saved {
        Ok(child) => child,
        Err(err) => {
            photo::after_change(&state, &old, &new).await;
            return Err(err);
        }
    };
    photo::after_change(&state, &new, &old).await;
    answer(&state, child, &actor.id).await
}

/// Remove the child's photo.
#[utoipa::path(delete, path = "/hijos/{id}/foto", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = ChildAnswer), (status = 403, description = "a viewer may not change it", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_photo(
    State(state): State<AppState>,
    access: WriteChild,
) -> ApiResult<Json<ChildAnswer>> {
    let old = photo_keys(&access.child);
    photo::before_change(&state, &old).await?;
    let mut active = access.child.into_active_model();
    active.foto_key = Set(None);
    active.miniatura_key = Set(None);
    active.updated_at = Set(Utc::now());
    let child = save_photo_change(&state, active, &access.auth.user).await?;
    photo::after_change(&state, &[], &old).await;
    answer(&state, child, &access.auth.user.id).await
}

/// Saves a new or removed photo and records it, in one transaction.
async fn save_photo_change(
    state: &AppState,
    active: hijo::ActiveModel,
    actor: &usuario::Model,
) -> ApiResult<hijo::Model> {
    let txn = state.db.begin().await?;
    let child = active.update(&txn).await?;
    record_acts::changed(&txn, &child, &actor.id, &[parts::PHOTO]).await?;
    let wake = super::tell_members(&txn, &child, actor, CHILD_CHANGED, &[]).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(child)
}

fn photo_keys(child: &hijo::Model) -> Vec<String> {
    [child.foto_key.clone(), child.miniatura_key.clone()]
        .into_iter()
        .flatten()
        .collect()
}
