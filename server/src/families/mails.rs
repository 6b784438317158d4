//! The mails the families domain sends, in the recipient's language.

use lettre::message::Mailbox;

use crate::{
    i18n::{self, Lang},
    platform::mail::{Mail, compose},
};

/// To someone invited to a family: the link registers them, or lets them accept if they have an account.
pub fn family_invitation(
    to: Mailbox,
    sender: &str,
    family: &str,
    link: &str,
    expires_at: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
    lang: Lang,
) -> Mail {
    // The last day as the family counts days, in words: "2026-12-05" read as a code.
    let day = i18n::long_date(expires_at.with_timezone(&zone).date_naive(), lang);
    let (subject, body, about, button, expiry, ignore) = match lang {
        Lang::Es => (
            format!("{sender} te invita a Nido"),
            format!(
                "{sender} te invita a sumarte a «{family}» en Nido, para compartir las fichas de los chicos: escuela, salud, turnos, actividades y contactos de emergencia."
            ),
            "Si todavía no tienes cuenta, el enlace te lleva a crearla; si ya la tienes, inicia sesión y acepta la invitación.",
            "Aceptar la invitación",
            format!("La invitación vence el {day} y sirve una sola vez."),
            "Si no conoces a quien te invita, ignora este mensaje.",
        ),
        Lang::En => (
            format!("{sender} invites you to Nido"),
            format!(
                "{sender} invites you to join “{family}” on Nido, to share the children's records: school, health, appointments, activities and emergency contacts."
            ),
            "If you do not have an account yet, the link takes you to create one; if you do, sign in and accept the invitation.",
            "Accept the invitation",
            format!("The invitation expires on {day} and works once."),
            "If you do not know who invited you, ignore this message.",
        ),
    };
    compose(
        to,
        lang,
        &subject,
        "",
        &[&body, about],
        Some((button, link)),
        &[&expiry, ignore],
    )
}
