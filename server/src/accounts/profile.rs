//! The signed-in user's own profile: personal details and language, a checked change of email,
//! email verification, the profile photo, and the counts the profile page shows.

use std::time::Duration as StdDuration;

use axum::extract::{Multipart, Path, State, multipart::MultipartRejection};
use chrono::{Duration, Utc};
use lettre::message::Mailbox;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    entities::usuario,
    mails, tokens,
    views::{ProfileAnswer, UserView},
};
use crate::platform::changes::Change;
use crate::{
    domain,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::{self, Lang, Msg},
    platform::{photo, rate_limit::Limit},
    request::{AuthUser, Done, Json},
    state::AppState,
    time_zone,
};

pub const VERIFY_PER_USER: Limit = Limit {
    name: "verify_user",
    max: 5,
    window: std::time::Duration::from_secs(60 * 60),
};
const VERIFY_VALID_FOR: Duration = Duration::days(7);
const CHANGE_EMAIL_VALID_FOR: Duration = Duration::hours(24);

/// The profile as the owner sees it, with the address waiting for confirmation, if any.
pub fn answer(state: &AppState, user: usuario::Model) -> Json<ProfileAnswer> {
    let pending = user.email_pendiente.clone().filter(|_| {
        user.email_pendiente_vence_at
            .is_some_and(|end| end > Utc::now())
    });
    Json(ProfileAnswer {
        success: true,
        email_pendiente: pending,
        user: UserView::new(user, &state.storage),
    })
}

fn mailbox(user: &usuario::Model, address: &str) -> ApiResult<Mailbox> {
    mails::mailbox(user, address)
        .ok_or_else(|| ApiError::internal("an email address does not parse"))
}

/// Mails a link that proves the user reads their address.
pub async fn send_verification(
    state: &AppState,
    db: &impl ConnectionTrait,
    user: &usuario::Model,
) -> ApiResult<()> {
    tokens::revoke(db, &user.id, tokens::VERIFY_EMAIL).await?;
    let secret = tokens::issue(db, &user.id, tokens::VERIFY_EMAIL, VERIFY_VALID_FOR, None).await?;
    let link = state.config.link(&format!("/verify-email/{secret}"));
    let lang = Lang::parse(&user.language).unwrap_or_default();
    state.send_mail(mails::verify_email(
        mailbox(user, &user.email)?,
        mails::name_at(user, &user.email),
        &link,
        lang,
    ));
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileRequest {
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    nombre: Option<String>,
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    apellido: Option<String>,
    /// A new address is confirmed by a mailed link before it takes effect.
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    email: Option<String>,
    #[schema(value_type = Option<crate::fields::Phone>)]
    telefono: Option<String>,
    /// es or en.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    language: Option<String>,
    /// The account's password, needed only with a new `email` (also accepted as `password`).
    #[serde(rename = "currentPassword", alias = "password")]
    current_password: Option<String>,
    /// An IANA name, such as America/Argentina/Buenos_Aires; unchanged when absent.
    #[serde(rename = "zonaHoraria")]
    #[schema(
        pattern = "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
        max_length = 64,
        example = "America/Argentina/Buenos_Aires"
    )]
    zona_horaria: Option<String>,
}

/// Confirmation links for a new address a user may have mailed: a borrowed session cannot flood
/// an inbox from the profile form.
const CHANGE_EMAIL_PER_USER: Limit = Limit {
    name: "change_email_user",
    max: 5,
    window: StdDuration::from_secs(60 * 60),
};
/// Links resent to an address that never confirmed anything: whoever registered a stranger's
/// address cannot keep mailing them.
const VERIFY_PER_ADDRESS: Limit = Limit {
    name: "verify_address",
    max: 3,
    window: StdDuration::from_secs(24 * 60 * 60),
};
/// The same, counted per address written: many accounts cannot flood one stranger either.
const CHANGE_EMAIL_PER_ADDRESS: Limit = Limit {
    name: "change_email_address",
    max: 3,
    window: StdDuration::from_secs(24 * 60 * 60),
};

