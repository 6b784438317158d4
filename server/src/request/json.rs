use axum::{extract::FromRequest, response::IntoResponse};

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::ApiError,
    i18n::{self, Msg},
};

/// `axum::Json` whose rejections speak the API's error format.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}

/// An answer already serialised (one kept in memory), sent as JSON.
pub fn json_bytes(body: bytes::Bytes) -> axum::response::Response {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            axum::http::HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
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
