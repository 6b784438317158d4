//! Two-step verification with an authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 s steps,
//! one step of clock drift either way): enrolment, recovery codes, turning it off, and the second
//! step of signing in.
//!
//! A secret shown for enrolment waits in `tokens` (kind `totp_setup`) until a first code proves the
//! app saved it; only then does it become the user's `factores` row, which is what "on" means. The
//! password step of sign-in hands out a short-lived challenge (kind `totp_login`) instead of a
//! session while that row exists.

use std::time::Duration as StdDuration;

use axum::{extract::State, http::StatusCode};
use chrono::{Duration, Utc};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set, TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use totp_rs::{Algorithm, Builder, Secret, Totp};
use utoipa::ToSchema;

use super::{
    entities::{codigo_recuperacion, factor, token, usuario},
    session, tokens,
    views::{SessionAnswer, TwoFactorChallenge, UserView},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::{self, Lang, Msg},
    ids,
    platform::rate_limit::Limit,
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
};

const ISSUER: &str = "Nido";
const DIGITS: u8 = 6;
const STEP_SECONDS: u64 = 30;
const SETUP_VALID_FOR: Duration = Duration::minutes(15);
const CHALLENGE_VALID_FOR: Duration = Duration::minutes(5);
const RECOVERY_CODE_COUNT: usize = 10;
/// Lowercase letters and digits without the look-alikes (i, l, o, 0, 1): codes get copied by hand.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// Three groups of four: 31^12, about 59 bits, so a fast hash is enough to store them.
const RECOVERY_GROUPS: usize = 3;
const RECOVERY_GROUP_LEN: usize = 4;

/// Someone who has the password still gets only a handful of guesses at the code.
const SECOND_STEP_PER_USER: Limit = Limit {
    name: "two_factor_user",
    max: 5,
    window: StdDuration::from_secs(15 * 60),
};

// ---- answers and bodies ----

