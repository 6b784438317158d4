//! Answers kept in memory as the JSON they were sent as, each with the stamp (a version raised by
//! triggers in the shared database, say) it was read at. A domain serves a kept answer only while
//! the stamp it reads at every request is still the same, so every instance serves what is
//! current; the time limit is a safety net only.

use std::{future::Future, sync::Arc, time::Duration};

use bytes::Bytes;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TryGetableMany,
    sea_query::SelectStatement,
};
use serde::Serialize;

use crate::{
    error::{ApiError, ApiResult},
    platform::cache::Cache,
};

pub struct Kept<S> {
    stamp: S,
    body: Bytes,
}

pub type Answers<S> = Cache<Arc<Kept<S>>>;

/// What a kept answer weighs beside its body: its stamp and the map's bookkeeping, roughly.
const OVERHEAD_BYTES: usize = 256;

fn weight<S>(kept: &Arc<Kept<S>>) -> usize {
    kept.body.len() + OVERHEAD_BYTES
}

/// The longest an answer is kept: a safety net only, freshness comes from the stamp.
const SAFETY_NET: Duration = Duration::from_secs(300);

/// Answers weighing at most `budget` bytes together (the oldest go first).
pub fn cache<S: Send + Sync + 'static>(budget: usize) -> Answers<S> {
    Cache::weighed(SAFETY_NET, budget, weight::<S>)
}

/// The stamp kept in `columns` of the row of `E` whose `id_column` is `id`, if `readers` (a
/// subquery of such ids: those the caller may read, say) holds it; 404 otherwise, so one small
/// read both checks the caller and dates the answer.
pub async fn stamp<E, T>(
    db: &impl ConnectionTrait,
    id_column: E::Column,
    id: &str,
    readers: SelectStatement,
    columns: impl IntoIterator<Item = E::Column>,
) -> ApiResult<T>
where
    E: EntityTrait,
    T: TryGetableMany,
{
    E::find()
        .select_only()
        .columns(columns)
        .filter(id_column.eq(id))
        .filter(id_column.in_subquery(readers))
        .into_tuple::<T>()
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// The body kept under `key` if it was read at `stamp`; otherwise `make`'s, serialized and kept for
/// the next caller unless it is over `max_bytes`.
pub async fn answer<S, T, F>(
    answers: &Answers<S>,
    key: String,
    stamp: S,
    max_bytes: usize,
    make: impl FnOnce() -> F,
) -> ApiResult<Bytes>
where
    S: PartialEq,
    T: Serialize,
    F: Future<Output = ApiResult<T>>,
{
    if let Some(kept) = answers.get(&key)
        && kept.stamp == stamp
    {
        return Ok(kept.body.clone());
    }
    // Read before loading: a forgetting meanwhile keeps this answer out.
    let generation = answers.generation();
    let value = make().await?;
    let body =
        Bytes::from(serde_json::to_vec(&value).map_err(|e| ApiError::internal(e.to_string()))?);
    if body.len() <= max_bytes {
        answers.put(
            generation,
            key,
            Arc::new(Kept {
                stamp,
                body: body.clone(),
            }),
        );
    }
    Ok(body)
}

/// A kept body as JSON to embed in a larger answer as it is, without reading it into values.
pub fn raw(body: Bytes) -> ApiResult<Box<serde_json::value::RawValue>> {
    let text = String::from_utf8(body.into()).map_err(|e| ApiError::internal(e.to_string()))?;
    serde_json::value::RawValue::from_string(text).map_err(|e| ApiError::internal(e.to_string()))
}
