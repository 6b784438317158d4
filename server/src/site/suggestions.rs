//! Suggestions from signed-in users (profile → Suggestions): stored first, then mailed to support
//! by whichever instance claims them, like the contact form. The writer is thanked in their own
//! language; nothing is mailed back to them, so the form cannot send anyone a text.

use std::time::Duration;

use axum::{extract::State, http::StatusCode};
use chrono::Utc;
use lettre::message::Mailbox;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::entities::sugerencia;
use crate::{
    error::{ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::{self, Msg},
    ids,
    platform::{
        mail::{Mail, escape},
        rate_limit::Limit,
    },
    request::{AuthUser, Done, Json},
    state::AppState,
    vocabulary,
};

const SUGGESTIONS_PER_USER: Limit = Limit {
    name: "suggestion_user",
    max: 5,
    window: Duration::from_secs(60 * 60),
};
const MESSAGE_MAX_CHARS: usize = 5000;

crate::closed_set! {
    /// What a suggestion is: an idea, a problem met, or something else.
    pub enum SuggestionCategory {
        Idea = "idea",
        Problem = "problema",
        Other = "otro",
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SuggestionRequest {
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 5000)]
    mensaje: Option<String>,
    /// idea, problema or otro; optional.
    #[schema(value_type = Option<SuggestionCategory>)]
    categoria: Option<String>,
}

/// Blank is no category; the case of a known one does not matter.
fn category(value: Option<String>) -> Result<Option<SuggestionCategory>, Msg> {
    vocabulary::optional_one_of(
        value.map(|v| v.to_lowercase()).as_deref(),
        Msg::SuggestionCategoryInvalid,
    )
}

/// Send a suggestion to Nido's team.
#[utoipa::path(post, path = "/sugerencias", tag = "site", security(("bearer" = [])),
    request_body = SuggestionRequest,
    responses(
        (status = 201, body = Done),
        (status = 401, body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many suggestions", body = ErrorBody),
    ))]
pub async fn send_suggestion(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<SuggestionRequest>,
) -> ApiResult<(StatusCode, Json<Done>)> {
    let mut errors = FieldErrors::default();
    let mensaje = errors.check(
        "mensaje",
        fields::multiline_text(body.mensaje, MESSAGE_MAX_CHARS, Msg::SuggestionRequired),
    );
    let categoria = errors.check("categoria", category(body.categoria));
    errors.into_result()?;
    let (Some(mensaje), Some(categoria)) = (mensaje, categoria) else {
        return Err(crate::error::ApiError::internal(
            "field check passed without values",
        ));
    };
    state.limiter.hit(&SUGGESTIONS_PER_USER, &auth.id).await?;

    let saved = sugerencia::ActiveModel {
        id: Set(ids::new_id()),
        usuario_id: Set(auth.user.id.clone()),
        categoria: Set(categoria.map(String::from)),
        mensaje: Set(mensaje),
        language: Set(i18n::current().as_str().to_owned()),
        avisado_at: Set(None),
        created_at: Set(Utc::now()),
    }
    .insert(&state.db)
    .await?;
    tracing::info!(id = %saved.id, "suggestion stored");
    let from = Sender {
        name: format!("{} {}", auth.user.nombre, auth.user.apellido),
        email: auth.user.email.clone(),
    };
    let state = state.clone();
    tokio::spawn(async move { notify_support(&state, saved, Some(from)).await });
    Ok((StatusCode::CREATED, Done::new(Msg::SuggestionThanks)))
}

struct Sender {
    name: String,
    email: String,
}

/// Mails one stored suggestion to support, once: it is claimed first with a conditional update,
/// and given back when the mail fails so that the clean-up tries again.
async fn notify_support(state: &AppState, row: sugerencia::Model, from: Option<Sender>) {
    let claimed = sugerencia::Entity::update_many()
        .col_expr(sugerencia::Column::AvisadoAt, Expr::value(Utc::now()))
        .filter(sugerencia::Column::Id.eq(&row.id))
        .filter(sugerencia::Column::AvisadoAt.is_null())
        .exec(&state.db)
        .await;
    if !matches!(claimed, Ok(r) if r.rows_affected == 1) {
        return;
    }
    let Ok(support) = state.config.support_email.parse::<Mailbox>() else {
        return;
    };
    let from = match from {
        Some(from) => Some(from),
        None => sender_of(state, &row.usuario_id).await,
    };
    if let Err(err) = state
        .mailer
        .send(&state.mail_from, to_support(support, &row, from.as_ref()))
        .await
    {
        tracing::warn!(id = %row.id, error = %format!("{err:#}"), "suggestion not mailed; kept for a retry");
        let _ = sugerencia::Entity::update_many()
            .col_expr(
                sugerencia::Column::AvisadoAt,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            )
            .filter(sugerencia::Column::Id.eq(&row.id))
            .exec(&state.db)
            .await;
    }
}

async fn sender_of(state: &AppState, user_id: &str) -> Option<Sender> {
    use crate::db::entities::usuario;
    let user = usuario::Entity::find_by_id(user_id)
        .one(&state.db)
        .await
        .ok()??;
    Some(Sender {
        name: format!("{} {}", user.nombre, user.apellido),
        email: user.email,
    })
}

/// Mails to support the suggestions that could not be mailed before (called by the clean-up).
pub async fn retry_unsent(state: &AppState) -> Result<usize, sea_orm::DbErr> {
    let before = Utc::now() - chrono::Duration::minutes(5);
    let pending = sugerencia::Entity::find()
        .filter(sugerencia::Column::AvisadoAt.is_null())
        .filter(sugerencia::Column::CreatedAt.lt(before))
        .order_by_asc(sugerencia::Column::CreatedAt)
        .limit(50)
        .all(&state.db)
        .await?;
    let count = pending.len();
    for row in pending {
        notify_support(state, row, None).await;
    }
    Ok(count)
}

fn to_support(to: Mailbox, s: &sugerencia::Model, from: Option<&Sender>) -> Mail {
    let (name, email) = from.map_or(("?", ""), |f| (f.name.as_str(), f.email.as_str()));
    let category = s.categoria.as_deref().unwrap_or("-");
    let text = format!(
        "Suggestion from: {name} <{email}> (user {})\nLanguage: {}\nCategory: {category}\nReceived: {}\n\n{}\n",
        s.usuario_id,
        s.language,
        s.created_at.to_rfc3339(),
        s.mensaje
    );
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p><b>{}</b> &lt;{}&gt; ({}), {}</p>\
         <p>{}: <b>{}</b></p><pre style=\"white-space:pre-wrap;font-family:inherit\">{}</pre></body></html>",
        escape(name),
        escape(email),
        s.language,
        s.created_at.to_rfc3339(),
        escape(&s.usuario_id),
        escape(category),
        escape(&s.mensaje)
    );
    Mail {
        to,
        subject: format!("[Nido] Suggestion ({category})"),
        text,
        html,
        reply_to: email.parse().ok(),
        unsubscribe: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_category_is_optional_and_read_in_any_case() {
        assert_eq!(category(None), Ok(None));
        assert_eq!(category(Some("  ".to_owned())), Ok(None));
        assert_eq!(
            category(Some(" Problema ".to_owned())),
            Ok(Some(SuggestionCategory::Problem))
        );
        assert_eq!(
            category(Some("queja".to_owned())),
            Err(Msg::SuggestionCategoryInvalid)
        );
    }
}
