//! The family record: entries written with the acts, verification that names the first entry
//! tampered with in the database, one chain under concurrent appends, signed checkpoints checked
//! with the published key, erased content, who may read it, and `nido verify` on an export.

use std::io::Read;

use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use sea_orm::TransactionTrait;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "buenas-noches";

/// Rosa registers and joins `family` as a viewer with a linking code `admin` made.
async fn grandmother_joins(app: &TestApp, admin: &str, family: &str) -> (String, String) {
    let (rosa, rosa_id) = app.register("rosa@example.com", PASSWORD).await;
    app.join_family(admin, family, &rosa, "viewer", "abuela")
        .await;
    (rosa, rosa_id)
}

async fn rename_child(app: &TestApp, token: &str, child: &str, nombre: &str) {
    let a = app
        .request(
            Method::PUT,
            &format!("/api/hijos/{child}"),
            Some(token),
            Some(json!({"nombre": nombre, "apellido": "Gómez", "fechaNacimiento": "2019-05-06", "genero": "masculino"})),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}

async fn verification(app: &TestApp, token: &str, familia_id: &str) -> Value {
    let a = app
        .get(
            &format!("/api/familias/{familia_id}/registro/verificacion"),
            Some(token),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"].clone()
}

async fn entries(app: &TestApp, token: &str, familia_id: &str) -> Vec<Value> {
    let a = app
        .get(&format!("/api/familias/{familia_id}/registro"), Some(token))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["data"]["entradas"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

async fn checkpoint(app: &TestApp, token: &str, familia_id: &str) -> Answer {
    app.post(
        &format!("/api/familias/{familia_id}/registro/puntos-de-control"),
        Some(token),
        json!({}),
    )
    .await
}

/// A user with a family of five entries: created, a child added, its record changed three times.
async fn family_of_five(app: &TestApp, email: &str) -> (String, String) {
    let (token, _) = app.register(email, PASSWORD).await;
    let family = app.own_family(&token).await;
    let child = app.add_child(&token, &family).await;
    for name in ["Tomi", "Tomás", "Tomasito"] {
        rename_child(app, &token, &child, name).await;
    }
    (token, family)
}

#[tokio::test]
async fn the_acts_of_today_are_recorded_in_order() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let child = app.add_child(&ana, &family).await;
    rename_child(&app, &ana, &child, "Tomi").await;
    let renamed = app
        .request(
            Method::PUT,
            &format!("/api/familias/{family}"),
            Some(&ana),
            Some(json!({"nombre": "Los Gómez", "zonaHoraria": "Europe/Madrid"})),
            None,
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    let (rosa, rosa_id) = grandmother_joins(&app, &ana, &family).await;
    let deleted = app
        .request(
            Method::DELETE,
            &format!("/api/hijos/{child}"),
            Some(&ana),
            None,
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    let restored = app
        .post(
            &format!("/api/hijos/{child}/restaurar"),
            Some(&ana),
            json!({}),
        )
        .await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.body);

    let listed = entries(&app, &ana, &family).await;
    let kinds: Vec<&str> = listed
        .iter()
        .rev()
        .filter_map(|e| e["tipo"].as_str())
        .collect();
    assert_eq!(
        kinds,
        [
            "familia.creada",
            "hijo.creado",
            "hijo.modificado",
            "familia.cambiada",
            "miembro.unido",
            "hijo.eliminado",
            "hijo.restaurado",
        ]
    );
    assert_eq!(listed[2]["contenido"]["usuario"], rosa_id.as_str());
    assert_eq!(listed[2]["contenido"]["permiso"], "viewer");
    assert_eq!(listed[4]["contenido"]["campos"], json!(["datosBasicos"]));
    assert_eq!(listed[3]["contenido"]["nombre"], "Los Gómez");
    assert_eq!(listed[3]["contenido"]["zonaHoraria"], "Europe/Madrid");
    // The new member reads the same record, and it holds.
    let seen_by_rosa = verification(&app, &rosa, &family).await;
    assert_eq!(seen_by_rosa["valido"], true, "{seen_by_rosa}");
    assert_eq!(seen_by_rosa["entradas"], 7);
}

#[tokio::test]
async fn tampering_in_the_database_is_reported_with_its_sequence_number() {
    let app = TestApp::spawn().await;
    let (token, family) = family_of_five(&app, "ana@example.com").await;
    let whole = verification(&app, &token, &family).await;
    assert_eq!(whole["valido"], true, "{whole}");
    assert_eq!(whole["entradas"], 5);
    assert_eq!(whole["primerError"], Value::Null);
    let at = |seq: i64| format!("familia_id = '{family}' AND seq = {seq}");

    // Changed.
    app.sql(&format!(
        "UPDATE registro_entradas SET tipo = 'hijo.eliminado' WHERE {}",
        at(3)
    ))
    .await;
    let found = verification(&app, &token, &family).await;
    assert_eq!(
        (found["valido"].clone(), found["primerError"].clone()),
        (json!(false), json!(3))
    );
    app.sql(&format!(
        "UPDATE registro_entradas SET tipo = 'hijo.modificado' WHERE {}",
        at(3)
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["valido"], true);

    // Content changed behind its hash.
    app.sql(&format!(
        "UPDATE registro_contenidos SET contenido = '{{\"hijo\":\"otro\"}}' WHERE {}",
        at(2)
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["primerError"], 2);

    // Reordered: entries 3 and 4 swap places.
    let (token, family) = family_of_five(&app, "bea@example.com").await;
    let at = |seq: i64| format!("familia_id = '{family}' AND seq = {seq}");
    app.sql(&format!(
        "UPDATE registro_entradas SET seq = 99 WHERE {}",
        at(3)
    ))
    .await;
    app.sql(&format!(
        "UPDATE registro_entradas SET seq = 3 WHERE {}",
        at(4)
    ))
    .await;
    app.sql(&format!(
        "UPDATE registro_entradas SET seq = 4 WHERE {}",
        at(99)
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["primerError"], 3);

    // Removed from the middle, and from the end.
    let (token, family) = family_of_five(&app, "carla@example.com").await;
    app.sql(&format!(
        "DELETE FROM registro_entradas WHERE familia_id = '{family}' AND seq = 4"
    ))
    .await;
    let found = verification(&app, &token, &family).await;
    assert_eq!(found["primerError"], 4, "{found}");
    assert_eq!(found["entradas"], 4);
    let (token, family) = family_of_five(&app, "dora@example.com").await;
    app.sql(&format!(
        "DELETE FROM registro_entradas WHERE familia_id = '{family}' AND seq = 5"
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["primerError"], 5);

    // The head row removed.
    app.sql(&format!(
        "DELETE FROM registro_cabezas WHERE familia_id = '{family}'"
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["primerError"], 1);

    // Removed from the end with the head rewritten to match: the signed checkpoint still knows.
    let (token, family) = family_of_five(&app, "eva@example.com").await;
    assert_eq!(
        checkpoint(&app, &token, &family).await.status,
        StatusCode::CREATED
    );
    let fourth: Value = entries(&app, &token, &family).await[1].clone();
    app.sql(&format!(
        "DELETE FROM registro_entradas WHERE familia_id = '{family}' AND seq = 5"
    ))
    .await;
    app.sql(&format!(
        "UPDATE registro_cabezas SET entradas = 4, hash = '{}' WHERE familia_id = '{family}'",
        fourth["hash"].as_str().unwrap_or_default()
    ))
    .await;
    assert_eq!(verification(&app, &token, &family).await["primerError"], 5);
}

#[tokio::test]
async fn concurrent_appends_in_one_family_stay_one_chain() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&token).await;
    let mut tasks = Vec::new();
    for n in 0..32 {
        let db = app.state.db.clone();
        let family = family.clone();
        tasks.push(tokio::spawn(async move {
            let txn = db.begin().await.expect("begin");
            let seq = nido::families::record::append(
                &txn,
                &family,
                nido::families::record::Act {
                    kind: nido::families::record::kinds::FAMILY_CHANGED,
                    actor: None,
                    content: json!({"n": n}),
                    subjects: vec![],
                    audience: nido::families::record::Audience::Family,
                },
            )
            .await
            .expect("append");
            txn.commit().await.expect("commit");
            seq
        }));
    }
    let mut seqs = Vec::new();
    for task in tasks {
        seqs.push(task.await.expect("task"));
    }
    seqs.sort_unstable();
    assert_eq!(seqs, (2..=33).collect::<Vec<i64>>());
    let found = verification(&app, &token, &family).await;
    assert_eq!(found["valido"], true, "{found}");
    assert_eq!(found["entradas"], 33);

    // A family's very first entries racing: the head row is made once.
    let fresh = uuid::Uuid::now_v7().to_string();
    let at = Utc::now().to_rfc3339();
    app.sql(&format!(
        "INSERT INTO familias (id, nombre, zona_horaria, created_at, updated_at) \
         VALUES ('{fresh}', 'Nueva', 'Europe/Madrid', '{at}', '{at}')"
    ))
    .await;
    let mut tasks = Vec::new();
    for n in 0..32 {
        let db = app.state.db.clone();
        let fresh = fresh.clone();
        tasks.push(tokio::spawn(async move {
            let txn = db.begin().await.expect("begin");
            let act = nido::families::record::Act {
                kind: nido::families::record::kinds::FAMILY_CHANGED,
                actor: None,
                content: json!({"n": n}),
                subjects: vec![],
                audience: nido::families::record::Audience::Family,
            };
            let seq = nido::families::record::append(&txn, &fresh, act)
                .await
                .expect("append");
            txn.commit().await.expect("commit");
            seq
        }));
    }
    let mut seqs = Vec::new();
    for task in tasks {
        seqs.push(task.await.expect("task"));
    }
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=32).collect::<Vec<i64>>());
    let found = nido::families::record::verify::verify(&app.state.db, &fresh, None)
        .await
        .expect("verify");
    assert!(found.valido, "{found:?}");
    assert_eq!(found.entradas, 32);
}

#[tokio::test]
async fn a_checkpoint_verifies_with_the_published_key_and_fails_with_another() {
    let app = TestApp::spawn().await;
    let (token, family) = family_of_five(&app, "ana@example.com").await;
    let made = checkpoint(&app, &token, &family).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let point = &made.body["data"];
    assert_eq!(point["entradas"], 5);
    assert_eq!(point["firmaValida"], true);
    let text = point["texto"].as_str().unwrap_or_default();
    assert_eq!(
        text,
        format!(
            "nido-registro v1\nfamilia {family}\nentradas 5\ncabeza {}\nhora {}\n",
            point["cabeza"].as_str().unwrap_or_default(),
            point["hora"].as_str().unwrap_or_default()
        )
    );
    let signature = STANDARD
        .decode(point["firma"].as_str().unwrap_or_default())
        .expect("base64");

    let keys = app.get("/api/registro/claves", None).await;
    assert_eq!(keys.status, StatusCode::OK, "{}", keys.body);
    let key = keys.body["data"]
        .as_array()
        .and_then(|ks| ks.iter().find(|k| k["id"] == point["claveId"]))
        .cloned()
        .expect("the checkpoint's key is published");
    assert_eq!(key["hasta"], Value::Null);
    assert!(
        key["pem"]
            .as_str()
            .unwrap_or_default()
            .starts_with("-----BEGIN PUBLIC KEY-----")
    );
    let published: [u8; 32] = STANDARD
        .decode(key["clavePublica"].as_str().unwrap_or_default())
        .expect("base64")
        .try_into()
        .expect("32 bytes");
    assert!(nido::platform::signing::verify(
        &published,
        text.as_bytes(),
        &signature
    ));
    let other = nido::platform::signing::Signer25519::generate().public_key();
    assert!(!nido::platform::signing::verify(
        &other,
        text.as_bytes(),
        &signature
    ));
    let changed = text.replace("entradas 5", "entradas 4");
    assert!(!nido::platform::signing::verify(
        &published,
        changed.as_bytes(),
        &signature
    ));

    let found = verification(&app, &token, &family).await;
    assert_eq!(found["puntoDeControl"]["entradas"], 5);
    assert_eq!(found["puntoDeControl"]["firmaValida"], true);
    // A signature forged in the database does not hold.
    let forged =
        STANDARD.encode(nido::platform::signing::Signer25519::generate().sign(text.as_bytes()));
    app.sql(&format!(
        "UPDATE registro_puntos_control SET firma = '{forged}' WHERE familia_id = '{family}'"
    ))
    .await;
    let found = verification(&app, &token, &family).await;
    assert_eq!(found["valido"], false);
    assert_eq!(found["puntoDeControl"]["firmaValida"], false);

    // The daily job signs the families whose record moved since their last checkpoint.
    let db = &app.state.db;
    let signer = &app.state.signer;
    let job = nido::families::record::checkpoint::checkpoint_all;
    assert_eq!(job(db, signer).await.expect("job"), 0);
    let child = app.add_child(&token, &family).await;
    assert!(!child.is_empty());
    assert_eq!(job(db, signer).await.expect("job"), 1);
    assert_eq!(
        verification(&app, &token, &family).await["puntoDeControl"]["entradas"],
        6
    );
}

#[tokio::test]
async fn erased_content_is_reported_as_erased_not_broken() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&token).await;
    let child = app.add_child(&token, &family).await;
    rename_child(&app, &token, &child, "Tomi").await;
    let deleted = app
        .request(
            Method::DELETE,
            &format!("/api/hijos/{child}"),
            Some(&token),
            None,
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    nido::children::deletion::purge_due(&app.state, Utc::now() + Duration::days(31))
        .await
        .expect("purge");
    let found = verification(&app, &token, &family).await;
    assert_eq!(found["valido"], true, "{found}");
    assert_eq!(found["entradas"], 5);
    // Added, changed, deleted, purged: everything that was about the child.
    assert_eq!(found["contenidoBorrado"], 4);
    let listed = entries(&app, &token, &family).await;
    assert_eq!(listed[0]["tipo"], "hijo.purgado");
    assert_eq!(listed[0]["contenidoBorrado"], true);
    assert_eq!(listed[0]["contenido"], Value::Null);
    assert_eq!(listed[4]["tipo"], "familia.creada");
    assert_eq!(listed[4]["contenidoBorrado"], false);
}

#[tokio::test]
async fn only_members_read_the_record_and_only_coparents_ask_for_checkpoints() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let (eve, _) = app.register("eve@example.com", PASSWORD).await;
    for path in [
        format!("/api/familias/{family}/registro"),
        format!("/api/familias/{family}/registro/verificacion"),
    ] {
        assert_eq!(
            app.get(&path, Some(&eve)).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(app.get(&path, None).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        checkpoint(&app, &eve, &family).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/familias/no-such-family/registro", Some(&ana))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let (abuela, abuela_id) = app.register("abuela@example.com", PASSWORD).await;
    let at = Utc::now().to_rfc3339();
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('{}', '{family}', '{abuela_id}', 'abuela', 'viewer', false, '{at}', '{at}')",
        uuid::Uuid::now_v7()
    ))
    .await;
    assert_eq!(entries(&app, &abuela, &family).await.len(), 1);
    assert_eq!(
        checkpoint(&app, &abuela, &family).await.status,
        StatusCode::FORBIDDEN
    );

    let bad = app
        .get(
            &format!("/api/familias/{family}/registro?cursor=abc"),
            Some(&ana),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert_eq!(
        bad.body["errors"]["cursor"],
        "El cursor debe ser el número de una entrada del registro."
    );
}

#[tokio::test]
async fn the_record_is_read_in_pages_newest_first() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&token).await;
    let txn = app.state.db.begin().await.expect("begin");
    for n in 0..59 {
        let act = nido::families::record::Act {
            kind: nido::families::record::kinds::FAMILY_CHANGED,
            actor: None,
            content: json!({"n": n}),
            subjects: vec![],
            audience: nido::families::record::Audience::Family,
        };
        nido::families::record::append(&txn, &family, act)
            .await
            .expect("append");
    }
    txn.commit().await.expect("commit");
    let first = app
        .get(&format!("/api/familias/{family}/registro"), Some(&token))
        .await;
    let page = &first.body["data"];
    assert_eq!(page["entradas"].as_array().map(Vec::len), Some(50));
    assert_eq!(page["entradas"][0]["seq"], 60);
    assert_eq!(page["siguiente"], 11);
    let second = app
        .get(
            &format!("/api/familias/{family}/registro?cursor=11"),
            Some(&token),
        )
        .await;
    let page = &second.body["data"];
    assert_eq!(page["entradas"].as_array().map(Vec::len), Some(10));
    assert_eq!(page["entradas"][9]["seq"], 1);
    assert_eq!(page["siguiente"], Value::Null);
}

fn nido_verify(path: &std::path::Path) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nido"))
        .arg("verify")
        .arg(path)
        .output()
        .expect("nido verify runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[tokio::test]
async fn nido_verify_passes_an_export_and_fails_it_after_tampering() {
    let app = TestApp::spawn().await;
    let (token, family) = family_of_five(&app, "ana@example.com").await;
    assert_eq!(
        checkpoint(&app, &token, &family).await.status,
        StatusCode::CREATED
    );
    // One entry after the checkpoint: still checked by its links.
    app.add_child(&token, &family).await;
    let res = app
        .client
        .get(format!("{}/api/usuarios/exportar", app.base))
        .bearer_auth(&token)
        .send()
        .await
        .expect("export");
    assert_eq!(res.status(), StatusCode::OK);
    let bytes = res.bytes().await.expect("body").to_vec();
    let dir = tempfile::tempdir().expect("temp dir");
    let zip_path = dir.path().join("export.zip");
    std::fs::write(&zip_path, &bytes).expect("write");
    let (ok, out) = nido_verify(&zip_path);
    assert!(ok, "{out}");
    assert!(out.contains("6 entries hold"), "{out}");
    assert!(out.contains("signature holds"), "{out}");

    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut text = String::new();
    archive
        .by_name(&format!("registro/{family}.json"))
        .expect("the record in the export")
        .read_to_string(&mut text)
        .expect("utf-8");
    let record: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(record["entradas"].as_array().map(Vec::len), Some(6));
    assert!(record["puntoDeControl"]["clavePem"].is_string());
    let single = dir.path().join("registro.json");
    std::fs::write(&single, &text).expect("write");
    assert!(nido_verify(&single).0);

    let mut changed = record.clone();
    changed["entradas"][1]["tipo"] = json!("hijo.eliminado");
    std::fs::write(&single, changed.to_string()).expect("write");
    let (ok, out) = nido_verify(&single);
    assert!(!ok, "{out}");
    assert!(out.contains("BROKEN at entry 2"), "{out}");

    let mut forged = record.clone();
    forged["puntoDeControl"]["hora"] = json!("2020-01-01T00:00:00.000Z");
    std::fs::write(&single, forged.to_string()).expect("write");
    let (ok, out) = nido_verify(&single);
    assert!(!ok, "{out}");
    assert!(out.contains("SIGNATURE DOES NOT HOLD"), "{out}");
}

#[tokio::test]
async fn an_erased_account_leaves_the_shared_record_verifiable() {
    let app = TestApp::spawn().await;
    let (ana, _) = app.register("ana@example.com", PASSWORD).await;
    let family = app.own_family(&ana).await;
    let (rosa, rosa_id) = grandmother_joins(&app, &ana, &family).await;
    let closed = app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&rosa),
            Some(json!({"password": PASSWORD, "confirmacion": "ELIMINAR"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    nido::accounts::closing::purge_due(&app.state, Utc::now() + Duration::days(91))
        .await
        .expect("erasure");

    let found = verification(&app, &ana, &family).await;
    assert_eq!(found["valido"], true, "{found}");
    assert_eq!(found["entradas"], 3);
    // Her joining and her erasure stay as entries; what they said about her is gone.
    assert_eq!(found["contenidoBorrado"], 2);
    let listed = entries(&app, &ana, &family).await;
    assert_eq!(listed[0]["tipo"], "miembro.eliminado");
    assert_eq!(listed[0]["actor"], Value::Null);
    assert_eq!(listed[1]["tipo"], "miembro.unido");
    assert_eq!(listed[1]["actor"], rosa_id.as_str());
    assert_eq!(listed[1]["contenido"], Value::Null);
}
