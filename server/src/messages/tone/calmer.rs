//! The calmer wording that can stand in place of one flagged fragment, made from the fragment's
//! own words: the parent sees what their sentence would say, not only advice about it.
//!
//! Insults, threats and contempt have no calmer form: leaving them out is the calmer wording.
//! Shouting keeps its words in sentence case; absolutes become a specific, non-absolute wording
//! that keeps the verb, in a tense that fits what comes around it (an English "never" before a
//! past verb reaches that verb, which becomes a participle after "haven't"; Spanish drops the
//! pronoun, "vos" or "tú", and says the "no" the verb needs); blame becomes a neutral account of
//! what happened. When a fragment's words
//! do not fit any of these shapes there is no replacement, only the advice.

use super::{Fragmento, Idioma, ToneCategory, lexicon::past_participle_en, text::fold_entry};

/// A word of the fragment as written, and its folded form for comparing.
struct Piece {
    written: String,
    folded: String,
}

fn pieces_of(fragment: &str) -> Vec<Piece> {
    fragment
        .split_whitespace()
        .map(|w| Piece {
            // A word in capitals is shouting, flagged on its own; the calmer wording is not.
            written: if is_capitals(w) {
                w.to_lowercase()
            } else {
                w.to_owned()
            },
            folded: fold_entry(w.trim_matches(|c: char| !c.is_alphanumeric())),
        })
        .collect()
}

/// The calmer wording for one fragment of a text (its characters), or `None` when none can be
/// made from it.
pub fn calmer_wording(chars: &[char], f: &Fragmento, idioma: Idioma) -> Option<String> {
    let fragment: String = chars.get(f.inicio..f.fin)?.iter().collect();
    let opens = opens_sentence(chars.get(..f.inicio)?);
    let continues = clause_goes_on(chars.get(f.fin..)?);
    if f.categoria == ToneCategory::Absolute
        && idioma == Idioma::Es
        && follows_no(chars.get(..f.inicio)?)
        && let Some(calmer) = negated_absolute_es(&pieces_of(&fragment))
    {
        return Some(with_case_of(&fragment, opens, &calmer));
    }
    reemplazo(&fragment, opens, continues, f.categoria, idioma)
}

/// Whether the word just before a fragment is "no" ("vos no | llegás nunca").
fn follows_no(before: &[char]) -> bool {
    let text: String = before.iter().collect();
    let mut words = text.split_whitespace().rev();
    words.next().is_some_and(|w| fold_entry(w) == "no")
}

/// "no | llegás nunca" → "no | siempre llegás": one verb and "nunca" (or "jamás") after a "no"
/// reads best turned around, as what does not always happen. With more words between them
/// ("no hacés nada nunca") the general wording stays.
fn negated_absolute_es(pieces: &[Piece]) -> Option<String> {
    match pieces {
        [verb, absolute] if matches!(absolute.folded.as_str(), "nunca" | "jamas") => {
            Some(format!("siempre {}", verb.written))
        }
        _ => None,
    }
}

fn is_capitals(word: &str) -> bool {
    word.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !word.chars().any(char::is_lowercase)
}

/// The wording to put in place of `fragment`, or `None` when none can be made from it.
fn reemplazo(
    fragment: &str,
    opens_sentence: bool,
    continues: bool,
    categoria: ToneCategory,
    idioma: Idioma,
) -> Option<String> {
    let calmer = match categoria {
        ToneCategory::Insult | ToneCategory::Threat | ToneCategory::Contempt => {
            return Some(String::new());
        }
        ToneCategory::Shouting => return Some(sentence_case(fragment, opens_sentence, idioma)),
        ToneCategory::Absolute => match idioma {
            Idioma::Es => absolute_es(&pieces_of(fragment)),
            Idioma::En => absolute_en(&pieces_of(fragment)),
        },
        ToneCategory::Blame => match idioma {
            Idioma::Es => blame_es(&pieces_of(fragment), continues),
            Idioma::En => blame_en(&pieces_of(fragment), continues),
        },
    }?;
    Some(with_case_of(fragment, opens_sentence, &calmer))
}

