//! A family's room for documents: every version of every document counts, deleted ones still
//! restorable too, until they are purged.

use axum::http::StatusCode;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, Query},
};

use super::entities::{documento, documento_version};
use crate::{error::ApiError, i18n::Msg};

/// The bytes a family's documents take.
pub async fn used(db: &impl ConnectionTrait, familia_id: &str) -> Result<u64, DbErr> {
    let documents = Query::select()
        .column(documento::Column::Id)
        .from(documento::Entity)
        .and_where(documento::Column::FamiliaId.eq(familia_id))
        .to_owned();
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
            "Usa {} de {}. Los documentos eliminados siguen contando hasta que se borran para siempre, a los 30 días.",
            human(used, true),
            human(quota, true)
        ),
        format!(
            "It uses {} of {}. Deleted documents still count until they are erased for good, after 30 days.",
            human(used, false),
            human(quota, false)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_each_language() {
        assert_eq!(human(512, true), "512 B");
        assert_eq!(human(1536 * 1024, true), "1,5 MB");
        assert_eq!(human(5 * 1024 * 1024 * 1024, false), "5.0 GB");
    }
}
