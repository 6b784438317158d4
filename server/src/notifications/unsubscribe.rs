//! Unsubscribe links: every notification mail carries one (in its body and in the
//! List-Unsubscribe header, RFC 8058), signed so that it stops that one kind of mail for that one
//! user without a session. `tipo` is a kind, `resumen` (the summary mail) or `todo` (all mail).

use axum::extract::{Query, State};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, TransactionTrait};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use utoipa::{IntoParams, ToSchema};

use super::{
    entities::ajuste,
    kinds,
    preferences::{choices_of, ensure_settings, save_choice, save_settings, settings_of},
};
use crate::{
    db,
    error::{ApiError, ApiResult, ErrorBody},
    i18n::{self, Lang, Msg},
    request::Json,
    state::AppState,
};

pub const SUMMARY: &str = "resumen";
pub const ALL_MAIL: &str = "todo";

const KEY_NAME: &str = "notification_unsubscribe_key";

async fn key(db: &impl ConnectionTrait) -> Result<String, DbErr> {
    db::settings::secret(db, KEY_NAME).await
}

fn mac(key: &str, payload: &str) -> Option<Vec<u8>> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).ok()?;
    mac.update(payload.as_bytes());
    Some(mac.finalize().into_bytes().to_vec())
}

/// The token of a link that stops `tipo` mail for this user.
pub async fn token(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    tipo: &str,
) -> Result<String, DbErr> {
    let payload = format!("{usuario_id}\n{tipo}");
    let signature = mac(&key(db).await?, &payload)
        .ok_or_else(|| DbErr::Custom("the unsubscribe key does not fit HMAC".to_owned()))?;
    Ok(format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(payload),
        URL_SAFE_NO_PAD.encode(signature)
    ))
}

/// The user and what the token unsubscribes from, if its signature holds.
async fn read(db: &impl ConnectionTrait, token: &str) -> ApiResult<(String, String)> {
    let invalid = || ApiError::bad_request(Msg::UnsubscribeLinkInvalid);
    let (payload, signature) = token.trim().split_once('.').ok_or_else(invalid)?;
    let payload = URL_SAFE_NO_PAD.decode(payload).map_err(|_| invalid())?;
    let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| invalid())?;
    let payload = String::from_utf8(payload).map_err(|_| invalid())?;
    let mut check = <Hmac<Sha256> as Mac>::new_from_slice(key(db).await?.as_bytes())
        .map_err(ApiError::internal)?;
    check.update(payload.as_bytes());
    check.verify_slice(&signature).map_err(|_| invalid())?;
    let (usuario_id, tipo) = payload.split_once('\n').ok_or_else(invalid)?;
    if tipo != SUMMARY && tipo != ALL_MAIL && kinds::find(tipo).is_none() {
        return Err(invalid());
    }
    Ok((usuario_id.to_owned(), tipo.to_owned()))
}

/// A link's absolute address for the mail's body (the web page) and its header (the API).
pub fn page_link(state: &AppState, token: &str) -> String {
    state.config.link(&format!("/unsubscribe?t={token}"))
}

pub fn header_link(state: &AppState, token: &str) -> String {
    state
        .config
        .link(&format!("/api/notificaciones/baja?t={token}"))
}

fn name_of(tipo: &str, lang: Lang) -> &'static str {
    match (tipo, lang) {
        (SUMMARY, Lang::Es) => "El resumen periódico por email",
        (SUMMARY, Lang::En) => "The periodic summary email",
        (ALL_MAIL, Lang::Es) => "Todos los emails de notificaciones",
        (ALL_MAIL, Lang::En) => "All notification emails",
        (kind, lang) => kinds::find(kind).map_or("", |k| k.nombre(lang)),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token of the mail's link.
    t: Option<String>,
}

/// The schema of what a link unsubscribes from: a notice's kind, `resumen` or `todo`.
pub struct UnsubscribedFrom;

