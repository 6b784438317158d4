//! A family's room for documents, and each person's uploads per day.
//!
//! The quota counts every version of every live document, and the deleted ones still
//! restorable only against whoever deleted them: one co-parent who fills the quota and deletes
//! it all is blocked by those deletions until they are purged (30 days), the others are not.
//! Emptying the bin instead would let one parent erase for good what the other may still want
//! back (a document deleted in a dispute is exactly what someone may need), and private
//! documents in it are visible to their uploader alone. So the store may hold, at most, the
//! quota in live documents plus each co-parent's deletions of the last 30 days.
//!
//! Each person may also upload at most `NIDO_DOCUMENT_DAILY_UPLOADS` files and
//! `NIDO_DOCUMENT_DAILY_BYTES` in any 24 hours (versions included, across their families), so
//! that filling a family's quota takes days, not a minute; past it, a 429 says when the oldest
//! upload of the window leaves it. Both follow `NIDO_RATE_LIMITS`.

use crate::ids::{FamilyId, UserId};
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{Expr, Query},
};

use super::entities::{documento, documento_version};
use crate::{config::Config, error::ApiError, i18n::Msg};

/// How far back the daily limits look.
pub const DAY: Duration = Duration::hours(24);

/// The bytes that count against `usuario_id` in the family: every live document's versions, and
/// those of the documents they deleted that are not purged yet.
pub async fn used(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> Result<u64, DbErr> {
    let documents = Query::select()
        .column(documento::Column::Id)
        .from(documento::Entity)
        .and_where(documento::Column::FamiliaId.eq(familia_id))
        .cond_where(
            Condition::any()
                .add(documento::Column::EliminadoAt.is_null())
                .add(documento::Column::EliminadoPor.eq(usuario_id)),
        )
        .to_owned();
    sum_of(db, documents).await
}

/// Of `used`, the bytes of the documents `usuario_id` deleted (held until they are purged).
pub async fn deleted_by(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> Result<u64, DbErr> {
    let documents = Query::select()
        .column(documento::Column::Id)
        .from(documento::Entity)
        .and_where(documento::Column::FamiliaId.eq(familia_id))
        .and_where(documento::Column::EliminadoAt.is_not_null())
        .and_where(documento::Column::EliminadoPor.eq(usuario_id))
        .to_owned();
    sum_of(db, documents).await
}

async fn sum_of(
    db: &impl ConnectionTrait,
    documents: sea_orm::sea_query::SelectStatement,
) -> Result<u64, DbErr> {
    // SUM of a BIGINT is NUMERIC on PostgreSQL: cast back to read it as one number on both.
    let total: Option<i64> = documento_version::Entity::find()
        .select_only()
        .column_as(
            Expr::cust("CAST(COALESCE(SUM(tamano), 0) AS BIGINT)"),
            "total",
        )
        .filter(documento_version::Column::DocumentoId.in_subquery(documents))
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(u64::try_from(total.unwrap_or(0)).unwrap_or(0))
}

/// How much one person may upload in any 24 hours.
#[derive(Clone, Copy, Debug)]
pub struct Daily {
    pub uploads: u64,
    pub bytes: u64,
}

impl Daily {
    /// The configured limits, or none when rate limits are off.
    pub fn of(config: &Config) -> Option<Daily> {
        config.rate_limits.then_some(Daily {
            uploads: config.document_daily_uploads,
            bytes: config.document_daily_bytes,
        })
    }
}

/// A person's uploads within the last 24 hours, oldest first: (when, bytes).
#[derive(Debug, Default)]
pub struct Recent(Vec<(DateTime<Utc>, u64)>);

impl Recent {
    pub async fn of(
        db: &impl ConnectionTrait,
        usuario_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Recent, DbErr> {
        let rows: Vec<(DateTime<Utc>, i64)> = documento_version::Entity::find()
            .select_only()
            .column(documento_version::Column::CreatedAt)
            .column(documento_version::Column::Tamano)
            .filter(documento_version::Column::SubidoPor.eq(usuario_id))
            .filter(documento_version::Column::CreatedAt.gt(now - DAY))
            .order_by_asc(documento_version::Column::CreatedAt)
            .into_tuple()
            .all(db)
            .await?;
        Ok(Recent(
            rows.into_iter()
                .map(|(at, size)| (at, u64::try_from(size).unwrap_or(0)))
                .collect(),
        ))
    }

    fn bytes(&self) -> u64 {
        self.0.iter().map(|(_, size)| size).sum()
    }

    /// The bytes one more upload may take now (0: none may start).
    pub fn room(&self, limit: Daily) -> u64 {
        if self.0.len() as u64 >= limit.uploads {
            return 0;
        }
        limit.bytes.saturating_sub(self.bytes())
    }

    /// Seconds until one more upload of `adding` bytes fits: the moment enough of the oldest
    /// uploads leave the window (all of them, for a file larger than the whole allowance).
    pub fn wait(&self, limit: Daily, adding: u64, now: DateTime<Utc>) -> u64 {
        let fits = |count: u64, bytes: u64| {
            count < limit.uploads && bytes.saturating_add(adding) <= limit.bytes
        };
        let seconds_until = |at: DateTime<Utc>| {
            u64::try_from((at + DAY - now).num_seconds())
                .unwrap_or(0)
                .max(1)
        };
        let (mut count, mut bytes) = (self.0.len() as u64, self.bytes());
        if fits(count, bytes) {
            return 1;
        }
        for (at, size) in &self.0 {
            count -= 1;
            bytes -= size;
            if fits(count, bytes) {
                return seconds_until(*at);
            }
        }
        self.0.last().map_or(1, |(at, _)| seconds_until(*at))
    }

    /// The 429 of someone who may not upload `adding` more bytes now, saying when they may.
    pub fn exhausted(&self, limit: Daily, adding: u64, now: DateTime<Utc>) -> ApiError {
        daily_exhausted(limit, self.wait(limit, adding, now))
    }
}

/// The 429 of someone past their daily uploads, who may upload again in `wait` seconds.
pub fn daily_exhausted(limit: Daily, wait: u64) -> ApiError {
    let minutes = wait.div_ceil(60);
    ApiError::limited(Msg::DocumentDailyLimit, wait).with_detail(
        format!(
            "Se pueden subir hasta {} archivos y {} cada 24 horas; podrás subir más en unos {minutes} minutos.",
            limit.uploads,
            human(limit.bytes, true)
        ),
        format!(
            "Up to {} files and {} can be uploaded every 24 hours; you can upload more in about {minutes} minutes.",
            limit.uploads,
            human(limit.bytes, false)
        ),
    )
}

/// A size for people: "1,2 MB" / "1.2 MB".
pub fn human(bytes: u64, decimal_comma: bool) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    let text = if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    };
    if decimal_comma {
        text.replace('.', ",")
    } else {
        text
    }
}

/// The 413 of a family that would pass its quota, saying how much it uses of how much.
pub fn exhausted(used: u64, quota: u64) -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, Msg::DocumentQuota).with_detail(
        format!(
            "Usa {} de {}. Los documentos que eliminaste siguen contando para ti hasta que se borran para siempre, a los 30 días.",
            human(used, true),
            human(quota, true)
        ),
        format!(
            "It uses {} of {}. Documents you deleted still count for you until they are erased for good, after 30 days.",
            human(used, false),
            human(quota, false)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minutes_ago: i64, now: DateTime<Utc>) -> DateTime<Utc> {
        now - Duration::minutes(minutes_ago)
    }

    #[test]
    fn the_daily_limit_frees_as_the_oldest_uploads_leave_the_window() {
        let now: DateTime<Utc> = "2026-03-01T12:00:00Z".parse().expect("now");
        let limit = Daily {
            uploads: 3,
            bytes: 1000,
        };
        let recent = Recent(vec![
            (at(23 * 60, now), 100),
            (at(60, now), 200),
            (at(30, now), 300),
        ]);
        assert_eq!(recent.room(limit), 0, "three uploads: no fourth");
        // The oldest leaves in an hour; then 500 of 1000 bytes are used.
        assert_eq!(recent.wait(limit, 400, now), 3600);
        // 600 more only fit once the second one leaves too, in 23 hours.
        assert_eq!(recent.wait(limit, 600, now), 23 * 3600);
        let two = Recent(vec![(at(60, now), 900), (at(30, now), 50)]);
        assert_eq!(two.room(limit), 50);
        assert_eq!(two.wait(limit, 10, now), 1, "it fits now");
        assert_eq!(
            two.wait(limit, 2000, now),
            23 * 3600 + 30 * 60,
            "never fits: all leave"
        );
        assert_eq!(Recent::default().room(limit), 1000);
    }

    #[test]
    fn sizes_read_in_each_language() {
        assert_eq!(human(512, true), "512 B");
        assert_eq!(human(1536 * 1024, true), "1,5 MB");
        assert_eq!(human(5 * 1024 * 1024 * 1024, false), "5.0 GB");
    }
}
