//! The tables every part of the server refers to: who the users are and their sessions. The
//! signed-in user is resolved below the domains, so these live here rather than in `accounts`.

pub mod sesion;
pub mod usuario;
