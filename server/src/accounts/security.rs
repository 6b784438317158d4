//! Keeping an account safe: changing the password, and seeing and ending one's sessions.

use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    entities::{sesion, usuario},
    mails, password, session, tokens,
};
use crate::platform::changes::Change;
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::{Lang, Msg},
    platform::rate_limit::Limit,
    request::{AuthUser, Done, Json},
    state::AppState,
};

/// Guessing the current password through the change form is as slow as through sign-in.
const PASSWORD_CHANGE_PER_USER: Limit = Limit {
    name: "password_change_user",
    max: 10,
    window: std::time::Duration::from_secs(15 * 60),
};

/// Whether `given` is the signed-in user's password. Every form that asks for it again shares one
/// budget of attempts, so none of them is a way to guess it.
pub async fn is_own_password(
    state: &AppState,
    user: &usuario::Model,
    given: String,
) -> ApiResult<bool> {
    state
        .limiter
        .hit(&PASSWORD_CHANGE_PER_USER, &user.id)
        .await?;
    password::verify(given, Some(user.password_hash.clone())).await
}

/// Fails with `field` marked when `given` is not the signed-in user's password.
pub async fn require_own_password(
    state: &AppState,
    user: &usuario::Model,
    given: String,
    field: &'static str,
) -> ApiResult<()> {
    if !is_own_password(state, user, given).await? {
        return Err(ApiError::field(field, Msg::CurrentPasswordWrong));
    }
    Ok(())
}

/// What a password must not be built from: the user's own name and address.
pub fn user_words(user: &usuario::Model) -> [&str; 3] {
    [&user.nombre, &user.apellido, &user.email]
}

/// For actions a borrowed session must not take alone (a new email, a second factor): a wrong
/// password is a 403 `current_password_wrong`.
pub async fn require_password_or_403(
    state: &AppState,
    user: &usuario::Model,
    given: String,
) -> ApiResult<()> {
    if !is_own_password(state, user, given).await? {
        return Err(ApiError::new(
            axum::http::StatusCode::FORBIDDEN,
            Msg::CurrentPasswordWrong,
        ));
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    current_password: Option<String>,
    new_password: Option<String>,
}

/// Change the password: the current one is checked, every other session ends, and the user is
/// told by mail.
#[utoipa::path(post, path = "/usuarios/password", tag = "accounts", security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 422, description = "wrong current password, or a new one that is invalid, too common (password_too_common) or the same as now (password_same_as_current)", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub async fn change_password(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<PasswordChange>,
) -> ApiResult<Json<Done>> {
    let mut errors = FieldErrors::default();
    let current = body.current_password.filter(|p| !p.is_empty());
    if current.is_none() {
        errors.add("currentPassword", Msg::PasswordRequired);
    }
    let new = errors.check("newPassword", fields::new_password(body.new_password));
    errors.into_result()?;
    let (Some(current), Some(new)) = (current, new) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    require_own_password(&state, &auth.user, current.clone(), "currentPassword").await?;
    let refusal = if new == current {
        Some(Msg::PasswordSameAsCurrent)
    } else {
        password::too_guessable(&new, &user_words(&auth.user)).await?
    };
    if let Some(msg) = refusal {
        return Err(ApiError::field("newPassword", msg));
    }
    let hash = password::hash(new).await?;

    let txn = state.db.begin().await?;
    let mut active = auth.user.clone().into_active_model();
    active.password_hash = Set(hash);
    active.updated_at = Set(Utc::now());
    let user = active.update(&txn).await?;
    session::end_all(&txn, &user.id, Some(&auth.session_id)).await?;
    // Whoever knew the old password may hold a reset link, an email change or a sign-in
    // challenge started with it: none of them outlives the change.
    tokens::end_outstanding(&txn, &user.id).await?;
    tokens::revoke(&txn, &user.id, tokens::LOGIN_DEVICE).await?;
    txn.commit().await?;
    state.announce(Change::User(&user.id)).await;

    let lang = Lang::parse(&user.language).unwrap_or_default();
    if let Some(to) = mails::mailbox(&user, &user.email) {
        state.send_mail(mails::password_changed(
            to,
            mails::name_at(&user, &user.email),
            lang,
        ));
    }
    Ok(Done::new(Msg::PasswordChanged))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    #[serde(rename = "_id")]
    pub id: String,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Refreshed at most every 10 minutes.
    pub last_seen_at: DateTime<Utc>,
    /// The session making this request.
    pub actual: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionsAnswer {
    pub success: bool,
    pub data: Vec<SessionView>,
}

/// One's open sessions, most recently used first.
#[utoipa::path(get, path = "/usuarios/sesiones", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = SessionsAnswer), (status = 401, body = ErrorBody)))]
pub async fn list_sessions(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<SessionsAnswer>> {
    let rows = sesion::Entity::find()
        .filter(sesion::Column::UsuarioId.eq(&auth.id))
        .order_by_desc(sesion::Column::LastSeenAt)
        .all(&state.db)
        .await?;
    let data = rows
        .into_iter()
        .map(|s| SessionView {
            actual: s.id == auth.session_id,
            id: s.id,
            user_agent: s.user_agent,
            ip: s.ip,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
        })
        .collect();
    Ok(Json(SessionsAnswer {
        success: true,
        data,
    }))
}

/// End one of one's sessions (another device, or this one).
#[utoipa::path(delete, path = "/usuarios/sesiones/{id}", tag = "accounts", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such session of yours", body = ErrorBody),
    ))]
pub async fn end_session(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Done>> {
    let ended = sesion::Entity::delete_many()
        .filter(sesion::Column::Id.eq(&id))
        .filter(sesion::Column::UsuarioId.eq(&auth.id))
        .exec(&state.db)
        .await?;
    if ended.rows_affected == 0 {
        return Err(ApiError::not_found());
    }
    state.announce(Change::User(&auth.id)).await;
    Ok(Done::new(Msg::SessionEnded))
}

/// End every session except the one making this request.
#[utoipa::path(delete, path = "/usuarios/sesiones", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Done), (status = 401, body = ErrorBody)))]
pub async fn end_other_sessions(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<Done>> {
    session::end_all(&state.db, &auth.id, Some(&auth.session_id)).await?;
    state.announce(Change::User(&auth.id)).await;
    Ok(Done::new(Msg::SessionsEnded))
}
