//! `/api/usuarios/...`: registration, sign-in, profile, sign-out and password reset (spec §7).

use std::time::Duration;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set, TransactionTrait,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::views::{LoginAnswer, ProfileAnswer, SessionAnswer, UserView};
use super::{
    devices::{self, Budget},
    entities::{token, usuario},
    mails, password, session, tokens,
};
use crate::platform::{changes::Change, live::Wake};
use crate::vocabulary::ClosedSet;
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{self, invitations, professionals},
    fields,
    i18n::{self, Lang, Msg},
    ids,
    platform::rate_limit::Limit,
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
    time_zone,
};

const RESET_VALID_FOR: chrono::Duration = chrono::Duration::hours(1);

const LOGIN_PER_IP: Limit = Limit {
    name: "login_ip",
    max: 30,
    window: Duration::from_secs(15 * 60),
};
/// Per account: 10 tries per 15 minutes shared by unknown clients, 10 more for each trusted device.
const LOGIN_PER_ACCOUNT: Budget = Budget {
    shared: Limit {
        name: "login_email",
        max: 10,
        window: Duration::from_secs(15 * 60),
    },
    per_device: Limit {
        name: "login_device",
        max: 10,
        window: Duration::from_secs(15 * 60),
    },
};
const REGISTER_PER_IP: Limit = Limit {
    name: "register_ip",
    max: 10,
    window: Duration::from_secs(60 * 60),
};
const FORGOT_PER_IP: Limit = Limit {
    name: "forgot_ip",
    max: 10,
    window: Duration::from_secs(60 * 60),
};
/// Reset mails per account: 3 an hour asked by unknown clients (an inbox cannot be flooded), 3
/// more for each trusted device (the owner can still ask during such a flood).
const FORGOT_PER_ACCOUNT: Budget = Budget {
    shared: Limit {
        name: "forgot_email",
        max: 3,
        window: Duration::from_secs(60 * 60),
    },
    per_device: Limit {
        name: "forgot_device",
        max: 3,
        window: Duration::from_secs(60 * 60),
    },
};
const RESET_PER_IP: Limit = Limit {
    name: "reset_ip",
    max: 20,
    window: Duration::from_secs(60 * 60),
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    nombre: Option<String>,
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    apellido: Option<String>,
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    email: Option<String>,
    #[schema(value_type = Option<crate::fields::Phone>)]
    telefono: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 128)]
    password: Option<String>,
    /// es or en; the caller's language when absent.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    language: Option<String>,
    /// Who invited the new user, as the invitation link names them. Only the page uses it: the
    /// token or linking code decides which family is joined.
    #[serde(rename = "invitedBy")]
    #[allow(dead_code)]
    invited_by: Option<String>,
    #[serde(rename = "invitationToken")]
    invitation_token: Option<String>,
    #[serde(rename = "linkingCode")]
    linking_code: Option<String>,
    /// An IANA name (the browser's, e.g. America/Argentina/Buenos_Aires); the family made at
    /// registration gets it too. America/Argentina/Buenos_Aires when absent.
    #[serde(rename = "zonaHoraria")]
    #[schema(
        pattern = "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
        max_length = 64,
        example = "America/Argentina/Buenos_Aires"
    )]
    zona_horaria: Option<String>,
    /// The new user's relation to the children of the family made with them (madre, padre,
    /// tutor, tutora, abuelo, abuela, cuidador, cuidadora, otro); `otro` when absent. Joining by
    /// invitation, the invitation's relation counts instead.
    #[schema(value_type = Option<crate::families::Relation>)]
    relacion: Option<String>,
    /// The secret of a professional access's mailed link: the new account takes the access up
    /// (its address must be the one invited) and gets no family of its own.
    #[serde(rename = "accesoToken")]
    acceso_token: Option<String>,
    /// For a professional: what they do; the access's when absent.
    #[schema(value_type = Option<crate::families::professionals::input::Profession>)]
    profesion: Option<String>,
    /// For a professional: their licence number.
    #[schema(format = "one-line", max_length = 60)]
    matricula: Option<String>,
    /// For a professional: their firm, practice or institution.
    #[schema(format = "one-line", max_length = 120)]
    organizacion: Option<String>,
}

