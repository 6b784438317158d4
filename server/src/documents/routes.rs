//! The documents' routes: upload, list, read, change, delete and restore, versions, the file.

use axum::{
    body::Body,
    extract::{Multipart, Path, Query, State, multipart::MultipartRejection},
    http::{Response, StatusCode},
};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    Set, TransactionTrait, sea_query::Query as SqlQuery,
};
use serde_json::json;

use super::{
    access::{self, Found, Need, RESTORE_DAYS},
    entities::{documento, documento_hijo, documento_version},
    input::{
        DocumentChange, DocumentListQuery, DocumentUpload, FileQuery, SpaceQuery, VersionUpload,
        check_category, check_form, check_notes, check_title, check_visibility, field_error, fold,
        like_pattern, open_form, present, read_form, room_in, split_children, validation,
    },
    quota,
    store::{
        act, children_ids, children_of_family, keep_if_recorded, lock_and_check_quota,
        notify_upload, publish_change, version_row, visible_condition, write_act,
    },
    upload,
    views::{self, DocumentAnswer, DocumentListAnswer, DocumentPage, StorageUse, StorageUseAnswer},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self,
        professionals::lens::Lens,
        record::{self, kinds},
    },
    i18n::Msg,
    ids::{self, FamilyId},
    notifications,
    platform::{download::Download, files::answer::authenticated_body},
    request::{AuthUser, Json},
    state::AppState,
    vocabulary::ClosedSet,
};

const PAGE: u64 = 50;

/// Upload a document to a family: a co-parent's.
///
/// The file is judged by its content (PDF, image, office document) and stored encrypted; images
/// are re-encoded without their metadata. The other members who can see it are notified.
#[utoipa::path(post, path = "/documentos", tag = "documents", security(("bearer" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = DocumentAnswer),
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
) -> ApiResult<(StatusCode, Json<DocumentAnswer>)> {
    let me = auth.id.clone();
    let mut multipart = open_form(multipart)?;
    let (form, stored) = read_form(&state, &mut multipart, &me).await?;
    let Some(stored) = stored else {
        return Err(field_error("archivo", Msg::DocumentFileRequired));
    };
    let work = async {
        let new = check_form(&state, form, &me).await?;
        let now = Utc::now();
        let txn = state.db.begin().await?;
        lock_and_check_quota(
            &state,
            &txn,
            &FamilyId::new(&new.familia_id),
            &me,
            stored.tamano,
        )
        .await?;
        let doc = documento::ActiveModel {
            id: Set(ids::new_id()),
            familia_id: Set(new.familia_id.clone()),
            titulo_busqueda: Set(fold(&new.titulo)),
            titulo: Set(new.titulo),
            categoria: Set(new.categoria.into()),
            notas: Set(new.notas),
            visibilidad: Set(new.visibilidad.into()),
            subido_por: Set(Some(me.to_string())),
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
        let member = families::membership(&txn, &FamilyId::new(&doc.familia_id), &me)
            .await?
            .ok_or_else(access::not_found)?;
        txn.commit().await?;
        state.wake(wake);
        Ok((doc, member))
    };
    let (doc, member) = keep_if_recorded(&state, &stored, work).await?;
    Ok((
        StatusCode::CREATED,
        Json(DocumentAnswer {
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
        (status = 201, body = DocumentAnswer),
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
) -> ApiResult<(StatusCode, Json<DocumentAnswer>)> {
    let me = auth.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Change).await?;
    let mut multipart = open_form(multipart)?;
    let room = room_in(&state, &FamilyId::new(&found.doc.familia_id), &me).await?;
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
        lock_and_check_quota(
            &state,
            &txn,
            &FamilyId::new(&found.doc.familia_id),
            &me,
            stored.tamano,
        )
        .await?;
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
        Json(DocumentAnswer {
            success: true,
            data: views::one(&state.db, doc, &found.member).await?,
        }),
    ))
}

/// A family's documents the caller can see, newest first, 50 a page.
#[utoipa::path(get, path = "/documentos", tag = "documents", security(("bearer" = [])),
    params(DocumentListQuery),
    responses(
        (status = 200, body = DocumentListAnswer),
        (status = 400, description = "a malformed query", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "no family, or a bad filter", body = ErrorBody),
    ))]
