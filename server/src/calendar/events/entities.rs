//! The events tables (migration m0023).

pub mod evento {
    use sea_orm::entity::prelude::*;

    /// A family's event: one occurrence, or a series of them.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "eventos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub autor_id: Option<String>,
        pub titulo: String,
        pub tipo: String,
        pub categoria: String,
        /// `2026-03-02T17:30:00`, or `2026-03-02` when `todo_el_dia`, in `zona_horaria`.
        pub inicio: String,
        pub fin: String,
        pub todo_el_dia: bool,
        pub zona_horaria: String,
        pub recurrencia: Option<String>,
        /// JSON list of local starts.
        pub excepciones: String,
        /// JSON list of local starts.
        pub fechas_extra: String,
        /// JSON list of child ids.
        pub hijos: String,
        pub lugar: Option<String>,
        pub notas: Option<String>,
        pub privado: bool,
        /// JSON list of minutes before each occurrence.
        pub recordatorios: String,
        pub serie_id: Option<String>,
        pub ocurrencia: Option<String>,
        pub primer_inicio: DateTimeUtc,
        pub ultimo_inicio: Option<DateTimeUtc>,
        /// When the reminders job must look at it next; null when no reminder is left.
        pub proximo_aviso: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod aviso {
    use sea_orm::entity::prelude::*;

    /// A reminder sent: one per occurrence and offset, whichever instance sent it.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "evento_avisos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub evento_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub ocurrencia: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub minutos: i32,
        pub enviado_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
