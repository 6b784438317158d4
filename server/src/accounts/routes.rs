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
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entities::{token, usuario},
    mails, password,
    session::{self, AuthUser, ClientInfo},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families, fields,
    http::json::Json,
    i18n::{self, Lang, Msg},
    ids,
    platform::rate_limit::Limit,
    state::AppState,
};

const RESET_TOKEN: &str = "password_reset";
const RESET_VALID_FOR: chrono::Duration = chrono::Duration::hours(1);

const LOGIN_PER_IP: Limit = Limit {
    name: "login_ip",
    max: 30,
    window: Duration::from_secs(15 * 60),
};
const LOGIN_PER_EMAIL: Limit = Limit {
    name: "login_email",
    max: 10,
    window: Duration::from_secs(15 * 60),
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
const FORGOT_PER_EMAIL: Limit = Limit {
    name: "forgot_email",
    max: 3,
    window: Duration::from_secs(60 * 60),
};
const RESET_PER_IP: Limit = Limit {
    name: "reset_ip",
    max: 20,
    window: Duration::from_secs(60 * 60),
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(profile))
        .routes(routes!(logout))
        .routes(routes!(forgot_password))
        .routes(routes!(check_reset_token, reset_password))
}

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
    pub email: String,
    pub telefono: Option<String>,
    pub foto: Option<String>,
    pub language: Lang,
}

impl From<usuario::Model> for UserView {
    fn from(u: usuario::Model) -> Self {
        UserView {
            language: Lang::parse(&u.language).unwrap_or_default(),
            id: u.id,
            nombre: u.nombre,
            apellido: u.apellido,
            email: u.email,
            telefono: u.telefono,
            foto: u.foto,
        }
    }
}

/// The answer to sign-in and registration: the token beside the user's fields, as the mobile apps read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionAnswer {
    pub success: bool,
    /// The bearer token for later calls.
    pub token: String,
    #[serde(flatten)]
    pub user: UserView,
}

/// The signed-in user's profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileAnswer {
    pub success: bool,
    #[serde(flatten)]
    pub user: UserView,
}

/// A success with a message for people.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    pub success: bool,
    pub msg: String,
}

impl Done {
    pub fn new(msg: Msg) -> Json<Done> {
        Json(Done {
            success: true,
            msg: msg.text(i18n::current()).to_owned(),
        })
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    nombre: Option<String>,
    apellido: Option<String>,
    email: Option<String>,
    telefono: Option<String>,
    password: Option<String>,
    /// es or en; the caller's language when absent.
    language: Option<String>,
    /// Who invited the new user (an invitation link); used by co-parent invitations.
    #[serde(rename = "invitedBy")]
    invited_by: Option<String>,
    #[serde(rename = "invitationToken")]
    invitation_token: Option<String>,
    #[serde(rename = "linkingCode")]
    linking_code: Option<String>,
}

/// Create an account; the new user is signed in at once and gets a family of their own.
#[utoipa::path(post, path = "/usuarios", tag = "accounts",
    request_body = RegisterRequest,
    responses(
        (status = 201, body = SessionAnswer),
        (status = 409, description = "email already registered", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
async fn register(
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
    // Invitations are accepted by the co-parents domain; until then they are read and left alone.
    let _ = (body.invited_by, body.invitation_token, body.linking_code);
    errors.into_result()?;
    let (Some(nombre), Some(apellido), Some(email), Some(telefono), Some(password), Some(language)) =
        (nombre, apellido, email, telefono, password, language)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };

    state
        .limiter
        .hit(&REGISTER_PER_IP, &client.ip_key())
        .await?;
    if email_exists(&state, &email).await? {
        return Err(ApiError::conflict(Msg::EmailTaken));
    }
    let password_hash = password::hash(password).await?;

    let now = Utc::now();
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
    families::create_own_family(&txn, &user.id, &user.apellido).await?;
    let token = session::open(&txn, &user.id, &client).await?;
    txn.commit().await?;

    i18n::set_current(language);
    tracing::info!(user_id = %user.id, "account created");
    Ok((
        StatusCode::CREATED,
        Json(SessionAnswer {
            success: true,
            token,
            user: user.into(),
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
    email: Option<String>,
    password: Option<String>,
}

/// Sign in with email and password.
#[utoipa::path(post, path = "/usuarios/login", tag = "accounts",
    request_body = LoginRequest,
    responses(
        (status = 200, body = SessionAnswer),
        (status = 401, description = "wrong email or password", body = ErrorBody),
        (status = 422, description = "missing fields", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<LoginRequest>,
) -> ApiResult<Json<SessionAnswer>> {
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
    state.limiter.hit(&LOGIN_PER_EMAIL, &email).await?;

    let user = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let (Some(user), true) = (user, password::verify(password, stored).await?) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            Msg::InvalidCredentials,
        ));
    };
    let token = session::open(&state.db, &user.id, &client).await?;
    i18n::set_current(Lang::parse(&user.language).unwrap_or_default());
    Ok(Json(SessionAnswer {
        success: true,
        token,
        user: user.into(),
    }))
}

/// The signed-in user; also how a client checks that its stored token still works.
#[utoipa::path(get, path = "/usuarios/perfil", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ProfileAnswer),
        (status = 401, description = "no or bad token", body = ErrorBody),
    ))]
async fn profile(auth: AuthUser) -> Json<ProfileAnswer> {
    Json(ProfileAnswer {
        success: true,
        user: auth.user.into(),
    })
}

/// End the current session: its token stops working at once.
#[utoipa::path(post, path = "/usuarios/logout", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Done),
        (status = 401, description = "no or bad token", body = ErrorBody),
    ))]
