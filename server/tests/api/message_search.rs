//! Message search (insensitive to case and accents, scoped to what the caller may read, safe
//! whatever is typed) and the print page's data (the record entries that prove each message).

use chrono::Utc;
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

fn encode(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

async fn seed_messages(app: &TestApp, ids: &str, conversacion_id: &str, familia_id: &str, n: u32) {
    let sent_at = match app.db.get_database_backend() {
        DbBackend::Postgres => "TIMESTAMPTZ '2025-01-01 00:00:00+00' + n * INTERVAL '1 minute'",
        _ => "strftime('%Y-%m-%dT%H:%M:%S+00:00', '2025-01-01', '+' || n || ' minutes')",
    };
    app.sql(&format!(
        "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {n}) \
         INSERT INTO mensajes (id, conversacion_id, familia_id, numero, autor_id, texto, tipo, \
         responde_a, tono, registro_seq, enviado_at) \
         SELECT '{ids}-' || CAST(n AS TEXT), '{conversacion_id}', '{familia_id}', n, \
         NULL, CASE WHEN n % 100 = 0 THEN 'El turno con la Pediatra es el ' || CAST(n AS TEXT) \
         ELSE 'Mensaje número ' || CAST(n AS TEXT) || ' sobre la escuela y la mochila' END, \
         'normal', NULL, 'ok', 0, {sent_at} FROM s"
    ))
    .await;
}

/// The median and the 99th percentile.
fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap_or_default().to_owned()
}

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

/// Ana (Spanish) and Beto (English) are co-parents of Ana's family; Vera is a viewer of it; Carla
/// and Darío are co-parents of another family, where they write the same words.
struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    vera: String,
    vera_id: String,
    carla: String,
    carla_family: String,
    family: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "en").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org", "es").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org", "es").await;
    let (dario, _) = register(&app, "Darío", "dario@example.org", "es").await;
    let family = app.own_family(&ana).await;
    let carla_family = app.own_family(&carla).await;
    app.join_family(&carla, &carla_family, &dario, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        vera,
        vera_id,
        carla,
        carla_family,
        family,
    }
}

impl Family {
    /// A conversation started by the holder of `token` in `familia` (the co-parents by default).
    async fn start(&self, token: &str, familia: &str, tema: &str, extra: Value) -> String {
        let mut body =
            json!({"familiaId": familia, "tema": tema, "asunto": format!("Sobre {tema}")});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        let a = self
            .app
            .post("/api/conversaciones", Some(token), body)
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        id(&a.body["data"])
    }

