//! A signed file link (`/api/archivos/<key>?exp=&lector=&sig=`) is issued to one user and works
//! only while that user may still read the file, as the file's own domain decides: it ends at
//! once with a removal from the family, a closed account, a deleted child, not two hours later.
//! The remaining members' links keep working; a link cannot be moved to another reader.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{children::upload_to, helpers::TestApp, images::png};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

/// Ana (admin) and Beto co-parent Tomás with Rita, a co-parent who will be removed; Vera is a
/// viewer; Sam belongs to another family.
struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    beto_id: String,
    rita: String,
    rita_id: String,
    vera: String,
    sam: String,
    family: String,
    child: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.org", PASSWORD).await;
    let (beto, beto_id) = app.register("beto@example.org", PASSWORD).await;
    let (rita, rita_id) = app.register("rita@example.org", PASSWORD).await;
    let (vera, _) = app.register("vera@example.org", PASSWORD).await;
    let (sam, _) = app.register("sam@example.org", PASSWORD).await;
    let family = app.own_family(&ana).await;
    for (token, permiso) in [(&beto, "coparent"), (&rita, "coparent"), (&vera, "viewer")] {
        app.join_family(&ana, &family, token, permiso, "otro").await;
    }
    let child = app.add_child(&ana, &family).await;
    let photo = upload_to(
        &app,
        &format!("/api/hijos/{child}/foto"),
        &ana,
        png(64, 48),
        "tomas.png",
    )
    .await;
    assert_eq!(photo.status, StatusCode::OK, "{}", photo.body);
    Family {
        app,
        ana,
        beto,
        beto_id,
        rita,
        rita_id,
        vera,
        sam,
        family,
        child,
    }
}

async fn status(app: &TestApp, link: &str) -> StatusCode {
    app.client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("request")
        .status()
}

impl Family {
    /// The child's photo link as `token` is given it.
    async fn photo_link(&self, token: &str) -> String {
        let child = self
            .app
            .get(&format!("/api/hijos/{}", self.child), Some(token))
            .await;
        assert_eq!(child.status, StatusCode::OK, "{}", child.body);
        child.body["data"]["foto"]
            .as_str()
            .expect("a photo link")
            .to_owned()
    }

    /// The links of every member's photo as `token` sees them in the family's list.
    async fn member_photos(&self, token: &str) -> Vec<String> {
        let families = self.app.get("/api/familias", Some(token)).await;
        families.body["data"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|f| f["_id"] == self.family.as_str())
            .flat_map(|f| f["miembros"].as_array().cloned().unwrap_or_default())
            .filter_map(|m| m["foto"].as_str().map(str::to_owned))
            .collect()
    }
}

#[tokio::test]
async fn a_link_issued_before_a_removal_ends_with_it_and_the_others_keep_working() {
    let f = family().await;
    let app = &f.app;
    let mine = f.photo_link(&f.ana).await;
    let betos = f.photo_link(&f.beto).await;
    let veras = f.photo_link(&f.vera).await;
    let ritas = f.photo_link(&f.rita).await;
    assert!(
        ritas.contains(&format!("&lector={}&", f.rita_id)),
        "{ritas}"
    );
    for link in [&mine, &betos, &veras, &ritas] {
        assert_eq!(status(app, link).await, StatusCode::OK, "{link}");
    }
    // Nobody else gets it, and a link moved to another reader is not one.
    let stranger = app
        .get(&format!("/api/hijos/{}", f.child), Some(&f.sam))
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    let moved = ritas.replace(&f.rita_id, &f.beto_id);
    assert_eq!(status(app, &moved).await, StatusCode::NOT_FOUND);

    // Beto's profile photo, as Rita sees the family; an attachment in a conversation of all
    // three co-parents, as Rita reads it.
    let profile = upload_to(
        app,
        "/api/usuarios/perfil/foto",
        &f.beto,
        png(40, 40),
        "b.png",
    )
    .await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.body);
    let ritas_photos = f.member_photos(&f.rita).await;
    assert_eq!(ritas_photos.len(), 1, "Beto's photo");
    let anas_photos = f.member_photos(&f.ana).await;
    let made = app
        .post(
            "/api/conversaciones",
            Some(&f.ana),
            json!({"familiaId": f.family, "tema": "medico", "asunto": "Vacunas"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let conversation = made.body["data"]["_id"].as_str().expect("id").to_owned();
    let form = reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(png(30, 30)).file_name("carnet.png"),
    );
    let attached: Value = app
        .client
        .post(format!(
            "{}/api/conversaciones/{conversation}/adjuntos",
            app.base
        ))
        .bearer_auth(&f.ana)
        .multipart(form)
        .send()
        .await
        .expect("upload")
        .json()
        .await
        .expect("json");
    let adjunto = attached["data"]["_id"].as_str().expect("id").to_owned();
    let sent = app
        .post(
            &format!("/api/conversaciones/{conversation}/mensajes"),
            Some(&f.ana),
            json!({"texto": "El carnet", "tipo": "normal", "adjuntos": [adjunto]}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let attachment_of = |token: String| {
        let app = &f.app;
        let path = format!("/api/conversaciones/{conversation}/mensajes");
        async move {
            let thread = app.get(&path, Some(&token)).await;
            assert_eq!(thread.status, StatusCode::OK, "{}", thread.body);
            thread.body["data"]["mensajes"][0]["adjuntos"][0]["url"]
                .as_str()
                .expect("an attachment link")
                .to_owned()
        }
    };
    let ritas_file = attachment_of(f.rita.clone()).await;
    let betos_file = attachment_of(f.beto.clone()).await;
    for link in ritas_photos.iter().chain([&ritas_file, &betos_file]) {
        assert_eq!(status(app, link).await, StatusCode::OK, "{link}");
    }

    app.remove_member(&f.ana, &f.family, &f.rita_id).await;
    for link in [&ritas, &ritas_photos[0], &ritas_file] {
        assert_eq!(
            status(app, link).await,
            StatusCode::NOT_FOUND,
            "a link of a removed member: {link}"
        );
    }
    for link in [&mine, &betos, &veras, &anas_photos[0], &betos_file] {
        assert_eq!(status(app, link).await, StatusCode::OK, "{link}");
    }

    // A closed account's links end with it.
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.vera),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    assert_eq!(status(app, &veras).await, StatusCode::NOT_FOUND);
    assert_eq!(status(app, &betos).await, StatusCode::OK);
}

#[tokio::test]
async fn a_deleted_childs_photo_stays_for_the_co_parents_who_may_restore_it() {
    let f = family().await;
    let app = &f.app;
    let veras = f.photo_link(&f.vera).await;
    let betos = f.photo_link(&f.beto).await;
    let deleted = app
        .request(
            Method::DELETE,
            &format!("/api/hijos/{}", f.child),
            Some(&f.ana),
            None,
            None,
        )
        .await;
    assert!(deleted.status.is_success(), "{}", deleted.body);
    // The viewer no longer sees the child anywhere; a co-parent still lists it to restore.
    assert_eq!(status(app, &veras).await, StatusCode::NOT_FOUND);
    assert_eq!(status(app, &betos).await, StatusCode::OK);
    let listed = app.get("/api/hijos/eliminados", Some(&f.beto)).await;
    let thumbnail = listed.body["data"][0]["foto"]
        .as_str()
        .expect("a thumbnail link")
        .to_owned();
    assert_eq!(status(app, &thumbnail).await, StatusCode::OK);
}
