//! Joining a family by invitation: a link mailed to someone, or a linking code they type. Either
//! is good for 7 days and one acceptance, can be revoked, and a mailed one can be sent again
//! (with a new link). A mailed invitation admits only the address it was mailed to. An invitation
//! from someone the invitee blocked looks sent to its sender but is never delivered. Linking codes
//! are bearer codes read aloud: failed tries at them are limited per client address and in total.

mod access;
mod input;
mod routes;
mod store;
mod views;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;
pub use access::{Ticket, admits, usable_guarded};
pub use store::join;
pub(super) use store::{has_open_invitation, revoke_codes_of};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_invitations, routes::invite_by_email))
        .routes(routes!(routes::resend_invitation))
        .routes(routes!(routes::revoke_invitation))
        .routes(routes!(routes::new_code))
        .routes(routes!(routes::look_up))
        .routes(routes!(routes::accept))
        .routes(routes!(routes::received))
        .routes(routes!(routes::decline))
}
