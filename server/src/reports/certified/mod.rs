//! Certified reports: a PDF of what a member may see of their family over a period, made by a
//! job, kept encrypted for 90 days, theirs alone, and entered in the family record when issued
//! (`informe.emitido`: who, which period and sections, the file's SHA-256; never its content).
//!
//! - `POST /api/familias/{id}/informes` asks for one (202, `pendiente`);
//! - `GET /api/informes/{id}` follows it (`progreso` 0–100, then `listo` or `fallido`);
//! - `GET /api/informes/{id}/pdf` downloads it; `DELETE /api/informes/{id}` removes it;
//! - `GET /api/familias/{id}/informes` lists the caller's.
//!
//! Each part is asked of its own domain (`*::certified`), which applies the rule of its routes;
//! a section the maker may not see (money, for a viewer) is left out, and the report lists the
//! sections it holds.

pub mod code;
pub mod document;
pub mod entities;
pub mod labels;
pub mod layout;
pub mod sign;
pub mod verify;
pub mod words;

use std::{collections::HashMap, time::Duration as StdDuration};

use axum::{
    body::Body,
    extract::{Path, State},
    http::StatusCode,
    response::Response,
};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use self::entities::informe;
use crate::{
    calendar::{self, custody::date_range, custody::zone_of, statistics::midnight},
    closed_set,
    db::entities::usuario,
    documents,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self, Reads, Scope, Whole,
        entities::{familia, miembro},
        notices,
        record::{self, Act, Audience, kinds},
    },
    i18n::{Lang, Msg},
    ids::{self, FamilyId, UserId},
    messages, money,
    notifications::{self, Notice},
    platform::{
        document_signing,
        download::Download,
        files::answer::authenticated_body,
        jobs::{self, Job},
        live::{self, LiveEvent, ReportIds},
        pending,
        rate_limit::Limit,
        timestamp,
        upload::hex,
    },
    request::{AuthUser, Done, Json},
    state::AppState,
    vocabulary::ClosedSet,
};

/// The job that makes a report.
pub const JOB: &str = "informes.generar";
/// The periodic job that removes reports past their 90 days.
pub const SWEEP: &str = "informes.vencidos";
/// How long a report is kept.
pub const KEPT_DAYS: i64 = 90;

const REPORTS_PER_USER: Limit = Limit {
    name: "informes_usuario",
    max: 10,
    window: StdDuration::from_secs(60 * 60),
};

closed_set! {
    /// A part of a certified report.
    pub enum ReportSection {
        Messages = "mensajes",
        Calendar = "calendario",
        Money = "dinero",
        Documents = "documentos",
        Record = "registro",
    }
}

