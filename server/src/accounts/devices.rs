//! Trusted devices: how a flood of wrong passwords from elsewhere neither locks the owner out nor
//! lets guessing spread over many addresses.
//!
//! Every attempt counts against its address (the `*_ip` limits). Per account, an attempt spends one
//! of two budgets: a client showing the device token it was handed at an earlier sign-in to this
//! account spends that device's own budget; every other client shares the account's budget. A flood
//! from elsewhere empties the shared budget, which stops guessing from many addresses, while the
//! owner's browsers and phones keep theirs. Tokens are stored hashed and end when the password
//! changes or is reset.

use chrono::Duration;
use sea_orm::ConnectionTrait;

use super::{entities::token, entities::usuario, tokens};
use crate::{error::ApiResult, platform::rate_limit::Limit, state::AppState};

/// A device that signs in at least once a year stays trusted.
const VALID_FOR: Duration = Duration::days(365);
/// Longer than any token we hand out: anything longer is not one, and is not looked up.
const MAX_TOKEN_CHARS: usize = 200;

/// The two per-account budgets of one kind of attempt (sign-in, reset mail, reopening).
pub struct Budget {
    /// Shared by every client without a device token of the account; keyed by the address typed.
    pub shared: Limit,
    /// For each trusted device on its own; keyed by the device token.
    pub per_device: Limit,
}

/// Counts one attempt against the account of `email` (`user` when it exists), from a client that
/// showed `device` if any.
pub async fn spend(
    state: &AppState,
    budget: &Budget,
    email: &str,
    user: Option<&usuario::Model>,
    device: Option<&str>,
) -> ApiResult<()> {
    if let (Some(user), Some(device)) = (user, device)
        && let Some(trusted) = trusted(&state.db, device, &user.id).await?
    {
        return state.limiter.hit(&budget.per_device, &trusted.id).await;
    }
    state.limiter.hit(&budget.shared, email).await
}

/// The device token to hand back with a new session: the one the client showed, if it is still a
/// trusted device of this user, or a new one.
pub async fn token_for(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    shown: Option<&str>,
) -> Result<String, sea_orm::DbErr> {
    if let Some(shown) = shown
        && trusted(db, shown, usuario_id).await?.is_some()
    {
        return Ok(shown.to_owned());
    }
    tokens::issue(db, usuario_id, tokens::LOGIN_DEVICE, VALID_FOR, None).await
}

/// The device token field of a request, if it looks like one.
pub fn shown(value: Option<String>) -> Option<String> {
    value
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty() && v.len() <= MAX_TOKEN_CHARS)
}

async fn trusted(
    db: &impl ConnectionTrait,
    secret: &str,
    usuario_id: &str,
) -> Result<Option<token::Model>, sea_orm::DbErr> {
    let found = tokens::live(db, secret, tokens::LOGIN_DEVICE).await?;
    Ok(found.filter(|t| t.usuario_id == usuario_id))
}
