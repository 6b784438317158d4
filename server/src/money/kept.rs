//! A family's expense lists (and money's statistics) kept in memory as their JSON: the first page
//! is read at every opening of the money screen and every live refresh, by both co-parents, and
//! changes far less often.
//!
//! A list is served only while the family's `dinero_version` is the one it was read at. Triggers
//! raise that version in the transaction of every change to the family's expenses, their shares,
//! children and answers (migration m0032), and to its settings, payments and child support's dues
//! and payments (m0043, for the statistics kept here too), whoever writes them: a route, the
//! monthly job, another instance. The version and the caller's co-parenthood come from one small
//! read of the shared database. Nothing else shown changes elsewhere: the list names people and
//! children by id only.

use sea_orm::{ColumnTrait, ConnectionTrait, sea_query::Query};

use crate::{
    error::ApiResult,
    families::{
        Permission,
        entities::{familia, miembro},
    },
    ids::{FamilyId, UserId},
    platform::kept,
};

/// The family's money version a list was read at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stamp(i64);

pub type Answers = kept::Answers<Stamp>;

/// Kept lists weigh at most 64 MB together on an instance (the oldest go first). A page of 50
/// expenses takes about 40 kB, so about 1,600 pages fit; none is near the limit of one.
const BUDGET_BYTES: usize = 64 * 1024 * 1024;
pub const MAX_KEPT_BYTES: usize = 1024 * 1024;

pub fn cache() -> Answers {
    kept::cache(BUDGET_BYTES)
}

/// The family's stamp if `usuario_id` is one of its co-parents; 404 otherwise (a viewer, a removed
/// member and a stranger alike).
pub async fn stamp(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    usuario_id: &UserId,
) -> ApiResult<Stamp> {
    let coparents = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.eq(familia_id))
        .and_where(miembro::Column::UsuarioId.eq(usuario_id))
        .and_where(miembro::Column::Permiso.is_in(Permission::EDITORS))
        .to_owned();
    let version = kept::stamp::<familia::Entity, i64>(
        db,
        familia::Column::Id,
        familia_id,
        coparents,
        [familia::Column::DineroVersion],
    )
    .await?;
    Ok(Stamp(version))
}
