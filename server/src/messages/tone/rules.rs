//! The small pattern language the lexicon is written in, and its matcher.
//!
//! A pattern is a list of slots separated by spaces, matched against consecutive words of one
//! sentence:
//! - `a|b|c` one word among these; `word*` any word starting so; `=tú` only written with its
//!   accent; `@class` any word of a class (see `lexicon::class`).
//! - `?slot` optional; `slot{3}` zero to three words of the slot.
//! - `~2` zero to two words of any kind.
//! - `^` first (the match begins its sentence), `$` last (the match ends its sentence).
//! - `!a|b` first: the word just before the match must not be one of these; last: nor the word
//!   just after it.

use std::collections::{HashMap, HashSet};

use super::text::{Word, fold_entry, skeleton_of};

/// One lexicon word, folded like the words of a message.
#[derive(Debug, Clone)]
pub struct Entry {
    folded: String,
    skeleton: String,
    prefix: bool,
    accent: bool,
}

impl Entry {
    pub fn new(spec: &str) -> Entry {
        let (spec, accent) = match spec.strip_prefix('=') {
            Some(rest) => (rest, true),
            None => (spec, false),
        };
        let (spec, prefix) = match spec.strip_suffix('*') {
            Some(rest) => (rest, true),
            None => (spec, false),
        };
        let folded = fold_entry(spec);
        let skeleton = skeleton_of(&folded);
        Entry {
            folded,
            skeleton,
            prefix,
            accent,
        }
    }

    /// Short entries match only their exact folded form: their skeletons would meet ordinary
    /// words ("ass" and "as").
    pub fn matches(&self, word: &Word) -> bool {
        if self.accent && !word.accented {
            return false;
        }
        let long = self.folded.chars().count() >= 5;
        if self.prefix {
            word.folded.starts_with(&self.folded)
                || (long && word.skeleton.starts_with(&self.skeleton))
        } else {
            word.folded == self.folded || (long && word.skeleton == self.skeleton)
        }
    }
}

/// A set of lexicon words, looked up by hash rather than one by one.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// Folded forms of whole-word entries.
    exact: HashSet<String>,
    /// Skeletons of the long whole-word entries.
    skeletons: HashSet<String>,
    /// Prefixes and accent-only entries, tried one by one.
    others: Vec<Entry>,
}

impl Words {
    pub fn new(entries: impl IntoIterator<Item = Entry>) -> Words {
        let mut words = Words::default();
        for entry in entries {
            if entry.prefix || entry.accent {
                words.others.push(entry);
            } else {
                if entry.folded.chars().count() >= 5 {
                    words.skeletons.insert(entry.skeleton.clone());
                }
                words.exact.insert(entry.folded);
            }
        }
        words
    }

    pub fn contains(&self, word: &Word) -> bool {
        self.exact.contains(&word.folded)
            || self.skeletons.contains(&word.skeleton)
            || self.others.iter().any(|e| e.matches(word))
    }
}

/// What a slot accepts.
#[derive(Debug, Clone)]
pub enum Accept {
    Entries(Words),
    Test(fn(&Word) -> bool),
    Any,
}

impl Accept {
    fn accepts(&self, word: &Word) -> bool {
        match self {
            Accept::Entries(words) => words.contains(word),
            Accept::Test(test) => test(word),
            Accept::Any => true,
        }
    }
}

/// Which patterns may begin at a word, found by hash: only those are tried there.
#[derive(Debug, Default)]
pub struct Index {
    exact: HashMap<String, Vec<usize>>,
    skeletons: HashMap<String, Vec<usize>>,
    others: Vec<(Entry, usize)>,
    always: Vec<usize>,
}

impl Index {
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a Pattern>) -> Index {
        let mut index = Index::default();
        for (n, pattern) in patterns.into_iter().enumerate() {
            match pattern.slots.first() {
                Some(Slot {
                    accept: Accept::Entries(words),
                    min,
                    ..
                }) if *min > 0 => {
                    for folded in &words.exact {
                        index.exact.entry(folded.clone()).or_default().push(n);
                    }
                    for skeleton in &words.skeletons {
                        index.skeletons.entry(skeleton.clone()).or_default().push(n);
                    }
                    for entry in &words.others {
                        index.others.push((entry.clone(), n));
                    }
                }
                _ => index.always.push(n),
            }
        }
        index
    }

    /// The patterns that may begin at this word, in order, each once.
    pub fn candidates(&self, word: &Word, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.always);
        if let Some(found) = self.exact.get(&word.folded) {
            out.extend_from_slice(found);
        }
        if let Some(found) = self.skeletons.get(&word.skeleton) {
            out.extend_from_slice(found);
        }
        out.extend(
            self.others
                .iter()
                .filter(|(entry, _)| entry.matches(word))
                .map(|(_, n)| *n),
        );
        out.sort_unstable();
        out.dedup();
    }
}

