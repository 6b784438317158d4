//! argon2id password hashing, off the async threads (each hash takes tens of milliseconds by design).

use std::sync::LazyLock;

use argon2::{
    Argon2,
    password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash},
};

use crate::{error::ApiError, i18n::Msg};

/// argon2id v19 with the crate's defaults: m = 19 MiB, t = 2, p = 1 (OWASP's first recommendation).
fn hasher() -> Argon2<'static> {
    Argon2::default()
}

pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        hasher()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// Checks a password against a stored hash; `None` still spends the same time, so that a wrong
/// email cannot be told from a wrong password by the clock.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let has_account = stored.is_some();
        let stored = stored.as_deref().unwrap_or(&DUMMY_HASH);
        let ok = PasswordHash::new(stored)
            .map(|parsed| {
                hasher()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false);
        ok && has_account
    })
    .await
    .map_err(ApiError::internal)
}

/// The lowest zxcvbn score accepted: 3, "safely unguessable" (about 10^8 guesses or more), the
/// estimator's own advice for accounts worth protecting. It still lets a phrase such as
/// "buenas-noches" through, while "contraseña", "teamo123" or "nido1234" (score 2) are refused.
const MIN_SCORE: u8 = 3;

/// Why a new password is refused as too easy to guess, if it is. The user's name and address count
/// as known words: "ana.garcia2024" is weak for Ana García.
pub async fn too_guessable(password: &str, user_inputs: &[&str]) -> Result<Option<Msg>, ApiError> {
    let password = password.to_owned();
    let inputs: Vec<String> = user_inputs
        .iter()
        .flat_map(|input| input.split(['@', '.', ' ', '-', '_']))
        .chain(user_inputs.iter().copied())
        .chain(["nido"])
        .filter(|word| word.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    // The estimator walks many patterns: keep it off the async threads.
    tokio::task::spawn_blocking(move || {
        let words: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let score = u8::from(zxcvbn::zxcvbn(&password, &words).score());
        (score < MIN_SCORE).then_some(Msg::PasswordTooCommon)
    })
    .await
    .map_err(ApiError::internal)
}

static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    hasher()
        .hash_password(b"no account has this password")
        .map(|h| h.to_string())
        .unwrap_or_default()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn common_passwords_are_refused_and_phrases_pass() {
        for weak in [
            "12345678",
            "password1",
            "contraseña",
            "teamo123",
            "anagarcia",
            "nido1234",
        ] {
            assert_eq!(
                too_guessable(weak, &["Ana", "García", "ana@example.org"])
                    .await
                    .expect("estimate"),
                Some(Msg::PasswordTooCommon),
                "{weak}"
            );
        }
        assert_eq!(
            too_guessable("nueva-clave-segura", &["Ana"])
                .await
                .expect("estimate"),
            None
        );
    }

    #[tokio::test]
    async fn hashes_verify_only_their_password() {
        let stored = hash("correct horse".into()).await.expect("hash");
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(
            verify("correct horse".into(), Some(stored.clone()))
                .await
                .expect("verify")
        );
        assert!(
            !verify("wrong horse".into(), Some(stored))
                .await
                .expect("verify")
        );
        assert!(!verify("anything".into(), None).await.expect("verify"));
    }
}
