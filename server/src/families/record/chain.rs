//! The bytes that are hashed and signed (docs/record.md), and the walk that checks a chain. Pure:
//! `nido verify` uses it on an export with no server and no database.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The `previo` of a family's first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// RFC 8785 canonical JSON of `value`: what is stored, and hashed, as an act's content.
pub fn canonical(value: &Value) -> String {
    // Serialising a `Value` cannot fail: its keys are strings and it holds no non-finite number.
    serde_jcs::to_string(value).unwrap_or_default()
}

/// One entry as stored and exported; `hash` covers every other field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub familia: String,
    pub seq: i64,
    pub tipo: String,
    pub actor: Option<String>,
    pub hora: String,
    /// SHA-256 (hex) of the content's canonical JSON.
    pub contenido: String,
    pub previo: String,
    pub hash: String,
}

impl Entry {
    /// The hashed bytes: the canonical JSON of every field but `hash`.
    pub fn hashed_bytes(&self) -> String {
        canonical(&json!({
            "familia": self.familia,
            "seq": self.seq,
            "tipo": self.tipo,
            "actor": self.actor,
            "hora": self.hora,
            "contenido": self.contenido,
            "previo": self.previo,
        }))
    }

    pub fn computed_hash(&self) -> String {
        sha256_hex(self.hashed_bytes().as_bytes())
    }
}

/// The text a checkpoint signs, byte for byte.
pub fn checkpoint_text(familia: &str, entradas: i64, cabeza: &str, hora: &str) -> String {
    format!(
        "nido-registro v1\nfamilia {familia}\nentradas {entradas}\ncabeza {cabeza}\nhora {hora}\n"
    )
}

/// What a walk knows of an entry's content.
#[derive(Clone, Copy, Debug)]
pub enum Held<'a> {
    /// Its canonical JSON, checked against the entry's `contenido` hash.
    Content(&'a str),
    /// Erased with the person it concerned: the hash still links the chain.
    Erased,
    /// Kept from this reader (docs/record.md, "Who reads an entry's content"): it exists, but
    /// only the server, or whoever may read it, can check it against its hash.
    Withheld,
}

impl<'a> Held<'a> {
    /// Stored content, None once erased.
    pub fn stored(content: Option<&'a str>) -> Held<'a> {
        content.map_or(Held::Erased, Held::Content)
    }
}

/// Walks a family's entries in order and remembers the first one that does not hold.
#[derive(Debug)]
pub struct ChainCheck {
    familia: String,
    next_seq: i64,
    previo: String,
    /// The checkpoint's entry count, and the head it signed, checked in passing.
    checkpoint: Option<(i64, String)>,
    pub first_error: Option<i64>,
    pub entries: i64,
    pub erased: i64,
    pub withheld: i64,
}

impl ChainCheck {
    pub fn new(familia: &str, checkpoint: Option<(i64, String)>) -> Self {
        ChainCheck {
            familia: familia.to_owned(),
            next_seq: 1,
            previo: GENESIS.to_owned(),
            checkpoint,
            first_error: None,
            entries: 0,
            erased: 0,
            withheld: 0,
        }
    }

    fn fail(&mut self, seq: i64) {
        self.first_error.get_or_insert(seq);
    }

    /// One entry, with what is known of its content. Entries must come in ascending `seq`.
    pub fn push(&mut self, entry: &Entry, content: Held<'_>) {
        self.entries += 1;
        if self.first_error.is_some() {
            return;
        }
        let expected = self.next_seq;
        // A missing or moved entry shows as the first sequence number that is not where it
        // should be.
        if entry.seq != expected
            || entry.familia != self.familia
            || entry.previo != self.previo
            || entry.computed_hash() != entry.hash
        {
            self.fail(expected);
            return;
        }
        match content {
            Held::Content(text) if sha256_hex(text.as_bytes()) != entry.contenido => {
                self.fail(expected)
            }
            Held::Content(_) => {}
            Held::Erased => self.erased += 1,
            Held::Withheld => self.withheld += 1,
        }
        if let Some((count, head)) = &self.checkpoint
            && *count == entry.seq
            && *head != entry.hash
        {
            self.fail(expected);
        }
        self.previo = entry.hash.clone();
        self.next_seq += 1;
    }