/// Create an account; the new user is signed in at once. With an invitation's token or linking
/// code they join the inviting family; otherwise they get a family of their own.
#[utoipa::path(post, path = "/usuarios", tag = "accounts",
    request_body = RegisterRequest,
    responses(
        (status = 201, body = SessionAnswer),
        (status = 400, description = "both an invitation token and a linking code", body = ErrorBody),
        (status = 404, description = "no such invitation", body = ErrorBody),
        (status = 409, description = "email already registered", body = ErrorBody),
        (status = 410, description = "the invitation expired, was used or revoked", body = ErrorBody),
        (status = 422, description = "invalid fields, or a mailed invitation for another address (invitation_email_mismatch)", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub(super) async fn register(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<RegisterRequest>,
) -> ApiResult<(StatusCode, Json<SessionAnswer>)> {
    let mut errors = FieldErrors::default();
    let nombre = errors.check("nombre", fields::name(body.nombre, Msg::NameRequired));
    let apellido = errors.check(
        "apellido",
        fields::name(body.apellido, Msg::LastNameRequired),
    );
    let email = errors.check("email", fields::email(body.email));
    let telefono = errors.check("telefono", fields::phone(body.telefono));
    let password = errors.check("password", fields::new_password(body.password));
    let language = errors.check("language", fields::language(body.language, i18n::current()));
    let zona = errors.check("zonaHoraria", time_zone::optional(body.zona_horaria));
    let relacion = match body
        .relacion
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        Some(given) => errors.check(
            "relacion",
            families::Relation::from_wire(&given.to_lowercase()).ok_or(Msg::RelationInvalid),
        ),
        None => Some(families::Relation::Otro),
    };
    let profesion = match body.profesion.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(_) => errors.check(
            "profesion",
            professionals::input::profession(body.profesion.clone()).map(Some),
        ),
    }
    .flatten();
    let matricula = errors
        .check("matricula", fields::optional_text(body.matricula, 60))
        .flatten();
    let organizacion = errors
        .check(
            "organizacion",
            fields::optional_text(body.organizacion, 120),
        )
        .flatten();
    let acceso_token = body
        .acceso_token
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty());
    // `invitedBy` only names the inviter for the page; the token or code is what counts.
    let ticket = invitations::Ticket::from_fields(body.invitation_token, body.linking_code, None);
    errors.into_result()?;
    let ticket = ticket?;
    let (
        Some(nombre),
        Some(apellido),
        Some(email),
        Some(telefono),
        Some(password),
        Some(language),
        Some(relacion),
    ) = (
        nombre, apellido, email, telefono, password, language, relacion,
    )
    else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let zona = zona
        .flatten()
        .unwrap_or_else(|| time_zone::DEFAULT.to_owned());

    state
        .limiter
        .hit(&REGISTER_PER_IP, &client.ip_key())
        .await?;
    // Counted before the strength estimate: a refused password is an attempt too.
    if let Some(msg) = password::too_guessable(&password, &[&nombre, &apellido, &email]).await? {
        return Err(ApiError::field("password", msg));
    }
    if email_exists(&state, &email).await? {
        return Err(ApiError::conflict(Msg::EmailTaken));
    }
    // A bad invitation stops the registration before anything is created.
    let invitation = match &ticket {
        Some(ticket) => {
            let found = invitations::usable_guarded(&state, ticket, None, &client).await?;
            invitations::admits(&found, &email)?;
            Some(found)
        }
        None => None,
    };
    let access = match &acceso_token {
        Some(token) => Some(professionals::usable(&state.db, token, &email).await?),
        None => None,
    };
    let password_hash = password::hash(password).await?;

    let now = Utc::now();
    // The invitation's link reached this address: that proves it as well as a verification mail.
    let verified = invitation
        .as_ref()
        .is_some_and(|i| i.email.as_deref() == Some(email.as_str()))
        || access.is_some();
    let txn = state.db.begin().await?;
    let inserted = usuario::ActiveModel {
        id: Set(ids::new_id()),
        nombre: Set(nombre),
        apellido: Set(apellido),
        email: Set(email.clone()),
        telefono: Set(telefono),
        foto: Set(None),
        language: Set(language.as_str().to_owned()),
        password_hash: Set(password_hash),
        created_at: Set(now),
        updated_at: Set(now),
        email_verificado_at: Set(verified.then_some(now)),
        email_pendiente: Set(None),
        email_pendiente_vence_at: Set(None),
        desactivado_at: Set(None),
        purga_at: Set(None),
        zona_horaria: Set(zona),
    }
    .insert(&txn)
    .await;
    let user = match inserted {
        Ok(user) => user,
        // Two registrations of one address at the same moment: the unique index decides.
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            return Err(ApiError::conflict(Msg::EmailTaken));
        }
        Err(err) => return Err(err.into()),
    };
    // Someone joining by invitation needs no family of their own; one is made if they ever
    // add a child outside the families they joined.
    let mut wake = match &invitation {
        Some(invitation) => invitations::join(&txn, invitation, &user.id).await?,
        None if access.is_some() => Wake::none(),
        None => {
            families::create_family_as(
                &txn,
                &user.id,
                format!("Familia {}", user.apellido),
                &user.zona_horaria,
                relacion,
            )
            .await?;
            Wake::none()
        }
    };
    if let (Some(access), Some(secret)) = (&access, &acceso_token) {
        let (_, _, taken) = professionals::take(&txn, access, secret, &user).await?;
        wake = wake.join(taken);
    }
    if let Some(profesion) = profesion
        .map(|p| p.wire().to_owned())
        .or_else(|| access.as_ref().map(|a| a.profesion.clone()))
    {
        professionals::profile::ActiveModel {
            usuario_id: Set(user.id.clone()),
            profesion: Set(profesion),
            matricula: Set(matricula),
            organizacion: Set(organizacion),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await?;
    }
    let token = session::open(&txn, &user.id, &client).await?;
    let device_token = devices::token_for(&txn, &user.id, None).await?;
    txn.commit().await?;
    state.wake(wake);
    if !verified {
        super::profile::send_verification(&state, &state.db, &user).await?;
    }

    i18n::set_current(language);
    tracing::info!(user_id = %user.id, "account created");
    Ok((
        StatusCode::CREATED,
        Json(SessionAnswer {
            success: true,
            token,
            device_token,
            user: UserView::new(user, &state.storage),
        }),
    ))
}

