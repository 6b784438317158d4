//! `/api/notificaciones/dispositivos`: the browsers a user gets web push notifications on, each one
//! a push subscription (`PushSubscription.toJSON()`), and the server's public VAPID key they
//! subscribe with.

use std::time::Duration;

use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entities::dispositivo_push,
    push::{self, PushMessage},
    push_address,
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json},
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::{self, Msg},
    ids,
    platform::rate_limit::Limit,
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
};

/// Enough for every browser and phone of one person; past it the least recently used one goes,
/// so that the table cannot be filled from one account.
const MAX_DEVICES: u64 = 20;
const MAX_ENDPOINT_CHARS: usize = 1024;
/// Registrations a user may make in an hour: a browser registers again after each sign-in, but
/// no one signs in twenty times an hour, and each registration is a row and a lookup.
const REGISTRATIONS: Limit = Limit {
    name: "push_register",
    max: 20,
    window: Duration::from_secs(60 * 60),
};
const TEST_PUSHES: Limit = Limit {
    name: "push_test",
    max: 10,
    window: Duration::from_secs(10 * 60),
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(public_key))
        .routes(routes!(list_devices, register_device))
        .routes(routes!(delete_device))
        .routes(routes!(test_push))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicKey {
    /// Base64url of the uncompressed P-256 public key: the `applicationServerKey` to subscribe with.
    pub clave: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicKeyAnswer {
    pub success: bool,
    pub data: PublicKey,
}

/// The server's VAPID public key, for `pushManager.subscribe({applicationServerKey})`.
#[utoipa::path(get, path = "/notificaciones/clave-push", tag = "notifications",
    responses((status = 200, body = PublicKeyAnswer)))]
pub async fn public_key(State(state): State<AppState>) -> Json<PublicKeyAnswer> {
    Json(PublicKeyAnswer {
        success: true,
        data: PublicKey {
            clave: state.vapid.public_key().to_owned(),
        },
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriptionKeys {
    p256dh: Option<String>,
    auth: Option<String>,
}

/// A browser's `PushSubscription.toJSON()`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriptionRequest {
    endpoint: Option<String>,
    /// When the subscription ends, if the browser says (milliseconds since the epoch); not used:
    /// a subscription that ended is dropped at the first push its service refuses.
    #[serde(rename = "expirationTime")]
    #[allow(dead_code)]
    expiration_time: Option<serde_json::Value>,
    keys: Option<SubscriptionKeys>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceId {
    #[serde(rename = "_id")]
    pub id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceIdAnswer {
    pub success: bool,
    pub data: DeviceId,
}

/// Register this browser for push notifications. The same endpoint again is the same device: its
/// keys and label are updated (and it moves to the caller if another account had it). The device
/// belongs to the caller's session: signing out, or the session ending any other way, removes it,
/// so a browser registers again after each sign-in.
#[utoipa::path(post, path = "/notificaciones/dispositivos", tag = "notifications", security(("bearer" = [])),
    request_body = SubscriptionRequest,
    responses(
        (status = 200, body = DeviceIdAnswer),
        (status = 422, description = "an endpoint that is not https, or whose host is not public (`push_endpoint_not_public`: this machine, a private network, or a name that resolves there), or keys that are not a P-256 key and a 16-byte secret", body = ErrorBody),
        (status = 429, description = "too many registrations in the hour", body = ErrorBody),
    ))]
pub async fn register_device(
    State(state): State<AppState>,
    auth: AuthUser,
    client: ClientInfo,
    Json(body): Json<SubscriptionRequest>,
) -> ApiResult<Json<DeviceIdAnswer>> {
    state.limiter.hit(&REGISTRATIONS, &auth.id).await?;
    let mut errors = FieldErrors::default();
    let allow_loopback = state.config.push_allow_loopback;
    let endpoint = match body.endpoint.map(|e| e.trim().to_owned()) {
        Some(e) if e.chars().count() > MAX_ENDPOINT_CHARS => Err(Msg::PushEndpointInvalid),
        Some(e) => match push_address::endpoint(&e, allow_loopback) {
            Some(url) if push_address::resolves_inside(&url, allow_loopback).await => {
                Err(Msg::PushEndpointNotPublic)
            }
            Some(_) => Ok(e),
            None => Err(not_allowed_because(&e)),
        },
        None => Err(Msg::PushEndpointInvalid),
    };
    let endpoint = match endpoint {
        Ok(e) => Some(e),
        Err(msg) => {
            errors.add("endpoint", msg);
            None
        }
    };
    let (p256dh, secret) = match body.keys {
        Some(keys) => (keys.p256dh, keys.auth),
        None => (None, None),
    };
    let p256dh = p256dh
        .map(|k| k.trim().trim_end_matches('=').to_owned())
        .filter(|k| push::subscriber_key(k).is_some());
    if p256dh.is_none() {
        errors.add("keys.p256dh", Msg::PushKeyInvalid);
    }
    let secret = secret
        .map(|k| k.trim().trim_end_matches('=').to_owned())
        .filter(|k| push::auth_secret(k).is_some());
    if secret.is_none() {
        errors.add("keys.auth", Msg::PushKeyInvalid);
    }
    errors.into_result()?;
    let (Some(endpoint), Some(p256dh), Some(secret)) = (endpoint, p256dh, secret) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let agente = label(client.user_agent.as_deref());
    let owner = Owner {
        usuario_id: &auth.id,
        sesion_id: &auth.session_id,
    };
    let id = match save(&state.db, &owner, &endpoint, &p256dh, &secret, &agente).await {
        // Two registrations of one endpoint at once: the unique index let one in, update it.
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            save(&state.db, &owner, &endpoint, &p256dh, &secret, &agente).await?
        }
        saved => saved?,
    };
    drop_least_used(&state.db, owner.usuario_id).await?;
    Ok(Json(DeviceIdAnswer {
        success: true,
        data: DeviceId { id },
    }))
}

/// Why an endpoint was refused: its form, or a host inside (an https URL that names one).
fn not_allowed_because(endpoint: &str) -> Msg {
    match url::Url::parse(endpoint) {
        Ok(url)
            if url.scheme() == "https"
                && url.username().is_empty()
                && url.password().is_none()
                && url.host().is_some() =>
        {
            Msg::PushEndpointNotPublic
        }
        _ => Msg::PushEndpointInvalid,
    }
}

struct Owner<'a> {
    usuario_id: &'a str,
    sesion_id: &'a str,
}

