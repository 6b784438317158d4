//! Jobs that run once, at their time, on exactly one of the instances sharing the database.
//!
//! A job is a row in `tareas`: its kind, a JSON payload, when it is due, and, while an instance
//! runs it, a lease. `enqueue` takes the caller's connection or transaction, so a job commits or
//! rolls back with the act that asked for it. A `Runner` claims due jobs of the kinds it has
//! handlers for, runs them, deletes them when they succeed, and retries them with a growing delay
//! when they fail; a job that used up its attempts stays in the table, marked failed, for someone
//! to look at.
//!
//! A job can run more than once: an instance may die after the work and before the job is
//! deleted, and its lease then runs out and another instance runs the job again. Handlers must
//! therefore be idempotent (doing it twice leaves the same state as doing it once).
//!
//! A unique key allows at most one job per key among those not failed: enqueueing again with the
//! key does nothing, `cancel` removes the job, and `replace` swaps it for a new one (rescheduling a
//! reminder, or a periodic job booking its next run).

mod runner;

use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    sea_query::{InsertStatement, OnConflict, Query},
};
use serde::{Serialize, de::DeserializeOwned};
use tokio::sync::Notify;

pub use runner::{Runner, Settings};

use crate::ids;

pub mod tarea {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "tareas")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub tipo: String,
        /// JSON text.
        pub datos: String,
        pub ejecutar_at: DateTimeUtc,
        pub reservada_hasta: Option<DateTimeUtc>,
        pub reserva: Option<String>,
        pub intentos: i32,
        pub ultimo_error: Option<String>,
        pub clave: Option<String>,
        pub fallida_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// Wakes this process's runners when a job is due at once, so it starts without waiting for the
/// next poll. Other instances find it at their next poll; only a hint, never a claim.
static WAKE: LazyLock<Notify> = LazyLock::new(Notify::new);

/// A claimed job, as its handler receives it.
#[derive(Clone, Debug)]
pub struct Job {
    pub id: String,
    pub kind: String,
    /// JSON text; read it with `payload()`.
    pub data: String,
    /// 1 on the first run.
    pub attempt: i32,
    pub key: Option<String>,
    pub run_at: DateTime<Utc>,
}

impl Job {
    pub fn payload<T: DeserializeOwned>(&self) -> anyhow::Result<T> {
        serde_json::from_str(&self.data)
            .map_err(|err| anyhow::anyhow!("job {} has an unreadable payload: {err}", self.id))
    }
}

/// Adds a job due at `run_at`. With a key, it is added only when no job (other than failed ones)
/// holds that key; the answer says whether it was added.
///
/// Inside a transaction the job commits with it. A job due now wakes this instance's runner at
/// once; when the transaction commits a moment later, the runner's quick second look finds it.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    kind: &str,
    payload: &impl Serialize,
    run_at: DateTime<Utc>,
    unique_key: Option<&str>,
) -> Result<bool, DbErr> {
    let data = serde_json::to_string(payload).map_err(|err| DbErr::Custom(err.to_string()))?;
    let now = Utc::now();
    let insert = insert_statement(kind, data, run_at, unique_key, now)?;
    let added = db.execute(&insert).await?.rows_affected() == 1;
    if added && run_at <= now {
        wake();
    }
    Ok(added)
}

fn insert_statement(
    kind: &str,
    data: String,
    run_at: DateTime<Utc>,
    unique_key: Option<&str>,
    now: DateTime<Utc>,
) -> Result<InsertStatement, DbErr> {
    Ok(Query::insert()
        .into_table(tarea::Entity)
        .columns([
            tarea::Column::Id,
            tarea::Column::Tipo,
            tarea::Column::Datos,
            tarea::Column::EjecutarAt,
            tarea::Column::Intentos,
            tarea::Column::Clave,
            tarea::Column::CreatedAt,
        ])
        .values([
            ids::new_id().into(),
            kind.into(),
            data.into(),
            run_at.into(),
            0.into(),
            unique_key.map(str::to_owned).into(),
            now.into(),
        ])
        .map_err(|err| DbErr::Custom(err.to_string()))?
        // No conflict target: the only unique index a new row can hit is the key's. Naming the
        // partial index (`(clave) WHERE fallida_at IS NULL`) would make SQLite match it when the
        // statement is prepared, which fails on a pooled connection whose copy of the schema
        // predates the index (seen right after the migration); without a target, a stale
        // schema is found out when the statement runs, and it is prepared again.
        .on_conflict(OnConflict::new().do_nothing().to_owned())
        .to_owned())
}

/// Removes the job holding `unique_key` (a failed one stays). A run under way is not stopped,
/// but it cannot settle the job any more; answers how many were removed.
pub async fn cancel(db: &impl ConnectionTrait, unique_key: &str) -> Result<u64, DbErr> {
    Ok(tarea::Entity::delete_many()
        .filter(tarea::Column::Clave.eq(unique_key))
        .filter(tarea::Column::FallidaAt.is_null())
        .exec(db)
        .await?
        .rows_affected)
}

/// Puts a new job in place of the one holding `unique_key`, if any. Call it inside a transaction
/// so that nothing slips in between the removal and the insert.
pub async fn replace(
    db: &impl ConnectionTrait,
    kind: &str,
    payload: &impl Serialize,
    run_at: DateTime<Utc>,
    unique_key: &str,
) -> Result<(), DbErr> {
    cancel(db, unique_key).await?;
    enqueue(db, kind, payload, run_at, Some(unique_key)).await?;
    Ok(())
}

/// Makes the runners of this process look for due jobs now, e.g. after committing a
/// transaction that enqueued one.
pub fn wake() {
    WAKE.notify_waiters();
}

/// A job that repeats: it keeps its kind as its key, so there is one per database.
#[derive(Clone, Copy, Debug)]
pub struct Periodic {
    pub kind: &'static str,
    pub every: chrono::Duration,
}

impl Periodic {
    /// Adds the job, due now, unless it is already there (an instance's start calls this).
    pub async fn ensure(&self, db: &impl ConnectionTrait) -> Result<(), DbErr> {
        enqueue(
            db,
            self.kind,
            &serde_json::json!({}),
            Utc::now(),
            Some(self.kind),
        )
        .await?;
        Ok(())
    }

    /// Books the next run, one period from now, in place of the one running. Should an
    /// instance's `ensure` slip in between the two statements, its job is the one that stays:
    /// either way one job holds the key.
    pub async fn schedule_next(&self, db: &impl ConnectionTrait) -> Result<(), DbErr> {
        replace(
            db,
            self.kind,
            &serde_json::json!({}),
            Utc::now() + self.every,
            self.kind,
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use sea_orm::sea_query::{PostgresQueryBuilder, SqliteQueryBuilder};

    use super::insert_statement;

    #[test]
    fn an_insert_that_skips_a_taken_key_names_no_conflict_target() {
        let insert = insert_statement("k", "{}".to_owned(), Utc::now(), Some("key"), Utc::now())
            .expect("statement");
        for sql in [
            insert.to_string(PostgresQueryBuilder),
            insert.to_string(SqliteQueryBuilder),
        ] {
            assert!(sql.ends_with("ON CONFLICT  DO NOTHING"), "{sql}");
        }
    }
}
