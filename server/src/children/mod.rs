//! Children: each child's records, shared by the members of the child's family.

pub mod access;
pub mod deletion;
pub mod entities;
pub mod input;
mod mails;
pub mod record_acts;
pub mod records;
pub mod routes;
pub mod views;