/// Whether the characters before `inicio` end a sentence (or there are none).
fn opens_sentence(before: &[char]) -> bool {
    before
        .iter()
        .rev()
        .find(|c| !c.is_whitespace() && !matches!(c, '"' | '«' | '“' | '(' | '¡' | '¿'))
        .is_none_or(|c| matches!(c, '.' | '!' | '?' | '…' | ';' | ':'))
        || before.last().is_some_and(|&c| c == '\n')
}

/// Whether words of the same clause follow the fragment ("it's your fault | she's upset").
fn clause_goes_on(after: &[char]) -> bool {
    after
        .iter()
        .find(|c| !matches!(c, ' ' | '\t'))
        .is_some_and(|c| c.is_alphanumeric())
}

/// Lower case with a capital only where a sentence begins, and every run of "!" or "?" cut to
/// its first mark.
fn sentence_case(fragment: &str, opens_sentence: bool, idioma: Idioma) -> String {
    let mut out = String::with_capacity(fragment.len());
    let mut capital_next = opens_sentence;
    let mut previous_mark = false;
    for c in fragment.chars() {
        let mark = matches!(c, '!' | '?' | '¡' | '¿');
        if mark && previous_mark {
            continue;
        }
        previous_mark = mark;
        if c.is_alphabetic() {
            if capital_next {
                out.extend(c.to_uppercase());
                capital_next = false;
            } else {
                out.extend(c.to_lowercase());
            }
        } else {
            if matches!(c, '.' | '!' | '?') {
                capital_next = true;
            }
            out.push(c);
        }
    }
    if idioma == Idioma::En {
        out = english_i_stays_capital(&out);
    }
    out
}

/// "i", "i'm", "i'll" are written with a capital in English wherever they stand.
fn english_i_stays_capital(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (n, &c) in chars.iter().enumerate() {
        let alone_before = n == 0 || !chars[n - 1].is_alphanumeric();
        let alone_after = chars
            .get(n + 1)
            .is_none_or(|&d| !d.is_alphanumeric() || d == '\'' || d == '’');
        let ends_apostrophe = chars.get(n + 1).is_some_and(|&d| d == '\'' || d == '’');
        if c == 'i' && alone_before && (alone_after || ends_apostrophe) {
            out.push('I');
        } else {
            out.push(c);
        }
    }
    out
}

/// The first letter of the calmer wording follows the first letter of the fragment: a capital
/// where the fragment began a sentence, lower case inside one.
fn with_case_of(fragment: &str, opens_sentence: bool, calmer: &str) -> String {
    let capital = opens_sentence
        || fragment.chars().next().is_some_and(|c| {
            c.is_uppercase() && fragment.chars().nth(1).is_some_and(char::is_lowercase)
        });
    let mut chars = calmer.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let rest: String = chars.collect();
    let keeps_capital = rest.is_empty() || rest.starts_with([' ', '\'', '’']);
    if capital {
        first.to_uppercase().chain(rest.chars()).collect()
    } else if first == 'I' && keeps_capital {
        calmer.to_owned()
    } else {
        first.to_lowercase().chain(rest.chars()).collect()
    }
}

fn join(words: &[String]) -> String {
    words.join(" ")
}

fn written(pieces: &[Piece]) -> Vec<String> {
    pieces.iter().map(|p| p.written.clone()).collect()
}

/// The written words after the first `n`.
fn rest_after(pieces: &[Piece], n: usize) -> Vec<String> {
    written(pieces.get(n..).unwrap_or_default())
}

