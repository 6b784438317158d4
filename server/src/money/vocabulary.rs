//! Money's closed sets: the values its expenses, answers, payments and proposals take on the wire
//! and in its tables. Child support's own are in `support::vocabulary`.

crate::closed_set! {
    /// What an expense was for.
    pub enum ExpenseCategory {
        Education = "educacion",
        Health = "salud",
        Activities = "actividades",
        ClothingAndShoes = "ropa-calzado",
        Food = "alimentacion",
        Transport = "transporte",
        Entertainment = "entretenimiento",
        Emergencies = "emergencias",
        Other = "otros",
    }
}

crate::closed_set! {
    /// Where an expense stands: waiting for answers, counted (`aprobado`), refused, disputed or
    /// withdrawn by whoever added it.
    pub enum ExpenseState {
        Pending = "pendiente",
        Approved = "aprobado",
        Refused = "rechazado",
        Disputed = "disputado",
        Withdrawn = "retirado",
    }
}

crate::closed_set! {
    /// How an expense is shared: equally, by percentages, by incomes, or borne by one person.
    pub enum SplitMode {
        Equal = "igual",
        Percentages = "porcentajes",
        Incomes = "ingresos",
        Single = "unico",
    }
}

crate::closed_set! {
    /// An answer to an expense: approved, refused or disputed by those who must approve it; the
    /// creator's reply to a dispute (`contestado`) or their taking its proposal (`aceptado`).
    pub enum AnswerDecision {
        Approved = "aprobado",
        Refused = "rechazado",
        Disputed = "disputado",
        Replied = "contestado",
        TookProposal = "aceptado",
    }
}

crate::closed_set! {
    /// Why an expense was refused.
    pub enum RefusalReason {
        NotAgreed = "no_acordado",
        WrongAmount = "monto_incorrecto",
        NotForChildren = "no_es_para_hijos",
        Duplicate = "duplicado",
        Other = "otro",
    }
}

crate::closed_set! {
    /// Where a payment stands: waiting for its receiver, confirmed (it counts) or never received.
    pub enum PaymentState {
        Pending = "pendiente",
        Confirmed = "confirmado",
        NotReceived = "no_recibido",
    }
}

crate::closed_set! {
    /// Where a proposal stands: waiting, accepted (applied), declined, withdrawn by its proposer,
    /// or lapsed (someone it needed is gone).
    pub enum ProposalState {
        Pending = "pendiente",
        Accepted = "aceptada",
        Declined = "rechazada",
        Withdrawn = "retirada",
        Lapsed = "caducada",
    }
}

crate::closed_set! {
    /// An answer to a proposal: accepted or declined by whoever must answer it, withdrawn by its
    /// proposer.
    pub enum ProposalChoice {
        Accept = "aceptar",
        Decline = "rechazar",
        Withdraw = "retirar",
    }
}
