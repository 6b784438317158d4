//! Sessions: opaque bearer tokens, stored hashed, ended after 30 idle days or on logout. The
//! extractor that resolves a token to its user is `request::auth`.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::entities::{sesion, token};
use crate::{ids, request::ClientInfo};

pub use crate::request::auth::IDLE_LIMIT;

/// Opens a session and gives back the token, the only time it exists in clear.
pub async fn open(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    client: &ClientInfo,
) -> Result<String, sea_orm::DbErr> {
    let token = ids::new_secret();
    let now = Utc::now();
    sesion::ActiveModel {
        id: Set(ids::new_id()),
        usuario_id: Set(usuario_id.to_owned()),
        token_hash: Set(ids::hash_secret(&token)),
        user_agent: Set(client.user_agent.clone()),
        ip: Set(client.ip.map(|ip| ip.to_string())),
        created_at: Set(now),
        last_seen_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Ends every session of a user but one (or all of them with `keep = None`).
pub async fn end_all(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    keep: Option<&str>,
) -> Result<u64, sea_orm::DbErr> {
    let mut query = sesion::Entity::delete_many().filter(sesion::Column::UsuarioId.eq(usuario_id));
    if let Some(keep) = keep {
        query = query.filter(sesion::Column::Id.ne(keep));
    }
    Ok(query.exec(db).await?.rows_affected)
}

/// Removes sessions idle for longer than `IDLE_LIMIT` and tokens a day past their end.
pub async fn clean_up(db: &impl ConnectionTrait) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let sessions = sesion::Entity::delete_many()
        .filter(sesion::Column::LastSeenAt.lt(now - IDLE_LIMIT))
        .exec(db)
        .await?
        .rows_affected;
    let tokens = token::Entity::delete_many()
        .filter(token::Column::ExpiresAt.lt(now - chrono::Duration::days(1)))
        .exec(db)
        .await?
        .rows_affected;
    tracing::debug!(sessions, tokens, "ended sessions and tokens removed");
    Ok(())
}
