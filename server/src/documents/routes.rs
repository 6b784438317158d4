//! The documents' routes: upload, list, read, change, delete and restore, versions, the file.

use axum::{
    body::Body,
    extract::{
        Multipart, Path, Query, State,
        multipart::{Field, MultipartRejection},
    },
    http::{Response, StatusCode},
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait, sea_query::Query as SqlQuery,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{self, Found, Need, RESTORE_DAYS, VISIBILITIES},
    entities::{documento, documento_hijo, documento_version},
    quota,
    upload::{self, Room, Stored},
    views::{self, DocumentoView},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self,
        entities::miembro,
        record::{self, Act, Kind, kinds},
    },
    i18n::Msg,
    ids, notifications,
    platform::{
        download::Download,
        files::answer::authenticated_body,
        live::{self, Wake},
        pending, photo,
    },
    request::{AuthUser, Json},
    state::AppState,
};

pub const CATEGORIES: [&str; 6] = [
    "legal",
    "medico",
    "escolar",
    "financiero",
    "identificacion",
    "actividades",
];
const PAGE: u64 = 50;
const TITLE_MAX: usize = 200;
const NOTES_MAX: usize = 2000;
/// A text field of the upload form: far more than any title or list of children.
const TEXT_FIELD_MAX: usize = 16 * 1024;

#[derive(Serialize, ToSchema)]
pub struct DocumentoAnswer {
    pub success: bool,
    pub data: DocumentoView,
}

#[derive(Serialize, ToSchema)]
pub struct DocumentoPage {
    pub documentos: Vec<DocumentoView>,
    /// The cursor of the next page, if there is one.
    pub siguiente: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DocumentoListAnswer {
    pub success: bool,
    pub data: DocumentoPage,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Espacio {
    /// What counts against the caller: the live documents, and those they deleted.
    pub usado_bytes: u64,
    /// Of that, the documents the caller deleted, counted until they are purged (30 days).
    pub eliminados_bytes: u64,
    pub cuota_bytes: u64,
}

#[derive(Serialize, ToSchema)]
pub struct EspacioAnswer {
    pub success: bool,
    pub data: Espacio,
}

/// The multipart form of a new document.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
pub struct DocumentUpload {
    /// A PDF, an image (JPG, PNG, GIF, WebP) or an office document (DOCX, XLSX, PPTX, ODT, ODS,
    /// ODP), at most 25 MB.
    #[schema(value_type = String, format = Binary)]
    archivo: Vec<u8>,
    familia_id: String,
    /// legal, medico, escolar, financiero, identificacion or actividades.
    categoria: String,
    titulo: String,
    /// Children of the family: the field repeated, or ids separated by commas.
    hijos: Option<Vec<String>>,
    notas: Option<String>,
    /// familia (the default), coprogenitores or privado.
    visibilidad: Option<String>,
}

/// The multipart form of a new version.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct VersionUpload {
    #[schema(value_type = String, format = Binary)]
    archivo: Vec<u8>,
}

/// A title as search compares it: lower case, without accents.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            other => other,
        })
        .collect()
}

fn validation(errors: FieldErrors) -> ApiResult<()> {
    errors
        .into_result()
        .map_err(|e| e.with_msg(Msg::DocumentValidation))
}

fn field_error(field: &'static str, msg: Msg) -> ApiError {
    ApiError::field(field, msg).with_msg(Msg::DocumentValidation)
}

fn check_title(value: &str) -> Result<String, Msg> {
    let title = value.trim();
    if title.is_empty() || title.chars().count() > TITLE_MAX {
        return Err(Msg::DocumentTitleRequired);
    }
    Ok(title.to_owned())
}

fn check_category(value: &str) -> Result<String, Msg> {
    let value = value.trim();
    CATEGORIES
        .contains(&value)
        .then(|| value.to_owned())
        .ok_or(Msg::DocumentCategoryInvalid)
}

fn check_visibility(value: &str, uploader: bool) -> Result<String, Msg> {
    let value = value.trim();
    // Only the uploader may hide a document from everyone but themselves.
    if !VISIBILITIES.contains(&value) || (value == "privado" && !uploader) {
        return Err(Msg::DocumentVisibilityInvalid);
    }
    Ok(value.to_owned())
}

