//! The mails the accounts domain sends, in the recipient's language.

use crate::{
    i18n::Lang,
    platform::mail::{Mail, escape},
};

pub fn password_reset(to: lettre::message::Mailbox, nombre: &str, link: &str, lang: Lang) -> Mail {
    let (subject, hello, body, button, expiry, ignore) = match lang {
        Lang::Es => (
            "Restablece tu contraseña de Nido",
            "Hola",
            "Recibimos un pedido para restablecer la contraseña de tu cuenta de Nido. Para elegir una nueva, abre este enlace:",
            "Elegir una nueva contraseña",
            "El enlace vence en 1 hora y sirve una sola vez.",
            "Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.",
        ),
        Lang::En => (
            "Reset your Nido password",
            "Hello",
            "We received a request to reset the password of your Nido account. To choose a new one, open this link:",
            "Choose a new password",
            "The link expires in 1 hour and works only once.",
            "If you did not ask for this, ignore this message: your password stays the same.",
        ),
    };
    let text = format!("{hello} {nombre},\n\n{body}\n\n{link}\n\n{expiry}\n{ignore}\n\nNido\n");
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"font-family:sans-serif;color:#1f2937\">\
         <p>{hello} {name},</p><p>{body}</p>\
         <p><a href=\"{link}\" style=\"background:#2f6f62;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none\">{button}</a></p>\
         <p style=\"font-size:13px;color:#4b5563\">{link}</p><p>{expiry}<br>{ignore}</p><p>Nido</p></body></html>",
        lang = lang.as_str(),
        name = escape(nombre),
        link = escape(link),
    );
    Mail {
        to,
        subject: subject.to_owned(),
        text,
        html,
        reply_to: None,
    }
}
