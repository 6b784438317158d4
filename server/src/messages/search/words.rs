//! What a person typed in the search box, turned into queries the full-text engines cannot read as
//! syntax, and the excerpt shown under each result.
//!
//! Every word goes in quoted, so `OR`, `NEAR(`, `*`, `-` or `:` are only text; the engines then
//! split a quoted word the way they split the indexed text ("e-mail", "l'eau"), which keeps query
//! and index in step. The last word is matched as a prefix, as people search while typing.

/// The longest query, in characters.
pub const MAX_CHARS: usize = 200;

/// The longest excerpt, in characters, ellipses included.
pub const FRAGMENT_CHARS: usize = 200;

/// How much of the excerpt, at most, comes before the first match.
const LEAD_CHARS: usize = 60;

/// The words of a query that hold something to search for (at least one letter or digit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words(Vec<String>);

impl Words {
    /// None when no word holds a letter or digit: nothing could match. Control characters part
    /// words like spaces: neither engine takes a NUL inside a query's text.
    pub fn parse(query: &str) -> Option<Words> {
        let words: Vec<String> = query
            .split(|c: char| c.is_whitespace() || c.is_control())
            .filter(|w| w.chars().any(char::is_alphanumeric))
            .map(str::to_owned)
            .collect();
        (!words.is_empty()).then_some(Words(words))
    }

    /// The words as typed, in order.
    pub fn as_slice(&self) -> &[String] {
        &self.0
    }

