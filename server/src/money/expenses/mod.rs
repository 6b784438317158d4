//! `/api/gastos`: adding an expense (split exactly, approved at once when nobody else must
//! approve it or it is under the family's automatic amount), reading it, the list (newest date
//! first, keyset pages of 50), editing and withdrawing it while nobody has answered; and monthly
//! expenses (`recurring`), made from the same checked input by a job.

mod access;
pub mod input;
pub mod recurring;
mod routes;
mod store;
mod views;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;
pub use access::visible;
pub use store::{count, involved};
pub use views::ExpenseAnswer;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_expenses, routes::create_expense))
        .routes(routes!(
            routes::get_expense,
            routes::update_expense,
            routes::withdraw_expense
        ))
        .routes(routes!(recurring::list_series))
        .routes(routes!(recurring::stop_series))
}