async fn email_exists(state: &AppState, email: &str) -> ApiResult<bool> {
    Ok(usuario::Entity::find()
        .filter(usuario::Column::Email.eq(email))
        .one(&state.db)
        .await?
        .is_some())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    email: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128)]
    password: Option<String>,
    /// From an earlier sign-in on this device (`SessionAnswer.deviceToken`), if kept.
    #[serde(rename = "deviceToken")]
    device_token: Option<String>,
}

/// Sign in with email and password.
#[utoipa::path(post, path = "/usuarios/login", tag = "accounts",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "a session; with two-step verification on, a challenge for POST /usuarios/login/2fa instead", body = LoginAnswer),
        (status = 401, description = "wrong email or password", body = ErrorBody),
        (status = 403, description = "the account is closed: it can be reopened (POST /usuarios/reactivar)", body = ErrorBody),
        (status = 422, description = "missing fields", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub(super) async fn login(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<LoginRequest>,
) -> ApiResult<Json<LoginAnswer>> {
    let mut errors = FieldErrors::default();
    let email = body
        .email
        .map(|e| e.trim().to_lowercase())
        .filter(|e| !e.is_empty());
    if email.is_none() {
        errors.add("email", Msg::EmailRequired);
    }
    let password = body.password.filter(|p| !p.is_empty());
    if password.is_none() {
        errors.add("password", Msg::PasswordRequired);
    }
    errors.into_result()?;
    let (Some(email), Some(password)) = (email, password) else {
        return Err(ApiError::internal("field check passed without values"));
    };

    state.limiter.hit(&LOGIN_PER_IP, &client.ip_key()).await?;
    let device = devices::shown(body.device_token);
    let user = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    devices::spend(
        &state,
        &LOGIN_PER_ACCOUNT,
        &email,
        user.as_ref(),
        device.as_deref(),
    )
    .await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let (Some(user), true) = (user, password::verify(password, stored).await?) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            Msg::InvalidCredentials,
        ));
    };
    if user.desactivado_at.is_some() {
        // Only the right password learns that the account is closed (and can reopen it).
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::AccountClosed));
    }
    if let Some(challenge) = super::two_factor::challenge_if_on(&state.db, &user.id).await? {
        return Ok(Json(LoginAnswer::TwoFactor(challenge)));
    }
    let token = session::open(&state.db, &user.id, &client).await?;
    let device_token = devices::token_for(&state.db, &user.id, device.as_deref()).await?;
    i18n::set_current(Lang::parse(&user.language).unwrap_or_default());
    Ok(Json(LoginAnswer::Session(SessionAnswer {
        success: true,
        token,
        device_token,
        user: UserView::new(user, &state.storage),
    })))
}

