//! Who may manage a family's invitations, and which invitation a ticket (a mailed secret, a
//! linking code, a received invitation's id) grants, with the limits on guessing codes.

use axum::http::StatusCode;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::{
    store::CODE_LEN,
    views::{InvitationStatus, status_of},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{Permission, Scope, entities::invitacion},
    i18n::Msg,
    ids,
    platform::rate_limit::Limit,
    request::ClientInfo,
    state::AppState,
};

/// Looking invitations up without an account: enough for people, too few to guess codes.
pub(super) const LOOK_UP_PER_IP: Limit = Limit {
    name: "invitation_look_up_ip",
    max: 60,
    window: std::time::Duration::from_secs(15 * 60),
};
pub(super) const ACCEPT_PER_USER: Limit = Limit {
    name: "invitation_accept_user",
    max: 20,
    window: std::time::Duration::from_secs(15 * 60),
};
pub(super) const INVITES_PER_USER: Limit = Limit {
    name: "invitation_send_user",
    max: 30,
    window: std::time::Duration::from_secs(60 * 60),
};
/// Failed linking codes from one client address: room for typos, not for guessing.
pub(super) const CODE_FAILURES_PER_IP: Limit = Limit {
    name: "invitation_code_failures_ip",
    max: 20,
    window: std::time::Duration::from_secs(60 * 60),
};
/// Failed linking codes from everyone together, so that many addresses cannot add up: 4,800 a
/// day against 31^8 (about 8.5e11) possible codes.
pub(super) const CODE_FAILURES_TOTAL: Limit = Limit {
    name: "invitation_code_failures_total",
    max: 200,
    window: std::time::Duration::from_secs(60 * 60),
};

/// Invitations' scope rule: co-parents invite and manage invitations. A viewer reads the family
/// but not its invitations, which do not exist for them (404).
pub struct Invitations;

impl Scope for Invitations {
    fn sees(permission: Permission) -> bool {
        permission.edits()
    }
}

/// How an invitation is presented: its mailed secret, its code, or (signed in) its id.
pub enum Ticket {
    Token(String),
    Code(String),
    Received(String),
}

impl Ticket {
    /// From the fields of a request: exactly one must be given.
    pub fn from_fields(
        token: Option<String>,
        code: Option<String>,
        id: Option<String>,
    ) -> ApiResult<Option<Ticket>> {
        let clean = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        match (clean(token), clean(code), clean(id)) {
            (None, None, None) => Ok(None),
            (Some(token), None, None) => Ok(Some(Ticket::Token(token))),
            (None, Some(code), None) => Ok(Some(Ticket::Code(normalize_code(&code)))),
            (None, None, Some(id)) => Ok(Some(Ticket::Received(id))),
            _ => Err(ApiError::bad_request(Msg::InvitationOneWay)),
        }
    }
}

/// What people type: any case, with spaces or dashes between groups.
pub fn normalize_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// The invitation a ticket names, if it can still be accepted; a clear error otherwise.
/// `caller` is who presents it (needed for received invitations).
pub async fn usable(
    db: &impl ConnectionTrait,
    ticket: &Ticket,
    caller: Option<&usuario::Model>,
) -> ApiResult<invitacion::Model> {
    let query = invitacion::Entity::find();
    let found = match ticket {
        Ticket::Token(token) if token.len() <= 200 => {
            query
                .filter(invitacion::Column::TokenHash.eq(ids::hash_secret(token)))
                .one(db)
                .await?
        }
        Ticket::Code(code) if code.len() == CODE_LEN => {
            query
                .filter(invitacion::Column::Codigo.eq(code))
                .one(db)
                .await?
        }
        Ticket::Received(id) => match caller.and_then(verified_email) {
            Some(email) => {
                query
                    .filter(invitacion::Column::Id.eq(id))
                    .filter(invitacion::Column::Email.eq(email))
                    .filter(invitacion::Column::Retenida.eq(false))
                    .one(db)
                    .await?
            }
            None => None,
        },
        _ => None,
    };
    let invitation =
        found.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, Msg::InvitationUnknown))?;
    let gone = |msg| Err(ApiError::new(StatusCode::GONE, msg));
    match status_of(&invitation, Utc::now()) {
        InvitationStatus::Pendiente => Ok(invitation),
        InvitationStatus::Vencida => gone(Msg::InvitationExpired),
        InvitationStatus::Aceptada => gone(Msg::InvitationUsed),
        InvitationStatus::Revocada | InvitationStatus::Rechazada => gone(Msg::InvitationWithdrawn),
    }
}

/// `usable`, for someone who may be guessing: a linking code that fails counts against the
/// client's address and against everyone together, and past either limit every code is refused
/// with 429 before it is looked up, so a right guess is not told apart from a wrong one. Each try
/// is counted first and given back if the code works, so parallel tries cannot slip past.
/// Mailed tokens are long random secrets and are not counted here.
pub async fn usable_guarded(
    state: &AppState,
    ticket: &Ticket,
    caller: Option<&usuario::Model>,
    client: &ClientInfo,
) -> ApiResult<invitacion::Model> {
    if !matches!(ticket, Ticket::Code(_)) {
        return usable(&state.db, ticket, caller).await;
    }
    let ip = client.ip_key();
    state.limiter.hit(&CODE_FAILURES_PER_IP, &ip).await?;
    if let Err(err) = state.limiter.hit(&CODE_FAILURES_TOTAL, "all").await {
        state.limiter.refund(&CODE_FAILURES_PER_IP, &ip).await?;
        return Err(err);
    }
    let found = usable(&state.db, ticket, caller).await;
    if found.is_ok() {
        state.limiter.refund(&CODE_FAILURES_PER_IP, &ip).await?;
        state.limiter.refund(&CODE_FAILURES_TOTAL, "all").await?;
    }
    found
}

/// A mailed invitation admits only the address it was mailed to (compared as emails are stored,
/// in lower case); a linking code admits whoever holds it.
pub fn admits(invitation: &invitacion::Model, email: &str) -> ApiResult<()> {
    match invitation.email.as_deref() {
        Some(invited) if !invited.eq_ignore_ascii_case(email.trim()) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::InvitationEmailMismatch,
        )),
        _ => Ok(()),
    }
}

pub(super) fn verified_email(user: &usuario::Model) -> Option<&str> {
    user.email_verificado_at.map(|_| user.email.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_codes_are_normalized() {
        assert_eq!(normalize_code(" abcd-efgh "), "ABCDEFGH");
        assert_eq!(normalize_code("abcd efgh"), "ABCDEFGH");
    }
}
