//! One file service for every upload: each file is encrypted with its own random key
//! (`sealed`), and that key is stored wrapped by the master key (`master`) in `claves_archivo`.
//! The store, a folder or a bucket, only ever holds ciphertext; erasing a file destroys its key.
//!
//! Order of writes: a file's key row before its object, so an object never exists without its
//! key; on erasure the key row goes first, so a failure to remove the object still leaves it
//! unreadable.

pub mod answer;
pub mod master;
pub mod plaintext;
pub mod sealed;

use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use chrono::Utc;
use futures_util::stream::{BoxStream, Stream, StreamExt};
use sea_orm::{ConnectionTrait, EntityTrait, sea_query::OnConflict};

use crate::platform::storage::Storage;
pub use master::Keyring;
pub use sealed::FileError;
use sealed::{CHUNK, FileKey, Sealer};

pub mod clave {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "claves_archivo")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub clave: String,
        pub clave_envuelta: String,
        pub clave_maestra_id: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A stored file opened for reading: its size and its content, chunk by authenticated chunk.
pub struct Opened {
    pub len: u64,
    pub content: BoxStream<'static, Result<Bytes, FileError>>,
}

#[derive(Clone)]
pub struct Files {
    storage: Storage,
    keys: Arc<Keyring>,
}

impl Files {
    pub fn new(storage: Storage, keys: Keyring) -> Files {
        Files {
            storage,
            keys: Arc::new(keys),
        }
    }

    /// The store underneath, for signed links and for copying ciphertext (backups).
    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    /// A new key for `key`, recorded (wrapped) before any of the file is written.
    async fn new_key(&self, db: &impl ConnectionTrait, key: &str) -> anyhow::Result<FileKey> {
        let file_key = FileKey::random();
        let row = clave::ActiveModel {
            clave: sea_orm::Set(key.to_owned()),
            clave_envuelta: sea_orm::Set(self.keys.current.wrap(key, &file_key)?),
            clave_maestra_id: sea_orm::Set(self.keys.current.id().to_owned()),
            created_at: sea_orm::Set(Utc::now()),
        };
        clave::Entity::insert(row)
            .on_conflict(
                OnConflict::column(clave::Column::Clave)
                    .update_columns([
                        clave::Column::ClaveEnvuelta,
                        clave::Column::ClaveMaestraId,
                        clave::Column::CreatedAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await
            .with_context(|| format!("recording the key of {key}"))?;
        Ok(file_key)
    }

    /// Stores a small file whole (a photo): encrypted in memory, written in one piece.
    pub async fn put(
        &self,
        db: &impl ConnectionTrait,
        key: &str,
        data: Bytes,
    ) -> anyhow::Result<()> {
        let file_key = self.new_key(db, key).await?;
        let sealed = tokio::task::spawn_blocking(move || sealed::seal_all(&file_key, &data))
            .await
            .context("sealing a file")??;
        self.storage.put(key, Bytes::from(sealed)).await
    }

    /// Stores a file as it arrives (an attachment, a document): one chunk in memory at a time
    /// here, and the store's upload part (5 MB) there. Gives back the content's size.
    pub async fn put_stream<E>(
        &self,
        db: &impl ConnectionTrait,
        key: &str,
        content: impl Stream<Item = Result<Bytes, E>> + Send,
    ) -> anyhow::Result<u64>
    where
        E: Into<anyhow::Error>,
    {
        let file_key = self.new_key(db, key).await?;
        let mut sealer = Sealer::new(&file_key);
        let mut upload = self.storage.upload(key).await?;
        upload.write(sealer.header());
        let mut pending: Vec<u8> = Vec::with_capacity(CHUNK);
        let mut total = 0u64;
        let mut content = std::pin::pin!(content);
        let result: anyhow::Result<()> = async {
            while let Some(piece) = content.next().await {
                let mut piece = piece.map_err(Into::into)?;
                total += piece.len() as u64;
                while !piece.is_empty() {
                    let take = (CHUNK - pending.len()).min(piece.len());
                    pending.extend_from_slice(&piece.split_to(take));
                    // A full chunk waits for the next byte: only then is it known not to be the last.
                    if pending.len() == CHUNK && !piece.is_empty() {
                        upload.wait_for_capacity(2).await?;
                        upload.write(&sealer.seal(&pending, false)?);
                        pending.clear();
                    }
                }
            }
            upload.write(&sealer.seal(&pending, true)?);
            Ok(())
        }
        .await;
        match result {
            Ok(()) => {
                upload
                    .finish()
                    .await
                    .with_context(|| format!("storing {key}"))?;
                Ok(total)
            }
            Err(err) => {
                if let Err(abort) = upload.abort().await {
                    tracing::warn!(error = %abort, "unfinished upload not cleaned up");
                }
                let _ = self.forget_key(db, key).await;
                Err(err)
            }
        }
    }

    async fn file_key(
        &self,
        db: &impl ConnectionTrait,
        key: &str,
    ) -> Result<Option<FileKey>, FileError> {
        let Some(row) = clave::Entity::find_by_id(key)
            .one(db)
            .await
            .map_err(|e| FileError::Failed(e.into()))?
        else {
            return Ok(None);
        };
        let master = self.keys.get(&row.clave_maestra_id).ok_or_else(|| {
            FileError::Failed(anyhow::anyhow!(
                "the key of {key} is wrapped by master key {}, which this server does not have",
                row.clave_maestra_id
            ))
        })?;
        master
            .unwrap(key, &row.clave_envuelta)
            .map(Some)
            .ok_or(FileError::Tampered {
                key: key.to_owned(),
                why: "its wrapped key does not open",
            })
    }

    /// Opens a stored file for reading; `None` when there is no such file (or its key was erased).
    pub async fn open(
        &self,
        db: &impl ConnectionTrait,
        key: &str,
    ) -> Result<Option<Opened>, FileError> {
        let Some(file_key) = self.file_key(db, key).await? else {
            return Ok(None);
        };
        let Some((size, stored)) = self.storage.get_stream(key).await? else {
            return Ok(None);
        };
        let len = sealed::sealed_to_plain_len(size).ok_or(FileError::Tampered {
            key: key.to_owned(),
            why: "its size is not one this format produces",
        })?;
        Ok(Some(Opened {
            len,
            content: sealed::open_stream(key, &file_key, stored),
        }))
    }

    /// A small file's content, whole and authenticated.
    pub async fn get(
        &self,
        db: &impl ConnectionTrait,
        key: &str,
    ) -> Result<Option<Bytes>, FileError> {
        let Some(mut opened) = self.open(db, key).await? else {
            return Ok(None);
        };
        let mut out = Vec::with_capacity(usize::try_from(opened.len).unwrap_or(0));
        while let Some(chunk) = opened.content.next().await {
            out.extend_from_slice(&chunk?);
        }
        Ok(Some(Bytes::from(out)))
    }

    async fn forget_key(&self, db: &impl ConnectionTrait, key: &str) -> anyhow::Result<()> {
        clave::Entity::delete_by_id(key)
            .exec(db)
            .await
            .with_context(|| format!("erasing the key of {key}"))?;
        Ok(())
    }

    /// Erases a file: its key first (from then on no copy of it opens), then the object. One
    /// already gone is not an error.
    pub async fn delete(&self, db: &impl ConnectionTrait, key: &str) -> anyhow::Result<()> {
        self.forget_key(db, key).await?;
        self.storage.delete(key).await
    }
}
