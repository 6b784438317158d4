//! Notifications: web push to a user's devices (`push`) and the devices themselves (`devices`).

pub mod devices;
pub mod push;
