//! The closed sets of an event.

crate::closed_set! {
    /// What kind of event it is.
    pub enum EventType {
        Pickup = "recogida",
        Activity = "actividad",
        Birthday = "cumpleanos",
        Family = "familia",
        Reminder = "recordatorio",
        Custom = "personalizado",
    }
}

crate::closed_set! {
    /// Which part of family life an event belongs to.
    pub enum EventCategory {
        Custody = "custodia",
        School = "escuela",
        Medical = "medico",
        Activities = "actividades",
        Celebrations = "celebraciones",
        Travel = "viajes",
    }
}

crate::closed_set! {
    /// How much of a repeating event a change or a deletion reaches.
    pub enum Reach {
        /// That occurrence alone.
        One = "una",
        /// It and the following ones.
        Following = "siguientes",
    }
}
