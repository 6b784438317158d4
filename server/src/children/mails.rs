//! The mails the children domain sends, in the recipient's language.

use chrono::{DateTime, Utc};
use lettre::message::Mailbox;

use crate::{
    i18n::Lang,
    platform::mail::{Mail, compose},
};

/// Tells a member of the family that another member deleted a child's record, and until when
/// any co-parent can bring it back.
pub fn child_deleted(
    to: Mailbox,
    nombre: &str,
    deleted_by: &str,
    child: &str,
    restorable_until: DateTime<Utc>,
    link: &str,
    lang: Lang,
) -> Mail {
    let day = restorable_until.format("%Y-%m-%d");
    let (subject, what, undo, open) = match lang {
        Lang::Es => (
            format!("{deleted_by} eliminó el registro de {child} en Nido"),
            format!(
                "{deleted_by} eliminó el registro de {child} en Nido: sus datos, actividades, información médica, turnos, contactos y foto."
            ),
            format!(
                "Cualquier co-padre de la familia puede restaurarlo completo hasta el {day}, desde Hijos → Eliminados recientemente. Después se borra para siempre."
            ),
            "Abrir Nido",
        ),
        Lang::En => (
            format!("{deleted_by} deleted {child}'s record in Nido"),
            format!(
                "{deleted_by} deleted {child}'s record in Nido: their details, activities, medical information, appointments, contacts and photo."
            ),
            format!(
                "Any co-parent of the family can restore it whole until {day}, from Children → Recently deleted. After that it is erased for good."
            ),
            "Open Nido",
        ),
    };
    compose(
        to,
        lang,
        &subject,
        nombre,
        &[&what, &undo],
        Some((open, link)),
        &[],
    )
}
