use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;

fn child_body() -> Value {
    json!({
        "nombre": "Lucía", "apellido": "García", "fechaNacimiento": "2016-04-12",
        "genero": "femenino", "grupoSanguineo": "o+", "numeroSeguroSocial": "20-12345678-9"
    })
}

async fn add_child(app: &TestApp, token: &str) -> Value {
    let a = app.post("/api/hijos", Some(token), child_body()).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["data"].clone()
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> crate::helpers::Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

async fn delete(app: &TestApp, path: &str, token: &str) -> crate::helpers::Answer {
    app.request(Method::DELETE, path, Some(token), None, None)
        .await
}

#[tokio::test]
async fn a_child_is_created_listed_read_and_updated() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    assert_eq!(
        app.get("/api/hijos", Some(&token)).await.body["data"],
        json!([])
    );

    let child = add_child(&app, &token).await;
    let id = child["_id"].as_str().expect("id").to_owned();
    assert_eq!(child["nombre"], "Lucía");
    assert_eq!(child["fechaNacimiento"], "2016-04-12");
    assert_eq!(child["grupoSanguineo"], "O+");
    assert_eq!(child["foto"], Value::Null);
    assert_eq!(
        child["informacionEscolar"]["horarioEscolar"]["entrada"],
        Value::Null
    );
    assert_eq!(child["informacionMedica"]["alergias"], json!([]));
    assert_eq!(child["actividades"], json!([]));

    let list = app.get("/api/hijos", Some(&token)).await;
    assert_eq!(list.body["success"], true);
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    let one = app.get(&format!("/api/hijos/{id}"), Some(&token)).await;
    assert_eq!(one.body["data"]["_id"], id.as_str());

    let school = put(
        &app,
        &format!("/api/hijos/{id}"),
        &token,
        json!({"informacionEscolar": {"escuela": "Escuela N° 5", "grado": "3°", "profesorPrincipal": "Marta",
            "telefonoEscuela": "011 4444-5555", "horarioEscolar": {"entrada": "08:00", "salida": "12:30"}}}),
    )
    .await;
    assert_eq!(school.status, StatusCode::OK, "{}", school.body);
    assert_eq!(
        school.body["data"]["informacionEscolar"]["horarioEscolar"]["salida"],
        "12:30"
    );
    assert_eq!(
        school.body["data"]["nombre"], "Lucía",
        "a school update leaves the basic form alone"
    );

    let basic = put(
        &app,
        &format!("/api/hijos/{id}"),
        &token,
        json!({"nombre": "Lucía Belén", "apellido": "García", "fechaNacimiento": "2016-04-13", "genero": "femenino", "grupoSanguineo": ""}),
    )
    .await;
    assert_eq!(basic.status, StatusCode::OK, "{}", basic.body);
    assert_eq!(basic.body["data"]["nombre"], "Lucía Belén");
    assert_eq!(basic.body["data"]["grupoSanguineo"], Value::Null);
    assert_eq!(
        basic.body["data"]["informacionEscolar"]["escuela"],
        "Escuela N° 5"
    );

    let medical = app
        .post(
            &format!("/api/hijos/{id}/informacion-medica"),
            Some(&token),
            json!({"doctorPrimario": {"nombre": "Dra. Pérez", "telefono": "011 5555-0000"},
                   "alergias": ["maní", " "], "medicamentos": [], "condicionesEspeciales": ["asma"], "notasMedicas": "Inhalador en la mochila"}),
        )
        .await;
    assert_eq!(medical.status, StatusCode::OK, "{}", medical.body);
    assert_eq!(
        medical.body["data"]["informacionMedica"]["alergias"],
        json!(["maní"])
    );
    assert_eq!(
        medical.body["data"]["informacionMedica"]["doctorPrimario"]["nombre"],
        "Dra. Pérez"
    );
}

