//! Stored files and the rows that point at them cannot change in one transaction, so a crash
//! between the two could leave a file no row points at, or a row pointing at no file. The order
//! of writes rules out the second (a file is written before its row, and removed after the row
//! stops pointing at it); this module rules out the first.
//!
//! Before a file is written, or before a change that stops pointing at one, its key is noted
//! here with the instance doing it; once the change is done, the note goes. A note left behind
//! by an instance that died is settled by `sweep`: the file stays if a row points at it, and is
//! removed otherwise. An instance is known dead when it is not this one on SQLite (one process
//! serves the file), and on PostgreSQL when nobody holds its advisory lock, which each instance
//! holds on its change-listener connection for as long as it lives.

use chrono::{Duration, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, Statement, TransactionTrait,
    sea_query::OnConflict,
};

use super::FileContext;

pub mod nota {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "archivos_pendientes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub clave: String,
        pub instancia: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// Notes that these files' fate is about to change. Inside the transaction that changes the rows,
/// the notes commit or roll back with it.
pub async fn note(
    db: &impl ConnectionTrait,
    state: &impl FileContext,
    keys: &[String],
) -> Result<(), sea_orm::DbErr> {
    if keys.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let rows = keys.iter().map(|key| nota::ActiveModel {
        clave: sea_orm::Set(key.clone()),
        instancia: sea_orm::Set(state.instance().to_owned()),
        created_at: sea_orm::Set(now),
    });
    nota::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::column(nota::Column::Clave)
                .update_columns([nota::Column::Instancia, nota::Column::CreatedAt])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// The change is done: forget the notes. A failure only leaves work for the sweep.
pub async fn settle(state: &impl FileContext, keys: &[String]) {
    if keys.is_empty() {
        return;
    }
    if let Err(err) = nota::Entity::delete_many()
        .filter(nota::Column::Clave.is_in(keys.iter().cloned()))
        .exec(state.db())
        .await
    {
        tracing::warn!(error = %err, "file notes not cleared; the sweep will");
    }
}

/// The advisory lock an instance holds on its listener's connection for its whole life
/// (PostgreSQL): 60 bits of its id's hash.
pub fn lock_key(instance: &str) -> i64 {
    let digest = crate::ids::hash_secret(instance);
    i64::from_str_radix(&digest[..15], 16).unwrap_or(0)
}

/// Whether the instance that wrote a note is gone.
async fn is_dead(state: &impl FileContext, instance: &str) -> Result<bool, sea_orm::DbErr> {
    if instance == state.instance() {
        return Ok(false);
    }
    if state.db().get_database_backend() != DbBackend::Postgres {
        return Ok(true);
    }
    // Taken for the length of a transaction only: free means nobody holds it.
    let txn = state.db().begin().await?;
    let free = txn
        .query_one_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_try_advisory_xact_lock($1) AS free",
            [lock_key(instance).into()],
        ))
        .await?
        .map(|row| row.try_get::<bool>("", "free"))
        .transpose()?
        .unwrap_or(false);
    txn.commit().await?;
    Ok(free)
}

/// Settles the notes of instances that are gone, and any note older than an hour (no change
/// takes that long). Gives back how many files were removed.
/// `in_use` tells which of the keys given still have a row pointing at them (`domain::Domain::files_in_use`).
pub async fn sweep<F, Used>(state: &impl FileContext, in_use: F) -> Result<usize, sea_orm::DbErr>
where
    F: Fn(Vec<String>) -> Used,
    Used: Future<Output = Result<Vec<String>, sea_orm::DbErr>>,
{
    let notes = nota::Entity::find().all(state.db()).await?;
    let stale_before = Utc::now() - Duration::hours(1);
    let mut removed = 0;
    for note in notes {
        if note.created_at > stale_before && !is_dead(state, &note.instancia).await? {
            continue;
        }
        if in_use(vec![note.clave.clone()]).await?.is_empty() {
            if let Err(err) = state.files().delete(state.db(), &note.clave).await {
                // The note goes anyway: an orphan file is harmless, and never served.
                tracing::warn!(error = %format!("{err:#}"), "file left by a change not removed");
            }
            removed += 1;
        }
        nota::Entity::delete_by_id(&note.clave)
            .exec(state.db())
            .await?;
    }
    if removed > 0 {
        tracing::info!(removed, "files left by an interrupted change removed");
    }
    Ok(removed)
}