    /// Ends the walk. `head` is what the family's head row says (count and hash), when known:
    /// entries removed from the end show there, and in a checkpoint that counts more entries.
    pub fn finish(mut self, head: Option<(i64, &str)>) -> ChainCheck {
        let seen = self.next_seq - 1;
        if self.first_error.is_none() {
            if let Some((count, hash)) = head
                && (count != seen || (count > 0 && hash != self.previo))
            {
                self.fail(seen.min(count) + 1);
            }
            if let Some((count, head)) = &self.checkpoint
                && (*count > seen || (*count == 0 && *head != GENESIS))
            {
                let at = seen + 1;
                self.fail(at);
            }
        }
        self
    }

    pub fn valid(&self) -> bool {
        self.first_error.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: i64) -> Vec<(Entry, String)> {
        let mut previo = GENESIS.to_owned();
        (1..=n)
            .map(|seq| {
                let content = canonical(&json!({"n": seq, "b": "ñ"}));
                let mut e = Entry {
                    familia: "f".into(),
                    seq,
                    tipo: "hijo.creado".into(),
                    actor: Some("u".into()),
                    hora: "2026-11-23T21:00:00.000Z".into(),
                    contenido: sha256_hex(content.as_bytes()),
                    previo: previo.clone(),
                    hash: String::new(),
                };
                e.hash = e.computed_hash();
                previo = e.hash.clone();
                (e, content)
            })
            .collect()
    }

    fn check(entries: &[(Entry, String)], head: Option<(i64, &str)>) -> ChainCheck {
        let mut c = ChainCheck::new("f", None);
        for (e, content) in entries {
            c.push(e, Held::Content(content));
        }
        c.finish(head)
    }

    #[test]
    fn canonical_json_sorts_keys_and_drops_spaces() {
        assert_eq!(
            canonical(&json!({"b": 1, "a": [true, null]})),
            r#"{"a":[true,null],"b":1}"#
        );
    }

    #[test]
    fn a_whole_chain_holds_and_each_break_names_its_entry() {
        let entries = chain(5);
        let head = entries[4].0.hash.clone();
        assert!(check(&entries, Some((5, &head))).valid());

        let mut changed = entries.clone();
        changed[2].0.tipo = "hijo.eliminado".into();
        assert_eq!(check(&changed, Some((5, &head))).first_error, Some(3));

        let mut removed = entries.clone();
        removed.remove(1);
        assert_eq!(check(&removed, Some((5, &head))).first_error, Some(2));

        let mut swapped = entries.clone();
        swapped.swap(1, 2);
        assert_eq!(check(&swapped, Some((5, &head))).first_error, Some(2));

        let mut tail = entries.clone();
        tail.pop();
        assert_eq!(check(&tail, Some((5, &head))).first_error, Some(5));

        let mut content = entries.clone();
        content[3].1 = canonical(&json!({"n": 99}));
        assert_eq!(check(&content, Some((5, &head))).first_error, Some(4));
    }

    #[test]
    fn erased_content_is_counted_not_broken() {
        let entries = chain(3);
        let mut c = ChainCheck::new("f", Some((3, entries[2].0.hash.clone())));
        c.push(&entries[0].0, Held::Content(&entries[0].1));
        c.push(&entries[1].0, Held::Erased);
        c.push(&entries[2].0, Held::Content(&entries[2].1));
        let c = c.finish(None);
        assert!(c.valid());
        assert_eq!(c.erased, 1);
    }

    #[test]
    fn withheld_content_is_counted_apart_and_the_links_still_hold() {
        let entries = chain(3);
        let mut c = ChainCheck::new("f", Some((3, entries[2].0.hash.clone())));
        c.push(&entries[0].0, Held::Withheld);
        c.push(&entries[1].0, Held::Erased);
        c.push(&entries[2].0, Held::Withheld);
        let c = c.finish(None);
        assert!(c.valid());
        assert_eq!((c.erased, c.withheld), (1, 2));

        // Withholding the content does not hide a change to the entry itself.
        let mut changed = entries.clone();
        changed[1].0.actor = Some("otro".into());
        let mut c = ChainCheck::new("f", None);
        for (e, _) in &changed {
            c.push(e, Held::Withheld);
        }
        assert_eq!(c.finish(None).first_error, Some(2));
    }

    #[test]
    fn a_checkpoint_past_the_end_or_off_the_chain_breaks_it() {
        let entries = chain(3);
        let mut c = ChainCheck::new("f", Some((4, "x".into())));
        for (e, t) in &entries {
            c.push(e, Held::Content(t));
        }
        assert_eq!(c.finish(None).first_error, Some(4));
        let mut c = ChainCheck::new("f", Some((2, "x".into())));
        for (e, t) in &entries {
            c.push(e, Held::Content(t));
        }
        assert_eq!(c.finish(None).first_error, Some(2));
    }
}
