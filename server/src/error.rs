//! The one error type of the API: every failure becomes `{success:false, msg, code, errors?}`
//! with the right status, the message in the caller's language, internals only in the log.

use std::collections::BTreeMap;

use axum::{
    extract::rejection::JsonRejection,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sea_orm::DbErr;
use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::{self, Msg};

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    msg: Msg,
    fields: Vec<(&'static str, Msg)>,
    retry_after: Option<u64>,
    /// Words added after the message, in Spanish and English (figures the message cites).
    detail: Option<[String; 2]>,
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    /// A human message in the caller's language.
    pub msg: String,
    /// A stable snake_case code for programs.
    pub code: String,
    /// Per-field messages, for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, msg: Msg) -> Self {
        ApiError {
            status,
            msg,
            fields: Vec::new(),
            retry_after: None,
            detail: None,
        }
    }

    /// The same error with words added after its message, in Spanish and English.
    pub fn with_detail(mut self, es: String, en: String) -> Self {
        self.detail = Some([es, en]);
        self
    }

    /// The same error under another message (its code with it), keeping its fields: a domain
    /// whose contract names its own codes.
    pub fn with_msg(mut self, msg: Msg) -> Self {
        self.msg = msg;
        self
    }

    pub fn bad_request(msg: Msg) -> Self {
        Self::new(StatusCode::BAD_REQUEST, msg)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, Msg::Unauthorized)
    }
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, Msg::Forbidden)
    }
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, Msg::NotFound)
    }
    /// A 422 with one field marked.
    pub fn field(field: &'static str, msg: Msg) -> Self {
        ApiError {
            fields: vec![(field, msg)],
            ..ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Msg::Validation)
        }
    }
    pub fn conflict(msg: Msg) -> Self {
        Self::new(StatusCode::CONFLICT, msg)
    }
    pub fn rate_limited(retry_after_secs: u64) -> Self {
        ApiError {
            retry_after: Some(retry_after_secs.max(1)),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, Msg::RateLimited)
        }
    }
    /// A 429 with its own message: a limit of the product (not of attempts) that frees itself
    /// after `retry_after_secs`.
    pub fn limited(msg: Msg, retry_after_secs: u64) -> Self {
        ApiError {
            retry_after: Some(retry_after_secs.max(1)),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, msg)
        }
    }
    pub fn unavailable() -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, Msg::Unavailable)
    }

    /// Logs the cause (never shown to the caller) and answers a plain 500.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, Msg::Internal)
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.msg.code()
    }

    /// Seconds until a 429's limit frees itself.
    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after
    }
}

/// Collects per-field problems while a request body is checked, then fails once with all of them.
#[derive(Debug, Default)]
pub struct FieldErrors(Vec<(&'static str, Msg)>);

impl FieldErrors {
    pub fn add(&mut self, field: &'static str, msg: Msg) {
        if !self.0.iter().any(|(f, _)| *f == field) {
            self.0.push((field, msg));
        }
    }

    /// Records the error of a field check and gives back its value when it passed.
    pub fn check<T>(&mut self, field: &'static str, result: Result<T, Msg>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(m) => {
                self.add(field, m);
                None
            }
        }
    }

    pub fn into_result(self) -> ApiResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError {
                fields: self.0,
                ..ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, Msg::Validation)
            })
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let lang = i18n::current();
        let body = ErrorBody {
            success: false,
            msg: match (&self.detail, lang) {
                (None, _) => self.msg.text(lang).to_owned(),
                (Some([es, _]), i18n::Lang::Es) => format!("{} {es}", self.msg.text(lang)),
                (Some([_, en]), i18n::Lang::En) => format!("{} {en}", self.msg.text(lang)),
            },
            code: self.msg.code().to_owned(),
            errors: (!self.fields.is_empty()).then(|| {
                self.fields
                    .iter()
                    .map(|(f, m)| ((*f).to_owned(), m.text(lang).to_owned()))
                    .collect()
            }),
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

impl From<DbErr> for ApiError {
    fn from(err: DbErr) -> Self {
        if is_unavailable(&err) {
            tracing::warn!(error = %err, "database unavailable");
            ApiError::unavailable()
        } else {
            ApiError::internal(err)
        }
    }
}

/// A database that cannot be reached is a 503 the client may retry, not a bug: no connection to
/// be had, or the one in hand broke under the query.
fn is_unavailable(err: &DbErr) -> bool {
    use sea_orm::{RuntimeErr, sqlx::Error as Sqlx};
    match err {
        DbErr::ConnectionAcquire(_) | DbErr::Conn(_) => true,
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => {
            match e.as_ref() {
                Sqlx::Io(_) | Sqlx::PoolTimedOut | Sqlx::PoolClosed | Sqlx::Tls(_) => true,
                // PostgreSQL shutting down (57P..) or a broken connection (08...).
                Sqlx::Database(db) => db
                    .code()
                    .is_some_and(|code| code.starts_with("57P") || code.starts_with("08")),
                _ => false,
            }
        }
        _ => false,
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let msg = match rejection {
            JsonRejection::JsonSyntaxError(_) => Msg::InvalidJson,
            JsonRejection::JsonDataError(_) => Msg::WrongJsonShape,
            JsonRejection::MissingJsonContentType(_) => Msg::NotJson,
            _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Msg::TooLarge,
            _ => Msg::BadRequest,
        };
        let status = match msg {
            Msg::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Msg::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Msg::WrongJsonShape => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, msg)
    }
}
