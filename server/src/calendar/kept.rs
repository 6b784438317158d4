//! A family's calendar answers kept in memory as their JSON: the month the calendar opens on, its
//! nights and the parenting-time report are read at every opening and every live refresh, by both
//! parents, and change far less often.
//!
//! An answer is served only while the family's `calendario_version` is the one it was read at.
//! Triggers raise that version in the transaction of every change to the family's events,
//! schedules, holiday periods, swaps and handovers (migration m0027). The version and the caller's
//! membership come from one small read of the shared database, so every instance serves what is
//! current. Nothing else shown changes elsewhere: the answers name people by id only.

use std::future::Future;

use axum::response::Response;
use sea_orm::{ColumnTrait, ConnectionTrait, sea_query::Query};
use serde::Serialize;

use crate::{
    error::ApiResult,
    families::entities::{familia, miembro},
    ids::{FamilyId, UserId},
    platform::kept,
    request::json_bytes,
    state::AppState,
};

pub type Answers = kept::Answers<Stamp>;

/// The version of a family's calendar, and its zone (the nights and the report are counted in
/// it; changing it is not a calendar change).
#[derive(Clone, PartialEq, Eq)]
pub struct Stamp {
    pub version: i64,
    pub zone: String,
}

/// Kept answers weigh at most 256 MB together on an instance (the oldest go first), and an
/// answer over 2 MB (years of a busy family's events) is not kept. A month of 50 recurring
/// series (about 380 occurrences) takes about 200 kB.
const BUDGET_BYTES: usize = 256 * 1024 * 1024;
const MAX_KEPT_BYTES: usize = 2 * 1024 * 1024;

pub fn cache() -> Answers {
    kept::cache(BUDGET_BYTES)
}

/// The family's stamp if `usuario_id` is one of its members; 404 otherwise.
pub async fn stamp(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> ApiResult<Stamp> {
    let members = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.eq(familia_id))
        .and_where(miembro::Column::UsuarioId.eq(usuario_id))
        .to_owned();
    let (version, zone) = kept::stamp::<familia::Entity, (i64, String)>(
        db,
        familia::Column::Id,
        familia_id,
        members,
        [
            familia::Column::CalendarioVersion,
            familia::Column::ZonaHoraria,
        ],
    )
    .await?;
    Ok(Stamp { version, zone })
}

/// The answer kept under `key` if it was read at `stamp`; otherwise `make`'s, kept for the next
/// caller.
pub async fn answer<T, F>(
    state: &AppState,
    key: String,
    stamp: Stamp,
    make: impl FnOnce() -> F,
) -> ApiResult<Response>
where
    T: Serialize,
    F: Future<Output = ApiResult<T>>,
{
    Ok(json_bytes(bytes(state, key, stamp, make).await?))
}

/// The JSON kept under `key` if it was read at `stamp`; otherwise `make`'s, kept for the next
/// caller.
pub async fn bytes<T, F>(
    state: &AppState,
    key: String,
    stamp: Stamp,
    make: impl FnOnce() -> F,
) -> ApiResult<bytes::Bytes>
where
    T: Serialize,
    F: Future<Output = ApiResult<T>>,
{
    kept::answer(state.part::<Answers>(), key, stamp, MAX_KEPT_BYTES, make).await
}
