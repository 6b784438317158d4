//! Closing an account, reopening it within the grace period, erasing it after; the job claims
//! that make that erasure run once across instances; and the data export.

use std::io::Read;

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    children::{stored_files, upload_to},
    helpers::TestApp,
    images::png,
};

const PASSWORD: &str = "buenas-noches";

async fn close(app: &TestApp, token: &str, body: Value) -> crate::helpers::Answer {
    app.request(
        Method::DELETE,
        "/api/usuarios/perfil",
        Some(token),
        Some(body),
        None,
    )
    .await
}

async fn add_child(app: &TestApp, token: &str, nombre: &str) -> String {
    let a = app
        .post("/api/hijos", Some(token), json!({"nombre": nombre, "apellido": "Gómez", "fechaNacimiento": "2019-05-06", "genero": "masculino"}))
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn closing_needs_the_password_and_the_word_and_ends_every_session() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let other = app
        .login("ana@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();

    let wrong_word = close(
        &app,
        &token,
        json!({"password": PASSWORD, "confirmacion": "borrar"}),
    )
    .await;
    assert_eq!(wrong_word.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        wrong_word.body["errors"]["confirmacion"],
        "Debes escribir \"eliminar\" para confirmar"
    );
    let wrong_password = close(
        &app,
        &token,
        json!({"password": "otra-cosa", "confirmacion": "ELIMINAR"}),
    )
    .await;
    assert_eq!(
        wrong_password.body["errors"]["password"],
        "La contraseña actual no es correcta"
    );
    assert_eq!(
        app.get("/api/usuarios/perfil", Some(&token)).await.status,
        StatusCode::OK,
        "still open"
    );

    let closed = close(
        &app,
        &token,
        json!({"password": PASSWORD, "confirmacion": "Eliminar"}),
    )
    .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    let purge_at = chrono::DateTime::parse_from_rfc3339(closed.str("purgaAt")).expect("purgaAt");
    let days = (purge_at.with_timezone(&Utc) - Utc::now()).num_days();
    assert!((89..=90).contains(&days), "{days}");
    for t in [&token, &other] {
        assert_eq!(
            app.get("/api/usuarios/perfil", Some(t)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let mail = app.wait_for_mail_with("borraremos para siempre").await;
    // The day in words, on the account's clock (Buenos Aires unless said otherwise).
    let local = purge_at.with_timezone(&Utc) - Duration::hours(3);
    assert!(
        mail.contains(&crate::helpers::spanish_day(local.date_naive())),
        "{mail}"
    );
}

#[tokio::test]
async fn a_closed_account_signs_in_only_to_be_reopened() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    close(
        &app,
        &token,
        json!({"password": PASSWORD, "confirmacion": "delete"}),
    )
    .await;

    let login = app.login("ana@example.org", PASSWORD).await;
    assert_eq!(login.status, StatusCode::FORBIDDEN);
    assert_eq!(login.str("code"), "account_closed");
    let wrong = app.login("ana@example.org", "not-the-one").await;
    assert_eq!(
        wrong.status,
        StatusCode::UNAUTHORIZED,
        "a wrong password learns nothing"
    );

    let reopen_wrong = app
        .post(
            "/api/usuarios/reactivar",
            None,
            json!({"email": "ana@example.org", "password": "not-the-one"}),
        )
        .await;
    assert_eq!(reopen_wrong.status, StatusCode::UNAUTHORIZED);
    let reopened = app
        .post(
            "/api/usuarios/reactivar",
            None,
            json!({"email": "Ana@Example.org", "password": PASSWORD}),
        )
        .await;
    assert_eq!(reopened.status, StatusCode::OK, "{}", reopened.body);
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::OK
    );
    let again = app
        .post(
            "/api/usuarios/reactivar",
            None,
            json!({"email": "ana@example.org", "password": PASSWORD}),
        )
        .await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED, "nothing to reopen");
}

#[tokio::test]
async fn after_the_grace_period_the_account_is_erased_and_shared_records_stay() {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    // Ana's own family, which only she belongs to, with a child and a photo.
    let solo_child = add_child(&app, &ana, "Solo").await;
    let photo = upload_to(
        &app,
        &format!("/api/hijos/{solo_child}/foto"),
        &ana,
        png(200, 200),
        "a.png",
    )
    .await;
    assert_eq!(photo.status, StatusCode::OK);
    upload_to(
        &app,
        "/api/usuarios/perfil/foto",
        &ana,
        png(100, 100),
        "me.png",
    )
    .await;
    // Beto's family, which Ana joins as a co-parent; Beto records a child there.
    let shared_child = add_child(&app, &beto, "Compartido").await;
    let shared_family = app
        .get(&format!("/api/hijos/{shared_child}"), Some(&beto))
        .await
        .body["data"]["familiaId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('m-ana', '{shared_family}', '{ana_id}', 'madre', 'coparent', false, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
    ))
    .await;
    // Beto's own admin role is taken away, to see that the family gets an admin again.
    app.sql(&format!(
        "UPDATE miembros SET es_admin = false WHERE usuario_id = '{beto_id}'"
    ))
    .await;
    app.sql("UPDATE miembros SET es_admin = true WHERE id = 'm-ana'")
        .await;
    assert_eq!(
        stored_files(&app).len(),
        4,
        "two photos and their thumbnails"
    );

    close(
        &app,
        &ana,
        json!({"password": PASSWORD, "confirmacion": "eliminar"}),
    )
    .await;
    let now = Utc::now();
    assert_eq!(
        nido::accounts::closing::purge_due(&app.state, now + Duration::days(89))
            .await
            .expect("purge"),
        0
    );
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::FORBIDDEN,
        "still reopenable"
    );

    assert_eq!(
        nido::accounts::closing::purge_due(&app.state, now + Duration::days(91))
            .await
            .expect("purge"),
        1
    );
    assert_eq!(
        app.login("ana@example.org", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED,
        "gone for good"
    );
    let reopen = app
        .post(
            "/api/usuarios/reactivar",
            None,
            json!({"email": "ana@example.org", "password": PASSWORD}),
        )
        .await;
    assert_eq!(reopen.status, StatusCode::UNAUTHORIZED);
    assert!(
        stored_files(&app).is_empty(),
        "her photo and her solo family's child photo are erased"
    );

    let list = app.get("/api/hijos", Some(&beto)).await;
    let names: Vec<&str> = list.body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["nombre"].as_str())
        .collect();
    assert_eq!(names, ["Compartido"], "the shared family keeps its records");
    // Registering again with the address works: nothing of the old account is left.
    app.register("ana@example.org", PASSWORD).await;
    let admins =
        nido::families::entities::miembro::Entity::find_admins_of(&app, &shared_family).await;
    assert_eq!(admins, vec![beto_id], "the family has an admin again");
}

