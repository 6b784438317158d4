//! The live events' vocabulary: every kind there is, and the ids each kind carries. One table
//! below names both, so a kind cannot be published with another kind's ids, and the stream's
//! `event:` names (stored in `eventos_vivos.tipo`) are written once. The OpenAPI document
//! publishes them as `LiveKind` (an enum) and `LiveEvent` (each kind with its `data`), and the web
//! app takes its list of kinds from there.

use serde::Serialize;
use utoipa::ToSchema;

macro_rules! live_events {
    ($( $(#[$doc:meta])* $variant:ident = $name:tt ($data:ty), )*) => {
        /// What changed, as the stream's `event:` line names it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
        pub enum LiveKind {
            $( $(#[$doc])* #[serde(rename = $name)] $variant, )*
        }

        impl LiveKind {
            /// Every kind, in the order they are declared.
            pub const ALL: &[LiveKind] = &[$(LiveKind::$variant),*];

            /// The kind as the wire and the table spell it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( LiveKind::$variant => $name, )*
                }
            }
        }

        /// One event as the stream sends it: its kind (`event:`) and the ids that say what
        /// changed (`data:`, JSON), never the content.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(tag = "event", content = "data")]
        pub enum LiveEvent {
            $( $(#[$doc])* #[serde(rename = $name)] $variant($data), )*
        }

        impl LiveEvent {
            pub fn kind(&self) -> LiveKind {
                match self {
                    $( LiveEvent::$variant(_) => LiveKind::$variant, )*
                }
            }

            /// The `data:` of the event.
            pub fn data(&self) -> Result<serde_json::Value, serde_json::Error> {
                match self {
                    $( LiveEvent::$variant(data) => serde_json::to_value(data), )*
                }
            }
        }
    };
}

live_events! {
    /// A child of the family created, changed in any part, deleted, restored or purged.
    Children = "hijos" (ChildIds),
    /// The family's members, their roles, its name or its time zone.
    Family = "familia" (FamilyIds),
    /// A new notice for the recipient.
    Notices = "notificaciones" (NoticeIds),
    /// Some of the recipient's notices were read (in another tab).
    NoticesRead = "notificaciones.leidas" (NoIds),
    /// A conversation the recipient reads was started.
    Conversations = "conversaciones" (ConversationIds),
    /// A message in a conversation the recipient reads.
    Messages = "mensajes" (MessageIds),
    /// Someone saw messages of a conversation, up to `hasta`.
    MessagesSeen = "mensajes.vistos" (SeenIds),
    /// A calendar event created, changed or cancelled.
    CalendarEvents = "eventos" (CalendarEventIds),
    /// The custody schedule, its holiday periods, a swap or a handover.
    Custody = "custodia" (CustodyIds),
    /// An expense, a payment, a recurring expense, child support or the finance settings.
    Money = "dinero" (MoneyIds),
    /// A child's emergency card links: made, revoked or opened.
    EmergencyCards = "tarjetas" (ChildIds),
    /// A document uploaded, changed, deleted or restored.
    Documents = "documentos" (DocumentIds),
    /// One of the recipient's certified reports moved on: its progress, made, or failed.
    Reports = "informes" (ReportIds),
}

/// An event that names nothing: `{}`.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[schema(as = LiveNoIds)]
pub struct NoIds {}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveFamilyIds)]
#[serde(rename_all = "camelCase")]
pub struct FamilyIds {
    pub familia_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveChildIds)]
#[serde(rename_all = "camelCase")]
pub struct ChildIds {
    pub familia_id: String,
    pub hijo_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveNoticeIds)]
pub struct NoticeIds {
    pub id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveConversationIds)]
#[serde(rename_all = "camelCase")]
pub struct ConversationIds {
    pub conversacion_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveMessageIds)]
#[serde(rename_all = "camelCase")]
pub struct MessageIds {
    pub conversacion_id: String,
    pub mensaje_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveSeenIds)]
#[serde(rename_all = "camelCase")]
pub struct SeenIds {
    pub conversacion_id: String,
    /// Who saw them.
    pub usuario_id: String,
    /// The last message seen.
    pub hasta: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveCalendarEventIds)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEventIds {
    pub familia_id: String,
    pub evento_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveDocumentIds)]
#[serde(rename_all = "camelCase")]
pub struct DocumentIds {
    pub familia_id: String,
    pub documento_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveReportIds)]
#[serde(rename_all = "camelCase")]
pub struct ReportIds {
    pub familia_id: String,
    pub informe_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveCustodyIds)]
#[serde(rename_all = "camelCase")]
pub struct CustodyIds {
    pub familia_id: String,
    #[serde(flatten)]
    pub what: CustodySubject,
}

/// What of the custody changed: one field.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveCustodySubject)]
pub enum CustodySubject {
    #[serde(rename = "cambioId")]
    Swap(String),
    #[serde(rename = "entregaId")]
    Handover(String),
    #[serde(rename = "que")]
    Part(CustodyPart),
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = LiveCustodyPart)]
pub enum CustodyPart {
    /// The schedule itself.
    #[serde(rename = "custodia")]
    Schedule,
    /// Its holiday periods.
    #[serde(rename = "periodos")]
    Periods,
    /// A coordinator's proposals.
    #[serde(rename = "propuestas")]
    Proposals,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveMoneyIds)]