pub async fn list_documents(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<DocumentListQuery>,
) -> ApiResult<Json<DocumentListAnswer>> {
    let Some(familia_id) = FamilyId::named(query.familia_id.as_deref()) else {
        return Err(field_error("familiaId", Msg::DocumentFamilyRequired));
    };
    let (member, lens) = match families::membership(&state.db, &familia_id, &auth.id).await? {
        Some(member) => (member, None),
        None => {
            let reached = families::look::<access::Documents>(&state, &familia_id, &auth.id)
                .await
                .map_err(|_| access::not_found())?;
            (reached.me, reached.lens)
        }
    };
    // A professional sees as their viewpoint does, and changes nothing: the views say so.
    let mut shown_to = member.clone();
    if lens.is_some() {
        shown_to.permiso = families::Permission::Viewer.wire().into();
    }
    let deleted = present(&query.eliminados) == Some("true");
    let mut select = documento::Entity::find()
        .filter(documento::Column::FamiliaId.eq(familia_id))
        .filter(visible_condition(&member));
    if let Some(lens) = &lens {
        select = select.filter(through_lens(lens));
    }
    if deleted {
        if lens.is_some() || !families::can_edit(&member) {
            return Ok(Json(DocumentListAnswer {
                success: true,
                data: DocumentPage {
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
    Ok(Json(DocumentListAnswer {
        success: true,
        data: DocumentPage {
            documentos: views::many(&state.db, docs, &shown_to, false).await?,
            siguiente,
        },
    }))
}

/// The documents a professional's lens leaves: uploaded in its period, about its children or
/// about none in particular.
fn through_lens(lens: &Lens) -> Condition {
    let (from, until) = lens.instants();
    let mut seen = Condition::all();
    if let Some(from) = from {
        seen = seen.add(documento::Column::CreatedAt.gte(from));
    }
    if let Some(until) = until {
        seen = seen.add(documento::Column::CreatedAt.lt(until));
    }
    if let Some(children) = lens.about_children(
        documento::Column::Id,
        documento_hijo::Entity,
        documento_hijo::Column::DocumentoId,
        documento_hijo::Column::HijoId,
    ) {
        seen = seen.add(children);
    }
    seen
}

/// How much of the family's quota counts for the caller: every version of its live documents, and
/// of the documents the caller deleted until they are purged (`eliminadosBytes`), not others'.
#[utoipa::path(get, path = "/documentos/espacio", tag = "documents", security(("bearer" = [])),
    params(SpaceQuery),
    responses(
        (status = 200, body = StorageUseAnswer),
        (status = 400, description = "a malformed query", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a member of the family", body = ErrorBody),
        (status = 422, description = "no family", body = ErrorBody),
    ))]
pub async fn space(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<SpaceQuery>,
) -> ApiResult<Json<StorageUseAnswer>> {
    let Some(familia_id) = FamilyId::named(query.familia_id.as_deref()) else {
        return Err(field_error("familiaId", Msg::DocumentFamilyRequired));
    };
    families::membership(&state.db, &familia_id, &auth.id)
        .await?
        .ok_or_else(access::not_found)?;
    Ok(Json(StorageUseAnswer {
        success: true,
        data: StorageUse {
            usado_bytes: quota::used(&state.db, &familia_id, &auth.id).await?,
            eliminados_bytes: quota::deleted_by(&state.db, &familia_id, &auth.id).await?,
            cuota_bytes: state.config.document_quota_bytes,
        },
    }))
}

async fn answer(state: &AppState, found: Found) -> ApiResult<Json<DocumentAnswer>> {
    Ok(Json(DocumentAnswer {
        success: true,
        data: views::one(&state.db, found.doc, &found.member).await?,
    }))
}

/// One document with its versions, newest first. A deleted one is shown, while it can be
/// restored, to whoever may restore it.
#[utoipa::path(get, path = "/documentos/{id}", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = DocumentAnswer), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn get_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentAnswer>> {
    let found = access::find(&state.db, &id, &auth.id, Need::Read).await?;
    answer(&state, found).await
}

/// Change a document's title, category, children, notes or visibility: a co-parent who sees it.
#[utoipa::path(put, path = "/documentos/{id}", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = DocumentChange,
    responses(
        (status = 200, body = DocumentAnswer),
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
) -> ApiResult<Json<DocumentAnswer>> {
    let me = auth.id.clone();
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
        && !children_of_family(&state.db, &FamilyId::new(&found.doc.familia_id), hijos).await?
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
        active.categoria = Set(categoria.into());
        changed.push("categoria");
    }
    if let Some(visibilidad) = visibilidad {
        active.visibilidad = Set(visibilidad.into());
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
        (status = 200, body = DocumentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn delete_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentAnswer>> {
    let me = auth.id.clone();
    let found = access::find(&state.db, &id, &me, Need::Change).await?;
    let now = Utc::now();
    let mut active: documento::ActiveModel = found.doc.into();
    active.eliminado_at = Set(Some(now));
    active.eliminado_por = Set(Some(me.to_string()));
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
        (status = 200, body = DocumentAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer who sees the document", body = ErrorBody),
        (status = 404, description = "no such document, not deleted, or past its 30 days", body = ErrorBody),
    ))]
pub async fn restore_document(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentAnswer>> {
    let me = auth.id.clone();
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

/// A document's file (the current version, or `version`), as a download; PDFs and images open in
/// the browser with `inline=true`. Every download goes into the family record.
#[utoipa::path(get, path = "/documentos/{id}/archivo", tag = "documents", security(("bearer" = [])),
    params(("id" = String, Path), FileQuery),
    responses(
        (status = 200, description = "the file, never as HTML: a PDF, an image or an office document", content_type = "*/*"),
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
    let me = auth.id.clone();
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
