//! Rating a text: which fragments read as hostile, of what kind, with a calmer wording for each,
//! and the level of the whole.

use super::{
    lexicon::{GLAD, addresses_reader, compiled, past_participle_en},
    text::{Text, Word},
};

/// The language whose lexicon is used and in which suggestions are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Idioma {
    Es,
    En,
}

// The order of the variants is the order of fragments found at the same place (`tidy`).
crate::closed_set! {
    /// What a flagged fragment of a text is.
    pub enum ToneCategory {
        Threat = "amenaza",
        Insult = "insulto",
        Contempt = "desprecio",
        Blame = "culpa",
        Absolute = "absoluto",
        Shouting = "gritos",
    }
}

impl ToneCategory {
    /// A calmer way to say it, in the text's language.
    pub fn sugerencia(self, idioma: Idioma) -> &'static str {
        match (self, idioma) {
            (ToneCategory::Insult, Idioma::Es) => {
                "Deja fuera la descripción de la persona; di qué pasó y qué necesitas."
            }
            (ToneCategory::Insult, Idioma::En) => {
                "Leave the description of the person out; say what happened and what you need."
            }
            (ToneCategory::Threat, Idioma::Es) => {
                "Di qué harás y por qué, sin amenazar: «Si no lo resolvemos, pediré ayuda a un mediador»."
            }
            (ToneCategory::Threat, Idioma::En) => {
                "Say what you will do and why, without a threat: \"If we can't settle this, I'll ask a mediator for help.\""
            }
            (ToneCategory::Contempt, Idioma::Es) => {
                "Quita la ironía: di con sencillez qué te molestó y qué propones."
            }
            (ToneCategory::Contempt, Idioma::En) => {
                "Drop the sarcasm: say plainly what bothered you and what you propose."
            }
            (ToneCategory::Blame, Idioma::Es) => {
                "Cuenta el hecho sin buscar culpables: «Pasó esto; ¿cómo lo evitamos la próxima vez?»"
            }
            (ToneCategory::Blame, Idioma::En) => {
                "Describe what happened without blame: \"This happened; how can we avoid it next time?\""
            }
            (ToneCategory::Absolute, Idioma::Es) => {
                "Habla de una ocasión concreta: «Últimamente me está costando…» en lugar de «siempre» o «nunca»."
            }
            (ToneCategory::Absolute, Idioma::En) => {
                "Talk about a specific time: \"Lately it has been hard to…\" rather than \"always\" or \"never\"."
            }
            (ToneCategory::Shouting, Idioma::Es) => {
                "Escríbelo en minúsculas y sin signos repetidos; se leerá con más calma."
            }
            (ToneCategory::Shouting, Idioma::En) => {
                "Write it in lower case without repeated marks; it will read more calmly."
            }
        }
    }
}

crate::closed_set! {
    /// How a whole text reads, from the calmest; stored with each message when it is sent.
    pub enum ToneLevel {
        Ok = "ok",
        Attention = "atencion",
        Hostile = "hostil",
    }
}

/// A flagged stretch of the text, in characters of the original (`fin` exclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fragmento {
    pub inicio: usize,
    pub fin: usize,
    pub categoria: ToneCategory,
    /// The language of the lexicon that flagged it, which its calmer wording must be written in;
    /// None for shouting, which reads the same in both.
    pub idioma: Option<Idioma>,
}

/// What the analysis found.
#[derive(Debug, Clone)]
pub struct Analisis {
    pub nivel: ToneLevel,
    pub fragmentos: Vec<Fragmento>,
    /// The language the text seems written in, when its words tell.
    pub idioma: Option<Idioma>,
}

/// Rates a text. `idioma` picks one lexicon (the labelled set is tallied per language so); without
/// it both are used, as they are for every text a person writes: the worse finding counts,
/// whatever the language of their screen.
pub fn analyze(texto: &str, idioma: Option<Idioma>) -> Analisis {
    let text = Text::read(texto);
    let mut found = Vec::new();
    find_lexicon_matches(&text.words, idioma, &mut found);
    find_shouting(&text, &mut found);
    let fragmentos = tidy(found);
    Analisis {
        nivel: nivel_of(&fragmentos),
        fragmentos,
        idioma: idioma.or_else(|| language_of(&text.words)),
    }
}

/// Each rule's matches, left to right, none overlapping another of the same rule. Only the
/// rules the index names for a word are tried there.
fn find_lexicon_matches(words: &[Word], idioma: Option<Idioma>, found: &mut Vec<Fragmento>) {
    let compiled = compiled();
    let mut free_from = vec![0; compiled.rules.len()];
    let mut candidates = Vec::new();
    for (start, word) in words.iter().enumerate() {
        compiled.index.candidates(word, &mut candidates);
        for &n in &candidates {
            let rule = &compiled.rules[n];
            if start < free_from[n] || idioma.is_some_and(|i| i != rule.idioma) {
                continue;
            }
            if let Some(end) = rule.pattern.match_at(words, start) {
                let end = if rule.categoria == ToneCategory::Absolute && rule.idioma == Idioma::En {
                    through_past_verb(words, start, end)
                } else {
                    end
                };
                found.push(Fragmento {
                    inicio: word.start,
                    fin: words[end - 1].end,
                    categoria: rule.categoria,
                    idioma: Some(rule.idioma),
                });
                free_from[n] = end;
            }
        }
    }
}