#[tokio::test]
async fn bad_child_fields_are_reported_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let bad = app
        .post(
            "/api/hijos",
            Some(&token),
            json!({"nombre": "", "fechaNacimiento": "2999-01-01", "genero": "otro", "grupoSanguineo": "Z"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.body["errors"]["nombre"], "El nombre es requerido");
    assert_eq!(bad.body["errors"]["apellido"], "El apellido es requerido");
    assert_eq!(
        bad.body["errors"]["fechaNacimiento"],
        "La fecha de nacimiento no puede ser futura"
    );
    assert_eq!(
        bad.body["errors"]["genero"],
        "El género debe ser masculino o femenino"
    );
    assert_eq!(
        bad.body["errors"]["grupoSanguineo"],
        "El grupo sanguíneo no es válido"
    );
    assert_eq!(
        app.get("/api/hijos", Some(&token)).await.body["data"],
        json!([])
    );

    let child = add_child(&app, &token).await;
    let id = child["_id"].as_str().expect("id");
    let bad_school = put(
        &app,
        &format!("/api/hijos/{id}"),
        &token,
        json!({"informacionEscolar": {"horarioEscolar": {"entrada": "8am", "salida": "07:00"}}}),
    )
    .await;
    assert_eq!(bad_school.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad_school.body["errors"]["informacionEscolar.horarioEscolar.entrada"],
        "La hora debe tener el formato HH:MM"
    );
    let bad_basic = put(
        &app,
        &format!("/api/hijos/{id}"),
        &token,
        json!({"nombre": "Solo nombre"}),
    )
    .await;
    assert_eq!(
        bad_basic.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the basic form is whole"
    );
    let unchanged = app.get(&format!("/api/hijos/{id}"), Some(&token)).await;
    assert_eq!(unchanged.body["data"]["nombre"], "Lucía");

    let en = app
        .request(
            Method::POST,
            &format!("/api/hijos/{id}/contactos-emergencia"),
            Some(&token),
            Some(json!({"nombre": "Abu", "relacion": "", "telefono": "", "prioridad": 0})),
            None,
        )
        .await;
    assert_eq!(en.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(en.body["errors"]["relacion"], "La relación es requerida");
    assert_eq!(en.body["errors"]["telefono"], "El teléfono es requerido");
    assert_eq!(
        en.body["errors"]["prioridad"],
        "La prioridad debe ser un número entero positivo"
    );
}

#[tokio::test]
async fn activities_appointments_and_contacts_have_full_lifecycles() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let id = add_child(&app, &token).await["_id"]
        .as_str()
        .expect("id")
        .to_owned();

    let added = app
        .post(
            &format!("/api/hijos/{id}/actividades"),
            Some(&token),
            json!({"nombre": "Natación", "lugar": "Club", "horario": "después de la escuela",
                   "diasSemana": ["miércoles", "lunes"], "horaInicio": "17:00", "horaFin": "18:00"}),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let activity = &added.body["data"]["actividades"][0];
    assert_eq!(activity["diasSemana"], json!(["lunes", "miercoles"]));
    let activity_id = activity["id"].as_str().expect("activity id").to_owned();
    let edited = put(
        &app,
        &format!("/api/hijos/{id}/actividades/{activity_id}"),
        &token,
        json!({"nombre": "Natación avanzada", "diasSemana": ["viernes"]}),
    )
    .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.body);
    assert_eq!(
        edited.body["data"]["actividades"][0]["nombre"],
        "Natación avanzada"
    );
    let bad_day = app
        .post(
            &format!("/api/hijos/{id}/actividades"),
            Some(&token),
            json!({"nombre": "X", "diasSemana": ["funday"]}),
        )
        .await;
    assert_eq!(bad_day.status, StatusCode::UNPROCESSABLE_ENTITY);

    let turno = app
        .post(
            &format!("/api/hijos/{id}/turnos-medicos"),
            Some(&token),
            json!({"tipoConsulta": "Control anual", "fechaHora": "2026-12-01T13:30:00-03:00",
                   "medico": {"nombre": "Dr. Ruiz", "especialidad": "Pediatría"}}),
        )
        .await;
    assert_eq!(turno.status, StatusCode::CREATED, "{}", turno.body);
    let t = &turno.body["data"]["turnosMedicos"][0];
    assert_eq!(t["estado"], "programado");
    assert_eq!(t["fechaHora"], "2026-12-01T16:30:00Z");
    assert_eq!(t["medico"]["especialidad"], "Pediatría");
    let turno_id = t["_id"].as_str().expect("turno id").to_owned();
    let done = put(
        &app,
        &format!("/api/hijos/{id}/turnos-medicos/{turno_id}"),
        &token,
        json!({"tipoConsulta": "Control anual", "estado": "completado", "fechaHora": "2026-12-01T16:30:00Z"}),
    )
    .await;
    assert_eq!(
        done.body["data"]["turnosMedicos"][0]["estado"],
        "completado"
    );
    let bad_state = put(
        &app,
        &format!("/api/hijos/{id}/turnos-medicos/{turno_id}"),
        &token,
        json!({"estado": "perdido", "fechaHora": "mañana"}),
    )
    .await;
    assert_eq!(bad_state.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad_state.body["errors"]["estado"].is_string());
    assert!(bad_state.body["errors"]["fechaHora"].is_string());

    for (nombre, prioridad) in [
        ("Tía Rosa", json!(2)),
        ("Vecino", Value::Null),
        ("Abuela", json!(1)),
    ] {
        let c = app
            .post(
                &format!("/api/hijos/{id}/contactos-emergencia"),
                Some(&token),
                json!({"nombre": nombre, "relacion": "familia", "telefono": "011 4000-0000", "prioridad": prioridad}),
            )
            .await;
        assert_eq!(c.status, StatusCode::CREATED, "{}", c.body);
    }
    let child = app
        .get(&format!("/api/hijos/{id}"), Some(&token))
        .await
        .body["data"]
        .clone();
    let order: Vec<&str> = child["contactosEmergencia"]
        .as_array()
        .expect("contacts")
        .iter()
        .filter_map(|c| c["nombre"].as_str())
        .collect();
    assert_eq!(
        order,
        ["Abuela", "Tía Rosa", "Vecino"],
        "by priority, missing last"
    );
    let contact_id = child["contactosEmergencia"][2]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let changed = put(
        &app,
        &format!("/api/hijos/{id}/contactos-emergencia/{contact_id}"),
        &token,
        json!({"nombre": "Vecino", "relacion": "vecino", "telefono": "011 4000-0001", "email": "v@example.org", "prioridad": 3}),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_eq!(
        changed.body["data"]["contactosEmergencia"][2]["email"],
        "v@example.org"
    );

    for path in [
        format!("/api/hijos/{id}/actividades/{activity_id}"),
        format!("/api/hijos/{id}/turnos-medicos/{turno_id}"),
        format!("/api/hijos/{id}/contactos-emergencia/{contact_id}"),
    ] {
        assert_eq!(
            delete(&app, &path, &token).await.status,
            StatusCode::OK,
            "{path}"
        );
        assert_eq!(
            delete(&app, &path, &token).await.status,
            StatusCode::NOT_FOUND,
            "{path} twice"
        );
    }
    let after = app
        .get(&format!("/api/hijos/{id}"), Some(&token))
        .await
        .body["data"]
        .clone();
    assert_eq!(after["actividades"], json!([]));
    assert_eq!(after["turnosMedicos"], json!([]));
    assert_eq!(
        after["contactosEmergencia"].as_array().map(Vec::len),
        Some(2)
    );

    let gone = delete(&app, &format!("/api/hijos/{id}"), &token).await;
    assert_eq!(gone.status, StatusCode::OK);
    assert_eq!(
        app.get(&format!("/api/hijos/{id}"), Some(&token))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // Restorable for 30 days (`child_deletion`), then erased with its lists.
    nido::children::deletion::purge_due(
        &app.state,
        chrono::Utc::now() + chrono::Duration::days(31),
    )
    .await
    .expect("purge");
    use sea_orm::{EntityTrait, PaginatorTrait};
    let contacts = nido::children::entities::contacto::Entity::find()
        .count(&app.db)
        .await
        .expect("count");
    assert_eq!(contacts, 0, "erasing a child erases its lists");
}

#[tokio::test]
async fn another_familys_child_does_not_exist_on_any_path() {
    let app = TestApp::spawn().await;
    let (owner, _) = app.register("ana@example.org", "buenas-noches").await;
    let (stranger, _) = app.register("eve@example.org", "buenas-noches").await;
    let child = add_child(&app, &owner).await;
    let id = child["_id"].as_str().expect("id").to_owned();
    let activity = app
        .post(
            &format!("/api/hijos/{id}/actividades"),
            Some(&owner),
            json!({"nombre": "Fútbol"}),
        )
        .await
        .body["data"]["actividades"][0]["id"]
        .as_str()
        .expect("activity")
        .to_owned();

    assert_eq!(
        app.get("/api/hijos", Some(&stranger)).await.body["data"],
        json!([])
    );
    let attempts: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("/api/hijos/{id}"), None),
        (Method::PUT, format!("/api/hijos/{id}"), Some(child_body())),
        (Method::DELETE, format!("/api/hijos/{id}"), None),
        (
            Method::POST,
            format!("/api/hijos/{id}/actividades"),
            Some(json!({"nombre": "X"})),
        ),
        (
            Method::PUT,
            format!("/api/hijos/{id}/actividades/{activity}"),
            Some(json!({"nombre": "X"})),
        ),
        (
            Method::DELETE,
            format!("/api/hijos/{id}/actividades/{activity}"),
            None,
        ),
        (
            Method::POST,
            format!("/api/hijos/{id}/turnos-medicos"),
            Some(json!({"fechaHora": "2026-01-01T10:00:00Z"})),
        ),
        (
            Method::PUT,
            format!("/api/hijos/{id}/turnos-medicos/x"),
            Some(json!({"fechaHora": "2026-01-01T10:00:00Z"})),
        ),
        (
            Method::DELETE,
            format!("/api/hijos/{id}/turnos-medicos/x"),
            None,
        ),
        (
            Method::POST,
            format!("/api/hijos/{id}/contactos-emergencia"),
            Some(json!({"nombre": "X", "relacion": "y", "telefono": "011 4000-0000"})),
        ),
        (
            Method::PUT,
            format!("/api/hijos/{id}/contactos-emergencia/x"),
            Some(json!({"nombre": "X", "relacion": "y", "telefono": "011 4000-0000"})),
        ),
        (
            Method::DELETE,
            format!("/api/hijos/{id}/contactos-emergencia/x"),
            None,
        ),
        (
            Method::POST,
            format!("/api/hijos/{id}/informacion-medica"),
            Some(json!({})),
        ),
        (
            Method::PUT,
            format!("/api/hijos/{id}/informacion-medica"),
            Some(json!({})),
        ),
        (Method::DELETE, format!("/api/hijos/{id}/foto"), None),
    ];
    for (method, path, body) in attempts {
        let a = app
            .request(method.clone(), &path, Some(&stranger), body, None)
            .await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.body
        );
        assert_eq!(a.body["code"], "not_found");
    }
    let photo = upload(&app, &id, &stranger, crate::images::png(40, 40), "p.png").await;
    assert_eq!(photo.status, StatusCode::NOT_FOUND);

    let still = app.get(&format!("/api/hijos/{id}"), Some(&owner)).await;
    assert_eq!(still.status, StatusCode::OK);
    assert_eq!(still.body["data"]["nombre"], "Lucía");
    assert_eq!(
        still.body["data"]["actividades"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(
        app.get(&format!("/api/hijos/{id}"), None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

pub async fn upload(
    app: &TestApp,
    id: &str,
    token: &str,
    bytes: Vec<u8>,
    name: &str,
) -> crate::helpers::Answer {
    upload_to(app, &format!("/api/hijos/{id}/foto"), token, bytes, name).await
}

/// Sends `bytes` as the `foto` field of a multipart form to `path`.
pub async fn upload_to(
    app: &TestApp,
    path: &str,
    token: &str,
    bytes: Vec<u8>,
    name: &str,
) -> crate::helpers::Answer {
    let form = reqwest::multipart::Form::new().part(
        "foto",
        reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str("image/jpeg")
            .expect("mime"),
    );
    let res = app
        .client
        .post(format!("{}{path}", app.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    crate::helpers::answer(res).await
}

pub fn stored_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&app.data_dir.path().join("files"), &mut out);
    out
}

#[tokio::test]
async fn photos_lose_their_metadata_and_are_served_only_by_signed_link() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let id = add_child(&app, &token).await["_id"]
        .as_str()
        .expect("id")
        .to_owned();

    let with_gps = crate::images::jpeg_with_exif_gps(800, 600);
    assert!(crate::images::contains(&with_gps, b"Exif"));
    let a = upload(&app, &id, &token, with_gps, "holiday.jpg").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let link = a.body["data"]["foto"]
        .as_str()
        .expect("photo link")
        .to_owned();
    let thumb = a.body["data"]["fotoMiniatura"]
        .as_str()
        .expect("thumb link")
        .to_owned();
    assert!(link.starts_with("/api/archivos/hijos/"), "{link}");

    let res = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("get photo");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    let served = res.bytes().await.expect("bytes").to_vec();
    assert!(
        !crate::images::contains(&served, b"Exif"),
        "EXIF was stripped"
    );
    assert!(
        !crate::images::contains(&served, crate::images::GPS_MARKER),
        "GPS was stripped"
    );
    let decoded = image::load_from_memory(&served).expect("a real image");
    assert_eq!((decoded.width(), decoded.height()), (800, 600));
    let small = app
        .client
        .get(format!("{}{thumb}", app.base))
        .send()
        .await
        .expect("thumb");
    let small = image::load_from_memory(&small.bytes().await.expect("bytes")).expect("thumb image");
    assert_eq!(small.width(), 320);

    let unsigned = link.split('?').next().unwrap_or_default().to_owned();
    assert_eq!(app.get(&unsigned, None).await.status, StatusCode::NOT_FOUND);
    let forged = link.replace("sig=", "sig=0");
    assert_eq!(app.get(&forged, None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(stored_files(&app).len(), 2);

    let replaced = upload(&app, &id, &token, crate::images::png(300, 300), "new.png").await;
    assert_eq!(replaced.status, StatusCode::OK);
    assert_eq!(
        stored_files(&app).len(),
        2,
        "replacing removes the old photo and thumbnail"
    );
    let old = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .expect("old");
    assert_eq!(old.status(), StatusCode::NOT_FOUND);

    assert_eq!(
        delete(&app, &format!("/api/hijos/{id}"), &token)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(stored_files(&app).len(), 2, "kept while restorable");
    nido::children::deletion::purge_due(
        &app.state,
        chrono::Utc::now() + chrono::Duration::days(31),
    )
    .await
    .expect("purge");
    assert_eq!(
        stored_files(&app).len(),
        0,
        "erasing the child removes its files"
    );
}

#[tokio::test]
async fn photo_uploads_are_checked_by_size_and_content() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", "buenas-noches").await;
    let id = add_child(&app, &token).await["_id"]
        .as_str()
        .expect("id")
        .to_owned();

    let fake = upload(
        &app,
        &id,
        &token,
        b"<script>alert(1)</script>".to_vec(),
        "cute.jpg",
    )
    .await;
    assert_eq!(fake.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(fake.body["code"], "photo_invalid");

    let big = vec![0xFFu8; 5 * 1024 * 1024 + 10];
    let too_big = upload(&app, &id, &token, big, "big.jpg").await;
    assert_eq!(too_big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(too_big.body["msg"], "El archivo es muy grande. Máximo 5MB");
    let huge = upload(&app, &id, &token, vec![0u8; 20 * 1024 * 1024], "huge.jpg").await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);

    let res = app
        .client
        .post(format!("{}/api/hijos/{id}/foto", app.base))
        .bearer_auth(&token)
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .expect("request");
    let none = crate::helpers::answer(res).await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert_eq!(none.body["msg"], "Por favor selecciona una foto primero");

    let child = app.get(&format!("/api/hijos/{id}"), Some(&token)).await;
    assert_eq!(
        child.body["data"]["foto"],
        Value::Null,
        "nothing was stored"
    );
    assert!(stored_files(&app).is_empty());
}

#[tokio::test]
async fn a_viewer_of_the_family_reads_but_cannot_change() {
    let app = TestApp::spawn().await;
    let (owner, owner_id) = app.register("ana@example.org", "buenas-noches").await;
    let (viewer, viewer_id) = app.register("abuela@example.org", "buenas-noches").await;
    let child = add_child(&app, &owner).await;
    let id = child["_id"].as_str().expect("id").to_owned();
    let family = child["familiaId"].as_str().expect("family").to_owned();
    assert!(!owner_id.is_empty());
    app.sql(&format!(
        "INSERT INTO miembros (id, familia_id, usuario_id, relacion, permiso, es_admin, created_at, updated_at) \
         VALUES ('m-viewer', '{family}', '{viewer_id}', 'abuelo', 'viewer', false, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
    ))
    .await;

    let list = app.get("/api/hijos", Some(&viewer)).await;
    assert_eq!(
        list.body["data"].as_array().map(Vec::len),
        Some(1),
        "the viewer sees the family's child"
    );
    assert_eq!(
        app.get(&format!("/api/hijos/{id}"), Some(&viewer))
            .await
            .status,
        StatusCode::OK
    );
    let change = put(&app, &format!("/api/hijos/{id}"), &viewer, child_body()).await;
    assert_eq!(change.status, StatusCode::FORBIDDEN);
    assert_eq!(change.body["code"], "forbidden");
    let add = app
        .post(
            &format!("/api/hijos/{id}/actividades"),
            Some(&viewer),
            json!({"nombre": "X"}),
        )
        .await;
    assert_eq!(add.status, StatusCode::FORBIDDEN);
    assert_eq!(
        delete(&app, &format!("/api/hijos/{id}"), &viewer)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let create = app
        .post("/api/hijos", Some(&viewer), json!({"familiaId": family, "nombre": "Y", "apellido": "Z", "fechaNacimiento": "2020-01-01", "genero": "masculino"}))
        .await;
    assert_eq!(
        create.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a viewer cannot add children to the family"
    );
    assert_eq!(
        app.get(&format!("/api/hijos/{id}"), Some(&owner))
            .await
            .body["data"]["nombre"],
        "Lucía"
    );
}
