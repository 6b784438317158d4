//! The public, non-personal side of the API: health and readiness, the contact form, help-article
//! feedback, signed-in users' suggestions and the live status page.

pub mod contact;
pub mod entities;
pub mod feedback;
pub mod notices;
pub mod routes;
pub mod status;
pub mod suggestions;