fn check_notes(value: &str) -> Result<Option<String>, Msg> {
    let value = value.trim();
    if value.chars().count() > NOTES_MAX {
        return Err(Msg::DocumentNotesTooLong);
    }
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

/// Children ids sent as repeated fields or separated by commas.
fn split_children(values: &[String]) -> Vec<String> {
    let mut ids: Vec<String> = values
        .iter()
        .flat_map(|v| v.split(','))
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Whether every id is a child (not deleted) of the family, as the children domain answers
/// through `domain` (documents do not depend on its code).
async fn children_of_family(
    db: &impl ConnectionTrait,
    familia_id: &str,
    hijos: &[String],
) -> ApiResult<bool> {
    if hijos.len() > 50 {
        return Ok(false);
    }
    Ok(crate::domain::children_of_family(db, familia_id, hijos).await?)
}

fn record_subjects(doc: &documento::Model, hijos: &[String], actor: &str) -> Vec<String> {
    let mut subjects: Vec<String> = hijos.iter().map(|h| record::child_subject(h)).collect();
    subjects.push(record::user_subject(actor));
    if let Some(uploader) = doc.subido_por.as_deref().filter(|u| *u != actor) {
        subjects.push(record::user_subject(uploader));
    }
    subjects
}

async fn children_ids(db: &impl ConnectionTrait, documento_id: &str) -> ApiResult<Vec<String>> {
    Ok(documento_hijo::Entity::find()
        .filter(documento_hijo::Column::DocumentoId.eq(documento_id))
        .all(db)
        .await?
        .into_iter()
        .map(|l| l.hijo_id)
        .collect())
}

/// Writes an act about a document into its family's record, inside a transaction that has
/// already written (it reads the document's children first).
async fn write_act(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
) -> ApiResult<()> {
    let hijos = children_ids(txn, &doc.id).await?;
    append_act(txn, doc, &hijos, kind, actor, content).await
}

/// Writes an act about a document about these children: the transaction's first statement may
/// be this write (SQLite wants a write transaction to start with a write).
async fn append_act(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    hijos: &[String],
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
) -> ApiResult<()> {
    record::append(txn, &doc.familia_id, act(doc, hijos, kind, actor, content)).await?;
    Ok(())
}

/// An act about a document; its title is read by whom the document's visibility shows it to.
fn act<'a>(
    doc: &documento::Model,
    hijos: &[String],
    kind: Kind,
    actor: Option<&'a str>,
    content: serde_json::Value,
) -> Act<'a> {
    let subjects = match actor {
        Some(actor) => record_subjects(doc, hijos, actor),
        None => hijos.iter().map(|h| record::child_subject(h)).collect(),
    };
    let mut content = content;
    content["documento"] = json!(doc.id);
    content["titulo"] = json!(doc.titulo);
    Act {
        kind,
        actor,
        content,
        subjects,
        audience: access::record_audience(doc),
    }
}

/// Tells the members who may see the document, or could before a change of its visibility
/// (`before`), that the family's documents changed (`documentos`, ids only: each reads the list
/// again with their own visibility). No one learns of a document they may not see.
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    doc: &documento::Model,
    before: Option<&documento::Model>,
) -> ApiResult<Wake> {
    let mut members = access::viewers(txn, doc).await?;
    if let Some(before) = before {
        for member in access::viewers(txn, before).await? {
            if !members.contains(&member) {
                members.push(member);
            }
        }
    }
    let ids = live::DocumentIds {
        familia_id: doc.familia_id.clone(),
        documento_id: doc.id.clone(),
    };
    Ok(live::publish(txn, &members, live::LiveEvent::Documents(ids)).await?)
}

/// A notice of a new document (or version) to the other members who can see it.
async fn notify_upload(
    txn: &DatabaseTransaction,
    doc: &documento::Model,
    actor: &usuario::Model,
) -> ApiResult<Wake> {
    let viewers = access::viewers(txn, doc).await?;
    let notice = notifications::Notice {
        kind: notifications::kinds::DOCUMENT_NEW,
        familia_id: Some(doc.familia_id.clone()),
        actor_id: Some(actor.id.clone()),
        datos: json!({
            "actor": format!("{} {}", actor.nombre, actor.apellido),
            "titulo": doc.titulo,
        }),
        enlace: Some(format!("/profile/documents?documento={}", doc.id)),
        objeto_id: Some(doc.id.clone()),
        solo_app: Vec::new(),
    };
    Ok(families::notices::notify(txn, &viewers, notice).await?)
}

/// What the upload form said besides the file.
#[derive(Default)]
struct Form {
    familia_id: Option<String>,
    categoria: Option<String>,
    titulo: Option<String>,
    hijos: Vec<String>,
    notas: Option<String>,
    visibilidad: Option<String>,
}

async fn read_text(mut field: Field<'_>) -> ApiResult<String> {
    let mut bytes = Vec::new();
    loop {
        match field.chunk().await {
            Ok(Some(piece)) => {
                bytes.extend_from_slice(&piece);
                if bytes.len() > TEXT_FIELD_MAX {
                    return Err(ApiError::bad_request(Msg::BadRequest));
                }
            }
            Ok(None) => break,
            Err(err) => return Err(upload::form_error(&err)),
        }
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad_request(Msg::BadRequest))
}

