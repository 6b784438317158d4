//! The feed's table (migration m0026).

pub mod enlace {
    use sea_orm::entity::prelude::*;

    /// A user's private feed link: only the hash of its token is kept.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "calendario_enlaces")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub token_hash: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
