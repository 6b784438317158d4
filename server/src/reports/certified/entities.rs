pub mod informe {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "informes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        /// Who asked for it; it is theirs alone.
        pub usuario_id: String,
        pub desde: Date,
        pub hasta: Date,
        /// JSON list of `Section` names: those it holds.
        pub secciones: String,
        pub idioma: String,
        pub adjuntos: bool,
        /// A `ReportState`.
        pub estado: String,
        pub progreso: i32,
        pub paginas: Option<i32>,
        pub sha256: Option<String>,
        pub codigo: Option<String>,
        /// The stored file's key.
        pub clave: Option<String>,
        pub tamano: Option<i64>,
        pub error: Option<String>,
        /// Who stamped the signature (RFC 3161), when an authority did.
        pub sello_autoridad: Option<String>,
        pub sello_momento: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub listo_at: Option<DateTimeUtc>,
        pub vence_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
