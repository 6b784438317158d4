//! The closed sets of documents: what a document is about, and who sees it.

use crate::closed_set;

closed_set! {
    /// What a document is about.
    pub enum DocumentCategory {
        Legal = "legal",
        Medical = "medico",
        School = "escolar",
        Financial = "financiero",
        Identity = "identificacion",
        Activities = "actividades",
    }
}

closed_set! {
    /// Who sees a document: the whole family, its co-parents, or its uploader alone.
    pub enum Visibility {
        Family = "familia",
        CoParents = "coprogenitores",
        Private = "privado",
    }
}

impl Visibility {
    /// The stored value as a rule reads it: one no version wrote shows the document to its
    /// uploader alone, never to more.
    pub fn of(stored: &str) -> Visibility {
        <Visibility as crate::vocabulary::ClosedSet>::from_wire(stored)
            .unwrap_or(Visibility::Private)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_stored_visibility_is_the_narrowest() {
        assert_eq!(Visibility::of("coprogenitores"), Visibility::CoParents);
        assert_eq!(Visibility::of("todos"), Visibility::Private);
    }
}
