//! Professional access: a lawyer, a mediator, a coordinator or another professional given
//! read-only access to part of a family (areas, and optionally some children and a period) until
//! a date. A co-parent grants it for themselves (`de-parte`: the professional will see what that
//! parent sees) or for the family (`de-familia`: what every co-parent shares, once every
//! co-parent has consented). The professional accepts it from the mailed link, signed in with the
//! address invited; any co-parent who may ends it at once. Every step is in the family record.

mod acts;
pub mod entities;
pub mod export;
pub mod input;
pub mod lens;
mod notices;
pub mod profile;
mod routes;
mod store;
mod taking;
mod views;

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter,
    TransactionTrait, sea_query::Expr,
};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use taking::{take, usable};

use super::entities::familia;
use crate::{platform::live::Wake, state::AppState, vocabulary::ClosedSet};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_accesses, routes::grant_access))
        .routes(routes!(routes::consent_to_access))
        .routes(routes!(routes::end_access))
        .routes(routes!(routes::accept_access))
        .routes(routes!(routes::professional_cases))
}

/// A co-parent lost their rights in the family (left, removed, made a viewer, account erased):
/// the professionals they granted for themselves see through their eyes, so those accesses end
/// with them, in the record as the server's act; the professional and the co-parents are told.
pub(super) async fn rights_lost(
    txn: &DatabaseTransaction,
    familia_id: &str,
    usuario_id: &str,
) -> Result<Wake, DbErr> {
    let theirs = entities::Entity::find()
        .filter(entities::Column::FamiliaId.eq(familia_id))
        .filter(entities::Column::OtorgadoPor.eq(usuario_id))
        .filter(entities::Column::Tipo.eq(input::AccessKind::OneParent.wire()))
        .filter(entities::Column::TerminadoAt.is_null())
        .all(txn)
        .await?;
    let mut wake = Wake::none();
    if theirs.is_empty() {
        return Ok(wake);
    }
    let family = familia::Entity::find_by_id(familia_id).one(txn).await?;
    let coparents = super::access::coparents(txn, familia_id).await?;
    let now = Utc::now();
    for row in theirs {
        entities::Entity::update_many()
            .col_expr(entities::Column::TerminadoAt, Expr::value(now))
            .col_expr(entities::Column::TokenHash, Expr::value(None::<String>))
            .col_expr(entities::Column::UpdatedAt, Expr::value(now))
            .filter(entities::Column::Id.eq(&row.id))
            .exec(txn)
            .await?;
        acts::ended_by_server(txn, &row).await?;
        // An access never taken up tells no professional: they never saw anything.
        if let Some(family) = &family {
            let about = notices::About {
                row: &row,
                family,
                actor: None,
            };
            wake = wake.join(notices::ended(txn, &coparents, &about).await?);
        }
    }
    Ok(wake)
}

/// An account being erased: the accesses it was given end, and its id leaves every access (the
/// ones it granted ended already with its rights).
pub(super) async fn erase_account(
    txn: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<(), DbErr> {
    let now = Utc::now();
    entities::Entity::update_many()
        .col_expr(entities::Column::TerminadoAt, Expr::value(now))
        .col_expr(entities::Column::UpdatedAt, Expr::value(now))
        .filter(entities::Column::ProfesionalId.eq(usuario_id))
        .filter(entities::Column::TerminadoAt.is_null())
        .exec(txn)
        .await?;
    for column in [
        entities::Column::ProfesionalId,
        entities::Column::OtorgadoPor,
        entities::Column::TerminadoPor,
    ] {
        entities::Entity::update_many()
            .col_expr(column, Expr::value(None::<String>))
            .filter(column.eq(usuario_id))
            .exec(txn)
            .await?;
    }
    Ok(())
}

/// Enters in the record, once, every access whose expiry has come (`now`) without its being
/// ended, voids its link and tells the co-parents and the professional; tells each grantor, once,
/// of an access that ends within a week. The periodic `professional_expiries`; gives back how
/// many expired.
pub async fn expire(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let db = &state.db;
    let due = entities::Entity::find()
        .filter(entities::Column::VenceAt.lte(now))
        .filter(entities::Column::VencidoAt.is_null())
        .filter(entities::Column::TerminadoAt.is_null())
        .all(db)
        .await?;
    let mut expired = 0;
    for row in due {
        let txn = db.begin().await?;
        // Marked only if still unmarked: two instances running the pass enter it once.
        let marked = entities::Entity::update_many()
            .col_expr(entities::Column::VencidoAt, Expr::value(now))
            .col_expr(entities::Column::TokenHash, Expr::value(None::<String>))
            .col_expr(entities::Column::UpdatedAt, Expr::value(now))
            .filter(entities::Column::Id.eq(&row.id))
            .filter(entities::Column::VencidoAt.is_null())
            .exec(&txn)
            .await?;
        let mut wake = Wake::none();
        if marked.rows_affected == 1 {
            acts::expired(&txn, &row).await?;
            if let Some(family) = familia::Entity::find_by_id(&row.familia_id)
                .one(&txn)
                .await?
            {
                let coparents = super::access::coparents(&txn, &row.familia_id).await?;
                let about = notices::About {
                    row: &row,
                    family: &family,
                    actor: None,
                };
                wake = notices::ended(&txn, &coparents, &about).await?;
            }
            expired += 1;
        }
        txn.commit().await?;
        state.wake(wake);
    }
    let soon = entities::Entity::find()
        .filter(entities::Column::VenceAt.gt(now))
        .filter(entities::Column::VenceAt.lte(now + chrono::Duration::days(7)))
        .filter(entities::Column::AvisadoAt.is_null())
        .filter(entities::Column::TerminadoAt.is_null())
        .all(db)
        .await?;
    for row in soon {
        let txn = db.begin().await?;
        let marked = entities::Entity::update_many()
            .col_expr(entities::Column::AvisadoAt, Expr::value(now))
            .filter(entities::Column::Id.eq(&row.id))
            .filter(entities::Column::AvisadoAt.is_null())
            .exec(&txn)
            .await?;
        let mut wake = Wake::none();
        if marked.rows_affected == 1
            && let Some(family) = familia::Entity::find_by_id(&row.familia_id)
                .one(&txn)
                .await?
        {
            let about = notices::About {
                row: &row,
                family: &family,
                actor: None,
            };
            wake = notices::expiring(&txn, &about).await?;
        }
        txn.commit().await?;
        state.wake(wake);
    }
    Ok(expired)
}
