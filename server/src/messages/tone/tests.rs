//! The analyzer one rule at a time: offsets, folding, each category and the level.

use super::{Idioma, ToneCategory, ToneLevel, analyze, level};

/// The flagged fragments as (text of the fragment, category).
fn flagged(texto: &str, idioma: Option<Idioma>) -> Vec<(String, ToneCategory)> {
    let chars: Vec<char> = texto.chars().collect();
    analyze(texto, idioma)
        .fragmentos
        .into_iter()
        .map(|f| (chars[f.inicio..f.fin].iter().collect(), f.categoria))
        .collect()
}

fn categories(texto: &str) -> Vec<ToneCategory> {
    analyze(texto, None)
        .fragmentos
        .into_iter()
        .map(|f| f.categoria)
        .collect()
}

#[test]
fn offsets_are_characters_of_the_original_text() {
    let texto = "Qué lástima: sos un inútil";
    let a = analyze(texto, Some(Idioma::Es));
    assert_eq!(a.fragmentos.len(), 1);
    let f = &a.fragmentos[0];
    assert_eq!((f.inicio, f.fin), (13, 26));
    assert_eq!(texto.chars().count(), 26);
}

#[test]
fn offsets_count_an_emoji_as_one_character() {
    let texto = "🙄🙄 típico de vos";
    assert_eq!(
        flagged(texto, None),
        [("típico de vos".to_owned(), ToneCategory::Contempt)]
    );
    let f = &analyze(texto, None).fragmentos[0];
    assert_eq!((f.inicio, f.fin), (3, 16));
}

#[test]
fn accents_case_digits_and_repeated_letters_do_not_hide_a_word() {
    for texto in [
        "sos un INÚTIL",
        "sos un inutil",
        "sos un 1nut1l",
        "SOS UN INUTILLLL",
        "eres un inúuutil",
    ] {
        assert!(
            categories(texto).contains(&ToneCategory::Insult),
            "{texto}: {:?}",
            categories(texto)
        );
    }
    for texto in ["you stup1d", "1d10t", "idiotaaa", "p3lotud@", "m0r0n"] {
        assert_eq!(categories(texto), [ToneCategory::Insult], "{texto}");
    }
}

#[test]
fn insults_are_flagged_and_words_about_things_are_not() {
    assert_eq!(level("Sos un desastre"), "hostil");
    assert_eq!(level("Eres un desastre"), "hostil");
    assert_eq!(level("You're such a liar"), "hostil");
    assert_eq!(level("No seas egoísta"), "hostil");
    assert_eq!(level("Perdón, el tránsito era un desastre"), "ok");
    assert_eq!(level("Hay que sacar la basura el martes"), "ok");
    assert_eq!(level("¿Estás enferma? Me quedo yo con los chicos"), "ok");
    assert_eq!(level("The stupid printer died again"), "ok");
    assert_eq!(level("Don't worry, you're not late"), "ok");
}

#[test]
fn threats_are_flagged() {
    for texto in [
        "Te vas a arrepentir",
        "te voy a denunciar",
        "Nos vemos en el juzgado",
        "No vas a volver a ver a los chicos",
        "You'll regret this",
        "See you in court",
        "You will never see the kids again",
    ] {
        assert!(
            categories(texto).contains(&ToneCategory::Threat),
            "{texto}: {:?}",
            categories(texto)
        );
        assert_eq!(level(texto), "hostil", "{texto}");
    }
    assert_eq!(level("Vas a ver que le encanta el regalo"), "ok");
    assert_eq!(level("You won't regret signing her up"), "ok");
}

#[test]
fn contempt_and_sarcasm_are_flagged() {
    for texto in [
        "Gracias por nada",
        "Qué novedad",
        "Típico de vos",
        "Oh great, as usual.",
        "Thanks for nothing",
        "Father of the year",
        "Como si te importaran tus hijos",
    ] {
        assert_eq!(categories(texto), [ToneCategory::Contempt], "{texto}");
    }
    assert_eq!(level("Great job on the costume!!!"), "ok");
}