fn lower_first(word: &str) -> String {
    if word == "I" || word.starts_with("I'") || word.starts_with("I’") {
        return word.to_owned();
    }
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---- Absolutes

/// "vos nunca llegás" → "últimamente no llegás"; "tú nunca me diste" → "últimamente no me
/// diste"; "ya nunca me llamas" → "últimamente ya no me llamas"; "nunca más me llamaste" →
/// "últimamente no me llamaste"; "siempre llegás tarde" → "a veces llegás tarde"; "me gritás todo
/// el tiempo" → "me gritás a veces"; "cada vez que…" → "a veces, cuando…".
fn absolute_es(pieces: &[Piece]) -> Option<String> {
    let folded: Vec<&str> = pieces.iter().map(|p| p.folded.as_str()).collect();
    if folded.starts_with(&["cada", "vez", "que"]) {
        let mut out = vec!["a veces, cuando".to_owned()];
        out.extend(rest_after(pieces, 3));
        return Some(join(&out));
    }
    if folded.starts_with(&["todas", "las"]) && folded.len() >= 3 {
        let skip = if folded.get(3) == Some(&"que") { 4 } else { 3 };
        let mut out = vec!["a veces, cuando".to_owned()];
        out.extend(rest_after(pieces, skip));
        return Some(join(&out));
    }
    if let Some(at) = folded.iter().position(|w| *w == "todo")
        && folded.get(at + 1) == Some(&"el")
    {
        let end = if folded.get(at + 2) == Some(&"tiempo") {
            at + 3
        } else {
            at + 4
        };
        let mut out = written(&pieces[..at]);
        out.push("a veces".to_owned());
        out.extend(rest_after(pieces, end));
        return Some(join(&out));
    }
    let at = folded
        .iter()
        .position(|w| matches!(*w, "siempre" | "nunca" | "jamas"))?;
    // The pronoun before the absolute goes: Spanish says who by the verb, with "vos" or "tú".
    let lead = folded[..at]
        .iter()
        .take_while(|w| matches!(**w, "vos" | "tu"))
        .count();
    let mut out: Vec<String> = written(&pieces[lead..at]);
    let has_no = out.iter().any(|w| fold_entry(w) == "no");
    // "nunca jamás", "nunca más" say the absolute twice: both words go.
    let mut after = at + 1;
    if folded[at] != "siempre" {
        while folded
            .get(after)
            .is_some_and(|w| matches!(*w, "jamas" | "nunca" | "mas"))
        {
            after += 1;
        }
    }
    let at_end = after == pieces.len();
    // A verb before the absolute ("llegás nunca") already carries the "no" it needs, or needs
    // none; nothing before it ("vos nunca | me diste") needs the "no" in the calmer words.
    let verb_before = !out.is_empty();
    let ya = out.iter().position(|w| fold_entry(w) == "ya");
    let calmer = match (folded[at], has_no, at_end && verb_before) {
        ("siempre", true, _) => {
            out.retain(|w| fold_entry(w) != "no");
            "a veces no"
        }
        ("siempre", false, _) => "a veces",
        // "ya nunca me llamás" → "últimamente ya no me llamás".
        (_, false, false) if ya.is_some() => {
            out.retain(|w| fold_entry(w) != "ya");
            "últimamente ya no"
        }
        (_, _, true) => "últimamente",
        (_, true, false) => "últimamente",
        (_, false, false) => "últimamente no",
    };
    if out.is_empty() || at_end {
        out.push(calmer.to_owned());
    } else {
        out.insert(0, calmer.to_owned());
    }
    out.extend(rest_after(pieces, after));
    Some(join(&out))
}

const BE_EN: &[&str] = &["are", "re", "were", "r", "youre", "be"];

/// The words after a "never" (which the analysis made reach a past verb): "ever" goes, and a
/// past verb becomes its participle, to follow "haven't". Gives the words and whether the verb
/// was in the past.
fn after_never(pieces: &[Piece]) -> (Vec<String>, bool) {
    let kept: Vec<&Piece> = pieces.iter().filter(|p| p.folded != "ever").collect();
    let mut past = false;
    let words = kept
        .iter()
        .enumerate()
        .map(|(n, p)| {
            let last = n + 1 == kept.len();
            match past_participle_en(&p.folded) {
                Some(participle) if last => {
                    past = true;
                    if participle == p.folded {
                        p.written.clone()
                    } else {
                        participle.to_owned()
                    }
                }
                _ => p.written.clone(),
            }
        })
        .collect();
    (words, past)
}

/// "you always" → "you often"; "you never" → "lately you don't"; "you never called" → "lately
/// you haven't called"; "you never came" → "lately you haven't come"; "you're never" → "lately
/// you're not"; "why don't you ever" → "why don't you"; "every single time you" → "sometimes,
/// when you"; "not once did you" → "lately you didn't"; "you never once called" → "lately you
/// haven't called".
fn absolute_en(pieces: &[Piece]) -> Option<String> {
    let folded: Vec<&str> = pieces.iter().map(|p| p.folded.as_str()).collect();
    if folded.starts_with(&["every", "single", "time"]) {
        let mut out = vec!["sometimes, when".to_owned()];
        out.extend(rest_after(pieces, 3));
        return Some(join(&out));
    }
    if folded.starts_with(&["not", "once"]) && folded.len() >= 4 {
        let aux = if folded[2] == "have" {
            "haven't"
        } else {
            "didn't"
        };
        let mut out = vec![
            "lately".to_owned(),
            lower_first(&pieces[3].written),
            aux.to_owned(),
        ];
        out.extend(rest_after(pieces, 4));
        return Some(join(&out));
    }
    if let Some(at) = folded.windows(2).position(|w| w == ["never", "once"]) {
        let who = lower_first(
            pieces[0]
                .written
                .trim_end_matches(|c: char| c != 'u' && c != 'U'),
        );
        let (rest, past) = after_never(pieces.get(at + 2..).unwrap_or_default());
        let aux = if at > 1 || folded[0] == "youve" || past {
            "haven't"
        } else {
            "didn't"
        };
        let mut out = vec!["lately".to_owned(), who, aux.to_owned()];
        out.extend(rest);
        return Some(join(&out));
    }
    if let Some(at) = folded.windows(3).position(|w| w == ["all", "the", "time"]) {
        let mut out = written(&pieces[..at]);
        out.push("often".to_owned());
        out.extend(rest_after(pieces, at + 3));
        return Some(join(&out));
    }
    if folded.first() == Some(&"why") {
        return Some(why_en(pieces, &folded));
    }
    let at = folded
        .iter()
        .position(|w| matches!(*w, "always" | "never" | "constantly"))?;
    let mut out = written(&pieces[..at]);
    if folded[at] == "never" {
        let be = folded[..at].iter().any(|w| BE_EN.contains(w));
        let (rest, past) = after_never(pieces.get(at + 1..).unwrap_or_default());
        out.push(
            match (be, past) {
                (true, _) => "not",
                (false, true) => "haven't",
                (false, false) => "don't",
            }
            .to_owned(),
        );
        if let Some(first) = out.first_mut() {
            *first = lower_first(first);
        }
        out.insert(0, "lately".to_owned());
        out.extend(rest);
        return Some(join(&out));
    }
    out.push("often".to_owned());
    out.extend(rest_after(pieces, at + 1));
    Some(join(&out))
}

/// "why do you always" → "why do you often"; "why do you never" → "why don't you".
fn why_en(pieces: &[Piece], folded: &[&str]) -> String {
    let mut out = Vec::new();
    let never = folded.contains(&"never");
    for (piece, word) in pieces.iter().zip(folded) {
        match *word {
            "always" => out.push("often".to_owned()),
            "never" | "ever" => {}
            "do" | "does" | "did" | "are" if never => out.push(format!("{}n't", piece.written)),
            _ => out.push(piece.written.clone()),
        }
    }
    join(&out)
}

// ---- Blame

/// "la culpa es tuya" → "esto pasó"; "por tu culpa" → "por lo que pasó"; "gracias a vos la nena
/// lloró" → "por lo que pasó la nena lloró"; "lo arruinaste" → "se arruinó"; "la hiciste llorar"
/// → "lloró".
fn blame_es(pieces: &[Piece], continues: bool) -> Option<String> {
    let folded: Vec<&str> = pieces.iter().map(|p| p.folded.as_str()).collect();
    let last = *folded.last()?;
    if folded.starts_with(&["por", "tu", "culpa"]) {
        return Some("por lo que pasó".to_owned());
    }
    if folded.starts_with(&["gracias", "a"])
        || folded.starts_with(&["es", "por"])
        || folded.starts_with(&["fue", "por"])
    {
        let skip = folded.iter().position(|w| matches!(*w, "vos" | "ti"))? + 1;
        let skip = if folded.get(skip) == Some(&"que") {
            skip + 1
        } else {
            skip
        };
        let mut out = vec!["por lo que pasó".to_owned()];
        out.extend(rest_after(pieces, skip));
        return Some(join(&out));
    }
    // "es tu culpa que no fuera al acto" → "esto hizo que no fuera al acto".
    if continues && matches!(folded[0], "es" | "fue" | "era") && folded.contains(&"culpa") {
        return Some(
            if folded[0] == "es" {
                "esto hace"
            } else {
                "esto hizo"
            }
            .to_owned(),
        );
    }
    if (last == "culpa" && folded.contains(&"tu"))
        || last == "tuya"
        || last == "tuyo"
        || last == "vuestra"
    {
        return Some(
            if folded[0] == "culpa" {
                "lo que pasó"
            } else {
                "esto pasó"
            }
            .to_owned(),
        );
    }
    if let Some(at) = folded
        .iter()
        .position(|w| matches!(*w, "arruinaste" | "arruinas" | "cagaste" | "jodiste"))
    {
        let mut out = vec!["se arruinó".to_owned()];
        out.extend(rest_after(pieces, at + 1));
        return Some(join(&out));
    }
    let plural = matches!(folded[0], "los" | "las");
    match (last, plural) {
        ("llorar", false) => Some("lloró".to_owned()),
        ("llorar", true) => Some("lloraron".to_owned()),
        ("sufrir", false) => Some("sufrió".to_owned()),
        ("sufrir", true) => Some("sufrieron".to_owned()),
        _ => None,
    }
}

/// "it's your fault" → "this happened"; "because of you" → "because of what happened"; "you
/// made her cry" → "she cried"; "that's on you" → "this happened".
fn blame_en(pieces: &[Piece], continues: bool) -> Option<String> {
    let folded: Vec<&str> = pieces.iter().map(|p| p.folded.as_str()).collect();
    let last = *folded.last()?;
    if last == "fault" {
        // "it's your fault she's upset" → "this is why she's upset".
        let calmer = match (continues, folded.len() > 2) {
            (true, true) => "this is why",
            (_, false) => "what happened",
            (false, true) => "this happened",
        };
        return Some(calmer.to_owned());
    }
    if folded == ["because", "of", "you"] {
        return Some("because of what happened".to_owned());
    }
    if folded.starts_with(&["thanks", "to", "you"]) {
        let mut out = vec!["because of what happened,".to_owned()];
        out.extend(rest_after(pieces, 3));
        return Some(join(&out));
    }
    if folded.starts_with(&["you", "made"]) && last == "cry" && folded.len() == 4 {
        let who = match folded[2] {
            "her" => "she",
            "him" => "he",
            "them" => "they",
            _ => "I",
        };
        return Some(format!("{who} cried"));
    }
    if (last == "you" && folded.contains(&"on")) || folded == ["you", "did", "this"] {
        return Some("this happened".to_owned());
    }
    if folded.contains(&"reason") {
        return Some("what happened is the reason".to_owned());
    }
    None
}
