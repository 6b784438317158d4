//! The public contact form (spec §2 Contact, §7 `/api3/contacto`): stored first, then mailed to
//! support and acknowledged to the writer. A message is never lost to a mail failure: it stays in
//! the database and the periodic clean-up mails it again.

use std::time::Duration;

use axum::extract::State;
use chrono::Utc;
use lettre::message::Mailbox;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::entities::mensaje;
use crate::{
    error::{ApiResult, FieldErrors},
    fields,
    i18n::{self, Lang, Msg},
    ids,
    platform::{
        mail::{Mail, escape},
        rate_limit::Limit,
    },
    request::{ClientInfo, Done, Json},
    state::AppState,
};

const CONTACT_PER_IP: Limit = Limit {
    name: "contact_ip",
    max: 5,
    window: Duration::from_secs(60 * 60),
};
const SUBJECT_MAX_CHARS: usize = 200;
const MESSAGE_MAX_CHARS: usize = 5000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactRequest {
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    name: Option<String>,
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    email: Option<String>,
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 200)]
    subject: Option<String>,
    #[schema(format = "multi-line", required = true, value_type = String, min_length = 1, max_length = 5000)]
    message: Option<String>,
    /// es or en: the language of the acknowledgement; the caller's language when absent.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    language: Option<String>,
    /// Left empty by people; a form field hidden from them that bots fill in.
    #[schema(max_length = 0)]
    website: Option<String>,
}

/// Send a message to Nido's support team (no account needed).
#[utoipa::path(post, path = "/contacto", tag = "site",
    request_body = ContactRequest,
    responses(
        (status = 200, body = Done),
        (status = 422, description = "invalid fields", body = crate::error::ErrorBody),
        (status = 429, description = "too many messages", body = crate::error::ErrorBody),
    ))]
pub async fn send_contact_message(
    State(state): State<AppState>,
    client: ClientInfo,
    Json(body): Json<ContactRequest>,
) -> ApiResult<Json<Done>> {
    let mut errors = FieldErrors::default();
    let name = errors.check("name", fields::name(body.name, Msg::NameRequired));
    let email = errors.check("email", fields::email(body.email));
    let subject = errors.check(
        "subject",
        fields::text(body.subject, SUBJECT_MAX_CHARS, Msg::SubjectRequired),
    );
    let message = errors.check(
        "message",
        fields::multiline_text(body.message, MESSAGE_MAX_CHARS, Msg::MessageRequired),
    );
    let language = errors.check("language", fields::language(body.language, i18n::current()));
    errors.into_result()?;
    state.limiter.hit(&CONTACT_PER_IP, &client.ip_key()).await?;

    let is_bot = body.website.is_some_and(|w| !w.trim().is_empty());
    if let (false, Some(name), Some(email), Some(subject), Some(message), Some(language)) =
        (is_bot, name, email, subject, message, language)
    {
        let saved = mensaje::ActiveModel {
            id: Set(ids::new_id()),
            nombre: Set(name),
            email: Set(email),
            asunto: Set(subject),
            mensaje: Set(message),
            language: Set(language.as_str().to_owned()),
            avisado_at: Set(None),
            created_at: Set(Utc::now()),
        }
        .insert(&state.db)
        .await?;
        tracing::info!(id = %saved.id, "contact message stored");
        if let Ok(to) = saved.email.parse::<Mailbox>() {
            state.send_mail(acknowledgement(to, language));
        }
        let state = state.clone();
        tokio::spawn(async move { notify_support(&state, saved).await });
    } else if is_bot {
        // Answered like any other message, so the bot learns nothing.
        tracing::info!("contact message dropped by the honeypot");
    }
    Ok(Done::new(Msg::ContactSent))
}

/// Mails one stored message to support. The message is claimed first (a conditional update), so
/// when several instances retry at once only one of them sends it; a failure gives it back.
async fn notify_support(state: &AppState, message: mensaje::Model) {
    let claimed = mensaje::Entity::update_many()
        .col_expr(mensaje::Column::AvisadoAt, Expr::value(Utc::now()))
        .filter(mensaje::Column::Id.eq(&message.id))
        .filter(mensaje::Column::AvisadoAt.is_null())
        .exec(&state.db)
        .await;
    if !matches!(claimed, Ok(r) if r.rows_affected == 1) {
        return;
    }
    let Ok(support) = state.config.support_email.parse::<Mailbox>() else {
        return;
    };
    if let Err(err) = state
        .mailer
        .send(&state.mail_from, to_support(support, &message))
        .await
    {
        tracing::warn!(id = %message.id, error = %format!("{err:#}"), "contact message not mailed; kept for a retry");
        let _ = mensaje::Entity::update_many()
            .col_expr(
                mensaje::Column::AvisadoAt,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            )
            .filter(mensaje::Column::Id.eq(&message.id))
            .exec(&state.db)
            .await;
    }
}

/// Mails to support the messages that could not be mailed before (called by the clean-up).
pub async fn retry_unsent(state: &AppState) -> Result<usize, sea_orm::DbErr> {
    // Messages younger than a few minutes may still be on their first try.
    let before = Utc::now() - chrono::Duration::minutes(5);
    let pending = mensaje::Entity::find()
        .filter(mensaje::Column::AvisadoAt.is_null())
        .filter(mensaje::Column::CreatedAt.lt(before))
        .order_by_asc(mensaje::Column::CreatedAt)
        .limit(50)
        .all(&state.db)
        .await?;
    let count = pending.len();
    for message in pending {
        notify_support(state, message).await;
    }
    Ok(count)
}

fn to_support(to: Mailbox, m: &mensaje::Model) -> Mail {
    let text = format!(
        "From: {} <{}>\nLanguage: {}\nReceived: {}\nSubject: {}\n\n{}\n",
        m.nombre,
        m.email,
        m.language,
        m.created_at.to_rfc3339(),
        m.asunto,
        m.mensaje
    );
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p><b>{}</b> &lt;{}&gt; ({}), {}</p>\
         <p><b>{}</b></p><pre style=\"white-space:pre-wrap;font-family:inherit\">{}</pre></body></html>",
        escape(&m.nombre),
        escape(&m.email),
        m.language,
        m.created_at.to_rfc3339(),
        escape(&m.asunto),
        escape(&m.mensaje)
    );
    Mail {
        to,
        subject: format!("[Nido] {}", m.asunto.chars().take(150).collect::<String>()),
        text,
        html,
        reply_to: m.email.parse().ok(),
        unsubscribe: None,
    }
}

/// A short receipt. It repeats nothing the writer typed: the form must not become a way to send
/// someone else a text of one's choosing.
fn acknowledgement(to: Mailbox, lang: Lang) -> Mail {
    let (subject, body, close) = match lang {
        Lang::Es => (
            "Recibimos tu mensaje",
            "Gracias por escribirnos. Tu mensaje llegó al equipo de Nido y te responderemos a este email, normalmente en uno o dos días hábiles.",
            "Si no nos escribiste, ignora este email.",
        ),
        Lang::En => (
            "We received your message",
            "Thank you for writing to us. Your message reached the Nido team and we will answer at this address, usually within one or two working days.",
            "If you did not write to us, ignore this email.",
        ),
    };
    Mail {
        to,
        subject: subject.to_owned(),
        text: format!("{body}\n\n{close}\n\nNido\n"),
        html: format!(
            "<!doctype html><html lang=\"{}\"><body style=\"font-family:sans-serif;color:#1f2937\"><p>{body}</p><p style=\"color:#4b5563\">{close}</p><p>Nido</p></body></html>",
            lang.as_str()
        ),
        reply_to: None,
        unsubscribe: None,
    }
}