/// Three or more words in capitals in a row, and runs like "!!!" or "?!?" said to the reader
/// ("Contestá!!!", "Where are you???"); a glad sentence or news about the day ("¡Gracias!!!",
/// "She lost her first tooth today!!!") is not shouting.
/// An English absolute that ends in "never" ("you never", "you never once") reaches over an
/// "ever" after it, and over the past verb that follows ("you never even called"), so that its
/// calmer wording can leave "ever" out and put the verb in a tense that fits ("lately you
/// haven't even called"). A verb in the present stays out: "lately you don't" fits it as typed.
fn through_past_verb(words: &[Word], start: usize, end: usize) -> usize {
    let last = &words[end - 1];
    if words[start].folded == "why" || !matches!(last.folded.as_str(), "never" | "once") {
        return end;
    }
    let same = |k: usize| words.get(k).filter(|w| w.sentence == last.sentence);
    let mut k = end;
    while same(k).is_some_and(|w| w.folded == "ever") {
        k += 1;
    }
    let after_ever = k;
    if same(k).is_some_and(|w| w.folded == "even") {
        k += 1;
    }
    if same(k).is_some_and(|w| past_participle_en(&w.folded).is_some()) {
        k + 1
    } else {
        after_ever
    }
}

fn find_shouting(text: &Text, found: &mut Vec<Fragmento>) {
    let words = &text.words;
    let mut i = 0;
    while i < words.len() {
        if !words[i].capitals {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut letters = 0;
        while j < words.len() && (words[j].capitals || is_one_capital_letter(&words[j])) {
            letters += words[j].letters;
            j += 1;
        }
        // Trailing single letters ("… Y") do not lengthen a run.
        while j > i && !words[j - 1].capitals {
            j -= 1;
        }
        let counted = words[i..j].iter().filter(|w| w.capitals).count();
        if counted >= 3 && letters >= 8 {
            found.push(Fragmento {
                inicio: words[i].start,
                fin: words[j - 1].end,
                categoria: ToneCategory::Shouting,
                idioma: None,
            });
        }
        i = j.max(i + 1);
    }
    for run in &text.mark_runs {
        let mut sentence = words.iter().filter(|w| w.sentence == run.sentence);
        let glad = sentence.clone().any(|w| GLAD.contains(&w.folded.as_str()));
        let aimed = sentence.any(|w| addresses_reader(w) || w.capitals);
        if aimed && !glad {
            found.push(Fragmento {
                inicio: run.start,
                fin: run.end,
                categoria: ToneCategory::Shouting,
                idioma: None,
            });
        }
    }
}

fn is_one_capital_letter(word: &Word) -> bool {
    word.letters == 1 && word.folded.chars().count() == 1 && word.start + 1 == word.end
}

/// Sorted by position; overlapping fragments of one category become one.
fn tidy(mut found: Vec<Fragmento>) -> Vec<Fragmento> {
    found.sort_by_key(|f| (f.inicio, f.categoria, std::cmp::Reverse(f.fin)));
    let mut out: Vec<Fragmento> = Vec::with_capacity(found.len());
    for f in found {
        if let Some(same) = out
            .iter_mut()
            .rev()
            .find(|o| o.categoria == f.categoria && o.fin > f.inicio)
        {
            same.fin = same.fin.max(f.fin);
            continue;
        }
        if out.iter().any(|o| o.inicio == f.inicio && o.fin == f.fin) {
            continue;
        }
        out.push(f);
    }
    out.sort_by_key(|f| (f.inicio, f.fin));
    out
}

/// Hostile when there is an insult, a threat or contempt, or blame with anything else;
/// worth a second look for anything else flagged.
pub fn nivel_of(fragmentos: &[Fragmento]) -> ToneLevel {
    let has = |c: ToneCategory| fragmentos.iter().any(|f| f.categoria == c);
    let grave =
        has(ToneCategory::Insult) || has(ToneCategory::Threat) || has(ToneCategory::Contempt);
    let blame_and_more = has(ToneCategory::Blame)
        && fragmentos
            .iter()
            .any(|f| f.categoria != ToneCategory::Blame);
    if grave || blame_and_more {
        ToneLevel::Hostile
    } else if fragmentos.is_empty() {
        ToneLevel::Ok
    } else {
        ToneLevel::Attention
    }
}

const ONLY_ES: &[&str] = &[
    "el", "la", "los", "las", "que", "de", "y", "en", "un", "una", "por", "con", "para", "es",
    "no", "lo", "se", "del", "al", "mas", "pero", "como", "vos", "tu", "te", "mi", "sos", "eres",
    "hoy", "manana", "nunca", "siempre", "ya", "esta", "hay",
];
const ONLY_EN: &[&str] = &[
    "the", "and", "to", "you", "is", "of", "it", "that", "for", "with", "on", "at", "my", "your",
    "she", "he", "her", "his", "we", "i", "im", "be", "are", "was", "can", "will", "not", "this",
    "have", "dont", "never", "always", "today", "tomorrow",
];

/// The language a text seems written in, by its commonest words.
pub fn language_of(words: &[Word]) -> Option<Idioma> {
    let es = words
        .iter()
        .filter(|w| ONLY_ES.contains(&w.folded.as_str()))
        .count();
    let en = words
        .iter()
        .filter(|w| ONLY_EN.contains(&w.folded.as_str()))
        .count();
    match es.cmp(&en) {
        std::cmp::Ordering::Greater => Some(Idioma::Es),
        std::cmp::Ordering::Less => Some(Idioma::En),
        std::cmp::Ordering::Equal => None,
    }
}
