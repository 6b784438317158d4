//! How much one person may write: messages a minute and a day, conversations a day. The figures
//! sit far above what a parent does (a heated exchange is a few messages a minute, a hard day a
//! few dozen) and far below what a script does: 300 messages in under 3 seconds were once stored,
//! and a message is kept forever. Counted in the database with the other rate limits, so every
//! instance shares the counts; `NIDO_RATE_LIMITS=off` turns them off with the others.

use std::time::Duration;

use crate::{
    error::ApiResult,
    i18n::Msg,
    platform::rate_limit::{Limit, RateLimiter},
};

pub const MESSAGES_PER_MINUTE: Limit = Limit {
    name: "messages_minute",
    max: 30,
    window: Duration::from_secs(60),
};
pub const MESSAGES_PER_DAY: Limit = Limit {
    name: "messages_day",
    max: 500,
    window: Duration::from_secs(24 * 60 * 60),
};
pub const CONVERSATIONS_PER_DAY: Limit = Limit {
    name: "conversations_day",
    max: 20,
    window: Duration::from_secs(24 * 60 * 60),
};

/// Counts one message of `usuario_id`; 429 past either limit. The minute is asked first, so a
/// send it refuses does not spend the day's.
pub async fn count_message(limiter: &RateLimiter, usuario_id: &str) -> ApiResult<()> {
    limiter
        .hit_as(&MESSAGES_PER_MINUTE, usuario_id, Msg::MessageRateLimit)
        .await?;
    limiter
        .hit_as(&MESSAGES_PER_DAY, usuario_id, Msg::MessageDailyLimit)
        .await
}

/// Counts one conversation started by `usuario_id`; 429 past the day's limit.
pub async fn count_conversation(limiter: &RateLimiter, usuario_id: &str) -> ApiResult<()> {
    limiter
        .hit_as(
            &CONVERSATIONS_PER_DAY,
            usuario_id,
            Msg::ConversationDailyLimit,
        )
        .await
}