fn open_form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Multipart> {
    multipart.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => upload::too_large(),
        _ => ApiError::bad_request(Msg::DocumentFileRequired),
    })
}

/// The room a file has in a family where the caller is a co-parent (checked here, before a byte
/// of it is stored).
async fn room_in(state: &AppState, familia_id: &str, me: &str) -> ApiResult<Room> {
    let member = access::membership(&state.db, familia_id, me)
        .await?
        .ok_or_else(|| field_error("familiaId", Msg::DocumentFamilyRequired))?;
    if !families::can_edit(&member) {
        return Err(access::forbidden());
    }
    let used = quota::used(&state.db, familia_id, me).await?;
    let cuota = state.config.document_quota_bytes;
    if used >= cuota {
        return Err(quota::exhausted(used, cuota));
    }
    within_day(state, me, Room::of(Some((used, cuota)))).await
}

/// `room`, narrowed to what the caller may still upload in these 24 hours; a 429 when nothing.
async fn within_day(state: &AppState, me: &str, room: Room) -> ApiResult<Room> {
    let Some(limit) = quota::Daily::of(&state.config) else {
        return Ok(room);
    };
    let now = Utc::now();
    let recent = quota::Recent::of(&state.db, me, now).await?;
    if recent.room(limit) == 0 {
        return Err(recent.exhausted(limit, 1, now));
    }
    Ok(room.within_day(limit, &recent, now))
}

/// Reads the form, storing its file as it arrives. The file is erased again if anything after
/// it fails.
async fn read_form(
    state: &AppState,
    multipart: &mut Multipart,
    me: &str,
) -> ApiResult<(Form, Option<Stored>)> {
    let mut form = Form::default();
    let mut stored: Option<Stored> = None;
    let result: ApiResult<()> = async {
        loop {
            let field = match multipart.next_field().await {
                Ok(Some(field)) => field,
                Ok(None) => return Ok(()),
                Err(err) => return Err(upload::form_error(&err)),
            };
            let name = field.name().unwrap_or_default().to_owned();
            match name.as_str() {
                "archivo" if stored.is_none() => {
                    let room = match form.familia_id.as_deref().map(str::trim) {
                        Some(familia_id) if !familia_id.is_empty() => {
                            room_in(state, familia_id, me).await?
                        }
                        // The family comes after the file: checked once the form is read.
                        _ => within_day(state, me, Room::of(None)).await?,
                    };
                    stored = Some(upload::receive(state, field, room).await?);
                }
                "familiaId" => form.familia_id = Some(read_text(field).await?),
                "categoria" => form.categoria = Some(read_text(field).await?),
                "titulo" => form.titulo = Some(read_text(field).await?),
                "hijos" | "hijos[]" => form.hijos.push(read_text(field).await?),
                "notas" => form.notas = Some(read_text(field).await?),
                "visibilidad" => form.visibilidad = Some(read_text(field).await?),
                _ => {}
            }
        }
    }
    .await;
    match result {
        Ok(()) => Ok((form, stored)),
        Err(err) => {
            if let Some(stored) = stored {
                photo::after_change(state, &[], &stored.keys()).await;
            }
            Err(err)
        }
    }
}

/// A new document's fields, checked.
struct NewDocument {
    familia_id: String,
    categoria: String,
    titulo: String,
    hijos: Vec<String>,
    notas: Option<String>,
    visibilidad: String,
}

async fn check_form(state: &AppState, form: Form, me: &str) -> ApiResult<NewDocument> {
    let familia_id = form.familia_id.unwrap_or_default().trim().to_owned();
    if familia_id.is_empty() {
        return Err(field_error("familiaId", Msg::DocumentFamilyRequired));
    }
    // Another family's id answers as every other route does for it: it does not exist.
    let member = access::membership(&state.db, &familia_id, me)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if !families::can_edit(&member) {
        return Err(access::forbidden());
    }
    let mut errors = FieldErrors::default();
    let titulo = errors.check("titulo", check_title(&form.titulo.unwrap_or_default()));
    let categoria = errors.check(
        "categoria",
        check_category(&form.categoria.unwrap_or_default()),
    );
    let visibilidad = errors.check(
        "visibilidad",
        check_visibility(form.visibilidad.as_deref().unwrap_or("familia"), true),
    );
    let notas = errors.check("notas", check_notes(&form.notas.unwrap_or_default()));
    let hijos = split_children(&form.hijos);
    if !children_of_family(&state.db, &familia_id, &hijos).await? {
        errors.add("hijos", Msg::DocumentChildrenInvalid);
    }
    validation(errors)?;
    Ok(NewDocument {
        familia_id,
        categoria: categoria.unwrap_or_default(),
        titulo: titulo.unwrap_or_default(),
        hijos,
        notas: notas.flatten(),
        visibilidad: visibilidad.unwrap_or_default(),
    })
}

