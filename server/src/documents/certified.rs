//! The documents part of a certified report: the index of the family's documents a member sees
//! (`access::can_see`: never another's private document), as they stand, each with its versions
//! uploaded up to the end of the period and each version's SHA-256.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::{
    access::can_see,
    entities::{documento, documento_version},
};
use crate::{families::entities::miembro, state::AppState};

pub struct ReportedDocument {
    pub documento: documento::Model,
    /// Oldest first.
    pub versiones: Vec<documento_version::Model>,
}

pub async fn index(
    state: &AppState,
    member: &miembro::Model,
    until: DateTime<Utc>,
) -> Result<Vec<ReportedDocument>, DbErr> {
    let documents: Vec<documento::Model> = documento::Entity::find()
        .filter(documento::Column::FamiliaId.eq(&member.familia_id))
        .filter(documento::Column::EliminadoAt.is_null())
        .filter(documento::Column::CreatedAt.lt(until))
        .order_by_asc(documento::Column::CreatedAt)
        .all(&state.db)
        .await?
        .into_iter()
        .filter(|d| can_see(d, member))
        .collect();
    let ids: Vec<String> = documents.iter().map(|d| d.id.clone()).collect();
    let mut versions: HashMap<String, Vec<documento_version::Model>> = HashMap::new();
    for version in documento_version::Entity::find()
        .filter(documento_version::Column::DocumentoId.is_in(ids))
        .filter(documento_version::Column::CreatedAt.lt(until))
        .order_by_asc(documento_version::Column::Numero)
        .all(&state.db)
        .await?
    {
        versions
            .entry(version.documento_id.clone())
            .or_default()
            .push(version);
    }
    Ok(documents
        .into_iter()
        .map(|documento| ReportedDocument {
            versiones: versions.remove(&documento.id).unwrap_or_default(),
            documento,
        })
        .collect())
}
