//! The messages tables (migration m0021; a professional's conversation, m0046).

pub mod conversacion {
    use sea_orm::entity::prelude::*;

    /// A conversation of some members of one family, about one subject.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "conversaciones")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub familia_id: String,
        /// A `messages::vocabulary::Topic`.
        pub tema: String,
        pub asunto: String,
        /// Who started it; null once their account is erased.
        pub creada_por: Option<String>,
        /// How many messages it holds, which is the last message's `numero`.
        pub mensajes: i64,
        /// Raised by every change to what its messages show (`messages::pages`).
        pub version: i64,
        pub ultimo_mensaje_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        /// The family professional's access whose own conversation this is (migration m0046).
        pub acceso_id: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod participante {
    use sea_orm::entity::prelude::*;

    /// A user taking part in a conversation; they read it while they stay a member of its family.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "conversacion_participantes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub conversacion_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod mensaje {
    use sea_orm::entity::prelude::*;

    /// One message: written once, never edited nor deleted.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "mensajes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub conversacion_id: String,
        pub familia_id: String,
        /// 1, 2, 3... within its conversation.
        pub numero: i64,
        /// Null once the author's account is erased.
        pub autor_id: Option<String>,
        pub texto: String,
        /// A `messages::vocabulary::MessageType`.
        pub tipo: String,
        pub responde_a: Option<String>,
        /// `ok`, `atencion` or `hostil`, rated when it was sent.
        pub tono: String,
        /// Its `mensaje.enviado` entry in the family record.
        pub registro_seq: i64,
        pub enviado_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod vista {
    use sea_orm::entity::prelude::*;

    /// One recipient of a message, and when they first saw it (set once, never moved).
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "mensaje_vistas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub mensaje_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub conversacion_id: String,
        pub numero: i64,
        pub vista_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod adjunto {
    use sea_orm::entity::prelude::*;

    /// A file uploaded to a conversation, claimed by the message it was sent with.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "mensaje_adjuntos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub conversacion_id: String,
        pub subido_por: Option<String>,
        /// Null until a message claims it.
        pub mensaje_id: Option<String>,
        /// Its place among its message's files.
        pub orden: i32,
        /// The file name as given, cleaned.
        pub nombre: String,
        /// A `messages::vocabulary::AttachmentKind`.
        pub clase: String,
        pub mime: String,
        /// Bytes.
        pub tamano: i64,
        /// Storage keys.
        pub clave: String,
        pub miniatura_clave: Option<String>,
        /// Hex SHA-256 of the stored plaintext.
        pub sha256: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod ajuste {
    use sea_orm::entity::prelude::*;

    /// A user's messages settings; a user without a row has the defaults.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "ajustes_mensajes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub escudo: bool,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
