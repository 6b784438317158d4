//! The closed sets of the wire contract. Each one is a Rust enum whose serde names are the values
//! clients send, receive and the database stores; the OpenAPI document lists them as a schema
//! `enum`, and the web's types come from there. Declare one with [`closed_set!`](crate::closed_set).

use crate::i18n::Msg;

/// A closed set: its values, and the text each one has on the wire and in the database.
pub trait ClosedSet: Sized + Copy + 'static {
    /// Every value, in the order the contract lists them.
    const ALL: &'static [Self];

    /// The value as clients and the database spell it.
    fn wire(self) -> &'static str;

    /// The value a client's or the database's text names, if it names one.
    fn from_wire(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.wire() == text)
    }
}

/// A value of a closed set that arrived as text, so that a wrong one is a field error in the
/// caller's language rather than a refused body. Surrounding spaces are forgiven.
pub fn one_of<T: ClosedSet>(text: &str, invalid: Msg) -> Result<T, Msg> {
    T::from_wire(text.trim()).ok_or(invalid)
}

/// The same for an optional field: absent or blank is `None`.
pub fn optional_one_of<T: ClosedSet>(text: Option<&str>, invalid: Msg) -> Result<Option<T>, Msg> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => one_of(t, invalid).map(Some),
    }
}

/// Declares a closed set: an enum with English variant names and the Spanish wire value of each,
/// serialised, documented (`ToSchema`), stored and compared as that text.
///
/// ```ignore
/// closed_set! {
///     /// What an expense was for.
///     pub enum ExpenseCategory {
///         Health = "salud",
///         School = "educacion",
///     }
/// }
/// ```
#[macro_export]
macro_rules! closed_set {
    (
        $(#[doc = $doc:literal])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal ),+ $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        $vis enum $name {
            $( $(#[$vmeta])* #[serde(rename = $wire)] $variant ),+
        }

        impl $crate::vocabulary::ClosedSet for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];

            fn wire(self) -> &'static str {
                match self {
                    $(Self::$variant => $wire),+
                }
            }
        }

        // Written out rather than derived: the derive, given the wire names through a macro,
        // listed the Rust names in the schema's `enum`.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let doc: &[&str] = &[$($doc),*];
                let description = doc.iter().map(|line| line.trim()).collect::<Vec<_>>().join("\n");
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description((!description.is_empty()).then_some(description))
                    .enum_values(Some([$($wire),+]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        impl $name {
            /// The value as clients and the database spell it (`const`: constants may name it).
            #[allow(dead_code)]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $wire),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::vocabulary::ClosedSet::wire(*self))
            }
        }

        impl std::str::FromStr for $name {
            type Err = ();

            fn from_str(text: &str) -> Result<Self, ()> {
                <Self as $crate::vocabulary::ClosedSet>::from_wire(text).ok_or(())
            }
        }

        impl From<$name> for sea_orm::Value {
            fn from(value: $name) -> Self {
                $crate::vocabulary::ClosedSet::wire(value).into()
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> Self {
                $crate::vocabulary::ClosedSet::wire(value).to_owned()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    closed_set! {
        /// A set for the tests.
        enum Colour {
            Red = "rojo",
            SkyBlue = "celeste",
        }
    }

    #[test]
    fn values_travel_as_their_wire_text() {
        assert_eq!(Colour::SkyBlue.as_str(), "celeste");
        assert_eq!(Colour::from_wire("rojo"), Some(Colour::Red));
        assert_eq!(Colour::from_wire("Red"), None);
        assert_eq!(
            serde_json::to_string(&Colour::SkyBlue).ok().as_deref(),
            Some("\"celeste\"")
        );
        assert_eq!(
            serde_json::from_str::<Colour>("\"rojo\"").ok(),
            Some(Colour::Red)
        );
        assert_eq!(String::from(Colour::Red), "rojo");
        assert_eq!("celeste".parse::<Colour>(), Ok(Colour::SkyBlue));
    }

    #[test]
    fn text_from_a_client_is_checked_per_field() {
        assert_eq!(one_of::<Colour>(" rojo ", Msg::TooLong), Ok(Colour::Red));
        assert_eq!(one_of::<Colour>("verde", Msg::TooLong), Err(Msg::TooLong));
        assert_eq!(
            optional_one_of::<Colour>(Some("  "), Msg::TooLong),
            Ok(None)
        );
        assert_eq!(optional_one_of::<Colour>(None, Msg::TooLong), Ok(None));
    }

    #[test]
    fn the_schema_lists_every_value() {
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(Colour::schema()).unwrap_or_default();
        assert_eq!(schema["enum"], serde_json::json!(["rojo", "celeste"]));
        assert_eq!(schema["type"], "string");
        assert_eq!(schema["description"], "A set for the tests.");
        assert_eq!(<Colour as utoipa::ToSchema>::name(), "Colour");
    }
}
