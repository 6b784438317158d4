//! `bench record`: what appending to the family record costs. Writers update a
//! random family's row in a transaction, first alone, then with an `append` in the same
//! transaction; it prints p50 and p99 per write for both. Run it on a scratch database: it adds
//! families named "bench" (bench/record.sh makes and drops one).

use std::{sync::Arc, time::Instant};

use chrono::Utc;
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set,
    TransactionTrait, sea_query::Expr,
};
use serde_json::json;

use nido::families::{
    entities::familia,
    record::{self, Act},
};

pub struct Options {
    pub families: usize,
    pub writers: usize,
    pub writes: usize,
}

pub async fn run(db: DatabaseConnection, options: Options) -> anyhow::Result<()> {
    let mut ids = Vec::with_capacity(options.families);
    for _ in 0..options.families {
        let id = nido::ids::new_id();
        let now = Utc::now();
        familia::ActiveModel {
            id: Set(id.clone()),
            nombre: Set("bench".to_owned()),
            zona_horaria: Set(nido::time_zone::DEFAULT.to_owned()),
            calendario_version: Set(0),
            dinero_version: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&db)
        .await?;
        ids.push(id);
    }
    let ids = Arc::new(ids);
    println!(
        "{} families, {} concurrent writers, {} writes each way",
        options.families, options.writers, options.writes
    );
    for with_record in [false, true] {
        let (mut times, elapsed) = measure(&db, &ids, &options, with_record).await?;
        times.sort_unstable();
        let pick = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
        println!(
            "{:<16} p50 {:>7.2} ms  p99 {:>7.2} ms  {:>7.0} writes/s",
            if with_record {
                "with record"
            } else {
                "without record"
            },
            pick(0.50) as f64 / 1000.0,
            pick(0.99) as f64 / 1000.0,
            times.len() as f64 / elapsed,
        );
    }
    // Every family's chain must still hold after the concurrent appends.
    let mut broken = 0;
    for id in ids.iter() {
        if !record::verify::verify(&db, id, None).await?.valido {
            broken += 1;
        }
    }
    println!("chains verified: {} families, {broken} broken", ids.len());
    Ok(())
}

async fn measure(
    db: &DatabaseConnection,
    ids: &Arc<Vec<String>>,
    options: &Options,
    with_record: bool,
) -> anyhow::Result<(Vec<u64>, f64)> {
    let per_writer = options.writes.div_ceil(options.writers);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..options.writers {
        let db = db.clone();
        let ids = ids.clone();
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(per_writer);
            for _ in 0..per_writer {
                let id = &ids[rand::rng().random_range(0..ids.len())];
                let t = Instant::now();
                write(&db, id, with_record).await?;
                times.push(t.elapsed().as_micros() as u64);
            }
            anyhow::Ok(times)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    Ok((all, started.elapsed().as_secs_f64()))
}

/// The act: a small update of the family's row, as renaming it would be.
async fn write(db: &DatabaseConnection, id: &str, with_record: bool) -> anyhow::Result<()> {
    let txn = db.begin().await?;
    familia::Entity::update_many()
        .col_expr(familia::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(familia::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    if with_record {
        record::append(
            &txn,
            id,
            Act {
                kind: record::kinds::FAMILY_CHANGED,
                actor: None,
                content: json!({"nombre": "bench"}),
                subjects: vec![],
                audience: record::Audience::Family,
            },
        )
        .await?;
    }
    txn.commit().await?;
    Ok(())
}