closed_set! {
    /// Where a report stands.
    pub enum ReportState {
        Pending = "pendiente",
        Ready = "listo",
        Failed = "fallido",
        /// Its file was removed (by its maker, or after 90 days); its facts stay, so that its
        /// code and hash can still be checked. Never shown to its maker.
        Removed = "borrado",
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportInput {
    /// `YYYY-MM-DD`, the first day, in the family's time zone.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub desde: Option<String>,
    /// `YYYY-MM-DD`, the last day (included); at most 5 years after `desde`.
    #[schema(required = true, value_type = crate::fields::Day)]
    pub hasta: Option<String>,
    /// One or more; those the caller may not see are left out.
    #[schema(required = true, value_type = Vec<ReportSection>, min_items = 1)]
    pub secciones: Option<Vec<String>>,
    #[schema(required = true, value_type = Lang)]
    pub idioma: Option<String>,
    /// Whether to append the files sent with the reported messages to the PDF, as attachments
    /// (PDF/A-3u), up to 64 MB of them; they are listed with their SHA-256 either way.
    pub adjuntos: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub estado: ReportState,
    /// 0 to 100.
    pub progreso: i32,
    pub paginas: Option<i32>,
    /// Of the PDF file, hex.
    pub sha256: Option<String>,
    /// The verification code printed on every page, `XXXX-XXXX-XXXX-XXXX`.
    pub codigo: Option<String>,
    /// Bytes.
    pub tamano: Option<i64>,
    #[schema(value_type = crate::fields::Day)]
    pub desde: NaiveDate,
    #[schema(value_type = crate::fields::Day)]
    pub hasta: NaiveDate,
    /// The sections it holds.
    pub secciones: Vec<ReportSection>,
    pub idioma: Lang,
    pub creado_at: DateTime<Utc>,
    pub listo_at: Option<DateTime<Utc>>,
    /// When it is removed.
    pub vence_at: DateTime<Utc>,
    /// The outside timestamp (RFC 3161) of its signature; null when the server has no authority
    /// configured, or it did not answer.
    pub sello: Option<ReportStamp>,
}

/// An outside timestamp (RFC 3161) of a report's signature.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportStamp {
    /// Its token holds, by the authority's certificate, for this signature.
    pub valido: bool,
    /// The authority's certificate subject; null when the token does not hold.
    pub autoridad: Option<String>,
    /// The authority's time; null when the token does not hold.
    pub momento: Option<DateTime<Utc>>,
}

impl ReportStamp {
    fn of(stamp: Option<timestamp::Stamp>) -> ReportStamp {
        ReportStamp {
            valido: stamp.is_some(),
            autoridad: stamp.as_ref().map(|s| s.authority.clone()),
            momento: stamp.map(|s| s.moment),
        }
    }

    fn kept(row: &informe::Model) -> Option<ReportStamp> {
        Some(ReportStamp {
            valido: true,
            autoridad: Some(row.sello_autoridad.clone()?),
            momento: Some(row.sello_momento?),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportAnswer {
    pub success: bool,
    pub data: ReportView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportListAnswer {
    pub success: bool,
    pub data: Vec<ReportView>,
}

fn sections_of(row: &informe::Model) -> Vec<ReportSection> {
    serde_json::from_str::<Vec<String>>(&row.secciones)
        .unwrap_or_default()
        .iter()
        .filter_map(|s| ReportSection::from_wire(s))
        .collect()
}

fn view(row: informe::Model) -> ReportView {
    let secciones = sections_of(&row);
    ReportView {
        sello: ReportStamp::kept(&row),
        estado: ReportState::from_wire(&row.estado).unwrap_or(ReportState::Failed),
        idioma: Lang::parse(&row.idioma).unwrap_or_default(),
        id: row.id,
        familia_id: row.familia_id,
        progreso: row.progreso,
        paginas: row.paginas,
        sha256: row.sha256,
        codigo: row.codigo,
        tamano: row.tamano,
        desde: row.desde,
        hasta: row.hasta,
        secciones,
        creado_at: row.created_at,
        listo_at: row.listo_at,
        vence_at: row.vence_at,
    }
}

/// The sections `permission` lets its holder see, of those asked, in the contract's order.
fn visible_sections(
    asked: &[ReportSection],
    permission: families::Permission,
) -> Vec<ReportSection> {
    ReportSection::ALL
        .iter()
        .copied()
        .filter(|s| asked.contains(s))
        .filter(|s| *s != ReportSection::Money || money::access::Money::sees(permission))
        .collect()
}

/// Ask for a certified report of the family over a period; it is made in the background.
#[utoipa::path(post, path = "/familias/{id}/informes", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ReportInput,
    responses(
        (status = 202, description = "asked for: follow it at /informes/{id}", body = ReportAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family, or the caller is not one of its members", body = ErrorBody),
        (status = 422, description = "bad dates, no known section, or an unknown language", body = ErrorBody),
        (status = 429, description = "too many reports asked for in an hour", body = ErrorBody),
    ))]
pub async fn create_report(
    State(state): State<AppState>,
    access: Reads<Whole>,
    Json(body): Json<ReportInput>,
) -> ApiResult<(StatusCode, Json<ReportAnswer>)> {
    let (desde, hasta) = date_range(body.desde.as_deref(), body.hasta.as_deref())?;
    let mut errors = FieldErrors::default();
    let asked: Option<Vec<ReportSection>> = body.secciones.as_ref().and_then(|list| {
        let parsed: Option<Vec<ReportSection>> =
            list.iter().map(|s| ReportSection::from_wire(s)).collect();
        parsed.filter(|p| !p.is_empty())
    });
    if asked.is_none() {
        errors.add("secciones", Msg::ReportSectionsInvalid);
    }
    let idioma = body.idioma.as_deref().and_then(Lang::parse);
    if idioma.is_none() {
        errors.add("idioma", Msg::ReportLanguageInvalid);
    }
    errors.into_result()?;
    let (Some(asked), Some(idioma)) = (asked, idioma) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let auth = &access.auth;
    state.limiter.hit(&REPORTS_PER_USER, &auth.id).await?;
    let secciones = visible_sections(&asked, access.permission());
    let now = Utc::now();
    let row = informe::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(access.family.id.clone()),
        usuario_id: Set(auth.id.to_string()),
        desde: Set(desde),
        hasta: Set(hasta),
        secciones: Set(serde_json::to_string(
            &secciones.iter().map(|s| s.wire()).collect::<Vec<_>>(),
        )
        .unwrap_or_else(|_| "[]".to_owned())),
        idioma: Set(idioma.as_str().to_owned()),
        adjuntos: Set(body.adjuntos.unwrap_or(false)),
        estado: Set(ReportState::Pending.wire().to_owned()),
        progreso: Set(0),
        paginas: Set(None),
        sha256: Set(None),
        codigo: Set(None),
        clave: Set(None),
        tamano: Set(None),
        error: Set(None),
        sello_autoridad: Set(None),
        sello_momento: Set(None),
        created_at: Set(now),
        listo_at: Set(None),
        vence_at: Set(now + Duration::days(KEPT_DAYS)),
    };
    let txn = state.db.begin().await?;
    let row = row.insert(&txn).await?;
    jobs::enqueue(
        &txn,
        JOB,
        &json!({ "id": row.id }),
        now,
        Some(&format!("{JOB}:{}", row.id)),
    )
    .await?;
    txn.commit().await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(ReportAnswer {
            success: true,
            data: view(row),
        }),
    ))
}

/// The caller's report `id`, while they are still a member of its family and, when it holds
/// money, still see the family's money: a report shows what its maker may see.
async fn own_report(state: &AppState, auth: &AuthUser, id: &str) -> ApiResult<informe::Model> {
    let row = informe::Entity::find_by_id(id)
        .filter(informe::Column::UsuarioId.eq(auth.id.as_str()))
        .filter(informe::Column::Estado.ne(ReportState::Removed.wire()))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let member = families::membership(&state.db, &FamilyId::new(&row.familia_id), &auth.id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let permission = families::Permission::of(&member);
    if sections_of(&row).contains(&ReportSection::Money) && !money::access::Money::sees(permission)
    {
        return Err(ApiError::not_found());
    }
    Ok(row)
}

/// One of the caller's reports: how far it has got, and once made, its file's facts.
#[utoipa::path(get, path = "/informes/{id}", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ReportAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such report of the caller's", body = ErrorBody),
    ))]
