use sea_orm::entity::prelude::*;

/// A user's authenticator secret, once a first code proved it was saved: two-factor sign-in is
/// on exactly while this row exists.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "factores")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub usuario_id: String,
    /// The base32 secret: codes are computed from it, so it cannot be stored hashed.
    pub secret: String,
    pub confirmed_at: DateTimeUtc,
    /// The last 30-second time step whose code was accepted; codes of it and earlier steps are
    /// refused, so that a code seen over a shoulder cannot be used again.
    pub last_step: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::usuario::Entity",
        from = "Column::UsuarioId",
        to = "super::usuario::Column::Id",
        on_delete = "Cascade"
    )]
    Usuario,
}

impl Related<super::usuario::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Usuario.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
