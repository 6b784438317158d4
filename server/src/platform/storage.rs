//! Files (children's photos, later documents) through `object_store`: a local folder by default,
//! an S3-compatible bucket by configuration. Files are never public: the API hands out links
//! signed with a key kept in the database, each for one user and valid for a limited time.

use std::{ops::Range, sync::Arc};

use anyhow::Context;
use bytes::Bytes;
use chrono::Utc;
use hmac::{Hmac, Mac};
use object_store::{
    ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart, local::LocalFileSystem, path::Path,
};
use sha2::Sha256;

/// How long a signed link works; links are cut on hour boundaries so that a file keeps one
/// address (and stays in the browser's cache) for a while.
const LINK_HOURS: i64 = 2;

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    prefix: Path,
    signing_key: Arc<Vec<u8>>,
}

impl Storage {
    /// `file:///abs/dir`, `file://relative/dir`, `memory://` or `s3://bucket/prefix` (with the
    /// usual AWS_* variables for credentials, region and endpoint).
    pub fn from_url(url: &str, signing_key: Vec<u8>) -> anyhow::Result<Storage> {
        let (store, prefix): (Arc<dyn ObjectStore>, Path) =
            if let Some(dir) = url.strip_prefix("file://") {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("NIDO_STORAGE_URL: cannot create {dir}"))?;
                let local = LocalFileSystem::new_with_prefix(dir)
                    .with_context(|| format!("NIDO_STORAGE_URL: cannot use {dir}"))?;
                (Arc::new(local), Path::default())
            } else {
                let parsed = url::Url::parse(url).context("NIDO_STORAGE_URL: not a URL")?;
                let env: Vec<(String, String)> = std::env::vars()
                    .filter(|(k, _)| k.starts_with("AWS_"))
                    .map(|(k, v)| (k.to_ascii_lowercase(), v))
                    .collect();
                let (store, prefix) = object_store::parse_url_opts(&parsed, env)
                    .context("NIDO_STORAGE_URL: unsupported store")?;
                (Arc::from(store), prefix)
            };
        Ok(Storage {
            store,
            prefix,
            signing_key: Arc::new(signing_key),
        })
    }

    fn path(&self, key: &str) -> Path {
        self.prefix.parts().chain(Path::from(key).parts()).collect()
    }

    pub async fn put(&self, key: &str, data: Bytes) -> anyhow::Result<()> {
        self.store
            .put(&self.path(key), PutPayload::from_bytes(data))
            .await
            .with_context(|| format!("storing {key}"))?;
        Ok(())
    }

    /// The file's bytes, or `None` when there is no such file.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        match self.store.get(&self.path(key)).await {
            Ok(found) => Ok(Some(
                found
                    .bytes()
                    .await
                    .with_context(|| format!("reading {key}"))?,
            )),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err).with_context(|| format!("reading {key}")),
        }
    }

    /// The file's size and its bytes as they arrive, so a large file never sits whole in
    /// memory; `None` when there is no such file.
    pub async fn get_stream(
        &self,
        key: &str,
    ) -> anyhow::Result<
        Option<(
            u64,
            futures_util::stream::BoxStream<'static, anyhow::Result<Bytes>>,
        )>,
    > {
        use futures_util::TryStreamExt;
        match self.store.get(&self.path(key)).await {
            Ok(found) => {
                let size = found.meta.size;
                let stream = found.into_stream().map_err(anyhow::Error::from);
                Ok(Some((size, Box::pin(stream))))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err).with_context(|| format!("reading {key}")),
        }
    }

    /// Removes a file; one that is already gone is not an error.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&self.path(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(err).with_context(|| format!("deleting {key}")),
        }
    }

    /// Every stored file as (key, size), for backups. Walked one level at a time, so that only
    /// names are held, never contents.
    pub async fn list(&self) -> anyhow::Result<Vec<(String, u64)>> {
        let mut found = Vec::new();
        let mut pending = vec![self.prefix.clone()];
        while let Some(dir) = pending.pop() {
            let level = self
                .store
                .list_with_delimiter(Some(&dir))
                .await
                .context("listing stored files")?;
            pending.extend(level.common_prefixes);
            for object in level.objects {
                if let Some(parts) = object.location.prefix_match(&self.prefix) {
                    let key: Vec<_> = parts.map(|p| p.as_ref().to_owned()).collect();
                    found.push((key.join("/"), object.size));
                }
            }
        }
        found.sort();
        Ok(found)
    }

    /// Part of a file, so that large files can be copied without holding them whole; `None`
    /// when the file is gone.
    pub async fn get_range(&self, key: &str, range: Range<u64>) -> anyhow::Result<Option<Bytes>> {
        match self.store.get_range(&self.path(key), range).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err).with_context(|| format!("reading {key}")),
        }
    }

    /// A file written in parts (`write`, then `finish`); it appears under its key only once
    /// finished.
    pub async fn upload(&self, key: &str) -> anyhow::Result<WriteMultipart> {
        let upload = self
            .store
            .put_multipart(&self.path(key))
            .await
            .with_context(|| format!("storing {key}"))?;
        Ok(WriteMultipart::new(upload))
    }

    fn signature(&self, key: &str, expires: i64, reader: &str) -> String {
        // HMAC takes keys of any length, so this never fails; an empty signature never verifies.
        let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(&self.signing_key) else {
            return String::new();
        };
        mac.update(key.as_bytes());
        mac.update(b"\n");
        mac.update(expires.to_string().as_bytes());
        mac.update(b"\n");
        mac.update(reader.as_bytes());
        mac.finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// A link to the file for `reader` (a user id), working for one to two hours. The reader is
    /// part of what is signed: the file route serves it only while that user may still read the
    /// file (`http::files`), so a link ends with its reader's right, not only with its expiry.
    pub fn signed_link(&self, key: &str, reader: &str) -> String {
        let hour = 3600;
        let expires = (Utc::now().timestamp() / hour + LINK_HOURS) * hour;
        let lector: String = url::form_urlencoded::byte_serialize(reader.as_bytes()).collect();
        format!(
            "/api/archivos/{key}?exp={expires}&lector={lector}&sig={}",
            self.signature(key, expires, reader)
        )
    }

    pub fn verify_link(&self, key: &str, expires: i64, reader: &str, signature: &str) -> bool {
        if expires < Utc::now().timestamp() {
            return false;
        }
        let expected = self.signature(key, expires, reader);
        // Constant-time comparison: a signature must not be guessable byte by byte.
        expected.len() == 64
            && expected.len() == signature.len()
            && expected
                .bytes()
                .zip(signature.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn files_round_trip_and_links_verify() {
        let dir = tempfile::tempdir().expect("dir");
        let storage = Storage::from_url(&format!("file://{}", dir.path().display()), vec![7; 32])
            .expect("storage");
        storage
            .put("hijos/a/b.jpg", Bytes::from_static(b"jpeg"))
            .await
            .expect("put");
        assert_eq!(
            storage.get("hijos/a/b.jpg").await.expect("get"),
            Some(Bytes::from_static(b"jpeg"))
        );
        storage.delete("hijos/a/b.jpg").await.expect("delete");
        storage
            .delete("hijos/a/b.jpg")
            .await
            .expect("deleting twice is fine");
        assert_eq!(storage.get("hijos/a/b.jpg").await.expect("get"), None);

        let link = storage.signed_link("hijos/a/b.jpg", "ana");
        let query = link.split_once('?').map(|(_, q)| q).unwrap_or_default();
        let exp: i64 = query
            .split('&')
            .find_map(|p| p.strip_prefix("exp="))
            .and_then(|v| v.parse().ok())
            .expect("exp");
        assert!(query.contains("&lector=ana&"), "{query}");
        let sig = query
            .split('&')
            .find_map(|p| p.strip_prefix("sig="))
            .expect("sig");
        assert!(storage.verify_link("hijos/a/b.jpg", exp, "ana", sig));
        assert!(
            !storage.verify_link("hijos/a/c.jpg", exp, "ana", sig),
            "bound to the key"
        );
        assert!(
            !storage.verify_link("hijos/a/b.jpg", exp + 3600, "ana", sig),
            "bound to the expiry"
        );
        assert!(
            !storage.verify_link("hijos/a/b.jpg", exp, "beto", sig),
            "bound to its reader"
        );
        assert!(!storage.verify_link("hijos/a/b.jpg", Utc::now().timestamp() - 1, "ana", sig));
    }

    #[tokio::test]
    async fn files_are_listed_read_in_parts_and_written_in_parts() {
        let dir = tempfile::tempdir().expect("dir");
        let storage = Storage::from_url(&format!("file://{}", dir.path().display()), vec![7; 32])
            .expect("storage");
        storage
            .put("hijos/a/b.jpg", Bytes::from_static(b"0123456789"))
            .await
            .expect("put");
        let mut upload = storage.upload("hijos/c/d.jpg").await.expect("upload");
        upload.write(b"abc");
        upload.write(b"def");
        upload.finish().await.expect("finish");

        assert_eq!(
            storage.list().await.expect("list"),
            [
                ("hijos/a/b.jpg".to_owned(), 10),
                ("hijos/c/d.jpg".to_owned(), 6)
            ]
        );
        assert_eq!(
            storage
                .get_range("hijos/a/b.jpg", 2..5)
                .await
                .expect("range"),
            Some(Bytes::from_static(b"234"))
        );
        assert_eq!(
            storage.get("hijos/c/d.jpg").await.expect("get"),
            Some(Bytes::from_static(b"abcdef"))
        );
        assert_eq!(
            storage.get_range("gone.jpg", 0..1).await.expect("range"),
            None
        );
    }
}
