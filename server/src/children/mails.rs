//! The mails the children domain sends, in the recipient's language.

use chrono::{DateTime, Utc};
use lettre::message::Mailbox;

use crate::{
    i18n::Lang,
    platform::mail::{Mail, escape},
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
    let (hello, subject, what, undo, open) = match lang {
        Lang::Es => (
            "Hola",
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
            "Hello",
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
    let greeting = if nombre.is_empty() {
        hello.to_owned()
    } else {
        format!("{hello} {nombre}")
    };
    let text = format!("{greeting},\n\n{what}\n\n{undo}\n\n{link}\n\nNido\n");
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"font-family:sans-serif;color:#1f2937\">\
         <p>{greeting},</p><p>{what}</p><p>{undo}</p>\
         <p><a href=\"{link}\" style=\"background:#2f6f62;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none\">{open}</a></p>\
         <p style=\"font-size:13px;color:#4b5563\">{link}</p><p>Nido</p></body></html>",
        lang = lang.as_str(),
        greeting = escape(&greeting),
        what = escape(&what),
        undo = escape(&undo),
        link = escape(link),
    );
    Mail {
        to,
        subject,
        text,
        html,
        reply_to: None,
    }
}