async fn logout(State(state): State<AppState>, auth: AuthUser) -> ApiResult<Json<Done>> {
    super::entities::sesion::Entity::delete_by_id(auth.session_id)
        .exec(&state.db)
        .await?;
    state.sessions.forget_user(&auth.user.id);
    Ok(Done::new(Msg::LoggedOut))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotRequest {
    email: Option<String>,
}

/// Mail a password-reset link. Answers the same whether or not the address has an account.
#[utoipa::path(post, path = "/usuarios/olvide-password", tag = "accounts",
    request_body = ForgotRequest,
    responses(
        (status = 200, body = Done),
        (status = 422, description = "missing or invalid email", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
async fn forgot_password(
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
    state.limiter.hit(&FORGOT_PER_EMAIL, &email).await?;

    let user = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    if let Some(user) = user {
        let secret = ids::new_secret();
        let now = Utc::now();
        token::ActiveModel {
            id: Set(ids::new_id()),
            usuario_id: Set(user.id.clone()),
            kind: Set(RESET_TOKEN.to_owned()),
            token_hash: Set(ids::hash_secret(&secret)),
            expires_at: Set(now + RESET_VALID_FOR),
            used_at: Set(None),
            created_at: Set(now),
        }
        .insert(&state.db)
        .await?;
        let lang = Lang::parse(&user.language).unwrap_or_default();
        let to = lettre::message::Mailbox::new(
            Some(format!("{} {}", user.nombre, user.apellido)),
            user.email.parse().map_err(ApiError::internal)?,
        );
        let link = state.config.link(&format!("/reset-password/{secret}"));
        // Sent in the background: the answer must not take longer when the account exists.
        state.send_mail(mails::password_reset(to, &user.nombre, &link, lang));
    }
    Ok(Done::new(Msg::ResetMailSent))
}

async fn live_reset_token(state: &AppState, secret: &str) -> ApiResult<token::Model> {
    let found = token::Entity::find()
        .filter(token::Column::TokenHash.eq(ids::hash_secret(secret)))
        .filter(token::Column::Kind.eq(RESET_TOKEN))
        .one(&state.db)
        .await?;
    match found {
        Some(t) if t.used_at.is_none() && t.expires_at > Utc::now() => Ok(t),
        _ => Err(ApiError::bad_request(Msg::InvalidResetToken)),
    }
}

/// Whether a reset link still works (unused and less than an hour old).
#[utoipa::path(get, path = "/usuarios/olvide-password/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, used or expired token", body = ErrorBody),
    ))]
async fn check_reset_token(
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
    password: Option<String>,
}

/// Set a new password with a reset link; the link stops working and every session ends.
#[utoipa::path(post, path = "/usuarios/olvide-password/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    request_body = ResetRequest,
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, used or expired token", body = ErrorBody),
        (status = 422, description = "invalid password", body = ErrorBody),
    ))]
async fn reset_password(
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
    let reset = live_reset_token(&state, &secret).await?;
    let password_hash = password::hash(password).await?;

    let txn = state.db.begin().await?;
    // Marking the token used only if it is still unused makes a double submit count once.
    let claimed = token::Entity::update_many()
        .col_expr(
            token::Column::UsedAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(token::Column::Id.eq(&reset.id))
        .filter(token::Column::UsedAt.is_null())
        .exec(&txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(ApiError::bad_request(Msg::InvalidResetToken));
    }
    let user = usuario::Entity::find_by_id(&reset.usuario_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidResetToken))?;
    let mut active = user.into_active_model();
    active.password_hash = Set(password_hash);
    active.updated_at = Set(Utc::now());
    active.update(&txn).await?;
    session::end_all(&txn, &reset.usuario_id, None).await?;
    txn.commit().await?;
    state.sessions.forget_user(&reset.usuario_id);
    Ok(Done::new(Msg::PasswordReset))
}
