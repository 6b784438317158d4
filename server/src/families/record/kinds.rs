//! The closed set of kinds of entry. A `Kind` can only be one of the constants below (its field is
//! private), so every entry written is of a kind listed in `ALL`: the OpenAPI document publishes
//! that list as the enum of an entry's `tipo`, and the web app's labels are checked against it.

use std::borrow::Cow;

use serde::Serialize;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{
        RefOr,
        schema::{ObjectBuilder, Schema, Type},
    },
};

/// A kind of entry, e.g. `hijo.creado`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Kind(&'static str);

impl Kind {
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The kind spelled `text`, if it is one.
    pub fn parse(text: &str) -> Option<Kind> {
        ALL.iter().copied().find(|k| k.0 == text)
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

macro_rules! kinds {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, )*) => {
        $( $(#[$doc])* pub const $name: Kind = Kind($text); )*
        /// Every kind, in the order they are declared.
        pub const ALL: &[Kind] = &[$($name),*];
    };
}

kinds! {
    FAMILY_CREATED = "familia.creada",
    /// Its name or time zone changed.
    FAMILY_CHANGED = "familia.cambiada",
    MEMBER_JOINED = "miembro.unido",
    MEMBER_LEFT = "miembro.salio",
    MEMBER_REMOVED = "miembro.eliminado",
    MEMBER_CHANGED = "miembro.cambiado",
    CHILD_CREATED = "hijo.creado",
    CHILD_CHANGED = "hijo.modificado",
    CHILD_DELETED = "hijo.eliminado",
    CHILD_RESTORED = "hijo.restaurado",
    CHILD_PURGED = "hijo.purgado",
    /// An emergency card share link made, revoked, or opened by someone holding it.
    CARD_LINK_CREATED = "tarjeta.creada",
    CARD_LINK_REVOKED = "tarjeta.revocada",
    /// At most once per link and day (`append_once_a_day`).
    CARD_LINK_OPENED = "tarjeta.abierta",
    CONVERSATION_CREATED = "conversacion.creada",
    MESSAGE_SENT = "mensaje.enviado",
    /// A recipient's first view of one or more messages.
    MESSAGE_SEEN = "mensaje.visto",
    EVENT_CREATED = "evento.creado",
    EVENT_CHANGED = "evento.modificado",
    EVENT_CANCELLED = "evento.cancelado",
    /// A custody schedule set from a date on.
    CUSTODY_SET = "custodia.definida",
    /// A holiday period added or removed.
    CUSTODY_PERIOD = "custodia.periodo",
    /// A coordinator proposed a schedule or a holiday period.
    CUSTODY_PROPOSED = "custodia.propuesta",
    /// A co-parent accepted (applied once everyone had) or rejected it, or the coordinator
    /// withdrew it.
    CUSTODY_PROPOSAL_ANSWERED = "custodia.propuesta.respondida",
    SWAP_REQUESTED = "cambio.pedido",
    SWAP_ACCEPTED = "cambio.aceptado",
    SWAP_DECLINED = "cambio.rechazado",
    SWAP_COUNTERED = "cambio.contraoferta",
    SWAP_EXPIRED = "cambio.vencido",
    HANDOVER_RECORDED = "entrega.registrada",
    /// A family's finance settings changed (currency, automatic approval, incomes).
    MONEY_SETTINGS = "finanzas.cambiadas",
    /// A change of them that waits for the other co-parents' consent.
    MONEY_PROPOSAL = "finanzas.propuesta",
    /// Accepted (by one, or by the last, which applies it), declined or withdrawn.
    MONEY_PROPOSAL_ANSWERED = "finanzas.propuesta.respondida",
    EXPENSE_CREATED = "gasto.creado",
    EXPENSE_CHANGED = "gasto.modificado",
    EXPENSE_WITHDRAWN = "gasto.retirado",
    /// An answer (approved, refused, disputed), with the state it left the expense in.
    EXPENSE_ANSWERED = "gasto.respondido",
    EXPENSE_RECEIPT = "gasto.recibo",
    /// A monthly expense stopped: by a co-parent, or because its people changed.
    EXPENSE_SERIES_STOPPED = "gasto.recurrente_detenido",
    EXPENSE_REFUND = "gasto.reintegro",
    PAYMENT_RECORDED = "pago.registrado",
    /// Confirmed or not received.
    PAYMENT_ANSWERED = "pago.respondido",
    PAYMENT_PROOF = "pago.comprobante",
    /// A child-support agreement made.
    SUPPORT_CREATED = "cuota.creada",
    /// Paused, resumed, ended, or its notes changed.
    SUPPORT_CHANGED = "cuota.modificada",
    /// Its amount adjusted (by a percentage, an index, a declared income or by hand).
    SUPPORT_ADJUSTED = "cuota.ajustada",
    /// A month's due made by the server.
    SUPPORT_DUE_MADE = "cuota.vencimiento",
    SUPPORT_OVERDUE = "cuota.vencida",
    SUPPORT_PAYMENT = "cuota.pago",
    SUPPORT_PAYMENT_CONFIRMED = "cuota.pago.confirmado",
    SUPPORT_PAYMENT_NOT_RECEIVED = "cuota.pago.no_recibido",
    /// A change that waits for the consent of the side it goes against.
    SUPPORT_PROPOSED = "cuota.propuesta",
    /// Accepted (and applied), declined or withdrawn.
    SUPPORT_PROPOSAL_ANSWERED = "cuota.propuesta.respondida",
    DOCUMENT_UPLOADED = "documento.subido",
    /// A new version of a document's file.
    DOCUMENT_VERSION = "documento.version",
    /// At most once per person, document and day (`append_once_a_day`).
    DOCUMENT_DOWNLOADED = "documento.descargado",
    DOCUMENT_CHANGED = "documento.modificado",
    DOCUMENT_DELETED = "documento.eliminado",
    DOCUMENT_RESTORED = "documento.restaurado",
    DOCUMENT_PURGED = "documento.purgado",
    /// A certified report made: who, the period, the sections and the file's SHA-256.
    REPORT_ISSUED = "informe.emitido",
    /// A professional given access: kind, profession, address, scope and expiry.
    PROFESSIONAL_GRANTED = "profesional.otorgado",
    /// A co-parent's consent to a family's professional.
    PROFESSIONAL_CONSENTED = "profesional.consentido",
    PROFESSIONAL_ACCEPTED = "profesional.aceptado",
    /// Ended by a co-parent, or by the server when its grantor lost a co-parent's rights.
    PROFESSIONAL_ENDED = "profesional.terminado",
    /// Its expiry came without its being ended (entered once, by the server).
    PROFESSIONAL_EXPIRED = "profesional.vencido",
    /// A professional read an area of the family: once per access, area and day.
    PROFESSIONAL_READ = "profesional.lectura",
}

/// The schema of an entry's `tipo`: a string that is one of `ALL`.
impl PartialSchema for Kind {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("The kind of act an entry records."))
            .enum_values(Some(ALL.iter().map(|k| k.0)))
            .into()
    }
}

impl ToSchema for Kind {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RecordKind")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_spelled_once_as_domain_dot_act() {
        let mut seen = std::collections::HashSet::new();
        for kind in ALL {
            assert!(seen.insert(kind.as_str()), "{kind} twice");
            let (domain, act) = kind.as_str().split_once('.').unwrap_or_default();
            assert!(!domain.is_empty() && !act.is_empty(), "{kind}");
            assert!(
                kind.as_str()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_'),
                "{kind}"
            );
            assert_eq!(Kind::parse(kind.as_str()), Some(*kind));
        }
        assert_eq!(Kind::parse("prueba.pagina"), None);
    }
}
