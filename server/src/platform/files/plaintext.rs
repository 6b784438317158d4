//! Files stored before encryption existed are encrypted once, at start: every object without the
//! encrypted header is read, encrypted under a new key and written back under the same storage
//! key. Idempotent (an object is judged by its own first bytes) and marked done in `ajustes`; an
//! interrupted pass resumes at the next start.

use anyhow::Context;
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, Statement, TransactionTrait,
};

use super::{Files, clave, sealed::MAGIC};
use crate::db::settings;

const DONE: &str = "files_encrypted_at_rest";
/// Held (PostgreSQL) while one instance encrypts, so two never write the same file at once.
const LOCK: i64 = 0x6e69_646f_6669_6c65;

/// Encrypts every plaintext object in the store; gives back how many it encrypted.
pub async fn encrypt_existing(db: &DatabaseConnection, files: &Files) -> anyhow::Result<usize> {
    if settings::get(db, DONE).await?.is_some() {
        return Ok(0);
    }
    let lock = db.begin().await?;
    if db.get_database_backend() == DbBackend::Postgres {
        lock.execute_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1)",
            [LOCK.into()],
        ))
        .await?;
    }
    let done = encrypt_all(db, files).await;
    // The lock is released whatever happened; a failure is retried at the next start.
    lock.commit().await?;
    done
}

async fn encrypt_all(db: &impl ConnectionTrait, files: &Files) -> anyhow::Result<usize> {
    if settings::get(db, DONE).await?.is_some() {
        return Ok(0);
    }
    let storage = files.storage();
    let mut encrypted = 0;
    for (key, size) in storage.list().await? {
        // The status page's probe: a few bytes of no one's, written and removed at once.
        if key.starts_with("_status/") {
            continue;
        }
        let head = if size >= MAGIC.len() as u64 {
            storage.get_range(&key, 0..MAGIC.len() as u64).await?
        } else {
            None
        };
        if head.as_deref() == Some(MAGIC.as_slice()) {
            if clave::Entity::find_by_id(key.as_str())
                .one(db)
                .await?
                .is_none()
            {
                // Its key was erased and removing the object failed: it can never be read.
                storage.delete(&key).await?;
            }
            continue;
        }
        // Plaintext files are today's photos, a few hundred kilobytes each.
        let Some(content) = storage.get(&key).await? else {
            continue;
        };
        files
            .put(db, &key, content)
            .await
            .with_context(|| format!("encrypting {key}"))?;
        encrypted += 1;
    }
    settings::put(db, DONE, &chrono::Utc::now().to_rfc3339()).await?;
    if encrypted > 0 {
        tracing::info!(
            encrypted,
            "files stored before encryption are now encrypted"
        );
    }
    Ok(encrypted)
}
