//! The newest page of a conversation, kept in memory as the answer's JSON: it is read at every
//! opening, by every participant, and changes far less often. An entry is served only while the
//! conversation's `version` (raised in the same transaction as every change to what the page
//! shows) is the one it was read at; the caller's right to read and the version come from one
//! small read of the shared database, so every instance serves what is current. Names are the one
//! thing shown that changes elsewhere: a user's change makes every instance forget the pages
//! they appear in (`platform::changes`).

use std::{sync::Arc, time::Duration};

use bytes::Bytes;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter,
    sea_query::{Expr, ExprTrait},
};

use super::entities::{conversacion, participante};
use crate::platform::{
    cache::Cache,
    changes::{Change, Forget},
};

pub struct Page {
    /// The conversation's version it was read at.
    pub version: i64,
    /// Everyone named in it (authors, quoted authors).
    pub people: Vec<String>,
    /// The whole answer, as sent.
    pub body: Bytes,
}

pub type Pages = Cache<Arc<Page>>;

/// Five minutes at most, as the signed file links inside a page last at least an hour. Each entry
/// is one conversation's newest page as one of its readers gets it (the file links in it are
/// issued to that reader): 20,000 pages of 50 short messages take about 500 MB at the
/// very most, and a busy instance's open conversations are far fewer.
pub fn cache() -> Pages {
    Cache::new(Duration::from_secs(300), 20_000)
}

/// How the cache forgets: the pages naming a changed user; everything when announcements may
/// have been missed. A family's change needs nothing: who may read is checked on every request.
pub fn forgetter(pages: &Pages) -> Forget {
    let pages = pages.clone();
    Box::new(move |change| match change {
        Some(Change::User(id)) => pages.forget_where(|page| page.people.iter().any(|p| p == id)),
        Some(Change::Family(_)) => {}
        None => pages.clear(),
    })
}

/// Raises the version of this conversation, inside the transaction that changes it.
pub async fn touch(txn: &DatabaseTransaction, conversacion_id: &str) -> Result<(), DbErr> {
    conversacion::Entity::update_many()
        .col_expr(
            conversacion::Column::Version,
            Expr::col(conversacion::Column::Version).add(1),
        )
        .filter(conversacion::Column::Id.eq(conversacion_id))
        .exec(txn)
        .await?;
    Ok(())
}

/// Raises the version of every conversation `usuario_id` takes part in: their account's erasure
/// changes what those pages show.
pub async fn touch_all_of(txn: &DatabaseTransaction, usuario_id: &str) -> Result<(), DbErr> {
    let theirs = sea_orm::sea_query::Query::select()
        .column(participante::Column::ConversacionId)
        .from(participante::Entity)
        .and_where(participante::Column::UsuarioId.eq(usuario_id))
        .to_owned();
    conversacion::Entity::update_many()
        .col_expr(
            conversacion::Column::Version,
            Expr::col(conversacion::Column::Version).add(1),
        )
        .filter(conversacion::Column::Id.in_subquery(theirs))
        .exec(txn)
        .await?;
    Ok(())
}
