//! The money tables (migration m0029).

pub mod finanzas {
    use sea_orm::entity::prelude::*;

    /// A family's finance settings, made the first time they are read or written.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "finanzas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        pub moneda: String,
        /// JSON {moneda: monto}.
        pub aprobacion_automatica: String,
        /// JSON {usuarioId: monthly income}.
        pub ingresos: String,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod gasto {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "gastos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub descripcion: String,
        pub monto: i64,
        pub moneda: String,
        pub fecha: Date,
        /// An `ExpenseCategory`.
        pub categoria: String,
        pub pagado_por: String,
        pub creado_por: String,
        /// JSON {modo, participantes, pesos?}.
        pub reparto: String,
        pub notas: Option<String>,
        /// An `ExpenseState`.
        pub estado: String,
        pub recibo_clave: Option<String>,
        pub recibo_tipo: Option<String>,
        pub recibo_tamano: Option<i64>,
        pub recurrente_id: Option<String>,
        pub reintegro_entidad: Option<String>,
        pub reintegro_monto: Option<i64>,
        pub reintegro_fecha: Option<Date>,
        /// When it began to count without its approvers' answers (it approved itself): those it
        /// charges may still dispute it for `DISPUTE_DAYS`.
        pub aprobado_auto_en: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    /// How long an expense that approved itself may still be disputed by those it charges.
    pub const DISPUTE_DAYS: i64 = 30;
}

pub mod gasto_parte {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "gasto_partes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub gasto_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub monto: i64,
        pub reintegro: Option<i64>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod gasto_hijo {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "gasto_hijos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub gasto_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub hijo_id: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod gasto_respuesta {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "gasto_respuestas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub gasto_id: String,
        pub usuario_id: String,
        /// An `AnswerDecision`.
        pub decision: String,
        /// A refusal's `RefusalReason`.
        pub motivo: Option<String>,
        pub comentario: Option<String>,
        pub propuesta: Option<String>,
        /// A dispute's or a reply's proposed amount, in minor units.
        pub monto_propuesto: Option<i64>,
        /// A dispute's or a reply's proposed split: JSON of the checked `Split`.
        pub reparto_propuesto: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod finanzas_propuesta {
    use sea_orm::entity::prelude::*;

    /// A change of the finance settings that waits for the other co-parents' consent.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "finanzas_propuestas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub propuesta_por: Option<String>,
        /// JSON {aprobacionAutomatica: {moneda: monto}, ingresos: {usuarioId: monto|null}}.
        pub cambios: String,
        /// The same keys, with the values they had when proposed.
        pub anteriores: String,
        /// JSON array of the co-parents who accepted.
        pub aceptaron: String,
        /// A `ProposalState`.
        pub estado: String,
        pub respondida_por: Option<String>,
        pub creada_en: DateTimeUtc,
        pub resuelta_en: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod gasto_recurrente {
    use sea_orm::entity::prelude::*;

    /// A monthly expense's template: the job makes each month's expense from it.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "gastos_recurrentes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub creado_por: String,
        pub plantilla: String,
        /// The day of the month of the first expense.
        pub dia: i32,
        /// The date of the next expense to make.
        pub proxima: Date,
        pub hasta: Option<Date>,
        pub activo: bool,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod pago {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "pagos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub de: String,
        pub para: String,
        pub monto: i64,
        pub moneda: String,
        pub fecha: Date,
        pub metodo: Option<String>,
        pub referencia: Option<String>,
        /// A `PaymentState`.
        pub estado: String,
        pub comprobante_clave: Option<String>,
        pub comprobante_tipo: Option<String>,
        pub comprobante_tamano: Option<i64>,
        pub creado_por: String,
        pub created_at: DateTimeUtc,
        pub respondido_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod saldo {
    use sea_orm::entity::prelude::*;

    /// One person's running balance in one currency of one family: positive, they are owed.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "saldos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub moneda: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub monto: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
