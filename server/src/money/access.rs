//! Who takes part in a family's money: its co-parents (`Money`, the scope rule every money
//! route reaches its family through).

use crate::families::{Permission, Scope, professionals::input::Area};

pub use crate::families::access::coparents;

/// Money's scope rule: a family's money exists for its co-parents alone. To a viewer, as to a
/// stranger, the family's expenses, payments and agreements do not exist (404): amounts are
/// nobody else's business.
pub struct Money;

impl Scope for Money {
    fn sees(permission: Permission) -> bool {
        permission.edits()
    }

    const AREA: Option<Area> = Some(Area::Money);
}
