//! Web push (RFC 8030/8291/8292): the payload encrypted for each of a user's devices and sent to
//! the browser's push service, signed with the server's VAPID key.

use std::{
    sync::{Arc, OnceLock},
    time::{Duration, Instant},
};

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::Utc;
use futures_util::future::join_all;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde::Serialize;
use web_push_native::{Auth, WebPushBuilder, p256};

use super::{
    entities::dispositivo_push,
    push_address::{self, PublicOnly},
};
use crate::state::AppState;

/// What the service worker shows: `{"titulo","texto","enlace","etiqueta"}`. `etiqueta` is the
/// notification's tag: a newer one with the same tag replaces the older on the device.
#[derive(Debug, Clone, Serialize)]
pub struct PushMessage {
    pub titulo: String,
    pub texto: String,
    pub enlace: String,
    pub etiqueta: String,
}

/// How long a push service keeps a message for a device that is offline.
const TIME_TO_LIVE: Duration = Duration::from_secs(24 * 60 * 60);
/// How long the VAPID signature is valid: push services refuse more than 24 hours.
const SIGNATURE_VALID_FOR: Duration = Duration::from_secs(12 * 60 * 60);
/// A push service answers at once or is having trouble; the delivery job must not hang on it.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Push services take about 4 KB of encrypted payload; these caps keep any message under it.
const MAX_TITLE_CHARS: usize = 120;
const MAX_TEXT_CHARS: usize = 1000;
const MAX_LINK_CHARS: usize = 500;

/// Sends to each of the user's devices; drops a device the push service answers 404 or 410.
/// Returns how many accepted it. A device whose push service fails otherwise is kept and logged.
pub async fn push_to_user(
    state: &AppState,
    usuario_id: &str,
    message: &PushMessage,
) -> anyhow::Result<usize> {
    let devices = dispositivo_push::Entity::find()
        .filter(dispositivo_push::Column::UsuarioId.eq(usuario_id))
        .all(&state.db)
        .await?;
    if devices.is_empty() {
        return Ok(0);
    }
    let payload = serde_json::to_vec(&PushMessage {
        titulo: cut(&message.titulo, MAX_TITLE_CHARS),
        texto: cut(&message.texto, MAX_TEXT_CHARS),
        enlace: cut(&message.enlace, MAX_LINK_CHARS),
        etiqueta: cut(&message.etiqueta, MAX_TITLE_CHARS),
    })?;
    let contact = contact(state);
    let outcomes = join_all(
        devices
            .iter()
            .map(|device| send(state, device, &payload, &contact)),
    )
    .await;

    let mut accepted = 0;
    for (device, outcome) in devices.into_iter().zip(outcomes) {
        match outcome {
            Outcome::Accepted => {
                accepted += 1;
                let mut active = device.into_active_model();
                active.ultimo_uso = Set(Some(Utc::now()));
                active.update(&state.db).await?;
            }
            Outcome::Gone => {
                tracing::info!(device = %device.id, "push subscription gone: device dropped");
                dispositivo_push::Entity::delete_by_id(device.id)
                    .exec(&state.db)
                    .await?;
            }
            Outcome::Failed(problem) => {
                tracing::warn!(device = %device.id, %problem, "push not accepted");
            }
        }
    }
    Ok(accepted)
}

enum Outcome {
    Accepted,
    /// The subscription has ended (unsubscribed, expired, or never valid): the device goes.
    Gone,
    Failed(String),
}

async fn send(
    state: &AppState,
    device: &dispositivo_push::Model,
    payload: &[u8],
    contact: &str,
) -> Outcome {
    let request = match build_request(state, device, payload, contact) {
        Ok(request) => request,
        // Keys or an endpoint that no longer pass the checks they passed at registration.
        Err(problem) => {
            tracing::warn!(device = %device.id, %problem, "push subscription unusable");
            return Outcome::Gone;
        }
    };
    let service = push_address::for_log(&device.endpoint);
    let client = match client(state.config.push_allow_loopback) {
        Ok(client) => client,
        Err(err) => return Outcome::Failed(format!("no HTTP client: {err}")),
    };
    let started = Instant::now();
    match client.execute(request).await {
        Ok(response) => {
            let status = response.status();
            tracing::debug!(device = %device.id, %service, %status, elapsed = ?started.elapsed(), "push sent");
            match status.as_u16() {
                200..=299 => Outcome::Accepted,
                404 | 410 => Outcome::Gone,
                _ => {
                    let body = response.text().await.unwrap_or_default();
                    Outcome::Failed(format!("{service} {status}: {}", cut(&body, 300)))
                }
            }
        }
        Err(err) => {
            // reqwest's own text is only "error sending request": the cause is in the chain.
            // Without the URL: its path is the capability to push to that browser.
            let err = err.without_url();
            let mut problem = format!("{service}: {err}");
            let mut source = std::error::Error::source(&err);
            while let Some(cause) = source {
                problem.push_str(&format!(": {cause}"));
                source = cause.source();
            }
            Outcome::Failed(problem)
        }
    }
}

