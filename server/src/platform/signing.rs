//! The server's Ed25519 signing key: kept in a file (PKCS#8 PEM, what `openssl pkey` reads), never
//! in the database, so that someone who can write to the database cannot sign what they wrote.
//! Knows nothing of what is signed.

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use anyhow::Context;
use base64::{Engine, engine::general_purpose::STANDARD};
use ed25519_dalek::{
    Signature, Signer, SigningKey, VerifyingKey,
    pkcs8::{DecodePrivateKey, EncodePrivateKey, EncodePublicKey, spki::der::pem::LineEnding},
};
use rand::RngCore;
use sha2::{Digest, Sha256};

use super::key_file;

/// The key a server signs with, and what others need to check its signatures.
#[derive(Clone)]
pub struct Signer25519 {
    key: Arc<SigningKey>,
}

impl std::fmt::Debug for Signer25519 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private half.
        f.debug_struct("Signer25519")
            .field("key_id", &self.key_id())
            .finish()
    }
}

impl Signer25519 {
    pub fn from_key(key: SigningKey) -> Self {
        Signer25519 { key: Arc::new(key) }
    }

    /// A fresh random key; only written anywhere by `create` / `rotate`.
    pub fn generate() -> Self {
        let mut seed = [0u8; 32];
        rand::rng().fill_bytes(&mut seed);
        Self::from_key(SigningKey::from_bytes(&seed))
    }

    pub fn sign(&self, message: &[u8]) -> [u8; 64] {
        self.key.sign(message).to_bytes()
    }

    pub fn public_key(&self) -> [u8; 32] {
        self.key.verifying_key().to_bytes()
    }

    /// The public key in base64 (its 32 raw bytes).
    pub fn public_key_base64(&self) -> String {
        STANDARD.encode(self.public_key())
    }

    /// A short name for the public key: the first 16 hex digits of its SHA-256.
    pub fn key_id(&self) -> String {
        key_id(&self.public_key())
    }

    fn to_pem(&self) -> anyhow::Result<String> {
        let pem = self
            .key
            .to_pkcs8_pem(LineEnding::LF)
            .map_err(|e| anyhow::anyhow!("encoding the signing key: {e}"))?;
        Ok(pem.to_string())
    }
}

pub fn key_id(public_key: &[u8; 32]) -> String {
    let digest = Sha256::digest(public_key);
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// The public key as a PEM `PUBLIC KEY` block (SubjectPublicKeyInfo), for `openssl pkeyutl`.
pub fn public_key_pem(public_key: &[u8; 32]) -> Option<String> {
    VerifyingKey::from_bytes(public_key)
        .ok()?
        .to_public_key_pem(LineEnding::LF)
        .ok()
}

/// Whether `signature` is `public_key`'s signature of `message` (strict: no malleable forms).
pub fn verify(public_key: &[u8; 32], message: &[u8], signature: &[u8]) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(public_key) else {
        return false;
    };
    let Ok(signature) = Signature::from_slice(signature) else {
        return false;
    };
    key.verify_strict(message, &signature).is_ok()
}

/// Reads the key at `path`, creating it (mode 0600) when there is no file yet. A file that is
/// there but unreadable or not a key stops the start: making a new key would silently end the
/// old one's signatures.
pub fn load_or_create(path: &Path) -> anyhow::Result<Signer25519> {
    match std::fs::read_to_string(path) {
        Ok(pem) => parse(path, &pem),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            let signer = Signer25519::generate();
            write_new(path, &signer)?;
            tracing::info!(path = %path.display(), key = %signer.key_id(), "signing key created");
            Ok(signer)
        }
        Err(err) => Err(err)
            .with_context(|| format!("NIDO_SIGNING_KEY_FILE: cannot read {}", path.display())),
    }
}

fn parse(path: &Path, pem: &str) -> anyhow::Result<Signer25519> {
    let key = SigningKey::from_pkcs8_pem(pem).map_err(|e| {
        anyhow::anyhow!(
            "NIDO_SIGNING_KEY_FILE: {} is not an Ed25519 private key in PKCS#8 PEM ({e})",
            path.display()
        )
    })?;
    Ok(Signer25519::from_key(key))
}

/// Writes a new key beside the old one and renames it into place, keeping the old file as
/// `<name>.<key id>.old` so that a mistaken rotation can be undone. Gives back the new key.
pub fn rotate(path: &Path) -> anyhow::Result<(Option<Signer25519>, Signer25519)> {
    let old = match std::fs::read_to_string(path) {
        Ok(pem) => Some(parse(path, &pem)?),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => {
            return Err(err).with_context(|| format!("cannot read {}", path.display()));
        }
    };
    let new = Signer25519::generate();
    let staged = sibling(path, "new");
    write_new(&staged, &new)?;
    if let Some(old) = &old {
        let kept = sibling(path, &format!("{}.old", old.key_id()));
        std::fs::copy(path, &kept)
            .with_context(|| format!("cannot keep the old key as {}", kept.display()))?;
    }
    std::fs::rename(&staged, path)
        .with_context(|| format!("cannot put the new key at {}", path.display()))?;
    Ok((old, new))
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

fn write_new(path: &Path, signer: &Signer25519) -> anyhow::Result<()> {
    key_file::create_private(path, "NIDO_SIGNING_KEY_FILE", signer.to_pem()?.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_created_key_is_private_and_reads_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keys").join("signing.pem");
        let created = load_or_create(&path).expect("created");
        let again = load_or_create(&path).expect("read back");
        assert_eq!(created.public_key(), again.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let signature = created.sign(b"hola");
        assert!(verify(&created.public_key(), b"hola", &signature));
        assert!(!verify(&created.public_key(), b"hola!", &signature));
        assert!(!verify(
            &Signer25519::generate().public_key(),
            b"hola",
            &signature
        ));
    }

    #[test]
    fn a_file_that_is_not_a_key_stops_the_start() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("signing.pem");
        std::fs::write(&path, "not a key").expect("write");
        let err = load_or_create(&path).expect_err("refused");
        assert!(format!("{err:#}").contains("NIDO_SIGNING_KEY_FILE"));
    }

    #[test]
    fn rotating_keeps_the_old_key_aside() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("signing.pem");
        let first = load_or_create(&path).expect("created");
        let (old, new) = rotate(&path).expect("rotated");
        assert_eq!(old.map(|o| o.public_key()), Some(first.public_key()));
        assert_eq!(
            load_or_create(&path).expect("read").public_key(),
            new.public_key()
        );
        assert!(
            dir.path()
                .join(format!("signing.pem.{}.old", first.key_id()))
                .exists()
        );
    }
}
