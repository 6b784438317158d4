//! The mails the accounts domain sends, in the recipient's language.

use lettre::message::Mailbox;

use super::entities::usuario;

use crate::{
    i18n::Lang,
    platform::mail::{Mail, escape},
};

/// The name to greet `user` with at `address`: only at their own confirmed address. A name is
/// text the registrant typed, and an inbox that never confirmed anything may be a stranger's, who
/// must not receive it (it could be an advert or a link).
pub fn name_at<'a>(user: &'a usuario::Model, address: &str) -> &'a str {
    if user.email_verificado_at.is_some() && user.email == address {
        &user.nombre
    } else {
        ""
    }
}

/// `address` as a recipient, with the user's name only where `name_at` allows it; `None` if the
/// address does not parse.
pub fn mailbox(user: &usuario::Model, address: &str) -> Option<Mailbox> {
    let name =
        (!name_at(user, address).is_empty()).then(|| format!("{} {}", user.nombre, user.apellido));
    Some(Mailbox::new(name, address.parse().ok()?))
}

/// One layout for every account mail: a greeting, paragraphs, an optional button with its link
/// written out too (some mail readers hide buttons), and the closing notes.
fn compose(
    to: Mailbox,
    lang: Lang,
    subject: &str,
    nombre: &str,
    body: &[&str],
    button: Option<(&str, &str)>,
    notes: &[&str],
) -> Mail {
    let hello = match lang {
        Lang::Es => "Hola",
        Lang::En => "Hello",
    };
    // Someone invited by address alone has no name here yet.
    let greeting = if nombre.is_empty() {
        hello.to_owned()
    } else {
        format!("{hello} {nombre}")
    };
    let mut text = format!("{greeting},\n\n");
    let mut html = format!(
        "<!doctype html><html lang=\"{}\"><body style=\"font-family:sans-serif;color:#1f2937\"><p>{},</p>",
        lang.as_str(),
        escape(&greeting)
    );
    for paragraph in body {
        text.push_str(&format!("{paragraph}\n\n"));
        html.push_str(&format!("<p>{}</p>", escape(paragraph)));
    }
    if let Some((label, link)) = button {
        text.push_str(&format!("{link}\n\n"));
        html.push_str(&format!(
            "<p><a href=\"{link}\" style=\"background:#2f6f62;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none\">{}</a></p>\
             <p style=\"font-size:13px;color:#4b5563\">{link}</p>",
            escape(label),
            link = escape(link),
        ));
    }
    for note in notes {
        text.push_str(&format!("{note}\n"));
        html.push_str(&format!("<p style=\"color:#4b5563\">{}</p>", escape(note)));
    }
    text.push_str("\nNido\n");
    html.push_str("<p>Nido</p></body></html>");
    Mail {
        to,
        subject: subject.to_owned(),
        text,
        html,
        reply_to: None,
    }
}

pub fn password_reset(to: Mailbox, nombre: &str, link: &str, lang: Lang) -> Mail {
    let (subject, body, button, expiry, ignore) = match lang {
        Lang::Es => (
            "Restablece tu contraseña de Nido",
            "Recibimos un pedido para restablecer la contraseña de tu cuenta de Nido. Para elegir una nueva, abre este enlace:",
            "Elegir una nueva contraseña",
            "El enlace vence en 1 hora y sirve una sola vez.",
            "Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.",
        ),
        Lang::En => (
            "Reset your Nido password",
            "We received a request to reset the password of your Nido account. To choose a new one, open this link:",
            "Choose a new password",
            "The link expires in 1 hour and works only once.",
            "If you did not ask for this, ignore this message: your password stays the same.",
        ),
    };
    compose(
        to,
        lang,
        subject,
        nombre,
        &[body],
        Some((button, link)),
        &[expiry, ignore],
    )
}

pub fn verify_email(to: Mailbox, nombre: &str, link: &str, lang: Lang) -> Mail {
    let (subject, body, button, note) = match lang {
        Lang::Es => (
            "Confirma tu email en Nido",
            "Gracias por crear tu cuenta de Nido. Abre este enlace para confirmar que este email es tuyo:",
            "Confirmar mi email",
            "El enlace vence en 7 días. Si no creaste una cuenta, ignora este mensaje.",
        ),
        Lang::En => (
            "Confirm your email for Nido",
            "Thank you for creating your Nido account. Open this link to confirm that this address is yours:",
            "Confirm my email",
            "The link expires in 7 days. If you did not create an account, ignore this message.",
        ),
    };
    compose(
        to,
        lang,
        subject,
        nombre,
        &[body],
        Some((button, link)),
        &[note],
    )
}

