pub mod codigo_recuperacion;
pub mod factor;
pub mod token;

pub use crate::db::entities::{sesion, usuario};
