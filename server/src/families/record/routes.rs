//! `/api/familias/{id}/registro...` for the family's members, and `/api/registro/claves` for
//! anyone: the public keys that check the checkpoints.

use std::time::Duration;

use axum::{
    extract::{Query, State},
    http::StatusCode,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    Kind,
    chain::Held,
    checkpoint::{self, CheckpointView, KeyView},
    entities::entrada,
    verify::{self, Verification},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::{Changes, FamilyMember, Whole},
    i18n::Msg,
    platform::rate_limit::Limit,
    request::Json,
    state::AppState,
};

const PAGE: u64 = 50;

/// On-demand checkpoints per family: enough to sign before and after a dispute's key moment,
/// too few to fill the table.
const CHECKPOINTS_PER_FAMILY: Limit = Limit {
    name: "record_checkpoint",
    max: 10,
    window: Duration::from_secs(60 * 60),
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_entries))
        .routes(routes!(verification))
        .routes(routes!(new_checkpoint))
        .routes(routes!(list_keys))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EntriesQuery {
    /// The `siguiente` of the previous page: entries numbered below it.
    cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub seq: i64,
    /// What happened, e.g. hijo.creado, miembro.unido.
    #[schema(value_type = Kind)]
    pub tipo: String,
    /// The user who acted; null for the server's own work.
    pub actor: Option<String>,
    /// The server's time, RFC 3339 UTC.
    pub hora: String,
    /// The SHA-256 of the content's canonical JSON.
    pub contenido_hash: String,
    pub previo: String,
    pub hash: String,
    /// What the act was about; null once erased, or when it is not for this reader.
    #[schema(value_type = Option<Object>)]
    pub contenido: Option<serde_json::Value>,
    /// Erased with the person it concerned (for every reader).
    pub contenido_borrado: bool,
    /// Kept from this reader by the rule of the domain that wrote it (money is for co-parents, a
    /// conversation for its participants, a private document for its uploader, a private event
    /// for its author); the entry itself, and the chain, stay visible and verifiable.
    pub contenido_reservado: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntriesPage {
    /// Newest first.
    pub entradas: Vec<EntryView>,
    /// The cursor of the next (older) page, or null at the first entry.
    pub siguiente: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntriesAnswer {
    pub success: bool,
    pub data: EntriesPage,
}

/// The family's record, newest first, 50 entries a page (members only); each entry's content
/// only to whom its domain shows it.
#[utoipa::path(get, path = "/familias/{id}/registro", tag = "record", security(("bearer" = [])),
    params(("id" = String, Path), EntriesQuery),
    responses(
        (status = 200, body = EntriesAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 422, description = "a cursor that is not an entry number", body = ErrorBody),
    ))]
