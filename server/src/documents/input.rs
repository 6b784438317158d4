//! What a document must be: the upload form (its file stored as it arrives, within the room the
//! family's quota and the uploader's day leave), a change's body and the queries, checked, all
//! problems of the fields reported at once.

use axum::{
    extract::{
        Multipart,
        multipart::{Field, MultipartRejection},
    },
    http::StatusCode,
};
use chrono::Utc;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::{
    access, quota,
    store::children_of_family,
    upload::{self, Room, Stored},
    vocabulary::{DocumentCategory, Visibility},
};
use crate::vocabulary::one_of;
use crate::{
    error::{ApiError, ApiResult, FieldErrors},
    families, fields,
    i18n::Msg,
    ids::{FamilyId, UserId},
    platform::photo,
    state::AppState,
};

const TITLE_MAX: usize = 200;
const NOTES_MAX: usize = 2000;
/// A text field of the upload form: far more than any title or list of children.
const TEXT_FIELD_MAX: usize = 16 * 1024;

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
    #[schema(value_type = DocumentCategory)]
    categoria: String,
    #[schema(format = "one-line", min_length = 1, max_length = 200, pattern = r"\S")]
    titulo: String,
    /// Children of the family: the field repeated, or ids separated by commas.
    #[schema(nullable = false)]
    hijos: Option<Vec<String>>,
    /// Up to 2000 characters.
    #[schema(format = "multi-line", nullable = false, max_length = 2000)]
    notas: Option<String>,
    /// familia when absent.
    #[schema(nullable = false, value_type = Option<Visibility>)]
    visibilidad: Option<String>,
}

/// The multipart form of a new version.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct VersionUpload {
    #[schema(value_type = String, format = Binary)]
    archivo: Vec<u8>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DocumentListQuery {
    /// One of the caller's families (required).
    #[param(required = true, value_type = String)]
    pub(super) familia_id: Option<String>,
    #[param(value_type = Option<DocumentCategory>)]
    pub(super) categoria: Option<String>,
    /// Only documents about this child.
    pub(super) hijo_id: Option<String>,
    /// Words of the title, insensitive to case and accents.
    #[param(max_length = 200)]
    pub(super) q: Option<String>,
    /// The `siguiente` of the previous page.
    pub(super) cursor: Option<String>,
    /// `true`: the deleted documents the caller may still restore, instead.
    pub(super) eliminados: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SpaceQuery {
    #[param(required = true, value_type = String)]
    pub(super) familia_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// A version's number; the current one when absent.
    pub(super) version: Option<String>,
    /// `true` to open a PDF or an image in the browser (under a sandboxing policy).
    pub(super) inline: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentChange {
    #[schema(format = "one-line", min_length = 1, max_length = 200, pattern = r"\S")]
    pub(super) titulo: Option<String>,
    #[schema(value_type = Option<DocumentCategory>)]
    pub(super) categoria: Option<String>,
    /// Replaces the document's children.
    pub(super) hijos: Option<Vec<String>>,
    /// Empty to clear them.
    #[schema(format = "multi-line", max_length = 2000)]
    pub(super) notas: Option<String>,
    /// `privado` only by the uploader.
    #[schema(value_type = Option<Visibility>)]
    pub(super) visibilidad: Option<String>,
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

pub(super) fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Escapes LIKE's wildcards in what the user typed.
pub(super) fn like_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

pub(super) fn validation(errors: FieldErrors) -> ApiResult<()> {
    errors
        .into_result()
        .map_err(|e| e.with_msg(Msg::DocumentValidation))
}

pub(super) fn field_error(field: &'static str, msg: Msg) -> ApiError {
    ApiError::field(field, msg).with_msg(Msg::DocumentValidation)
}

pub(super) fn check_title(value: &str) -> Result<String, Msg> {
    fields::text(
        Some(value.to_owned()),
        TITLE_MAX,
        Msg::DocumentTitleRequired,
    )
    .map_err(|m| match m {
        Msg::TooLong => Msg::DocumentTitleRequired,
        other => other,
    })
}

pub(super) fn check_category(value: &str) -> Result<DocumentCategory, Msg> {
    one_of(value, Msg::DocumentCategoryInvalid)
}

pub(super) fn check_visibility(value: &str, uploader: bool) -> Result<Visibility, Msg> {
    match one_of(value, Msg::DocumentVisibilityInvalid)? {
        // Only the uploader may hide a document from everyone but themselves.
        Visibility::Private if !uploader => Err(Msg::DocumentVisibilityInvalid),
        visibility => Ok(visibility),
    }
}

pub(super) fn check_notes(value: &str) -> Result<Option<String>, Msg> {
    fields::optional_multiline_text(Some(value.to_owned()), NOTES_MAX).map_err(|m| match m {
        Msg::TooLong => Msg::DocumentNotesTooLong,
        other => other,
    })
}

/// Children ids sent as repeated fields or separated by commas.
pub(super) fn split_children(values: &[String]) -> Vec<String> {
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

/// What the upload form said besides the file.
#[derive(Default)]
pub(super) struct Form {
    pub(super) familia_id: Option<String>,
    pub(super) categoria: Option<String>,
    pub(super) titulo: Option<String>,
    pub(super) hijos: Vec<String>,
    pub(super) notas: Option<String>,
    pub(super) visibilidad: Option<String>,
}

pub(super) async fn read_text(mut field: Field<'_>) -> ApiResult<String> {
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

pub(super) fn open_form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Multipart> {
    multipart.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => upload::too_large(),
        _ => ApiError::bad_request(Msg::DocumentFileRequired),
    })
}

/// The room a file has in a family where the caller is a co-parent (checked here, before a byte
/// of it is stored).
pub(super) async fn room_in(
    state: &AppState,
    familia_id: &FamilyId,
    me: &UserId,
) -> ApiResult<Room> {
    let member = families::membership(&state.db, familia_id, me)
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
pub(super) async fn within_day(state: &AppState, me: &UserId, room: Room) -> ApiResult<Room> {
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
pub(super) async fn read_form(
    state: &AppState,
    multipart: &mut Multipart,
    me: &UserId,
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
                    let room = match FamilyId::named(form.familia_id.as_deref()) {
                        Some(familia_id) => room_in(state, &familia_id, me).await?,
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
pub(super) struct NewDocument {
    pub(super) familia_id: String,
    pub(super) categoria: DocumentCategory,
    pub(super) titulo: String,
    pub(super) hijos: Vec<String>,
    pub(super) notas: Option<String>,
    pub(super) visibilidad: Visibility,
}

pub(super) async fn check_form(
    state: &AppState,
    form: Form,
    me: &UserId,
) -> ApiResult<NewDocument> {
    let familia_id = FamilyId::named(form.familia_id.as_deref())
        .ok_or_else(|| field_error("familiaId", Msg::DocumentFamilyRequired))?;
    // Another family's id answers as every other route does for it: it does not exist.
    let member = families::membership(&state.db, &familia_id, me)
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
        familia_id: familia_id.into(),
        categoria: categoria.unwrap_or(DocumentCategory::Legal),
        titulo: titulo.unwrap_or_default(),
        hijos,
        notas: notas.flatten(),
        visibilidad: visibilidad.unwrap_or(Visibility::Family),
    })
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
