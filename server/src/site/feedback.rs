//! "Was this article helpful?" answers from the help centre, kept so they can be counted.

use std::time::Duration;

use axum::{extract::State, http::StatusCode};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::entities::valoracion;
use crate::{
    error::{ApiResult, FieldErrors},
    fields,
    i18n::{self, Msg},
    ids,
    platform::rate_limit::Limit,
    request::{ClientInfo, Done, Json},
    state::AppState,
};

const FEEDBACK_PER_IP: Limit = Limit {
    name: "help_feedback_ip",
    max: 60,
    window: Duration::from_secs(60 * 60),
};
const SLUG_MAX_CHARS: usize = 60;

#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedbackRequest {
    /// The help category's slug, e.g. getting-started.
    #[schema(required = true, value_type = String, pattern = "^[a-z0-9-]{1,60}$")]
    categoria: Option<String>,
    /// The article's id within its category, e.g. create-account.
    #[schema(required = true, value_type = String, pattern = "^[a-z0-9-]{1,60}$")]
    articulo: Option<String>,
    /// Whether the article helped.
    #[schema(required = true, value_type = bool)]
    util: Option<bool>,
    /// es or en: the language the article was read in.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    language: Option<String>,
}

/// Record whether a help article was helpful (no account needed).
#[utoipa::path(post, path = "/ayuda/valoraciones", tag = "site",
    request_body = FeedbackRequest,
    responses(
        (status = 201, body = Done),
        (status = 422, description = "invalid fields", body = crate::error::ErrorBody),
        (status = 429, description = "too many answers", body = crate::error::ErrorBody),
    ))]
pub async fn rate_article(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<FeedbackRequest>,
) -> ApiResult<(StatusCode, Json<Done>)> {
    let mut errors = FieldErrors::default();
    let categoria = errors.check("categoria", slug(body.categoria));
    let articulo = errors.check("articulo", slug(body.articulo));
    let util = errors.check("util", body.util.ok_or(Msg::HelpfulRequired));
    let language = errors.check("language", fields::language(body.language, i18n::current()));
    errors.into_result()?;
    let (Some(categoria), Some(articulo), Some(util), Some(language)) =
        (categoria, articulo, util, language)
    else {
        return Err(crate::error::ApiError::internal(
            "field check passed without values",
        ));
    };
    state
        .limiter
        .hit(&FEEDBACK_PER_IP, &client.ip_key())
        .await?;
    valoracion::ActiveModel {
        id: Set(ids::new_id()),
        categoria: Set(categoria),
        articulo: Set(articulo),
        util: Set(util),
        language: Set(language.as_str().to_owned()),
        created_at: Set(Utc::now()),
    }
    .insert(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Done::new(Msg::FeedbackSaved)))
}

/// A lowercase id such as `create-account`: letters, digits and dashes.
fn slug(value: Option<String>) -> Result<String, Msg> {
    let value = fields::text(value, SLUG_MAX_CHARS, Msg::SlugInvalid)?;
    let valid = value
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if valid {
        Ok(value)
    } else {
        Err(Msg::SlugInvalid)
    }
}