async fn save(
    db: &impl ConnectionTrait,
    owner: &Owner<'_>,
    endpoint: &str,
    p256dh: &str,
    secret: &str,
    agente: &str,
) -> Result<String, sea_orm::DbErr> {
    let existing = dispositivo_push::Entity::find()
        .filter(dispositivo_push::Column::Endpoint.eq(endpoint))
        .one(db)
        .await?;
    if let Some(device) = existing {
        let id = device.id.clone();
        let mut active = device.into_active_model();
        active.usuario_id = Set(owner.usuario_id.to_owned());
        active.sesion_id = Set(owner.sesion_id.to_owned());
        active.p256dh = Set(p256dh.to_owned());
        active.auth = Set(secret.to_owned());
        active.agente = Set(agente.to_owned());
        active.update(db).await?;
        return Ok(id);
    }
    let device = dispositivo_push::ActiveModel {
        id: Set(ids::new_id()),
        usuario_id: Set(owner.usuario_id.to_owned()),
        sesion_id: Set(owner.sesion_id.to_owned()),
        endpoint: Set(endpoint.to_owned()),
        p256dh: Set(p256dh.to_owned()),
        auth: Set(secret.to_owned()),
        agente: Set(agente.to_owned()),
        creado: Set(Utc::now()),
        ultimo_uso: Set(None),
    }
    .insert(db)
    .await?;
    Ok(device.id)
}