    /// An FTS5 MATCH expression: each word a quoted phrase, all required, the last a prefix.
    pub fn fts5(&self) -> String {
        let last = self.0.len() - 1;
        self.0
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let quoted = format!("\"{}\"", word.replace('"', "\"\""));
                if i == last {
                    format!("{quoted} *")
                } else {
                    quoted
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `fts5` limited to messages of these families (at least one), through the family token the
    /// index keeps next to each text (see migration m0022). The words only match the text.
    pub fn fts5_in_families(&self, families: &[String]) -> String {
        let families = families
            .iter()
            .map(|id| format!("\"{}\"", family_token(id).replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" OR ");
        format!("familia : ({families}) AND texto : ({})", self.fts5())
    }

    /// A `to_tsquery` text: each word a quoted lexeme (quotes doubled, backslashes escaped), all
    /// required, the last a prefix.
    pub fn tsquery(&self) -> String {
        let last = self.0.len() - 1;
        self.0
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let quoted = format!("'{}'", word.replace('\\', "\\\\").replace('\'', "''"));
                if i == last {
                    format!("{quoted}:*")
                } else {
                    quoted
                }
            })
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// The folded first run of letters or digits of each word: what the excerpt looks for.
    fn needles(&self) -> Vec<Vec<char>> {
        self.0
            .iter()
            .filter_map(|word| {
                let folded: Vec<char> = word.chars().flat_map(fold).collect();
                let run: Vec<char> = folded
                    .into_iter()
                    .skip_while(|c| !c.is_alphanumeric())
                    .take_while(|c| c.is_alphanumeric())
                    .collect();
                (!run.is_empty()).then_some(run)
            })
            .collect()
    }
}

/// The token the SQLite index stores for a family: its id without hyphens, so the tokenizer keeps
/// it whole; the same expression as the triggers' `'f' || replace(familia_id, '-', '')`.
fn family_token(familia_id: &str) -> String {
    format!("f{}", familia_id.replace('-', ""))
}

/// A character as the index compares it: lower case, without its accent. Covers the letters of
/// Spanish, English and their neighbours; others only lower-case, which at worst places the
/// excerpt at the start of the text.
fn fold(c: char) -> impl Iterator<Item = char> {
    c.to_lowercase().map(|c| match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' => 'i',
        'ñ' | 'ń' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ś' | 'š' => 's',
        'ź' | 'ż' | 'ž' => 'z',
        other => other,
    })
}

/// Where the first word of `words` starts in `chars` (as the index would match it: at the start
/// of a word, as a prefix), in characters.
fn first_match(chars: &[char], words: &Words) -> Option<usize> {
    // Each original character's folded form, and the original position of every folded one.
    let mut folded = Vec::with_capacity(chars.len());
    let mut origin = Vec::with_capacity(chars.len());
    for (i, c) in chars.iter().enumerate() {
        for f in fold(*c) {
            folded.push(f);
            origin.push(i);
        }
    }
    let needles = words.needles();
    (0..folded.len())
        .filter(|&at| at == 0 || !folded[at - 1].is_alphanumeric())
        .find(|&at| needles.iter().any(|n| folded[at..].starts_with(n)))
        .map(|at| origin[at])
}

/// At most `FRAGMENT_CHARS` characters of `texto` around the first match (its start when none is
/// found), on one line, with an ellipsis where text was left out.
pub fn fragment(texto: &str, words: &Words) -> String {
    let chars: Vec<char> = texto
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .collect();
    if chars.len() <= FRAGMENT_CHARS {
        return chars.into_iter().collect();
    }
    let at = first_match(&chars, words).unwrap_or(0);
    // Room for an ellipsis at each end that needs one.
    let mut start = at.saturating_sub(LEAD_CHARS);
    if start > 0 {
        // Begin at a word when one starts near enough.
        if let Some(space) = chars[start..at].iter().position(|c| *c == ' ') {
            start += space + 1;
        }
    }
    let body = FRAGMENT_CHARS - usize::from(start > 0) - 1;
    let end = (start + body).min(chars.len());
    let start = if end == chars.len() {
        chars.len() - (FRAGMENT_CHARS - 1)
    } else {
        start
    };
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.extend(&chars[start..end]);
    if end < chars.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(q: &str) -> Words {
        Words::parse(q).expect("words")
    }

    #[test]
    fn control_characters_part_words() {
        assert_eq!(
            words("ho\0la\u{7}\"x"),
            Words(vec!["ho".into(), "la".into(), "\"x".into()])
        );
        assert_eq!(words("a\0\"").fts5(), "\"a\" *");
    }

    #[test]
    fn words_without_letters_or_digits_are_dropped() {
        assert_eq!(Words::parse(""), None);
        assert_eq!(Words::parse("  * - : \"\" "), None);
        assert_eq!(
            words(" hola  * mundo "),
            Words(vec!["hola".into(), "mundo".into()])
        );
    }

    #[test]
    fn fts5_quotes_every_word_and_prefixes_the_last() {
        assert_eq!(words("médico").fts5(), "\"médico\" *");
        assert_eq!(
            words("a\"b NEAR( OR -x col:1").fts5(),
            "\"a\"\"b\" \"NEAR(\" \"OR\" \"-x\" \"col:1\" *"
        );
    }

    #[test]
    fn fts5_in_families_keeps_the_words_on_the_text() {
        let families = ["0002-a".to_owned(), "x\"y".to_owned()];
        assert_eq!(
            words("médico OR").fts5_in_families(&families),
            "familia : (\"f0002a\" OR \"fx\"\"y\") AND texto : (\"médico\" \"OR\" *)"
        );
    }

    #[test]
    fn tsquery_quotes_every_word_and_prefixes_the_last() {
        assert_eq!(words("médico").tsquery(), "'médico':*");
        assert_eq!(
            words("l'eau a\\b OR !x").tsquery(),
            "'l''eau' & 'a\\\\b' & 'OR' & '!x':*"
        );
    }

    #[test]
    fn a_short_text_is_its_own_fragment_on_one_line() {
        assert_eq!(fragment("Hola\n\n  mundo ", &words("mundo")), "Hola mundo");
    }

    #[test]
    fn a_long_text_is_cut_around_the_first_match_whatever_its_accents() {
        let text = format!(
            "{} El MÉDICO dijo que sí. {}",
            "palabra ".repeat(60),
            "fin ".repeat(60)
        );
        let cut = fragment(&text, &words("medico"));
        assert!(cut.chars().count() <= FRAGMENT_CHARS, "{cut}");
        assert!(cut.starts_with('…') && cut.ends_with('…'), "{cut}");
        assert!(cut.contains("El MÉDICO dijo"), "{cut}");
        let lead = cut.find("MÉDICO").expect("match");
        assert!(cut[..lead].chars().count() <= LEAD_CHARS + 1, "{cut}");
    }

    #[test]
    fn a_match_near_the_end_fills_the_fragment_backwards() {
        let text = format!("{}ñandú", "x ".repeat(200));
        let cut = fragment(&text, &words("NANDU"));
        assert_eq!(cut.chars().count(), FRAGMENT_CHARS);
        assert!(cut.starts_with('…') && cut.ends_with("ñandú"), "{cut}");
    }

    #[test]
    fn without_a_visible_match_the_fragment_is_the_start() {
        let text = "word ".repeat(100);
        let cut = fragment(&text, &words("zzz"));
        assert_eq!(cut.chars().count(), FRAGMENT_CHARS);
        assert!(cut.starts_with("word") && cut.ends_with('…'));
    }

    #[test]
    fn matches_count_only_at_the_start_of_a_word() {
        let chars: Vec<char> = "semedico medico".chars().collect();
        assert_eq!(first_match(&chars, &words("Médico")), Some(9));
    }
}
