//! The mails the accounts domain sends, in the recipient's language.

use lettre::message::Mailbox;

pub use super::entities::usuario::{mailbox, name_at};
use crate::{
    i18n::{self, Lang},
    platform::mail::{Mail, compose},
};

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
    zone: chrono_tz::Tz,
    lang: Lang,
) -> Mail {
    let day = i18n::long_date(purge_at.with_timezone(&zone).date_naive(), lang);
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
