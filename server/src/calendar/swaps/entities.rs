//! The swap and handover tables (migration m0024).

pub mod cambio {
    use sea_orm::entity::prelude::*;

    /// A request to move some nights to the other parent.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cambios")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub solicitante_id: String,
        pub destinatario_id: String,
        /// JSON array of `YYYY-MM-DD`.
        pub noches: String,
        /// JSON array of `YYYY-MM-DD`: nights offered in return.
        pub devolucion: String,
        pub motivo: String,
        pub responder_antes_de: DateTimeUtc,
        /// `pendiente`, `aceptado`, `rechazado`, `contraofertado` or `vencido`.
        pub estado: String,
        /// The request this one counters.
        pub responde_a: Option<String>,
        pub respondido_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    crate::closed_set! {
        /// Where a swap request stands.
        pub enum SwapState {
            Open = "pendiente",
            Accepted = "aceptado",
            Declined = "rechazado",
            Countered = "contraofertado",
            Expired = "vencido",
        }
    }

    pub const OPEN: &str = SwapState::Open.as_str();
    pub const ACCEPTED: &str = SwapState::Accepted.as_str();
    pub const DECLINED: &str = SwapState::Declined.as_str();
    pub const COUNTERED: &str = SwapState::Countered.as_str();
    pub const EXPIRED: &str = SwapState::Expired.as_str();
}

pub mod cambio_noche {
    use sea_orm::entity::prelude::*;

    /// A night an accepted swap gave to `usuario_id`; the latest accepted swap of a date wins.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "cambio_noches")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub cambio_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub fecha: Date,
        pub familia_id: String,
        pub usuario_id: String,
        pub aceptado_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod entrega {
    use sea_orm::entity::prelude::*;

    /// When the exchange that begins the night of `fecha` actually happened.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    #[sea_orm(table_name = "entregas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub fecha: Date,
        pub ocurrio: DateTimeUtc,
        pub nota: Option<String>,
        pub registrada_por: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