trait Admins {
    async fn find_admins_of(app: &TestApp, family: &str) -> Vec<String>;
}

impl Admins for nido::families::entities::miembro::Entity {
    async fn find_admins_of(app: &TestApp, family: &str) -> Vec<String> {
        use nido::families::entities::miembro;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.eq(family))
            .filter(miembro::Column::EsAdmin.eq(true))
            .all(&app.db)
            .await
            .expect("members")
            .into_iter()
            .map(|m| m.usuario_id)
            .collect()
    }
}

#[tokio::test]
async fn the_export_holds_the_account_the_children_and_the_photos() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register_verified("ana@example.org", PASSWORD).await;
    let child = add_child(&app, &token, "Lucía").await;
    app.post(
        &format!("/api/hijos/{child}/actividades"),
        Some(&token),
        json!({"nombre": "Natación", "diasSemana": ["lunes"]}),
    )
    .await;
    upload_to(
        &app,
        &format!("/api/hijos/{child}/foto"),
        &token,
        png(120, 80),
        "l.png",
    )
    .await;
    app.post(
        "/api/contacto",
        None,
        json!({"name": "Ana", "email": "ana@example.org", "subject": "Hola", "message": "Una pregunta"}),
    )
    .await;
    let families_list = app.get("/api/familias", Some(&token)).await;
    let familia = families_list.body["data"][0]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let invited = app
        .post(
            &format!("/api/familias/{familia}/invitaciones"),
            Some(&token),
            json!({"email": "beto@example.org"}),
        )
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.body);

    let res = app
        .client
        .get(format!("{}/api/usuarios/exportar", app.base))
        .bearer_auth(&token)
        .send()
        .await
        .expect("export");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/zip");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap_or_default()
            .contains("nido-")
    );
    let bytes = res.bytes().await.expect("body").to_vec();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut read = |name: &str| {
        let mut text = String::new();
        archive
            .by_name(name)
            .unwrap_or_else(|_| panic!("{name} in the export"))
            .read_to_string(&mut text)
            .expect("utf-8");
        text
    };
    let account: Value = serde_json::from_str(&read("usuario.json")).expect("json");
    assert_eq!(account["email"], "ana@example.org");
    assert!(account.get("passwordHash").is_none(), "no password hash");
    let record: Value = serde_json::from_str(&read(&format!("hijos/{child}.json"))).expect("json");
    assert_eq!(record["nombre"], "Lucía");
    assert_eq!(record["actividades"][0]["nombre"], "Natación");
    let families: Value = serde_json::from_str(&read("familias.json")).expect("json");
    assert_eq!(families[0]["miembros"][0]["nombre"], "Ana García");
    assert!(read("mensajes.json").contains("Una pregunta"));
    assert!(read("invitaciones.json").contains("beto@example.org"));
    assert_eq!(read("bloqueos.json").trim(), "[]");
    assert_eq!(
        serde_json::from_str::<Value>(&read("sesiones.json"))
            .expect("json")
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    let mut photo = archive
        .by_name(&format!("hijos/{child}.jpg"))
        .expect("the child's photo");
    assert!(photo.size() > 100);
    let mut jpeg = Vec::new();
    photo.read_to_end(&mut jpeg).expect("read");
    assert!(
        jpeg.starts_with(&[0xFF, 0xD8, 0xFF]),
        "the photo itself, decrypted"
    );

    // A browser asks for it compressed: the compressed stream is whole and holds the same zip
    // (the compression layer polls a body past its end; the archive's stream must allow it).
    let res = app
        .client
        .get(format!("{}/api/usuarios/exportar", app.base))
        .bearer_auth(&token)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("compressed export");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let gzipped = res.bytes().await.expect("the whole compressed body");
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&gzipped[..])
        .read_to_end(&mut unzipped)
        .expect("gzip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(unzipped)).expect("a zip");
    assert!(archive.by_name("usuario.json").is_ok());

    let anonymous = app.get("/api/usuarios/exportar", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}