fn version_row(
    documento_id: &str,
    numero: i32,
    stored: &Stored,
    me: &str,
    now: DateTime<Utc>,
) -> documento_version::ActiveModel {
    documento_version::ActiveModel {
        id: Set(ids::new_id()),
        documento_id: Set(documento_id.to_owned()),
        numero: Set(numero),
        clave: Set(stored.clave.clone()),
        miniatura_clave: Set(stored.miniatura_clave.clone()),
        tipo: Set(stored.tipo.to_owned()),
        nombre: Set(stored.nombre.clone()),
        tamano: Set(i64::try_from(stored.tamano).unwrap_or(i64::MAX)),
        sha256: Set(stored.sha256.clone()),
        subido_por: Set(Some(me.to_owned())),
        created_at: Set(now),
    }
}

/// Takes the family's lock (a write first, as SQLite wants) and checks that the file still fits,
/// in the family's quota and in the uploader's day: two uploads at once are counted one after
/// the other.
async fn lock_and_check_quota(
    state: &AppState,
    txn: &DatabaseTransaction,
    familia_id: &str,
    me: &str,
    adding: u64,
) -> ApiResult<()> {
    if !families::lock_family(txn, familia_id).await? {
        return Err(access::not_found());
    }
    let used = quota::used(txn, familia_id, me).await?;
    let cuota = state.config.document_quota_bytes;
    if used.saturating_add(adding) > cuota {
        return Err(quota::exhausted(used, cuota));
    }
    if let Some(limit) = quota::Daily::of(&state.config) {
        let now = Utc::now();
        let recent = quota::Recent::of(txn, me, now).await?;
        if recent.room(limit) < adding {
            return Err(recent.exhausted(limit, adding, now));
        }
    }
    Ok(())
}

/// Runs `record` (which writes the rows of a stored file) and keeps the file if it worked,
/// erasing it if not.
async fn keep_if_recorded<T>(
    state: &AppState,
    stored: &Stored,
    recorded: impl Future<Output = ApiResult<T>>,
) -> ApiResult<T> {
    let keys = stored.keys();
    match recorded.await {
        Ok(value) => {
            pending::settle(state, &keys).await;
            Ok(value)
        }
        Err(err) => {
            photo::after_change(state, &[], &keys).await;
            Err(err)
        }
    }
}

/// Upload a document to a family: a co-parent's.
///
/// The file is judged by its content (PDF, image, office document) and stored encrypted; images
/// are re-encoded without their metadata. The other members who can see it are notified.
#[utoipa::path(post, path = "/documentos", tag = "documents", security(("bearer" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = DocumentoAnswer),
        (status = 400, description = "no file, or a broken form", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "over 25 MB, or over the family's quota", body = ErrorBody),
        (status = 415, description = "not an accepted type, or a hostile file", body = ErrorBody),
        (status = 422, description = "a bad field, an empty file or an image of too many pixels", body = ErrorBody),
    ))]
pub async fn create_document(
    State(state): State<AppState>,
    auth: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<DocumentoAnswer>)> {
    let me = auth.user.id.clone();
    let mut multipart = open_form(multipart)?;
    let (form, stored) = read_form(&state, &mut multipart, &me).await?;
    let Some(stored) = stored else {
        return Err(field_error("archivo", Msg::DocumentFileRequired));
    };
    let work = async {
        let new = check_form(&state, form, &me).await?;
        let now = Utc::now();
        let txn = state.db.begin().await?;
        lock_and_check_quota(&state, &txn, &new.familia_id, &me, stored.tamano).await?;
        let doc = documento::ActiveModel {
            id: Set(ids::new_id()),
            familia_id: Set(new.familia_id.clone()),
            titulo_busqueda: Set(fold(&new.titulo)),
            titulo: Set(new.titulo),
            categoria: Set(new.categoria),
            notas: Set(new.notas),
            visibilidad: Set(new.visibilidad),
            subido_por: Set(Some(me.clone())),
            version: Set(1),
            created_at: Set(now),
            updated_at: Set(now),
            eliminado_at: Set(None),
            eliminado_por: Set(None),
        }
        .insert(&txn)
        .await?;
        for hijo in &new.hijos {
            documento_hijo::ActiveModel {
                documento_id: Set(doc.id.clone()),
                hijo_id: Set(hijo.clone()),
            }
            .insert(&txn)
            .await?;
        }
        version_row(&doc.id, 1, &stored, &me, now)
            .insert(&txn)
            .await?;
        let content = json!({"version": 1, "tipo": stored.tipo, "tamano": stored.tamano, "sha256": stored.sha256, "visibilidad": doc.visibilidad});
        write_act(&txn, &doc, kinds::DOCUMENT_UPLOADED, Some(&me), content).await?;
        let wake = publish_change(&txn, &doc, None)
            .await?
            .join(notify_upload(&txn, &doc, &auth.user).await?);
        let member = access::membership(&txn, &doc.familia_id, &me)
            .await?
            .ok_or_else(access::not_found)?;
        txn.commit().await?;
        state.wake(wake);
        Ok((doc, member))
    };
    let (doc, member) = keep_if_recorded(&state, &stored, work).await?;
    Ok((
        StatusCode::CREATED,
        Json(DocumentoAnswer {
            success: true,
            data: views::one(&state.db, doc, &member).await?,
        }),
    ))
}

