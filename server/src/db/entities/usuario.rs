use lettre::message::Mailbox;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "usuarios")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    #[sea_orm(unique)]
    pub email: String,
    pub telefono: Option<String>,
    /// The storage key of the profile photo.
    pub foto: Option<String>,
    pub language: String,
    pub password_hash: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// When the user proved they read their address; `None` until then.
    pub email_verificado_at: Option<DateTimeUtc>,
    /// A new address waiting for its mailed link to be opened, until `email_pendiente_vence_at`.
    pub email_pendiente: Option<String>,
    pub email_pendiente_vence_at: Option<DateTimeUtc>,
    /// When the user closed the account; it can be reopened until `purga_at`, then it is erased.
    pub desactivado_at: Option<DateTimeUtc>,
    pub purga_at: Option<DateTimeUtc>,
    /// An IANA name; what quiet hours and reminders count in.
    pub zona_horaria: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The name to greet `user` with at `address`: only at their own confirmed address. A name is
/// text the registrant typed, and an inbox that never confirmed anything may be a stranger's, who
/// must not receive it (it could be an advert or a link).
pub fn name_at<'a>(user: &'a Model, address: &str) -> &'a str {
    if user.email_verificado_at.is_some() && user.email == address {
        &user.nombre
    } else {
        ""
    }
}

/// `address` as a recipient, with the user's name only where `name_at` allows it; `None` if the
/// address does not parse.
pub fn mailbox(user: &Model, address: &str) -> Option<Mailbox> {
    let name =
        (!name_at(user, address).is_empty()).then(|| format!("{} {}", user.nombre, user.apellido));
    Some(Mailbox::new(name, address.parse().ok()?))
}
