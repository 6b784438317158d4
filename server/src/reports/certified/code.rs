//! A report's verification code: 16 characters of Crockford's base32 (no I, L, O or U, so
//! nothing reads as another), in four groups, from the SHA-256 of what identifies the report.
//! The file's own hash cannot be printed inside the file; the server keeps both side by side.

use chrono::{DateTime, SecondsFormat, Utc};
use sha2::{Digest, Sha256};

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

pub fn of(informe: &str, familia: &str, usuario: &str, issued: DateTime<Utc>) -> String {
    let digest = Sha256::digest(
        format!(
            "nido-informe v1\n{informe}\n{familia}\n{usuario}\n{}",
            issued.to_rfc3339_opts(SecondsFormat::Millis, true)
        )
        .as_bytes(),
    );
    // 80 bits: the first ten bytes, five bits at a time.
    let mut bits: u128 = 0;
    for byte in &digest[..10] {
        bits = (bits << 8) | u128::from(*byte);
    }
    let mut code = String::with_capacity(19);
    for i in 0..16 {
        if i > 0 && i % 4 == 0 {
            code.push('-');
        }
        let index = ((bits >> (75 - 5 * i)) & 0x1f) as usize;
        code.push(char::from(ALPHABET[index]));
    }
    code
}

/// `text` as a code, whatever its case, spaces or dashes: None when it cannot be one.
pub fn normalize(text: &str) -> Option<String> {
    let letters: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if letters.len() != 16 || !letters.bytes().all(|b| ALPHABET.contains(&b)) {
        return None;
    }
    Some(
        letters
            .as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join("-"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_four_groups_of_four_and_reads_back() {
        let at = DateTime::parse_from_rfc3339("2026-11-29T15:00:00Z")
            .map(|d| d.with_timezone(&Utc))
            .unwrap_or_default();
        let code = of("r1", "f1", "u1", at);
        assert_eq!(code.len(), 19);
        assert_eq!(code.matches('-').count(), 3);
        assert_eq!(
            normalize(&code.to_lowercase().replace('-', " ")),
            Some(code.clone())
        );
        assert_ne!(code, of("r2", "f1", "u1", at));
        assert_eq!(normalize("ABCD-EFGH-IJKL-MNOP"), None);
        assert_eq!(normalize("ABC"), None);
    }
}
