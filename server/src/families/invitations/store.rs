//! Invitation rows: codes, whom an invitation may go to, closing and revoking them, and joining
//! a family with one.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, sea_query::Expr,
};

use crate::ids::FamilyId;
use crate::ids::UserId;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{
        self, blocking,
        entities::{invitacion, miembro},
        lock_family,
    },
    i18n::Msg,
    ids,
    platform::live::Wake,
};

pub const VALID_FOR: Duration = Duration::days(7);
/// No 0/O, 1/I/L: a code is read aloud or copied from a phone screen.
pub(super) const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
pub(super) const CODE_LEN: usize = 8;

pub(super) const EMAIL: &str = "email";
pub(super) const CODE: &str = "codigo";
pub(super) const PENDING: &str = "pendiente";
pub(super) const ACCEPTED: &str = "aceptada";
pub(super) const REVOKED: &str = "revocada";
pub(super) const DECLINED: &str = "rechazada";

pub(super) fn new_code_text() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// Whether the person behind `email`, if they have an account, may be invited by `sender`; and
/// whether the invitation must be withheld because they blocked the sender. The sender is not
/// told: an abuser must not learn that they were blocked.
pub(super) async fn check_invitee(
    db: &impl ConnectionTrait,
    familia_id: &str,
    email: &str,
    sender: &str,
) -> ApiResult<Delivery> {
    let Some(invitee) = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(email))
        .one(db)
        .await?
    else {
        return Ok(Delivery::Send);
    };
    let member = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::UsuarioId.eq(&invitee.id))
        .one(db)
        .await?;
    if member.is_some() {
        return Err(ApiError::conflict(Msg::InviteeAlreadyMember));
    }
    if blocking::blocks(db, &invitee.id, sender).await? {
        return Ok(Delivery::Withhold);
    }
    Ok(Delivery::Send)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Delivery {
    Send,
    Withhold,
}

/// The invitation of this family with this id, whatever its state.
pub(super) async fn family_invitation(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    invitacion_id: &str,
) -> ApiResult<invitacion::Model> {
    invitacion::Entity::find_by_id(invitacion_id)
        .filter(invitacion::Column::FamiliaId.eq(familia_id))
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// Ends a pending invitation as `estado`; one accepted in the meantime stays accepted.
pub(super) async fn close_pending(
    db: &impl ConnectionTrait,
    invitacion_id: &str,
    estado: &str,
) -> Result<(), sea_orm::DbErr> {
    invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(estado))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(invitacion::Column::Id.eq(invitacion_id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// Linking codes made by someone who closed their account stop working.
pub async fn revoke_codes_of(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<(), sea_orm::DbErr> {
    invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(REVOKED))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(invitacion::Column::InvitadoPor.eq(usuario_id))
        .filter(invitacion::Column::Tipo.eq(CODE))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// Whether the family has an invitation someone could still accept.
pub(in crate::families) async fn has_open_invitation(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<bool, sea_orm::DbErr> {
    Ok(invitacion::Entity::find()
        .filter(invitacion::Column::FamiliaId.eq(familia_id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .filter(invitacion::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await?
        .is_some())
}

/// Makes `usuario_id` a member of the invitation's family and uses the invitation up, inside the
/// caller's transaction. Two acceptances at once: one wins, the other is told it was used.
pub async fn join(
    txn: &sea_orm::DatabaseTransaction,
    invitation: &invitacion::Model,
    usuario_id: &str,
) -> ApiResult<Wake> {
    if !lock_family(txn, &invitation.familia_id).await? {
        return Err(ApiError::new(StatusCode::GONE, Msg::InvitationWithdrawn));
    }
    let already = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&invitation.familia_id))
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .one(txn)
        .await?;
    if already.is_some() {
        return Err(ApiError::conflict(Msg::AlreadyMember));
    }
    let now = Utc::now();
    let claimed = invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(ACCEPTED))
        .col_expr(invitacion::Column::AceptadaPor, Expr::value(usuario_id))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(now))
        .filter(invitacion::Column::Id.eq(&invitation.id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .filter(invitacion::Column::ExpiresAt.gt(now))
        .exec(txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(ApiError::new(StatusCode::GONE, Msg::InvitationUsed));
    }
    let member = miembro::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(invitation.familia_id.clone()),
        usuario_id: Set(usuario_id.to_owned()),
        relacion: Set(invitation.relacion.clone()),
        permiso: Set(invitation.permiso.clone()),
        es_admin: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(txn)
    .await?;
    families::record_acts::member_joined(txn, &member, &invitation.id).await?;
    let joined = families::notify_membership(
        txn,
        &FamilyId::new(&invitation.familia_id),
        &UserId::new(usuario_id),
        Some(usuario_id),
        crate::notifications::kinds::MEMBER_JOINED,
    )
    .await?;
    Ok(families::publish_change(txn, &invitation.familia_id, None)
        .await?
        .join(joined))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_only_unambiguous_characters() {
        for _ in 0..200 {
            let code = new_code_text();
            assert_eq!(code.len(), CODE_LEN);
            assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
        }
    }
}
