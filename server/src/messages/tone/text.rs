//! A message cut into words, each in a folded form that the lexicon can match: lower case, no
//! accents, digits and symbols read as the letters they stand for ("1d10t", "@" for a), runs of a
//! repeated letter shortened ("idiotaaa"). Every word keeps its place in the ORIGINAL text, counted
//! in characters, so what is flagged can be pointed at exactly.

/// One word of the message.
#[derive(Debug, Clone)]
pub struct Word {
    /// Folded form: lower case, accents removed, look-alike digits read as letters, runs of three
    /// or more of one letter cut to one.
    pub folded: String,
    /// The folded form with every doubled letter cut to one, for matching longer lexicon entries
    /// against spellings such as "idiotaa".
    pub skeleton: String,
    /// First character of the word in the original text.
    pub start: usize,
    /// One past its last character.
    pub end: usize,
    /// Written in capitals (at least two letters, none lower case).
    pub capitals: bool,
    /// Ends in an accented vowel followed by "s" ("llegás", "hacés", "decís"): the rioplatense
    /// second person.
    pub voseo_ending: bool,
    /// Carries an accent somewhere ("tú", "qué"), which tells a pronoun from a possessive.
    pub accented: bool,
    /// Which sentence it belongs to; sentences end at . ! ? ; and line breaks.
    pub sentence: usize,
    /// Number of letters (for the shouting rule).
    pub letters: usize,
    /// Begins with a capital letter (a name, when it is not the first word of its sentence).
    pub initial_capital: bool,
    /// First word of its sentence.
    pub opens_sentence: bool,
}

/// A run of "!" or "?" three or more long, in characters of the original text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkRun {
    pub start: usize,
    pub end: usize,
    pub sentence: usize,
}

/// The words of a message and its runs of repeated marks.
#[derive(Debug, Default)]
pub struct Text {
    pub words: Vec<Word>,
    pub mark_runs: Vec<MarkRun>,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '@' | '$' | '\'' | '’')
}

fn ends_sentence(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | ';' | '\n' | '¡' | '¿' | '…')
}

/// Lower case without accents; `None` for characters dropped from the folded form.
fn fold_char(c: char, has_letters: bool, out: &mut String) {
    if matches!(c, '\'' | '’') {
        return;
    }
    if has_letters {
        let seen_as = match c {
            '0' => Some('o'),
            '1' => Some('i'),
            '3' => Some('e'),
            '4' | '@' => Some('a'),
            '5' | '$' => Some('s'),
            '7' => Some('t'),
            _ => None,
        };
        if let Some(letter) = seen_as {
            out.push(letter);
            return;
        }
    }
    for lower in c.to_lowercase() {
        out.push(strip_accent(lower));
    }
}

fn strip_accent(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        'ç' => 'c',
        other => other,
    }
}

fn is_accented_vowel(c: char) -> bool {
    matches!(c, 'á' | 'é' | 'í' | 'ó' | 'ú' | 'Á' | 'É' | 'Í' | 'Ó' | 'Ú')
}

/// Cuts every run of one letter longer than `keep` down to a single letter.
fn shorten_runs(s: &str, keep: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let mut j = i;
        while j < chars.len() && chars[j] == c {
            j += 1;
        }
        let run = j - i;
        let take = if c.is_alphabetic() && run > keep {
            1
        } else {
            run
        };
        for _ in 0..take {
            out.push(c);
        }
        i = j;
    }
    out
}

/// The skeleton of a lexicon entry or a word: every doubled letter cut to one.
pub fn skeleton_of(folded: &str) -> String {
    shorten_runs(folded, 1)
}

/// Folds a lexicon entry the same way as a word of a message.
pub fn fold_entry(entry: &str) -> String {
    let has_letters = entry.chars().any(char::is_alphabetic);
    let mut out = String::new();
    for c in entry.chars() {
        fold_char(c, has_letters, &mut out);
    }
    shorten_runs(&out, 2)
}

