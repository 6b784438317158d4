//! Deleting a child's record can be undone for 30 days by any co-parent, and the others are told.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::{
    children::{stored_files, upload},
    helpers::{Answer, TestApp},
};

const PASSWORD: &str = "buenas-noches";

async fn delete(app: &TestApp, path: &str, token: &str) -> Answer {
    app.request(Method::DELETE, path, Some(token), None, None)
        .await
}

async fn register_as(app: &TestApp, nombre: &str, apellido: &str, email: &str) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": apellido, "email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

/// Adds this user to the family with this permission, not as an admin.
async fn join(app: &TestApp, family: &str, usuario_id: &str, permiso: &str) {
    let member = format!("m{}", usuario_id.get(..30).unwrap_or(usuario_id));
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('{member}', '{family}', '{usuario_id}', 'otro', '{permiso}', false, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
    ))
    .await;
}

/// Ana (admin) with Lucía, whose record has medical information, an activity and a photo;
/// Beto, a co-parent who is not an admin; the grandmother, a viewer.
struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    beto_id: String,
    abuela: String,
    family: String,
    child: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, _) = register_as(&app, "Ana", "García", "ana@example.org").await;
    let (beto, beto_id) = register_as(&app, "Beto", "Ruiz", "beto@example.org").await;
    let (abuela, abuela_id) = register_as(&app, "Elsa", "García", "abuela@example.org").await;
    let created = app
        .post(
            "/api/hijos",
            Some(&ana),
            json!({"nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2016-04-12", "genero": "femenino",
                "informacionMedica": {"alergias": ["Penicilina"], "medicamentos": ["Salbutamol 2 puff"], "notasMedicas": "Asma leve"}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let child = created.str_at("data", "_id");
    let family = created.str_at("data", "familiaId");
    let activity = app
        .post(
            &format!("/api/hijos/{child}/actividades"),
            Some(&ana),
            json!({"nombre": "Natación", "diasSemana": ["lunes"]}),
        )
        .await;
    assert_eq!(activity.status, StatusCode::CREATED, "{}", activity.body);
    let photo = upload(&app, &child, &ana, crate::images::png(64, 48), "lucia.png").await;
    assert_eq!(photo.status, StatusCode::OK, "{}", photo.body);
    join(&app, &family, &beto_id, "coparent").await;
    join(&app, &family, &abuela_id, "viewer").await;
    Family {
        app,
        ana,
        beto,
        beto_id,
        abuela,
        family,
        child,
    }
}

trait StrAt {
    fn str_at(&self, outer: &str, key: &str) -> String;
}

impl StrAt for Answer {
    fn str_at(&self, outer: &str, key: &str) -> String {
        self.body[outer][key]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

const NOTICE: &str = "eliminó el registro de Lucía";

/// Waits until `n` deletion notices have reached the outbox and returns them.
async fn notices(app: &TestApp, n: usize) -> Vec<String> {
    app.wait_for_mail_with(NOTICE).await;
    for _ in 0..100 {
        let found = app.mails_with(NOTICE);
        if found.len() >= n {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {n} deletion notices");
}

/// The child's record in the holder of `token`'s data export.
async fn exported_child(app: &TestApp, token: &str, child: &str) -> serde_json::Value {
    let text = app.export_file(token, &format!("hijos/{child}.json")).await;
    serde_json::from_str(&text).expect("json")
}

fn ids(list: &Answer) -> Vec<String> {
    list.body["data"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|c| c["_id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_co_parent_deletes_the_others_are_told_and_anyone_co_parent_restores_it_whole() {
    let f = family().await;
    let app = &f.app;
    let child_path = format!("/api/hijos/{}", f.child);

    let gone = delete(app, &child_path, &f.beto).await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    assert_eq!(gone.body["success"], true);
    assert!(gone.str("msg").contains("30"), "{}", gone.body);

    // Hidden from every member at once, on every path.
    for token in [&f.ana, &f.beto, &f.abuela] {
        assert!(ids(&app.get("/api/hijos", Some(token)).await).is_empty());
        assert_eq!(
            app.get(&child_path, Some(token)).await.status,
            StatusCode::NOT_FOUND
        );
    }
    let add = app
        .post(
            &format!("{child_path}/actividades"),
            Some(&f.ana),
            json!({"nombre": "Piano"}),
        )
        .await;
    assert_eq!(add.status, StatusCode::NOT_FOUND);
    assert_eq!(
        delete(app, &child_path, &f.ana).await.status,
        StatusCode::NOT_FOUND
    );

    // Ana and the grandmother are told; Beto, who deleted, is not.
    let told = notices(app, 2).await;
    let purge_date = (Utc::now() + Duration::days(30)).date_naive();
    let purge_day = purge_date.format("%Y-%m-%d").to_string();
    for address in ["ana@example.org", "abuela@example.org"] {
        let mail = told
            .iter()
            .find(|m| m.contains(address))
            .unwrap_or_else(|| panic!("no notice to {address}"));
        assert!(mail.contains("Beto Ruiz"), "{mail}");
        assert!(mail.contains("restaurarlo"), "{mail}");
        // The day in words, as the reader writes it (the notice keeps it as YYYY-MM-DD).
        assert!(
            mail.contains(&crate::helpers::spanish_day(purge_date)),
            "{mail}"
        );
    }
    assert!(told.iter().all(|m| !m.contains("beto@example.org")));

    // Listed as deleted for co-parents, not for the viewer.
    let listed = app.get("/api/hijos/eliminados", Some(&f.ana)).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    let entry = &listed.body["data"][0];
    assert_eq!(entry["_id"], f.child.as_str());
    assert_eq!(entry["familiaId"], f.family.as_str());
    assert_eq!(entry["nombre"], "Lucía");
    assert_eq!(entry["eliminadoPor"]["_id"], f.beto_id.as_str());
    assert_eq!(entry["eliminadoPor"]["nombre"], "Beto");
    assert!(
        entry["foto"]
            .as_str()
            .is_some_and(|l| l.starts_with("/api/archivos/"))
    );
    assert!(
        entry["purgaAt"]
            .as_str()
            .is_some_and(|d| d.starts_with(&purge_day))
    );
    assert!(ids(&app.get("/api/hijos/eliminados", Some(&f.abuela)).await).is_empty());

    // The viewer may not bring it back; Ana, who did not delete it, may.
    let restore_path = format!("{child_path}/restaurar");
    let refused = app.post(&restore_path, Some(&f.abuela), json!({})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let back = app.post(&restore_path, Some(&f.ana), json!({})).await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.body);
    let data = &back.body["data"];
    assert_eq!(data["_id"], f.child.as_str());
    assert_eq!(data["informacionMedica"]["alergias"], json!(["Penicilina"]));
    assert_eq!(data["informacionMedica"]["notasMedicas"], "Asma leve");
    assert_eq!(data["actividades"][0]["nombre"], "Natación");
    let link = data["foto"].as_str().expect("photo link").to_owned();
    let photo = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("photo");
    assert_eq!(photo.status(), StatusCode::OK);

    for token in [&f.ana, &f.beto, &f.abuela] {
        assert_eq!(
            ids(&app.get("/api/hijos", Some(token)).await),
            vec![f.child.clone()]
        );
    }
    assert!(ids(&app.get("/api/hijos/eliminados", Some(&f.ana)).await).is_empty());
    assert_eq!(
        app.post(&restore_path, Some(&f.ana), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND,
        "a record that is not deleted cannot be restored"
    );
}

#[tokio::test]
async fn strangers_cannot_restore_and_the_record_is_erased_after_thirty_days() {
    let f = family().await;
    let app = &f.app;
    let (stranger, _) = register_as(app, "Eva", "Sosa", "eva@example.org").await;
    let child_path = format!("/api/hijos/{}", f.child);
    assert_eq!(
        delete(app, &child_path, &f.ana).await.status,
        StatusCode::OK
    );
    let restore_path = format!("{child_path}/restaurar");
    assert_eq!(
        app.post(&restore_path, Some(&stranger), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post("/api/hijos/nope/restaurar", Some(&f.ana), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert!(ids(&app.get("/api/hijos/eliminados", Some(&stranger)).await).is_empty());
    assert_eq!(stored_files(app).len(), 2, "photo and thumbnail are kept");
    let exported = exported_child(app, &f.beto, &f.child).await;
    assert!(
        exported["eliminadoAt"].is_string(),
        "still the family's data, marked as deleted: {exported}"
    );
    assert_eq!(
        exported["informacionMedica"]["alergias"],
        json!(["Penicilina"])
    );

    let now = Utc::now();
    assert_eq!(
        nido::children::deletion::purge_due(&app.state, now + Duration::days(29))
            .await
            .expect("purge"),
        0
    );
    assert_eq!(stored_files(app).len(), 2);
    assert_eq!(
        nido::children::deletion::purge_due(&app.state, now + Duration::days(31))
            .await
            .expect("purge"),
        1
    );
    assert!(
        stored_files(app).is_empty(),
        "the photo goes with the record"
    );
    if app.database_url().starts_with("sqlite:") {
        // Erased means unreadable, in the database file and in its write-ahead log.
        for file in ["nido.db", "nido.db-wal"] {
            let bytes = std::fs::read(app.data_dir.path().join(file)).unwrap_or_default();
            assert!(
                !bytes.windows(10).any(|w| w == b"Penicilina"),
                "the erased allergy is still readable in {file}"
            );
        }
    }
    assert_eq!(
        app.post(&restore_path, Some(&f.beto), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert!(ids(&app.get("/api/hijos/eliminados", Some(&f.ana)).await).is_empty());
}