impl utoipa::PartialSchema for UnsubscribedFrom {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let kinds = super::kinds::ALL.iter().map(|k| k.tipo);
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("A notice's kind, the summary mail or all mail."))
            .enum_values(Some(kinds.chain([SUMMARY, ALL_MAIL])))
            .into()
    }
}

impl utoipa::ToSchema for UnsubscribedFrom {}

#[derive(Debug, Serialize, ToSchema)]
pub struct Unsubscription {
    /// A kind, `resumen` or `todo`.
    #[schema(value_type = UnsubscribedFrom)]
    pub tipo: String,
    /// What that is, in the caller's language.
    pub nombre: String,
    /// A kind that cannot be turned off (emergencies): the link stops nothing, and says so. With
    /// `todo`, every kind but these stops.
    pub siempre: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnsubscriptionAnswer {
    pub success: bool,
    pub data: Unsubscription,
}

fn answer(tipo: String) -> Json<UnsubscriptionAnswer> {
    let nombre = name_of(&tipo, i18n::current()).to_owned();
    let siempre = kinds::find(&tipo).is_some_and(|k| k.siempre);
    Json(UnsubscriptionAnswer {
        success: true,
        data: Unsubscription {
            tipo,
            nombre,
            siempre,
        },
    })
}

/// What an unsubscribe link stops (no session needed).
#[utoipa::path(get, path = "/notificaciones/baja", tag = "notifications",
    params(TokenQuery),
    responses(
        (status = 200, body = UnsubscriptionAnswer),
        (status = 400, description = "a token that is not valid", body = ErrorBody),
    ))]
pub async fn show(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> ApiResult<Json<UnsubscriptionAnswer>> {
    let (_, tipo) = read(&state.db, query.t.as_deref().unwrap_or_default()).await?;
    Ok(answer(tipo))
}

/// Stop what an unsubscribe link names (no session needed; any body, such as the one-click
/// `List-Unsubscribe=One-Click` a mail reader posts).
#[utoipa::path(post, path = "/notificaciones/baja", tag = "notifications",
    params(TokenQuery),
    responses(
        (status = 200, body = UnsubscriptionAnswer),
        (status = 400, description = "a token that is not valid", body = ErrorBody),
        (status = 404, description = "the account is gone", body = ErrorBody),
    ))]
pub async fn apply(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> ApiResult<Json<UnsubscriptionAnswer>> {
    let (usuario_id, tipo) = read(&state.db, query.t.as_deref().unwrap_or_default()).await?;
    let exists = crate::db::entities::usuario::Entity::find_by_id(&usuario_id)
        .one(&state.db)
        .await?
        .is_some();
    if !exists {
        return Err(ApiError::not_found());
    }
    let txn = state.db.begin().await?;
    ensure_settings(&txn, &usuario_id).await?;
    let choices = choices_of(&txn, &usuario_id).await?;
    let stop_kind = |kind: &str| {
        let (_, push) = choices.get(kind).copied().unwrap_or((true, true));
        (kind.to_owned(), push)
    };
    // Emergencies always go out: no link stops them.
    let stopped: Vec<(String, bool)> = match tipo.as_str() {
        ALL_MAIL => kinds::ALL
            .iter()
            .filter(|k| !k.siempre)
            .map(|k| stop_kind(k.tipo))
            .collect(),
        SUMMARY => Vec::new(),
        kind if kinds::find(kind).is_some_and(|k| k.siempre) => Vec::new(),
        kind => vec![stop_kind(kind)],
    };
    for (kind, push) in stopped {
        save_choice(&txn, &usuario_id, &kind, false, push).await?;
    }
    if tipo == SUMMARY || tipo == ALL_MAIL {
        let mut settings = settings_of(&txn, &usuario_id).await?;
        settings.resumen = ajuste::SummaryFrequency::Never.as_str().to_owned();
        save_settings(&txn, settings).await?;
    }
    txn.commit().await?;
    Ok(answer(tipo))
}
