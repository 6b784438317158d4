//! What the children's routes accept: body sizes, characters, dates, phones, gender, lists.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    children::upload_to,
    helpers::{Answer, TestApp},
};

const PASSWORD: &str = "buenas-noches";

async fn new_child(app: &TestApp, token: &str) -> String {
    let made = app
        .post("/api/hijos", Some(token), json!({"nombre": "Lucía", "apellido": "G", "fechaNacimiento": "2019-05-06", "genero": "femenino"}))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

#[tokio::test]
async fn a_profile_photo_takes_megabytes_and_child_json_takes_the_json_limit() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;

    let photo = crate::images::noisy_png(700, 700);
    assert!(photo.len() > 1024 * 1024, "{}", photo.len());
    let profile = upload_to(&app, "/api/usuarios/perfil/foto", &token, photo, "me.png").await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.body);

    // 300 KB of JSON: over the 256 KB every JSON route takes.
    let long = "x".repeat(300 * 1024);
    for (method, path) in [
        (Method::POST, format!("/api/hijos/{child}/actividades")),
        (Method::PUT, format!("/api/hijos/{child}")),
        (Method::POST, "/api/hijos".to_owned()),
        (
            Method::POST,
            format!("/api/hijos/{child}/informacion-medica"),
        ),
    ] {
        let res = app
            .request(
                method,
                &path,
                Some(&token),
                Some(json!({"nombre": long, "notasMedicas": long})),
                None,
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{path}: {}",
            res.body
        );
        assert_eq!(res.body["success"], false);
    }
    let read = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert_eq!(read.body["data"]["actividades"], json!([]));
}

const FORBIDDEN: &str = "El texto tiene caracteres no permitidos (de control o que invierten la dirección del texto). Bórralo y vuelve a escribirlo.";
const ONE_LINE: &str = "Este campo va en una sola línea, sin saltos de línea ni tabulaciones.";
const OUT_OF_RANGE: &str = "La fecha debe estar entre 1900 y 2100.";

