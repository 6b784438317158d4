//! Closing an account (spec §1: data kept 90 days after cancellation, the account can be
//! reactivated meanwhile): closed at once, reopenable during the grace period, then erased for
//! good by a periodic job. Families the user shared keep their children's records.

use std::time::Duration as StdDuration;

use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set,
    TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    devices::{self, Budget},
    entities::usuario,
    mails, password, session,
};
use crate::{
    domain,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::{self, Lang, Msg},
    platform::{changes::Change, photo, rate_limit::Limit},
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
};

pub const GRACE: Duration = Duration::days(90);

const REACTIVATE_PER_IP: Limit = Limit {
    name: "reactivate_ip",
    max: 10,
    window: StdDuration::from_secs(15 * 60),
};
/// Per account as well, like sign-in: otherwise many addresses could guess a closed account's
/// password here.
const REACTIVATE_PER_ACCOUNT: Budget = Budget {
    shared: Limit {
        name: "reactivate_email",
        max: 10,
        window: StdDuration::from_secs(15 * 60),
    },
    per_device: Limit {
        name: "reactivate_device",
        max: 10,
        window: StdDuration::from_secs(15 * 60),
    },
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct CloseRequest {
    password: Option<String>,
    /// The word "eliminar" (or "delete"), typed to confirm; any case.
    confirmacion: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Closed {
    pub success: bool,
    pub msg: String,
    /// When the account and its personal data will be erased, unless reopened before.
    #[serde(rename = "purgaAt")]
    pub purga_at: DateTime<Utc>,
}

/// Close one's account: every session ends now; the account can be reopened for 90 days by
/// signing in, then everything personal is erased.
#[utoipa::path(delete, path = "/usuarios/perfil", tag = "accounts", security(("bearer" = [])),
    request_body = CloseRequest,
    responses(
        (status = 200, body = Closed),
        (status = 401, body = ErrorBody),
        (status = 422, description = "wrong password or confirmation word", body = ErrorBody),
    ))]
