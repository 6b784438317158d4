//! `POST /api/mensajes/tono`: the tone help of the composer, signed-in only.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

#[tokio::test]
async fn the_tone_help_needs_a_session() {
    let app = TestApp::spawn().await;
    let a = app
        .post("/api/mensajes/tono", None, json!({"texto": "hola"}))
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{}", a.body);
}

#[tokio::test]
async fn a_text_too_long_or_a_language_unknown_is_refused() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("tono-largo@example.com", PASSWORD).await;
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": "a".repeat(10_001)}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert!(a.body["errors"]["texto"].is_string(), "{}", a.body);
    // Exactly 10,000 characters, some of them two bytes long, is within the limit.
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": "ñ".repeat(10_000)}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": "hola", "idioma": "fr"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    assert!(a.body["errors"]["idioma"].is_string(), "{}", a.body);
}

#[tokio::test]
async fn a_hostile_spanish_text_is_flagged_with_calmer_wording() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("tono-es@example.com", PASSWORD).await;
    let texto = "🙄 Sos un inútil y la culpa es tuya";
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": texto, "idioma": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["success"], true);
    let data = &a.body["data"];
    assert_eq!(data["nivel"], "hostil", "{data}");
    let fragmentos = data["fragmentos"].as_array().expect("fragmentos");
    let chars: Vec<char> = texto.chars().collect();
    let pieces: Vec<(String, &str)> = fragmentos
        .iter()
        .map(|f| {
            let inicio = f["inicio"].as_u64().expect("inicio") as usize;
            let fin = f["fin"].as_u64().expect("fin") as usize;
            assert!(
                f["sugerencia"].as_str().is_some_and(|s| !s.is_empty()),
                "{f}"
            );
            (
                chars[inicio..fin].iter().collect(),
                f["categoria"].as_str().expect("categoria"),
            )
        })
        .collect();
    assert_eq!(
        pieces,
        [
            ("Sos un inútil".to_owned(), "insulto"),
            ("la culpa es tuya".to_owned(), "culpa"),
        ]
    );
    assert!(
        fragmentos[0]["sugerencia"]
            .as_str()
            .is_some_and(|s| s.starts_with("Deja fuera")),
        "{data}"
    );
    // The insult is best left out; the blame becomes a neutral account.
    assert_eq!(fragmentos[0]["reemplazo"], "", "{data}");
    assert_eq!(fragmentos[1]["reemplazo"], "esto pasó", "{data}");
}

#[tokio::test]
async fn a_civil_english_text_is_ok_and_suggestions_follow_the_text() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("tono-en@example.com", PASSWORD).await;
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": "She always sleeps better after swimming. Can you pick her up at five?"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["data"]["nivel"], "ok", "{}", a.body);
    assert_eq!(a.body["data"]["fragmentos"], json!([]));
    // No idioma: both lexicons, and the suggestion in the language the text is written in,
    // whatever the caller's (Spanish here).
    let a = app
        .post(
            "/api/mensajes/tono",
            Some(&token),
            json!({"texto": "You never listen to me"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["data"]["nivel"], "atencion", "{}", a.body);
    let fragmento = &a.body["data"]["fragmentos"][0];
    assert_eq!(fragmento["categoria"], "absoluto");
    assert_eq!(
        (&fragmento["inicio"], &fragmento["fin"]),
        (&json!(0), &json!(9))
    );
    assert!(
        fragmento["sugerencia"]
            .as_str()
            .is_some_and(|s| s.contains("Lately")),
        "{fragmento}"
    );
    // The calmer wording stands in place of exactly "You never", keeping the verb after it.
    assert_eq!(fragmento["reemplazo"], "Lately you don't", "{fragmento}");
}

/// The level and the flagged fragments (as written, with their category) of `texto`, asked with
/// `idioma` (or without one).
async fn rated(
    app: &TestApp,
    token: &str,
    texto: &str,
    idioma: Option<&str>,
) -> (String, Vec<(String, String, String)>) {
    let mut body = json!({"texto": texto});
    if let Some(idioma) = idioma {
        body["idioma"] = json!(idioma);
    }
    let a = app.post("/api/mensajes/tono", Some(token), body).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let chars: Vec<char> = texto.chars().collect();
    let fragments = a.body["data"]["fragmentos"]
        .as_array()
        .expect("fragmentos")
        .iter()
        .map(|f| {
            let inicio = f["inicio"].as_u64().expect("inicio") as usize;
            let fin = f["fin"].as_u64().expect("fin") as usize;
            (
                chars[inicio..fin].iter().collect(),
                f["categoria"].as_str().unwrap_or_default().to_owned(),
                f["sugerencia"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    (
        a.body["data"]["nivel"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        fragments,
    )
}

#[tokio::test]
async fn the_text_decides_the_lexicon_not_the_interface() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("tono-idioma@example.com", PASSWORD).await;
    for idioma in [Some("en"), Some("es"), None] {
        // A Spanish insult with the English interface, and the other way round: both flagged,
        // each with advice in the language it is written in.
        let (nivel, found) = rated(&app, &token, "Sos un inútil", idioma).await;
        assert_eq!(nivel, "hostil", "{idioma:?}: {found:?}");
        assert_eq!(found.len(), 1, "{idioma:?}: {found:?}");
        assert_eq!(
            (found[0].0.as_str(), found[0].1.as_str()),
            ("Sos un inútil", "insulto")
        );
        assert!(
            found[0].2.starts_with("Deja fuera"),
            "{idioma:?}: {found:?}"
        );

        let (nivel, found) = rated(&app, &token, "You are such an idiot", idioma).await;
        assert_eq!(nivel, "hostil", "{idioma:?}: {found:?}");
        assert!(
            found
                .iter()
                .any(|(words, categoria, _)| words.contains("idiot") && categoria == "insulto"),
            "{idioma:?}: {found:?}"
        );
        assert!(
            found
                .iter()
                .all(|(_, _, advice)| advice.starts_with("Leave")),
            "{idioma:?}: {found:?}"
        );

        // Polite texts in either language are fine whatever the interface.
        for polite in [
            "Hola, ¿podés buscar a Sofi a las cinco? Gracias.",
            "Hi, could you pick Sofi up at five? Thanks.",
        ] {
            let (nivel, found) = rated(&app, &token, polite, idioma).await;
            assert_eq!(
                (nivel.as_str(), found.len()),
                ("ok", 0),
                "{polite} {idioma:?}"
            );
        }
    }
    // A text that mixes both is read in both.
    let (nivel, _) = rated(
        &app,
        &token,
        "Eres un imbécil. See you in court.",
        Some("en"),
    )
    .await;
    assert_eq!(nivel, "hostil");
}
