use sea_orm::entity::prelude::*;

/// A professional's access to part of a family (migration m0044).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accesos_profesionales")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub familia_id: String,
    pub tipo: String,
    pub profesion: String,
    /// The address invited: only an account with it may accept.
    pub email: String,
    /// The language of the invitation mail.
    pub idioma: String,
    pub otorgado_por: Option<String>,
    pub profesional_id: Option<String>,
    /// JSON list of area names.
    pub areas: String,
    /// JSON list of child ids; none for every child.
    pub hijos: Option<String>,
    pub desde: Option<Date>,
    pub hasta: Option<Date>,
    pub vence_at: DateTimeUtc,
    /// JSON list of the user ids of the co-parents who consented.
    pub consentimientos: String,
    pub token_hash: Option<String>,
    pub aceptado_at: Option<DateTimeUtc>,
    pub terminado_at: Option<DateTimeUtc>,
    pub terminado_por: Option<String>,
    pub vencido_at: Option<DateTimeUtc>,
    pub avisado_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// One access's reading of one area on one day of the family's calendar (migration m0045).
pub mod lectura {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "lecturas_profesionales")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub acceso_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub dia: Date,
        #[sea_orm(primary_key, auto_increment = false)]
        pub area: String,
        pub leido_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
