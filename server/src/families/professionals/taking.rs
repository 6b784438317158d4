//! Taking up an access with the mailed link's secret: by a signed-in account (`/accesos/aceptar`)
//! or by one registering with it (`POST /usuarios` with `accesoToken`). Either way the account's
//! address must be the one invited, and the link works once.

use axum::http::StatusCode;
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, sea_query::Expr,
};

use super::{
    acts, entities as acceso,
    notices::started,
    store::{AccessState, find, state_of},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{self, access::coparents},
    i18n::Msg,
    ids::{self, FamilyId, UserId},
    platform::live::Wake,
};

/// The access the secret `token` opens for the address `email`, while it may still be taken:
/// 404 `access_unknown`, 422 `access_email_mismatch`, 409 `access_closed`.
pub async fn usable(
    db: &impl ConnectionTrait,
    token: &str,
    email: &str,
) -> ApiResult<acceso::Model> {
    let unknown = || ApiError::new(StatusCode::NOT_FOUND, Msg::AccessUnknown);
    let token = token.trim();
    if token.is_empty() {
        return Err(unknown());
    }
    let row = acceso::Entity::find()
        .filter(acceso::Column::TokenHash.eq(ids::hash_secret(token)))
        .one(db)
        .await?
        .ok_or_else(unknown)?;
    if !row.email.eq_ignore_ascii_case(email.trim()) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::AccessEmailMismatch,
        ));
    }
    if row.terminado_at.is_some() || row.vence_at <= Utc::now() {
        return Err(ApiError::conflict(Msg::AccessClosed));
    }
    Ok(row)
}

/// Takes `row` (found by `usable` with `token`) up for `user`, inside `txn`: a member of its
/// family is refused (409 `professional_is_member`); one taken a moment ago by another request
/// is 404. Gives back the access, the family's co-parents and what to wake after the commit.
pub async fn take(
    txn: &DatabaseTransaction,
    row: &acceso::Model,
    token: &str,
    user: &usuario::Model,
) -> ApiResult<(acceso::Model, Vec<String>, Wake)> {
    let familia_id = FamilyId::new(&row.familia_id);
    if families::membership(txn, &familia_id, &UserId::new(&user.id))
        .await?
        .is_some()
    {
        return Err(ApiError::conflict(Msg::ProfessionalIsMember));
    }
    let now = Utc::now();
    let taken = acceso::Entity::update_many()
        .col_expr(acceso::Column::ProfesionalId, Expr::value(user.id.clone()))
        .col_expr(acceso::Column::AceptadoAt, Expr::value(now))
        .col_expr(acceso::Column::TokenHash, Expr::value(None::<String>))
        .col_expr(acceso::Column::UpdatedAt, Expr::value(now))
        .filter(acceso::Column::Id.eq(&row.id))
        .filter(acceso::Column::TokenHash.eq(ids::hash_secret(token.trim())))
        .filter(acceso::Column::TerminadoAt.is_null())
        .exec(txn)
        .await?;
    if taken.rows_affected != 1 {
        return Err(ApiError::new(StatusCode::NOT_FOUND, Msg::AccessUnknown));
    }
    let row = find(txn, &row.id).await?;
    acts::accepted(txn, &row).await?;
    let coparents = coparents(txn, &row.familia_id).await?;
    let wake = if state_of(&row, &coparents, now) == AccessState::Active {
        started(txn, &row, &coparents, user).await?
    } else {
        Wake::none()
    };
    Ok((row, coparents, wake))
}