pub async fn get_report(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ReportAnswer>> {
    let row = own_report(&state, &auth, &id).await?;
    Ok(Json(ReportAnswer {
        success: true,
        data: view(row),
    }))
}

/// The caller's reports of the family, newest first.
#[utoipa::path(get, path = "/familias/{id}/informes", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ReportListAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family, or the caller is not one of its members", body = ErrorBody),
    ))]
pub async fn list_reports(
    State(state): State<AppState>,
    access: Reads<Whole>,
) -> ApiResult<Json<ReportListAnswer>> {
    let sees_money = money::access::Money::sees(access.permission());
    let rows = informe::Entity::find()
        .filter(informe::Column::FamiliaId.eq(&access.family.id))
        .filter(informe::Column::UsuarioId.eq(access.auth.id.as_str()))
        .filter(informe::Column::Estado.ne(ReportState::Removed.wire()))
        .order_by_desc(informe::Column::CreatedAt)
        .limit(100)
        .all(&state.db)
        .await?;
    Ok(Json(ReportListAnswer {
        success: true,
        data: rows
            .into_iter()
            .filter(|r| sees_money || !sections_of(r).contains(&ReportSection::Money))
            .map(view)
            .collect(),
    }))
}

/// The report's PDF.
#[utoipa::path(get, path = "/informes/{id}/pdf", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the PDF", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such report of the caller's", body = ErrorBody),
        (status = 409, description = "not made yet, or it failed", body = ErrorBody),
    ))]
pub async fn download_report(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Response<Body>> {
    let row = own_report(&state, &auth, &id).await?;
    let Some(clave) = row.clave.as_deref().filter(|_| row.estado == "listo") else {
        return Err(ApiError::new(StatusCode::CONFLICT, Msg::ReportNotReady));
    };
    let opened = state
        .files
        .open(&state.db, clave)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .ok_or_else(ApiError::not_found)?;
    let len = opened.len;
    let mut response = Response::new(authenticated_body(opened).await?);
    let name = format!("informe-{}.pdf", row.codigo.as_deref().unwrap_or(&row.id));
    Download::attachment("application/pdf", &name)
        .len(len)
        .apply(response.headers_mut());
    Ok(response)
}

/// Removes one of the caller's reports and its file.
#[utoipa::path(delete, path = "/informes/{id}", tag = "reports", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "removed", body = Done),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such report of the caller's", body = ErrorBody),
    ))]
