//! What a professional's export holds of their professional side: the profile they gave and
//! their cases as the case list shows them (which family, kind, scope, dates, state). Nothing a
//! family holds: that is the families', and ends with each access.

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::{
    entities as acceso, profile,
    views::{CaseView, case},
};
use crate::{
    domain::{ExportFile, export_json},
    error::ApiResult,
    families::{access::coparents, entities::familia},
};

#[derive(Serialize)]
struct Profile {
    profesion: String,
    matricula: Option<String>,
    organizacion: Option<String>,
}

#[derive(Serialize)]
struct ProfessionalExport {
    perfil: Option<Profile>,
    casos: Vec<CaseView>,
}

/// `profesional.json`, or nothing for someone who was never a professional.
pub async fn file(db: &impl ConnectionTrait, usuario_id: &str) -> ApiResult<Option<ExportFile>> {
    let perfil = profile::Entity::find_by_id(usuario_id)
        .one(db)
        .await?
        .map(|p| Profile {
            profesion: p.profesion,
            matricula: p.matricula,
            organizacion: p.organizacion,
        });
    let rows = acceso::Entity::find()
        .filter(acceso::Column::ProfesionalId.eq(usuario_id))
        .order_by_asc(acceso::Column::AceptadoAt)
        .all(db)
        .await?;
    if perfil.is_none() && rows.is_empty() {
        return Ok(None);
    }
    let mut casos = Vec::with_capacity(rows.len());
    for row in rows {
        if let Some(family) = familia::Entity::find_by_id(&row.familia_id).one(db).await? {
            let coparents = coparents(db, &row.familia_id).await?;
            casos.push(case(row, &family, &coparents));
        }
    }
    Ok(Some(export_json(
        "profesional.json",
        &ProfessionalExport { perfil, casos },
    )?))
}
