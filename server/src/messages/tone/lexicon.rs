//! What the tone help looks for, in Spanish (rioplatense voseo and peninsular or neutral tuteo)
//! and English, written in the pattern language of `rules`.
//!
//! The rules aim at the reader: a harsh word about a situation ("qué desastre el tránsito"), an
//! absolute about the child ("nunca le dimos maní") or a capital word of warning stay unflagged;
//! the same words said of the other parent ("sos un desastre", "vos nunca…") are flagged.

use super::{
    Idioma, ToneCategory,
    rules::{Accept, Classes, Entry, Index, Pattern, Words},
    text::Word,
};

/// A compiled rule: in which language, what it flags, how it reads.
pub struct Rule {
    pub idioma: Idioma,
    pub categoria: ToneCategory,
    pub pattern: Pattern,
}

use Idioma::{En, Es};
use ToneCategory::{Absolute, Blame, Contempt, Insult, Threat};

/// Insults whatever they are said of.
const STRONG_ES: &str = "idiota|idiotas|imbecil*|estupid*|pelotud*|bolud*|gilipoll*|tarad*|cabron|cabrona|cabrones|cretin*|subnormal*|malparid*|malnacid*|desgraciad*|hdp|conchud*|mogolic*|sorete|soretes|mamarracho|mamarracha|lacra|escoria|zorra|puta|putas|puto|patetic*|psicopat*|sicopat*|narcisist*|fracasad*|sinverguenza|garca|chanta|chantas|capullo|capulla|gilipuertas|mongolo|mongola|pajero|pajera|energumen*";

const STRONG_EN: &str = "idiot|idiots|idiotic|moron*|dumbass|bitch*|bastard*|asshole*|arsehole*|jerk|jerks|loser|losers|pathetic|psycho|psychopath*|psychotic|retard*|dickhead*|prick|pricks|cunt*|whore*|slut*|scumbag*|deadbeat*|worthless|narcissist*|bullshit|wanker*|twat|douche*|imbecile*|hypocrite*|nutcase*|lunatic*";

/// Words that insult only when said of the reader ("sos un desastre" but "qué desastre el
/// tránsito", "sacar la basura").
const WEAK_ES: &str = "inutil|inutiles|desastre|loco|loca|locos|basura|payaso|payasa|mentiroso|mentirosa|egoista|egoistas|irresponsable|irresponsables|vago|vaga|inepto|inepta|incompetente|histerico|histerica|ridiculo|ridicula|negligente|vividor|vividora|tacano|tacana|rata|miserable|careta|caradura|descarado|descarada|manipulador|manipuladora|toxico|toxica|tonto|tonta|burro|burra|perra|perro|cerdo|cerda|verguenza|chiste|pesadilla|cobarde|falso|falsa|hipocrita|forro|forra|pendejo|pendeja|infeliz|ignorante|mierda|salame|nabo|naba|gil|gila";

const WEAK_EN: &str = "crazy|useless|liar|selfish|lazy|incompetent|irresponsible|clown|joke|failure|disgrace|mess|pig|manipulative|toxic|insane|hysterical|cheap|unfit|negligent|ridiculous|disgusting|fake|coward|nightmare|nuts|ignorant|worst|embarrassment|leech|parasite|freeloader|snake|animal|child|baby";

/// Words that may stand between the reader and what is said of them ("sos un re inútil",
/// "you're such a complete liar").
const FILL_ES: &str = "un|una|unos|unas|tan|muy|re|mas|completamente|totalmente|absolutamente|realmente|bastante|flor|de|gran|terrible|tremendo|tremenda|semejante|alto|alta|el|la|lo|tal|solo|simplemente|todo|toda|siempre|ademas|encima";

const FILL_EN: &str = "a|an|so|such|the|most|really|just|completely|totally|absolutely|utterly|fucking|complete|total|utter|little|big|biggest|being|r|such|always|still|also|truly|seriously|an|acting|like|bloody|damn";

const YOU_ES: &str =
    "sos|eres|estas|sois|pareces|vos|=tú|seguis|sigues|quedas|quedaste|fuiste|volviste|resultaste";
const YOU_EN: &str = "you|youre|ur|u|yourself|yall";

const KIDS_ES: &str = "chicos|chicas|ninos|ninas|nenes|nenas|hijos|hijas|hijo|hija|nene|nena|nino|nina|pibes|criaturas|custodia|tenencia|crios";
const KIDS_EN: &str = "kids|children|child|son|daughter|boys|girls|custody|them|her|him|baby";

