//! The record's tables (migration m0016; who reads each content and the daily marks, m0036).

/// One family's last entry: every append updates this row first.
pub mod cabeza {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_cabezas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        pub entradas: i64,
        pub hash: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// An entry of the chain: never updated nor deleted by the application.
pub mod entrada {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_entradas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seq: i64,
        pub tipo: String,
        pub actor: Option<String>,
        pub hora: String,
        pub contenido_hash: String,
        pub previo: String,
        pub hash: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// What an entry is about, in canonical JSON; erased (NULL) with the people it concerns. Who may
/// read it (`super::super::Audience`) sits beside it, outside the hashed bytes.
pub mod contenido {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_contenidos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seq: i64,
        pub contenido: Option<String>,
        pub sujetos: String,
        /// `familia`, `coprogenitores` or `usuarios`.
        pub audiencia: String,
        /// For `usuarios`: their ids, " a b "; else "".
        pub lectores: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// "Already recorded today": an act that may repeat (a card link opened, a document downloaded)
/// is recorded once per mark and day (`super::super::append_once_a_day`).
pub mod marca {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_marcas")]
    pub struct Model {
        /// The family's own day, `YYYY-MM-DD`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub dia: String,
        /// What was recorded, e.g. `tarjeta.abierta <link id>`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub clave: String,
        pub familia_id: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A signed statement of a family's head at a time.
pub mod punto_control {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_puntos_control")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub entradas: i64,
        pub cabeza: String,
        pub hora: String,
        pub clave_id: String,
        /// Base64 of the 64-byte Ed25519 signature.
        pub firma: String,
        /// Base64 of an RFC 3161 timestamp token over the SHA-256 of the signature's 64 bytes;
        /// null until an authority stamped it (or with none configured).
        pub sello: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A public key the server signed with, and when.
pub mod clave {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "registro_claves")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        /// Base64 of the 32 raw bytes.
        pub clave_publica: String,
        pub desde: DateTimeUtc,
        pub hasta: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