/// The signed-in user; also how a client checks that its stored token still works.
#[utoipa::path(get, path = "/usuarios/perfil", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ProfileAnswer),
        (status = 401, description = "no or bad token", body = ErrorBody),
    ))]
pub(super) async fn profile(State(state): State<AppState>, auth: AuthUser) -> Json<ProfileAnswer> {
    super::profile::answer(&state, auth.user)
}

/// End the current session: its token stops working at once.
#[utoipa::path(post, path = "/usuarios/logout", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Done),
        (status = 401, description = "no or bad token", body = ErrorBody),
    ))]
pub(super) async fn logout(State(state): State<AppState>, auth: AuthUser) -> ApiResult<Json<Done>> {
    super::entities::sesion::Entity::delete_by_id(auth.session_id)
        .exec(&state.db)
        .await?;
    state.announce(Change::User(&auth.id)).await;
    Ok(Done::new(Msg::LoggedOut))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    email: Option<String>,
    /// From an earlier sign-in on this device, if kept (see `SessionAnswer.deviceToken`).
    #[serde(rename = "deviceToken")]
    device_token: Option<String>,
}

/// Mail a password-reset link. Answers the same whether or not the address has an account.
#[utoipa::path(post, path = "/usuarios/olvide-password", tag = "accounts",
    request_body = ForgotRequest,
    responses(
        (status = 200, body = Done),
        (status = 422, description = "missing or invalid email", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
pub(super) async fn forgot_password(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<ForgotRequest>,
) -> ApiResult<Json<Done>> {
    let mut errors = FieldErrors::default();
    let email = errors.check("email", fields::email(body.email));
    errors.into_result()?;
    let Some(email) = email else {
        return Err(ApiError::internal("field check passed without values"));
    };
    state.limiter.hit(&FORGOT_PER_IP, &client.ip_key()).await?;
    let user = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    let device = devices::shown(body.device_token);
    devices::spend(
        &state,
        &FORGOT_PER_ACCOUNT,
        &email,
        user.as_ref(),
        device.as_deref(),
    )
    .await?;
    if let Some(user) = user {
        let secret = tokens::issue(
            &state.db,
            &user.id,
            tokens::PASSWORD_RESET,
            RESET_VALID_FOR,
            None,
        )
        .await?;
        let lang = Lang::parse(&user.language).unwrap_or_default();
        let to = mails::mailbox(&user, &user.email)
            .ok_or_else(|| ApiError::internal("a stored email does not parse"))?;
        let link = state.config.link(&format!("/reset-password/{secret}"));
        // Sent in the background: the answer must not take longer when the account exists.
        state.send_mail(mails::password_reset(
            to,
            mails::name_at(&user, &user.email),
            &link,
            lang,
        ));
    }
    Ok(Done::new(Msg::ResetMailSent))
}

async fn live_reset_token(state: &AppState, secret: &str) -> ApiResult<token::Model> {
    tokens::live(&state.db, secret, tokens::PASSWORD_RESET)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidResetToken))
}

