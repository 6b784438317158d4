//! Money: shared expenses and their exact shares, payments between parents, balances and
//! settling up, child support (docs/money.md, to come with its routes). So far the exact parts
//! that everything else will stand on: splitting an amount and settling balances.

pub mod settle;
pub mod split;