    async fn say(&self, token: &str, conversation: &str, texto: &str) -> Value {
        let a = self
            .app
            .post(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(token),
                json!({"texto": texto, "tipo": "normal"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"].clone()
    }

    async fn search(&self, token: &str, query: &str) -> Answer {
        self.app
            .get(&format!("/api/mensajes/buscar?{query}"), Some(token))
            .await
    }

    /// The texts found for `q`, newest first.
    async fn found(&self, token: &str, q: &str) -> Vec<String> {
        self.found_with(token, &format!("q={}", encode(q))).await
    }

    async fn found_with(&self, token: &str, query: &str) -> Vec<String> {
        let a = self.search(token, query).await;
        assert_eq!(a.status, StatusCode::OK, "{query}: {}", a.body);
        a.body["data"]["resultados"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|r| r["fragmento"].as_str().unwrap_or_default().to_owned())
            .collect()
    }
}

const MEDICO: &str = "Turno con el Médico el martes a las 10";
const PEDIATRA: &str = "la pediatra dijo que está todo bien";
const NANDU: &str = "Vimos un ñandú en el zoológico";
const SCHOOL: &str = "The SCHOOL trip is on Friday";
const MOCHILA: &str = "Recuerda llevar la MOCHILA nueva";

#[tokio::test]
async fn search_ignores_accents_and_case_both_ways() {
    let f = family().await;
    let conversation = f.start(&f.ana, &f.family, "medico", json!({})).await;
    let mut sent = Vec::new();
    for (who, text) in [
        (&f.ana, MEDICO),
        (&f.beto, PEDIATRA),
        (&f.ana, NANDU),
        (&f.beto, SCHOOL),
        (&f.ana, MOCHILA),
    ] {
        sent.push(f.say(who, &conversation, text).await);
    }
    for (q, expected) in [
        ("medico", vec![MEDICO]),
        ("MÉDICO", vec![MEDICO]),
        ("médico martes", vec![MEDICO]),
        ("PEDIATRA", vec![PEDIATRA]),
        ("Pediatra ESTA", vec![PEDIATRA]),
        ("nandu", vec![NANDU]),
        ("ÑANDÚ", vec![NANDU]),
        ("zoologico", vec![NANDU]),
        ("school", vec![SCHOOL]),
        ("friday TRIP", vec![SCHOOL]),
        ("moch", vec![MOCHILA]),
        ("mochila escuela", vec![]),
        ("dentista", vec![]),
        // Newest first.
        ("el", vec![NANDU, MEDICO]),
    ] {
        assert_eq!(f.found(&f.beto, q).await, expected, "{q}");
    }
    let hit = f.search(&f.ana, "q=medico").await.body["data"]["resultados"][0].clone();
    let message = &sent[0];
    assert_eq!(hit["mensajeId"], message["_id"]);
    assert_eq!(hit["conversacionId"], conversation.as_str());
    assert_eq!(hit["familiaId"], f.family.as_str());
    assert_eq!(hit["tema"], "medico");
    assert_eq!(hit["asunto"], "Sobre medico");
    assert_eq!(hit["numero"], 1);
    assert_eq!(hit["tipo"], "normal");
    assert_eq!(hit["autor"]["_id"], f.ana_id.as_str());
    assert_eq!(hit["autor"]["nombre"], "Ana");
    assert_eq!(hit["enviadoAt"], message["enviadoAt"]);
    assert_eq!(hit["fragmento"], MEDICO);

    // A long text shows the words around the first match, within 200 characters.
    let long = format!(
        "{} y al final hablamos del odontólogo. {}",
        "Una frase larga sin nada especial. ".repeat(10),
        "Otra más. ".repeat(20)
    );
    f.say(&f.ana, &conversation, &long).await;
    let cut = f.found(&f.ana, "ODONTOLOGO").await;
    assert_eq!(cut.len(), 1);
    assert!(cut[0].chars().count() <= 200, "{}", cut[0]);
    assert!(
        cut[0].starts_with('…') && cut[0].contains("del odontólogo."),
        "{}",
        cut[0]
    );
}

#[tokio::test]
async fn search_never_reaches_what_the_caller_may_not_read() {
    let f = family().await;
    let ours = f.start(&f.ana, &f.family, "medico", json!({})).await;
    f.say(&f.ana, &ours, "Vacuna del lunes").await;
    let theirs = f
        .start(&f.carla, &f.carla_family, "medico", json!({}))
        .await;
    f.say(&f.carla, &theirs, "Vacuna del martes").await;
    assert_eq!(f.found(&f.ana, "vacuna").await.len(), 1);
    assert_eq!(f.found(&f.beto, "vacuna").await.len(), 1);
    // Another family's conversation with the same word stays out of sight, both ways.
    assert_eq!(f.found(&f.carla, "vacuna").await, vec!["Vacuna del martes"]);
    assert_eq!(f.found(&f.ana, "vacuna").await, vec!["Vacuna del lunes"]);
    // A viewer not added to the conversation finds nothing...
    assert!(f.found(&f.vera, "vacuna").await.is_empty());
    // ...until added to one, and then only that one.
    let with_vera = f
        .start(
            &f.ana,
            &f.family,
            "general",
            json!({"participantes": [f.vera_id]}),
        )
        .await;
    f.say(&f.ana, &with_vera, "Vacuna de la abuela").await;
    assert_eq!(
        f.found(&f.vera, "vacuna").await,
        vec!["Vacuna de la abuela"]
    );
    // A family that is not yours is not there.
    for familia in [f.carla_family.as_str(), "no-existe"] {
        let a = f
            .search(&f.ana, &format!("q=vacuna&familiaId={familia}"))
            .await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
    // A removed member finds nothing any more.
    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    assert!(f.found(&f.beto, "vacuna").await.is_empty());
    let unsigned = f.app.get("/api/mensajes/buscar?q=vacuna", None).await;
    assert_eq!(unsigned.status, StatusCode::UNAUTHORIZED);
}

/// A date `offset` days from today in UTC; tests ask a day either side, which covers the
/// callers' zone whatever it is.
fn day(offset: i64) -> String {
    (Utc::now() + chrono::Duration::days(offset))
        .format("%Y-%m-%d")
        .to_string()
}

#[tokio::test]
async fn filters_narrow_the_search() {
    let f = family().await;
    let school = f.start(&f.ana, &f.family, "escuela", json!({})).await;
    let doctor = f.start(&f.ana, &f.family, "medico", json!({})).await;
    f.say(&f.ana, &school, "Reunión de la escuela").await;
    f.say(&f.ana, &doctor, "Reunión con el médico").await;
    assert_eq!(f.found(&f.ana, "reunion").await.len(), 2);
    let with = |extra: &str| format!("q=reunion&{extra}");
    assert_eq!(
        f.found_with(&f.ana, &with("tema=escuela")).await,
        vec!["Reunión de la escuela"]
    );
    assert_eq!(
        f.found_with(&f.ana, &with(&format!("familiaId={}", f.family)))
            .await
            .len(),
        2
    );
    // Days in the caller's zone: a day either side of today covers whatever zone that is.
    let (yesterday, tomorrow) = (day(-1), day(1));
    assert_eq!(
        f.found_with(
            &f.ana,
            &with(&format!("desde={yesterday}&hasta={tomorrow}"))
        )
        .await
        .len(),
        2
    );
    assert!(
        f.found_with(&f.ana, &with(&format!("desde={}", day(2))))
            .await
            .is_empty()
    );
    assert!(
        f.found_with(&f.ana, &with(&format!("hasta={}", day(-2))))
            .await
            .is_empty()
    );
    for (query, field) in [
        (with("tema=cocina"), "tema"),
        (with("desde=2026-02-30"), "desde"),
        (with("hasta=ayer"), "hasta"),
        (with("desde=2026-03-02&hasta=2026-03-01"), "hasta"),
    ] {
        let a = f.search(&f.ana, &query).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{query}: {}",
            a.body
        );
        assert!(a.body["errors"][field].is_string(), "{query}: {}", a.body);
    }
}

#[tokio::test]
async fn hostile_queries_are_only_words() {
    let f = family().await;
    let conversation = f.start(&f.ana, &f.family, "general", json!({})).await;
    f.say(&f.ana, &conversation, "Pregunta al médico: ¿OR NEAR(x)?")
        .await;
    f.say(&f.ana, &conversation, "Otro mensaje cualquiera")
        .await;
    // Quoted words, operators and column names are text to find, never syntax.
    for q in [
        "\"médico\"",
        "medico*",
        "-medico",
        "medico:",
        "(medico)",
        "OR medico",
        "near(x",
        "pregunta OR",
    ] {
        assert_eq!(
            f.found(&f.ana, q).await,
            vec!["Pregunta al médico: ¿OR NEAR(x)?"],
            "{q}"
        );
    }
    for q in [
        "\"",
        "*",
        "-",
        ":",
        "NEAR(",
        "\"\"\"",
        "'",
        "\\",
        "texto:medico",
        "medico OR otro",
        "NOT medico",
        "a AND b",
        "^medico",
        "medico NEAR/2 pregunta",
        "{texto}: x",
        "' OR 1=1 --",
        "medico & otro | !x",
        "'medico':*",
        "\\'",
        // Neither engine takes a NUL in a query's text; with a quote after it, SQLite's read of
        // the quoted word ended at the NUL and failed.
        "med\0\"=x",
        "\u{1}\0",
    ] {
        let a = f.search(&f.ana, &format!("q={}", encode(q))).await;
        assert_eq!(a.status, StatusCode::OK, "{q}: {}", a.body);
        let n = a.body["data"]["resultados"].as_array().map_or(0, Vec::len);
        assert!(n <= 1, "{q}: {}", a.body);
    }
    assert!(
        f.found(&f.ana, "medico OR otro").await.is_empty(),
        "all words are required"
    );

    let long = "a".repeat(201);
    let exact = "á".repeat(200);
    assert_eq!(
        f.search(&f.ana, &format!("q={}", encode(&exact)))
            .await
            .status,
        StatusCode::OK
    );
    for query in [
        format!("q={long}"),
        "q=".to_owned(),
        "q=%20%20%0A".to_owned(),
        String::new(),
    ] {
        let a = f.search(&f.ana, &query).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{query}: {}",
            a.body
        );
        assert!(a.body["errors"]["q"].is_string(), "{}", a.body);
    }
    // In the caller's language.
    let es = f.search(&f.ana, "q=").await;
    let en = f.search(&f.beto, "q=").await;
    assert_eq!(es.body["errors"]["q"], "Escribe qué quieres buscar.");
    assert_eq!(en.body["errors"]["q"], "Write what you want to search for.");
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn the_print_page_holds_the_messages_and_their_proof() {
    let f = family().await;
    let conversation = f.start(&f.ana, &f.family, "gastos", json!({})).await;
    let texts = [
        "Pagué la cuota del club",
        "Gracias, te transfiero",
        "Listo, ¿algo más?",
    ];
    let mut sent = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let who = if i == 1 { &f.beto } else { &f.ana };
        sent.push(f.say(who, &conversation, text).await);
    }
    let read = f
        .app
        .post(
            &format!("/api/conversaciones/{conversation}/leidos"),
            Some(&f.beto),
            json!({"hasta": sent[0]["_id"]}),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);

    let print = |query: String| {
        let app = &f.app;
        let token = f.ana.clone();
        let path = format!("/api/conversaciones/{conversation}/impresion{query}");
        async move { app.get(&path, Some(&token)).await }
    };
    let a = print(String::new()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let data = &a.body["data"];
    assert_eq!(data["conversacion"]["_id"], conversation.as_str());
    assert_eq!(data["familia"]["_id"], f.family.as_str());
    let family = f
        .app
        .get(&format!("/api/familias/{}", f.family), Some(&f.ana))
        .await;
    assert_eq!(data["familia"]["nombre"], family.body["data"]["nombre"]);
    assert!(data["generadaAt"].is_string());
    let mensajes = data["mensajes"].as_array().cloned().unwrap_or_default();
    let numbers: Vec<i64> = mensajes
        .iter()
        .map(|m| m["numero"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(numbers, vec![1, 2, 3], "oldest first");
    // Beto's first view of the first message is there; the others wait.
    let view_of = |m: &Value, who: &str| {
        m["vistas"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .find(|v| v["usuarioId"] == who)
    };
    let first_view = view_of(&mensajes[0], &f.beto_id).expect("Beto's view");
    assert!(first_view["vistaAt"].is_string(), "{first_view}");
    assert!(view_of(&mensajes[2], &f.beto_id).expect("a recipient")["vistaAt"].is_null());
    assert!(view_of(&mensajes[1], &f.ana_id).expect("a recipient")["vistaAt"].is_null());

    // The entries are the record's own, with their contents.
    let record = f
        .app
        .get(
            &format!("/api/familias/{}/registro", f.family),
            Some(&f.ana),
        )
        .await;
    let record: Vec<Value> = record.body["data"]["entradas"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let entries = data["registro"]["entradas"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        entries.len(),
        4,
        "three sent and one first view: {entries:?}"
    );
    for entry in &entries {
        let own = record
            .iter()
            .find(|e| e["seq"] == entry["seq"])
            .expect("an entry of the record");
        for key in [
            "hash",
            "previo",
            "contenidoHash",
            "contenido",
            "tipo",
            "hora",
        ] {
            assert_eq!(entry[key], own[key], "{key}");
        }
    }
    for (message, text) in mensajes.iter().zip(texts) {
        let entry = entries
            .iter()
            .find(|e| e["seq"] == message["registro"]["seq"])
            .expect("the message's entry");
        assert_eq!(entry["hash"], message["registro"]["hash"]);
        assert_eq!(entry["tipo"], "mensaje.enviado");
        assert_eq!(entry["contenido"]["mensaje"], message["_id"]);
        let stored = message["texto"].as_str().unwrap_or_default();
        assert_eq!(stored, text);
        assert_eq!(entry["contenido"]["textoSha256"], sha256(stored).as_str());
    }
    let seen = entries
        .iter()
        .find(|e| e["tipo"] == "mensaje.visto")
        .expect("the first view's entry");
    assert_eq!(seen["contenido"]["usuario"], f.beto_id.as_str());
    assert_eq!(seen["contenido"]["mensajes"], json!([sent[0]["_id"]]));

    // The days asked, in the caller's zone.
    let (yesterday, tomorrow) = (day(-1), day(1));
    let within = print(format!("?desde={yesterday}&hasta={tomorrow}")).await;
    assert_eq!(
        within.body["data"]["mensajes"]
            .as_array()
            .map_or(0, Vec::len),
        3
    );
    for query in [format!("?desde={}", day(2)), format!("?hasta={}", day(-2))] {
        let none = print(query.clone()).await;
        assert_eq!(none.status, StatusCode::OK, "{}", none.body);
        assert_eq!(none.body["data"]["mensajes"], json!([]), "{query}");
        assert_eq!(
            none.body["data"]["registro"]["entradas"],
            json!([]),
            "{query}"
        );
    }
    let bad = print("?desde=mañana".to_owned()).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(bad.body["errors"]["desde"].is_string());

    // Nobody else prints it.
    for token in [&f.carla, &f.vera] {
        let a = f
            .app
            .get(
                &format!("/api/conversaciones/{conversation}/impresion"),
                Some(token),
            )
            .await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
}

#[tokio::test]
async fn a_printout_holds_at_most_five_thousand_messages() {
    let f = family().await;
    let conversation = f.start(&f.ana, &f.family, "general", json!({})).await;
    // Written directly: sending 5,001 messages through HTTP would take minutes.
    seed_messages(&f.app, "m", &conversation, &f.family, 5_001).await;
    let a = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}/impresion"),
            Some(&f.ana),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert_eq!(
        a.body["errors"]["hasta"],
        "Ese período tiene más de 5.000 mensajes: elige un período más corto."
    );
    // The seeded messages were sent on the first days of 2025, a minute apart.
    let a = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}/impresion?hasta=2025-01-02"),
            Some(&f.ana),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body["data"]["mensajes"].as_array().map_or(0, Vec::len) < 5_000);
}

#[tokio::test]
async fn erasing_a_family_empties_its_part_of_the_index() {
    let f = family().await;
    let ours = f.start(&f.ana, &f.family, "general", json!({})).await;
    f.say(&f.ana, &ours, "Palabra secreta ornitorrinco").await;
    let theirs = f
        .start(&f.carla, &f.carla_family, "general", json!({}))
        .await;
    f.say(&f.carla, &theirs, "Otro ornitorrinco").await;
    assert_eq!(f.found(&f.beto, "ornitorrinco").await.len(), 1);
    f.app
        .sql(&format!("DELETE FROM familias WHERE id = '{}'", f.family))
        .await;
    assert!(f.found(&f.beto, "ornitorrinco").await.is_empty());
    assert_eq!(
        f.found(&f.carla, "ornitorrinco").await,
        vec!["Otro ornitorrinco"]
    );
    if f.app.db.get_database_backend() == DbBackend::Sqlite {
        // Only the other family's one message is left in the index.
        for table in ["mensajes_busqueda", "mensajes_busqueda_filas"] {
            let left = f
                .app
                .db
                .query_one_raw(Statement::from_string(
                    DbBackend::Sqlite,
                    format!("SELECT count(*) AS n FROM {table}"),
                ))
                .await
                .expect("count")
                .and_then(|row| row.try_get::<i64>("", "n").ok());
            assert_eq!(left, Some(1), "{table}");
        }
    }
}