pub async fn delete_report(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Done>> {
    let row = informe::Entity::find_by_id(&id)
        .filter(informe::Column::UsuarioId.eq(auth.id.as_str()))
        .filter(informe::Column::Estado.ne(ReportState::Removed.wire()))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    remove(&state, vec![row]).await?;
    Ok(Done::new(Msg::ReportDeleted))
}

/// Removes these reports' files and marks them removed: their facts stay for checking them.
async fn remove(state: &AppState, rows: Vec<informe::Model>) -> ApiResult<()> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let keys: Vec<String> = rows.into_iter().filter_map(|r| r.clave).collect();
    informe::Entity::update_many()
        .col_expr(
            informe::Column::Estado,
            Expr::value(ReportState::Removed.wire()),
        )
        .col_expr(informe::Column::Clave, Expr::value(Option::<String>::None))
        .filter(informe::Column::Id.is_in(ids))
        .exec(&state.db)
        .await?;
    for key in &keys {
        if let Err(err) = state.files.delete(&state.db, key).await {
            tracing::warn!(key, "a removed report's file stayed: {err:#}");
        }
    }
    Ok(())
}

/// Removes the reports past their days.
pub async fn sweep(state: &AppState) -> anyhow::Result<()> {
    let rows = informe::Entity::find()
        .filter(informe::Column::VenceAt.lte(Utc::now()))
        .filter(informe::Column::Estado.ne(ReportState::Removed.wire()))
        .limit(500)
        .all(&state.db)
        .await?;
    remove(state, rows)
        .await
        .map_err(|e| anyhow::anyhow!("removing expired reports: {e:?}"))
}

#[derive(Deserialize)]
pub struct Payload {
    pub id: String,
}

/// Tells the report's maker, on the live stream, that it moved on.
async fn tell_maker(
    txn: &impl ConnectionTrait,
    row: &informe::Model,
) -> Result<live::Wake, sea_orm::DbErr> {
    live::publish(
        txn,
        std::slice::from_ref(&row.usuario_id),
        LiveEvent::Reports(ReportIds {
            familia_id: row.familia_id.clone(),
            informe_id: row.id.clone(),
        }),
    )
    .await
}

/// Sets the report's progress and tells its maker.
async fn step(state: &AppState, row: &informe::Model, progreso: i32) -> anyhow::Result<()> {
    let txn = state.db.begin().await?;
    informe::Entity::update_many()
        .col_expr(informe::Column::Progreso, Expr::value(progreso))
        .filter(informe::Column::Id.eq(&row.id))
        .filter(informe::Column::Estado.eq(ReportState::Pending.wire()))
        .exec(&txn)
        .await?;
    let wake = tell_maker(&txn, row).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(())
}

/// The job: makes the report, once. A run that finds it made (or removed) does nothing; one
/// that fails marks it failed and tells its maker, rather than trying again for hours.
pub async fn run(state: &AppState, job: Job) -> anyhow::Result<()> {
    let Payload { id } = job.payload()?;
    let Some(row) = informe::Entity::find_by_id(&id).one(&state.db).await? else {
        return Ok(());
    };
    if row.estado != ReportState::Pending.wire() {
        return Ok(());
    }
    // Made on one thread of its own, start to end: what it gathers and what it writes then share
    // one heap, so the memory the gathered contents free is the memory the PDF is written in (a
    // block freed on another thread goes back to the heap of the thread that took it).
    let handle = tokio::runtime::Handle::current();
    let (on_thread, of_row) = (state.clone(), row.clone());
    let made = tokio::task::spawn_blocking(move || handle.block_on(make(&on_thread, &of_row)))
        .await
        .map_err(anyhow::Error::from)
        .and_then(|made| made);
    match made {
        Ok(()) => Ok(()),
        Err(err) => {
            tracing::error!(informe = %row.id, "a report could not be made: {err:#}");
            let txn = state.db.begin().await?;
            informe::Entity::update_many()
                .col_expr(
                    informe::Column::Estado,
                    Expr::value(ReportState::Failed.wire()),
                )
                .col_expr(informe::Column::Error, Expr::value(format!("{err:#}")))
                .filter(informe::Column::Id.eq(&row.id))
                .filter(informe::Column::Estado.eq(ReportState::Pending.wire()))
                .exec(&txn)
                .await?;
            let wake = tell_maker(&txn, &row).await?;
            txn.commit().await?;
            state.wake(wake);
            Ok(())
        }
    }
}

