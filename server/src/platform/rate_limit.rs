//! Fixed-window rate limits kept in the database, so every server instance sees the same counts.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbErr,
    sea_query::{Alias, Expr, OnConflict, Query},
};

use crate::{
    error::{ApiError, ApiResult},
    i18n::Msg,
    ids,
};

/// How many attempts of one kind a subject (an IP, an email) may make per window.
pub struct Limit {
    pub name: &'static str,
    pub max: u32,
    pub window: Duration,
}

/// The row that counts `subject`'s attempts of `limit` in the window holding `now`, and when that
/// window ends.
fn window(limit: &Limit, subject: &str, now: DateTime<Utc>) -> (String, DateTime<Utc>) {
    let window_secs = limit.window.as_secs().max(1) as i64;
    let window_index = now.timestamp() / window_secs;
    let window_end =
        DateTime::<Utc>::from_timestamp((window_index + 1) * window_secs, 0).unwrap_or(now);
    // The subject is hashed: the table must not become a list of emails and addresses.
    let subject_hash = ids::hash_secret(subject);
    let key = format!("{}:{}:{}", limit.name, &subject_hash[..32], window_index);
    (key, window_end)
}

#[derive(Clone)]
pub struct RateLimiter {
    db: DatabaseConnection,
    enabled: bool,
}

impl RateLimiter {
    pub fn new(db: DatabaseConnection, enabled: bool) -> Self {
        RateLimiter { db, enabled }
    }

    /// Counts one attempt; past the limit, answers 429 with the seconds left in the window.
    pub async fn hit(&self, limit: &Limit, subject: &str) -> ApiResult<()> {
        if !self.enabled {
            return Ok(());
        }
        let now = Utc::now();
        let (key, window_end) = window(limit, subject, now);
        let count = self.increment(&key, window_end).await?;
        if count > i64::from(limit.max) {
            let retry = (window_end - now).num_seconds().max(1) as u64;
            return Err(ApiError::rate_limited(retry));
        }
        Ok(())
    }

    /// `hit`, answering past the limit with a message of the caller's own: a limit of the
    /// product that a person may meet and must understand, not a guard against guessing.
    pub async fn hit_as(&self, limit: &Limit, subject: &str, msg: Msg) -> ApiResult<()> {
        self.hit(limit, subject)
            .await
            .map_err(|refused| match refused.retry_after() {
                Some(secs) => ApiError::limited(msg, secs),
                None => refused,
            })
    }

    async fn increment(&self, key: &str, expires_at: DateTime<Utc>) -> Result<i64, DbErr> {
        use sea_orm::sea_query::ExprTrait;
        let table = Alias::new("rate_limits");
        let count = Alias::new("count");
        let stmt = Query::insert()
            .into_table(table.clone())
            .columns([Alias::new("key"), count.clone(), Alias::new("expires_at")])
            .values([key.into(), 1i32.into(), expires_at.into()])
            .map_err(|e| DbErr::Custom(e.to_string()))?
            .on_conflict(
                OnConflict::column(Alias::new("key"))
                    .value(count.clone(), Expr::col((table, count.clone())).add(1))
                    .to_owned(),
            )
            .returning_col(count)
            .to_owned();
        let row = self.db.query_one(&stmt).await?;
        let value: i32 = match row {
            Some(row) => row.try_get("", "count")?,
            None => 1,
        };
        Ok(i64::from(value))
    }

    /// Gives back one attempt counted by `hit` in the current window: for limits that count only
    /// failures, each try is counted first (so parallel tries cannot slip past the limit) and
    /// given back when it succeeds.
    pub async fn refund(&self, limit: &Limit, subject: &str) -> Result<(), DbErr> {
        use sea_orm::sea_query::ExprTrait;
        if !self.enabled {
            return Ok(());
        }
        let (key, _) = window(limit, subject, Utc::now());
        let count = Alias::new("count");
        let stmt = Query::update()
            .table(Alias::new("rate_limits"))
            .value(count.clone(), Expr::col(count.clone()).sub(1))
            .and_where(Expr::col(Alias::new("key")).eq(key))
            .and_where(Expr::col(count).gt(0))
            .to_owned();
        self.db.execute(&stmt).await?;
        Ok(())
    }

    /// Drops windows that are over; called by the periodic clean-up.
    pub async fn purge_expired(&self) -> Result<u64, DbErr> {
        use sea_orm::sea_query::ExprTrait;
        let stmt = Query::delete()
            .from_table(Alias::new("rate_limits"))
            .and_where(Expr::col(Alias::new("expires_at")).lt(Utc::now()))
            .to_owned();
        Ok(self.db.execute(&stmt).await?.rows_affected())
    }
}