#[tokio::test]
async fn text_refuses_control_and_direction_characters_and_only_notes_take_line_breaks() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;

    // "Lucía" shown backwards by a right-to-left override, a NUL, an escape sequence.
    let bad = app
        .post(
            "/api/hijos",
            Some(&token),
            json!({"nombre": "\u{202E}aícuL", "apellido": "G\u{0}", "fechaNacimiento": "2019-05-06", "genero": "femenino",
                "numeroSeguroSocial": "20\u{2066}1", "informacionEscolar": {"escuela": "N° 5\u{1b}[31m"}}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    for field in [
        "nombre",
        "apellido",
        "numeroSeguroSocial",
        "informacionEscolar.escuela",
    ] {
        assert_eq!(
            bad.body["errors"][field], FORBIDDEN,
            "{field}: {}",
            bad.body
        );
    }

    let contact = app
        .post(
            &format!("/api/hijos/{child}/contactos-emergencia"),
            Some(&token),
            json!({"nombre": "Marta\nPérez", "relacion": "Tía\t", "telefono": "+54 11 4444-5555"}),
        )
        .await;
    assert_eq!(contact.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(contact.body["errors"]["nombre"], ONE_LINE);

    let notes = "Asma leve.\r\nInhalador:\tdos puffs.";
    let medical = app
        .post(
            &format!("/api/hijos/{child}/informacion-medica"),
            Some(&token),
            json!({"notasMedicas": notes}),
        )
        .await;
    assert_eq!(medical.status, StatusCode::OK, "{}", medical.body);
    assert_eq!(
        medical.body["data"]["informacionMedica"]["notasMedicas"],
        notes
    );
    let hidden = app
        .post(
            &format!("/api/hijos/{child}/informacion-medica"),
            Some(&token),
            json!({"notasMedicas": "ok\u{202D}", "alergias": ["maní\u{0}"]}),
        )
        .await;
    assert_eq!(hidden.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(hidden.body["errors"]["notasMedicas"], FORBIDDEN);
    assert_eq!(hidden.body["errors"]["alergias"], FORBIDDEN);

    // The other domains' text goes through the same checks.
    let profile = put(
        &app,
        "/api/usuarios/perfil",
        &token,
        json!({"nombre": "Ana\u{202E}", "apellido": "García"}),
    )
    .await;
    assert_eq!(
        profile.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        profile.body
    );
    assert_eq!(profile.body["errors"]["nombre"], FORBIDDEN);
    let message = app
        .post(
            "/api/contacto",
            None,
            json!({"name": "Ana", "email": "ana@example.org", "subject": "Hola", "message": "Una línea.\nOtra línea.\u{0}"}),
        )
        .await;
    assert_eq!(
        message.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        message.body
    );
    assert_eq!(message.body["errors"]["message"], FORBIDDEN);

    let read = app.get(&format!("/api/hijos/{child}"), Some(&token)).await;
    assert_eq!(
        read.body["data"]["informacionMedica"]["alergias"],
        json!([])
    );
    assert_eq!(read.body["data"]["contactosEmergencia"], json!([]));
}

#[tokio::test]
async fn dates_stay_between_1900_and_2100_and_a_future_birth_says_so() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    for at in ["2202-03-01T10:00:00Z", "0202-03-01T10:00:00Z"] {
        let visit = app
            .post(
                &format!("/api/hijos/{child}/turnos-medicos"),
                Some(&token),
                json!({"fechaHora": at}),
            )
            .await;
        assert_eq!(
            visit.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{at}: {}",
            visit.body
        );
        assert_eq!(visit.body["errors"]["fechaHora"], OUT_OF_RANGE, "{at}");
    }
    let fine = app
        .post(
            &format!("/api/hijos/{child}/turnos-medicos"),
            Some(&token),
            json!({"fechaHora": "2027-03-01T10:00:00Z"}),
        )
        .await;
    assert_eq!(fine.status, StatusCode::CREATED, "{}", fine.body);

    let future = app
        .request(
            Method::POST,
            "/api/hijos",
            Some(&token),
            Some(json!({"nombre": "Bebé", "apellido": "G", "fechaNacimiento": "2099-01-01", "genero": "masculino"})),
            None,
        )
        .await;
    assert_eq!(future.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        future.body["errors"]["fechaNacimiento"],
        "La fecha de nacimiento no puede ser futura"
    );
}

#[tokio::test]
async fn phones_take_an_extension_gender_has_no_default_and_lists_stay_one_per_line() {
    let app = TestApp::spawn().await;
    let (token, _) = app.register("ana@example.org", PASSWORD).await;
    let child = new_child(&app, &token).await;
    for phone in ["+54 11 4444-5555 int. 204", "+54 11 4444-5555 ext. 12"] {
        let contact = app
            .post(
                &format!("/api/hijos/{child}/contactos-emergencia"),
                Some(&token),
                json!({"nombre": "Escuela", "relacion": "Secretaría", "telefono": phone}),
            )
            .await;
        assert_eq!(
            contact.status,
            StatusCode::CREATED,
            "{phone}: {}",
            contact.body
        );
    }
    let school = put(
        &app,
        &format!("/api/hijos/{child}"),
        &token,
        json!({"informacionEscolar": {"telefonoEscuela": "4444-5555 int 3"}}),
    )
    .await;
    assert_eq!(school.status, StatusCode::OK, "{}", school.body);

    let no_gender = app
        .post(
            "/api/hijos",
            Some(&token),
            json!({"nombre": "Tomás", "apellido": "G", "fechaNacimiento": "2019-05-06"}),
        )
        .await;
    assert_eq!(no_gender.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(no_gender.body["errors"]["genero"], "Elige el género.");
    let edit = put(
        &app,
        &format!("/api/hijos/{child}"),
        &token,
        json!({"nombre": "Lucía", "apellido": "G", "fechaNacimiento": "2019-05-06", "genero": ""}),
    )
    .await;
    assert_eq!(edit.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(edit.body["errors"]["genero"], "Elige el género.");

    // A list typed one per line and sent as one text stays one per line; commas stay inside.
    let medical = app
        .post(
            &format!("/api/hijos/{child}/informacion-medica"),
            Some(&token),
            json!({"alergias": ["Penicilina\r\nIbuprofeno\n"], "medicamentos": ["Salbutamol, 2 puffs cada 8 h", "Loratadina"]}),
        )
        .await;
    assert_eq!(medical.status, StatusCode::OK, "{}", medical.body);
    let info = &medical.body["data"]["informacionMedica"];
    assert_eq!(info["alergias"], json!(["Penicilina", "Ibuprofeno"]));
    assert_eq!(
        info["medicamentos"],
        json!(["Salbutamol, 2 puffs cada 8 h", "Loratadina"])
    );
}
