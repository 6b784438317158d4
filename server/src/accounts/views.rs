//! What the accounts API answers about a user and a session.

use serde::Serialize;
use utoipa::ToSchema;

use super::entities::usuario;
use crate::i18n::Lang;

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    pub email: String,
    pub telefono: Option<String>,
    /// A link to the profile photo that works for a while, or null.
    pub foto: Option<String>,
    pub language: Lang,
    /// Whether the user opened the link mailed to their address.
    #[serde(rename = "emailVerificado")]
    pub email_verificado: bool,
    /// An IANA name, such as America/Argentina/Buenos_Aires.
    #[serde(rename = "zonaHoraria")]
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
}

impl UserView {
    pub fn new(u: usuario::Model, storage: &crate::platform::storage::Storage) -> Self {
        UserView {
            language: Lang::parse(&u.language).unwrap_or_default(),
            // The user's own view: their photo's link is theirs.
            foto: u.foto.as_deref().map(|key| storage.signed_link(key, &u.id)),
            email_verificado: u.email_verificado_at.is_some(),
            id: u.id,
            nombre: u.nombre,
            apellido: u.apellido,
            email: u.email,
            telefono: u.telefono,
            zona_horaria: u.zona_horaria,
        }
    }
}

/// The answer to sign-in and registration: the token beside the user's fields, as the mobile apps read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionAnswer {
    pub success: bool,
    /// The bearer token for later calls.
    pub token: String,
    /// Keep it on this device (it outlives the session) and send it as `deviceToken` when signing
    /// in, reopening the account or asking for a reset link: this device then has its own budget
    /// of attempts, which a flood of wrong passwords from elsewhere cannot spend.
    #[serde(rename = "deviceToken")]
    pub device_token: String,
    #[serde(flatten)]
    pub user: UserView,
}

/// What sign-in answers: a session, or a challenge for the second step when the user has
/// two-step verification on (`twoFactor: true`, no token).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    Session(SessionAnswer),
    TwoFactor(TwoFactorChallenge),
}

/// The signed-in user's profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileAnswer {
    pub success: bool,
    #[serde(flatten)]
    pub user: UserView,
    /// A new address waiting for the user to open the link mailed to it, or null.
    #[serde(rename = "emailPendiente")]
    pub email_pendiente: Option<String>,
}

/// The answer to a right password when two-step verification is on: no session yet.
#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorChallenge {
    pub success: bool,
    /// Always true: send a code with the challenge to `POST /usuarios/login/2fa`.
    #[serde(rename = "twoFactor")]
    pub two_factor: bool,
    /// Good for 5 minutes and one sign-in.
    pub challenge: String,
}
