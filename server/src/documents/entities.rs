//! The documents' tables (migration m0033).

pub mod documento {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "documentos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        pub titulo: String,
        pub titulo_busqueda: String,
        pub categoria: String,
        pub notas: Option<String>,
        pub visibilidad: String,
        pub subido_por: Option<String>,
        pub version: i32,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub eliminado_at: Option<DateTimeUtc>,
        pub eliminado_por: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod documento_hijo {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "documento_hijos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub documento_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub hijo_id: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod documento_version {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "documento_versiones")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub documento_id: String,
        pub numero: i32,
        pub clave: String,
        pub miniatura_clave: Option<String>,
        pub tipo: String,
        pub nombre: String,
        pub tamano: i64,
        pub sha256: String,
        pub subido_por: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    impl Model {
        /// Its stored files: the file and, for an image, its thumbnail.
        pub fn keys(&self) -> Vec<String> {
            std::iter::once(self.clave.clone())
                .chain(self.miniatura_clave.clone())
                .collect()
        }
    }
}
