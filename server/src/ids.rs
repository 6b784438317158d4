//! Row ids and secret tokens.
//!
//! The ids that cross function boundaries have types of their own ([`FamilyId`], [`UserId`],
//! [`ChildId`], [`MemberId`]): a function that takes a family and a user cannot be handed them the
//! other way round. On the wire and in the database each is the row's text id; a typed id reads as
//! that text (`Deref<Target = str>`) wherever text is wanted.

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new time-ordered UUIDv7, as the string every table uses for its id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A fresh 256-bit secret, URL-safe, to hand to a client once.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a secret: its SHA-256, hex. Secrets are random and long, so a fast hash suffices.
pub fn hash_secret(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Declares an id type: a row's text id, told apart from every other kind of id.
macro_rules! id_type {
    ($(#[doc = $doc:literal])* $name:ident) => {
        $(#[doc = $doc])*
        #[derive(
            Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id the text names (read from a path, a body or a row).
            pub fn new(id: impl Into<String>) -> Self {
                Self(id.into())
            }

            /// The id a body or a query names, without surrounding spaces; `None` when blank.
            pub fn named(text: Option<&str>) -> Option<Self> {
                text.map(str::trim).filter(|t| !t.is_empty()).map(Self::new)
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl From<&$name> for String {
            fn from(id: &$name) -> String {
                id.0.clone()
            }
        }

        // Hashing and equality are the text's, so a map keyed by ids is read with a `&str`.
        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl From<$name> for sea_orm::Value {
            fn from(id: $name) -> Self {
                id.0.into()
            }
        }

        impl From<&$name> for sea_orm::Value {
            fn from(id: &$name) -> Self {
                id.0.as_str().into()
            }
        }
    };
}

id_type! {
    /// A family's id (`familia.id`).
    FamilyId
}

id_type! {
    /// A user's id (`usuario.id`).
    UserId
}

id_type! {
    /// A child's id (`hijo.id`).
    ChildId
}

id_type! {
    /// A membership's id (`miembro.id`), not the member's user id.
    MemberId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_unique_and_hash_stably() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(hash_secret(&a), hash_secret(&a));
        assert_eq!(hash_secret(&a).len(), 64);
        assert_ne!(hash_secret(&a), hash_secret(&b));
    }
}