/// Whether a reset link still works (unused and less than an hour old).
#[utoipa::path(get, path = "/usuarios/olvide-password/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, used or expired token", body = ErrorBody),
    ))]
pub(super) async fn check_reset_token(
    State(state): State<AppState>,
    client: ClientInfo,
    Path(secret): Path<String>,
) -> ApiResult<Json<Done>> {
    state.limiter.hit(&RESET_PER_IP, &client.ip_key()).await?;
    live_reset_token(&state, &secret).await?;
    Ok(Json(Done {
        success: true,
        msg: String::new(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    /// Optional repeat of the path's token (the web app sends it); the path decides.
    token: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 128)]
    password: Option<String>,
}

/// Set a new password with a reset link; the link stops working and every session ends.
#[utoipa::path(post, path = "/usuarios/olvide-password/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    request_body = ResetRequest,
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, used or expired token", body = ErrorBody),
        (status = 422, description = "invalid password, too common (password_too_common) or the same as now (password_same_as_current)", body = ErrorBody),
    ))]
pub(super) async fn reset_password(
    State(state): State<AppState>,
    client: ClientInfo,
    Path(secret): Path<String>,
    Json(body): Json<ResetRequest>,
) -> ApiResult<Json<Done>> {
    let _ = body.token;
    let mut errors = FieldErrors::default();
    let password = errors.check("password", fields::new_password(body.password));
    errors.into_result()?;
    let Some(password) = password else {
        return Err(ApiError::internal("field check passed without values"));
    };
    state.limiter.hit(&RESET_PER_IP, &client.ip_key()).await?;
    let pending = live_reset_token(&state, &secret).await?;
    let owner = usuario::Entity::find_by_id(&pending.usuario_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidResetToken))?;
    let refusal = if password::verify(password.clone(), Some(owner.password_hash.clone())).await? {
        Some(Msg::PasswordSameAsCurrent)
    } else {
        password::too_guessable(&password, &super::security::user_words(&owner)).await?
    };
    if let Some(msg) = refusal {
        return Err(ApiError::field("password", msg));
    }
    let password_hash = password::hash(password).await?;

    let txn = state.db.begin().await?;
    let reset = tokens::claim(&txn, &secret, tokens::PASSWORD_RESET)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidResetToken))?;
    let user = usuario::Entity::find_by_id(&reset.usuario_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidResetToken))?;
    let never_verified = user.email_verificado_at.is_none();
    let mut active = user.into_active_model();
    active.password_hash = Set(password_hash);
    // The link reached the address: that proves it as well as the verification mail does.
    active.email_verificado_at = Set(Some(Utc::now()));
    active.updated_at = Set(Utc::now());
    active.update(&txn).await?;
    if never_verified {
        // A factor set up before the address was proven may belong to whoever registered
        // someone else's address: the owner, who just proved the mailbox, gets the account back.
        super::two_factor::remove(&txn, &reset.usuario_id).await?;
    }
    session::end_all(&txn, &reset.usuario_id, None).await?;
    tokens::end_outstanding(&txn, &reset.usuario_id).await?;
    tokens::revoke(&txn, &reset.usuario_id, tokens::LOGIN_DEVICE).await?;
    txn.commit().await?;
    state.announce(Change::User(&reset.usuario_id)).await;
    Ok(Done::new(Msg::PasswordReset))
}