fn make_word(chars: &[char], start: usize, end: usize, sentence: usize) -> Option<Word> {
    // Apostrophes and symbols at the edges belong to the punctuation, not the word.
    let mut a = start;
    let mut b = end;
    while a < b && matches!(chars[a], '\'' | '’' | '$') {
        a += 1;
    }
    while b > a && matches!(chars[b - 1], '\'' | '’') {
        b -= 1;
    }
    if a == b {
        return None;
    }
    let slice = &chars[a..b];
    let letters = slice.iter().filter(|c| c.is_alphabetic()).count();
    let has_letters = letters > 0;
    let mut raw = String::new();
    for &c in slice {
        fold_char(c, has_letters, &mut raw);
    }
    let folded = shorten_runs(&raw, 2);
    let skeleton = skeleton_of(&folded);
    let capitals = letters >= 2
        && slice
            .iter()
            .filter(|c| c.is_alphabetic())
            .all(|c| !c.is_lowercase());
    let n = slice.len();
    let voseo_ending =
        n >= 3 && matches!(slice[n - 1], 's' | 'S') && is_accented_vowel(slice[n - 2]);
    let accented = slice.iter().any(|&c| is_accented_vowel(c));
    Some(Word {
        folded,
        skeleton,
        start: a,
        end: b,
        capitals,
        voseo_ending,
        accented,
        sentence,
        letters,
        initial_capital: slice[0].is_uppercase(),
        opens_sentence: false,
    })
}

impl Text {
    pub fn read(original: &str) -> Text {
        let chars: Vec<char> = original.chars().collect();
        let mut text = Text::default();
        let mut sentence = 0;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if is_word_char(c) {
                let start = i;
                while i < chars.len() && is_word_char(chars[i]) {
                    i += 1;
                }
                if let Some(mut word) = make_word(&chars, start, i, sentence) {
                    word.opens_sentence = text.words.last().is_none_or(|w| w.sentence != sentence);
                    text.words.push(word);
                }
                continue;
            }
            if matches!(c, '!' | '?') {
                let start = i;
                while i < chars.len() && matches!(chars[i], '!' | '?' | '¡' | '¿') {
                    i += 1;
                }
                if i - start >= 3 {
                    text.mark_runs.push(MarkRun {
                        start,
                        end: i,
                        sentence,
                    });
                }
                sentence += 1;
                continue;
            }
            // A point between digits ("18.30", "1.500") does not end a sentence.
            let between_digits = c == '.'
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
            if ends_sentence(c) && !between_digits {
                sentence += 1;
            }
            i += 1;
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(s: &str) -> Vec<String> {
        Text::read(s).words.into_iter().map(|w| w.folded).collect()
    }

    #[test]
    fn folding_removes_accents_case_and_look_alike_digits() {
        assert_eq!(folded("Sos un INÚTIL"), ["sos", "un", "inutil"]);
        assert_eq!(folded("1nut1l stup1d 1d10t"), ["inutil", "stupid", "idiot"]);
        assert_eq!(folded("p3lotud@"), ["pelotuda"]);
        assert_eq!(folded("idiotaaaa"), ["idiota"]);
        assert_eq!(folded("you're"), ["youre"]);
        // Numbers on their own stay numbers.
        assert_eq!(folded("a las 18:30"), ["a", "las", "18", "30"]);
    }

    #[test]
    fn skeleton_cuts_doubled_letters() {
        assert_eq!(skeleton_of("idiotaa"), "idiota");
        assert_eq!(skeleton_of("llegar"), "legar");
    }

    #[test]
    fn offsets_count_characters_of_the_original() {
        let text = Text::read("👋 ¡Hola, inútil!");
        let last = text.words.last().expect("a word");
        assert_eq!(last.folded, "inutil");
        assert_eq!((last.start, last.end), (9, 15));
    }

    #[test]
    fn voseo_and_sentences_are_noticed() {
        let text = Text::read("Nunca llegás. Vos sabés");
        assert!(text.words[1].voseo_ending);
        assert_eq!(text.words[2].sentence, 1);
        assert!(!text.words[0].voseo_ending);
    }

    #[test]
    fn repeated_marks_are_runs() {
        let text = Text::read("Contestá!!! ya?!?");
        assert_eq!(text.mark_runs.len(), 2);
        assert_eq!((text.mark_runs[0].start, text.mark_runs[0].end), (8, 11));
    }
}
