use sea_orm::entity::prelude::*;

/// An invitation to join a family: a link mailed to an address (`tipo` email, the secret kept
/// hashed) or a linking code someone types (`tipo` codigo). Good for one acceptance.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitaciones")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub familia_id: String,
    pub invitado_por: Option<String>,
    pub tipo: String,
    pub email: Option<String>,
    pub token_hash: Option<String>,
    pub codigo: Option<String>,
    pub permiso: String,
    pub relacion: String,
    pub idioma: String,
    /// pendiente, aceptada or revocada; "vencida" is worked out from `expires_at`.
    pub estado: String,
    pub expires_at: DateTimeUtc,
    pub enviada_at: DateTimeUtc,
    pub aceptada_por: Option<String>,
    /// Sent by someone the invitee blocked: kept so the sender sees it as sent, never delivered.
    pub retenida: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