/// What an authenticator app needs: the secret typed by hand, or the same as a link or QR code.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetup {
    /// The base32 secret, for apps set up by typing it.
    pub secret: String,
    /// `otpauth://totp/Nido:<email>?secret=...&issuer=Nido`.
    pub otpauth_url: String,
    /// The same link as a PNG QR code: `data:image/png;base64,...`.
    pub qr: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorSetupAnswer {
    pub success: bool,
    pub data: TwoFactorSetup,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Ten one-use codes such as `k7m2-x9pq-4hzt`, shown this once: only their hashes are kept.
    pub recovery_codes: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodesAnswer {
    pub success: bool,
    pub data: RecoveryCodes,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatus {
    pub enabled: bool,
    /// Recovery codes not used yet (0 when two-step verification is off).
    pub recovery_codes_left: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorStatusAnswer {
    pub success: bool,
    pub data: TwoFactorStatus,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorSetupRequest {
    /// The account's password (also accepted as `currentPassword`).
    #[serde(alias = "currentPassword")]
    password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorCodeRequest {
    /// The 6-digit code the app shows now.
    #[schema(required = true, value_type = String, pattern = "^[0-9]{6}$")]
    code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorOffRequest {
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128)]
    password: Option<String>,
    /// A code from the app, or an unused recovery code.
    #[schema(required = true, value_type = String, min_length = 6, max_length = 20)]
    code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorLoginRequest {
    /// From the answer of `POST /usuarios/login`.
    #[schema(required = true, value_type = String, min_length = 1)]
    challenge: Option<String>,
    /// A code from the app, or an unused recovery code (with or without its dashes).
    #[schema(required = true, value_type = String, min_length = 6, max_length = 20)]
    code: Option<String>,
    /// As in `POST /usuarios/login`.
    #[serde(rename = "deviceToken")]
    device_token: Option<String>,
}

// ---- handlers ----

/// Whether two-step verification is on, and how many recovery codes are left.
#[utoipa::path(get, path = "/usuarios/2fa", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = TwoFactorStatusAnswer), (status = 401, body = ErrorBody)))]
pub async fn two_factor_status(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<TwoFactorStatusAnswer>> {
    let enabled = find_factor(&state.db, &auth.id).await?.is_some();
    let recovery_codes_left = if enabled {
        codigo_recuperacion::Entity::find()
            .filter(codigo_recuperacion::Column::UsuarioId.eq(&auth.id))
            .filter(codigo_recuperacion::Column::UsedAt.is_null())
            .count(&state.db)
            .await?
    } else {
        0
    };
    Ok(Json(TwoFactorStatusAnswer {
        success: true,
        data: TwoFactorStatus {
            enabled,
            recovery_codes_left,
        },
    }))
}

/// Start (or start again) setting up an authenticator app: a new secret, valid for 15 minutes
/// until a code from the app confirms it (`POST /usuarios/2fa/activar`).
#[utoipa::path(post, path = "/usuarios/2fa/configurar", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, body = TwoFactorSetupAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "wrong password (current_password_wrong) or an address not confirmed yet (email_not_verified)", body = ErrorBody),
        (status = 409, description = "two-step verification is already on", body = ErrorBody),
        (status = 422, description = "missing password (errors.password)", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub async fn configure(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<TwoFactorSetupRequest>,
) -> ApiResult<Json<TwoFactorSetupAnswer>> {
    require_verified(&auth.user)?;
    let given = body.password.filter(|p| !p.is_empty());
    let Some(given) = given else {
        return Err(ApiError::field("password", Msg::PasswordRequired));
    };
    if find_factor(&state.db, &auth.id).await?.is_some() {
        return Err(ApiError::conflict(Msg::TwoFactorAlreadyOn));
    }
    // A borrowed session must not be able to bind the account to the borrower's authenticator.
    super::security::require_password_or_403(&state, &auth.user, given).await?;
    let secret = Secret::generate().to_base32();
    let totp = authenticator(&secret, &auth.user.email)?;
    // The errors of these two would carry the secret and the address: never log them.
    let otpauth_url = totp
        .to_url()
        .map_err(|_| ApiError::internal("the otpauth link could not be written"))?;
    let png = totp
        .to_qr_base64()
        .map_err(|_| ApiError::internal("the QR code could not be drawn"))?;

    let txn = state.db.begin().await?;
    // Only the newest secret shown can be confirmed: a QR code from an abandoned try stops working.
    tokens::revoke(&txn, &auth.id, tokens::TOTP_SETUP).await?;
    tokens::issue(
        &txn,
        &auth.id,
        tokens::TOTP_SETUP,
        SETUP_VALID_FOR,
        Some(secret.clone()),
    )
    .await?;
    txn.commit().await?;
    Ok(Json(TwoFactorSetupAnswer {
        success: true,
        data: TwoFactorSetup {
            secret,
            otpauth_url,
            qr: format!("data:image/png;base64,{png}"),
        },
    }))
}

/// Turn two-step verification on with a code from the app just set up; answers the ten recovery
/// codes, shown this once.
#[utoipa::path(post, path = "/usuarios/2fa/activar", tag = "accounts", security(("bearer" = [])),
    request_body = TwoFactorCodeRequest,
    responses(
        (status = 200, body = RecoveryCodesAnswer),
        (status = 400, description = "no setup started in the last 15 minutes", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "the address is not confirmed yet (email_not_verified)", body = ErrorBody),
        (status = 409, description = "two-step verification is already on", body = ErrorBody),
        (status = 422, description = "missing or wrong code (errors.code)", body = ErrorBody),
    ))]
pub async fn enable(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<TwoFactorCodeRequest>,
) -> ApiResult<Json<RecoveryCodesAnswer>> {
    require_verified(&auth.user)?;
    let code = required_code(body.code)?;
    if find_factor(&state.db, &auth.id).await?.is_some() {
        return Err(ApiError::conflict(Msg::TwoFactorAlreadyOn));
    }
    let pending = token::Entity::find()
        .filter(token::Column::UsuarioId.eq(&auth.id))
        .filter(token::Column::Kind.eq(tokens::TOTP_SETUP))
        .filter(token::Column::UsedAt.is_null())
        .filter(token::Column::ExpiresAt.gt(Utc::now()))
        .order_by_desc(token::Column::CreatedAt)
        .one(&state.db)
        .await?;
    let Some(secret) = pending.and_then(|t| t.dato) else {
        return Err(ApiError::bad_request(Msg::TwoFactorSetupExpired));
    };
    let totp = authenticator(&secret, &auth.user.email)?;
    let Some(step) = app_code(&code).and_then(|digits| matching_step(&totp, digits)) else {
        return Err(ApiError::field("code", Msg::CodeWrong));
    };

    let codes = new_recovery_codes();
    let now = Utc::now();
    let txn = state.db.begin().await?;
    let inserted = factor::ActiveModel {
        usuario_id: Set(auth.user.id.clone()),
        secret: Set(secret),
        confirmed_at: Set(now),
        // The code typed to confirm is spent: it cannot also open a session.
        last_step: Set(Some(step)),
    }
    .insert(&txn)
    .await;
    match inserted {
        Ok(_) => {}
        // A double submit: the first one turned it on.
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            return Err(ApiError::conflict(Msg::TwoFactorAlreadyOn));
        }
        Err(err) => return Err(err.into()),
    }
    tokens::revoke(&txn, &auth.id, tokens::TOTP_SETUP).await?;
    codigo_recuperacion::Entity::delete_many()
        .filter(codigo_recuperacion::Column::UsuarioId.eq(&auth.id))
        .exec(&txn)
        .await?;
    codigo_recuperacion::Entity::insert_many(codes.iter().map(|code| {
        codigo_recuperacion::ActiveModel {
            id: Set(ids::new_id()),
            usuario_id: Set(auth.user.id.clone()),
            code_hash: Set(recovery_hash(code)),
            used_at: Set(None),
            created_at: Set(now),
        }
    }))
    .exec(&txn)
    .await?;
    txn.commit().await?;
    tracing::info!(user_id = %auth.user.id, "two-step verification on");
    Ok(Json(RecoveryCodesAnswer {
        success: true,
        data: RecoveryCodes {
            recovery_codes: codes,
        },
    }))
}

/// Turn two-step verification off: the password and a code (from the app, or a recovery code)
/// are both needed; the recovery codes are deleted.
#[utoipa::path(post, path = "/usuarios/2fa/desactivar", tag = "accounts", security(("bearer" = [])),
    request_body = TwoFactorOffRequest,
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 409, description = "two-step verification is not on", body = ErrorBody),
        (status = 422, description = "missing or wrong password or code (errors.password, errors.code)", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub async fn disable(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<TwoFactorOffRequest>,
) -> ApiResult<Json<Done>> {
    let mut errors = FieldErrors::default();
    let given = body.password.filter(|p| !p.is_empty());
    if given.is_none() {
        errors.add("password", Msg::PasswordRequired);
    }
    let code = body.code.filter(|c| !c.trim().is_empty());
    if code.is_none() {
        errors.add("code", Msg::CodeRequired);
    }
    errors.into_result()?;
    let (Some(given), Some(code)) = (given, code) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let Some(factor) = find_factor(&state.db, &auth.id).await? else {
        return Err(ApiError::conflict(Msg::TwoFactorOff));
    };
    let password_ok = super::security::is_own_password(&state, &auth.user, given).await?;

    // The code is used up inside the transaction: if the password was wrong, nothing is spent.
    let txn = state.db.begin().await?;
    let redeemed = redeem(&txn, &factor, &auth.user.email, &code).await?;
    let mut errors = FieldErrors::default();
    if !password_ok {
        errors.add("password", Msg::CurrentPasswordWrong);
    }
    match redeemed {
        Redeemed::Accepted => {}
        Redeemed::Replayed => errors.add("code", Msg::TwoFactorCodeUsed),
        Redeemed::Wrong => errors.add("code", Msg::CodeWrong),
    }
    errors.into_result()?;
    remove(&txn, &auth.id).await?;
    // A sign-in waiting for its second step has nothing left to wait for: it starts again.
    tokens::revoke(&txn, &auth.id, tokens::TOTP_LOGIN).await?;
    txn.commit().await?;
    tracing::info!(user_id = %auth.user.id, "two-step verification off");
    Ok(Done::new(Msg::TwoFactorDisabled))
}

/// The second step of signing in: the challenge from `POST /usuarios/login` and a code from the
/// app (or an unused recovery code, then spent) open a session. At most 5 tries per 15 minutes
/// per account; a code from the app works once.
#[utoipa::path(post, path = "/usuarios/login/2fa", tag = "accounts",
    request_body = TwoFactorLoginRequest,
    responses(
        (status = 200, body = SessionAnswer),
        (status = 401, description = "wrong or already used code, or an expired challenge (sign in again)", body = ErrorBody),
        (status = 403, description = "the account is closed", body = ErrorBody),
        (status = 422, description = "missing code", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub async fn login_second_step(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<TwoFactorLoginRequest>,
) -> ApiResult<Json<SessionAnswer>> {
    let expired = || ApiError::new(StatusCode::UNAUTHORIZED, Msg::TwoFactorChallengeInvalid);
    let challenge = body
        .challenge
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty() && c.len() <= 200)
        .ok_or_else(expired)?;
    let code = required_code(body.code)?;
    let pending = tokens::live(&state.db, &challenge, tokens::TOTP_LOGIN)
        .await?
        .ok_or_else(expired)?;
    state
        .limiter
        .hit(&SECOND_STEP_PER_USER, &pending.usuario_id)
        .await?;
    let user = usuario::Entity::find_by_id(&pending.usuario_id)
        .one(&state.db)
        .await?
        .ok_or_else(expired)?;
    if user.desactivado_at.is_some() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::AccountClosed));
    }
    // Turned off since the password step: signing in again gives a session straight away.
    let factor = find_factor(&state.db, &user.id)
        .await?
        .ok_or_else(expired)?;

    // Code and challenge are spent together or not at all: a wrong code leaves the challenge
    // usable for the next try, and a challenge used meanwhile leaves the code unspent.
    let txn = state.db.begin().await?;
    match redeem(&txn, &factor, &user.email, &code).await? {
        Redeemed::Accepted => {}
        Redeemed::Replayed => {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                Msg::TwoFactorCodeUsed,
            ));
        }
        Redeemed::Wrong => {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                Msg::TwoFactorCodeInvalid,
            ));
        }
    }
    tokens::claim(&txn, &challenge, tokens::TOTP_LOGIN)
        .await?
        .ok_or_else(expired)?;
    let token = session::open(&txn, &user.id, &client).await?;
    let device = super::devices::shown(body.device_token);
    let device_token = super::devices::token_for(&txn, &user.id, device.as_deref()).await?;
    txn.commit().await?;
    i18n::set_current(Lang::parse(&user.language).unwrap_or_default());
    Ok(Json(SessionAnswer {
        success: true,
        token,
        device_token,
        user: UserView::new(user, &state.storage),
    }))
}