const PARENT_ES: &str = "madre|padre|mama|papa|progenitor|progenitora";
const PARENT_EN: &str = "mother|father|mom|mum|dad|parent";

const BAD_ES: &str = "mala|mal|pesima|pesimo|peor|terrible|horrible|malisima|malisimo";
const BAD_EN: &str = "bad|terrible|awful|horrible|worst|lousy|shitty|crappy|useless|deadbeat|sorry";

const PRAISE_ES: &str = "genial|perfecto|perfecta|barbaro|excelente|bravo|felicitaciones|felicidades|buenisimo|fantastico|impecable|maravilloso|espectacular|increible|joya";
const PRAISE_EN: &str = "great|perfect|wonderful|fantastic|brilliant|awesome|amazing|nice|lovely|congratulations|congrats|bravo|excellent|terrific|fabulous|super";

/// Words that may come between "siempre"/"nunca" and the verb after them ("nunca me avisás").
const CLITIC_ES: &str = "no|me|te|le|les|lo|la|los|las|se|nos|ya|mas|tampoco|jamas|vos|=tú";

/// Endings and words that look like a second-person verb but are not.
const NOT_VERBS_ES: &[&str] = &[
    "las",
    "les",
    "mas",
    "mes",
    "tres",
    "seis",
    "es",
    "antes",
    "despues",
    "entonces",
    "mientras",
    "pues",
    "ademas",
    "casas",
    "cosas",
    "veces",
    "horas",
    "tardes",
    "noches",
    "semanas",
    "vacaciones",
    "clases",
    "lunes",
    "martes",
    "miercoles",
    "jueves",
    "viernes",
    "meses",
    "fiestas",
    "mamas",
    "papas",
    "chicas",
    "nenas",
    "ninas",
    "hijas",
    "tias",
    "abuelas",
    "pastillas",
    "vacunas",
    "reuniones",
    "notas",
    "tareas",
    "zapatillas",
    "actividades",
    "visitas",
    "fechas",
    "cuotas",
    "facturas",
    "cuentas",
    "gracias",
    "dias",
    "ganas",
    "sus",
    "tus",
    "tenis",
    "crisis",
    "dosis",
    "analisis",
    "partes",
    "frutas",
    "verduras",
    "galletitas",
    "galletas",
    "camas",
    "cremas",
    "gotas",
    "ideas",
    "personas",
    "maestras",
    "amigas",
    "companeras",
    "primas",
    "vecinas",
    "otras",
    "todas",
    "muchas",
    "pocas",
    "algunas",
    "estas",
    "esas",
    "aquellas",
    "buenas",
    "malas",
    "nuevas",
    "canciones",
    "lecciones",
    "horarios",
    "asi",
    "tambien",
    "triste",
    "existe",
    "insiste",
    "asiste",
    "resiste",
    "consiste",
    "persiste",
    "chiste",
    "viste",
    "ves",
    "tos",
    "ojos",
    "este",
    "mientes",
    "clientes",
    "dientes",
    "juguetes",
    "deportes",
    "postres",
    "hermanas",
    "siempre",
    "pediatras",
];

/// Names that end like a second-person verb ("Lucas", "Tomás").
const NAMES_ES: &[&str] = &[
    "lucas",
    "tomas",
    "nicolas",
    "matias",
    "andres",
    "ines",
    "lourdes",
    "mercedes",
    "dolores",
    "jonas",
    "elias",
    "tobias",
    "ulises",
    "moises",
    "jesus",
    "blas",
    "lucas",
    "thomas",
    "agustinas",
];

/// Spanish second-person verb forms: voseo ("llegás", "sabés"), tuteo ("haces", "llegas") and
/// the preterite ("olvidaste", "dijiste").
fn second_person_verb(word: &Word) -> bool {
    let f = word.folded.as_str();
    if matches!(
        f,
        "sos" | "eres" | "vas" | "das" | "has" | "estas" | "sabes" | "seas"
    ) {
        return true;
    }
    if NOT_VERBS_ES.contains(&f) || NAMES_ES.contains(&f) || f.chars().any(|c| !c.is_alphabetic()) {
        return false;
    }
    // Capitalised inside a sentence: a name.
    if word.initial_capital && !word.opens_sentence && !word.capitals {
        return false;
    }
    if word.voseo_ending {
        return true;
    }
    let n = f.chars().count();
    (n >= 4 && (f.ends_with("as") || f.ends_with("es") || f.ends_with("is")))
        || (n >= 6 && (f.ends_with("aste") || f.ends_with("iste")))
}

