//! Ports to the outside world.

pub mod jobs;
pub mod mail;
pub mod photo;
pub mod rate_limit;
pub mod storage;