#[serde(rename_all = "camelCase")]
pub struct MoneyIds {
    pub familia_id: String,
    #[serde(flatten)]
    pub what: MoneySubject,
}

/// What of the family's money changed: one field.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = LiveMoneySubject)]
pub enum MoneySubject {
    #[serde(rename = "gastoId")]
    Expense(String),
    #[serde(rename = "pagoId")]
    Payment(String),
    #[serde(rename = "recurrenteId")]
    Recurring(String),
    /// A due of child support.
    #[serde(rename = "cuotaId")]
    Due(String),
    /// The finance settings, or a proposal to change them: always `true`.
    #[serde(rename = "finanzas")]
    Settings(bool),
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ids(n: &str) -> String {
        format!("{n}-1")
    }

    /// One event of each kind, in the order of `LiveKind::ALL`.
    fn one_of_each() -> Vec<LiveEvent> {
        let child = || ChildIds {
            familia_id: ids("f"),
            hijo_id: ids("h"),
        };
        vec![
            LiveEvent::Children(child()),
            LiveEvent::Family(FamilyIds {
                familia_id: ids("f"),
            }),
            LiveEvent::Notices(NoticeIds { id: ids("n") }),
            LiveEvent::NoticesRead(NoIds {}),
            LiveEvent::Conversations(ConversationIds {
                conversacion_id: ids("c"),
            }),
            LiveEvent::Messages(MessageIds {
                conversacion_id: ids("c"),
                mensaje_id: ids("m"),
            }),
            LiveEvent::MessagesSeen(SeenIds {
                conversacion_id: ids("c"),
                usuario_id: ids("u"),
                hasta: ids("m"),
            }),
            LiveEvent::CalendarEvents(CalendarEventIds {
                familia_id: ids("f"),
                evento_id: ids("e"),
            }),
            LiveEvent::Custody(CustodyIds {
                familia_id: ids("f"),
                what: CustodySubject::Part(CustodyPart::Periods),
            }),
            LiveEvent::Money(MoneyIds {
                familia_id: ids("f"),
                what: MoneySubject::Settings(true),
            }),
            LiveEvent::EmergencyCards(child()),
            LiveEvent::Documents(DocumentIds {
                familia_id: ids("f"),
                documento_id: ids("d"),
            }),
            LiveEvent::Reports(ReportIds {
                familia_id: ids("f"),
                informe_id: ids("r"),
            }),
        ]
    }

    #[test]
    fn each_event_is_tagged_with_its_kinds_name() {
        let events = one_of_each();
        let kinds: Vec<LiveKind> = events.iter().map(LiveEvent::kind).collect();
        assert_eq!(kinds, LiveKind::ALL);
        for event in &events {
            let kind = event.kind();
            let whole = serde_json::to_value(event).expect("an event serializes");
            assert_eq!(whole["event"], kind.as_str());
            assert_eq!(whole["data"], event.data().expect("its data serializes"));
            assert_eq!(
                serde_json::to_value(kind).expect("a kind serializes"),
                kind.as_str()
            );
        }
        let mut names: Vec<&str> = LiveKind::ALL.iter().map(|k| k.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LiveKind::ALL.len(), "a name used twice");
    }

    #[test]
    fn data_keeps_the_wire_fields() {
        let data = |event: LiveEvent| event.data().expect("data serializes");
        let money = |what| {
            data(LiveEvent::Money(MoneyIds {
                familia_id: "f".into(),
                what,
            }))
        };
        assert_eq!(
            money(MoneySubject::Expense("g".into())),
            json!({"familiaId": "f", "gastoId": "g"})
        );
        assert_eq!(
            money(MoneySubject::Payment("p".into())),
            json!({"familiaId": "f", "pagoId": "p"})
        );
        assert_eq!(
            money(MoneySubject::Recurring("r".into())),
            json!({"familiaId": "f", "recurrenteId": "r"})
        );
        assert_eq!(
            money(MoneySubject::Due("c".into())),
            json!({"familiaId": "f", "cuotaId": "c"})
        );
        assert_eq!(
            money(MoneySubject::Settings(true)),
            json!({"familiaId": "f", "finanzas": true})
        );
        let custody = |what| {
            data(LiveEvent::Custody(CustodyIds {
                familia_id: "f".into(),
                what,
            }))
        };
        assert_eq!(
            custody(CustodySubject::Swap("s".into())),
            json!({"familiaId": "f", "cambioId": "s"})
        );
        assert_eq!(
            custody(CustodySubject::Handover("e".into())),
            json!({"familiaId": "f", "entregaId": "e"})
        );
        assert_eq!(
            custody(CustodySubject::Part(CustodyPart::Schedule)),
            json!({"familiaId": "f", "que": "custodia"})
        );
        assert_eq!(
            custody(CustodySubject::Part(CustodyPart::Periods)),
            json!({"familiaId": "f", "que": "periodos"})
        );
        assert_eq!(data(LiveEvent::NoticesRead(NoIds {})), json!({}));
        assert_eq!(
            data(LiveEvent::MessagesSeen(SeenIds {
                conversacion_id: "c".into(),
                usuario_id: "u".into(),
                hasta: "m".into(),
            })),
            json!({"conversacionId": "c", "usuarioId": "u", "hasta": "m"})
        );
    }
}
