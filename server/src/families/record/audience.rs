//! Who may read an entry's content. The chain (sequence, kind, actor, time, hashes) is every
//! member's, so anyone can verify it; the content follows the rule of the domain that wrote it,
//! which states it when it appends (docs/record.md, "Who reads an entry's content").

use crate::families::{self, entities::miembro};

/// Stored beside the content in `registro_contenidos` (`audiencia`, `lectores`), never hashed:
/// the chain's bytes do not depend on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Every member of the family: its children's records, its members and its own changes,
    /// the calendar's shared events and custody.
    Family,
    /// The family's co-parents, judged when the entry is read: a co-parent made a viewer stops
    /// reading it. Money, and documents shared with co-parents only.
    CoParents,
    /// These users alone, fixed when the entry is written: a conversation's participants, a
    /// private document's uploader, a private event's author.
    Users(Vec<String>),
}

pub const FAMILY: &str = "familia";
pub const CO_PARENTS: &str = "coprogenitores";
pub const USERS: &str = "usuarios";

impl Audience {
    /// The two stored columns: its name, and for `Users` their ids as " a b " (so that
    /// `LIKE '% a %'` finds one whole), else "".
    pub fn columns(&self) -> (&'static str, String) {
        match self {
            Audience::Family => (FAMILY, String::new()),
            Audience::CoParents => (CO_PARENTS, String::new()),
            Audience::Users(ids) => {
                // Sorted, so that the same people are always stored the same way.
                let mut ids = ids.clone();
                ids.sort();
                ids.dedup();
                (USERS, format!(" {} ", ids.join(" ")))
            }
        }
    }

    pub fn from_columns(audiencia: &str, lectores: &str) -> Audience {
        match audiencia {
            FAMILY => Audience::Family,
            USERS => Audience::Users(lectores.split_whitespace().map(str::to_owned).collect()),
            // Anything else (there is nothing else today) is read as the narrower shared rule.
            _ => Audience::CoParents,
        }
    }

    /// Whether `member` (of the entry's family) may read the content.
    pub fn admits(&self, member: &miembro::Model) -> bool {
        match self {
            Audience::Family => true,
            Audience::CoParents => families::can_edit(member),
            Audience::Users(ids) => ids.contains(&member.usuario_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;

    fn member(usuario_id: &str, permiso: &str) -> miembro::Model {
        let now = Utc::now();
        miembro::Model {
            id: format!("m-{usuario_id}"),
            familia_id: "f".into(),
            usuario_id: usuario_id.into(),
            relacion: "madre".into(),
            permiso: permiso.into(),
            es_admin: false,
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn each_audience_admits_whom_it_names() {
        let ana = member("ana", "coparent");
        let rosa = member("rosa", "viewer");
        assert!(Audience::Family.admits(&ana) && Audience::Family.admits(&rosa));
        assert!(Audience::CoParents.admits(&ana) && !Audience::CoParents.admits(&rosa));
        let only_rosa = Audience::Users(vec!["rosa".into()]);
        assert!(only_rosa.admits(&rosa) && !only_rosa.admits(&ana));
        assert!(!Audience::Users(vec![]).admits(&ana));
    }

    #[test]
    fn the_columns_give_back_the_audience() {
        for audience in [
            Audience::Family,
            Audience::CoParents,
            Audience::Users(vec!["a".into(), "b".into()]),
            Audience::Users(vec![]),
        ] {
            let (name, readers) = audience.columns();
            assert_eq!(Audience::from_columns(name, &readers), audience);
        }
        assert_eq!(Audience::from_columns("otra", ""), Audience::CoParents);
        let (_, readers) = Audience::Users(vec!["b".into(), "a".into(), "b".into()]).columns();
        assert_eq!(readers, " a b ");
    }
}