/// Add a new version of a document's file; the earlier ones are kept, listed and downloadable.
#[utoipa::path(post, path = "/documentos/{id}/versiones", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = VersionUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = DocumentoAnswer),
        (status = 400, description = "no file, or a broken form", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "over 25 MB, or over the family's quota", body = ErrorBody),
        (status = 415, description = "not an accepted type, or a hostile file", body = ErrorBody),
        (status = 422, description = "an empty file or an image of too many pixels", body = ErrorBody),
    ))]
pub async fn add_version(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<DocumentoAnswer>)> {
    let me = auth.user.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Change).await?;
    let mut multipart = open_form(multipart)?;
    let room = room_in(&state, &found.doc.familia_id, &me).await?;
    let mut stored = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(err) => return Err(upload::form_error(&err)),
        };
        if field.name() == Some("archivo") {
            stored = Some(upload::receive(&state, field, room).await?);
            break;
        }
    }
    let Some(stored) = stored else {
        return Err(field_error("archivo", Msg::DocumentFileRequired));
    };
    let work = async {
        let now = Utc::now();
        let txn = state.db.begin().await?;
        lock_and_check_quota(&state, &txn, &found.doc.familia_id, &me, stored.tamano).await?;
        // Read again under the lock: a version added meanwhile, or the document deleted.
        let doc = documento::Entity::find_by_id(&found.doc.id)
            .filter(documento::Column::EliminadoAt.is_null())
            .one(&txn)
            .await?
            .ok_or_else(access::not_found)?;
        let numero = doc.version + 1;
        version_row(&doc.id, numero, &stored, &me, now)
            .insert(&txn)
            .await?;
        let mut active: documento::ActiveModel = doc.into();
        active.version = Set(numero);
        active.updated_at = Set(now);
        let doc = active.update(&txn).await?;
        let content = json!({"version": numero, "tipo": stored.tipo, "tamano": stored.tamano, "sha256": stored.sha256});
        write_act(&txn, &doc, kinds::DOCUMENT_VERSION, Some(&me), content).await?;
        let wake = publish_change(&txn, &doc, None)
            .await?
            .join(notify_upload(&txn, &doc, &auth.user).await?);
        txn.commit().await?;
        state.wake(wake);
        Ok(doc)
    };
    let doc = keep_if_recorded(&state, &stored, work).await?;
    Ok((
        StatusCode::CREATED,
        Json(DocumentoAnswer {
            success: true,
            data: views::one(&state.db, doc, &found.member).await?,
        }),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DocumentListQuery {
    /// One of the caller's families (required).
    familia_id: Option<String>,
    categoria: Option<String>,
    /// Only documents about this child.
    hijo_id: Option<String>,
    /// Words of the title, insensitive to case and accents.
    q: Option<String>,
    /// The `siguiente` of the previous page.
    cursor: Option<String>,
    /// `true`: the deleted documents the caller may still restore, instead.
    eliminados: Option<String>,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Who sees what, as a condition: every member the family's documents, co-parents theirs,
/// the uploader their own private ones.
fn visible_condition(member: &miembro::Model) -> Condition {
    let mut visible = Condition::any()
        .add(documento::Column::Visibilidad.eq("familia"))
        .add(
            Condition::all()
                .add(documento::Column::Visibilidad.eq("privado"))
                .add(documento::Column::SubidoPor.eq(member.usuario_id.clone())),
        );
    if families::can_edit(member) {
        visible = visible.add(documento::Column::Visibilidad.eq("coprogenitores"));
    }
    visible
}

/// Escapes LIKE's wildcards in what the user typed.
fn like_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// A family's documents the caller can see, newest first, 50 a page.
#[utoipa::path(get, path = "/documentos", tag = "documents", security(("bearer" = [])),
    params(DocumentListQuery),
    responses(
        (status = 200, body = DocumentoListAnswer),
        (status = 400, description = "a malformed query", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "no family, or a bad filter", body = ErrorBody),
    ))]
pub async fn list_documents(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<DocumentListQuery>,
) -> ApiResult<Json<DocumentoListAnswer>> {
    let Some(familia_id) = present(&query.familia_id) else {
        return Err(field_error("familiaId", Msg::DocumentFamilyRequired));
    };
    let member = access::membership(&state.db, familia_id, &auth.user.id)
        .await?
        .ok_or_else(access::not_found)?;
    let deleted = present(&query.eliminados) == Some("true");
    let mut select = documento::Entity::find()
        .filter(documento::Column::FamiliaId.eq(familia_id))
        .filter(visible_condition(&member));
    if deleted {
        if !families::can_edit(&member) {
            return Ok(Json(DocumentoListAnswer {
                success: true,
                data: DocumentoPage {
                    documentos: Vec::new(),
                    siguiente: None,
                },
            }));
        }
        select = select.filter(
            documento::Column::EliminadoAt.gt(Utc::now() - chrono::Duration::days(RESTORE_DAYS)),
        );
    } else {
        select = select.filter(documento::Column::EliminadoAt.is_null());
    }
    if let Some(categoria) = present(&query.categoria) {
        let categoria = check_category(categoria).map_err(|m| field_error("categoria", m))?;
        select = select.filter(documento::Column::Categoria.eq(categoria));
    }
    if let Some(hijo) = present(&query.hijo_id) {
        let about = SqlQuery::select()
            .column(documento_hijo::Column::DocumentoId)
            .from(documento_hijo::Entity)
            .and_where(documento_hijo::Column::HijoId.eq(hijo))
            .to_owned();
        select = select.filter(documento::Column::Id.in_subquery(about));
    }
    if let Some(q) = present(&query.q) {
        let pattern = like_pattern(&fold(q));
        select = select.filter(
            documento::Column::TituloBusqueda
                .like(sea_orm::sea_query::LikeExpr::new(pattern).escape('\\')),
        );
    }
    if let Some(cursor) = present(&query.cursor) {
        if cursor.len() > 36 {
            return Err(field_error("cursor", Msg::Validation));
        }
        select = select.filter(documento::Column::Id.lt(cursor));
    }
    let mut docs = select
        .order_by_desc(documento::Column::Id)
        .limit(PAGE + 1)
        .all(&state.db)
        .await?;
    let more = docs.len() as u64 > PAGE;
    docs.truncate(usize::try_from(PAGE).unwrap_or(50));
    let siguiente = more.then(|| docs.last().map(|d| d.id.clone())).flatten();
    Ok(Json(DocumentoListAnswer {
        success: true,
        data: DocumentoPage {
            documentos: views::many(&state.db, docs, &member, false).await?,
            siguiente,
        },
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SpaceQuery {
    familia_id: Option<String>,
}

/// How much of the family's quota counts for the caller: every version of its live documents, and
/// of the documents the caller deleted until they are purged (`eliminadosBytes`), not others'.
#[utoipa::path(get, path = "/documentos/espacio", tag = "documents", security(("bearer" = [])),
    params(SpaceQuery),
    responses(
        (status = 200, body = EspacioAnswer),
        (status = 400, description = "a malformed query", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "no family", body = ErrorBody),
    ))]
pub async fn space(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<SpaceQuery>,
) -> ApiResult<Json<EspacioAnswer>> {
    let Some(familia_id) = present(&query.familia_id) else {
        return Err(field_error("familiaId", Msg::DocumentFamilyRequired));
    };
    access::membership(&state.db, familia_id, &auth.user.id)
        .await?
        .ok_or_else(access::not_found)?;
    Ok(Json(EspacioAnswer {
        success: true,
        data: Espacio {
            usado_bytes: quota::used(&state.db, familia_id, &auth.user.id).await?,
            eliminados_bytes: quota::deleted_by(&state.db, familia_id, &auth.user.id).await?,
            cuota_bytes: state.config.document_quota_bytes,
        },
    }))
}

async fn answer(state: &AppState, found: Found) -> ApiResult<Json<DocumentoAnswer>> {
    Ok(Json(DocumentoAnswer {
        success: true,
        data: views::one(&state.db, found.doc, &found.member).await?,
    }))
}

/// One document with its versions, newest first. A deleted one is shown, while it can be
/// restored, to whoever may restore it.
#[utoipa::path(get, path = "/documentos/{id}", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = DocumentoAnswer), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn get_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentoAnswer>> {
    let found = access::find(&state.db, &id, &auth.user.id, Need::Read).await?;
    answer(&state, found).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentChange {
    titulo: Option<String>,
    categoria: Option<String>,
    /// Replaces the document's children.
    hijos: Option<Vec<String>>,
    /// Empty to clear them.
    notas: Option<String>,
    /// `privado` only by the uploader.
    visibilidad: Option<String>,
}

/// Change a document's title, category, children, notes or visibility: a co-parent who sees it.
#[utoipa::path(put, path = "/documentos/{id}", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = DocumentChange,
    responses(
        (status = 200, body = DocumentoAnswer),
        (status = 400, description = "not JSON, or the wrong shape", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "a body over the JSON limit", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
pub async fn update_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Json(change): Json<DocumentChange>,
) -> ApiResult<Json<DocumentoAnswer>> {
    let me = auth.user.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Change).await?;
    let uploader = found.doc.subido_por.as_deref() == Some(me.as_str());
    let mut errors = FieldErrors::default();
    let titulo = change
        .titulo
        .as_deref()
        .and_then(|t| errors.check("titulo", check_title(t)));
    let categoria = change
        .categoria
        .as_deref()
        .and_then(|c| errors.check("categoria", check_category(c)));
    let visibilidad = change
        .visibilidad
        .as_deref()
        .and_then(|v| errors.check("visibilidad", check_visibility(v, uploader)));
    let notas = change
        .notas
        .as_deref()
        .and_then(|n| errors.check("notas", check_notes(n)));
    let hijos = change.hijos.as_deref().map(split_children);
    if let Some(hijos) = &hijos
        && !children_of_family(&state.db, &found.doc.familia_id, hijos).await?
    {
        errors.add("hijos", Msg::DocumentChildrenInvalid);
    }
    validation(errors)?;
    let txn = state.db.begin().await?;
    let mut active: documento::ActiveModel = found.doc.clone().into();
    active.updated_at = Set(Utc::now());
    let mut changed = Vec::new();
    if let Some(titulo) = titulo {
        active.titulo_busqueda = Set(fold(&titulo));
        active.titulo = Set(titulo);
        changed.push("titulo");
    }
    if let Some(categoria) = categoria {
        active.categoria = Set(categoria);
        changed.push("categoria");
    }
    if let Some(visibilidad) = visibilidad {
        active.visibilidad = Set(visibilidad);
        changed.push("visibilidad");
    }
    if let Some(notas) = notas {
        active.notas = Set(notas);
        changed.push("notas");
    }
    // The update comes first: a write opens the transaction (SQLite).
    let doc = active.update(&txn).await?;
    if let Some(hijos) = &hijos {
        documento_hijo::Entity::delete_many()
            .filter(documento_hijo::Column::DocumentoId.eq(&doc.id))
            .exec(&txn)
            .await?;
        for hijo in hijos {
            documento_hijo::ActiveModel {
                documento_id: Set(doc.id.clone()),
                hijo_id: Set(hijo.clone()),
            }
            .insert(&txn)
            .await?;
        }
        changed.push("hijos");
    }
    let content =
        json!({"cambios": changed, "visibilidad": doc.visibilidad, "categoria": doc.categoria});
    write_act(&txn, &doc, kinds::DOCUMENT_CHANGED, Some(&me), content).await?;
    let wake = publish_change(&txn, &doc, Some(&found.doc)).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(
        &state,
        Found {
            doc,
            member: found.member,
        },
    )
    .await
}

/// Delete a document: hidden at once, restorable by a co-parent who sees it for 30 days, then
/// erased for good with every version's file.
#[utoipa::path(delete, path = "/documentos/{id}", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DocumentoAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn delete_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentoAnswer>> {
    let me = auth.user.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Change).await?;
    let now = Utc::now();
    let mut active: documento::ActiveModel = found.doc.into();
    active.eliminado_at = Set(Some(now));
    active.eliminado_por = Set(Some(me.clone()));
    active.updated_at = Set(now);
    let txn = state.db.begin().await?;
    let doc = active.update(&txn).await?;
    let content = json!({"restaurableHasta": access::purge_at(now)});
    write_act(&txn, &doc, kinds::DOCUMENT_DELETED, Some(&me), content).await?;
    let wake = publish_change(&txn, &doc, None).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(
        &state,
        Found {
            doc,
            member: found.member,
        },
    )
    .await
}

/// Restore a deleted document, within 30 days of its deletion.
#[utoipa::path(post, path = "/documentos/{id}/restaurar", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DocumentoAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, description = "no such document, not deleted, or past its 30 days", body = ErrorBody),
    ))]
