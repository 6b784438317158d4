//! Child support's closed sets. Its payments and proposals stand as money's do
//! (`money::vocabulary`).

crate::closed_set! {
    /// How an agreement's amount is set: a fixed monthly amount, or a percentage of the payer's
    /// stated income.
    pub enum AgreementMode {
        Amount = "monto",
        Percentage = "porcentaje",
    }
}

crate::closed_set! {
    /// A step of an agreement's amount: its start, or an adjustment by a percentage, by an index,
    /// or by a new stated income.
    pub enum AdjustmentKind {
        Initial = "inicial",
        Percentage = "porcentaje",
        Index = "indice",
        Income = "ingreso",
    }
}

crate::closed_set! {
    /// What a proposed change of an agreement is: a new amount from a date, or a pause, a
    /// resumption or an end.
    pub enum SupportProposalKind {
        Adjustment = "ajuste",
        Change = "cambio",
    }
}

crate::closed_set! {
    /// Where a month's due stands: not paid yet, partly paid, paid, or past its date and not fully
    /// paid.
    pub enum DueState {
        Pending = "pendiente",
        Partial = "parcial",
        Paid = "pagado",
        Overdue = "vencido",
    }
}
