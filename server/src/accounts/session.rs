//! Sessions: opaque bearer tokens, stored hashed, ended after 30 idle days or on logout.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{HeaderMap, header, request::Parts},
};
use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Set,
};

use super::entities::{sesion, usuario};
use crate::{
    error::{ApiError, ApiResult},
    i18n::{self, Lang},
    ids,
    platform::cache::Cache,
    state::AppState,
};

pub const IDLE_LIMIT: Duration = Duration::days(30);
/// `last_seen_at` is refreshed at most this often, so that reads do not all turn into writes.
const TOUCH_EVERY: Duration = Duration::minutes(10);

/// The signed-in caller. Taking it as a handler argument is what makes a route private.
#[derive(Clone)]
pub struct AuthUser {
    pub user: usuario::Model,
    pub session_id: String,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let token = bearer_token(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        let token_hash = ids::hash_secret(token);
        if let Some(auth) = state.sessions.get(&token_hash) {
            i18n::set_current(Lang::parse(&auth.user.language).unwrap_or_default());
            return Ok(auth);
        }
        let generation = state.sessions.generation();
        let found = sesion::Entity::find()
            .filter(sesion::Column::TokenHash.eq(&token_hash))
            .find_also_related(usuario::Entity)
            .one(&state.db)
            .await?;
        let Some((session, Some(user))) = found else {
            return Err(ApiError::unauthorized());
        };
        let now = Utc::now();
        if now - session.last_seen_at > IDLE_LIMIT {
            sesion::Entity::delete_by_id(session.id)
                .exec(&state.db)
                .await?;
            return Err(ApiError::unauthorized());
        }
        if now - session.last_seen_at > TOUCH_EVERY {
            let mut active = session.clone().into_active_model();
            active.last_seen_at = Set(now);
            active.update(&state.db).await?;
        }
        i18n::set_current(Lang::parse(&user.language).unwrap_or_default());
        let auth = AuthUser {
            user,
            session_id: session.id,
        };
        state.sessions.put(generation, token_hash, auth.clone());
        Ok(auth)
    }
}

/// Sessions checked in the last five minutes, so that a burst of requests with one token costs
/// one query. Ending a session or changing a user announces it (`platform::changes`), which
/// drops the user's sessions from every instance's copy.
pub type SessionCache = Cache<AuthUser>;

pub fn session_cache() -> SessionCache {
    Cache::new(std::time::Duration::from_secs(300), 50_000)
}

fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.len() <= 200)
        .then_some(token)
}

/// Where a request comes from and with what, as far as the server can tell.
pub struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

impl FromRequestParts<AppState> for ClientInfo {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let forwarded = state
            .config
            .trust_proxy
            .then(|| {
                parts
                    .headers
                    .get("x-forwarded-for")?
                    .to_str()
                    .ok()?
                    // The client writes what it likes on the left; the entry our proxy appended
                    // is the last one.
                    .rsplit(',')
                    .next()?
                    .trim()
                    .parse::<IpAddr>()
                    .ok()
            })
            .flatten();
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(300).collect());
        Ok(ClientInfo {
            ip: forwarded.or(peer),
            user_agent,
        })
    }
}

impl ClientInfo {
    /// The key rate limits count per address: an IPv4 address, or an IPv6 client's /64 (one
    /// subscriber usually holds a whole /64, and could otherwise take a new address per try).
    pub fn ip_key(&self) -> String {
        match self.ip.map(|ip| ip.to_canonical()) {
            Some(IpAddr::V6(v6)) => {
                let prefix = u128::from(v6) & (u128::MAX << 64);
                format!("{}/64", std::net::Ipv6Addr::from(prefix))
            }
            Some(ip) => ip.to_string(),
            None => String::new(),
        }
    }
}

/// Opens a session and gives back the token, the only time it exists in clear.
pub async fn open(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    client: &ClientInfo,
) -> Result<String, sea_orm::DbErr> {
    let token = ids::new_secret();
    let now = Utc::now();
    sesion::ActiveModel {
        id: Set(ids::new_id()),
        usuario_id: Set(usuario_id.to_owned()),
        token_hash: Set(ids::hash_secret(&token)),
        user_agent: Set(client.user_agent.clone()),
        ip: Set(client.ip.map(|ip| ip.to_string())),
        created_at: Set(now),
        last_seen_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Ends every session of a user but one (or all of them with `keep = None`).
pub async fn end_all(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    keep: Option<&str>,
) -> Result<u64, sea_orm::DbErr> {
    let mut query = sesion::Entity::delete_many().filter(sesion::Column::UsuarioId.eq(usuario_id));
    if let Some(keep) = keep {
        query = query.filter(sesion::Column::Id.ne(keep));
    }
    Ok(query.exec(db).await?.rows_affected)
}