/// Words that speak to the reader, in either language.
pub fn addresses_reader(word: &Word) -> bool {
    matches!(
        word.folded.as_str(),
        "vos"
            | "tu"
            | "te"
            | "ti"
            | "tus"
            | "contigo"
            | "you"
            | "your"
            | "youre"
            | "ur"
            | "u"
            | "yourself"
    ) || second_person_verb(word)
}

/// The class list used by the patterns below.
pub struct Lexicon;

impl Classes for Lexicon {
    fn class(&self, name: &str) -> Option<Accept> {
        let list = match name {
            "v2" => return Some(Accept::Test(second_person_verb)),
            "strong_es" => STRONG_ES,
            "strong_en" => STRONG_EN,
            "weak_es" => WEAK_ES,
            "weak_en" => WEAK_EN,
            "fill_es" => FILL_ES,
            "fill_en" => FILL_EN,
            "you_es" => YOU_ES,
            "you_en" => YOU_EN,
            "kids_es" => KIDS_ES,
            "kids_en" => KIDS_EN,
            "parent_es" => PARENT_ES,
            "parent_en" => PARENT_EN,
            "bad_es" => BAD_ES,
            "bad_en" => BAD_EN,
            "praise_es" => PRAISE_ES,
            "praise_en" => PRAISE_EN,
            "clitic_es" => CLITIC_ES,
            _ => return None,
        };
        Some(Accept::Entries(Words::new(list.split('|').map(Entry::new))))
    }
}

