//! The frame every notification mail shares: the greeting names the user unless they asked for
//! discretion, a button opens Nido, and a line and a `List-Unsubscribe` header stop what the mail
//! is about.

use lettre::message::Mailbox;

use super::unsubscribe;
use crate::{db::entities::usuario, i18n::Lang, platform::mail::compose, state::AppState};

pub struct NoticeMail<'a> {
    pub lang: Lang,
    /// Discreet mode: no name in the greeting (the caller keeps what and who out of the rest).
    pub discreet: bool,
    /// What the unsubscribe link stops: a notice kind, `unsubscribe::SUMMARY` or `ALL_MAIL`.
    pub stops: &'a str,
    pub subject: &'a str,
    pub body: &'a [&'a str],
    /// The button's label and the app path it opens.
    pub open: (&'a str, &'a str),
    /// The line before the unsubscribe link.
    pub stop_line: &'a str,
}

pub async fn send(
    state: &AppState,
    user: &usuario::Model,
    to: Mailbox,
    notice: NoticeMail<'_>,
) -> anyhow::Result<()> {
    let token = unsubscribe::token(&state.db, &user.id, notice.stops).await?;
    let nombre = if notice.discreet {
        ""
    } else {
        usuario::name_at(user, &user.email)
    };
    let (label, path) = notice.open;
    let mut mail = compose(
        to,
        notice.lang,
        notice.subject,
        nombre,
        notice.body,
        Some((label, &state.config.link(path))),
        &[notice.stop_line, &unsubscribe::page_link(state, &token)],
    );
    mail.unsubscribe = Some(unsubscribe::header_link(state, &token));
    state.mailer.send(&state.mail_from, mail).await
}