/// Change one's name, phone, language, time zone or email address.
#[utoipa::path(put, path = "/usuarios/perfil", tag = "accounts", security(("bearer" = [])),
    request_body = ProfileRequest,
    responses(
        (status = 200, body = ProfileAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a new email with a wrong password (current_password_wrong)", body = ErrorBody),
        (status = 409, description = "the new email belongs to another account", body = ErrorBody),
        (status = 422, description = "invalid fields; a new email without currentPassword", body = ErrorBody),
        (status = 429, description = "too many confirmation mails asked for", body = ErrorBody),
    ))]
pub async fn update_profile(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<ProfileRequest>,
) -> ApiResult<Json<ProfileAnswer>> {
    let mut errors = FieldErrors::default();
    let nombre = errors.check("nombre", fields::name(body.nombre, Msg::NameRequired));
    let apellido = errors.check(
        "apellido",
        fields::name(body.apellido, Msg::LastNameRequired),
    );
    let email = errors.check("email", fields::email(body.email));
    let telefono = errors.check("telefono", fields::phone(body.telefono));
    let current = Lang::parse(&auth.user.language).unwrap_or_default();
    let language = errors.check("language", fields::language(body.language, current));
    let zona = errors.check("zonaHoraria", time_zone::optional(body.zona_horaria));
    errors.into_result()?;
    let (Some(nombre), Some(apellido), Some(email), Some(telefono), Some(language)) =
        (nombre, apellido, email, telefono, language)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };

    let new_email = (email != auth.user.email).then_some(email);
    if let Some(address) = &new_email {
        let Some(given) = body.current_password.filter(|p| !p.is_empty()) else {
            return Err(ApiError::field("currentPassword", Msg::PasswordRequired));
        };
        super::security::require_password_or_403(&state, &auth.user, given).await?;
        state.limiter.hit(&CHANGE_EMAIL_PER_USER, &auth.id).await?;
        state
            .limiter
            .hit(&CHANGE_EMAIL_PER_ADDRESS, address)
            .await?;
        let taken = usuario::Entity::find()
            .filter(usuario::Column::Email.eq(address))
            .count(&state.db)
            .await?
            > 0;
        if taken {
            return Err(ApiError::conflict(Msg::EmailTaken));
        }
    }

    let txn = state.db.begin().await?;
    let mut active = auth.user.clone().into_active_model();
    active.nombre = Set(nombre);
    active.apellido = Set(apellido);
    active.telefono = Set(telefono);
    active.language = Set(language.as_str().to_owned());
    if let Some(Some(zona)) = zona {
        active.zona_horaria = Set(zona);
    }
    active.updated_at = Set(Utc::now());
    if let Some(address) = &new_email {
        active.email_pendiente = Set(Some(address.clone()));
        active.email_pendiente_vence_at = Set(Some(Utc::now() + CHANGE_EMAIL_VALID_FOR));
    }
    let user = active.update(&txn).await?;
    if let Some(address) = &new_email {
        tokens::revoke(&txn, &user.id, tokens::CHANGE_EMAIL).await?;
        let secret = tokens::issue(
            &txn,
            &user.id,
            tokens::CHANGE_EMAIL,
            CHANGE_EMAIL_VALID_FOR,
            Some(address.clone()),
        )
        .await?;
        let link = state.config.link(&format!("/confirm-email/{secret}"));
        state.send_mail(mails::confirm_new_email(
            mailbox(&user, address)?,
            mails::name_at(&user, address),
            &link,
            language,
        ));
        let owner_proven = user.email_verificado_at.is_some();
        state.send_mail(mails::email_change_requested(
            mailbox(&user, &user.email)?,
            mails::name_at(&user, &user.email),
            owner_proven.then_some(address.as_str()),
            language,
        ));
    }
    txn.commit().await?;
    state.announce(Change::User(&user.id)).await;
    i18n::set_current(language);
    Ok(answer(&state, user))
}

