//! What the tone help looks for, in Spanish (rioplatense voseo and peninsular or neutral tuteo)
//! and English, written in the pattern language of `rules`.
//!
//! The rules aim at the reader: a harsh word about a situation ("qué desastre el tránsito"), an
//! absolute about the child ("nunca le dimos maní") or a capital word of warning stay unflagged;
//! the same words said of the other parent ("sos un desastre", "vos nunca…") are flagged.

use super::{
    Categoria, Idioma,
    rules::{Accept, Classes, Entry, Index, Pattern, Words},
    text::Word,
};

/// A compiled rule: in which language, what it flags, how it reads.
pub struct Rule {
    pub idioma: Idioma,
    pub categoria: Categoria,
    pub pattern: Pattern,
}

use Categoria::{Absoluto, Amenaza, Culpa, Desprecio, Insulto};
use Idioma::{En, Es};

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
const RULES: &[(Idioma, Categoria, &str)] = &[
    // ---- Spanish: insults
    (Es, Insulto, "@strong_es"),
    (Es, Insulto, "hijo|hija|hijos de puta|perra|remil|mil"),
    (
        Es,
        Insulto,
        "!no|ni|nunca|jamas @you_es @fill_es{3} @weak_es",
    ),
    (Es, Insulto, "no seas|sean|seais @fill_es{2} @weak_es"),
    (Es, Insulto, "@weak_es ?que @you_es"),
    (
        Es,
        Insulto,
        "!no|ni @you_es ?@fill_es{2} @bad_es @parent_es",
    ),
    (Es, Insulto, "^ @bad_es @parent_es"),
    (Es, Insulto, "enfermo|enferma|loco|loca mental|de mierda"),
    (Es, Insulto, "de mierda"),
    (Es, Insulto, "@you_es lo peor"),
    (Es, Insulto, "la concha de tu|la hermana|madre"),
    (Es, Insulto, "la puta madre"),
    (Es, Insulto, "la puta que te pario"),
    // ---- Spanish: threats
    (Es, Amenaza, "?te vas|va a arrepentir*|lamentar"),
    (Es, Amenaza, "te arrepentir*"),
    (Es, Amenaza, "te|lo|la vas a lamentar|arrepentir"),
    (Es, Amenaza, "lo lamentaras|arrepentiras"),
    (Es, Amenaza, "me la|las vas a pagar|pagaras"),
    (Es, Amenaza, "lo|la vas a pagar|pagaras caro|cara"),
    (Es, Amenaza, "vas a pagar caro|cara"),
    (Es, Amenaza, "^ ?ya vas a ver $"),
    (Es, Amenaza, "ya te vas a enterar"),
    (Es, Amenaza, "te vas a enterar ?de ?quien ?soy $"),
    (Es, Amenaza, "con quien te metiste|metes"),
    (
        Es,
        Amenaza,
        "te voy|vamos a ~1 denunciar|destruir|hundir|arruinar|matar|reventar|cagar|romper|fundir|enterrar|aplastar",
    ),
    (
        Es,
        Amenaza,
        "denunciarte|destruirte|hundirte|arruinarte|matarte|reventarte|enterrarte|aplastarte",
    ),
    (
        Es,
        Amenaza,
        "te denuncio|denunciare|mato|destruyo|hundo|arruino|reviento|cago",
    ),
    (
        Es,
        Amenaza,
        "te voy|vamos a quitar|sacar ?a ?los|las|la|el|tus|mis @kids_es",
    ),
    (
        Es,
        Amenaza,
        "te quito|quitare ?a ?los|las|la|el|tus|mis @kids_es",
    ),
    (
        Es,
        Amenaza,
        "quitar|sacar|quito|saco ?te la custodia|tenencia",
    ),
    (Es, Amenaza, "no|nunca ~2 vas a volver a ver ~2 @kids_es"),
    (Es, Amenaza, "no|nunca mas ?los|las|lo|la vas a ver"),
    (Es, Amenaza, "no ?los|las|lo|la vas a ver nunca|mas"),
    (Es, Amenaza, "nunca|jamas mas ~2 vas a ver"),
    (Es, Amenaza, "vas a perder ~2 @kids_es"),
    (
        Es,
        Amenaza,
        "nos vemos|veremos|ves en ~1 juzgado|juicio|tribunal|tribunales|corte",
    ),
    (Es, Amenaza, "noticias de mi abogado|abogada"),
    (Es, Amenaza, "mi abogado|abogada se va a enterar"),
    (Es, Amenaza, "te lo advierto $"),
    (Es, Amenaza, "estas advertido|advertida|avisado|avisada"),
    (Es, Amenaza, "ultima advertencia"),
    (Es, Amenaza, "mas te vale"),
    (Es, Amenaza, "cuidadito"),
    (Es, Amenaza, "te hago la vida imposible|cuadritos"),
    (Es, Amenaza, "hacerte|hare ~1 la vida imposible"),
    (Es, Amenaza, "vida imposible"),
    (Es, Amenaza, "no sabes de lo que soy capaz"),
    (Es, Amenaza, "o si no|sino $"),
    // ---- Spanish: contempt and sarcasm
    (Es, Desprecio, "gracias por nada"),
    (Es, Desprecio, "que|vaya novedad"),
    (Es, Desprecio, "oh|vaya que sorpresa"),
    (Es, Desprecio, "vaya sorpresa"),
    (Es, Desprecio, "tipico|tipica de vos|ti|tu"),
    (Es, Desprecio, "tipico|tipica tuyo|tuya"),
    (Es, Desprecio, "tan|muy tipico|tipica ~1 vos|ti|tuyo|tuya"),
    (Es, Desprecio, "como si te importar*|interesar*"),
    (
        Es,
        Desprecio,
        "como si te importaran|importara|interesaran|interesara",
    ),
    (Es, Desprecio, "no me hagas reir"),
    (Es, Desprecio, "?me das|dais asco|pena|lastima|verguenza"),
    (Es, Desprecio, "@parent_es del ano"),
    (Es, Desprecio, "vaya|menudo|menuda|valiente @parent_es"),
    (Es, Desprecio, "que clase|tipo de @parent_es"),
    (
        Es,
        Desprecio,
        "^ oh|ah|uy|ay @praise_es ?que ?bien como siempre $",
    ),
    (
        Es,
        Desprecio,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien otra vez $",
    ),
    (
        Es,
        Desprecio,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien de nuevo $",
    ),
    (
        Es,
        Desprecio,
        "^ ?oh|ah|uy|ay @praise_es ?que ?bien una vez mas $",
    ),
    (
        Es,
        Desprecio,
        "andate|anda|vete|idos|andese|vayase a|al ?la mierda|cagar|carajo|concha",
    ),
    (Es, Desprecio, "callate|callese|callaos|callense"),
    (
        Es,
        Desprecio,
        "cerra|cierra|cerras|cierras ?el|la orto|pico|boca|hocico",
    ),
    (Es, Desprecio, "no ?me jodas"),
    (
        Es,
        Desprecio,
        "me importa|importan ?un ?tres carajo|carajos|pito|bledo|comino|mierda|rabano|huevo",
    ),
    (Es, Desprecio, "me chupa|chupan un huevo|huevos"),
    (Es, Desprecio, "a quien le importa|importan"),
    (Es, Desprecio, "no esperaba|espero ~2 menos|otra de vos|ti"),
    (Es, Desprecio, "que se puede esperar ~2 vos|ti"),
    (Es, Desprecio, "con vos|contigo no se puede"),
    (
        Es,
        Desprecio,
        "me tenes|tienes|tenés ?re|muy|tan harta|harto|podrida|podrido|cansada|cansado|repodrida|repodrido|hasta",
    ),
    (
        Es,
        Desprecio,
        "harta|harto|podrida|podrido|cansada|cansado de vos|ti|tus|tu",
    ),
    (Es, Desprecio, "nadie te cree"),
    (Es, Desprecio, "que verguenza das|me das"),
    (Es, Desprecio, "no das para mas"),
    (Es, Desprecio, "ni para eso servis|sirves"),
    (Es, Desprecio, "no servis|sirves para nada"),
    (Es, Desprecio, "no tenes|tienes verguenza"),
    (Es, Desprecio, "deja|dejate|dejá de joder|llorar"),
    (Es, Desprecio, "hacerte|haciendote la|el victima"),
    (Es, Desprecio, "hacete|hazte|haces|hacés la|el victima"),
    (Es, Desprecio, "que poca verguenza|madre"),
    // ---- Spanish: blame
    (Es, Culpa, "la culpa es ~1 tuya|tuyo|vuestra"),
    (Es, Culpa, "!no|ni es|fue|era ?toda ?tu culpa"),
    (
        Es,
        Desprecio,
        "despues|encima|ahora|claro ?que ?y la culpa es mia",
    ),
    (Es, Culpa, "por tu culpa"),
    (Es, Culpa, "culpa tuya|vuestra"),
    (Es, Culpa, "!no|ni tenes|tienes|tuviste ~1 la culpa"),
    (Es, Culpa, "!no|ni @you_es ~2 culpable|culpables"),
    (
        Es,
        Culpa,
        "lo|la|los|las ?re arruinaste|arruinas|cagaste|jodiste",
    ),
    (Es, Culpa, "arruinaste|arruinas|cagaste|jodiste todo"),
    (
        Es,
        Culpa,
        "la|lo|los|las hiciste|haces|hacés ~1 llorar|sufrir",
    ),
    (Es, Culpa, "es|fue por vos|ti que"),
    (Es, Culpa, "gracias a vos|ti ~2 llor*|perdi*|sufr*|falt*"),
    // ---- Spanish: absolutes aimed at the reader
    (
        Es,
        Absoluto,
        "vos|=tú|tu ?no|ya|tambien siempre|nunca|jamas",
    ),
    (Es, Absoluto, "siempre|nunca|jamas @clitic_es{3} @v2"),
    (
        Es,
        Absoluto,
        "@v2 ?nada|tarde|mal|todo|cualquier|cosa{2} siempre|nunca|jamas",
    ),
    (Es, Absoluto, "@v2 ~3 todo el santo|bendito tiempo"),
    (Es, Absoluto, "@v2 ~3 todo el tiempo"),
    (Es, Absoluto, "cada vez que ?vos|tu @clitic_es{2} @v2"),
    (
        Es,
        Absoluto,
        "todas las veces|santas veces ?que @clitic_es{2} @v2",
    ),
    // ---- English: insults
    (En, Insulto, "@strong_en"),
    (
        En,
        Insulto,
        "!the|this|that|my|a|these|those|his|her|our|their stupid|dumb",
    ),
    (En, Insulto, "son|sons of a bitch"),
    (En, Insulto, "piece|pos of shit|crap|garbage|work"),
    (
        En,
        Insulto,
        "!not|never|if @you_en ?are|re|were|r|be|being|sound|look|act{2} @fill_en{3} @weak_en",
    ),
    (En, Insulto, "dont|stop be|being @fill_en{2} @weak_en"),
    (
        En,
        Insulto,
        "!not|never|if @you_en ?are|re|were|r|be{2} @fill_en{2} @bad_en @parent_en",
    ),
    (En, Insulto, "^ @bad_en @parent_en"),
    (En, Insulto, "what|such a|an @bad_en @parent_en"),
    (En, Insulto, "@weak_en like you"),
    // ---- English: threats
    (En, Amenaza, "youll|youre|ull|will|gonna|going ?to regret*"),
    (En, Amenaza, "youll|will|gonna pay for this|that $"),
    (En, Amenaza, "going to pay for this|that $"),
    (En, Amenaza, "make|making you pay"),
    (En, Amenaza, "watch your back|mouth"),
    (En, Amenaza, "watch yourself"),
    (En, Amenaza, "or else $"),
    (
        En,
        Amenaza,
        "never see|seeing ?the|your|my @kids_en ~1 again",
    ),
    (
        En,
        Amenaza,
        "take|taking ?the|my|your|our @kids_en ~2 away from you",
    ),
    (En, Amenaza, "full custody"),
    (En, Amenaza, "see you in court"),
    (En, Amenaza, "take|dragging|drag you to court"),
    (En, Amenaza, "hear|hearing from my lawyer|attorney"),
    (En, Amenaza, "im|i am warning you"),
    (En, Amenaza, "last|final warning"),
    (En, Amenaza, "finish|end you $"),
    (En, Amenaza, "destroy|ruin|crush|bury you"),
    (En, Amenaza, "make ~1 your life ~1 hell|miserable|nightmare"),
    (En, Amenaza, "living hell"),
    (En, Amenaza, "report you to"),
    (En, Amenaza, "call the police|cops on you"),
    (En, Amenaza, "dont test|push me"),
    (En, Amenaza, "you have no idea what im capable"),
    (En, Amenaza, "you dont know who youre dealing"),
    (En, Amenaza, "better watch it"),
    // ---- English: contempt and sarcasm
    (En, Desprecio, "thanks|thank ?you for nothing"),
    (En, Desprecio, "what a|big surprise"),
    (En, Desprecio, "surprise surprise"),
    (En, Desprecio, "^ shocker"),
    (En, Desprecio, "what else is new"),
    (En, Desprecio, "typical|classic of you"),
    (En, Desprecio, "so|how|just typical $"),
    (En, Desprecio, "^ typical|classic $"),
    (En, Desprecio, "typical you"),
    (En, Desprecio, "classic you"),
    (
        En,
        Desprecio,
        "of course you didnt|forgot|wouldnt|couldnt|werent|arent|havent",
    ),
    (En, Desprecio, "of course you would|did $"),
    (En, Desprecio, "as if you care|cared|gave|give"),
    (En, Desprecio, "like you care|cared $"),
    (En, Desprecio, "as if youd care"),
    (En, Desprecio, "dont make me laugh"),
    (En, Desprecio, "you disgust me"),
    (En, Desprecio, "you make me sick"),
    (En, Desprecio, "@parent_en of the year"),
    (En, Desprecio, "what kind of @parent_en"),
    (En, Desprecio, "some @parent_en you are"),
    (En, Desprecio, "go to hell"),
    (En, Desprecio, "go fuck yourself"),
    (En, Desprecio, "screw|fuck you|off"),
    (En, Desprecio, "shut up"),
    (En, Desprecio, "shut your mouth"),
    (En, Desprecio, "who cares"),
    (En, Desprecio, "couldnt care less"),
    (En, Desprecio, "get a life|grip"),
    (En, Desprecio, "^ ?just grow up"),
    (En, Desprecio, "get over yourself"),
    (En, Desprecio, "^ whatever $"),
    (En, Desprecio, "nice try"),
    (En, Desprecio, "yeah right"),
    (En, Desprecio, "^ ?yeah|oh|ya sure you did|do|will|are $"),
    (En, Desprecio, "^ oh please"),
    (En, Desprecio, "give me a break"),
    (En, Desprecio, "sick|tired of you|your"),
    (En, Desprecio, "fed up with you|your"),
    (En, Desprecio, "nobody believes you"),
    (En, Desprecio, "no one believes you"),
    (
        En,
        Desprecio,
        "^ ?oh|ah|wow @praise_en ?job|work ?as usual $",
    ),
    (En, Desprecio, "cant do anything right"),
    (En, Desprecio, "good for nothing"),
    (En, Desprecio, "playing the victim"),
    (En, Desprecio, "stop whining"),
    (En, Desprecio, "have you no shame"),
    (En, Desprecio, "how dare you"),
    // ---- English: blame
    // The words before "your fault" belong to the fragment, so its calmer wording can stand
    // in place of the whole clause.
    (
        En,
        Culpa,
        "!not|no|isnt|wasnt|never ?its|thats|it|this|that ?is|was ?all your fault",
    ),
    (En, Desprecio, "and|now|course ~1 its|thats my fault"),
    (En, Culpa, "because of you"),
    (En, Culpa, "you|youve ruined|wrecked|screwed|messed"),
    (En, Culpa, "you made her|him|them|me cry"),
    (En, Culpa, "you did this $"),
    (En, Culpa, "you caused"),
    (En, Culpa, "youre|you ?are ~1 to blame"),
    (En, Culpa, "thats|this|its ?is on you $"),
    (En, Culpa, "blame yourself"),
    (En, Culpa, "youre|you ?are ~1 the reason"),
    (En, Insulto, "!not|if youre|you ?are ~1 the problem"),
    (En, Culpa, "thanks to you ~2 cri*|lost|late|sad|upset"),
    // ---- English: absolutes aimed at the reader
    (
        En,
        Absoluto,
        "!are|do|did|can|could|would|will|have|were|should|if|when|thank|about|with|for|to|love|miss|whether|as @you_en ?are|re|were|just|literally|really|honestly|seriously|also|still{2} always|never|constantly !know|welcome|free|able|allowed|invited|there|loved|be",
    ),
    (
        En,
        Absoluto,
        "why do|does|are|did|cant|wont|dont you ~1 always|never|ever",
    ),
    (
        En,
        Absoluto,
        "!about|with|for|to|thank|love|miss|see|call|text|tell @you_en ~3 all the time $",
    ),
    (En, Absoluto, "every single time you"),
    (En, Absoluto, "not once have|did you"),
    (En, Absoluto, "you|youve ?have never once"),
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