/// Every rule, by language and category.
const RULES: &[(Idioma, ToneCategory, &str)] = &[
    // ---- Spanish: insults
    (Es, Insult, "@strong_es"),
    (Es, Insult, "hijo|hija|hijos de puta|perra|remil|mil"),
    (
        Es,
        Insult,
        "!no|ni|nunca|jamas @you_es @fill_es{3} @weak_es",
    ),
    (Es, Insult, "no seas|sean|seais @fill_es{2} @weak_es"),
    (Es, Insult, "@weak_es ?que @you_es"),
    (Es, Insult, "!no|ni @you_es ?@fill_es{2} @bad_es @parent_es"),
    (Es, Insult, "^ @bad_es @parent_es"),
    (Es, Insult, "enfermo|enferma|loco|loca mental|de mierda"),
    (Es, Insult, "de mierda"),
    (Es, Insult, "@you_es lo peor"),
    (Es, Insult, "la concha de tu|la hermana|madre"),
    (Es, Insult, "la puta madre"),
    (Es, Insult, "la puta que te pario"),
    // ---- Spanish: threats
    (Es, Threat, "?te vas|va a arrepentir*|lamentar"),
    (Es, Threat, "te arrepentir*"),
    (Es, Threat, "te|lo|la vas a lamentar|arrepentir"),
    (Es, Threat, "lo lamentaras|arrepentiras"),
    (Es, Threat, "me la|las vas a pagar|pagaras"),
    (Es, Threat, "lo|la vas a pagar|pagaras caro|cara"),
    (Es, Threat, "vas a pagar caro|cara"),
    (Es, Threat, "^ ?ya vas a ver $"),
    (Es, Threat, "ya te vas a enterar"),
    (Es, Threat, "te vas a enterar ?de ?quien ?soy $"),
    (Es, Threat, "con quien te metiste|metes"),
    (
        Es,
        Threat,
        "te voy|vamos a ~1 denunciar|destruir|hundir|arruinar|matar|reventar|cagar|romper|fundir|enterrar|aplastar",
    ),
    (
        Es,
        Threat,
        "denunciarte|destruirte|hundirte|arruinarte|matarte|reventarte|enterrarte|aplastarte",
    ),
    (
        Es,
        Threat,
        "te denuncio|denunciare|mato|destruyo|hundo|arruino|reviento|cago",
    ),
    (
        Es,
        Threat,
        "te voy|vamos a quitar|sacar ?a ?los|las|la|el|tus|mis @kids_es",
    ),
    (
        Es,
        Threat,
        "te quito|quitare ?a ?los|las|la|el|tus|mis @kids_es",
    ),
    (
        Es,
        Threat,
        "quitar|sacar|quito|saco ?te la custodia|tenencia",
    ),
    (Es, Threat, "no|nunca ~2 vas a volver a ver ~2 @kids_es"),
    (Es, Threat, "no|nunca mas ?los|las|lo|la vas a ver"),
    (Es, Threat, "no ?los|las|lo|la vas a ver nunca|mas"),
    (Es, Threat, "nunca|jamas mas ~2 vas a ver"),
    (Es, Threat, "vas a perder ~2 @kids_es"),
    (
        Es,
        Threat,
        "nos vemos|veremos|ves en ~1 juzgado|juicio|tribunal|tribunales|corte",
    ),
    (Es, Threat, "noticias de mi abogado|abogada"),
    (Es, Threat, "mi abogado|abogada se va a enterar"),
    (Es, Threat, "te lo advierto $"),
    (Es, Threat, "estas advertido|advertida|avisado|avisada"),
    (Es, Threat, "ultima advertencia"),
    (Es, Threat, "mas te vale"),
    (Es, Threat, "cuidadito"),
    (Es, Threat, "te hago la vida imposible|cuadritos"),
    (Es, Threat, "hacerte|hare ~1 la vida imposible"),
    (Es, Threat, "vida imposible"),
    (Es, Threat, "no sabes de lo que soy capaz"),
    (Es, Threat, "o si no|sino $"),
    // ---- Spanish: contempt and sarcasm
    (Es, Contempt, "gracias por nada"),
    (Es, Contempt, "que|vaya novedad"),
    (Es, Contempt, "oh|vaya que sorpresa"),
    (Es, Contempt, "vaya sorpresa"),
    (Es, Contempt, "tipico|tipica de vos|ti|tu"),
    (Es, Contempt, "tipico|tipica tuyo|tuya"),
    (Es, Contempt, "tan|muy tipico|tipica ~1 vos|ti|tuyo|tuya"),
    (Es, Contempt, "como si te importar*|interesar*"),
    (
        Es,
        Contempt,
        "como si te importaran|importara|interesaran|interesara",
    ),
    (Es, Contempt, "no me hagas reir"),
    (Es, Contempt, "?me das|dais asco|pena|lastima|verguenza"),
    (Es, Contempt, "@parent_es del ano"),
    (Es, Contempt, "vaya|menudo|menuda|valiente @parent_es"),
    (Es, Contempt, "que clase|tipo de @parent_es"),
    (
        Es,
        Contempt,
        "^ oh|ah|uy|ay @praise_es ?que ?bien como siempre $",
    ),
    (
        Es,
        Contempt,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien otra vez $",
    ),
    (
        Es,
        Contempt,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien de nuevo $",
    ),
    (
        Es,
        Contempt,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien una vez mas $",
    ),
    (
        Es,
        Contempt,
        "andate|anda|vete|idos|andese|vayase a|al ?la mierda|cagar|carajo|concha",
    ),
    (Es, Contempt, "callate|callese|callaos|callense"),
    (
        Es,
        Contempt,
        "cerra|cierra|cerras|cierras ?el|la orto|pico|boca|hocico",
    ),
    (Es, Contempt, "no ?me jodas"),
    (
        Es,
        Contempt,
        "me importa|importan ?un ?tres carajo|carajos|pito|bledo|comino|mierda|rabano|huevo",
    ),
    (Es, Contempt, "me chupa|chupan un huevo|huevos"),
    (Es, Contempt, "a quien le importa|importan"),
    (Es, Contempt, "no esperaba|espero ~2 menos|otra de vos|ti"),
    (Es, Contempt, "que se puede esperar ~2 vos|ti"),
    (Es, Contempt, "con vos|contigo no se puede"),
    (
        Es,
        Contempt,
        "me tenes|tienes|tenés ?re|muy|tan harta|harto|podrida|podrido|cansada|cansado|repodrida|repodrido|hasta",
    ),
    (
        Es,
        Contempt,
        "harta|harto|podrida|podrido|cansada|cansado de vos|ti|tus|tu",
    ),
    (Es, Contempt, "nadie te cree"),
    (Es, Contempt, "que verguenza das|me das"),
    (Es, Contempt, "no das para mas"),
    (Es, Contempt, "ni para eso servis|sirves"),
    (Es, Contempt, "no servis|sirves para nada"),
    (Es, Contempt, "no tenes|tienes verguenza"),
    (Es, Contempt, "deja|dejate|dejá de joder|llorar"),
    (Es, Contempt, "hacerte|haciendote la|el victima"),
    (Es, Contempt, "hacete|hazte|haces|hacés la|el victima"),
    (Es, Contempt, "que poca verguenza|madre"),
    // ---- Spanish: blame
    (Es, Blame, "la culpa es ~1 tuya|tuyo|vuestra"),
    (Es, Blame, "!no|ni es|fue|era ?toda ?tu culpa"),
    (
        Es,
        Contempt,
        "despues|encima|ahora|claro ?que ?y la culpa es mia",
    ),
    (Es, Blame, "por tu culpa"),
    (Es, Blame, "culpa tuya|vuestra"),
    (Es, Blame, "!no|ni tenes|tienes|tuviste ~1 la culpa"),
    (Es, Blame, "!no|ni @you_es ~2 culpable|culpables"),
    (
        Es,
        Blame,
        "lo|la|los|las ?re arruinaste|arruinas|cagaste|jodiste",
    ),
    (Es, Blame, "arruinaste|arruinas|cagaste|jodiste todo"),
    (
        Es,
        Blame,
        "la|lo|los|las hiciste|haces|hacés ~1 llorar|sufrir",
    ),
    (Es, Blame, "es|fue por vos|ti que"),
    (Es, Blame, "gracias a vos|ti ~2 llor*|perdi*|sufr*|falt*"),
    // ---- Spanish: absolutes aimed at the reader
    (
        Es,
        Absolute,
        "vos|=tú|tu ?no|ya|tambien siempre|nunca|jamas",
    ),
    (Es, Absolute, "siempre|nunca|jamas @clitic_es{3} @v2"),
    (
        Es,
        Absolute,
        "@v2 ?nada|tarde|mal|todo|cualquier|cosa{2} siempre|nunca|jamas",
    ),
    (Es, Absolute, "@v2 ~3 todo el santo|bendito tiempo"),
    (Es, Absolute, "@v2 ~3 todo el tiempo"),
    (Es, Absolute, "cada vez que ?vos|tu @clitic_es{2} @v2"),
    (
        Es,
        Absolute,
        "todas las veces|santas veces ?que @clitic_es{2} @v2",
    ),
    // ---- English: insults
    (En, Insult, "@strong_en"),
    (
        En,
        Insult,
        "!the|this|that|my|a|these|those|his|her|our|their stupid|dumb",
    ),
    (En, Insult, "son|sons of a bitch"),
    (En, Insult, "piece|pos of shit|crap|garbage|work"),
    (
        En,
        Insult,
        "!not|never|if @you_en ?are|re|were|r|be|being|sound|look|act{2} @fill_en{3} @weak_en",
    ),
    (En, Insult, "dont|stop be|being @fill_en{2} @weak_en"),
    (
        En,
        Insult,
        "!not|never|if @you_en ?are|re|were|r|be{2} @fill_en{2} @bad_en @parent_en",
    ),
    (En, Insult, "^ @bad_en @parent_en"),
    (En, Insult, "what|such a|an @bad_en @parent_en"),
    (En, Insult, "@weak_en like you"),
    // ---- English: threats
    (En, Threat, "youll|youre|ull|will|gonna|going ?to regret*"),
    (En, Threat, "youll|will|gonna pay for this|that $"),
    (En, Threat, "going to pay for this|that $"),
    (En, Threat, "make|making you pay"),
    (En, Threat, "watch your back|mouth"),
    (En, Threat, "watch yourself"),
    (En, Threat, "or else $"),
    (
        En,
        Threat,
        "never see|seeing ?the|your|my @kids_en ~1 again",
    ),
    (
        En,
        Threat,
        "take|taking ?the|my|your|our @kids_en ~2 away from you",
    ),
    (En, Threat, "full custody"),
    (En, Threat, "see you in court"),
    (En, Threat, "take|dragging|drag you to court"),
    (En, Threat, "hear|hearing from my lawyer|attorney"),
    (En, Threat, "im|i am warning you"),
    (En, Threat, "last|final warning"),
    (En, Threat, "finish|end you $"),
    (En, Threat, "destroy|ruin|crush|bury you"),
    (En, Threat, "make ~1 your life ~1 hell|miserable|nightmare"),
    (En, Threat, "living hell"),
    (En, Threat, "report you to"),
    (En, Threat, "call the police|cops on you"),
    (En, Threat, "dont test|push me"),
    (En, Threat, "you have no idea what im capable"),
    (En, Threat, "you dont know who youre dealing"),
    (En, Threat, "better watch it"),
    // ---- English: contempt and sarcasm
    (En, Contempt, "thanks|thank ?you for nothing"),
    (En, Contempt, "what a|big surprise"),
    (En, Contempt, "surprise surprise"),
    (En, Contempt, "^ shocker"),
    (En, Contempt, "what else is new"),
    (En, Contempt, "typical|classic of you"),
    (En, Contempt, "so|how|just typical $"),
    (En, Contempt, "^ typical|classic $"),
    (En, Contempt, "typical you"),
    (En, Contempt, "classic you"),
    (
        En,
        Contempt,
        "of course you didnt|forgot|wouldnt|couldnt|werent|arent|havent",
    ),
    (En, Contempt, "of course you would|did $"),
    (En, Contempt, "as if you care|cared|gave|give"),
    (En, Contempt, "like you care|cared $"),
    (En, Contempt, "as if youd care"),
    (En, Contempt, "dont make me laugh"),
    (En, Contempt, "you disgust me"),
    (En, Contempt, "you make me sick"),
    (En, Contempt, "@parent_en of the year"),
    (En, Contempt, "what kind of @parent_en"),
    (En, Contempt, "some @parent_en you are"),
    (En, Contempt, "go to hell"),
    (En, Contempt, "go fuck yourself"),
    (En, Contempt, "screw|fuck you|off"),
    (En, Contempt, "shut up"),
    (En, Contempt, "shut your mouth"),
    (En, Contempt, "who cares"),
    (En, Contempt, "couldnt care less"),
    (En, Contempt, "get a life|grip"),
    (En, Contempt, "^ ?just grow up"),
    (En, Contempt, "get over yourself"),
    (En, Contempt, "^ whatever $"),
    (En, Contempt, "nice try"),
    (En, Contempt, "yeah right"),
    (En, Contempt, "^ ?yeah|oh|ya sure you did|do|will|are $"),
    (En, Contempt, "^ oh please"),
    (En, Contempt, "give me a break"),
    (En, Contempt, "sick|tired of you|your"),
    (En, Contempt, "fed up with you|your"),
    (En, Contempt, "nobody believes you"),
    (En, Contempt, "no one believes you"),
    (
        En,
        Contempt,
        "^ ?oh|ah|wow @praise_en ?job|work ?as usual $",
    ),
    (En, Contempt, "cant do anything right"),
    (En, Contempt, "good for nothing"),
    (En, Contempt, "playing the victim"),
    (En, Contempt, "stop whining"),
    (En, Contempt, "have you no shame"),
    (En, Contempt, "how dare you"),
    // ---- English: blame
    // The words before "your fault" belong to the fragment, so its calmer wording can stand
    // in place of the whole clause.
    (
        En,
        Blame,
        "!not|no|isnt|wasnt|never ?its|thats|it|this|that ?is|was ?all your fault",
    ),
    (En, Contempt, "and|now|course ~1 its|thats my fault"),
    (En, Blame, "because of you"),
    (En, Blame, "you|youve ruined|wrecked|screwed|messed"),
    (En, Blame, "you made her|him|them|me cry"),
    (En, Blame, "you did this $"),
    (En, Blame, "you caused"),
    (En, Blame, "youre|you ?are ~1 to blame"),
    (En, Blame, "thats|this|its ?is on you $"),
    (En, Blame, "blame yourself"),
    (En, Blame, "youre|you ?are ~1 the reason"),
    (En, Insult, "!not|if youre|you ?are ~1 the problem"),
    (En, Blame, "thanks to you ~2 cri*|lost|late|sad|upset"),
    // ---- English: absolutes aimed at the reader
    (
        En,
        Absolute,
        "!are|do|did|can|could|would|will|have|were|should|if|when|thank|about|with|for|to|love|miss|whether|as @you_en ?are|re|were|just|literally|really|honestly|seriously|also|still{2} always|never|constantly !know|welcome|free|able|allowed|invited|there|loved|be",
    ),
    (
        En,
        Absolute,
        "why do|does|are|did|cant|wont|dont you ~1 always|never|ever",
    ),
    (
        En,
        Absolute,
        "!about|with|for|to|thank|love|miss|see|call|text|tell @you_en ~3 all the time $",
    ),
    (En, Absolute, "every single time you"),
    (En, Absolute, "not once have|did you"),
    (En, Absolute, "you|youve ?have never once"),
];

