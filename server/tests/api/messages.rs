//! Messages: who reads a conversation, numbering and pages, messages that cannot change, first
//! views set once, the family record's entries, checks of what is sent, the emergency limit, the
//! burst rule, blocking and quiet hours.

use chrono::Utc;
use nido::notifications::entities::notificacion;
use reqwest::{Method, StatusCode};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{Answer, TestApp, eventually};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap_or_default().to_owned()
}

/// Ana (Spanish) and Beto (English) are co-parents of Ana's family; Vera is a viewer of it; Carla
/// is a stranger with a family of her own.
struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    vera: String,
    vera_id: String,
    carla: String,
    family: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "en").await;
    let (vera, vera_id) = register(&app, "Vera", "vera@example.org", "es").await;
    let (carla, _) = register(&app, "Carla", "carla@example.org", "es").await;
    let family = app.own_family(&ana).await;
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
        family,
    }
}

impl Family {
    async fn start(&self, token: &str, extra: Value) -> Answer {
        let mut body =
            json!({"familiaId": self.family, "tema": "escuela", "asunto": "Reunión de padres"});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.app
            .post("/api/conversaciones", Some(token), body)
            .await
    }

    /// A conversation of the co-parents, started by Ana; its id.
    async fn conversation(&self) -> String {
        let a = self.start(&self.ana, json!({})).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        id(&a.body["data"])
    }

    async fn send(&self, token: &str, conversation: &str, body: Value) -> Answer {
        self.app
            .post(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(token),
                body,
            )
            .await
    }

