//! What the professional-access routes answer.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    entities as acceso,
    input::{AccessKind, Area, Profession},
    store::{AccessState, list, missing_consents, state_of},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::entities::familia,
    vocabulary::ClosedSet,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScopeView {
    #[schema(value_type = Vec<Area>)]
    pub areas: Vec<String>,
    /// Some of the family's children; null for every child.
    pub hijos: Option<Vec<String>>,
    #[schema(value_type = Option<crate::fields::Day>)]
    pub desde: Option<NaiveDate>,
    #[schema(value_type = Option<crate::fields::Day>)]
    pub hasta: Option<NaiveDate>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfessionalPerson {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    #[schema(value_type = AccessKind)]
    pub tipo: String,
    #[schema(value_type = Profession)]
    pub profesion: String,
    /// The address invited.
    pub email: String,
    /// The co-parent who granted it; null once their account is gone.
    pub otorgado_por: Option<String>,
    /// Who accepted it; null until then.
    pub profesional: Option<ProfessionalPerson>,
    pub alcance: ScopeView,
    pub vence_at: DateTime<Utc>,
    pub estado: AccessState,
    /// For a family's professional: the co-parents who consented, and those still to.
    pub consentimientos: Vec<String>,
    pub faltan_consentimientos: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub aceptado_at: Option<DateTime<Utc>>,
    pub terminado_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccessAnswer {
    pub success: bool,
    pub data: AccessView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccessesAnswer {
    pub success: bool,
    pub data: Vec<AccessView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CaseFamily {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
}

/// One of a professional's cases: a family they were given access to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseView {
    /// The access's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub familia: CaseFamily,
    #[schema(value_type = AccessKind)]
    pub tipo: String,
    #[schema(value_type = Profession)]
    pub profesion: String,
    pub alcance: ScopeView,
    pub vence_at: DateTime<Utc>,
    pub estado: AccessState,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CasesAnswer {
    pub success: bool,
    pub data: Vec<CaseView>,
}

fn scope(row: &acceso::Model) -> ScopeView {
    ScopeView {
        areas: list(&row.areas),
        hijos: row.hijos.as_deref().map(list),
        desde: row.desde,
        hasta: row.hasta,
    }
}

/// The views of `rows` (one family's), given its co-parents today.
pub(super) async fn views(
    db: &impl ConnectionTrait,
    rows: Vec<acceso::Model>,
    coparents: &[String],
) -> Result<Vec<AccessView>, DbErr> {
    let ids: Vec<String> = rows
        .iter()
        .filter_map(|r| r.profesional_id.clone())
        .collect();
    let people: HashMap<String, (String, String)> = if ids.is_empty() {
        HashMap::new()
    } else {
        usuario::Entity::find()
            .select_only()
            .columns([
                usuario::Column::Id,
                usuario::Column::Nombre,
                usuario::Column::Apellido,
            ])
            .filter(usuario::Column::Id.is_in(ids))
            .into_tuple::<(String, String, String)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(id, nombre, apellido)| (id, (nombre, apellido)))
            .collect()
    };
    let now = Utc::now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let profesional = row.profesional_id.as_ref().and_then(|id| {
                people.get(id).map(|(nombre, apellido)| ProfessionalPerson {
                    id: id.clone(),
                    nombre: nombre.clone(),
                    apellido: apellido.clone(),
                })
            });
            let family_kind = row.tipo == AccessKind::Family.wire();
            AccessView {
                estado: state_of(&row, coparents, now),
                alcance: scope(&row),
                consentimientos: if family_kind {
                    list(&row.consentimientos)
                } else {
                    Vec::new()
                },
                faltan_consentimientos: missing_consents(&row, coparents),
                profesional,
                id: row.id,
                familia_id: row.familia_id,
                tipo: row.tipo,
                profesion: row.profesion,
                email: row.email,
                otorgado_por: row.otorgado_por,
                vence_at: row.vence_at,
                created_at: row.created_at,
                aceptado_at: row.aceptado_at,
                terminado_at: row.terminado_at,
            }
        })
        .collect())
}

/// The view of one access.
pub(super) async fn view(
    db: &impl ConnectionTrait,
    row: acceso::Model,
    coparents: &[String],
) -> ApiResult<AccessView> {
    views(db, vec![row], coparents)
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("a view of the access"))
}

/// The case of `row`, in `family`, given its co-parents today.
pub(super) fn case(row: acceso::Model, family: &familia::Model, coparents: &[String]) -> CaseView {
    CaseView {
        estado: state_of(&row, coparents, Utc::now()),
        alcance: scope(&row),
        familia: CaseFamily {
            id: family.id.clone(),
            nombre: family.nombre.clone(),
        },
        id: row.id,
        tipo: row.tipo,
        profesion: row.profesion,
        vence_at: row.vence_at,
    }
}
