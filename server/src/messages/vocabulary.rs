//! The closed sets of conversations and messages. The tone's level and categories are declared
//! with the analysis that rates them (`tone`).

crate::closed_set! {
    /// What a conversation is about.
    pub enum Topic {
        General = "general",
        Health = "medico",
        School = "escuela",
        Activities = "actividades",
        Schedules = "horarios",
        Expenses = "gastos",
        /// A family professional's own conversation with the co-parents: only the professional
        /// starts it, one per access.
        Professional = "profesional",
    }
}

impl Topic {
    /// The topics a member may start a conversation about.
    pub const MEMBERS: [Topic; 6] = [
        Topic::General,
        Topic::Health,
        Topic::School,
        Topic::Activities,
        Topic::Schedules,
        Topic::Expenses,
    ];
}

crate::closed_set! {
    /// How pressing a message is, from the calmest: an emergency is always told, even in quiet
    /// hours, and has its own daily limit.
    pub enum MessageType {
        Normal = "normal",
        Urgent = "urgente",
        Emergency = "emergencia",
    }
}

crate::closed_set! {
    /// What a message's attachment holds: an image is shown, a PDF downloads.
    pub enum AttachmentKind {
        Image = "imagen",
        Pdf = "pdf",
    }
}

impl Topic {
    /// The topic's name in Spanish and English, for the text of a notice.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Topic::General => ("temas generales", "general matters"),
            Topic::Health => ("salud", "health"),
            Topic::School => ("la escuela", "school"),
            Topic::Activities => ("actividades", "activities"),
            Topic::Schedules => ("horarios", "schedules"),
            Topic::Expenses => ("gastos", "expenses"),
            Topic::Professional => (
                "la conversación con su profesional",
                "the conversation with your professional",
            ),
        }
    }
}
