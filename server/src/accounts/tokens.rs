//! One-time tokens mailed to a user (password reset, email verification, email change): random,
//! stored hashed, each of one kind, valid for a while and good for one use.

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::Expr,
};

use super::entities::token;
use crate::ids;

pub const PASSWORD_RESET: &str = "password_reset";
pub const VERIFY_EMAIL: &str = "verify_email";
pub const CHANGE_EMAIL: &str = "change_email";
/// An authenticator secret (in `dato`) shown to the user, waiting for its first code.
pub const TOTP_SETUP: &str = "totp_setup";
/// The second step of a sign-in: the password was right, a code is still due.
pub const TOTP_LOGIN: &str = "totp_login";

/// Stores a new token and gives back the secret to mail, the only time it exists in clear.
/// `dato` travels with it (the new address of an email change).
pub async fn issue(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    kind: &str,
    valid_for: Duration,
    dato: Option<String>,
) -> Result<String, sea_orm::DbErr> {
    let secret = ids::new_secret();
    let now = Utc::now();
    token::ActiveModel {
        id: Set(ids::new_id()),
        usuario_id: Set(usuario_id.to_owned()),
        kind: Set(kind.to_owned()),
        token_hash: Set(ids::hash_secret(&secret)),
        expires_at: Set(now + valid_for),
        used_at: Set(None),
        created_at: Set(now),
        dato: Set(dato),
    }
    .insert(db)
    .await?;
    Ok(secret)
}

/// The token for `secret` if it is of `kind`, unused and not expired.
pub async fn live(
    db: &impl ConnectionTrait,
    secret: &str,
    kind: &str,
) -> Result<Option<token::Model>, sea_orm::DbErr> {
    let found = token::Entity::find()
        .filter(token::Column::TokenHash.eq(ids::hash_secret(secret)))
        .filter(token::Column::Kind.eq(kind))
        .one(db)
        .await?;
    Ok(found.filter(|t| t.used_at.is_none() && t.expires_at > Utc::now()))
}

/// Uses a live token up. Marking it only if it is still unused makes a double submit count once:
/// `None` when it was not live or someone used it first.
pub async fn claim(
    db: &impl ConnectionTrait,
    secret: &str,
    kind: &str,
) -> Result<Option<token::Model>, sea_orm::DbErr> {
    let Some(found) = live(db, secret, kind).await? else {
        return Ok(None);
    };
    let claimed = token::Entity::update_many()
        .col_expr(token::Column::UsedAt, Expr::value(Utc::now()))
        .filter(token::Column::Id.eq(&found.id))
        .filter(token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok((claimed.rows_affected == 1).then_some(found))
}

/// Ends every unused token of a kind for a user (a newer one replaces them).
pub async fn revoke(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    kind: &str,
) -> Result<(), sea_orm::DbErr> {
    token::Entity::update_many()
        .col_expr(token::Column::UsedAt, Expr::value(Utc::now()))
        .filter(token::Column::UsuarioId.eq(usuario_id))
        .filter(token::Column::Kind.eq(kind))
        .filter(token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}
