//! The custody tables (migration m0024; a coordinator's proposals, m0047).

pub mod custodia {
    use sea_orm::entity::prelude::*;

    /// One dated version of a family's schedule: it rules from `inicio` until the next version's.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "custodias")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub patron: String,
        /// The cycle's A/B letters; None for `eow` and `eow-midweek`.
        pub ciclo: Option<String>,
        pub inicio: Date,
        pub progenitor_a: String,
        pub progenitor_b: String,
        /// `HH:MM`, in the family's time zone.
        pub hora_intercambio: String,
        pub creada_por: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod periodo {
    use sea_orm::entity::prelude::*;

    /// A holiday period that overrides the cycle for its nights (`desde` to `hasta`, both
    /// included), once or every year.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "custodia_periodos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub nombre: String,
        pub desde: Date,
        pub hasta: Date,
        /// `progenitor`, `alterna` or `mitades` (`custody::periods`).
        pub modo: String,
        pub usuario_id: String,
        pub anual: bool,
        pub creado_por: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod propuesta {
    use sea_orm::entity::prelude::*;

    /// A parenting coordinator's proposal of a schedule or a holiday period, waiting for every
    /// co-parent's acceptance (`custody::proposals`).
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "custodia_propuestas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        /// The coordinator's access it was made through.
        pub acceso_id: String,
        /// The coordinator; null once their account is erased.
        pub propuesta_por: Option<String>,
        /// A `custody::proposals::ProposalKind`.
        pub tipo: String,
        /// The schedule or the period as checked when proposed (JSON of its input).
        pub datos: String,
        pub nota: Option<String>,
        /// A `custody::proposals::ProposalState` (never `caducada`, which is read off the access).
        pub estado: String,
        /// JSON list of the co-parents who accepted it.
        pub aceptaciones: String,
        pub resuelta_por: Option<String>,
        pub resuelta_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod recordatorio {
    use sea_orm::entity::prelude::*;

    /// An exchange whose reminder went out: the row is the claim that it goes out once.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "custodia_recordatorios")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub familia_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub fecha: Date,
        pub enviado_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