async fn list_entries(
    State(state): State<AppState>,
    access: FamilyMember,
    Query(query): Query<EntriesQuery>,
) -> ApiResult<Json<EntriesAnswer>> {
    let before = match query
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        None => None,
        Some(text) => Some(
            text.parse::<i64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| ApiError::field("cursor", Msg::RecordCursorInvalid))?,
        ),
    };
    let familia_id = &access.family.id;
    let mut find = entrada::Entity::find().filter(entrada::Column::FamiliaId.eq(familia_id));
    if let Some(before) = before {
        find = find.filter(entrada::Column::Seq.lt(before));
    }
    let rows = find
        .order_by_desc(entrada::Column::Seq)
        .limit(PAGE)
        .all(&state.db)
        .await?;
    let full = rows.len() as u64 == PAGE;
    let entradas: Vec<EntryView> = verify::stored_of(&state.db, familia_id, rows)
        .await?
        .into_iter()
        .map(|(e, stored)| {
            let held = stored.held_for(&access.me);
            EntryView {
                contenido: match held {
                    Held::Content(text) => serde_json::from_str(text).ok(),
                    Held::Erased | Held::Withheld => None,
                },
                contenido_borrado: matches!(held, Held::Erased),
                contenido_reservado: matches!(held, Held::Withheld),
                seq: e.seq,
                tipo: e.tipo,
                actor: e.actor,
                hora: e.hora,
                contenido_hash: e.contenido,
                previo: e.previo,
                hash: e.hash,
            }
        })
        .collect();
    let siguiente = entradas
        .last()
        .map(|e| e.seq)
        .filter(|seq| full && *seq > 1);
    Ok(Json(EntriesAnswer {
        success: true,
        data: EntriesPage {
            entradas,
            siguiente,
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerificationAnswer {
    pub success: bool,
    pub data: Verification,
}

/// Checks the whole record as stored: every entry's hash and link, the content still held (also
/// what is not for this reader, counted apart), the head, and the latest checkpoint's signature
/// (members only).
#[utoipa::path(get, path = "/familias/{id}/registro/verificacion", tag = "record",
    security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = VerificationAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
    ))]
async fn verification(
    State(state): State<AppState>,
    access: FamilyMember,
) -> ApiResult<Json<VerificationAnswer>> {
    Ok(Json(VerificationAnswer {
        success: true,
        data: verify::verify(&state.db, &access.family.id, Some(&access.me)).await?,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckpointAnswer {
    pub success: bool,
    pub data: CheckpointView,
}

/// Has the server sign the record's head now (co-parents; 10 an hour per family).
#[utoipa::path(post, path = "/familias/{id}/registro/puntos-de-control", tag = "record",
    security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 201, body = CheckpointAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of this family", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 429, description = "asked too often", body = ErrorBody),
    ))]
async fn new_checkpoint(
    State(state): State<AppState>,
    access: Changes<Whole>,
) -> ApiResult<(StatusCode, Json<CheckpointAnswer>)> {
    state
        .limiter
        .hit(&CHECKPOINTS_PER_FAMILY, &access.family.id)
        .await?;
    let point = checkpoint::sign_head(&state.db, &state.signer, &access.family.id).await?;
    let view = checkpoint::view(&state.db, point).await?;
    // Stamped out of the request: an authority may take seconds, and one that fails leaves the
    // checkpoint to the next pass of `record_stamps`.
    if let Some(authority) = state.timestamps.clone() {
        let db = state.db.clone();
        tokio::spawn(async move {
            if let Err(err) = checkpoint::stamp_pending(&db, &authority).await {
                tracing::warn!(error = %format!("{err:#}"), "checkpoint left for a later stamp");
            }
        });
    }
    Ok((
        StatusCode::CREATED,
        Json(CheckpointAnswer {
            success: true,
            data: view,
        }),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KeysAnswer {
    pub success: bool,
    /// The Ed25519 keys of the record's checkpoints.
    pub data: Vec<KeyView>,
    /// The certificate that signs the certified reports (PDF) now.
    pub documentos: DocumentKeyView,
}

/// The certificate of the key that signs the certified reports.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentKeyView {
    /// ECDSA P-256 with SHA-256.
    pub algoritmo: String,
    /// The X.509 certificate, PEM.
    pub certificado: String,
    /// The SHA-256 of the certificate (DER), hex: what a report's cover prints.
    pub huella: String,
}

/// Every public key the server has signed checkpoints with, and the period it was used; and the
/// certificate that signs the certified reports.
#[utoipa::path(get, path = "/registro/claves", tag = "record",
    responses((status = 200, body = KeysAnswer)))]
async fn list_keys(State(state): State<AppState>) -> ApiResult<Json<KeysAnswer>> {
    Ok(Json(KeysAnswer {
        success: true,
        data: checkpoint::keys(&state.db).await?,
        documentos: DocumentKeyView {
            algoritmo: "ECDSA P-256 SHA-256".to_owned(),
            certificado: state.document_signer.certificate_pem(),
            huella: state.document_signer.fingerprint(),
        },
    }))
}