/// To someone invited to a family: the link registers them, or lets them accept if they have an account.
pub fn family_invitation(
    to: Mailbox,
    sender: &str,
    family: &str,
    link: &str,
    expires_at: chrono::DateTime<chrono::Utc>,
    lang: Lang,
) -> Mail {
    let day = expires_at.format("%Y-%m-%d");
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

/// To the new address: the change happens only when this link is opened.
pub fn confirm_new_email(to: Mailbox, nombre: &str, link: &str, lang: Lang) -> Mail {
    let (subject, body, button, note) = match lang {
        Lang::Es => (
            "Confirma tu nuevo email en Nido",
            "Pediste usar este email en tu cuenta de Nido. El cambio se hace cuando abras este enlace:",
            "Usar este email",
            "El enlace vence en 24 horas. Si no lo pediste, ignora este mensaje: nada cambia.",
        ),
        Lang::En => (
            "Confirm your new email for Nido",
            "You asked to use this address for your Nido account. The change happens when you open this link:",
            "Use this address",
            "The link expires in 24 hours. If you did not ask for this, ignore this message: nothing changes.",
        ),
    };
    compose(
        to,
        lang,
        subject,
        nombre,
        &[body],
        Some((button, link)),
        &[note],
    )
}

/// To the old address: someone with the password asked to move the account elsewhere. The new
/// address is named only to an address that confirmed it is the owner's (`None` otherwise).
pub fn email_change_requested(
    to: Mailbox,
    nombre: &str,
    new_address: Option<&str>,
    lang: Lang,
) -> Mail {
    let (subject, body, note) = match (lang, new_address) {
        (Lang::Es, None) => (
            "Pediste cambiar el email de tu cuenta de Nido".to_owned(),
            "Se pidió cambiar el email de tu cuenta de Nido. El cambio se hará cuando se confirme desde la nueva dirección.".to_owned(),
            "Si no fuiste tú, cambia tu contraseña ahora y escríbenos a soporte@nido.app.",
        ),
        (Lang::En, None) => (
            "You asked to change the email of your Nido account".to_owned(),
            "A change of your Nido account's email was requested. It happens once it is confirmed from the new address.".to_owned(),
            "If this was not you, change your password now and write to soporte@nido.app.",
        ),
        (Lang::Es, Some(new_address)) => (
            "Pediste cambiar el email de tu cuenta de Nido".to_owned(),
            format!(
                "Se pidió cambiar el email de tu cuenta de Nido a {new_address}. El cambio se hará cuando se confirme desde esa dirección."
            ),
            "Si no fuiste tú, cambia tu contraseña ahora y escríbenos a soporte@nido.app.",
        ),
        (Lang::En, Some(new_address)) => (
            "You asked to change the email of your Nido account".to_owned(),
            format!(
                "A change of your Nido account's email to {new_address} was requested. It happens once it is confirmed from that address."
            ),
            "If this was not you, change your password now and write to soporte@nido.app.",
        ),
    };
    compose(to, lang, &subject, nombre, &[&body], None, &[note])
}

pub fn password_changed(to: Mailbox, nombre: &str, lang: Lang) -> Mail {
    let (subject, body, note) = match lang {
        Lang::Es => (
            "Cambiaste tu contraseña de Nido",
            "La contraseña de tu cuenta de Nido acaba de cambiar, y cerramos las sesiones abiertas en otros dispositivos.",
            "Si no fuiste tú, restablece tu contraseña desde la página de inicio de sesión y escríbenos a soporte@nido.app.",
        ),
        Lang::En => (
            "Your Nido password changed",
            "The password of your Nido account has just changed, and the sessions open on other devices were signed out.",
            "If this was not you, reset your password from the sign-in page and write to soporte@nido.app.",
        ),
    };
    compose(to, lang, subject, nombre, &[body], None, &[note])
}

pub fn account_closed(
    to: Mailbox,
    nombre: &str,
    purge_at: chrono::DateTime<chrono::Utc>,
    lang: Lang,
) -> Mail {
    let day = purge_at.format("%Y-%m-%d").to_string();
    let (subject, body, reopen, note) = match lang {
        Lang::Es => (
            "Cerraste tu cuenta de Nido".to_owned(),
            format!(
                "Tu cuenta de Nido está cerrada. El {day} borraremos para siempre tus datos personales: nombre, email, teléfono, foto y sesiones."
            ),
            "Si cambias de idea, inicia sesión antes de esa fecha para reactivarla. Los registros de los hijos que compartes con otros co-padres quedan con su familia.",
            "Si no fuiste tú, escríbenos ya a soporte@nido.app.",
        ),
        Lang::En => (
            "You closed your Nido account".to_owned(),
            format!(
                "Your Nido account is closed. On {day} we will erase your personal data for good: name, email, phone, photo and sessions."
            ),
            "If you change your mind, sign in before that day to reopen it. The records of children you share with other co-parents stay with their family.",
            "If this was not you, write to soporte@nido.app now.",
        ),
    };
    compose(to, lang, &subject, nombre, &[&body, reopen], None, &[note])
}
