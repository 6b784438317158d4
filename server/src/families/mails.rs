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

/// To a professional given access to part of a family: the link accepts it, signed in (or
/// registered) with this address.
pub fn professional_invitation(
    to: Mailbox,
    grantor: &str,
    family: &str,
    link: &str,
    expires_at: chrono::DateTime<chrono::Utc>,
    zone: chrono_tz::Tz,
    lang: Lang,
) -> Mail {
    let day = i18n::long_date(expires_at.with_timezone(&zone).date_naive(), lang);
    let (subject, body, about, button, expiry, ignore) = match lang {
        Lang::Es => (
            format!("{grantor} te da acceso a «{family}» en Nido"),
            format!(
                "{grantor} te da acceso de solo lectura a una parte de «{family}» en Nido, la plataforma donde la familia guarda sus mensajes, su calendario, sus gastos y sus documentos."
            ),
            "Acepta con una cuenta de esta misma dirección: si todavía no tienes una, el enlace te lleva a crearla. Crearla no cuesta nada.",
            "Aceptar el acceso",
            format!(
                "El acceso dura hasta el {day}. Cada consulta que hagas queda en el registro de la familia."
            ),
            "Si no esperabas este mensaje, ignóralo: sin aceptar no se abre nada.",
        ),
        Lang::En => (
            format!("{grantor} gives you access to “{family}” on Nido"),
            format!(
                "{grantor} gives you read-only access to part of “{family}” on Nido, the platform where the family keeps its messages, calendar, expenses and documents."
            ),
            "Accept with an account of this same address: if you do not have one yet, the link takes you to create it. It costs nothing.",
            "Accept the access",
            format!(
                "The access lasts until {day}. Every look you take is entered in the family's record."
            ),
            "If you did not expect this message, ignore it: nothing opens unless you accept.",
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