/// Confirm a new email address with the link mailed to it.
#[utoipa::path(post, path = "/usuarios/confirmar-email/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, cancelled or expired token", body = ErrorBody),
        (status = 409, description = "the address was taken meanwhile", body = ErrorBody),
        (status = 410, description = "the link was used: the address already changed (link_already_used)", body = ErrorBody),
    ))]
pub async fn confirm_email(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Json<Done>> {
    let txn = state.db.begin().await?;
    let claimed = tokens::claim(&txn, &secret, tokens::CHANGE_EMAIL).await?;
    let (Some(claimed), Some(address)) = (claimed.clone(), claimed.and_then(|t| t.dato)) else {
        drop(txn);
        return Err(spent_link_error(&state, &secret, tokens::CHANGE_EMAIL).await);
    };
    let user = usuario::Entity::find_by_id(&claimed.usuario_id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::bad_request(Msg::InvalidLink))?;
    let mut active = user.into_active_model();
    active.email = Set(address);
    active.email_pendiente = Set(None);
    active.email_pendiente_vence_at = Set(None);
    // Opening the link proves the new address is read.
    active.email_verificado_at = Set(Some(Utc::now()));
    active.updated_at = Set(Utc::now());
    match active.update(&txn).await {
        Ok(_) => {}
        Err(err)
            if matches!(
                err.sql_err(),
                Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
            ) =>
        {
            return Err(ApiError::conflict(Msg::EmailTaken));
        }
        Err(err) => return Err(err.into()),
    }
    // Reset and verification links went to the old address, which may no longer be the owner's.
    tokens::revoke(&txn, &claimed.usuario_id, tokens::PASSWORD_RESET).await?;
    tokens::revoke(&txn, &claimed.usuario_id, tokens::VERIFY_EMAIL).await?;
    txn.commit().await?;
    state.announce(Change::User(&claimed.usuario_id)).await;
    Ok(Done::new(Msg::EmailChanged))
}

/// Why a confirmation link did not work: "already used" when what it confirms is in place (the
/// address changed, or is confirmed), otherwise unknown, expired or cancelled.
async fn spent_link_error(state: &AppState, secret: &str, kind: &str) -> ApiError {
    let done = match tokens::find(&state.db, secret, kind).await {
        Ok(Some(token)) if token.used_at.is_some() => {
            match usuario::Entity::find_by_id(&token.usuario_id)
                .one(&state.db)
                .await
            {
                Ok(Some(user)) => match token.dato {
                    Some(address) => user.email == address,
                    None => user.email_verificado_at.is_some(),
                },
                Ok(None) => false,
                Err(err) => return err.into(),
            }
        }
        Ok(_) => false,
        Err(err) => return err.into(),
    };
    if done {
        ApiError::new(axum::http::StatusCode::GONE, Msg::LinkAlreadyUsed)
    } else {
        ApiError::bad_request(Msg::InvalidLink)
    }
}

/// Confirm that one reads the account's address, with the link mailed at registration.
#[utoipa::path(post, path = "/usuarios/verificar-email/{token}", tag = "accounts",
    params(("token" = String, Path, description = "the token from the mailed link")),
    responses(
        (status = 200, body = Done),
        (status = 400, description = "unknown, cancelled or expired token", body = ErrorBody),
        (status = 410, description = "the link was used: the address is confirmed (link_already_used)", body = ErrorBody),
    ))]
pub async fn verify_email(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Json<Done>> {
    let Some(claimed) = tokens::claim(&state.db, &secret, tokens::VERIFY_EMAIL).await? else {
        return Err(spent_link_error(&state, &secret, tokens::VERIFY_EMAIL).await);
    };
    usuario::Entity::update_many()
        .col_expr(
            usuario::Column::EmailVerificadoAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(usuario::Column::Id.eq(&claimed.usuario_id))
        .exec(&state.db)
        .await?;
    state.announce(Change::User(&claimed.usuario_id)).await;
    Ok(Done::new(Msg::EmailVerified))
}

/// Mail the verification link again.
#[utoipa::path(post, path = "/usuarios/verificar-email", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 429, description = "asked too often", body = ErrorBody),
    ))]
