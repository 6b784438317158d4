//! Children: each child's records, shared by the members of the child's family.

pub mod access;
pub mod entities;
pub mod input;
pub mod records;
pub mod routes;
pub mod views;
