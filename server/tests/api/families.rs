//! Families: the caller's families and their members, renaming, permissions and roles, removing
//! members and leaving. Members are added with SQL here, to set their order and relation exactly
//! (invitations have their own tests), before the added user's first read, so no copy kept in
//! memory predates them.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "buenas-noches";

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

async fn delete(app: &TestApp, path: &str, token: &str) -> Answer {
    app.request(Method::DELETE, path, Some(token), None, None)
        .await
}

/// The first family of the caller's list: their own, made when they registered.
async fn own_family(app: &TestApp, token: &str) -> Value {
    let list = app.get("/api/familias", Some(token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    list.body["data"][0].clone()
}

fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap_or_default().to_owned()
}

/// Adds a user to a family as an accepted invitation does; `minutes` later than now, so that members keep
/// the order they were added in. Gives back the membership's id.
async fn add_member(
    app: &TestApp,
    familia_id: &str,
    usuario_id: &str,
    relacion: &str,
    permiso: &str,
    minutes: i64,
) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    let at = (Utc::now() + Duration::minutes(minutes)).to_rfc3339();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('{id}', '{familia_id}', '{usuario_id}', '{relacion}', '{permiso}', false, '{at}', '{at}')"
    ))
    .await;
    id
}

async fn add_child(app: &TestApp, token: &str, familia_id: &str) -> String {
    let a = app
        .post("/api/hijos", Some(token), json!({"nombre": "Tomás", "apellido": "Gómez", "fechaNacimiento": "2019-05-06", "genero": "masculino", "familiaId": familia_id}))
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    id(&a.body["data"])
}

fn member<'a>(family: &'a Value, usuario_id: &str) -> &'a Value {
    family["miembros"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == usuario_id))
        .unwrap_or_else(|| panic!("member {usuario_id} in {family}"))
}

fn child_ids(list: &Answer) -> Vec<String> {
    list.body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .map(id)
        .collect()
}

/// Ana and her family, with Beto added to it as a viewer grandfather.
struct Shared {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    family: String,
    ana_member: String,
    beto_member: String,
}

async fn shared() -> Shared {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let own = own_family(&app, &ana).await;
    let family = id(&own);
    let ana_member = id(&own["miembros"][0]);
    let beto_member = add_member(&app, &family, &beto_id, "abuelo", "viewer", 1).await;
    Shared {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        family,
        ana_member,
        beto_member,
    }
}

