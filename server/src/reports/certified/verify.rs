//! Checking a certified report, for anyone, without an account: by its code
//! (`GET /api/verificar/{codigo}`) or by the file itself (`POST /api/verificar`). Either answers
//! only the facts the cover prints (when it was issued, the period, the sections, the pages) and
//! whether the signature holds; never anything the report says. A report whose file its maker
//! deleted, or that passed its 90 days, is still found by its code and its hash.

use axum::extract::{DefaultBodyLimit, Multipart, Path, State, multipart::MultipartRejection};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{ReportSection, ReportStamp, ReportState, code, entities::informe, sections_of, sign};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    i18n::{self, Msg},
    platform::{
        document_signing::Checked,
        rate_limit::Limit,
        timestamp::Stamp,
        upload::{hex, whole_field},
    },
    request::{ClientInfo, Json},
    state::AppState,
    vocabulary::ClosedSet,
};

/// The largest file checked: a year of a busy family is a few megabytes.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

const CHECKS_PER_ADDRESS: Limit = Limit {
    name: "verificar_ip",
    max: 60,
    window: std::time::Duration::from_secs(60 * 60),
};

pub fn body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(MAX_BYTES + 64 * 1024)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportSignatureView {
    pub valida: bool,
    pub algoritmo: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportVerification {
    /// The file is a report this server issued, unchanged, and its signature holds.
    pub valido: bool,
    /// Why not, in the caller's language, when `valido` is false.
    pub explicacion: Option<String>,
    pub codigo: Option<String>,
    pub emitido_at: Option<DateTime<Utc>>,
    #[schema(value_type = Option<crate::fields::Day>)]
    pub desde: Option<NaiveDate>,
    #[schema(value_type = Option<crate::fields::Day>)]
    pub hasta: Option<NaiveDate>,
    pub secciones: Vec<ReportSection>,
    pub paginas: Option<i32>,
    /// Of the file checked, or of the one kept under the code; null when neither is at hand.
    pub firma: Option<ReportSignatureView>,
    /// The outside timestamp (RFC 3161) of the signature, of the file checked or of the one kept
    /// under the code; null when it carries none.
    pub sello: Option<ReportStamp>,
    /// Whether the server still keeps the file (its maker may delete it; it goes after 90 days).
    pub archivo_guardado: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportVerificationAnswer {
    pub success: bool,
    pub data: ReportVerification,
}

/// The multipart form of a check by file.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ReportVerificationUpload {
    /// The report's PDF, at most 64 MB.
    #[schema(value_type = String, format = Binary)]
    archivo: Vec<u8>,
}

const ALGORITHM: &str = "ECDSA P-256 SHA-256 (ETSI.CAdES.detached)";

fn signature(checked: &Checked, ours: &str) -> ReportSignatureView {
    let valida = match checked {
        Checked::Valid { certificate } => {
            crate::platform::document_signing::fingerprint_of(certificate) == ours
        }
        _ => false,
    };
    ReportSignatureView {
        valida,
        algoritmo: ALGORITHM.to_owned(),
    }
}

/// What a file's signature and stamp say: the signature as checked, and its stamp (None when it
/// carries none; `Some(None)` when it carries one that does not hold).
type FileChecks = (ReportSignatureView, Option<Option<Stamp>>);

fn facts(row: &informe::Model, checks: Option<FileChecks>) -> ReportVerification {
    let (firma, sello) = match checks {
        Some((firma, stamp)) => (Some(firma), stamp.map(ReportStamp::of)),
        None => (None, ReportStamp::kept(row)),
    };
    let valida = firma.as_ref().is_none_or(|f| f.valida);
    let sello_valido = sello.as_ref().is_none_or(|s| s.valido);
    let explicacion = if !valida {
        Some(Msg::ReportAltered)
    } else if !sello_valido {
        Some(Msg::ReportStampBroken)
    } else {
        None
    };
    ReportVerification {
        valido: valida && sello_valido,
        explicacion: explicacion.map(|m| m.text(i18n::current()).to_owned()),
        codigo: row.codigo.clone(),
        emitido_at: row.listo_at,
        desde: Some(row.desde),
        hasta: Some(row.hasta),
        secciones: sections_of(row),
        paginas: row.paginas,
        firma,
        sello,
        archivo_guardado: row.clave.is_some(),
    }
}

fn refused(msg: Msg, firma: Option<ReportSignatureView>) -> ReportVerification {
    refused_stamped(msg, firma, None)
}

fn refused_stamped(
    msg: Msg,
    firma: Option<ReportSignatureView>,
    sello: Option<ReportStamp>,
) -> ReportVerification {
    ReportVerification {
        valido: false,
        explicacion: Some(msg.text(i18n::current()).to_owned()),
        codigo: None,
        emitido_at: None,
        desde: None,
        hasta: None,
        secciones: Vec::new(),
        paginas: None,
        firma,
        sello,
        archivo_guardado: false,
    }
}

/// Issued reports only: one still being made, or that failed, was never given out.
fn issued() -> sea_orm::Condition {
    sea_orm::Condition::all().add(
        informe::Column::Estado
            .is_not_in([ReportState::Pending.wire(), ReportState::Failed.wire()]),
    )
}

/// Checks a report by its code (`XXXX-XXXX-XXXX-XXXX`, case and dashes as typed).
#[utoipa::path(get, path = "/verificar/{codigo}", tag = "reports",
    params(("codigo" = String, Path)),
    responses(
        (status = 200, body = ReportVerificationAnswer),
        (status = 404, description = "no report was issued with this code", body = ErrorBody),
        (status = 429, description = "too many checks from this address in an hour", body = ErrorBody),
    ))]
