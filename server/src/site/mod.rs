//! The public, non-personal side of the API: health and readiness, the contact form, help-article
//! feedback and the live status page.

pub mod contact;
pub mod entities;
pub mod feedback;
pub mod notices;
pub mod routes;
pub mod status;