#[test]
fn blame_alone_asks_for_attention_and_with_more_is_hostile() {
    assert_eq!(categories("La culpa es tuya"), [ToneCategory::Blame]);
    assert_eq!(categories("It's your fault"), [ToneCategory::Blame]);
    assert_eq!(level("Por tu culpa llegamos tarde"), "atencion");
    assert_eq!(
        level("Nunca llegás a tiempo y por tu culpa perdió el micro"),
        "hostil"
    );
    assert_eq!(level("No te preocupes, no es tu culpa"), "ok");
    assert_eq!(level("It's not your fault she caught the flu"), "ok");
}

#[test]
fn absolutes_count_only_when_aimed_at_the_reader() {
    for texto in [
        "Vos nunca contestás",
        "nunca llegás a tiempo",
        "Siempre haces lo mismo",
        "tú siempre llegas tarde",
        "You always do this",
        "you never listen",
        "Why do you never call her?",
    ] {
        assert_eq!(categories(texto), [ToneCategory::Absolute], "{texto}");
        assert_eq!(level(texto), "atencion", "{texto}");
    }
    for texto in [
        "Nunca le dimos maní porque es alérgica",
        "She always sleeps better after swimming",
        "Do you always give him the vitamins in the morning?",
        "You can always call me",
        "You never know with toddlers",
        "Lucas siempre pregunta por vos",
    ] {
        assert_eq!(level(texto), "ok", "{texto}");
    }
}

#[test]
fn shouting_is_capitals_in_a_row_or_repeated_marks_at_the_reader() {
    assert_eq!(
        flagged("Te dije que NO LO LLEVES HOY", None),
        [("NO LO LLEVES HOY".to_owned(), ToneCategory::Shouting)]
    );
    assert_eq!(
        flagged("¿Dónde estás???", None),
        [("???".to_owned(), ToneCategory::Shouting)]
    );
    assert_eq!(level("Contestá, te estoy llamando!!!"), "atencion");
    assert_eq!(level("CUIDADO: el jarabe va en la heladera"), "ok");
    assert_eq!(level("¡Feliz cumple!!!"), "ok");
    assert_eq!(level("She lost her first tooth today!!!"), "ok");
}

#[test]
fn a_chosen_language_uses_only_its_lexicon() {
    assert_eq!(analyze("you idiot", Some(Idioma::Es)).nivel, ToneLevel::Ok);
    assert_eq!(
        analyze("you idiot", Some(Idioma::En)).nivel,
        ToneLevel::Hostile
    );
    assert_eq!(
        analyze("gracias por nada", Some(Idioma::En)).nivel,
        ToneLevel::Ok
    );
    assert_eq!(analyze("gracias por nada", None).nivel, ToneLevel::Hostile);
}

#[test]
fn the_language_of_the_text_is_guessed_for_the_suggestions() {
    assert_eq!(
        analyze("you never listen to me", None).idioma,
        Some(Idioma::En)
    );
    assert_eq!(
        analyze("vos nunca me escuchás", None).idioma,
        Some(Idioma::Es)
    );
    assert!(
        ToneCategory::Absolute
            .sugerencia(Idioma::En)
            .contains("Lately")
    );
    assert!(
        ToneCategory::Insult
            .sugerencia(Idioma::Es)
            .contains("Deja fuera la descripción")
    );
}

#[test]
fn each_fragment_knows_the_lexicon_that_flagged_it() {
    let found: Vec<(ToneCategory, Option<Idioma>)> =
        analyze("You never listen to me. Y vos nunca me escuchás.", None)
            .fragmentos
            .iter()
            .map(|f| (f.categoria, f.idioma))
            .collect();
    assert!(
        found.contains(&(ToneCategory::Absolute, Some(Idioma::En))),
        "{found:?}"
    );
    assert!(
        found.contains(&(ToneCategory::Absolute, Some(Idioma::Es))),
        "{found:?}"
    );
    let shouting = analyze("¿Dónde estás???", None);
    assert_eq!(
        shouting.fragmentos[0].idioma, None,
        "shouting reads alike in both"
    );
}

