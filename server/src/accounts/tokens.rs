//! One-time tokens mailed to a user (password reset, email verification, email change): random,
//! stored hashed, each of one kind, valid for a while and good for one use.

use chrono::{Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::Expr,
};

use super::entities::{token, usuario};
use crate::ids;

pub const PASSWORD_RESET: &str = "password_reset";
pub const VERIFY_EMAIL: &str = "verify_email";
pub const CHANGE_EMAIL: &str = "change_email";
/// An authenticator secret (in `dato`) shown to the user, waiting for its first code.
pub const TOTP_SETUP: &str = "totp_setup";
/// The second step of a sign-in: the password was right, a code is still due.
pub const TOTP_LOGIN: &str = "totp_login";
/// Handed to a client at sign-in: later sign-ins that show it are counted per device, so a flood of
/// wrong passwords from elsewhere does not lock the owner out (`routes::account_budget`).
pub const LOGIN_DEVICE: &str = "login_device";

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
    let found = find(db, secret, kind).await?;
    Ok(found.filter(|t| t.used_at.is_none() && t.expires_at > Utc::now()))
}

/// The token for `secret` of `kind` whatever its state, to tell a spent link from an unknown one.
pub async fn find(
    db: &impl ConnectionTrait,
    secret: &str,
    kind: &str,
) -> Result<Option<token::Model>, sea_orm::DbErr> {
    token::Entity::find()
        .filter(token::Column::TokenHash.eq(ids::hash_secret(secret)))
        .filter(token::Column::Kind.eq(kind))
        .one(db)
        .await
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

/// Ends what a mailed link or a half-done sign-in could still do to the account: reset links, a
/// pending change of address and its link, and two-step challenges. Called when the
/// password changes (by the user or through a reset) and when the account closes, so a link or
/// challenge obtained before cannot be used after.
pub async fn end_outstanding(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<(), sea_orm::DbErr> {
    for kind in [PASSWORD_RESET, CHANGE_EMAIL, TOTP_LOGIN] {
        revoke(db, usuario_id, kind).await?;
    }
    usuario::Entity::update_many()
        .col_expr(usuario::Column::EmailPendiente, Expr::value(None::<String>))
        .col_expr(
            usuario::Column::EmailPendienteVenceAt,
            Expr::value(None::<chrono::DateTime<Utc>>),
        )
        .filter(usuario::Column::Id.eq(usuario_id))
        .exec(db)
        .await?;
    Ok(())
}
