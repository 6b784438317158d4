//! The card's tables (migration m0034).

pub mod enlace {
    use sea_orm::entity::prelude::*;

    /// A share link to a child's emergency card: only the hash of its token is kept.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "tarjeta_enlaces")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub hijo_id: String,
        pub token_hash: String,
        pub creado_por: Option<String>,
        pub vence_at: DateTimeUtc,
        pub revocado_at: Option<DateTimeUtc>,
        /// Set by the first opening, in the same statement that tells it was the first.
        pub primera_apertura_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod apertura {
    use sea_orm::entity::prelude::*;

    /// One opening of a link's page: when, and a coarse browser name ("Chrome · Android").
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "tarjeta_aperturas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub enlace_id: String,
        pub at: DateTimeUtc,
        pub navegador: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
