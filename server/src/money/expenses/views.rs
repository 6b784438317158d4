//! The answers of the expense routes.

use serde::Serialize;
use utoipa::ToSchema;

use crate::money::views::ExpenseView;

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpenseAnswer {
    pub success: bool,
    pub data: ExpenseView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpensePage {
    pub gastos: Vec<ExpenseView>,
    /// The next page's cursor; null on the last page.
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExpenseListAnswer {
    pub success: bool,
    pub data: ExpensePage,
}
