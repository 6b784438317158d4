//! Every kind of notice: its name and description on the preferences page, and the title and
//! text of a notice, in Spanish and English. Texts name parameters in braces, filled from the
//! notice's `datos` (`{actor}` the person who acted, `{miembro}` the member who joined or left,
//! `{hijo}` a child's first name, `{familia}` the family's name, `{hasta}` a date).

use crate::i18n::{self, Lang};

pub struct Kind {
    pub tipo: &'static str,
    pub nombre: [&'static str; 2],
    pub descripcion: [&'static str; 2],
    pub titulo: [&'static str; 2],
    pub texto: [&'static str; 2],
    /// Arrives in quiet hours too.
    pub urgente: bool,
    /// Mail and push go out whatever the user chose for the kind: the preferences page shows
    /// it always on and refuses turning it off.
    pub siempre: bool,
}

pub const CHILD_CHANGED: &str = "hijo.cambiado";
pub const CHILD_DELETED: &str = "hijo.eliminado";
pub const CHILD_RESTORED: &str = "hijo.restaurado";
pub const MEMBER_JOINED: &str = "miembro.unido";
pub const MEMBER_LEFT: &str = "miembro.salio";
pub const MESSAGE_NEW: &str = "mensaje.nuevo";
pub const MESSAGE_URGENT: &str = "mensaje.urgente";
pub const MESSAGE_EMERGENCY: &str = "mensaje.emergencia";
/// A sender's burst of messages, told once.
pub const MESSAGE_BURST: &str = "mensaje.varios";
/// An event's occurrence is coming (one of its `recordatorios`).
pub const EVENT_REMINDER: &str = "evento.recordatorio";
/// A step of a custody swap request: asked, answered, countered or expired.
pub const CUSTODY_SWAP: &str = "custodia.cambio";
/// A coordinator's proposal of a schedule or a holiday period: made, accepted or rejected.
pub const CUSTODY_PROPOSAL: &str = "custodia.propuesta";
/// An exchange of the children an hour ahead.
pub const CUSTODY_EXCHANGE: &str = "custodia.intercambio";
/// A step of a shared expense: added, answered, changed or withdrawn.
pub const MONEY_EXPENSE: &str = "dinero.gasto";
/// A payment between parents: recorded, confirmed or not received.
pub const MONEY_PAYMENT: &str = "dinero.pago";
/// The family's finance settings changed, or a change of them was proposed or answered.
pub const MONEY_SETTINGS: &str = "dinero.ajustes";
/// A child-support step: set up, changed, adjusted, a payment recorded, confirmed or not received.
pub const SUPPORT_STEP: &str = "cuota.aviso";
/// A child-support due passed its date unpaid (told once, to both parents).
pub const SUPPORT_OVERDUE: &str = "cuota.vencida";
/// Someone opened a child's emergency card link for the first time.
pub const CARD_OPENED: &str = "tarjeta.abierta";
/// The card links a member made stopped working: they are no longer a co-parent.
pub const CARD_LINKS_REVOKED: &str = "tarjeta.revocada";
/// A document uploaded that the recipient can see.
pub const DOCUMENT_NEW: &str = "documento.nuevo";
/// A certified report the recipient asked for is ready.
pub const REPORT_READY: &str = "informe.listo";
/// A co-parent proposes a professional for the family.
pub const PROFESSIONAL_PROPOSED: &str = "profesional.propuesto";
/// A professional's access started (accepted, and consented where the family's).
pub const PROFESSIONAL_STARTED: &str = "profesional.inicio";
/// A professional's access ended or expired: to the co-parents and the professional.
pub const PROFESSIONAL_ENDED: &str = "profesional.fin";
/// An access the recipient granted ends within a week.
pub const PROFESSIONAL_EXPIRING: &str = "profesional.por_vencer";

pub static ALL: &[Kind] = &[
    Kind {
        tipo: CHILD_CHANGED,
        nombre: [
            "Cambios en el registro de un hijo",
            "Changes to a child's record",
        ],
        descripcion: [
            "Otro miembro de la familia agregó o cambió datos de un hijo.",
            "Another family member added or changed a child's details.",
        ],
        titulo: ["Registro de {hijo} actualizado", "{hijo}'s record updated"],
        texto: [
            "{actor} cambió el registro de {hijo}.",
            "{actor} changed {hijo}'s record.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CHILD_DELETED,
        nombre: ["Un hijo eliminado", "A child deleted"],
        descripcion: [
            "Otro miembro eliminó el registro de un hijo (se puede restaurar durante 30 días).",
            "Another member deleted a child's record (it can be restored for 30 days).",
        ],
        titulo: ["Registro de {hijo} eliminado", "{hijo}'s record deleted"],
        texto: [
            "{actor} eliminó el registro de {hijo}. Cualquier co-padre de la familia puede restaurarlo completo hasta el {hasta}, desde Hijos → Eliminados recientemente.",
            "{actor} deleted {hijo}'s record. Any co-parent of the family can restore it whole until {hasta}, from Children → Recently deleted.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CHILD_RESTORED,
        nombre: ["Un hijo restaurado", "A child restored"],
        descripcion: [
            "Otro miembro restauró el registro eliminado de un hijo.",
            "Another member restored a deleted child's record.",
        ],
        titulo: ["Registro de {hijo} restaurado", "{hijo}'s record restored"],
        texto: [
            "{actor} restauró el registro de {hijo}.",
            "{actor} restored {hijo}'s record.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CARD_OPENED,
        nombre: ["Tarjeta de emergencia abierta", "Emergency card opened"],
        descripcion: [
            "Alguien abrió por primera vez un enlace a la tarjeta de emergencia de un hijo.",
            "Someone opened a link to a child's emergency card for the first time.",
        ],
        titulo: [
            "Abrieron la tarjeta de emergencia de {hijo}",
            "{hijo}'s emergency card was opened",
        ],
        texto: [
            "Alguien abrió el enlace a la tarjeta de emergencia de {hijo} ({navegador}).",
            "Someone opened the link to {hijo}'s emergency card ({navegador}).",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CARD_LINKS_REVOKED,
        nombre: [
            "Enlaces a la tarjeta de emergencia revocados",
            "Emergency card links revoked",
        ],
        descripcion: [
            "Los enlaces a la tarjeta de emergencia que hizo un miembro dejaron de funcionar porque ya no es co-padre de la familia.",
            "The emergency card links a member made stopped working because they are no longer a co-parent of the family.",
        ],
        titulo: [
            "Enlaces a la tarjeta de {hijo} revocados",
            "Links to {hijo}'s card revoked",
        ],
        texto: [
            "Los enlaces a la tarjeta de emergencia de {hijo} que creó {miembro} dejaron de funcionar porque ya no es co-padre de la familia. Si alguien los necesita, crea uno nuevo.",
            "The links to {hijo}'s emergency card that {miembro} made stopped working because they are no longer a co-parent of the family. If someone needs one, make a new link.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MEMBER_JOINED,
        nombre: ["Alguien se unió a la familia", "Someone joined the family"],
        descripcion: [
            "Una persona se unió a una de tus familias con una invitación o un código.",
            "Someone joined one of your families with an invitation or a code.",
        ],
        titulo: ["Nuevo miembro en {familia}", "New member in {familia}"],
        texto: [
            "{miembro} se unió a la familia {familia}.",
            "{miembro} joined the family {familia}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MEMBER_LEFT,
        nombre: ["Alguien dejó la familia", "Someone left the family"],
        descripcion: [
            "Un miembro salió de una de tus familias o fue quitado de ella.",
            "A member left one of your families or was removed from it.",
        ],
        titulo: ["Un miembro dejó {familia}", "A member left {familia}"],
        texto: [
            "{miembro} ya no es miembro de la familia {familia}.",
            "{miembro} is no longer a member of the family {familia}.",
        ],
        urgente: false,
        siempre: false,
    },
    // Message notices name who wrote and about what topic, never the text.
    Kind {
        tipo: MESSAGE_NEW,
        nombre: ["Mensajes nuevos", "New messages"],
        descripcion: [
            "Alguien te escribió en una conversación.",
            "Someone wrote to you in a conversation.",
        ],
        titulo: ["Mensaje de {actor}", "Message from {actor}"],
        texto: [
            "{actor} te escribió sobre {temaEs}.",
            "{actor} wrote to you about {temaEn}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MESSAGE_URGENT,
        nombre: ["Mensajes urgentes", "Urgent messages"],
        descripcion: [
            "Alguien te escribió un mensaje marcado como urgente.",
            "Someone wrote you a message marked as urgent.",
        ],
        titulo: ["Mensaje urgente de {actor}", "Urgent message from {actor}"],
        texto: [
            "{actor} te escribió un mensaje urgente sobre {temaEs}.",
            "{actor} wrote you an urgent message about {temaEn}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MESSAGE_EMERGENCY,
        nombre: ["Mensajes de emergencia", "Emergency messages"],
        descripcion: [
            "Siempre llegan por email y push, también en tus horas de silencio.",
            "Always arrive by email and push, in your quiet hours too.",
        ],
        titulo: [
            "Emergencia: mensaje de {actor}",
            "Emergency: message from {actor}",
        ],
        texto: [
            "{actor} te escribió un mensaje de emergencia sobre {temaEs}.",
            "{actor} wrote you an emergency message about {temaEn}.",
        ],
        urgente: true,
        siempre: true,
    },
    Kind {
        tipo: MESSAGE_BURST,
        nombre: ["Varios mensajes seguidos", "Several messages in a row"],
        descripcion: [
            "Alguien te escribió muchos mensajes en pocos minutos: un solo aviso para todos.",
            "Someone wrote you many messages in a few minutes: one notice for all of them.",
        ],
        titulo: [
            "Varios mensajes de {actor}",
            "Several messages from {actor}",
        ],
        texto: [
            "{actor} te escribió varios mensajes seguidos sobre {temaEs}.",
            "{actor} wrote you several messages in a row about {temaEn}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: EVENT_REMINDER,
        nombre: ["Recordatorios de eventos", "Event reminders"],
        descripcion: [
            "Un evento del calendario que puedes ver está por empezar.",
            "A calendar event you can see is about to start.",
        ],
        titulo: ["Recordatorio: {titulo}", "Reminder: {titulo}"],
        texto: [
            "{titulo} empieza el {cuando}.",
            "{titulo} starts on {cuando}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CUSTODY_SWAP,
        nombre: ["Cambios de noches", "Night swaps"],
        descripcion: [
            "El otro progenitor pidió, respondió o contraofertó un cambio de noches, o un pedido venció.",
            "The other parent asked for, answered or countered a night swap, or a request expired.",
        ],
        titulo: ["Cambio de noches", "Night swap"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CUSTODY_PROPOSAL,
        nombre: [
            "Propuestas de la coordinación parental",
            "Proposals of the parenting coordinator",
        ],
        descripcion: [
            "La coordinación parental propuso un calendario o un período de vacaciones, o los progenitores respondieron a su propuesta.",
            "The parenting coordinator proposed a schedule or a holiday period, or the parents answered their proposal.",
        ],
        titulo: ["Propuesta de custodia", "Custody proposal"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: CUSTODY_EXCHANGE,
        nombre: ["Intercambios de los hijos", "Exchanges of the children"],
        descripcion: [
            "Una hora antes de cada intercambio, a los dos progenitores.",
            "One hour before each exchange, to both parents.",
        ],
        titulo: ["Intercambio a las {hora}", "Exchange at {hora}"],
        texto: [
            "Hoy a las {hora}: {desde} entrega a los niños a {hacia}.",
            "Today at {hora}: {desde} hands the children over to {hacia}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MONEY_EXPENSE,
        nombre: ["Gastos compartidos", "Shared expenses"],
        descripcion: [
            "El otro progenitor cargó un gasto para aprobar, o aprobó, rechazó, disputó, cambió o retiró uno.",
            "The other parent added an expense for you to approve, or approved, refused, disputed, changed or withdrew one.",
        ],
        titulo: ["Gasto: {descripcion}", "Expense: {descripcion}"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MONEY_PAYMENT,
        nombre: ["Pagos entre progenitores", "Payments between parents"],
        descripcion: [
            "El otro progenitor registró un pago para confirmar, o confirmó o no recibió uno tuyo.",
            "The other parent recorded a payment for you to confirm, or confirmed or did not receive one of yours.",
        ],
        titulo: ["Pago de {montoEs}", "Payment of {montoEn}"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: MONEY_SETTINGS,
        nombre: ["Ajustes de finanzas", "Finance settings"],
        descripcion: [
            "Otro co-padre cambió los ajustes de finanzas (aprobación automática, ingresos), o propuso, aceptó o rechazó un cambio.",
            "Another co-parent changed the finance settings (automatic approval, incomes), or proposed, accepted or declined a change.",
        ],
        titulo: ["Ajustes de finanzas", "Finance settings"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: SUPPORT_STEP,
        nombre: ["Cuota alimentaria", "Child support"],
        descripcion: [
            "El otro progenitor registró, cambió o ajustó la cuota alimentaria, o registró, confirmó o rechazó un pago.",
            "The other parent set up, changed or adjusted the child support, or recorded, confirmed or refused a payment.",
        ],
        titulo: ["Cuota alimentaria", "Child support"],
        texto: ["{detalleEs}", "{detalleEn}"],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: SUPPORT_OVERDUE,
        nombre: ["Cuota alimentaria vencida", "Child support overdue"],
        descripcion: [
            "Una cuota pasó su fecha de vencimiento sin pagarse por completo, a los dos progenitores.",
            "A due passed its date without being fully paid, to both parents.",
        ],
        titulo: [
            "Cuota de {periodo} vencida",
            "Support for {periodo} overdue",
        ],
        texto: [
            "La cuota alimentaria de {periodo} venció el {vence} y faltan {falta}.",
            "The child support for {periodo} was due on {vence} and {falta} is still owed.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: DOCUMENT_NEW,
        nombre: ["Documentos nuevos", "New documents"],
        descripcion: [
            "Otro miembro subió un documento que puedes ver.",
            "Another member uploaded a document you can see.",
        ],
        titulo: ["Documento nuevo: {titulo}", "New document: {titulo}"],
        texto: [
            "{actor} subió el documento «{titulo}».",
            "{actor} uploaded the document “{titulo}”.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: PROFESSIONAL_PROPOSED,
        nombre: ["Un profesional propuesto", "A professional proposed"],
        descripcion: [
            "Otro co-padre propone dar a un profesional acceso de solo lectura a la familia; empieza solo si todos lo consienten.",
            "Another co-parent proposes giving a professional read-only access to the family; it starts only if everyone consents.",
        ],
        titulo: [
            "{actor} propone un acceso profesional",
            "{actor} proposes a professional's access",
        ],
        texto: [
            "{actor} propone dar a {email} acceso de solo lectura a «{familia}» como profesional de la familia. Empieza solo si todos los co-padres lo consienten.",
            "{actor} proposes giving {email} read-only access to “{familia}” as the family's professional. It starts only if every co-parent consents.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: PROFESSIONAL_STARTED,
        nombre: [
            "Un acceso profesional empieza",
            "A professional's access starts",
        ],
        descripcion: [
            "Un profesional ya puede ver, en solo lectura, lo que se le dio de la familia.",
            "A professional can now see, read-only, what they were given of the family.",
        ],
        titulo: [
            "Empezó el acceso de {email}",
            "{email}'s access has started",
        ],
        texto: [
            "{email} ya puede ver, en solo lectura, lo que se le dio de «{familia}», hasta el {hasta}.",
            "{email} can now see, read-only, what they were given of “{familia}”, until {hasta}.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: PROFESSIONAL_ENDED,
        nombre: [
            "Un acceso profesional termina",
            "A professional's access ends",
        ],
        descripcion: [
            "Terminó o venció el acceso de un profesional a la familia.",
            "A professional's access to the family ended or expired.",
        ],
        titulo: ["Terminó el acceso de {email}", "{email}'s access has ended"],
        texto: [
            "El acceso de {email} a «{familia}» terminó: ya no ve nada de la familia.",
            "{email}'s access to “{familia}” has ended: they no longer see anything of the family.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: PROFESSIONAL_EXPIRING,
        nombre: [
            "Un acceso que diste vence pronto",
            "An access you gave ends soon",
        ],
        descripcion: [
            "Una semana antes de que venza el acceso de un profesional que diste.",
            "A week before a professional's access you gave ends.",
        ],
        titulo: [
            "El acceso de {email} vence pronto",
            "{email}'s access ends soon",
        ],
        texto: [
            "El acceso de {email} a «{familia}» vence el {hasta}. Si todavía lo necesita, dale uno nuevo.",
            "{email}'s access to “{familia}” ends on {hasta}. If they still need it, give them a new one.",
        ],
        urgente: false,
        siempre: false,
    },
    Kind {
        tipo: REPORT_READY,
        nombre: ["Informes listos", "Reports ready"],
        descripcion: [
            "Un informe certificado que pediste ya se puede descargar.",
            "A certified report you asked for can be downloaded.",
        ],
        titulo: ["Tu informe está listo", "Your report is ready"],
        texto: [
            "El informe certificado de {familia} ya se puede descargar.",
            "The certified report of {familia} can now be downloaded.",
        ],
        urgente: false,
        siempre: false,
    },
];

/// The schema of a notice's `tipo`: one of `ALL`'s, listed from the table itself.
pub struct NoticeKind;

impl utoipa::PartialSchema for NoticeKind {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("The kind of a notice."))
            .enum_values(Some(ALL.iter().map(|k| k.tipo)))
            .into()
    }
}

impl utoipa::ToSchema for NoticeKind {}

pub fn find(tipo: &str) -> Option<&'static Kind> {
    ALL.iter().find(|k| k.tipo == tipo)
}

fn pick(texts: &[&'static str; 2], lang: Lang) -> &'static str {
    match lang {
        Lang::Es => texts[0],
        Lang::En => texts[1],
    }
}

impl Kind {
    pub fn nombre(&self, lang: Lang) -> &'static str {
        pick(&self.nombre, lang)
    }

    pub fn descripcion(&self, lang: Lang) -> &'static str {
        pick(&self.descripcion, lang)
    }

    pub fn titulo(&self, lang: Lang, datos: &serde_json::Value) -> String {
        fill(pick(&self.titulo, lang), datos, lang)
    }

    pub fn texto(&self, lang: Lang, datos: &serde_json::Value) -> String {
        fill(pick(&self.texto, lang), datos, lang)
    }
}

/// The title and text of a notice of `tipo`; a kind this server no longer knows (written by a
/// newer one, say) still reads as something.
pub fn render(tipo: &str, datos: &serde_json::Value, lang: Lang) -> (String, String) {
    match find(tipo) {
        Some(kind) => (kind.titulo(lang, datos), kind.texto(lang, datos)),
        None => (
            discreet_text(lang).to_owned(),
            discreet_text(lang).to_owned(),
        ),
    }
}

/// What a discreet mail or push says instead of the notice.
pub fn discreet_text(lang: Lang) -> &'static str {
    match lang {
        Lang::Es => "Tienes algo nuevo en Nido",
        Lang::En => "You have something new in Nido",
    }
}

/// A parameter as the reader writes it: a day (YYYY-MM-DD, as the API keeps it) in words, a day
/// with its time ("YYYY-MM-DD HH:MM", and whatever follows) in words and the language's clock;
/// any other text as it is.
fn in_words(value: &str, lang: Lang) -> String {
    let day = value
        .get(..10)
        .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
    let Some(day) = day else {
        return value.to_owned();
    };
    let rest = &value[10..];
    if rest.is_empty() {
        return i18n::long_date(day, lang);
    }
    let time = rest
        .strip_prefix(' ')
        .and_then(|r| r.get(..5))
        .and_then(|t| chrono::NaiveTime::parse_from_str(t, "%H:%M").ok());
    match time {
        Some(time) => format!(
            "{}, {}{}",
            i18n::long_date(day, lang),
            i18n::clock(time, lang),
            &rest[6..]
        ),
        None => value.to_owned(),
    }
}

/// Fills `{name}` from `datos`; a missing parameter reads as "someone" rather than as a brace.
fn fill(template: &str, datos: &serde_json::Value, lang: Lang) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let key = &after[..end];
        match datos
            .get(key)
            .and_then(|v| v.as_str())
            .filter(|v| !v.is_empty())
        {
            Some(value) => out.push_str(&in_words(value, lang)),
            None => out.push_str(match lang {
                Lang::Es => "alguien",
                Lang::En => "someone",
            }),
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_fill_their_parameters_in_each_language() {
        let datos = serde_json::json!({"actor": "Ana", "hijo": "Leo"});
        let (titulo, texto) = render(CHILD_CHANGED, &datos, Lang::En);
        assert_eq!(titulo, "Leo's record updated");
        assert_eq!(texto, "Ana changed Leo's record.");
        let (_, texto) = render(CHILD_CHANGED, &datos, Lang::Es);
        assert_eq!(texto, "Ana cambió el registro de Leo.");
    }

    #[test]
    fn a_missing_parameter_is_not_left_in_braces() {
        let (_, texto) = render(MEMBER_LEFT, &serde_json::json!({}), Lang::En);
        assert_eq!(
            texto,
            "someone is no longer a member of the family someone."
        );
    }

    #[test]
    fn days_and_times_read_in_the_readers_words() {
        assert_eq!(in_words("2026-12-05", Lang::Es), "5 de diciembre de 2026");
        assert_eq!(in_words("2026-12-05", Lang::En), "December 5, 2026");
        assert_eq!(
            in_words("2026-12-05 18:30 (Europe/Madrid)", Lang::En),
            "December 5, 2026, 6:30 PM (Europe/Madrid)"
        );
        assert_eq!(
            in_words("2026-12-05 18:30", Lang::Es),
            "5 de diciembre de 2026, 18:30"
        );
        for text in [
            "Leo",
            "2026-13-40",
            "2026-12-05x",
            "2026-12-05 noche",
            "ñandú 2026",
        ] {
            assert_eq!(in_words(text, Lang::Es), text);
        }
    }

    #[test]
    fn every_kind_is_named_once() {
        for (i, kind) in ALL.iter().enumerate() {
            assert!(
                ALL[i + 1..].iter().all(|k| k.tipo != kind.tipo),
                "{}",
                kind.tipo
            );
            assert!(kind.tipo.len() <= 40);
        }
    }
}
