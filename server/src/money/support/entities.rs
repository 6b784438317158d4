//! The child-support tables (migration m0030).

pub mod cuota {
    use sea_orm::entity::prelude::*;

    /// One child-support agreement: who pays whom, how much a month, due on which day.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cuotas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub pagador_id: Option<String>,
        pub beneficiario_id: Option<String>,
        pub moneda: String,
        /// An `AgreementMode`.
        pub modo: String,
        /// The monthly amount in force now, minor units.
        pub monto: i64,
        /// Modo porcentaje: the share of the payer's income, in basis points (20.5 % is 2050).
        pub porcentaje_pb: Option<i64>,
        /// Modo porcentaje: the payer's stated monthly income now, minor units.
        pub ingreso_declarado: Option<i64>,
        pub dia_vencimiento: i32,
        pub desde: Date,
        pub hasta: Option<Date>,
        /// Dues are made for due dates from this day on.
        pub generar_desde: Date,
        pub activa: bool,
        /// JSON array of child ids.
        pub hijos: String,
        pub notas: Option<String>,
        /// Paid beyond every due made so far.
        pub credito: i64,
        pub creada_por: Option<String>,
        pub creada_en: DateTimeUtc,
        pub actualizada_en: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod ajuste {
    use sea_orm::entity::prelude::*;

    /// The amount from `desde` on; the first row of each agreement is its starting amount.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cuota_ajustes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub cuota_id: String,
        pub desde: Date,
        /// An `AdjustmentKind`.
        pub tipo: String,
        pub porcentaje_pb: Option<i64>,
        /// The index values as typed (decimal text), so the record shows what was given.
        pub indice_anterior: Option<String>,
        pub indice_nuevo: Option<String>,
        pub ingreso_declarado: Option<i64>,
        pub monto_anterior: Option<i64>,
        pub monto: i64,
        pub creado_por: Option<String>,
        pub creado_en: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod vencimiento {
    use sea_orm::entity::prelude::*;

    /// One month's due: its amount is fixed when it is made.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cuota_vencimientos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub cuota_id: String,
        /// `YYYY-MM`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub periodo: String,
        pub familia_id: String,
        pub vence: Date,
        pub monto: i64,
        pub pagado: i64,
        pub avisado_en: Option<DateTimeUtc>,
        pub creado_en: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod pago {
    use sea_orm::entity::prelude::*;

    /// A payment towards an agreement's dues.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cuota_pagos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub cuota_id: String,
        pub familia_id: String,
        pub monto: i64,
        pub fecha: Date,
        pub metodo: Option<String>,
        pub referencia: Option<String>,
        /// A `PaymentState`.
        pub estado: String,
        pub registrado_por: Option<String>,
        pub creado_en: DateTimeUtc,
        pub respondido_en: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod propuesta {
    use sea_orm::entity::prelude::*;

    /// A change of an agreement that waits for the consent of the side it goes against.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cuota_propuestas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub cuota_id: String,
        pub familia_id: String,
        pub propuesta_por: Option<String>,
        /// Who must accept it.
        pub responde: Option<String>,
        /// A `SupportProposalKind`.
        pub tipo: String,
        /// JSON: the adjustment step as it would be made, or {activa?, hasta?}.
        pub cambios: String,
        /// A `ProposalState`; it lapses when its proposer or the one who had to answer is gone
        /// (an erased account).
        pub estado: String,
        pub creada_en: DateTimeUtc,
        pub resuelta_en: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