pub async fn close_account(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<CloseRequest>,
) -> ApiResult<Json<Closed>> {
    let mut errors = FieldErrors::default();
    let confirmed = body
        .confirmacion
        .as_deref()
        .map(|w| w.trim().to_lowercase())
        .is_some_and(|w| w == "eliminar" || w == "delete");
    if !confirmed {
        errors.add("confirmacion", Msg::CloseWordWrong);
    }
    let given = body.password.filter(|p| !p.is_empty());
    if given.is_none() {
        errors.add("password", Msg::PasswordRequired);
    }
    errors.into_result()?;
    let Some(given) = given else {
        return Err(ApiError::internal("field check passed without values"));
    };
    super::security::require_own_password(&state, &auth.user, given, "password").await?;

    let now = Utc::now();
    let purga_at = now + GRACE;
    let txn = state.db.begin().await?;
    let mut active = auth.user.clone().into_active_model();
    active.desactivado_at = Set(Some(now));
    active.purga_at = Set(Some(purga_at));
    active.updated_at = Set(now);
    let user = active.update(&txn).await?;
    let wake = crate::families::after_account_closed(&txn, &user.id).await?;
    session::end_all(&txn, &user.id, None).await?;
    // A closed account has no pending email change, reset link or sign-in challenge left.
    super::tokens::end_outstanding(&txn, &user.id).await?;
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::User(&user.id)).await;

    let lang = Lang::parse(&user.language).unwrap_or_default();
    if let Some(to) = mails::mailbox(&user, &user.email) {
        state.send_mail(mails::account_closed(
            to,
            mails::name_at(&user, &user.email),
            purga_at,
            user.zona_horaria.parse().unwrap_or(chrono_tz::Tz::UTC),
            lang,
        ));
    }
    tracing::info!(user_id = %user.id, "account closed");
    Ok(Json(Closed {
        success: true,
        msg: Msg::AccountClosedDone.text(i18n::current()).to_owned(),
        purga_at,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReactivateRequest {
    email: Option<String>,
    password: Option<String>,
    /// From an earlier sign-in on this device, if kept (see `SessionAnswer.deviceToken`).
    #[serde(rename = "deviceToken")]
    device_token: Option<String>,
}

/// Reopen a closed account within its grace period; then sign in as usual.
#[utoipa::path(post, path = "/usuarios/reactivar", tag = "accounts",
    request_body = ReactivateRequest,
    responses(
        (status = 200, body = Done),
        (status = 401, description = "wrong email or password, or nothing to reopen", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub async fn reactivate(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<ReactivateRequest>,
) -> ApiResult<Json<Done>> {
    let email = body
        .email
        .map(|e| e.trim().to_lowercase())
        .unwrap_or_default();
    let given = body.password.unwrap_or_default();
    state
        .limiter
        .hit(&REACTIVATE_PER_IP, &client.ip_key())
        .await?;
    let user = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    let device = devices::shown(body.device_token);
    devices::spend(
        &state,
        &REACTIVATE_PER_ACCOUNT,
        &email,
        user.as_ref(),
        device.as_deref(),
    )
    .await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    // The password is checked whatever was found, so the answer takes as long either way.
    let matches = password::verify(given, stored).await?;
    let refused = || {
        ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            Msg::InvalidCredentials,
        )
    };
    let Some(user) = user.filter(|u| matches && u.desactivado_at.is_some()) else {
        return Err(refused());
    };
    let mut active = user.into_active_model();
    active.desactivado_at = Set(None);
    active.purga_at = Set(None);
    active.updated_at = Set(Utc::now());
    let user = active.update(&state.db).await?;
    i18n::set_current(Lang::parse(&user.language).unwrap_or_default());
    tracing::info!(user_id = %user.id, "account reopened");
    Ok(Done::new(Msg::AccountReopened))
}

/// Erases every account whose grace period ended by `now`; gives back how many.
pub async fn purge_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, sea_orm::DbErr> {
    let due = usuario::Entity::find()
        .filter(usuario::Column::DesactivadoAt.is_not_null())
        .filter(usuario::Column::PurgaAt.lte(now))
        .all(&state.db)
        .await?;
    let count = due.len();
    for user in due {
        purge(state, user).await?;
    }
    if count > 0 {
        crate::db::after_erasure(&state.db).await?;
    }
    Ok(count)
}

/// Erases one user: their account, sessions, tokens, memberships and photo, and what every domain
/// holds about them (`domain::Domain::erase_account`): a family only they belonged to goes with
/// its children, a family shared with others keeps its records, what they wrote to support goes.
async fn purge(state: &AppState, user: usuario::Model) -> Result<(), sea_orm::DbErr> {
    let mut files: Vec<String> = user
        .foto
        .iter()
        .flat_map(|k| photo::with_thumbnail(k))
        .collect();
    let txn = state.db.begin().await?;
    // The write comes first: on SQLite a transaction that reads and writes later fails if another
    // connection wrote in between (a notice's delivery, say); writing first takes the lock.
    usuario::Entity::update_many()
        .col_expr(usuario::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(usuario::Column::Id.eq(&user.id))
        .exec(&txn)
        .await?;
    for domain in domain::all() {
        files.extend(domain.erase_account(&txn, &user).await?);
    }
    let wake = crate::families::publish_member_erased(&txn, &user.id).await?;
    // Sessions, tokens and memberships go with the user (foreign keys cascade). The files go
    // after the commit, noted with it in case of a crash in between (`platform::pending`).
    usuario::Entity::delete_by_id(&user.id).exec(&txn).await?;
    crate::platform::pending::note(&txn, state, &files).await?;
    txn.commit().await?;
    state.wake(wake);
    // Families erased with the user had no other member: nobody can read what this instance or
    // another still keeps of them, and forgetting the user drops the way in.
    state.announce(Change::User(&user.id)).await;
    photo::after_change(state, &[], &files).await;
    tracing::info!(user_id = %user.id, "closed account erased after its grace period");
    Ok(())
}