pub async fn restore_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentoAnswer>> {
    let me = auth.user.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Restore).await?;
    let mut active: documento::ActiveModel = found.doc.into();
    active.eliminado_at = Set(None);
    active.eliminado_por = Set(None);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    let doc = active.update(&txn).await?;
    write_act(&txn, &doc, kinds::DOCUMENT_RESTORED, Some(&me), json!({})).await?;
    let wake = publish_change(&txn, &doc, None).await?;
    txn.commit().await?;
    state.wake(wake);
    answer(
        &state,
        Found {
            doc,
            member: found.member,
        },
    )
    .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// A version's number; the current one when absent.
    version: Option<String>,
    /// `true` to open a PDF or an image in the browser (under a sandboxing policy).
    inline: Option<String>,
}

/// A document's file (the current version, or `version`), as a download; PDFs and images open in
/// the browser with `inline=true`. Every download goes into the family record.
#[utoipa::path(get, path = "/documentos/{id}/archivo", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path), FileQuery),
    responses(
        (status = 200, description = "the file, never as HTML", content_type = "application/octet-stream"),
        (status = 400, description = "a malformed query", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such document or version", body = ErrorBody),
        (status = 422, description = "a version that is not a number", body = ErrorBody),
    ))]
pub async fn download(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<FileQuery>,
) -> ApiResult<Response<Body>> {
    let me = auth.user.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Read).await?;
    let numero = match present(&query.version) {
        None => found.doc.version,
        Some(text) => text
            .parse::<i32>()
            .map_err(|_| field_error("version", Msg::Validation))?,
    };
    let version = documento_version::Entity::find()
        .filter(documento_version::Column::DocumentoId.eq(&found.doc.id))
        .filter(documento_version::Column::Numero.eq(numero))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, Msg::DocumentVersionNotFound))?;
    let opened = state
        .files
        .open(&state.db, &version.clave)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .ok_or_else(access::not_found)?;
    let len = opened.len;
    let body = authenticated_body(opened).await?;
    let hijos = children_ids(&state.db, &found.doc.id).await?;
    // Once per person, document and family day: downloading again adds nothing to the record.
    let today = record::family_today(&state.db, &found.doc.familia_id).await?;
    let kind = kinds::DOCUMENT_DOWNLOADED;
    let mark = format!("{kind} {} {me}", found.doc.id);
    let content = json!({"version": numero});
    let act = act(&found.doc, &hijos, kind, Some(&me), content);
    let txn = state.db.begin().await?;
    record::append_once_a_day(&txn, &found.doc.familia_id, today, &mark, act).await?;
    let seen = notifications::centre::mark_read_of(&txn, &me, &found.doc.id).await?;
    txn.commit().await?;
    state.wake(seen);
    let wanted = if present(&query.inline) == Some("true") {
        Download::inline(&version.tipo, &version.nombre)
    } else {
        Download::attachment(&version.tipo, &version.nombre)
    };
    let mut response = Response::new(body);
    wanted.len(len).apply(response.headers_mut());
    Ok(response)
}

