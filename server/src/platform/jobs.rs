//! Periodic jobs that several server instances sharing one database run once per period: each
//! run is claimed with one conditional update of its row in `trabajos`, which only one instance
//! can win. A job that dies half-way runs again at its next period, so jobs must be idempotent.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ConnectionTrait, DbErr,
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Query},
};

pub struct Job {
    pub name: &'static str,
    pub every: Duration,
}

/// Whether this instance runs `job` now: true for exactly one caller per period, whatever the
/// number of instances asking at the same moment.
pub async fn claim(
    db: &impl ConnectionTrait,
    job: &Job,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let table = Alias::new("trabajos");
    let name = Alias::new("nombre");
    let next = Alias::new("proxima_at");
    let last = Alias::new("ultima_at");
    let register = Query::insert()
        .into_table(table.clone())
        .columns([name.clone(), next.clone()])
        .values([job.name.into(), now.into()])
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .on_conflict(OnConflict::column(name.clone()).do_nothing().to_owned())
        .to_owned();
    db.execute(&register).await?;
    let take = Query::update()
        .table(table)
        .value(next.clone(), now + job.every)
        .value(last, now)
        .and_where(Expr::col(name).eq(job.name))
        .and_where(Expr::col(next).lte(now))
        .to_owned();
    Ok(db.execute(&take).await?.rows_affected() == 1)
}
