//! Row ids and secret tokens.

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new time-ordered UUIDv7, as the string every table uses for its id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A fresh 256-bit secret, URL-safe, to hand to a client once.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a secret: its SHA-256, hex. Secrets are random and long, so a fast hash suffices.
pub fn hash_secret(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_unique_and_hash_stably() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(hash_secret(&a), hash_secret(&a));
        assert_eq!(hash_secret(&a).len(), 64);
        assert_ne!(hash_secret(&a), hash_secret(&b));
    }
}
