//! Ports to the outside world.

pub mod cache;
pub mod changes;
pub mod jobs;
pub mod mail;
pub mod pending;
pub mod photo;
pub mod rate_limit;
pub mod signing;
pub mod storage;