#[derive(Debug, Clone)]
struct Slot {
    accept: Accept,
    min: usize,
    max: usize,
}

/// A compiled pattern.
#[derive(Debug, Clone)]
pub struct Pattern {
    slots: Vec<Slot>,
    first: bool,
    last: bool,
    not_after: Option<Accept>,
    not_before: Option<Accept>,
}

/// Classes a pattern may name with `@`.
pub trait Classes {
    fn class(&self, name: &str) -> Option<Accept>;
}

fn parse_alternatives(spec: &str, classes: &dyn Classes) -> Accept {
    if let Some(name) = spec.strip_prefix('@') {
        return classes
            .class(name)
            .unwrap_or_else(|| panic!("the tone lexicon names an unknown class @{name}"));
    }
    Accept::Entries(Words::new(spec.split('|').map(Entry::new)))
}

impl Pattern {
    /// Compiles a pattern of the lexicon. The lexicon is part of the program, so a mistake in
    /// it is a bug caught by the tests, not an input error.
    pub fn compile(spec: &str, classes: &dyn Classes) -> Pattern {
        let mut pattern = Pattern {
            slots: Vec::new(),
            first: false,
            last: false,
            not_after: None,
            not_before: None,
        };
        for part in spec.split_whitespace() {
            if part == "^" {
                pattern.first = true;
            } else if part == "$" {
                pattern.last = true;
            } else if let Some(rest) = part.strip_prefix('!') {
                let accept = Some(parse_alternatives(rest, classes));
                if pattern.slots.is_empty() {
                    pattern.not_after = accept;
                } else {
                    pattern.not_before = accept;
                }
            } else if let Some(n) = part.strip_prefix('~') {
                let max = n.parse().unwrap_or(1);
                pattern.slots.push(Slot {
                    accept: Accept::Any,
                    min: 0,
                    max,
                });
            } else {
                let (body, optional) = match part.strip_prefix('?') {
                    Some(rest) => (rest, true),
                    None => (part, false),
                };
                let (body, repeat) = match body.strip_suffix('}').and_then(|b| b.rsplit_once('{')) {
                    Some((b, n)) => (b, n.parse::<usize>().ok()),
                    None => (body, None),
                };
                let (min, max) = match (optional, repeat) {
                    (_, Some(n)) => (0, n),
                    (true, None) => (0, 1),
                    (false, None) => (1, 1),
                };
                pattern.slots.push(Slot {
                    accept: parse_alternatives(body, classes),
                    min,
                    max,
                });
            }
        }
        pattern
    }

    /// Whether the first slot could accept this word (a quick filter before a full match).
    fn may_start_at(&self, word: &Word) -> bool {
        match self.slots.first() {
            Some(slot) if slot.min > 0 => slot.accept.accepts(word),
            _ => true,
        }
    }

    /// The words `[start, end)` of the first match beginning at `start`, if any.
    pub fn match_at(&self, words: &[Word], start: usize) -> Option<usize> {
        let word = words.get(start)?;
        if !self.may_start_at(word) {
            return None;
        }
        let sentence = word.sentence;
        let previous = start
            .checked_sub(1)
            .map(|i| &words[i])
            .filter(|w| w.sentence == sentence);
        if self.first && previous.is_some() {
            return None;
        }
        if let (Some(not_after), Some(previous)) = (&self.not_after, previous)
            && not_after.accepts(previous)
        {
            return None;
        }
        let end = self.match_slots(words, 0, start, sentence)?;
        (end > start).then_some(end)
    }

    fn match_slots(
        &self,
        words: &[Word],
        slot: usize,
        at: usize,
        sentence: usize,
    ) -> Option<usize> {
        let Some(current) = self.slots.get(slot) else {
            let next = words.get(at).filter(|w| w.sentence == sentence);
            if self.last && next.is_some() {
                return None;
            }
            if let (Some(not_before), Some(next)) = (&self.not_before, next)
                && not_before.accepts(next)
            {
                return None;
            }
            return Some(at);
        };
        // How many words from `at` this slot could take, at most.
        let mut taken = 0;
        while taken < current.max
            && words
                .get(at + taken)
                .is_some_and(|w| w.sentence == sentence && current.accept.accepts(w))
        {
            taken += 1;
        }
        if taken < current.min {
            return None;
        }
        // Gaps take as little as they can, word slots as much as they can.
        let gap = matches!(current.accept, Accept::Any);
        (0..=taken - current.min).find_map(|k| {
            let n = if gap { current.min + k } else { taken - k };
            self.match_slots(words, slot + 1, at + n, sentence)
        })
    }
}