/// The rules, compiled, and the index of where each may begin.
pub struct Compiled {
    pub rules: Vec<Rule>,
    pub index: Index,
}

/// The rules, compiled once per process.
pub fn compiled() -> &'static Compiled {
    static COMPILED: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    COMPILED.get_or_init(|| {
        let rules: Vec<Rule> = RULES
            .iter()
            .map(|&(idioma, categoria, spec)| Rule {
                idioma,
                categoria,
                pattern: Pattern::compile(spec, &Lexicon),
            })
            .collect();
        let index = Index::new(rules.iter().map(|r| &r.pattern));
        Compiled { rules, index }
    })
}

/// Irregular English past tenses whose past participle differs, as (past, participle): after
/// "haven't" the participle is the one that reads right ("you never came" → "you haven't come").
const PAST_EN: &[(&str, &str)] = &[
    ("came", "come"),
    ("took", "taken"),
    ("gave", "given"),
    ("went", "gone"),
    ("forgot", "forgotten"),
    ("did", "done"),
    ("ate", "eaten"),
    ("saw", "seen"),
    ("wrote", "written"),
    ("drove", "driven"),
    ("knew", "known"),
    ("spoke", "spoken"),
    ("ran", "run"),
    ("woke", "woken"),
    ("chose", "chosen"),
    ("broke", "broken"),
    ("began", "begun"),
    ("rode", "ridden"),
    ("threw", "thrown"),
    ("grew", "grown"),
    ("flew", "flown"),
    ("drew", "drawn"),
    ("wore", "worn"),
    ("fell", "fallen"),
    ("hid", "hidden"),
    ("stole", "stolen"),
    ("shook", "shaken"),
    ("forgave", "forgiven"),
    ("got", "gotten"),
    ("showed", "shown"),
    ("was", "been"),
    ("were", "been"),
];

