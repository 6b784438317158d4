//! A family of one's own is a choice: a viewer adding a child is refused unless she asks for a new
//! family (`nuevaFamilia`), co-parents add to their family as before, someone with no family at
//! all still gets one (older apps); a new parent says their relation to the children when they
//! register. Dates in mails and on the emergency card read as people write them, on the family's
//! clock.

use chrono::{DateTime, Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, spanish_day};

const PASSWORD: &str = "buenas-noches";

async fn register(app: &TestApp, nombre: &str, email: &str, extra: Value) -> (String, String) {
    let mut body =
        json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let a = app.post("/api/usuarios", None, body).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

async fn families(app: &TestApp, token: &str) -> Vec<Value> {
    let list = app.get("/api/familias", Some(token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    list.body["data"].as_array().cloned().unwrap_or_default()
}

async fn children(app: &TestApp, token: &str) -> Vec<Value> {
    let list = app.get("/api/hijos", Some(token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    list.body["data"].as_array().cloned().unwrap_or_default()
}

fn child(extra: Value) -> Value {
    let mut body = json!({"nombre": "Lía", "apellido": "Paz", "fechaNacimiento": "2021-02-03", "genero": "femenino"});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    body
}

async fn add(
    app: &TestApp,
    token: Option<&str>,
    body: Value,
    lang: &str,
) -> crate::helpers::Answer {
    app.request(Method::POST, "/api/hijos", token, Some(body), Some(lang))
        .await
}

/// Ana and Beto co-parent Tomás; Carla reads as his grandmother (her own empty family made way);
/// Dora has a family of her own with a child; Eva was a viewer and was removed.
struct World {
    app: TestApp,
    ana: String,
    beto: String,
    carla: String,
    dora: String,
    eva: String,
    family: String,
}

async fn world(options: Options) -> World {
    let app = TestApp::spawn_with(options).await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", json!({})).await;
    let (beto, _) = register(&app, "Beto", "beto@example.org", json!({})).await;
    let (carla, _) = register(&app, "Carla", "carla@example.org", json!({})).await;
    let (dora, _) = register(&app, "Dora", "dora@example.org", json!({})).await;
    let (eva, eva_id) = register(&app, "Eva", "eva@example.org", json!({})).await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &carla, "viewer", "abuela")
        .await;
    app.join_family(&ana, &family, &eva, "viewer", "cuidadora")
        .await;
    app.remove_member(&ana, &family, &eva_id).await;
    app.add_child(&ana, &family).await;
    let dora_family = app.own_family(&dora).await;
    app.add_child(&dora, &dora_family).await;
    World {
        app,
        ana,
        beto,
        carla,
        dora,
        eva,
        family,
    }
}

#[tokio::test]
async fn a_viewer_adds_a_child_only_to_a_family_she_chooses_to_start() {
    let w = world(Options::default()).await;
    let app = &w.app;
    assert_eq!(families(app, &w.carla).await.len(), 1, "only Ana's family");

    // Without saying so she is told why, in her language, and nothing is made; so is Fer, a
    // carer who reads Nido in English.
    let (fer, _) = register(app, "Fer", "fer@example.org", json!({"language": "en"})).await;
    app.join_family(&w.ana, &w.family, &fer, "viewer", "cuidador")
        .await;
    for (token, text) in [
        (&w.carla, "empieza tu propia familia"),
        (&fer, "start your own family"),
    ] {
        let refused = add(app, Some(token), child(json!({})), "es").await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        assert_eq!(refused.body["code"], "child_needs_own_family");
        assert!(refused.str("msg").contains(text), "{}", refused.body);
    }
    // Nor into the family she only reads, nor with both a family and a new one.
    let into_anas = add(
        app,
        Some(&w.carla),
        child(json!({"familiaId": w.family})),
        "es",
    )
    .await;
    assert_eq!(into_anas.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(into_anas.body["errors"]["familiaId"].is_string());
    let both = add(
        app,
        Some(&fer),
        child(json!({"familiaId": w.family, "nuevaFamilia": true})),
        "en",
    )
    .await;
    assert_eq!(both.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        both.body["errors"]["nuevaFamilia"],
        "Choose a family or start a new one, not both."
    );
    assert_eq!(families(app, &w.carla).await.len(), 1);
    assert_eq!(children(app, &w.carla).await.len(), 1, "only Tomás");
    assert_eq!(children(app, &w.ana).await.len(), 1);

    // Asking for it, she gets a family of her own with the child, and Ana's does not change.
    let made = add(
        app,
        Some(&w.carla),
        child(json!({"nuevaFamilia": true})),
        "es",
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let hers = families(app, &w.carla).await;
    assert_eq!(hers.len(), 2);
    let own = hers
        .iter()
        .find(|f| f["_id"] != w.family.as_str())
        .cloned()
        .unwrap_or_default();
    assert_eq!(made.body["data"]["familiaId"], own["_id"]);
    assert_eq!(own["miPermiso"], "coparent");
    assert_eq!(own["hijos"], 1);
    assert_eq!(own["miembros"].as_array().map(Vec::len), Some(1));
    assert_eq!(children(app, &w.ana).await.len(), 1, "Ana sees only Tomás");
    assert_eq!(families(app, &w.ana).await.len(), 1);

    // Now that she co-parents a family, a plain request adds to it.
    let second = add(app, Some(&w.carla), child(json!({"nombre": "Sol"})), "es").await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    assert_eq!(second.body["data"]["familiaId"], own["_id"]);
    assert_eq!(families(app, &w.carla).await.len(), 2);
}

#[tokio::test]
async fn co_parents_others_and_strangers_add_children_as_before() {
    let w = world(Options::default()).await;
    let app = &w.app;

    // Both co-parents add to the family they share, without naming it.
    for token in [&w.ana, &w.beto] {
        let added = add(app, Some(token), child(json!({})), "es").await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
        assert_eq!(added.body["data"]["familiaId"], w.family.as_str());
    }
    assert_eq!(
        children(app, &w.carla).await.len(),
        3,
        "the grandmother sees them"
    );

    // Another family's admin cannot reach this one, and adds to her own.
    let across = add(
        app,
        Some(&w.dora),
        child(json!({"familiaId": w.family})),
        "es",
    )
    .await;
    assert_eq!(across.status, StatusCode::UNPROCESSABLE_ENTITY);
    let hers = add(app, Some(&w.dora), child(json!({})), "es").await;
    assert_eq!(hers.status, StatusCode::CREATED);
    assert_ne!(hers.body["data"]["familiaId"], w.family.as_str());
    assert_eq!(families(app, &w.dora).await.len(), 1);

    // A co-parent may still start a new family with a child (another relationship's).
    let other = add(
        app,
        Some(&w.beto),
        child(json!({"nuevaFamilia": true})),
        "es",
    )
    .await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.body);
    assert_ne!(other.body["data"]["familiaId"], w.family.as_str());
    assert_eq!(families(app, &w.beto).await.len(), 2);
    assert_eq!(children(app, &w.ana).await.len(), 3, "Ana does not see it");

    // Someone in no family at all (removed from the only one) gets a family for the child: an
    // older app knows no other way, and no one else's family is touched.
    assert!(families(app, &w.eva).await.is_empty());
    let eva = add(app, Some(&w.eva), child(json!({})), "es").await;
    assert_eq!(eva.status, StatusCode::CREATED, "{}", eva.body);
    let evas = families(app, &w.eva).await;
    assert_eq!(evas.len(), 1);
    assert_eq!(evas[0]["miPermiso"], "coparent");
    assert_eq!(children(app, &w.eva).await.len(), 1);

    // No session, no child, whatever is asked.
    let anonymous = add(app, None, child(json!({"nuevaFamilia": true})), "es").await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn families_started_by_adding_children_count_against_the_days_limit() {
    let w = world(Options {
        rate_limits: true,
        ..Options::default()
    })
    .await;
    let app = &w.app;
    // Ten families a day, started either way.
    for _ in 0..5 {
        let made = app.post("/api/familias", Some(&w.carla), json!({})).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
    for _ in 0..5 {
        let made = add(
            app,
            Some(&w.carla),
            child(json!({"nuevaFamilia": true})),
            "es",
        )
        .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
    let refused = add(
        app,
        Some(&w.carla),
        child(json!({"nuevaFamilia": true})),
        "es",
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert!(refused.headers.contains_key("retry-after"));
    assert_eq!(families(app, &w.carla).await.len(), 11);
    // Adding to a family she already has is not limited.
    let plain = add(app, Some(&w.carla), child(json!({})), "es").await;
    assert_eq!(plain.status, StatusCode::CREATED, "{}", plain.body);
}

#[tokio::test]
async fn a_new_parent_says_their_relation_to_the_children_when_registering() {
    let app = TestApp::spawn().await;
    let relation_of = |families: &[Value]| {
        families[0]["miembros"][0]["relacion"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };

    let (ana, _) = register(&app, "Ana", "ana@example.org", json!({"relacion": "madre"})).await;
    assert_eq!(relation_of(&families(&app, &ana).await), "madre");
    let (beto, _) = register(
        &app,
        "Beto",
        "beto@example.org",
        json!({"relacion": " Padre "}),
    )
    .await;
    assert_eq!(relation_of(&families(&app, &beto).await), "padre");
    // Older apps say nothing: "otro", as before.
    let (old, _) = register(&app, "Olga", "olga@example.org", json!({})).await;
    assert_eq!(relation_of(&families(&app, &old).await), "otro");

    // A relation that is not one is refused in the caller's language, and nothing is made.
    for (lang, text) in [
        ("es", "La relación debe ser"),
        ("en", "The relationship must be"),
    ] {
        let refused = app
            .request(
                Method::POST,
                "/api/usuarios",
                None,
                Some(json!({"nombre": "Dani", "apellido": "Paz", "email": "dani@example.org", "password": PASSWORD, "relacion": "vecina"})),
                Some(lang),
            )
            .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            refused.body
        );
        assert!(
            refused.body["errors"]["relacion"]
                .as_str()
                .unwrap_or_default()
                .starts_with(text),
            "{}",
            refused.body
        );
    }
    let (dani, _) = register(
        &app,
        "Dani",
        "dani@example.org",
        json!({"relacion": "tutora"}),
    )
    .await;
    assert_eq!(relation_of(&families(&app, &dani).await), "tutora");

    // Joining by invitation, the invitation's relation is the one that counts.
    let family = app.own_family(&ana).await;
    let code = app
        .post(
            &format!("/api/familias/{family}/codigo"),
            Some(&ana),
            json!({"permiso": "viewer", "relacion": "abuela"}),
        )
        .await;
    assert_eq!(code.status, StatusCode::CREATED, "{}", code.body);
    let (eva, _) = register(
        &app,
        "Eva",
        "eva@example.org",
        json!({"relacion": "madre", "linkingCode": code.body["data"]["codigo"]}),
    )
    .await;
    let evas = families(&app, &eva).await;
    assert_eq!(evas.len(), 1);
    let eva_member = evas[0]["miembros"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["yo"] == true))
        .cloned()
        .unwrap_or_default();
    assert_eq!(eva_member["relacion"], "abuela");
}

/// The day `at` falls on in Buenos Aires, in Spanish and English words.
fn day_words(at: DateTime<Utc>) -> (String, String) {
    let local = (at - Duration::hours(3)).date_naive();
    (spanish_day(local), local.format("%B %-d, %Y").to_string())
}

#[tokio::test]
async fn mails_and_the_emergency_card_write_dates_in_words_on_the_familys_clock() {
    let app = TestApp::spawn().await;
    let (ana, _) = register(
        &app,
        "Ana",
        "ana@example.org",
        json!({"zonaHoraria": "America/Argentina/Buenos_Aires"}),
    )
    .await;
    let family = app.own_family(&ana).await;

    // The invitation's mail says its last day as each language writes it.
    for (lang, email) in [("es", "rosa@example.org"), ("en", "rose@example.org")] {
        let invited = app
            .post(
                &format!("/api/familias/{family}/invitaciones"),
                Some(&ana),
                json!({"email": email, "idioma": lang}),
            )
            .await;
        assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.body);
        let mail = app.wait_for_mail_with(&format!("To: {email}")).await;
        let expires = DateTime::parse_from_rfc3339(
            invited.body["data"]["expiresAt"]
                .as_str()
                .unwrap_or_default(),
        )
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or_else(|_| Utc::now() + Duration::days(7));
        let (es, en) = day_words(expires);
        let unfolded = mail.replace("\r\n ", " ").replace("\n ", " ");
        match lang {
            "es" => assert!(unfolded.contains(&format!("vence el {es}")), "{mail}"),
            _ => assert!(unfolded.contains(&format!("expires on {en}")), "{mail}"),
        }
        assert!(!mail.contains(&expires.format("%Y-%m-%d").to_string()));
    }

    // The card's page says until when its link works on the family's clock, and names it.
    let tomas = app.add_child(&ana, &family).await;
    let vence = Utc::now() + Duration::days(3);
    let made = app
        .post(
            &format!("/api/hijos/{tomas}/tarjeta"),
            Some(&ana),
            json!({"vence": vence.format("%Y-%m-%dT%H:%M:%SZ").to_string()}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let url = made.body["data"]["url"].as_str().unwrap_or_default();
    let path = &url[url.find("/tarjeta/").unwrap_or(0)..];
    let local = vence - Duration::hours(3);
    let (es, en) = day_words(vence);
    for (lang, expected) in [
        (
            "es",
            format!(
                "{es}, {}, hora de Buenos Aires (GMT-3)",
                local.format("%H:%M")
            ),
        ),
        (
            "en",
            format!(
                "{en}, {}, Buenos Aires time (GMT-3)",
                local.format("%-I:%M %p")
            ),
        ),
    ] {
        let html = app
            .client
            .get(format!("{}{path}", app.base))
            .header("accept-language", lang)
            .send()
            .await
            .expect("card page")
            .text()
            .await
            .unwrap_or_default();
        assert!(html.contains(&expected), "{expected} in {html}");
        assert!(!html.contains("UTC"), "{html}");
    }
}
