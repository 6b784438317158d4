//! The signed-in caller, from the bearer token of the request.

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, header, request},
};
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};

use crate::{
    db::entities::{sesion, usuario},
    error::{ApiError, ApiResult},
    i18n::{self, Lang},
    ids::{self, UserId},
    platform::{
        cache::Cache,
        changes::{Change, Forget},
    },
    state::{AppState, Parts},
};

pub const IDLE_LIMIT: Duration = Duration::days(30);
/// `last_seen_at` is refreshed at most this often, so that reads do not all turn into writes.
const TOUCH_EVERY: Duration = Duration::minutes(10);

/// The signed-in caller. Taking it as a handler argument is what makes a route private.
#[derive(Clone)]
pub struct AuthUser {
    /// The user's id, typed (the same as `user.id`).
    pub id: UserId,
    pub user: usuario::Model,
    pub session_id: String,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut request::Parts, state: &AppState) -> ApiResult<Self> {
        let token = bearer_token(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        let token_hash = ids::hash_secret(token);
        if let Some(auth) = state.part::<SessionCache>().get(&token_hash) {
            i18n::set_current(Lang::parse(&auth.user.language).unwrap_or_default());
            return Ok(auth);
        }
        let generation = state.part::<SessionCache>().generation();
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
            id: UserId::new(user.id.clone()),
            user,
            session_id: session.id,
        };
        state
            .part::<SessionCache>()
            .put(generation, token_hash, auth.clone());
        Ok(auth)
    }
}

/// Sessions checked in the last five minutes, so that a burst of requests with one token costs
/// one query. Ending a session or changing a user announces it (`platform::changes`), which
/// drops the user's sessions from every instance's copy.
pub type SessionCache = Cache<AuthUser>;

/// Puts the session cache in the state, dropped for a user whenever something about them changes.
pub fn parts(parts: &mut Parts, forget: &mut Vec<Forget>) {
    let cache: SessionCache = Cache::new(std::time::Duration::from_secs(300), 50_000);
    let copy = cache.clone();
    forget.push(Box::new(move |change| match change {
        Some(Change::User(id)) => copy.forget_where(|auth| auth.user.id == *id),
        Some(Change::Family(_)) => {}
        None => copy.clear(),
    }));
    parts.insert(cache);
}

fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.len() <= 200)
        .then_some(token)
}
