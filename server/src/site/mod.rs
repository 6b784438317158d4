//! The public, non-personal side of the API: health and readiness for now.

pub mod routes;
