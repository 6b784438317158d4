//! What the professional-access routes answer.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveTime, SecondsFormat, TimeZone, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    entities::{self as acceso, lectura},
    input::{AccessKind, Area, Profession},
    store::{AccessState, list, missing_consents, state_of},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{entities::familia, record::entities::entrada},
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
    /// What the professional read, newest day first: for those who read the access log (its
    /// grantor for a parent's own professional, every co-parent for a family's); null for
    /// everyone else.
    pub lecturas: Option<Vec<ReadingView>>,
}

/// A professional's reading of one area on one day of the family's calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingView {
    #[schema(value_type = Area)]
    pub area: String,
    #[schema(value_type = crate::fields::Day)]
    pub dia: NaiveDate,
    /// The first reading of that day.
    pub leido_at: DateTime<Utc>,
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
    /// While active: when something last happened in the areas and period of the access (the
    /// newest entry of the family record about them); null when nothing did.
    pub ultima_actividad: Option<DateTime<Utc>>,
    /// While active: the family's co-parents, whom the professional works with (a coordinator
    /// names them in a proposal).
    pub progenitores: Vec<CaseParent>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CaseParent {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
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

/// Whether `reader` reads the access log of `row`.
fn reads_log(row: &acceso::Model, coparents: &[String], reader: &str) -> bool {
    match AccessKind::from_wire(&row.tipo) {
        Some(AccessKind::OneParent) => row.otorgado_por.as_deref() == Some(reader),
        Some(AccessKind::Family) => coparents.iter().any(|c| c == reader),
        None => false,
    }
}

/// The access logs of these accesses, by access.
async fn readings(
    db: &impl ConnectionTrait,
    ids: Vec<String>,
) -> Result<HashMap<String, Vec<ReadingView>>, DbErr> {
    let mut logs: HashMap<String, Vec<ReadingView>> = HashMap::new();
    if ids.is_empty() {
        return Ok(logs);
    }
    let rows = lectura::Entity::find()
        .filter(lectura::Column::AccesoId.is_in(ids))
        .order_by_desc(lectura::Column::Dia)
        .order_by_asc(lectura::Column::Area)
        .all(db)
        .await?;
    for row in rows {
        logs.entry(row.acceso_id).or_default().push(ReadingView {
            area: row.area,
            dia: row.dia,
            leido_at: row.leido_at,
        });
    }
    Ok(logs)
}

/// The views of `rows` (one family's) as `reader` gets them, given its co-parents today.
pub(super) async fn views(
    db: &impl ConnectionTrait,
    rows: Vec<acceso::Model>,
    coparents: &[String],
    reader: &str,
) -> Result<Vec<AccessView>, DbErr> {
    let logged: Vec<String> = rows
        .iter()
        .filter(|r| reads_log(r, coparents, reader))
        .map(|r| r.id.clone())
        .collect();
    let mut logs = readings(db, logged).await?;
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
            let lecturas = reads_log(&row, coparents, reader)
                .then(|| logs.remove(&row.id).unwrap_or_default());
            AccessView {
                lecturas,
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

/// The view of one access, as `reader` gets it.
pub(super) async fn view(
    db: &impl ConnectionTrait,
    row: acceso::Model,
    coparents: &[String],
    reader: &str,
) -> ApiResult<AccessView> {
    views(db, vec![row], coparents, reader)
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
        ultima_actividad: None,
        progenitores: Vec::new(),
    }
}

/// The record's kinds about each area, by the prefix of their names.
fn kinds_of(area: Area) -> &'static [&'static str] {
    match area {
        Area::Children => &["hijo.", "tarjeta."],
        Area::Messages => &["conversacion.", "mensaje."],
        Area::Calendar => &["evento.", "custodia.", "cambio.", "entrega."],
        Area::Money => &["finanzas.", "gasto.", "pago.", "cuota."],
        Area::Documents => &["documento."],
    }
}

/// When the family record last said something about the case's areas within its period (days
/// of the family's time zone `zone`): what any member reads of the record (that an entry of a kind
/// exists, and when), never its content.
pub(super) async fn latest_activity(
    db: &impl ConnectionTrait,
    case: &CaseView,
    zone: &str,
) -> Result<Option<DateTime<Utc>>, DbErr> {
    let mut about = Condition::any();
    for area in case.alcance.areas.iter().filter_map(|a| Area::from_wire(a)) {
        for prefix in kinds_of(area) {
            about = about.add(entrada::Column::Tipo.starts_with(*prefix));
        }
    }
    let mut find = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(&case.familia.id))
        .filter(about);
    let zone: Tz = zone.parse().unwrap_or(Tz::UTC);
    let stamp = |day: NaiveDate| {
        zone.from_local_datetime(&day.and_time(NaiveTime::MIN))
            .earliest()
            .map(|at| at.to_utc().to_rfc3339_opts(SecondsFormat::Millis, true))
    };
    if let Some(from) = case.alcance.desde.and_then(stamp) {
        find = find.filter(entrada::Column::Hora.gte(from));
    }
    if let Some(until) = case
        .alcance
        .hasta
        .and_then(|d| d.succ_opt())
        .and_then(stamp)
    {
        find = find.filter(entrada::Column::Hora.lt(until));
    }
    Ok(find
        .order_by_desc(entrada::Column::Seq)
        .one(db)
        .await?
        .and_then(|e| DateTime::parse_from_rfc3339(&e.hora).ok())
        .map(|at| at.with_timezone(&Utc)))
}