#[tokio::test]
async fn a_new_user_has_their_own_family_as_its_admin_coparent() {
    let app = TestApp::spawn().await;
    let (token, user_id) = app.register("ana@example.org", PASSWORD).await;
    let list = app.get("/api/familias", Some(&token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert_eq!(list.body["success"], true);
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    let family = &list.body["data"][0];
    assert_eq!(family["nombre"], "Familia García");
    assert_eq!(family["zonaHoraria"], "America/Argentina/Buenos_Aires");
    assert_eq!(family["miPermiso"], "coparent");
    assert_eq!(family["soyAdmin"], true);
    assert_eq!(family["hijos"], 0);
    let me = &family["miembros"][0];
    assert_eq!(me["usuarioId"], user_id.as_str());
    assert_eq!(me["nombre"], "Ana");
    assert_eq!(me["apellido"], "García");
    assert_eq!(me["relacion"], "otro");
    assert_eq!(me["permiso"], "coparent");
    assert_eq!(me["esAdmin"], true);
    assert_eq!(me["estado"], "activo");
    assert_eq!(me["yo"], true);
    assert!(me["foto"].is_null());
    assert!(
        me.get("email").is_none(),
        "members' addresses are not shown"
    );

    let one = app
        .get(&format!("/api/familias/{}", id(family)), Some(&token))
        .await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.body);
    assert_eq!(&one.body["data"], family);
    assert_eq!(
        app.get("/api/familias", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_shared_family_lists_every_member_and_marks_the_caller() {
    let s = shared().await;
    let app = &s.app;
    add_child(app, &s.ana, &s.family).await;

    let ana_view = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.ana))
        .await;
    let members = ana_view.body["data"]["miembros"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(members.len(), 2, "{}", ana_view.body);
    assert_eq!(members[0]["usuarioId"], s.ana_id.as_str(), "oldest first");
    assert_eq!(members[0]["yo"], true);
    assert_eq!(members[1]["usuarioId"], s.beto_id.as_str());
    assert_eq!(members[1]["_id"], s.beto_member.as_str());
    assert_eq!(members[1]["yo"], false);
    assert_eq!(members[1]["relacion"], "abuelo");
    assert_eq!(members[1]["permiso"], "viewer");
    assert_eq!(ana_view.body["data"]["hijos"], 1);

    // Beto sees his own family first, then Ana's, where he only reads.
    let beto_list = app.get("/api/familias", Some(&s.beto)).await;
    let families = beto_list.body["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(families.len(), 2, "{}", beto_list.body);
    assert_eq!(families[0]["nombre"], "Familia García");
    assert_eq!(member(&families[0], &s.beto_id)["esAdmin"], true, "his own");
    let theirs = &families[1];
    assert_eq!(theirs["_id"], s.family.as_str());
    assert_eq!(theirs["miPermiso"], "viewer");
    assert_eq!(theirs["soyAdmin"], false);
    assert_eq!(member(theirs, &s.beto_id)["yo"], true);
    assert_eq!(member(theirs, &s.ana_id)["yo"], false);
    assert_eq!(theirs["hijos"], 1);
}

#[tokio::test]
async fn a_closed_account_shows_as_closed_to_the_others() {
    let s = shared().await;
    let app = &s.app;
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&s.beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    let view = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.ana))
        .await;
    assert_eq!(
        member(&view.body["data"], &s.beto_id)["estado"],
        "cuenta_cerrada"
    );
    assert_eq!(member(&view.body["data"], &s.ana_id)["estado"], "activo");
}

#[tokio::test]
async fn admins_rename_the_family_and_set_its_time_zone() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let path = format!("/api/familias/{}", id(&own_family(&app, &token).await));

    let changed = put(
        &app,
        &path,
        &token,
        json!({"nombre": "  Los Gómez García ", "zonaHoraria": "Europe/Madrid"}),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_eq!(changed.body["data"]["nombre"], "Los Gómez García");
    assert_eq!(changed.body["data"]["zonaHoraria"], "Europe/Madrid");
    let again = app.get(&path, Some(&token)).await;
    assert_eq!(again.body["data"]["nombre"], "Los Gómez García");
    for zone in ["Etc/GMT+3", "America/Argentina/Buenos_Aires"] {
        let a = put(
            &app,
            &path,
            &token,
            json!({"nombre": "Casa", "zonaHoraria": zone}),
        )
        .await;
        assert_eq!(a.status, StatusCode::OK, "{zone}: {}", a.body);
    }

    let bad = put(
        &app,
        &path,
        &token,
        json!({"nombre": " ", "zonaHoraria": "Mars/Olympus Mons"}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.str("code"), "validation");
    assert_eq!(
        bad.body["errors"]["nombre"],
        "El nombre de la familia es requerido"
    );
    assert_eq!(
        bad.body["errors"]["zonaHoraria"],
        "Elige una zona horaria válida, por ejemplo America/Argentina/Buenos_Aires"
    );
    for zone in [
        json!("Mars/Olympus_Mons"),
        json!("europe/madrid"),
        json!(null),
        json!(""),
    ] {
        let a = put(
            &app,
            &path,
            &token,
            json!({"nombre": "Casa", "zonaHoraria": zone}),
        )
        .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{zone}");
        assert!(a.body["errors"]["zonaHoraria"].is_string(), "{zone}");
    }
    // Messages come in the user's saved language.
    let english = put(
        &app,
        "/api/usuarios/perfil",
        &token,
        json!({"nombre": "Ana", "apellido": "García", "email": "ana@example.org", "language": "en"}),
    )
    .await;
    assert_eq!(english.status, StatusCode::OK, "{}", english.body);
    let long = put(
        &app,
        &path,
        &token,
        json!({"nombre": "x".repeat(101), "zonaHoraria": "Europe/Madrid"}),
    )
    .await;
    assert_eq!(long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(long.body["errors"]["nombre"], "The text is too long");
    let zone = put(&app, &path, &token, json!({"nombre": "Casa"})).await;
    assert_eq!(
        zone.body["errors"]["zonaHoraria"],
        "Choose a valid time zone, for example America/Argentina/Buenos_Aires"
    );
    assert_eq!(
        app.get(&path, Some(&token)).await.body["data"]["nombre"],
        "Casa",
        "nothing changed by refused requests"
    );
}

#[tokio::test]
async fn viewers_read_but_change_nothing() {
    let s = shared().await;
    let app = &s.app;
    let child = add_child(app, &s.ana, &s.family).await;
    let family_path = format!("/api/familias/{}", s.family);

    assert_eq!(
        app.get(&family_path, Some(&s.beto)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get(&format!("/api/hijos/{child}"), Some(&s.beto))
            .await
            .status,
        StatusCode::OK
    );
    let rename = put(
        app,
        &family_path,
        &s.beto,
        json!({"nombre": "Mía", "zonaHoraria": "Europe/Madrid"}),
    )
    .await;
    assert_eq!(rename.status, StatusCode::FORBIDDEN);
    assert_eq!(rename.str("code"), "forbidden");
    for target in [&s.ana_member, &s.beto_member] {
        let change = put(
            app,
            &format!("{family_path}/miembros/{target}"),
            &s.beto,
            json!({"permiso": "coparent", "esAdmin": true}),
        )
        .await;
        assert_eq!(change.status, StatusCode::FORBIDDEN, "{target}");
    }
    let remove = delete(
        app,
        &format!("{family_path}/miembros/{}", s.ana_member),
        &s.beto,
    )
    .await;
    assert_eq!(remove.status, StatusCode::FORBIDDEN);
    let view = app.get(&family_path, Some(&s.ana)).await;
    assert_eq!(view.body["data"]["nombre"], "Familia García");
    assert_eq!(
        view.body["data"]["miembros"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(member(&view.body["data"], &s.beto_id)["permiso"], "viewer");
}

#[tokio::test]
async fn strangers_are_told_nothing_exists() {
    let s = shared().await;
    let app = &s.app;
    let (carla, _) = app.register("carla@example.org", PASSWORD).await;
    let carla_family = id(&own_family(app, &carla).await);
    let family_path = format!("/api/familias/{}", s.family);
    let member_path = format!("{family_path}/miembros/{}", s.beto_member);

    let answers = [
        app.get(&family_path, Some(&carla)).await,
        put(
            app,
            &family_path,
            &carla,
            json!({"nombre": "Mía", "zonaHoraria": "Europe/Madrid"}),
        )
        .await,
        put(app, &member_path, &carla, json!({"permiso": "coparent"})).await,
        delete(app, &member_path, &carla).await,
        app.get("/api/familias/no-such-family", Some(&carla)).await,
        // A member of another family, reached through one's own family.
        put(
            app,
            &format!("/api/familias/{carla_family}/miembros/{}", s.beto_member),
            &carla,
            json!({"relacion": "madre"}),
        )
        .await,
        delete(
            app,
            &format!("/api/familias/{carla_family}/miembros/{}", s.beto_member),
            &carla,
        )
        .await,
    ];
    for a in answers {
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
        assert_eq!(a.str("code"), "not_found");
    }
    let list = app.get("/api/familias", Some(&carla)).await;
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        app.get(&family_path, Some(&s.ana)).await.body["data"]["miembros"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "Beto is still there"
    );
}

#[tokio::test]
async fn admins_change_permissions_relations_and_roles() {
    let s = shared().await;
    let app = &s.app;
    let beto_path = format!("/api/familias/{}/miembros/{}", s.family, s.beto_member);

    let invalid = put(
        app,
        &beto_path,
        &s.ana,
        json!({"permiso": "owner", "relacion": "vecino"}),
    )
    .await;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        invalid.body["errors"]["permiso"],
        "El permiso debe ser coparent (acceso completo) o viewer (solo lectura)"
    );
    assert!(invalid.body["errors"]["relacion"].is_string());

    // A viewer is not made an admin, nor given full access on the side.
    let viewer_admin = put(app, &beto_path, &s.ana, json!({"esAdmin": true})).await;
    assert_eq!(viewer_admin.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        viewer_admin.body["errors"]["esAdmin"],
        "Solo un co-padre con acceso completo puede administrar la familia: dale primero el permiso de acceso completo."
    );

    let promoted = put(
        app,
        &beto_path,
        &s.ana,
        json!({"permiso": "Coparent", "relacion": "padre"}),
    )
    .await;
    assert_eq!(promoted.status, StatusCode::OK, "{}", promoted.body);
    let beto = member(&promoted.body["data"], &s.beto_id);
    assert_eq!(beto["permiso"], "coparent");
    assert_eq!(beto["relacion"], "padre");
    assert_eq!(beto["esAdmin"], false);
    assert_eq!(
        promoted.body["data"]["miembros"][0]["yo"], true,
        "Ana's view"
    );

    let admin = put(app, &beto_path, &s.ana, json!({"esAdmin": true})).await;
    assert_eq!(admin.status, StatusCode::OK, "{}", admin.body);
    let theirs = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.beto))
        .await;
    assert_eq!(theirs.body["data"]["soyAdmin"], true);
    assert_eq!(theirs.body["data"]["miPermiso"], "coparent");

    // An admin keeps full access; the role goes first.
    let demote_admin = put(app, &beto_path, &s.ana, json!({"permiso": "viewer"})).await;
    assert_eq!(demote_admin.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        demote_admin.body["errors"]["permiso"],
        "Quien administra la familia necesita acceso completo: quítale primero el rol de administrador."
    );
    let both = put(
        app,
        &beto_path,
        &s.ana,
        json!({"permiso": "viewer", "esAdmin": false}),
    )
    .await;
    assert_eq!(both.status, StatusCode::OK, "{}", both.body);
    assert_eq!(member(&both.body["data"], &s.beto_id)["permiso"], "viewer");

    // Ana changes her own relation.
    let own = put(
        app,
        &format!("/api/familias/{}/miembros/{}", s.family, s.ana_member),
        &s.ana,
        json!({"relacion": "madre"}),
    )
    .await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    assert_eq!(member(&own.body["data"], &s.ana_id)["relacion"], "madre");
    let gone = put(
        app,
        &format!("/api/familias/{}/miembros/no-such-member", s.family),
        &s.ana,
        json!({"relacion": "madre"}),
    )
    .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_family_keeps_an_admin() {
    let s = shared().await;
    let app = &s.app;
    let ana_path = format!("/api/familias/{}/miembros/{}", s.family, s.ana_member);
    let beto_path = format!("/api/familias/{}/miembros/{}", s.family, s.beto_member);

    let step_down = put(app, &ana_path, &s.ana, json!({"esAdmin": false})).await;
    assert_eq!(step_down.status, StatusCode::CONFLICT, "{}", step_down.body);
    assert_eq!(step_down.str("code"), "family_last_admin");
    let leave = delete(app, &ana_path, &s.ana).await;
    assert_eq!(leave.status, StatusCode::CONFLICT);
    assert_eq!(
        leave.str("msg"),
        "La familia necesita al menos un administrador: primero haz administrador a otro miembro."
    );

    // Once Beto is an admin co-parent, Ana may step down, and then leave.
    put(
        app,
        &beto_path,
        &s.ana,
        json!({"permiso": "coparent", "esAdmin": true}),
    )
    .await;
    let step_down = put(app, &ana_path, &s.ana, json!({"esAdmin": false})).await;
    assert_eq!(step_down.status, StatusCode::OK, "{}", step_down.body);
    assert_eq!(step_down.body["data"]["soyAdmin"], false);
    let left = delete(app, &ana_path, &s.ana).await;
    assert_eq!(left.status, StatusCode::OK, "{}", left.body);
    assert_eq!(left.str("msg"), "Saliste de la familia.");
    let theirs = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.beto))
        .await;
    assert_eq!(
        theirs.body["data"]["miembros"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(theirs.body["data"]["soyAdmin"], true);
}

#[tokio::test]
async fn a_family_with_children_keeps_an_active_coparent() {
    let s = shared().await;
    let app = &s.app;
    add_child(app, &s.ana, &s.family).await;
    let (carla, carla_id) = app.register("carla@example.org", PASSWORD).await;
    let carla_member = add_member(app, &s.family, &carla_id, "madre", "coparent", 2).await;
    let family_path = format!("/api/familias/{}", s.family);
    // Ana, the admin, closes her account: Carla, the only co-parent who can act, takes over.
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&s.ana),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    let view = app.get(&family_path, Some(&carla)).await;
    assert_eq!(view.body["data"]["soyAdmin"], true, "{}", view.body);

    // An admin without full access (as an erased admin's heir can be) shares the role.
    let (dora, dora_id) = app.register("dora@example.org", PASSWORD).await;
    let dora_member = add_member(app, &s.family, &dora_id, "abuela", "viewer", 3).await;
    app.sql(&format!(
        "UPDATE miembros SET es_admin = true WHERE id = '{dora_member}'"
    ))
    .await;

    let leave = delete(
        app,
        &format!("{family_path}/miembros/{carla_member}"),
        &carla,
    )
    .await;
    assert_eq!(leave.status, StatusCode::CONFLICT, "{}", leave.body);
    assert_eq!(leave.str("code"), "family_last_coparent");
    assert_eq!(
        leave.str("msg"),
        "La familia tiene hijos y necesita al menos un co-padre activo: primero agrega o promueve a otro co-padre."
    );
    // Beto, a viewer, may leave: the children keep Carla.
    let beto_leaves = delete(
        app,
        &format!("{family_path}/miembros/{}", s.beto_member),
        &s.beto,
    )
    .await;
    assert_eq!(beto_leaves.status, StatusCode::OK, "{}", beto_leaves.body);

    // Dora cannot demote Carla either.
    let demote = put(
        app,
        &format!("{family_path}/miembros/{carla_member}"),
        &dora,
        json!({"permiso": "viewer", "esAdmin": false}),
    )
    .await;
    assert_eq!(demote.status, StatusCode::CONFLICT, "{}", demote.body);
    assert_eq!(demote.str("code"), "family_last_coparent");
    let remove = delete(
        app,
        &format!("{family_path}/miembros/{carla_member}"),
        &dora,
    )
    .await;
    assert_eq!(remove.status, StatusCode::CONFLICT);
    // Her own details can still change, though she is an admin without full access.
    let relation = put(
        app,
        &format!("{family_path}/miembros/{dora_member}"),
        &dora,
        json!({"relacion": "tutora"}),
    )
    .await;
    assert_eq!(relation.status, StatusCode::OK, "{}", relation.body);
    let view = app.get(&family_path, Some(&carla)).await;
    assert_eq!(member(&view.body["data"], &carla_id)["permiso"], "coparent");
}

#[tokio::test]
async fn removing_a_member_keeps_the_children_and_ends_their_access() {
    let s = shared().await;
    let app = &s.app;
    let child = add_child(app, &s.ana, &s.family).await;
    let beto_path = format!("/api/familias/{}/miembros/{}", s.family, s.beto_member);
    put(app, &beto_path, &s.ana, json!({"permiso": "coparent"})).await;
    assert_eq!(
        child_ids(&app.get("/api/hijos", Some(&s.beto)).await),
        vec![child.clone()]
    );

    let removed = delete(app, &beto_path, &s.ana).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    assert_eq!(removed.str("msg"), "Quitamos a esa persona de la familia.");
    assert_eq!(
        child_ids(&app.get("/api/hijos", Some(&s.ana)).await),
        vec![child.clone()],
        "the child stays with the family"
    );
    assert!(child_ids(&app.get("/api/hijos", Some(&s.beto)).await).is_empty());
    assert_eq!(
        app.get(&format!("/api/hijos/{child}"), Some(&s.beto))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/familias/{}", s.family), Some(&s.beto))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let list = app.get("/api/familias", Some(&s.beto)).await;
    assert_eq!(
        list.body["data"].as_array().map(Vec::len),
        Some(1),
        "his own"
    );
    assert_eq!(
        delete(app, &beto_path, &s.ana).await.status,
        StatusCode::NOT_FOUND,
        "already gone"
    );
}

#[tokio::test]
async fn members_leave_but_the_only_member_cannot() {
    let s = shared().await;
    let app = &s.app;
    let alone = own_family(app, &s.beto).await;
    let own_member = id(&alone["miembros"][0]);
    let stay = delete(
        app,
        &format!("/api/familias/{}/miembros/{own_member}", id(&alone)),
        &s.beto,
    )
    .await;
    assert_eq!(stay.status, StatusCode::CONFLICT, "{}", stay.body);
    assert_eq!(stay.str("code"), "family_only_member");
    assert_eq!(
        stay.str("msg"),
        "Es tu propia familia y eres su único miembro, así que no puedes salir de ella. Si quieres dejar Nido, cierra tu cuenta."
    );

    let left = delete(
        app,
        &format!("/api/familias/{}/miembros/{}", s.family, s.beto_member),
        &s.beto,
    )
    .await;
    assert_eq!(left.status, StatusCode::OK, "{}", left.body);
    assert_eq!(left.body["success"], true);
    let view = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.ana))
        .await;
    assert_eq!(
        view.body["data"]["miembros"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(member(&view.body["data"], &s.ana_id)["esAdmin"], true);
}

#[tokio::test]
async fn two_admins_stepping_down_at_once_leave_one_admin() {
    let s = shared().await;
    let app = &s.app;
    let ana_path = format!("/api/familias/{}/miembros/{}", s.family, s.ana_member);
    let beto_path = format!("/api/familias/{}/miembros/{}", s.family, s.beto_member);
    put(
        app,
        &beto_path,
        &s.ana,
        json!({"permiso": "coparent", "esAdmin": true}),
    )
    .await;
    let (ana, beto) = tokio::join!(
        put(app, &ana_path, &s.ana, json!({"esAdmin": false})),
        put(app, &beto_path, &s.beto, json!({"esAdmin": false})),
    );
    let mut statuses = [ana.status, beto.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{} {}",
        ana.body,
        beto.body
    );
    let view = app
        .get(&format!("/api/familias/{}", s.family), Some(&s.ana))
        .await;
    let admins = view.body["data"]["miembros"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["esAdmin"] == true)
        .count();
    assert_eq!(admins, 1);
}

#[tokio::test]
async fn a_member_sets_their_own_relation_and_nothing_else() {
    let s = shared().await;
    let app = &s.app;
    let family_path = format!("/api/familias/{}", s.family);
    let mine = put(
        app,
        &format!("{family_path}/miembros/{}", s.beto_member),
        &s.beto,
        json!({"relacion": "padre"}),
    )
    .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
    assert_eq!(member(&mine.body["data"], &s.beto_id)["relacion"], "padre");
    let seen = app.get(&family_path, Some(&s.ana)).await;
    assert_eq!(member(&seen.body["data"], &s.beto_id)["relacion"], "padre");
    assert_eq!(member(&seen.body["data"], &s.beto_id)["permiso"], "viewer");

    // Not someone else's, not with a role change, not to a relation that does not exist.
    let others = put(
        app,
        &format!("{family_path}/miembros/{}", s.ana_member),
        &s.beto,
        json!({"relacion": "madre"}),
    )
    .await;
    assert_eq!(others.status, StatusCode::FORBIDDEN, "{}", others.body);
    let with_role = put(
        app,
        &format!("{family_path}/miembros/{}", s.beto_member),
        &s.beto,
        json!({"relacion": "abuelo", "permiso": "coparent"}),
    )
    .await;
    assert_eq!(
        with_role.status,
        StatusCode::FORBIDDEN,
        "{}",
        with_role.body
    );
    let unknown = put(
        app,
        &format!("{family_path}/miembros/{}", s.beto_member),
        &s.beto,
        json!({"relacion": "tio"}),
    )
    .await;
    assert_eq!(
        unknown.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unknown.body
    );
    let seen = app.get(&family_path, Some(&s.ana)).await;
    assert_eq!(member(&seen.body["data"], &s.beto_id)["relacion"], "padre");
    assert_eq!(member(&seen.body["data"], &s.ana_id)["relacion"], "otro");
}