/// Erases for good the documents deleted more than 30 days before `now`, with every version's
/// file; answers how many. Run by the periodic jobs.
pub async fn purge_due(state: &AppState, now: DateTime<Utc>) -> ApiResult<u64> {
    let limit = now - chrono::Duration::days(RESTORE_DAYS);
    let due = documento::Entity::find()
        .filter(documento::Column::EliminadoAt.lte(limit))
        .all(&state.db)
        .await?;
    let mut erased = 0;
    for doc in due {
        let files: Vec<String> = documento_version::Entity::find()
            .filter(documento_version::Column::DocumentoId.eq(&doc.id))
            .all(&state.db)
            .await?
            .iter()
            .flat_map(documento_version::Model::keys)
            .collect();
        // The record's entry names the children, read before their links go with the row.
        let hijos = children_ids(&state.db, &doc.id).await?;
        let txn = state.db.begin().await?;
        let purged = documento::Entity::delete_many()
            .filter(documento::Column::Id.eq(&doc.id))
            .filter(documento::Column::EliminadoAt.lte(limit))
            .exec(&txn)
            .await?
            .rows_affected;
        let mut wake = Wake::none();
        if purged > 0 {
            record::append(
                &txn,
                &doc.familia_id,
                Act {
                    kind: kinds::DOCUMENT_PURGED,
                    actor: None,
                    content: json!({"documento": doc.id, "titulo": doc.titulo}),
                    subjects: hijos.iter().map(|h| record::child_subject(h)).collect(),
                    audience: access::record_audience(&doc),
                },
            )
            .await?;
            wake = publish_change(&txn, &doc, None).await?;
        }
        erased += purged;
        pending::note(&txn, state, &files).await?;
        txn.commit().await?;
        state.wake(wake);
        photo::after_change(state, &[], &files).await;
    }
    if erased > 0 {
        crate::db::after_erasure(&state.db).await?;
    }
    Ok(erased)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_fold_and_wildcards_are_escaped() {
        assert_eq!(fold("Informe MÉDICO Añual"), "informe medico anual");
        assert_eq!(like_pattern("50%_x"), "%50\\%\\_x%");
        assert_eq!(
            split_children(&["b, a".to_owned(), "a".to_owned(), " ".to_owned()]),
            vec!["a".to_owned(), "b".to_owned()]
        );
    }
}