    /// Sends a normal message; gives back the message.
    async fn say(&self, token: &str, conversation: &str, texto: &str) -> Value {
        let a = self
            .send(
                token,
                conversation,
                json!({"texto": texto, "tipo": "normal"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        a.body["data"].clone()
    }

    async fn seen(&self, token: &str, conversation: &str, hasta: &str) -> Answer {
        self.app
            .post(
                &format!("/api/conversaciones/{conversation}/leidos"),
                Some(token),
                json!({"hasta": hasta}),
            )
            .await
    }

    async fn listed(&self, token: &str) -> Vec<String> {
        let a = self.app.get("/api/conversaciones", Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]["conversaciones"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(id)
            .collect()
    }

    /// Every way into the conversation answers 404 to the holder of `token`, and their list
    /// leaves it out.
    async fn shut_out(&self, token: &str, conversation: &str, message: &str, who: &str) {
        let base = format!("/api/conversaciones/{conversation}");
        let answers = [
            self.app.get(&base, Some(token)).await,
            self.app.get(&format!("{base}/mensajes"), Some(token)).await,
            self.app
                .get(&format!("{base}/mensajes/{message}"), Some(token))
                .await,
            self.send(
                token,
                conversation,
                json!({"texto": "hola", "tipo": "normal"}),
            )
            .await,
            self.seen(token, conversation, message).await,
        ];
        for a in answers {
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{who}: {}", a.body);
        }
        assert!(
            !self.listed(token).await.contains(&conversation.to_owned()),
            "{who} lists it"
        );
    }

    async fn notices_of(&self, usuario_id: &str, tipo: &str) -> Vec<notificacion::Model> {
        notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(usuario_id))
            .filter(notificacion::Column::Tipo.eq(tipo))
            .order_by_asc(notificacion::Column::Creada)
            .all(&self.app.db)
            .await
            .expect("notices")
    }

    async fn record(&self, token: &str) -> Vec<Value> {
        let a = self
            .app
            .get(
                &format!("/api/familias/{}/registro", self.family),
                Some(token),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]["entradas"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn only_participants_who_are_still_members_read_a_conversation() {
    let f = family().await;
    let conversation = f.conversation().await;
    let message = id(&f
        .say(&f.ana, &conversation, "¿Vamos juntos a la reunión?")
        .await);
    let got = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}"),
            Some(&f.beto),
        )
        .await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.body);
    let people: Vec<String> = got.body["data"]["participantes"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(id)
        .collect();
    assert_eq!(people.len(), 2, "the co-parents by default");
    assert!(people.contains(&f.ana_id) && people.contains(&f.beto_id));
    assert_eq!(got.body["data"]["noLeidos"], 1);
    assert_eq!(got.body["data"]["ultimoMensaje"]["_id"], message.as_str());

    f.shut_out(&f.carla, &conversation, &message, "a stranger")
        .await;
    f.shut_out(&f.vera, &conversation, &message, "a viewer left out")
        .await;

    // A viewer added to a conversation reads it.
    let with_vera = f.start(&f.ana, json!({"participantes": [f.vera_id]})).await;
    assert_eq!(with_vera.status, StatusCode::CREATED, "{}", with_vera.body);
    let with_vera = id(&with_vera.body["data"]);
    assert_eq!(f.listed(&f.vera).await, vec![with_vera.clone()]);
    let hello = f.say(&f.vera, &with_vera, "Yo puedo llevarlos").await;
    assert_eq!(hello["numero"], 1);

    // A removed member keeps nothing.
    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    f.shut_out(&f.beto, &conversation, &message, "a removed member")
        .await;
    // Nor does a message sent after the removal count him among its recipients.
    let later = f.say(&f.ana, &conversation, "¿Sigues ahí?").await;
    assert_eq!(later["vistas"], json!([]));
}

#[tokio::test]
async fn messages_cannot_be_edited_or_deleted() {
    let f = family().await;
    let conversation = f.conversation().await;
    let sent = f.say(&f.ana, &conversation, "El lunes lo busco yo").await;
    let message = id(&sent);
    for path in [
        format!("/api/conversaciones/{conversation}/mensajes/{message}"),
        format!("/api/conversaciones/{conversation}/mensajes"),
    ] {
        for method in [Method::PUT, Method::PATCH, Method::DELETE] {
            let a = f
                .app
                .request(
                    method.clone(),
                    &path,
                    Some(&f.ana),
                    Some(json!({"texto": "El lunes no puedo"})),
                    None,
                )
                .await;
            assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        }
    }
    let again = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}/mensajes/{message}"),
            Some(&f.beto),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.body["data"]["texto"], "El lunes lo busco yo");
    assert_eq!(again.body["data"]["registro"], sent["registro"]);
}

#[tokio::test]
async fn messages_are_numbered_and_paged_backwards() {
    let f = family().await;
    let conversation = f.conversation().await;
    for n in 1..=120 {
        let m = f.say(&f.ana, &conversation, &format!("mensaje {n}")).await;
        assert_eq!(m["numero"], n);
    }
    let path = format!("/api/conversaciones/{conversation}/mensajes");
    let mut cursor: Option<String> = None;
    let mut sizes = Vec::new();
    let mut numbers = Vec::new();
    loop {
        let url = match &cursor {
            Some(c) => format!("{path}?cursor={c}"),
            None => path.clone(),
        };
        let page = f.app.get(&url, Some(&f.beto)).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let list = page.body["data"]["mensajes"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        sizes.push(list.len());
        numbers.extend(list.iter().filter_map(|m| m["numero"].as_i64()));
        match page.body["data"]["siguiente"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    assert_eq!(sizes, vec![50, 50, 20]);
    assert_eq!(numbers, (1..=120).rev().collect::<Vec<i64>>());
    for bad in ["abc", "-3", "0"] {
        let a = f
            .app
            .get(&format!("{path}?cursor={bad}"), Some(&f.ana))
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(a.body["errors"]["cursor"].is_string(), "{}", a.body);
    }
    let unread = f.app.get("/api/mensajes/no-leidos", Some(&f.beto)).await;
    assert_eq!(unread.body["data"]["total"], 120);
}

#[tokio::test]
async fn a_first_view_is_set_once_and_recorded() {
    let f = family().await;
    let conversation = f.conversation().await;
    let first = id(&f.say(&f.ana, &conversation, "Uno").await);
    let second = id(&f.say(&f.ana, &conversation, "Dos").await);
    let third = id(&f.say(&f.ana, &conversation, "Tres").await);

    let seen = f.seen(&f.beto, &conversation, &second).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    assert_eq!(seen.body["data"]["vistos"], 2);
    let at = seen.body["data"]["vistaAt"].clone();

    // Seeing up to the third later sets only the third; the first two keep their time.
    tokio::task::yield_now().await;
    let more = f.seen(&f.beto, &conversation, &third).await;
    assert_eq!(more.body["data"]["vistos"], 1);
    let again = f.seen(&f.beto, &conversation, &second).await;
    assert_eq!(again.body["data"]["vistos"], 0);
    let page = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&f.ana),
        )
        .await;
    let list = page.body["data"]["mensajes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let vista = |m: &str| {
        list.iter()
            .find(|x| x["_id"] == m)
            .map(|x| x["vistas"].clone())
            .unwrap_or_default()
    };
    let expected_first = json!([{"usuarioId": f.beto_id, "vistaAt": at}]);
    assert_eq!(vista(&first), expected_first);
    assert_eq!(vista(&second), expected_first);
    assert_ne!(vista(&third)[0]["vistaAt"], Value::Null);

    // The author's own messages are not theirs to see; another conversation's id is refused.
    let mine = f.seen(&f.ana, &conversation, &third).await;
    assert_eq!(mine.body["data"]["vistos"], 0);
    let other = f.conversation().await;
    let elsewhere = f.seen(&f.beto, &other, &third).await;
    assert_eq!(elsewhere.status, StatusCode::UNPROCESSABLE_ENTITY);

    let entries = f.record(&f.ana).await;
    let views: Vec<&Value> = entries
        .iter()
        .filter(|e| e["tipo"] == "mensaje.visto")
        .collect();
    assert_eq!(views.len(), 2, "one entry per request that set something");
    let firsts: Vec<&Value> = views
        .iter()
        .filter(|e| e["contenido"]["mensajes"] == json!([first, second]))
        .copied()
        .collect();
    assert_eq!(firsts.len(), 1, "{views:?}");
    assert_eq!(firsts[0]["contenido"]["usuario"], f.beto_id.as_str());
    assert_eq!(firsts[0]["contenido"]["vistaAt"], at);

    let unread = f.app.get("/api/mensajes/no-leidos", Some(&f.beto)).await;
    assert_eq!(unread.body["data"]["total"], 0);
}

#[tokio::test]
async fn every_message_is_in_the_record_and_the_record_verifies() {
    let f = family().await;
    let conversation = f.conversation().await;
    let texto = "  Mañana a las 9, con el abrigo verde.\n\nGracias 🙂";
    let sent = f
        .send(
            &f.ana,
            &conversation,
            json!({"texto": format!("\n \n{texto}\n\n"), "tipo": "urgente"}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let sent = sent.body["data"].clone();
    assert_eq!(sent["texto"], texto, "only the blank lines around it go");
    let reply = f
        .send(
            &f.beto,
            &conversation,
            json!({"texto": "OK", "tipo": "normal", "respondeA": id(&sent)}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert_eq!(reply.body["data"]["respondeA"]["_id"], id(&sent).as_str());
    assert_eq!(reply.body["data"]["respondeA"]["numero"], 1);

    let entries = f.record(&f.beto).await;
    let created = entries
        .iter()
        .find(|e| e["tipo"] == "conversacion.creada")
        .expect("the conversation's entry");
    assert_eq!(created["contenido"]["conversacion"], conversation.as_str());
    let entry = entries
        .iter()
        .find(|e| e["seq"] == sent["registro"]["seq"])
        .expect("the message's entry");
    assert_eq!(entry["tipo"], "mensaje.enviado");
    assert_eq!(entry["hash"], sent["registro"]["hash"]);
    let content = &entry["contenido"];
    assert_eq!(content["mensaje"], id(&sent).as_str());
    assert_eq!(content["numero"], 1);
    assert_eq!(content["autor"], f.ana_id.as_str());
    assert_eq!(content["tipo"], "urgente");
    assert_eq!(content["textoSha256"], sha256(texto).as_str());
    assert_eq!(content["destinatarios"], json!([f.beto_id]));
    let replied = entries
        .iter()
        .find(|e| e["seq"] == reply.body["data"]["registro"]["seq"])
        .expect("the reply's entry");
    assert_eq!(replied["contenido"]["respondeA"], id(&sent).as_str());

    let check = f
        .app
        .get(
            &format!("/api/familias/{}/registro/verificacion", f.family),
            Some(&f.beto),
        )
        .await;
    assert_eq!(check.status, StatusCode::OK, "{}", check.body);
    assert_eq!(check.body["data"]["valido"], true, "{}", check.body);
}

#[tokio::test]
async fn what_is_sent_is_checked() {
    let f = family().await;
    let conversation = f.conversation().await;
    let other = f.conversation().await;
    let elsewhere = id(&f.say(&f.ana, &other, "En la otra").await);
    let cases = [
        (json!({"texto": " \n ", "tipo": "normal"}), "texto"),
        (json!({"tipo": "normal"}), "texto"),
        (
            json!({"texto": "a".repeat(10_001), "tipo": "normal"}),
            "texto",
        ),
        (json!({"texto": "hola\u{202E}", "tipo": "normal"}), "texto"),
        (json!({"texto": "hola", "tipo": "susurro"}), "tipo"),
        (
            json!({"texto": "hola", "tipo": "normal", "respondeA": elsewhere}),
            "respondeA",
        ),
        (
            json!({"texto": "hola", "tipo": "normal", "adjuntos": ["a", "b", "c", "d", "e", "f"]}),
            "adjuntos",
        ),
    ];
    for (body, field) in cases {
        let a = f.send(&f.ana, &conversation, body).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {}",
            a.body
        );
        assert!(a.body["errors"][field].is_string(), "{field}: {}", a.body);
    }
    let longest = f
        .send(
            &f.ana,
            &conversation,
            json!({"texto": "a".repeat(10_000), "tipo": "normal"}),
        )
        .await;
    assert_eq!(longest.status, StatusCode::CREATED);
    assert_eq!(
        longest.body["data"]["numero"], 1,
        "refused sends take no number"
    );

    let starts = [
        (json!({"familiaId": "no-such-family"}), "familiaId"),
        (json!({"tema": "politica"}), "tema"),
        (json!({"asunto": " "}), "asunto"),
        (json!({"asunto": "x".repeat(201)}), "asunto"),
        (json!({"participantes": ["someone-else"]}), "participantes"),
        (json!({"participantes": [f.ana_id]}), "participantes"),
    ];
    for (extra, field) in starts {
        let a = f.start(&f.ana, extra).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {}",
            a.body
        );
        assert!(a.body["errors"][field].is_string(), "{field}: {}", a.body);
    }
    // Carla's family is not Ana's, and Carla's id is no member of Ana's.
    let carla_family = f.app.own_family(&f.carla).await;
    let a = f.start(&f.ana, json!({"familiaId": carla_family})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let listed = f
        .app
        .get(
            &format!("/api/conversaciones?familiaId={carla_family}"),
            Some(&f.ana),
        )
        .await;
    assert_eq!(listed.status, StatusCode::NOT_FOUND);
    let by_topic = f
        .app
        .get("/api/conversaciones?tema=politica", Some(&f.ana))
        .await;
    assert_eq!(by_topic.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_fourth_emergency_in_a_day_is_refused() {
    let f = family().await;
    let conversation = f.conversation().await;
    let other = f.conversation().await;
    for (n, c) in [&conversation, &other, &conversation]
        .into_iter()
        .enumerate()
    {
        let a = f
            .send(
                &f.beto,
                c,
                json!({"texto": format!("Emergencia {n}"), "tipo": "emergencia"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    let fourth = f
        .send(
            &f.beto,
            &other,
            json!({"texto": "Otra más", "tipo": "emergencia"}),
        )
        .await;
    assert_eq!(
        fourth.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        fourth.body
    );
    assert_eq!(fourth.str("code"), "emergency_limit");
    assert!(fourth.str("msg").contains("24 hours"), "in Beto's English");
    let retry: u64 = fourth
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!(retry > 23 * 3600 && retry <= 24 * 3600, "{retry}");
    // Urgent and normal messages are not limited; another sender has their own three.
    let urgent = f
        .send(
            &f.beto,
            &other,
            json!({"texto": "Urgente", "tipo": "urgente"}),
        )
        .await;
    assert_eq!(urgent.status, StatusCode::CREATED);
    let ana = f
        .send(
            &f.ana,
            &other,
            json!({"texto": "Voy", "tipo": "emergencia"}),
        )
        .await;
    assert_eq!(ana.status, StatusCode::CREATED);
}

#[tokio::test]
async fn emergencies_sent_at_once_stay_within_the_limit() {
    let f = family().await;
    let conversation = f.conversation().await;
    let sends = (0..6).map(|n| {
        f.send(
            &f.beto,
            &conversation,
            json!({"texto": format!("Emergencia {n}"), "tipo": "emergencia"}),
        )
    });
    let answers = futures_util::future::join_all(sends).await;
    let created = answers
        .iter()
        .filter(|a| a.status == StatusCode::CREATED)
        .count();
    let limited = answers
        .iter()
        .filter(|a| a.status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(
        (created, limited),
        (3, 3),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn a_burst_is_notified_once() {
    let f = family().await;
    let conversation = f.conversation().await;
    for n in 1..=12 {
        f.say(&f.ana, &conversation, &format!("Y otra cosa más: {n}"))
            .await;
    }
    assert_eq!(f.notices_of(&f.beto_id, "mensaje.nuevo").await.len(), 10);
    let burst = f.notices_of(&f.beto_id, "mensaje.varios").await;
    assert_eq!(burst.len(), 1);
    // The notice names who wrote and the topic, never the text.
    assert!(!burst[0].datos.contains("otra cosa"), "{}", burst[0].datos);
    assert!(burst[0].datos.contains("school"), "{}", burst[0].datos);
    let list = f.app.get("/api/notificaciones", Some(&f.beto)).await;
    let titles: Vec<&str> = list.body["data"]["notificaciones"]
        .as_array()
        .map(|l| l.iter().filter_map(|n| n["titulo"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        titles.contains(&"Several messages from Ana Paz"),
        "{titles:?}"
    );
    // An emergency inside the burst is still told.
    let a = f
        .send(
            &f.ana,
            &conversation,
            json!({"texto": "¡Llámame!", "tipo": "emergencia"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED);
    assert_eq!(
        f.notices_of(&f.beto_id, "mensaje.emergencia").await.len(),
        1
    );
}

#[tokio::test]
async fn a_blocked_authors_message_reaches_the_blocker_in_the_app_only() {
    let f = family().await;
    let conversation = f.conversation().await;
    let blocked = f
        .app
        .post(
            "/api/usuarios/bloqueados",
            Some(&f.beto),
            json!({"usuarioId": f.ana_id}),
        )
        .await;
    assert!(blocked.status.is_success(), "{}", blocked.body);
    f.send(
        &f.ana,
        &conversation,
        json!({"texto": "Necesito hablar", "tipo": "emergencia"}),
    )
    .await;
    let notices = f.notices_of(&f.beto_id, "mensaje.emergencia").await;
    assert_eq!(notices.len(), 1);
    assert_eq!(
        notices[0].entrega,
        notificacion::IN_APP_ONLY,
        "for the app alone"
    );
    let unread = f
        .app
        .get("/api/notificaciones/no-leidas", Some(&f.beto))
        .await;
    assert!(unread.body["data"]["total"].as_u64() >= Some(1));

    // Unblocked, the next one goes by mail: it is then the only message mail Beto has.
    let unblocked = f
        .app
        .request(
            Method::DELETE,
            &format!("/api/usuarios/bloqueados/{}", f.ana_id),
            Some(&f.beto),
            None,
            None,
        )
        .await;
    assert!(unblocked.status.is_success(), "{}", unblocked.body);
    f.say(&f.ana, &conversation, "Te escribo de nuevo").await;
    f.app.wait_for_mail_with("Message from Ana Paz").await;
    let to_beto: Vec<String> = f
        .app
        .mails_with("To: beto@example.org")
        .into_iter()
        .filter(|m| m.contains("Ana Paz"))
        .collect();
    assert_eq!(to_beto.len(), 1, "{to_beto:?}");
    assert!(!to_beto[0].contains("Te escribo"), "never the text");
}

/// The wall clock in Buenos Aires (the users' default zone), plus `minutes`, as "HH:MM".
fn local(minutes: i64) -> String {
    let zone: chrono_tz::Tz = "America/Argentina/Buenos_Aires".parse().expect("zone");
    (Utc::now() + chrono::Duration::minutes(minutes))
        .with_timezone(&zone)
        .format("%H:%M")
        .to_string()
}

#[tokio::test]
async fn an_emergency_passes_quiet_hours_and_preferences_while_a_normal_one_waits() {
    let f = family().await;
    let conversation = f.conversation().await;
    let quiet = f
        .app
        .request(
            Method::PUT,
            "/api/notificaciones/preferencias",
            Some(&f.beto),
            Some(json!({
                "silencio": {"desde": local(-60), "hasta": local(60)},
                "tipos": [{"tipo": "mensaje.nuevo", "email": true, "push": true}],
            })),
            None,
        )
        .await;
    assert_eq!(quiet.status, StatusCode::OK, "{}", quiet.body);
    let emergency = quiet.body["data"]["tipos"]
        .as_array()
        .and_then(|l| {
            l.iter()
                .find(|k| k["tipo"] == "mensaje.emergencia")
                .cloned()
        })
        .expect("the emergency kind");
    assert_eq!(
        (
            &emergency["siempre"],
            &emergency["email"],
            &emergency["push"]
        ),
        (&json!(true), &json!(true), &json!(true))
    );
    let off = f
        .app
        .request(
            Method::PUT,
            "/api/notificaciones/preferencias",
            Some(&f.beto),
            Some(json!({"tipos": [{"tipo": "mensaje.emergencia", "email": false, "push": true}]})),
            None,
        )
        .await;
    assert_eq!(off.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", off.body);
    assert_eq!(
        off.body["errors"]["tipos"],
        "Emergency notices always arrive by email and push: they cannot be turned off."
    );

    f.say(&f.ana, &conversation, "Cuando puedas").await;
    eventually("the normal notice held", || async {
        f.notices_of(&f.beto_id, "mensaje.nuevo")
            .await
            .first()
            .is_some_and(|n| n.entrega == notificacion::HELD)
    })
    .await;
    let a = f
        .send(
            &f.ana,
            &conversation,
            json!({"texto": "Leo se cayó, estamos en la guardia", "tipo": "emergencia"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED);
    let mail = f
        .app
        .wait_for_mail_with("Emergency: message from Ana Paz")
        .await;
    assert!(mail.contains("To: beto@example.org"), "{mail}");
    assert!(!mail.contains("guardia"), "never the text");
    let normal = f.notices_of(&f.beto_id, "mensaje.nuevo").await;
    assert_eq!(normal[0].entrega, notificacion::HELD, "still waiting");
    assert!(f.app.mails_with("Message from Ana Paz").is_empty());
}

#[tokio::test]
async fn settings_the_profile_counter_and_the_export() {
    let f = family().await;
    let get = f.app.get("/api/mensajes/ajustes", Some(&f.beto)).await;
    assert_eq!(get.body["data"], json!({"escudo": false}));
    let put = f
        .app
        .request(
            Method::PUT,
            "/api/mensajes/ajustes",
            Some(&f.beto),
            Some(json!({"escudo": true})),
            None,
        )
        .await;
    assert_eq!(put.body["data"], json!({"escudo": true}));
    let get = f.app.get("/api/mensajes/ajustes", Some(&f.beto)).await;
    assert_eq!(get.body["data"], json!({"escudo": true}));
    let bad = f
        .app
        .request(
            Method::PUT,
            "/api/mensajes/ajustes",
            Some(&f.beto),
            Some(json!({})),
            None,
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    let conversation = f.conversation().await;
    f.say(&f.ana, &conversation, "Primero").await;
    f.say(&f.beto, &conversation, "Segundo").await;
    let exported = f
        .app
        .export_file(&f.beto, &format!("mensajes/{conversation}.json"))
        .await;
    let exported: Value = serde_json::from_str(&exported).expect("JSON");
    assert_eq!(exported[0]["texto"], "Primero");
    assert_eq!(exported[1]["texto"], "Segundo");
    let readme = f.app.export_file(&f.beto, "LEEME.txt").await;
    assert!(readme.contains("mensajes/conversaciones.json"), "{readme}");
    let vera_export = f
        .app
        .export_file(&f.vera, "mensajes/conversaciones.json")
        .await;
    assert_eq!(
        vera_export.trim(),
        "[]",
        "a viewer left out exports nothing of it"
    );

    let counted = nido::messages::Messages;
    let counters = nido::domain::Domain::user_counters(
        &counted,
        &f.app.db,
        &nido::ids::UserId::new(&f.beto_id),
    )
    .await
    .expect("counters");
    assert_eq!(counters, vec![("mensajes", 2)]);
    let none = nido::domain::Domain::user_counters(
        &counted,
        &f.app.db,
        &nido::ids::UserId::new(&f.vera_id),
    )
    .await
    .expect("counters");
    assert_eq!(none, vec![("mensajes", 0)]);
    let total = nido::messages::entities::mensaje::Entity::find()
        .count(&f.app.db)
        .await
        .expect("count");
    assert_eq!(total, 2);
}

#[tokio::test]
async fn an_erased_authors_messages_stay_for_the_others() {
    let f = family().await;
    let conversation = f.conversation().await;
    let from_ana = id(&f.say(&f.ana, &conversation, "¿Quién lo lleva?").await);
    let from_beto = f.say(&f.beto, &conversation, "Yo lo llevo").await;
    let seen = f.seen(&f.beto, &conversation, &from_ana).await;
    assert_eq!(seen.body["data"]["vistos"], 1);
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let erased =
        nido::accounts::closing::purge_due(&f.app.state, Utc::now() + chrono::Duration::days(91))
            .await
            .expect("purge");
    assert_eq!(erased, 1);

    let page = f
        .app
        .get(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&f.ana),
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let list = page.body["data"]["mensajes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["_id"], from_beto["_id"]);
    assert_eq!(list[0]["texto"], "Yo lo llevo");
    assert_eq!(list[0]["autor"], Value::Null);
    assert_eq!(list[0]["registro"], from_beto["registro"]);
    assert_eq!(list[1]["vistas"], json!([]), "his first views went");
    let got = f
        .app
        .get(&format!("/api/conversaciones/{conversation}"), Some(&f.ana))
        .await;
    assert_eq!(
        got.body["data"]["participantes"]
            .as_array()
            .map(|p| p.iter().map(id).collect::<Vec<_>>()),
        Some(vec![f.ana_id.clone()])
    );
    let check = f
        .app
        .get(
            &format!("/api/familias/{}/registro/verificacion", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(check.body["data"]["valido"], true, "{}", check.body);
}

/// The data of the user's live events of this kind, oldest first.
async fn live_events(app: &TestApp, usuario_id: &str, kind: &str) -> Vec<Value> {
    use nido::platform::live::store::evento;
    evento::Entity::find()
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .filter(evento::Column::Tipo.eq(kind))
        .order_by_asc(evento::Column::Seq)
        .all(&app.db)
        .await
        .expect("live events")
        .into_iter()
        .map(|e| serde_json::from_str(&e.datos).unwrap_or(Value::Null))
        .collect()
}

#[tokio::test]
async fn participants_hear_of_new_conversations_messages_and_first_views_live() {
    let f = family().await;
    let conversation = f.conversation().await;
    let message = id(&f.say(&f.ana, &conversation, "Hola").await);
    f.seen(&f.beto, &conversation, &message).await;
    for who in [&f.ana_id, &f.beto_id] {
        assert_eq!(
            live_events(&f.app, who, "conversaciones").await,
            vec![json!({"conversacionId": conversation})]
        );
        assert_eq!(
            live_events(&f.app, who, "mensajes").await,
            vec![json!({"conversacionId": conversation, "mensajeId": message})],
            "the author's other tabs too"
        );
        assert_eq!(
            live_events(&f.app, who, "mensajes.vistos").await,
            vec![json!({"conversacionId": conversation, "usuarioId": f.beto_id, "hasta": message})]
        );
    }
    for kind in ["conversaciones", "mensajes", "mensajes.vistos"] {
        assert!(
            live_events(&f.app, &f.vera_id, kind).await.is_empty(),
            "{kind} never reaches a member left out"
        );
    }
}

#[tokio::test]
async fn the_list_pages_by_latest_activity_and_filters_by_topic() {
    let f = family().await;
    let oldest = f.conversation().await;
    for n in 0..30 {
        let tema = if n % 10 == 0 { "gastos" } else { "escuela" };
        let a = f.start(&f.ana, json!({"tema": tema})).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
    f.say(&f.ana, &oldest, "Esta vuelve arriba").await;
    f.say(&f.ana, &oldest, "Y otra").await;
    let first = f.app.get("/api/conversaciones", Some(&f.beto)).await;
    let page = first.body["data"]["conversaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(page.len(), 30);
    assert_eq!(id(&page[0]), oldest, "the latest activity first");
    assert_eq!(page[0]["noLeidos"], 2);
    assert_eq!(page[0]["ultimoMensaje"]["texto"], "Y otra");
    assert_eq!(page[1]["noLeidos"], 0);
    assert_eq!(page[1]["ultimoMensaje"], Value::Null);
    let next = first.body["data"]["siguiente"]
        .as_str()
        .expect("a next page");
    let second = f
        .app
        .get(&format!("/api/conversaciones?cursor={next}"), Some(&f.beto))
        .await;
    let rest = second.body["data"]["conversaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(rest.len(), 1);
    assert_eq!(second.body["data"]["siguiente"], Value::Null);
    assert!(!page.iter().any(|c| c["_id"] == rest[0]["_id"]));

    let expenses = f
        .app
        .get(
            &format!("/api/conversaciones?tema=gastos&familiaId={}", f.family),
            Some(&f.beto),
        )
        .await;
    let expenses = expenses.body["data"]["conversaciones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(expenses.len(), 3);
    assert!(expenses.iter().all(|c| c["tema"] == "gastos"));
    let bad = f
        .app
        .get("/api/conversaciones?cursor=nothing-like-it", Some(&f.beto))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// The newest page is kept in memory between readings; whatever it shows that changes (a new
/// message, a first view, an author's name) shows at the next reading, and a reader who left the
/// family stops reading it.
#[tokio::test]
async fn a_kept_page_shows_every_change_at_once() {
    let f = family().await;
    let conversation = f.conversation().await;
    let first = id(&f
        .say(&f.ana, &conversation, "¿Quién lo busca el martes?")
        .await);
    let path = format!("/api/conversaciones/{conversation}/mensajes");
    let read = |token: String| {
        let (app, path) = (&f.app, path.clone());
        async move {
            let page = app.get(&path, Some(&token)).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.body);
            page.body["data"]["mensajes"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        }
    };
    assert_eq!(read(f.ana.clone()).await.len(), 1);
    assert_eq!(read(f.beto.clone()).await, read(f.ana.clone()).await);

    let seen = f.seen(&f.beto, &conversation, &first).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    let page = read(f.ana.clone()).await;
    assert_eq!(
        page[0]["vistas"][0]["vistaAt"],
        seen.body["data"]["vistaAt"]
    );

    f.say(&f.beto, &conversation, "Yo").await;
    let page = read(f.ana.clone()).await;
    assert_eq!(page.len(), 2);
    assert_eq!(page[0]["autor"]["nombre"], "Beto");

    let renamed = f
        .app
        .request(
            Method::PUT,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"nombre": "Alberto", "apellido": "Ruiz", "email": "beto@example.org", "telefono": "", "language": "en", "currentPassword": PASSWORD})),
            None,
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    let page = read(f.ana.clone()).await;
    assert_eq!(page[0]["autor"]["nombre"], "Alberto");

    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    let gone = f.app.get(&path, Some(&f.beto)).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.body);
}

#[tokio::test]
async fn seeing_messages_reads_their_notices_up_to_the_last_seen() {
    let f = family().await;
    let conversation = f.conversation().await;
    let before = f
        .app
        .get("/api/notificaciones/no-leidas", Some(&f.beto))
        .await;
    let before = before.body["data"]["total"].as_u64().unwrap_or_default();
    let first = id(&f.say(&f.ana, &conversation, "Uno").await);
    let urgent = f
        .send(
            &f.ana,
            &conversation,
            json!({"texto": "Dos", "tipo": "urgente"}),
        )
        .await;
    assert_eq!(urgent.status, StatusCode::CREATED, "{}", urgent.body);
    let second = id(&urgent.body["data"]);
    let elsewhere = f.conversation().await;
    f.say(&f.ana, &elsewhere, "Otra cosa").await;
    let unread = |token: &str| {
        let token = token.to_owned();
        let app = &f.app;
        async move {
            let a = app.get("/api/notificaciones/no-leidas", Some(&token)).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            a.body["data"]["total"].as_u64().unwrap_or(u64::MAX)
        }
    };
    assert_eq!(unread(&f.beto).await, before + 3);

    let seen = f.seen(&f.beto, &conversation, &first).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    assert_eq!(
        unread(&f.beto).await,
        before + 2,
        "only the first message's notice"
    );
    let new = f.notices_of(&f.beto_id, "mensaje.nuevo").await;
    let read_of = |n: &notificacion::Model| n.leida_at.is_some();
    let about_first: Vec<bool> = new
        .iter()
        .filter(|n| n.objeto_id.as_deref() == Some(first.as_str()))
        .map(read_of)
        .collect();
    assert_eq!(about_first, [true]);
    let about_second: Vec<bool> = f
        .notices_of(&f.beto_id, "mensaje.urgente")
        .await
        .iter()
        .map(read_of)
        .collect();
    assert_eq!(about_second, [false], "a later message's notice stays");
    // The reader's other tabs hear of it, as when a notice is read in the centre.
    assert_eq!(
        live_events(&f.app, &f.beto_id, "notificaciones.leidas")
            .await
            .len(),
        1
    );

    // Up to the second: its notice too; the other conversation's stays, and the author's
    // own messages have no notice of theirs to read.
    f.seen(&f.beto, &conversation, &second).await;
    assert_eq!(unread(&f.beto).await, before + 1);
    let left = f.app.get("/api/notificaciones", Some(&f.beto)).await;
    let still: Vec<&Value> = left.body["data"]["notificaciones"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter(|n| {
                    n["leida"] == false
                        && n["enlace"]
                            .as_str()
                            .is_some_and(|e| e.starts_with("/messages/"))
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(still.len(), 1);
    assert_eq!(still[0]["enlace"], format!("/messages/{elsewhere}"));
    assert!(
        live_events(&f.app, &f.ana_id, "notificaciones.leidas")
            .await
            .is_empty()
    );
    // Seeing again changes nothing and tells no one.
    f.seen(&f.beto, &conversation, &second).await;
    assert_eq!(
        live_events(&f.app, &f.beto_id, "notificaciones.leidas")
            .await
            .len(),
        2
    );
}