/// Turns two-step verification off without a code (the owner proved the mailbox another way).
pub async fn remove(db: &impl ConnectionTrait, usuario_id: &str) -> Result<(), sea_orm::DbErr> {
    codigo_recuperacion::Entity::delete_many()
        .filter(codigo_recuperacion::Column::UsuarioId.eq(usuario_id))
        .exec(db)
        .await?;
    factor::Entity::delete_many()
        .filter(factor::Column::UsuarioId.eq(usuario_id))
        .exec(db)
        .await?;
    tokens::revoke(db, usuario_id, tokens::TOTP_SETUP).await?;
    Ok(())
}

// ---- used by sign-in ----

/// The challenge to answer instead of a session when the user has two-step verification on;
/// `None` when they do not.
pub async fn challenge_if_on(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> ApiResult<Option<TwoFactorChallenge>> {
    if find_factor(db, usuario_id).await?.is_none() {
        return Ok(None);
    }
    let challenge = tokens::issue(
        db,
        usuario_id,
        tokens::TOTP_LOGIN,
        CHALLENGE_VALID_FOR,
        None,
    )
    .await?;
    Ok(Some(TwoFactorChallenge {
        success: true,
        two_factor: true,
        challenge,
    }))
}

// ---- codes ----

async fn find_factor(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<Option<factor::Model>, sea_orm::DbErr> {
    factor::Entity::find_by_id(usuario_id).one(db).await
}

/// The authenticator for a stored base32 secret, labelled as the app will show it.
fn authenticator(secret: &str, email: &str) -> ApiResult<Totp> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|_| ApiError::internal("a stored authenticator secret is not base32"))?;
    // The label is `Nido:<email>`: a colon in the address would split it in the wrong place. It
    // is only what the app displays; the codes do not depend on it.
    let account: String = email.chars().filter(|c| *c != ':').collect();
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(DIGITS)
        .with_step_duration(STEP_SECONDS)
        .with_skew(1)
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(account)
        .build()
        .map_err(|_| ApiError::internal("the authenticator could not be built"))
}