pub async fn verify_code(
    State(state): State<AppState>,
    client: ClientInfo,
    Path(codigo): Path<String>,
) -> ApiResult<Json<ReportVerificationAnswer>> {
    limit(&state, &client).await?;
    let codigo = code::normalize(&codigo).ok_or_else(ApiError::not_found)?;
    let row = informe::Entity::find()
        .filter(informe::Column::Codigo.eq(&codigo))
        .filter(issued())
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let checks = match row.clave.as_deref() {
        Some(clave) => {
            let file = state
                .files
                .get(&state.db, clave)
                .await
                .map_err(|e| ApiError::internal(format!("{e:#}")))?;
            let ours = state.document_signer.fingerprint();
            match file {
                Some(pdf) => Some(
                    tokio::task::spawn_blocking(move || match sign::check(&pdf) {
                        Some(checks) => (signature(&checks.signature, &ours), checks.stamp),
                        None => (signature(&Checked::Invalid, &ours), None),
                    })
                    .await
                    .map_err(|e| ApiError::internal(e.to_string()))?,
                ),
                None => None,
            }
        }
        None => None,
    };
    Ok(Json(ReportVerificationAnswer {
        success: true,
        data: facts(&row, checks),
    }))
}

async fn limit(state: &AppState, client: &ClientInfo) -> ApiResult<()> {
    let address = client
        .ip
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".to_owned());
    state.limiter.hit(&CHECKS_PER_ADDRESS, &address).await
}

/// Checks a report's file: whether this server issued it, unchanged, and its signature holds.
/// Any other file is answered `valido: false` with why.
#[utoipa::path(post, path = "/verificar", tag = "reports",
    request_body(content = ReportVerificationUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ReportVerificationAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 413, description = "over 64 MB", body = ErrorBody),
        (status = 429, description = "too many checks from this address in an hour", body = ErrorBody),
    ))]
pub async fn verify_file(
    State(state): State<AppState>,
    client: ClientInfo,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ReportVerificationAnswer>> {
    limit(&state, &client).await?;
    let pdf = whole_field(
        multipart,
        "archivo",
        MAX_BYTES,
        Msg::ReportFileRequired,
        Msg::ReportFileTooLarge,
    )
    .await?;
    let sha256 = hex(&Sha256::digest(&pdf));
    let ours = state.document_signer.fingerprint();
    let checks = tokio::task::spawn_blocking(move || sign::check(&pdf))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let row = informe::Entity::find()
        .filter(informe::Column::Sha256.eq(&sha256))
        .filter(issued())
        .one(&state.db)
        .await?;
    let data = match (checks, row) {
        (None, _) => refused(Msg::ReportNotSigned, None),
        (Some(checks), Some(row)) => facts(
            &row,
            Some((signature(&checks.signature, &ours), checks.stamp)),
        ),
        (
            Some(sign::Checks {
                signature: Checked::DigestMismatch,
                ..
            }),
            None,
        ) => refused(
            Msg::ReportAltered,
            Some(signature(&Checked::DigestMismatch, &ours)),
        ),
        (Some(checks), None) => {
            let firma = signature(&checks.signature, &ours);
            let sello = checks.stamp.map(ReportStamp::of);
            let msg = if !firma.valida {
                Msg::ReportNotOurs
            } else if sello.as_ref().is_some_and(|s| !s.valido) {
                // A signature of ours with a stamp that is not its own: the stamp was swapped,
                // which changes the file's hash, so no report is found by it.
                Msg::ReportStampBroken
            } else {
                // Signed by this server but not a report it knows: erased with its maker.
                Msg::ReportUnknown
            };
            refused_stamped(msg, Some(firma), sello)
        }
    };
    Ok(Json(ReportVerificationAnswer {
        success: true,
        data,
    }))
}
