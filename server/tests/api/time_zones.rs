//! Time zones: a user's and their families', from registration, the profile, a new family and
//! the family's settings; unknown names are refused with the field named.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "buenas-noches";
const HOME: &str = "America/Argentina/Buenos_Aires";
const ZONE_ES: &str = "Elige una zona horaria válida, por ejemplo America/Argentina/Buenos_Aires";
const ZONE_EN: &str = "Choose a valid time zone, for example America/Argentina/Buenos_Aires";

async fn register_in(app: &TestApp, email: &str, zone: Value) -> Answer {
    app.post(
        "/api/usuarios",
        None,
        json!({"nombre": "Ana", "apellido": "García", "email": email, "password": PASSWORD, "zonaHoraria": zone}),
    )
    .await
}

async fn families(app: &TestApp, token: &str) -> Vec<Value> {
    let list = app.get("/api/familias", Some(token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    list.body["data"].as_array().cloned().unwrap_or_default()
}

fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn registration_takes_the_browsers_zone_for_the_user_and_their_family() {
    let app = TestApp::spawn().await;
    let a = register_in(&app, "ana@example.org", json!("Europe/Madrid")).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    assert_eq!(a.str("zonaHoraria"), "Europe/Madrid");
    let token = a.str("token").to_owned();
    let profile = app.get("/api/usuarios/perfil", Some(&token)).await;
    assert_eq!(profile.str("zonaHoraria"), "Europe/Madrid");
    let own = families(&app, &token).await;
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["zonaHoraria"], "Europe/Madrid");

    // Left out (older apps) or blank: the product's home.
    for (email, zone) in [
        ("beto@example.org", json!(null)),
        ("carla@example.org", json!("  ")),
    ] {
        let b = register_in(&app, email, zone).await;
        assert_eq!(b.status, StatusCode::CREATED, "{}", b.body);
        assert_eq!(b.str("zonaHoraria"), HOME);
        let own = families(&app, b.str("token")).await;
        assert_eq!(own[0]["zonaHoraria"], HOME);
    }
    let (legacy, _) = app.register("dora@example.org", PASSWORD).await;
    assert_eq!(families(&app, &legacy).await[0]["zonaHoraria"], HOME);
}

#[tokio::test]
async fn registration_refuses_an_unknown_zone_and_creates_nothing() {
    let app = TestApp::spawn().await;
    let bad = register_in(&app, "ana@example.org", json!("Mars/Olympus_Mons")).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert_eq!(bad.str("code"), "validation");
    assert_eq!(bad.body["errors"]["zonaHoraria"], ZONE_ES);
    let english = app
        .request(
            Method::POST,
            "/api/usuarios",
            None,
            Some(json!({"nombre": "Ana", "apellido": "García", "email": "ana@example.org", "password": PASSWORD, "zonaHoraria": "europe/madrid", "language": "en"})),
            Some("en"),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(english.body["errors"]["zonaHoraria"], ZONE_EN);
    let login = app.login("ana@example.org", PASSWORD).await;
    assert_eq!(login.status, StatusCode::UNAUTHORIZED, "{}", login.body);
}

#[tokio::test]
async fn a_new_family_takes_the_given_zone_or_else_the_creators() {
    let app = TestApp::spawn().await;
    let a = register_in(&app, "ana@example.org", json!("Asia/Tokyo")).await;
    let token = a.str("token").to_owned();

    let default = app.post("/api/familias", Some(&token), json!({})).await;
    assert_eq!(default.status, StatusCode::CREATED, "{}", default.body);
    let family = &default.body["data"];
    assert_eq!(family["zonaHoraria"], "Asia/Tokyo");
    assert_eq!(family["nombre"], "Familia García");
    assert_eq!(family["soyAdmin"], true);
    assert_eq!(family["miPermiso"], "coparent");
    assert_eq!(family["miembros"].as_array().map(Vec::len), Some(1));

    let explicit = app
        .post(
            "/api/familias",
            Some(&token),
            json!({"nombre": " Casa de Madrid ", "zonaHoraria": "Europe/Madrid"}),
        )
        .await;
    assert_eq!(explicit.status, StatusCode::CREATED, "{}", explicit.body);
    assert_eq!(explicit.body["data"]["nombre"], "Casa de Madrid");
    assert_eq!(explicit.body["data"]["zonaHoraria"], "Europe/Madrid");
    let read = app
        .get(
            &format!("/api/familias/{}", id(&explicit.body["data"])),
            Some(&token),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(read.body["data"]["zonaHoraria"], "Europe/Madrid");
    // The new families are in the caller's list at once (their memberships are not stale).
    let zones: Vec<Value> = families(&app, &token)
        .await
        .iter()
        .map(|f| f["zonaHoraria"].clone())
        .collect();
    assert_eq!(
        zones,
        vec![
            json!("Asia/Tokyo"),
            json!("Asia/Tokyo"),
            json!("Europe/Madrid")
        ]
    );

    let bad = app
        .post(
            "/api/familias",
            Some(&token),
            json!({"nombre": "x".repeat(101), "zonaHoraria": "Europe/Atlantis"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert_eq!(bad.body["errors"]["zonaHoraria"], ZONE_ES);
    assert!(bad.body["errors"]["nombre"].is_string(), "{}", bad.body);
    assert_eq!(families(&app, &token).await.len(), 3);

    let anonymous = app.post("/api/familias", None, json!({})).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn only_the_familys_admins_change_its_zone() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let (carla, _) = app.register("carla@example.org", PASSWORD).await;
    let family = id(&families(&app, &ana).await[0]);
    let path = format!("/api/familias/{family}");
    // Beto joins Ana's family as a co-parent who is not an admin, as an accepted invitation
    // makes him; before his first read, so no cached membership predates it.
    let now = chrono::Utc::now().to_rfc3339();
    let member = uuid::Uuid::now_v7();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('{member}', '{family}', '{beto_id}', 'padre', 'coparent', false, '{now}', '{now}')"
    ))
    .await;
    let change = json!({"nombre": "Casa", "zonaHoraria": "Europe/Madrid"});

    let not_admin = app
        .request(Method::PUT, &path, Some(&beto), Some(change.clone()), None)
        .await;
    assert_eq!(
        not_admin.status,
        StatusCode::FORBIDDEN,
        "{}",
        not_admin.body
    );
    let outsider = app
        .request(Method::PUT, &path, Some(&carla), Some(change.clone()), None)
        .await;
    assert_eq!(outsider.status, StatusCode::NOT_FOUND, "{}", outsider.body);
    assert_eq!(
        app.get(&path, Some(&carla)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&path, Some(&beto)).await.body["data"]["zonaHoraria"],
        HOME
    );

    let admin = app
        .request(Method::PUT, &path, Some(&ana), Some(change), None)
        .await;
    assert_eq!(admin.status, StatusCode::OK, "{}", admin.body);
    // Every member reads the family's new zone.
    assert_eq!(
        app.get(&path, Some(&beto)).await.body["data"]["zonaHoraria"],
        "Europe/Madrid"
    );
}

#[tokio::test]
async fn the_profile_carries_the_users_zone() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    // In English, so that the refusal below comes in the user's saved language.
    let profile = json!({"nombre": "Ana", "apellido": "García", "email": "ana@example.org", "language": "en"});
    let put = |body: Value| {
        let token = token.clone();
        let app = &app;
        async move {
            app.request(
                Method::PUT,
                "/api/usuarios/perfil",
                Some(&token),
                Some(body),
                None,
            )
            .await
        }
    };
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token))
            .await
            .str("zonaHoraria"),
        HOME
    );

    let mut with_zone = profile.clone();
    with_zone["zonaHoraria"] = json!("America/Mexico_City");
    let set = put(with_zone).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.body);
    assert_eq!(set.str("zonaHoraria"), "America/Mexico_City");
    // An app that does not know the field leaves the zone alone.
    let kept = put(profile.clone()).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
    assert_eq!(kept.str("zonaHoraria"), "America/Mexico_City");
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token))
            .await
            .str("zonaHoraria"),
        "America/Mexico_City"
    );
    // The user's zone is theirs: their family keeps its own.
    assert_eq!(families(&app, &token).await[0]["zonaHoraria"], HOME);

    let mut bad = profile.clone();
    bad["zonaHoraria"] = json!("Pacific/Nowhere");
    let refused = put(bad).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(refused.body["errors"]["zonaHoraria"], ZONE_EN);
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token))
            .await
            .str("zonaHoraria"),
        "America/Mexico_City"
    );
    // Signing in answers the zone beside the other fields.
    let login = app.login("ana@example.org", PASSWORD).await;
    assert_eq!(login.str("zonaHoraria"), "America/Mexico_City");
}