#[test]
fn a_long_message_is_rated_quickly() {
    let sentence = "Vos nunca llegás a tiempo, sos un inútil y la culpa es tuya. ";
    let texto: String = sentence.repeat(2_000 / sentence.chars().count() + 1);
    // Warm the compiled rules first: they are built once per process.
    let _ = analyze("hola", None);
    let started = std::time::Instant::now();
    let rounds = 20;
    for _ in 0..rounds {
        assert_eq!(analyze(&texto, None).nivel, ToneLevel::Hostile);
    }
    let each = started.elapsed() / rounds;
    // Debug builds are far slower than release; the bench measures the real figure.
    assert!(each.as_millis() < 100, "{each:?} for 2,000 characters");
}

/// Each flagged fragment as written, its category and its calmer wording.
fn calmer(texto: &str, idioma: Idioma) -> Vec<(String, ToneCategory, Option<String>)> {
    let chars: Vec<char> = texto.chars().collect();
    analyze(texto, Some(idioma))
        .fragmentos
        .iter()
        .map(|f| {
            (
                chars[f.inicio..f.fin].iter().collect(),
                f.categoria,
                super::calmer_wording(&chars, f, idioma),
            )
        })
        .collect()
}

/// The text with every fragment replaced by its calmer wording, as the composer would do it.
fn calmed(texto: &str, idioma: Idioma) -> String {
    let chars: Vec<char> = texto.chars().collect();
    let mut out = String::new();
    let mut at = 0;
    for f in analyze(texto, Some(idioma)).fragmentos {
        if f.inicio < at {
            continue;
        }
        out.extend(&chars[at..f.inicio]);
        match super::calmer_wording(&chars, &f, idioma) {
            Some(calmer) => out.push_str(&calmer),
            None => out.extend(&chars[f.inicio..f.fin]),
        }
        at = f.fin;
    }
    out.extend(&chars[at..]);
    out
}

#[test]
fn shouting_is_calmed_to_sentence_case_with_one_mark() {
    assert_eq!(
        calmer("Te dije QUE NO LLEGUES TARDE", Idioma::Es),
        [(
            "QUE NO LLEGUES TARDE".to_owned(),
            ToneCategory::Shouting,
            Some("que no llegues tarde".to_owned())
        )]
    );
    assert_eq!(calmed("¿Dónde estás???", Idioma::Es), "¿Dónde estás?");
    assert_eq!(
        calmed("Contestá, te estoy llamando!!!", Idioma::Es),
        "Contestá, te estoy llamando!"
    );
    assert_eq!(
        calmed("ANSWER THE PHONE NOW", Idioma::En),
        "Answer the phone now"
    );
    assert_eq!(calmed("Where are you?!?", Idioma::En), "Where are you?");
    assert_eq!(
        calmed("I TOLD YOU I NEED THE FORMS", Idioma::En),
        "I told you I need the forms"
    );
}

#[test]
fn absolutes_at_the_reader_become_specific_and_keep_the_verb() {
    assert_eq!(
        calmed("Vos nunca llegás a horario", Idioma::Es),
        "Últimamente no llegás a horario"
    );
    assert_eq!(
        calmed("Tú siempre llegas tarde", Idioma::Es),
        "A veces llegas tarde"
    );
    assert_eq!(
        calmed("Y nunca me avisás nada", Idioma::Es),
        "Y últimamente no me avisás nada"
    );
    assert_eq!(
        calmed("Me gritás todo el tiempo", Idioma::Es),
        "Me gritás a veces"
    );
    assert_eq!(
        calmed("You never answer my calls", Idioma::En),
        "Lately you don't answer my calls"
    );
    assert_eq!(
        calmed("You always forget her inhaler", Idioma::En),
        "You often forget her inhaler"
    );
    assert_eq!(
        calmed("And you're never on time", Idioma::En),
        "And lately you're not on time"
    );
    assert_eq!(
        calmed("YOU NEVER listen", Idioma::En),
        "Lately you don't listen"
    );
    assert_eq!(
        calmed("Why do you never call her?", Idioma::En),
        "Why don't you call her?"
    );
}

