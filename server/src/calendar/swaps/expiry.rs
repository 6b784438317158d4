//! Requests unanswered by their deadline expire, and nothing changes. A periodic job finds them;
//! each is claimed by the statement that closes it (only an open request is closed), so two runs
//! or two instances close it, record it and notify once.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, TransactionTrait, sea_query::Expr,
};

use super::{
    entities::cambio::{self, EXPIRED, OPEN},
    notice::{self, Step},
};
use crate::{
    calendar::custody::publish_change,
    families::record::{self, Act, Audience, kinds},
    ids::FamilyId,
    platform::jobs::Periodic,
    platform::live::CustodySubject,
    state::AppState,
};

pub const JOB: Periodic = Periodic {
    kind: "cambios.vencimiento",
    every: Duration::minutes(1),
};

/// Expires the open requests whose deadline passed by `now`; answers how many it expired.
pub async fn expire_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let due: Vec<String> = cambio::Entity::find()
        .select_only()
        .column(cambio::Column::Id)
        .filter(cambio::Column::Estado.eq(OPEN))
        .filter(cambio::Column::ResponderAntesDe.lte(now))
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut expired = 0;
    for id in due {
        let txn = state.db.begin().await?;
        let closed = cambio::Entity::update_many()
            .col_expr(cambio::Column::Estado, Expr::value(EXPIRED))
            .col_expr(cambio::Column::RespondidoAt, Expr::value(now))
            .filter(cambio::Column::Id.eq(&id))
            .filter(cambio::Column::Estado.eq(OPEN))
            .filter(cambio::Column::ResponderAntesDe.lte(now))
            .exec_with_returning(&txn)
            .await?;
        let Some(row) = closed.into_iter().next() else {
            txn.rollback().await?;
            continue;
        };
        record::append(
            &txn,
            &row.familia_id,
            Act {
                kind: kinds::SWAP_EXPIRED,
                actor: None,
                content: serde_json::json!({"cambio": row.id}),
                subjects: vec![
                    record::user_subject(&row.solicitante_id),
                    record::user_subject(&row.destinatario_id),
                ],
                audience: Audience::Family,
            },
        )
        .await?;
        let told = notice::tell(
            &txn,
            &FamilyId::new(&row.familia_id),
            &row.id,
            None,
            &[row.solicitante_id.clone(), row.destinatario_id.clone()],
            Step::Expired,
        )
        .await?;
        let live =
            publish_change(&txn, &row.familia_id, CustodySubject::Swap(row.id.clone())).await?;
        txn.commit().await?;
        state.wake(told.join(live));
        expired += 1;
    }
    Ok(expired)
}
