use axum::{extract::FromRequest, response::IntoResponse};

use crate::error::ApiError;

/// `axum::Json` whose rejections speak the API's error format.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}