fn build_request(
    state: &AppState,
    device: &dispositivo_push::Model,
    payload: &[u8],
    contact: &str,
) -> Result<reqwest::Request, String> {
    let endpoint = push_address::endpoint(&device.endpoint, state.config.push_allow_loopback)
        .ok_or("endpoint not allowed")?;
    let ua_public = subscriber_key(&device.p256dh).ok_or("bad p256dh key")?;
    let ua_auth = auth_secret(&device.auth).ok_or("bad auth secret")?;
    let uri: axum::http::Uri = endpoint.as_str().parse().map_err(|e| format!("{e}"))?;
    let mut request = WebPushBuilder::new(uri, ua_public, ua_auth)
        .with_valid_duration(SIGNATURE_VALID_FOR)
        .with_vapid(state.vapid.key_pair(), contact)
        .build(payload.to_vec())
        .map_err(|e| format!("{e}"))?;
    let headers = request.headers_mut();
    headers.insert("ttl", TIME_TO_LIVE.as_secs().into());
    headers.insert("urgency", axum::http::HeaderValue::from_static("normal"));
    reqwest::Request::try_from(request).map_err(|e| format!("{e}"))
}

/// One client for every push (one per setting of `NIDO_PUSH_ALLOW_LOOPBACK`): its connections
/// to the few push services are reused. It resolves names only to allowed addresses and connects
/// to those, follows no redirect and takes no proxy from the environment, so an endpoint cannot
/// lead it anywhere the checks did not see.
fn client(allow_loopback: bool) -> reqwest::Result<&'static reqwest::Client> {
    static PUBLIC: OnceLock<reqwest::Client> = OnceLock::new();
    static WITH_LOOPBACK: OnceLock<reqwest::Client> = OnceLock::new();
    let cell = if allow_loopback {
        &WITH_LOOPBACK
    } else {
        &PUBLIC
    };
    if let Some(client) = cell.get() {
        return Ok(client);
    }
    let client = reqwest::Client::builder()
        .timeout(SEND_TIMEOUT)
        .connect_timeout(SEND_TIMEOUT / 2)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(Arc::new(PublicOnly { allow_loopback }))
        .build()?;
    Ok(cell.get_or_init(|| client))
}

/// Whom push services may write to about our traffic (VAPID `sub`): the support address.
fn contact(state: &AppState) -> String {
    let address = state
        .config
        .support_email
        .parse::<lettre::message::Mailbox>()
        .map(|m| m.email.to_string())
        .unwrap_or_else(|_| "soporte@nido.app".to_owned());
    format!("mailto:{address}")
}

/// The browser's P-256 public key (`keys.p256dh`): base64url of an uncompressed point.
pub fn subscriber_key(p256dh: &str) -> Option<p256::PublicKey> {
    let bytes = decode(p256dh)?;
    if bytes.len() != 65 {
        return None;
    }
    p256::PublicKey::from_sec1_bytes(&bytes).ok()
}

/// The browser's authentication secret (`keys.auth`): base64url of 16 bytes.
pub fn auth_secret(auth: &str) -> Option<Auth> {
    let bytes: [u8; 16] = decode(auth)?.try_into().ok()?;
    Some(Auth::from(bytes))
}

/// Browsers send base64url without padding; some libraries add it.
fn decode(value: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(value.trim().trim_end_matches('='))
        .ok()
}

fn cut(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_must_be_a_point_and_sixteen_bytes() {
        let point = "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
        assert!(subscriber_key(point).is_some());
        assert!(subscriber_key(&format!("{point}=")).is_some());
        assert!(subscriber_key(&point[..80]).is_none());
        assert!(
            subscriber_key(&"A".repeat(87)).is_none(),
            "not on the curve"
        );
        assert!(auth_secret("_ordMnz7uTCmrpBTeUV4Bw").is_some());
        assert!(auth_secret("_ordMnz7uTCmrpBTeUV4").is_none());
        assert!(auth_secret("not base64!").is_none());
    }

    #[test]
    fn long_texts_are_cut_on_a_character() {
        assert_eq!(cut("año", 2), "añ…");
        assert_eq!(cut("año", 3), "año");
    }
}