/// Irregular English past tenses that are their own past participle.
const PAST_SAME_EN: &[&str] = &[
    "told",
    "said",
    "sent",
    "paid",
    "brought",
    "made",
    "kept",
    "left",
    "bought",
    "thought",
    "found",
    "heard",
    "had",
    "met",
    "sat",
    "lost",
    "spent",
    "taught",
    "caught",
    "built",
    "felt",
    "held",
    "understood",
    "meant",
    "fed",
    "led",
    "sold",
    "stood",
    "slept",
    "won",
    "lent",
    "fought",
    "sought",
    "stuck",
    "swore",
    "hung",
];

/// Words ending in "ed" that are no past tense ("you never need…").
const NOT_PAST_EN: &[&str] = &[
    "need", "feed", "bleed", "speed", "proceed", "succeed", "exceed", "seed", "breed", "heed",
    "weed", "shed", "wed", "bed", "red", "shred", "embed", "indeed",
];

/// The past participle of an English word (folded) that is a past tense ("called", "came",
/// "told"), or `None` when it is not one.
pub fn past_participle_en(folded: &str) -> Option<&str> {
    if let Some((_, participle)) = PAST_EN.iter().find(|(past, _)| *past == folded) {
        return Some(participle);
    }
    let regular = folded.len() > 3 && folded.ends_with("ed") && !NOT_PAST_EN.contains(&folded);
    (regular || PAST_SAME_EN.contains(&folded)).then_some(folded)
}

/// Words that make "!!!" joy rather than shouting ("¡Gracias!!!", "Happy birthday!!!").
pub const GLAD: &[&str] = &[
    "gracias",
    "genial",
    "feliz",
    "felicidades",
    "felicitaciones",
    "bien",
    "lindo",
    "linda",
    "hermoso",
    "hermosa",
    "buenisimo",
    "bravo",
    "hurra",
    "yay",
    "thanks",
    "thank",
    "great",
    "happy",
    "congrats",
    "congratulations",
    "love",
    "awesome",
    "wonderful",
    "perfect",
    "amazing",
    "yes",
    "si",
    "excelente",
    "genia",
    "genio",
    "grande",
    "gol",
    "goal",
    "cumple",
    "birthday",
    "wow",
    "beautiful",
    "proud",
    "orgullosa",
    "orgulloso",
    "ganaron",
    "ganamos",
    "won",
    "lol",
    "jaja",
    "jajaja",
    "haha",
    "hahaha",
    "fun",
    "divertido",
    "te quiero",
    "quiero",
    "besos",
    "hugs",
];