/// What was typed, without the spaces and dashes people add when copying, in lowercase.
fn compact(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The code as an app code, if it looks like one (six digits).
fn app_code(code: &str) -> Option<String> {
    let code = compact(code);
    (code.len() == usize::from(DIGITS) && code.bytes().all(|b| b.is_ascii_digit())).then_some(code)
}

/// The time step whose code this is, within one step of now.
fn matching_step(totp: &Totp, digits: String) -> Option<i64> {
    // A clock before 1970 matches nothing rather than panicking inside the library.
    let now = u64::try_from(Utc::now().timestamp()).ok()?;
    let step = totp.check(&digits, now)?;
    i64::try_from(step).ok()
}

fn recovery_hash(code: &str) -> String {
    ids::hash_secret(&compact(code))
}

fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    let mut group = || -> String {
        (0..RECOVERY_GROUP_LEN)
            .map(|_| char::from(RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())]))
            .collect()
    };
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            (0..RECOVERY_GROUPS)
                .map(|_| group())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

enum Redeemed {
    Accepted,
    /// A right app code of a step already used (or older than one used).
    Replayed,
    Wrong,
}

/// Spends a code: an app code of a later step than the last one accepted, or an unused recovery
/// code. Both are conditional updates, so two requests with one code cannot both succeed.
async fn redeem(
    db: &impl ConnectionTrait,
    factor: &factor::Model,
    email: &str,
    code: &str,
) -> ApiResult<Redeemed> {
    if let Some(digits) = app_code(code) {
        let totp = authenticator(&factor.secret, email)?;
        let Some(step) = matching_step(&totp, digits) else {
            return Ok(Redeemed::Wrong);
        };
        let spent = factor::Entity::update_many()
            .col_expr(factor::Column::LastStep, Expr::value(step))
            .filter(factor::Column::UsuarioId.eq(&factor.usuario_id))
            .filter(
                Condition::any()
                    .add(factor::Column::LastStep.is_null())
                    .add(factor::Column::LastStep.lt(step)),
            )
            .exec(db)
            .await?;
        return Ok(if spent.rows_affected == 1 {
            Redeemed::Accepted
        } else {
            Redeemed::Replayed
        });
    }
    let spent = codigo_recuperacion::Entity::update_many()
        .col_expr(codigo_recuperacion::Column::UsedAt, Expr::value(Utc::now()))
        .filter(codigo_recuperacion::Column::UsuarioId.eq(&factor.usuario_id))
        .filter(codigo_recuperacion::Column::CodeHash.eq(recovery_hash(code)))
        .filter(codigo_recuperacion::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(if spent.rows_affected > 0 {
        Redeemed::Accepted
    } else {
        Redeemed::Wrong
    })
}

/// Only the owner of a proven address may add a second factor: otherwise someone who registered
/// another person's address could lock its owner out with an authenticator they never had.
fn require_verified(user: &usuario::Model) -> ApiResult<()> {
    if user.email_verificado_at.is_none() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::EmailNotVerified));
    }
    Ok(())
}

fn required_code(code: Option<String>) -> ApiResult<String> {
    code.filter(|c| !c.trim().is_empty())
        .ok_or_else(|| ApiError::field("code", Msg::CodeRequired))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_look_right_and_differ() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        for code in &codes {
            assert_eq!(code.len(), 14, "{code}");
            let groups: Vec<&str> = code.split('-').collect();
            assert_eq!(groups.len(), 3, "{code}");
            assert!(
                groups
                    .iter()
                    .all(|g| g.len() == 4 && g.bytes().all(|b| RECOVERY_ALPHABET.contains(&b))),
                "{code}"
            );
        }
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
    }

    #[test]
    fn typed_codes_are_read_leniently() {
        assert_eq!(app_code(" 123 456 ").as_deref(), Some("123456"));
        assert_eq!(app_code("12345"), None);
        assert_eq!(app_code("k7m2-x9pq-4hzt"), None);
        assert_eq!(
            recovery_hash("K7M2 X9PQ 4HZT"),
            recovery_hash("k7m2-x9pq-4hzt")
        );
    }
}