pub async fn resend_verification(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<Done>> {
    if auth.user.email_verificado_at.is_some() {
        return Ok(Done::new(Msg::EmailVerified));
    }
    state.limiter.hit(&VERIFY_PER_USER, &auth.id).await?;
    state
        .limiter
        .hit(&VERIFY_PER_ADDRESS, &auth.user.email)
        .await?;
    send_verification(&state, &state.db, &auth.user).await?;
    Ok(Done::new(Msg::VerificationSent))
}

/// Upload or replace one's profile photo (re-encoded, no metadata kept).
#[utoipa::path(post, path = "/usuarios/perfil/foto", tag = "accounts", security(("bearer" = [])),
    request_body(content = photo::PhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ProfileAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 413, description = "larger than 5 MB", body = ErrorBody),
        (status = 415, description = "not an image", body = ErrorBody),
    ))]
pub async fn upload_profile_photo(
    State(state): State<AppState>,
    auth: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ProfileAnswer>> {
    let data = photo::read_upload(multipart).await?;
    let stored = photo::store(&state, &format!("usuarios/{}", auth.user.id), data).await?;
    let new: Vec<String> = stored.keys().collect();
    let old: Vec<String> = auth
        .user
        .foto
        .iter()
        .flat_map(|k| photo::with_thumbnail(k))
        .collect();
    let mut active = auth.user.into_active_model();
    active.foto = Set(Some(stored.photo_key.clone()));
    active.updated_at = Set(Utc::now());
    let saved = match photo::before_change(&state, &old).await {
        Ok(()) => active.update(&state.db).await.map_err(ApiError::from),
        Err(err) => Err(err),
    };
    let user = match saved {
        Ok(user) => user,
        Err(err) => {
            photo::after_change(&state, &old, &new).await;
            return Err(err);
        }
    };
    photo::after_change(&state, &new, &old).await;
    state.announce(Change::User(&user.id)).await;
    Ok(answer(&state, user))
}

/// Remove one's profile photo.
#[utoipa::path(delete, path = "/usuarios/perfil/foto", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = ProfileAnswer), (status = 401, body = ErrorBody)))]
pub async fn delete_profile_photo(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<ProfileAnswer>> {
    let old: Vec<String> = auth
        .user
        .foto
        .iter()
        .flat_map(|k| photo::with_thumbnail(k))
        .collect();
    photo::before_change(&state, &old).await?;
    let mut active = auth.user.into_active_model();
    active.foto = Set(None);
    active.updated_at = Set(Utc::now());
    let user = active.update(&state.db).await?;
    photo::after_change(&state, &[], &old).await;
    state.announce(Change::User(&user.id)).await;
    Ok(answer(&state, user))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Summary {
    /// Children of every family the user belongs to.
    pub hijos: u64,
    /// Other adults in those families.
    pub coparents: u64,
    /// Messages and documents count what exists: nothing until those domains exist.
    pub mensajes: u64,
    pub documentos: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryAnswer {
    pub success: bool,
    pub data: Summary,
}

/// The counts shown on the profile page.
#[utoipa::path(get, path = "/usuarios/resumen", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = SummaryAnswer), (status = 401, body = ErrorBody)))]
pub async fn summary(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<SummaryAnswer>> {
    let mut counts = std::collections::HashMap::new();
    for domain in domain::all() {
        counts.extend(domain.user_counters(&state.db, &auth.id).await?);
    }
    let count = |name: &str| counts.get(name).copied().unwrap_or(0);
    Ok(Json(SummaryAnswer {
        success: true,
        data: Summary {
            hijos: count("hijos"),
            coparents: count("coparents"),
            mensajes: count("mensajes"),
            documentos: count("documentos"),
        },
    }))
}
