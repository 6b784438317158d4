//! Ports to the outside world.

pub mod mail;
pub mod rate_limit;
pub mod storage;
