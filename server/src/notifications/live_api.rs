//! Live events as this service sends them (`platform::live`, the contract's publish API).

use sea_orm::{ConnectionTrait, DbErr};

use crate::state::AppState;

#[must_use = "call wake(state, w) after the transaction commits"]
pub struct Wake;

impl Wake {
    pub fn none() -> Wake {
        Wake
    }

    pub fn join(self, _other: Wake) -> Wake {
        Wake
    }
}

pub async fn publish(
    _db: &impl ConnectionTrait,
    _recipients: &[String],
    _kind: &str,
    _data: serde_json::Value,
) -> Result<Wake, DbErr> {
    Ok(Wake)
}

pub fn wake(_state: &AppState, _wake: Wake) {}
