//! The shield folds a hostile message for the reader who turned it on everywhere the server hands
//! its words out at a glance (the list's preview, quotes in it, search excerpts) and nowhere else:
//! the thread's pages, the message by its id, notices, the record and the author's own views.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";
const HOSTILE: &str = "Sos un inútil, otra vez llegaste tarde al colegio.";
const REPLY: &str = "Te lo repito por si no lo leíste.";

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

async fn shield(app: &TestApp, token: &str, on: bool) {
    let a = app
        .request(
            Method::PUT,
            "/api/mensajes/ajustes",
            Some(token),
            Some(json!({"escudo": on})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

async fn send(app: &TestApp, token: &str, conversation: &str, body: Value) -> Value {
    let a = app
        .post(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(token),
            body,
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"].clone()
}

/// The caller's view of the conversation in their list, if it is there.
async fn listed(app: &TestApp, token: &str, conversation: &str) -> Option<Value> {
    let a = app.get("/api/conversaciones", Some(token)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["conversaciones"]
        .as_array()
        .and_then(|l| l.iter().find(|c| c["_id"] == conversation).cloned())
}

async fn search(app: &TestApp, token: &str, q: &str) -> Answer {
    app.get(&format!("/api/mensajes/buscar?q={q}"), Some(token))
        .await
}

fn hits(a: &Answer) -> Vec<Value> {
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["resultados"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn a_folded_message_leaves_no_words_in_previews_quotes_or_search_for_whom_it_folds() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "en").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org", "es").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org", "es").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &vera, "viewer", "abuelo")
        .await;
    shield(&app, &beto, true).await;
    shield(&app, &vera, true).await;
    let started = app
        .post(
            "/api/conversaciones",
            Some(&ana),
            json!({"familiaId": family, "tema": "escuela", "asunto": "Horarios", "participantes": [beto_id, vera_id]}),
        )
        .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.body);
    let conversation = started.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let hostile = send(
        &app,
        &ana,
        &conversation,
        json!({"texto": HOSTILE, "tipo": "normal"}),
    )
    .await;
    assert_eq!(hostile["tono"], "hostil");
    assert_eq!(hostile["plegado"], false, "its author reads it whole");
    let hostile_id = hostile["_id"].as_str().unwrap_or_default().to_owned();

    // The list and the conversation: folded for Beto and Vera, whose shields are on.
    for (token, who) in [(&beto, "Beto"), (&vera, "Vera")] {
        let seen = listed(&app, token, &conversation).await.expect("listed");
        let last = &seen["ultimoMensaje"];
        assert_eq!(
            (&last["plegado"], &last["texto"]),
            (&json!(true), &json!("")),
            "{who}: {last}"
        );
        assert_eq!(last["tono"], "hostil", "{who}");
        let one = app
            .get(&format!("/api/conversaciones/{conversation}"), Some(token))
            .await;
        assert_eq!(one.body["data"]["ultimoMensaje"]["texto"], "", "{who}");
    }
    // Whole for its author, and for Beto once his shield is off.
    let mine = listed(&app, &ana, &conversation).await.expect("listed");
    assert_eq!(mine["ultimoMensaje"]["texto"], HOSTILE);
    shield(&app, &beto, false).await;
    let unshielded = listed(&app, &beto, &conversation).await.expect("listed");
    assert_eq!(
        (
            &unshielded["ultimoMensaje"]["texto"],
            &unshielded["ultimoMensaje"]["plegado"]
        ),
        (&json!(HOSTILE), &json!(false))
    );
    shield(&app, &beto, true).await;

    // A calm reply quoting it: the reply shows, the quote in the preview does not.
    let reply = send(
        &app,
        &ana,
        &conversation,
        json!({"texto": REPLY, "tipo": "normal", "respondeA": hostile_id}),
    )
    .await;
    assert_eq!(
        reply["respondeA"]["texto"], HOSTILE,
        "the author's own answer"
    );
    let seen = listed(&app, &beto, &conversation).await.expect("listed");
    let last = &seen["ultimoMensaje"];
    assert_eq!(
        (&last["texto"], &last["plegado"]),
        (&json!(REPLY), &json!(false))
    );
    assert_eq!(
        (
            &last["respondeA"]["texto"],
            &last["respondeA"]["plegado"],
            &last["respondeA"]["tono"]
        ),
        (&json!(""), &json!(true), &json!("hostil")),
        "{last}"
    );

    // The thread carries the words, with each quote's tone, for the app to fold; opening the
    // message by its id shows it.
    let page = app
        .get(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&beto),
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let messages = page.body["data"]["mensajes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(messages[1]["texto"], HOSTILE);
    assert_eq!(messages[0]["respondeA"]["tono"], "hostil");
    let opened = app
        .get(
            &format!("/api/conversaciones/{conversation}/mensajes/{hostile_id}"),
            Some(&beto),
        )
        .await;
    assert_eq!(opened.body["data"]["texto"], HOSTILE, "{}", opened.body);

    // Search finds it by its words and shows none of them to Beto; Ana reads her excerpt.
    let found = hits(&search(&app, &beto, "colegio").await);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (&found[0]["plegado"], &found[0]["fragmento"]),
        (&json!(true), &json!(""))
    );
    assert_eq!(found[0]["mensajeId"], hostile_id.as_str());
    let hers = hits(&search(&app, &ana, "colegio").await);
    assert_eq!(hers[0]["plegado"], false);
    assert!(
        hers[0]["fragmento"]
            .as_str()
            .is_some_and(|f| f.contains("inútil")),
        "{hers:?}"
    );
    let calm = hits(&search(&app, &beto, "repito").await);
    assert_eq!(calm[0]["plegado"], false);
    assert!(
        calm[0]["fragmento"]
            .as_str()
            .is_some_and(|f| f.contains("repito")),
        "{calm:?}"
    );

    // Notices, their mail and push texts never carry a message's words.
    let notices = app.get("/api/notificaciones", Some(&beto)).await;
    assert_eq!(notices.status, StatusCode::OK, "{}", notices.body);
    let listed_notices = notices.body["data"]["notificaciones"].to_string();
    assert!(listed_notices.contains("Ana Paz"), "{listed_notices}");
    assert!(!listed_notices.contains("inútil"), "{listed_notices}");
    app.wait_for_mail_with("Message from Ana Paz").await;
    for mail in app.mails_with("To: beto@example.org") {
        assert!(
            !mail.contains("inútil") && !mail.contains("colegio"),
            "{mail}"
        );
    }

    // The record keeps the message as sent.
    let record = app
        .get(&format!("/api/familias/{family}/registro"), Some(&ana))
        .await;
    assert!(
        record.body.to_string().contains(&sha256(HOSTILE)),
        "the entry's textoSha256"
    );

    // Who may not read the conversation gets nothing of it, folded or not.
    app.remove_member(&ana, &family, &vera_id).await;
    assert!(listed(&app, &vera, &conversation).await.is_none());
    assert!(hits(&search(&app, &vera, "colegio").await).is_empty());
    let removed = app
        .get(&format!("/api/conversaciones/{conversation}"), Some(&vera))
        .await;
    assert_eq!(removed.status, StatusCode::NOT_FOUND);
    assert!(listed(&app, &carla, &conversation).await.is_none());
    assert!(hits(&search(&app, &carla, "colegio").await).is_empty());
    let stranger = app
        .get(&format!("/api/conversaciones/{conversation}"), Some(&carla))
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/conversaciones", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/mensajes/buscar?q=colegio", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}