#[test]
fn english_absolutes_read_naturally_in_any_tense() {
    for (texto, calmer_text) in [
        (
            "You never pick her up on time",
            "Lately you don't pick her up on time",
        ),
        (
            "You never picked her up on time",
            "Lately you haven't picked her up on time",
        ),
        (
            "You never came to the meeting",
            "Lately you haven't come to the meeting",
        ),
        (
            "You never told me about the trip",
            "Lately you haven't told me about the trip",
        ),
        (
            "You never did anything for her",
            "Lately you haven't done anything for her",
        ),
        ("You never even called", "Lately you haven't even called"),
        ("You never once called me", "Lately you haven't called me"),
        ("You never ever listen", "Lately you don't listen"),
        (
            "You never need help with that",
            "Lately you don't need help with that",
        ),
        ("You were never told", "Lately you were not told"),
        ("Not once did you call", "Lately you didn't call"),
    ] {
        assert_eq!(calmed(texto, Idioma::En), calmer_text, "{texto}");
    }
    // The verb whose tense changes is part of the fragment the composer replaces.
    assert_eq!(
        calmer("Honestly, you never answered my texts", Idioma::En),
        [(
            "you never answered".to_owned(),
            ToneCategory::Absolute,
            Some("lately you haven't answered".to_owned())
        )]
    );
}

#[test]
fn spanish_absolutes_read_naturally_with_vos_and_with_tu() {
    for (texto, calmer_text) in [
        (
            "Vos nunca llegás a horario",
            "Últimamente no llegás a horario",
        ),
        ("Tú nunca llegas a tiempo", "Últimamente no llegas a tiempo"),
        ("Vos nunca me diste nada", "Últimamente no me diste nada"),
        ("Tú nunca me diste nada", "Últimamente no me diste nada"),
        ("Vos ya nunca me llamás", "Últimamente ya no me llamás"),
        ("Tú ya nunca me llamas", "Últimamente ya no me llamas"),
        ("Vos nunca jamás me avisás", "Últimamente no me avisás"),
        ("Tú nunca más me llamaste", "Últimamente no me llamaste"),
        ("Vos siempre llegás tarde", "A veces llegás tarde"),
        (
            "Tú siempre te olvidas de todo",
            "A veces te olvidas de todo",
        ),
        ("Tú no me escuchas nunca", "Tú no me escuchas últimamente"),
        (
            "Vos no llegás nunca a tiempo",
            "Vos no siempre llegás a tiempo",
        ),
        ("No llegás jamás a horario", "No siempre llegás a horario"),
    ] {
        assert_eq!(calmed(texto, Idioma::Es), calmer_text, "{texto}");
    }
}

#[test]
fn blame_becomes_a_neutral_account_of_what_happened() {
    assert_eq!(
        calmer("la culpa es tuya", Idioma::Es),
        [(
            "la culpa es tuya".to_owned(),
            ToneCategory::Blame,
            Some("Esto pasó".to_owned())
        )]
    );
    assert_eq!(
        calmed("Llegamos tarde por tu culpa", Idioma::Es),
        "Llegamos tarde por lo que pasó"
    );
    assert_eq!(calmed("Es tu culpa.", Idioma::Es), "Esto pasó.");
    assert_eq!(calmed("It's your fault", Idioma::En), "This happened");
    assert_eq!(
        calmed("We were late because of you", Idioma::En),
        "We were late because of what happened"
    );
    assert_eq!(calmed("You made her cry.", Idioma::En), "She cried.");
    assert_eq!(
        calmed("You are late and it's your fault she's upset", Idioma::En),
        "You are late and this is why she's upset"
    );
    assert_eq!(
        calmed("Es tu culpa que la nena llore", Idioma::Es),
        "Esto hace que la nena llore"
    );
}

#[test]
fn insults_threats_and_contempt_are_best_left_out() {
    for (texto, idioma) in [
        ("Sos un inútil", Idioma::Es),
        ("Te vas a arrepentir", Idioma::Es),
        ("Gracias por nada", Idioma::Es),
        ("You're an idiot", Idioma::En),
        ("See you in court", Idioma::En),
        ("Thanks for nothing", Idioma::En),
    ] {
        let found = calmer(texto, idioma);
        assert!(!found.is_empty(), "{texto}");
        for (fragment, categoria, reemplazo) in found {
            assert!(
                matches!(
                    categoria,
                    ToneCategory::Insult | ToneCategory::Threat | ToneCategory::Contempt
                ),
                "{fragment}: {categoria:?}"
            );
            assert_eq!(reemplazo.as_deref(), Some(""), "{fragment}");
        }
    }
}