/// Names of everyone the report may mention: the members, and anyone else it names (a former
/// member) who still has an account.
async fn names(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> anyhow::Result<HashMap<String, String>> {
    let members: Vec<String> = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.usuario_id)
        .collect();
    Ok(usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(members))
        .all(db)
        .await?
        .into_iter()
        .map(|u| {
            let name = document::full_name(&u.nombre, &u.apellido);
            (u.id, name)
        })
        .collect())
}

async fn make(state: &AppState, row: &informe::Model) -> anyhow::Result<()> {
    let familia_id = FamilyId::new(&row.familia_id);
    let usuario_id = UserId::new(&row.usuario_id);
    let family = familia::Entity::find_by_id(&row.familia_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the family is gone"))?;
    let member = families::membership(&state.db, &familia_id, &usuario_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("its maker is no longer a member"))?;
    let permission = families::Permission::of(&member);
    let maker = usuario::Entity::find_by_id(&row.usuario_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| anyhow::anyhow!("its maker's account is gone"))?;
    let secciones = visible_sections(&sections_of(row), permission);
    let lang = Lang::parse(&row.idioma).unwrap_or_default();
    let zone = zone_of(Some(&family.zona_horaria));
    let (start, end) = (
        midnight(row.desde, zone),
        midnight(row.hasta + Duration::days(1), zone),
    );
    let today = Utc::now().with_timezone(&zone).date_naive();
    let api = |e: ApiError| anyhow::anyhow!("{e:?}");

    // Each part gathered, then the file written, moves the bar on; 100 is for when it is kept.
    let parts = secciones.len() as i32 + 1;
    let mut done = 0;
    let mensajes = if secciones.contains(&ReportSection::Messages) {
        let list = messages::certified::conversations(state, &familia_id, &usuario_id, start, end)
            .await
            .map_err(api)?;
        done += 1;
        step(state, row, done * 95 / parts).await?;
        Some(list)
    } else {
        None
    };
    let calendario = if secciones.contains(&ReportSection::Calendar)
        && calendar::access::Calendar::sees(permission)
    {
        let report = calendar::certified::report(
            state,
            &familia_id,
            &usuario_id,
            zone,
            row.desde,
            row.hasta,
        )
        .await
        .map_err(api)?;
        done += 1;
        step(state, row, done * 95 / parts).await?;
        Some(report)
    } else {
        None
    };
    let dinero = if secciones.contains(&ReportSection::Money) {
        let report = money::certified::report(state, &family, row.desde, row.hasta, today).await?;
        done += 1;
        step(state, row, done * 95 / parts).await?;
        Some(report)
    } else {
        None
    };
    let documentos = if secciones.contains(&ReportSection::Documents) {
        let list = documents::certified::index(state, &member, end).await?;
        done += 1;
        step(state, row, done * 95 / parts).await?;
        Some(list)
    } else {
        None
    };
    let registro = if secciones.contains(&ReportSection::Record) {
        let report =
            record::certified::period(&state.db, &state.signer, &member, start, end).await?;
        done += 1;
        step(state, row, done * 95 / parts).await?;
        Some(report)
    } else {
        None
    };
    let (appended, adjuntos) = match (&mensajes, row.adjuntos) {
        (Some(list), true) => {
            let (files, ids) = message_files(state, list, lang).await?;
            (files, Some(ids))
        }
        _ => (Vec::new(), None),
    };
    let children = crate::domain::family_children(&state.db, &familia_id)
        .await?
        .into_iter()
        .map(|c| (c.id.to_string(), c.nombre))
        .collect();

    let created = Utc::now();
    let codigo = code::of(&row.id, &row.familia_id, &row.usuario_id, created);
    let contents = document::Contents {
        familia: family.nombre.clone(),
        maker: document::full_name(&maker.nombre, &maker.apellido),
        zone,
        desde: row.desde,
        hasta: row.hasta,
        lang,
        secciones: secciones.clone(),
        created,
        url: format!(
            "{}/verificar/{codigo}",
            state.config.public_url.as_str().trim_end_matches('/')
        ),
        codigo: codigo.clone(),
        firma: state.document_signer.fingerprint(),
        sello: state.timestamps.as_ref().map(timestamp::Authority::host),
        names: names(&state.db, &row.familia_id).await?,
        children,
        mensajes,
        adjuntos,
        calendario,
        dinero,
        documentos,
        registro,
    };
    // Laying out and writing a large PDF is CPU work, done here on the report's own thread.
    let (prepared, paginas) = (move || {
        let frame = document::frame(&contents);
        let layout = document::compose(&contents, |_| {});
        // What was gathered is all in the layout now: its memory serves the writing.
        drop(contents);
        let pages = layout.page_count();
        let pdf = layout.render(&frame, appended)?;
        sign::prepare(pdf, created).map(|prepared| (prepared, pages))
    })()
    .map_err(|e| anyhow::anyhow!("writing the PDF: {e}"))?;
    let (cms, sello) = signature(state, &prepared.digest).await?;
    let pdf = prepared
        .fill(&cms)
        .map_err(|e| anyhow::anyhow!("signing the PDF: {e}"))?;
    done += 1;
    step(state, row, done * 95 / parts).await?;

    let sha256 = hex(&Sha256::digest(&pdf));
    let clave = format!("informes/{}.pdf", row.id);
    let keys = [clave.clone()];
    pending::note(&state.db, state, &keys).await?;
    let size = i64::try_from(pdf.len()).unwrap_or(i64::MAX);
    state.files.put(&state.db, &clave, pdf.into()).await?;

    let txn = state.db.begin().await?;
    let updated = informe::Entity::update_many()
        .col_expr(
            informe::Column::Estado,
            Expr::value(ReportState::Ready.wire()),
        )
        .col_expr(informe::Column::Progreso, Expr::value(100))
        .col_expr(
            informe::Column::Paginas,
            Expr::value(i32::try_from(paginas).unwrap_or(i32::MAX)),
        )
        .col_expr(informe::Column::Sha256, Expr::value(sha256.clone()))
        .col_expr(informe::Column::Codigo, Expr::value(codigo.clone()))
        .col_expr(informe::Column::Clave, Expr::value(clave.clone()))
        .col_expr(informe::Column::Tamano, Expr::value(size))
        .col_expr(informe::Column::ListoAt, Expr::value(created))
        .col_expr(
            informe::Column::SelloAutoridad,
            Expr::value(sello.as_ref().map(|s| s.authority.clone())),
        )
        .col_expr(
            informe::Column::SelloMomento,
            Expr::value(sello.as_ref().map(|s| s.moment)),
        )
        .col_expr(
            informe::Column::Secciones,
            Expr::value(row.secciones.clone()),
        )
        .filter(informe::Column::Id.eq(&row.id))
        .filter(informe::Column::Estado.eq(ReportState::Pending.wire()))
        .exec(&txn)
        .await?
        .rows_affected;
    if updated == 1 {
        record::append(
            &txn,
            &row.familia_id,
            Act {
                kind: kinds::REPORT_ISSUED,
                actor: Some(&row.usuario_id),
                content: json!({
                    "informe": row.id,
                    "desde": row.desde.to_string(),
                    "hasta": row.hasta.to_string(),
                    "secciones": secciones.iter().map(|s| s.wire()).collect::<Vec<_>>(),
                    "sha256": sha256,
                }),
                subjects: vec![record::user_subject(&row.usuario_id)],
                audience: Audience::Family,
            },
        )
        .await?;
        let mut wake = tell_maker(&txn, row).await?;
        wake = wake.join(
            notices::notify(
                &txn,
                std::slice::from_ref(&row.usuario_id),
                Notice {
                    kind: notifications::kinds::REPORT_READY,
                    familia_id: Some(row.familia_id.clone()),
                    // Told to its maker, who is also who acted.
                    actor_id: None,
                    datos: json!({ "familia": family.nombre }),
                    enlace: Some(format!("/profile/reports?informe={}", row.id)),
                    objeto_id: Some(row.id.clone()),
                    solo_app: Vec::new(),
                },
            )
            .await?,
        );
        txn.commit().await?;
        state.wake(wake);
    } else {
        // Made twice (a run that outlived its lease): the first one's file stands.
        txn.rollback().await?;
    }
    pending::settle(state, &keys).await;
    Ok(())
}

/// The most bytes of message files one report appends: beyond it, files are listed (name and
/// SHA-256) and not appended, so that a report stays a file one can mail and open.
const MAX_APPENDED: u64 = 64 * 1024 * 1024;

/// The files of the reported messages, in the report's order, to append to it (as many as fit
/// in `MAX_APPENDED`), and the ids of those appended. A file whose bytes no longer match the hash
/// kept at upload is not appended (the report still lists the hash it was sent with).
async fn message_files(
    state: &AppState,
    conversations: &[messages::certified::ReportedConversation],
    lang: Lang,
) -> anyhow::Result<(Vec<layout::Appended>, std::collections::HashSet<String>)> {
    let mut appended = Vec::new();
    let mut ids = std::collections::HashSet::new();
    let mut room = MAX_APPENDED;
    for reported in conversations {
        for message in &reported.mensajes {
            for file in &message.adjuntos {
                let Some(kept) = reported.archivos.get(&file.id) else {
                    continue;
                };
                let size = u64::try_from(kept.tamano).unwrap_or(u64::MAX);
                if size > room {
                    continue;
                }
                let Some(bytes) = state.files.get(&state.db, &kept.clave).await? else {
                    continue;
                };
                if hex(&Sha256::digest(&bytes)) != kept.sha256 {
                    continue;
                }
                room -= size;
                let description = match lang {
                    Lang::Es => format!(
                        "Enviado en «{}» · SHA-256 {}",
                        reported.conversacion.asunto, kept.sha256
                    ),
                    Lang::En => format!(
                        "Sent in “{}” · SHA-256 {}",
                        reported.conversacion.asunto, kept.sha256
                    ),
                };
                appended.push(layout::Appended {
                    name: format!("{:03}-{}", appended.len() + 1, file.nombre),
                    mime: kept.mime.clone(),
                    description,
                    modified: message.enviado_at,
                    data: bytes.to_vec(),
                });
                ids.insert(file.id.clone());
            }
        }
    }
    Ok((appended, ids))
}

/// The CMS signature of a report whose signed bytes hash to `digest`, with the configured
/// authority's timestamp of it when one answers. An authority that fails never holds a report
/// back: it is issued without the stamp, and both its card and its verification say so.
async fn signature(
    state: &AppState,
    digest: &[u8],
) -> anyhow::Result<(Vec<u8>, Option<timestamp::Stamp>)> {
    let cms = state.document_signer.sign_digest(digest)?;
    let Some(authority) = &state.timestamps else {
        return Ok((cms, None));
    };
    let stamped = match document_signing::signature_digest(&cms) {
        Some(of) => authority.stamp(&of).await,
        None => Err(anyhow::anyhow!("the signature reads back unreadable")),
    };
    match stamped
        .and_then(|s| document_signing::with_timestamp(&cms, &s.token).map(|with| (with, s.stamp)))
    {
        Ok((with, stamp)) => Ok((with, Some(stamp))),
        Err(err) => {
            tracing::warn!(error = %format!("{err:#}"), "report issued without an outside timestamp");
            Ok((cms, None))
        }
    }
}

/// The stored files of these reports that still exist.
pub async fn files_in_use(
    db: &sea_orm::DatabaseConnection,
    keys: &[String],
) -> Result<Vec<String>, sea_orm::DbErr> {
    let reports: Vec<String> = keys
        .iter()
        .filter(|k| k.starts_with("informes/"))
        .cloned()
        .collect();
    if reports.is_empty() {
        return Ok(Vec::new());
    }
    Ok(informe::Entity::find()
        .filter(informe::Column::Clave.is_in(reports))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|r| r.clave)
        .collect())
}

/// Deletes the reports of `column` = `value` (a user's or a family's, being erased), giving back
/// their files to remove once the erasure commits.
pub async fn erase(
    txn: &sea_orm::DatabaseTransaction,
    column: informe::Column,
    value: &str,
) -> Result<Vec<String>, sea_orm::DbErr> {
    let rows = informe::Entity::find()
        .filter(column.eq(value))
        .all(txn)
        .await?;
    informe::Entity::delete_many()
        .filter(column.eq(value))
        .exec(txn)
        .await?;
    Ok(rows.into_iter().filter_map(|r| r.clave).collect())
}