async fn drop_least_used(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<(), sea_orm::DbErr> {
    let of_user = || {
        dispositivo_push::Entity::find().filter(dispositivo_push::Column::UsuarioId.eq(usuario_id))
    };
    let count = of_user().count(db).await?;
    if count <= MAX_DEVICES {
        return Ok(());
    }
    let mut devices = of_user().all(db).await?;
    // A device never pushed to counts as used when it was registered.
    devices.sort_by_key(|d| (d.ultimo_uso.unwrap_or(d.creado), d.creado));
    let excess = devices.len().saturating_sub(MAX_DEVICES as usize);
    let gone: Vec<String> = devices.into_iter().take(excess).map(|d| d.id).collect();
    dispositivo_push::Entity::delete_many()
        .filter(dispositivo_push::Column::Id.is_in(gone))
        .exec(db)
        .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceView {
    #[serde(rename = "_id")]
    pub id: String,
    pub endpoint: String,
    /// A short label of the browser and system, e.g. "Chrome · Android".
    pub agente: String,
    pub creado: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DevicesAnswer {
    pub success: bool,
    pub data: Vec<DeviceView>,
}

/// The caller's devices that get push notifications, newest first.
#[utoipa::path(get, path = "/notificaciones/dispositivos", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = DevicesAnswer)))]
pub async fn list_devices(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<DevicesAnswer>> {
    let devices = dispositivo_push::Entity::find()
        .filter(dispositivo_push::Column::UsuarioId.eq(&auth.id))
        .order_by_desc(dispositivo_push::Column::Creado)
        .order_by_desc(dispositivo_push::Column::Id)
        .limit(MAX_DEVICES * 2)
        .all(&state.db)
        .await?;
    Ok(Json(DevicesAnswer {
        success: true,
        data: devices
            .into_iter()
            .map(|d| DeviceView {
                id: d.id,
                endpoint: d.endpoint,
                agente: d.agente,
                creado: d.creado,
            })
            .collect(),
    }))
}

/// Stop push notifications to one of the caller's devices.
#[utoipa::path(delete, path = "/notificaciones/dispositivos/{id}", tag = "notifications", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Done), (status = 404, description = "not one of the caller's devices", body = ErrorBody)))]
pub async fn delete_device(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Done>> {
    let deleted = dispositivo_push::Entity::delete_many()
        .filter(dispositivo_push::Column::Id.eq(id))
        .filter(dispositivo_push::Column::UsuarioId.eq(&auth.id))
        .exec(&state.db)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(ApiError::not_found());
    }
    Ok(Done::new(Msg::PushDeviceRemoved))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Sent {
    /// How many devices' push services accepted the notice.
    pub enviados: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentAnswer {
    pub success: bool,
    pub data: Sent,
}

/// Send a test notification to each of the caller's devices. Devices whose subscription has ended
/// are dropped on the way.
#[utoipa::path(post, path = "/notificaciones/dispositivos/prueba", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = SentAnswer), (status = 429, description = "too many tests", body = ErrorBody)))]
pub async fn test_push(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<SentAnswer>> {
    state.limiter.hit(&TEST_PUSHES, &auth.id).await?;
    let message = PushMessage {
        titulo: "Nido".to_owned(),
        texto: Msg::PushTest.text(i18n::current()).to_owned(),
        enlace: "/profile/notifications".to_owned(),
        etiqueta: "prueba".to_owned(),
    };
    let enviados = push::push_to_user(&state, &auth.id, &message)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?;
    Ok(Json(SentAnswer {
        success: true,
        data: Sent { enviados },
    }))
}

/// The browser and system a `User-Agent` names, as a short label such as "Safari · iOS".
pub fn label(user_agent: Option<&str>) -> String {
    let ua = user_agent.unwrap_or_default();
    let has = |needle: &str| ua.contains(needle);
    let browser = if has("Edg/") || has("EdgA/") || has("EdgiOS/") {
        Some("Edge")
    } else if has("OPR/") || has("Opera") {
        Some("Opera")
    } else if has("SamsungBrowser/") {
        Some("Samsung Internet")
    } else if has("Firefox/") || has("FxiOS/") {
        Some("Firefox")
    } else if has("Chrome/") || has("CriOS/") || has("Chromium/") {
        Some("Chrome")
    } else if has("Safari/") {
        Some("Safari")
    } else {
        None
    };
    let system = if has("Android") {
        Some("Android")
    } else if has("iPhone") || has("iPod") {
        Some("iOS")
    } else if has("iPad") {
        Some("iPadOS")
    } else if has("Windows") {
        Some("Windows")
    } else if has("CrOS") {
        Some("ChromeOS")
    } else if has("Mac OS X") || has("Macintosh") {
        Some("macOS")
    } else if has("Linux") {
        Some("Linux")
    } else {
        None
    };
    match (browser, system) {
        (Some(b), Some(s)) => format!("{b} · {s}"),
        (Some(one), None) | (None, Some(one)) => one.to_owned(),
        (None, None) => "Web".to_owned(),
    }
}

/// What the devices add to a user's export: the push service each one uses, not its keys.
pub const EXPORT_README: &str = "\
notificaciones/dispositivos.json  los dispositivos con notificaciones push / the devices with push notifications\n";

#[derive(Serialize)]
struct ExportedDevice {
    agente: String,
    /// The push service's host: the endpoint and keys are secrets of the subscription.
    servicio: String,
    creado: DateTime<Utc>,
    #[serde(rename = "ultimoUso")]
    ultimo_uso: Option<DateTime<Utc>>,
}

pub async fn export(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let devices = dispositivo_push::Entity::find()
        .filter(dispositivo_push::Column::UsuarioId.eq(&user.id))
        .order_by_asc(dispositivo_push::Column::Creado)
        .all(&state.db)
        .await?;
    if devices.is_empty() {
        return Ok(Vec::new());
    }
    let exported: Vec<ExportedDevice> = devices
        .into_iter()
        .map(|d| ExportedDevice {
            servicio: url::Url::parse(&d.endpoint)
                .ok()
                .and_then(|u| u.host_str().map(str::to_owned))
                .unwrap_or_default(),
            agente: d.agente,
            creado: d.creado,
            ultimo_uso: d.ultimo_uso,
        })
        .collect();
    Ok(vec![export_json(
        "notificaciones/dispositivos.json",
        &exported,
    )?])
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn labels_name_browser_and_system() {
        let cases = [
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome · Android",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                "Safari · iOS",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge · Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox · macOS",
            ),
        ];
        for (ua, expected) in cases {
            assert_eq!(label(Some(ua)), expected);
        }
        assert_eq!(label(None), "Web");
        assert_eq!(label(Some("curl/8.5")), "Web");
    }
}
