//! The notifications tables (migration m0019).

pub mod notificacion {
    use sea_orm::entity::prelude::*;

    /// One notice for one user; its text is rendered when read, in the reader's language.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "notificaciones")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub usuario_id: String,
        pub familia_id: Option<String>,
        /// A kind of `notifications::kinds`.
        pub tipo: String,
        /// JSON text: the parameters of the kind's texts.
        pub datos: String,
        pub enlace: Option<String>,
        pub leida_at: Option<DateTimeUtc>,
        pub creada: DateTimeUtc,
        /// `PENDING`, `MAIL_WAITING`, `SENT`, `HELD` or `IN_APP_ONLY`.
        pub entrega: String,
        /// The id of what it is about (a message, say), for `mark_read_about`.
        pub objeto_id: Option<String>,
        /// Who caused it, if someone did (m0037; older notices have none).
        pub actor_id: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    /// Waiting for its delivery job.
    pub const PENDING: &str = "pendiente";
    /// Mailed and pushed as the recipient chose (or nothing, if they chose nothing).
    pub const SENT: &str = "enviada";
    /// Arrived in the recipient's quiet hours: goes in the summary when they end.
    pub const HELD: &str = "retenida";
    /// Pushed; its mail waits `NIDO_MAIL_DELAY_SECONDS` and goes only if it is still unread.
    pub const MAIL_WAITING: &str = "en_espera";
    /// For the app alone (its recipient blocked who caused it): never mailed, pushed, nor listed
    /// in a summary.
    pub const IN_APP_ONLY: &str = "solo_app";
}

pub mod preferencia {
    use sea_orm::entity::prelude::*;

    /// A user's choice for one kind; a kind without a row has mail and push on.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    #[sea_orm(table_name = "preferencias_notificacion")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub tipo: String,
        pub email: bool,
        pub push: bool,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod ajuste {
    use sea_orm::entity::prelude::*;

    /// A user's notification settings; a user without a row has the defaults.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    #[sea_orm(table_name = "ajustes_notificacion")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        /// Quiet hours, "HH:MM" in the user's time zone; both or neither.
        pub silencio_desde: Option<String>,
        pub silencio_hasta: Option<String>,
        pub discreto: bool,
        /// `diario`, `semanal` or `nunca`.
        pub resumen: String,
        pub resumen_enviado: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    crate::closed_set! {
        /// How often the summary mail goes out.
        pub enum SummaryFrequency {
            Daily = "diario",
            Weekly = "semanal",
            Never = "nunca",
        }
    }
}

pub mod dispositivo_push {
    use sea_orm::entity::prelude::*;

    /// One browser's push subscription, of one user.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "dispositivos_push")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub usuario_id: String,
        /// The session that registered it: when that session ends, the device goes with it.
        pub sesion_id: String,
        /// Where the push service takes this device's messages; it names the subscription.
        #[sea_orm(unique)]
        pub endpoint: String,
        /// The browser's P-256 public key and authentication secret, base64url: what each
        /// message is encrypted for.
        pub p256dh: String,
        pub auth: String,
        /// A short label of the browser and system, e.g. "Firefox · Android".
        pub agente: String,
        pub creado: DateTimeUtc,
        /// When its push service last accepted a message.
        pub ultimo_uso: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
