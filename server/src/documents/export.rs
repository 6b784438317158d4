//! What documents add to a user's export: the documents they uploaded, with every version's
//! file they uploaded.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::entities::{documento, documento_hijo, documento_version};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json, export_stored},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
documentos/documentos.json     los documentos que subiste, con sus versiones / the documents you uploaded, with their versions
documentos/archivos/           los archivos de esas versiones que subiste / the files of those versions you uploaded\n";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Version {
    numero: i32,
    nombre: String,
    tipo: String,
    tamano: i64,
    sha256: String,
    subida_por_ti: bool,
    created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Document {
    id: String,
    familia_id: String,
    titulo: String,
    categoria: String,
    notas: Option<String>,
    visibilidad: String,
    hijos: Vec<String>,
    created_at: chrono::DateTime<chrono::Utc>,
    eliminado_at: Option<chrono::DateTime<chrono::Utc>>,
    versiones: Vec<Version>,
}

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let docs = documento::Entity::find()
        .filter(documento::Column::SubidoPor.eq(&user.id))
        .order_by_asc(documento::Column::Id)
        .all(&state.db)
        .await?;
    let mut out = Vec::new();
    let mut listed = Vec::new();
    for doc in docs {
        let versions = documento_version::Entity::find()
            .filter(documento_version::Column::DocumentoId.eq(&doc.id))
            .order_by_asc(documento_version::Column::Numero)
            .all(&state.db)
            .await?;
        let hijos = documento_hijo::Entity::find()
            .filter(documento_hijo::Column::DocumentoId.eq(&doc.id))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|l| l.hijo_id)
            .collect();
        for v in versions
            .iter()
            .filter(|v| v.subido_por.as_deref() == Some(&user.id))
        {
            out.push(export_stored(
                format!("documentos/archivos/{}/v{}-{}", doc.id, v.numero, v.nombre),
                v.clave.clone(),
            ));
        }
        listed.push(Document {
            id: doc.id,
            familia_id: doc.familia_id,
            titulo: doc.titulo,
            categoria: doc.categoria,
            notas: doc.notas,
            visibilidad: doc.visibilidad,
            hijos,
            created_at: doc.created_at,
            eliminado_at: doc.eliminado_at,
            versiones: versions
                .into_iter()
                .map(|v| Version {
                    subida_por_ti: v.subido_por.as_deref() == Some(&user.id),
                    numero: v.numero,
                    nombre: v.nombre,
                    tipo: v.tipo,
                    tamano: v.tamano,
                    sha256: v.sha256,
                    created_at: v.created_at,
                })
                .collect(),
        });
    }
    out.insert(0, export_json("documentos/documentos.json", &listed)?);
    Ok(out)
}
