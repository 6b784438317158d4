//! The calendar's scope rule: every member reads the family's calendar (its events, custody and
//! swaps); co-parents change it. A private event is further kept to its author
//! (`events::access`).

use crate::families::{Permission, Scope, professionals::input::Area};

pub struct Calendar;

impl Scope for Calendar {
    fn sees(_: Permission) -> bool {
        true
    }

    const AREA: Option<Area> = Some(Area::Calendar);
}
