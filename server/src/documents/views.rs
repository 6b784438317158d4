//! What the API shows of a document (`DocumentView`), built for a page of documents with one
//! read per table.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::vocabulary::{DocumentCategory, Visibility};
use super::{
    access::{self, purge_at},
    entities::{documento, documento_hijo, documento_version},
};
use crate::domain::PersonView;
use crate::{db::entities::usuario, error::ApiResult, families::entities::miembro};

#[derive(Serialize, ToSchema)]
pub struct DocumentAnswer {
    pub success: bool,
    pub data: DocumentView,
}

#[derive(Serialize, ToSchema)]
pub struct DocumentPage {
    pub documentos: Vec<DocumentView>,
    /// The cursor of the next page, if there is one.
    pub siguiente: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DocumentListAnswer {
    pub success: bool,
    pub data: DocumentPage,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageUse {
    /// What counts against the caller: the live documents, and those they deleted.
    pub usado_bytes: u64,
    /// Of that, the documents the caller deleted, counted until they are purged (30 days).
    pub eliminados_bytes: u64,
    pub cuota_bytes: u64,
}

#[derive(Serialize, ToSchema)]
pub struct StorageUseAnswer {
    pub success: bool,
    pub data: StorageUse,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DocumentFileView {
    pub nombre: String,
    /// The type it is served as (by content, never by the name it came with).
    pub tipo: String,
    /// Bytes.
    pub tamano: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentVersionView {
    pub numero: i32,
    pub archivo: DocumentFileView,
    pub subido_por: PersonView,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub titulo: String,
    #[schema(value_type = DocumentCategory)]
    pub categoria: String,
    pub notas: Option<String>,
    #[schema(value_type = Visibility)]
    pub visibilidad: String,
    pub hijos: Vec<String>,
    pub subido_por: PersonView,
    /// The current version's number, from 1.
    pub version: i32,
    /// The current version's file.
    pub archivo: DocumentFileView,
    /// Whether the caller may change, delete, restore it and add versions.
    pub puede_editar: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub eliminado_at: Option<DateTime<Utc>>,
    /// Until when a deleted document can be restored.
    pub restaurable_hasta: Option<DateTime<Utc>>,
    /// Every version, newest first: only in the answer about one document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub versiones: Option<Vec<DocumentVersionView>>,
}

fn archivo(version: Option<&documento_version::Model>) -> DocumentFileView {
    match version {
        Some(v) => DocumentFileView {
            nombre: v.nombre.clone(),
            tipo: v.tipo.clone(),
            tamano: v.tamano,
        },
        None => DocumentFileView {
            nombre: String::new(),
            tipo: String::new(),
            tamano: 0,
        },
    }
}

async fn people(
    db: &impl ConnectionTrait,
    ids: impl Iterator<Item = String>,
) -> ApiResult<HashMap<String, PersonView>> {
    let ids: Vec<String> = ids.collect();
    Ok(usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| {
            (
                u.id.clone(),
                PersonView {
                    id: u.id,
                    nombre: u.nombre,
                    apellido: u.apellido,
                },
            )
        })
        .collect())
}

fn person(people: &HashMap<String, PersonView>, id: Option<&String>) -> PersonView {
    id.and_then(|id| people.get(id))
        .cloned()
        .unwrap_or(PersonView {
            id: id.cloned().unwrap_or_default(),
            nombre: String::new(),
            apellido: String::new(),
        })
}

/// The views of these documents as `member` sees them, in their order; with every version when
/// `with_versions`.
pub async fn many(
    db: &impl ConnectionTrait,
    docs: Vec<documento::Model>,
    member: &miembro::Model,
    with_versions: bool,
) -> ApiResult<Vec<DocumentView>> {
    let ids: Vec<String> = docs.iter().map(|d| d.id.clone()).collect();
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    for link in documento_hijo::Entity::find()
        .filter(documento_hijo::Column::DocumentoId.is_in(ids.clone()))
        .order_by_asc(documento_hijo::Column::HijoId)
        .all(db)
        .await?
    {
        children
            .entry(link.documento_id)
            .or_default()
            .push(link.hijo_id);
    }
    let mut versions: HashMap<String, Vec<documento_version::Model>> = HashMap::new();
    for version in documento_version::Entity::find()
        .filter(documento_version::Column::DocumentoId.is_in(ids))
        .order_by_desc(documento_version::Column::Numero)
        .all(db)
        .await?
    {
        versions
            .entry(version.documento_id.clone())
            .or_default()
            .push(version);
    }
    let who = people(
        db,
        docs.iter().filter_map(|d| d.subido_por.clone()).chain(
            versions
                .values()
                .flatten()
                .filter_map(|v| v.subido_por.clone()),
        ),
    )
    .await?;
    Ok(docs
        .into_iter()
        .map(|doc| {
            let list = versions.remove(&doc.id).unwrap_or_default();
            let current = list.iter().find(|v| v.numero == doc.version);
            DocumentView {
                id: doc.id.clone(),
                familia_id: doc.familia_id.clone(),
                titulo: doc.titulo.clone(),
                categoria: doc.categoria.clone(),
                notas: doc.notas.clone(),
                visibilidad: doc.visibilidad.clone(),
                hijos: children.remove(&doc.id).unwrap_or_default(),
                subido_por: person(&who, doc.subido_por.as_ref()),
                version: doc.version,
                archivo: archivo(current),
                puede_editar: access::can_change(&doc, member),
                created_at: doc.created_at,
                updated_at: doc.updated_at,
                eliminado_at: doc.eliminado_at,
                restaurable_hasta: doc.eliminado_at.map(purge_at),
                versiones: with_versions.then(|| {
                    list.iter()
                        .map(|v| DocumentVersionView {
                            numero: v.numero,
                            archivo: archivo(Some(v)),
                            subido_por: person(&who, v.subido_por.as_ref()),
                            created_at: v.created_at,
                        })
                        .collect()
                }),
            }
        })
        .collect())
}

/// One document's view, with its versions.
pub async fn one(
    db: &impl ConnectionTrait,
    doc: documento::Model,
    member: &miembro::Model,
) -> ApiResult<DocumentView> {
    let mut views = many(db, vec![doc], member, true).await?;
    views.pop().ok_or_else(access::not_found)
}
