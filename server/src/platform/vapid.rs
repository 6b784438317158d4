//! The server's VAPID key (RFC 8292): the P-256 key that signs every web push request, so that a
//! push service accepts for a subscription only what comes from the server the browser subscribed
//! to. Kept in a file (PKCS#8 PEM, what `openssl pkey` reads) like the signing key: every instance
//! must use the same one, and a new key would silently end every subscription made with the old.

use std::{path::Path, sync::Arc};

use anyhow::Context;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use web_push_native::jwt_simple::algorithms::{ECDSAP256KeyPairLike, ES256KeyPair};

use super::key_file;

#[derive(Clone)]
pub struct VapidKey {
    key: Arc<ES256KeyPair>,
    /// The public key as browsers take it (`applicationServerKey`): base64url of the 65-byte
    /// uncompressed point.
    public: Arc<str>,
}

impl std::fmt::Debug for VapidKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private half.
        f.debug_struct("VapidKey")
            .field("public", &self.public)
            .finish()
    }
}

impl VapidKey {
    fn from_key(key: ES256KeyPair) -> Self {
        let public = URL_SAFE_NO_PAD.encode(key.key_pair().public_key().to_bytes_uncompressed());
        VapidKey {
            key: Arc::new(key),
            public: public.into(),
        }
    }

    pub fn key_pair(&self) -> &ES256KeyPair {
        &self.key
    }

    /// Base64url (unpadded) of the uncompressed P-256 public key.
    pub fn public_key(&self) -> &str {
        &self.public
    }
}

/// Reads the key at `path`, creating it (mode 0600) when there is no file yet. A file that is there
/// but unreadable or not a key stops the start rather than being replaced.
pub fn load_or_create(path: &Path) -> anyhow::Result<VapidKey> {
    match std::fs::read_to_string(path) {
        Ok(pem) => ES256KeyPair::from_pem(&pem)
            .map(VapidKey::from_key)
            .map_err(|e| {
                anyhow::anyhow!(
                    "NIDO_VAPID_KEY_FILE: {} is not a P-256 private key in PKCS#8 PEM ({e})",
                    path.display()
                )
            }),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            let key = ES256KeyPair::generate();
            write_new(path, &key)?;
            let key = VapidKey::from_key(key);
            tracing::info!(path = %path.display(), public = %key.public_key(), "VAPID key created");
            Ok(key)
        }
        Err(err) => {
            Err(err).with_context(|| format!("NIDO_VAPID_KEY_FILE: cannot read {}", path.display()))
        }
    }
}

fn write_new(path: &Path, key: &ES256KeyPair) -> anyhow::Result<()> {
    let pem = key
        .to_pem()
        .map_err(|e| anyhow::anyhow!("encoding the VAPID key: {e}"))?;
    key_file::create_private(path, "NIDO_VAPID_KEY_FILE", pem.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_created_key_is_private_and_reads_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keys").join("vapid.key");
        let created = load_or_create(&path).expect("created");
        let again = load_or_create(&path).expect("read back");
        assert_eq!(created.public_key(), again.public_key());
        let raw = URL_SAFE_NO_PAD
            .decode(created.public_key())
            .expect("base64url");
        assert_eq!(raw.len(), 65);
        assert_eq!(raw[0], 4, "an uncompressed point");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_file_that_is_not_a_key_stops_the_start() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("vapid.key");
        std::fs::write(&path, "not a key").expect("write");
        let err = load_or_create(&path).expect_err("refused");
        assert!(format!("{err:#}").contains("NIDO_VAPID_KEY_FILE"));
    }
}
