//! Invitations by mailed link and by linking code, accepted on registration or signed in; every
//! way an invitation can be bad; blocking; and cached reads following every change at once.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, Options, TestApp};

const PASSWORD: &str = "buenas-noches";

async fn delete(app: &TestApp, path: &str, token: &str) -> Answer {
    app.request(Method::DELETE, path, Some(token), None, None)
        .await
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    app.request(Method::PUT, path, Some(token), Some(body), None)
        .await
}

fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap_or_default().to_owned()
}

async fn register_as(app: &TestApp, nombre: &str, email: &str, extra: Value) -> Answer {
    let mut body =
        json!({"nombre": nombre, "apellido": "Pérez", "email": email, "password": PASSWORD});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    app.post("/api/usuarios", None, body).await
}

async fn families(app: &TestApp, token: &str) -> Vec<Value> {
    let list = app.get("/api/familias", Some(token)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    list.body["data"].as_array().cloned().unwrap_or_default()
}

/// Ana with a child in her own family.
struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    family: String,
    child: String,
}

async fn family() -> Family {
    family_on(TestApp::spawn().await).await
}

async fn family_on(app: TestApp) -> Family {
    let (ana, ana_id) = app.register("ana@example.org", PASSWORD).await;
    let family = id(&families(&app, &ana).await[0]);
    let child = app
        .post("/api/hijos", Some(&ana), json!({"nombre": "Tomás", "apellido": "García", "fechaNacimiento": "2019-05-06", "genero": "masculino"}))
        .await;
    assert_eq!(child.status, StatusCode::CREATED, "{}", child.body);
    Family {
        child: id(&child.body["data"]),
        app,
        ana,
        ana_id,
        family,
    }
}

/// The holder of `token` blocks this user.
async fn block(app: &TestApp, token: &str, usuario_id: &str) -> Answer {
    app.post(
        "/api/usuarios/bloqueados",
        Some(token),
        json!({"usuarioId": usuario_id}),
    )
    .await
}

/// Joins a family with a linking code, as the holder of `token`.
async fn accept_code(app: &TestApp, token: &str, code: &str) -> Answer {
    app.post(
        "/api/invitaciones/aceptar",
        Some(token),
        json!({"codigo": code}),
    )
    .await
}

impl Family {
    /// Ana removes this user from her family.
    async fn remove(&self, usuario_id: &str) -> Answer {
        let family = families(&self.app, &self.ana).await;
        let member = family[0]["miembros"]
            .as_array()
            .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == usuario_id))
            .map(id)
            .unwrap_or_default();
        delete(
            &self.app,
            &format!("/api/familias/{}/miembros/{member}", self.family),
            &self.ana,
        )
        .await
    }

    async fn invite(&self, email: &str, extra: Value) -> Answer {
        let mut body = json!({"email": email});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.app
            .post(
                &format!("/api/familias/{}/invitaciones", self.family),
                Some(&self.ana),
                body,
            )
            .await
    }

    async fn code(&self, permiso: &str, relacion: &str) -> String {
        let made = self
            .app
            .post(
                &format!("/api/familias/{}/codigo", self.family),
                Some(&self.ana),
                json!({"permiso": permiso, "relacion": relacion}),
            )
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        made.body["data"]["codigo"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The token of the newest invitation mail to `email`.
    async fn mailed_token(&self, email: &str) -> String {
        let needle = format!("email={}", email.replace('@', "%40"));
        self.app.wait_for_mail_with(&needle).await;
        let mail = self
            .app
            .mails_with(&needle)
            .pop()
            .unwrap_or_else(|| panic!("a mail to {email}"));
        crate::helpers::link_token(&mail, "token=")
    }
}

#[tokio::test]
async fn an_invitee_registers_from_the_mailed_link_and_shares_the_children() {
    let f = family().await;
    let sent = f
        .invite(
            "beto@example.org",
            json!({"permiso": "coparent", "relacion": "padre", "idioma": "en"}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let invitation = &sent.body["data"];
    assert_eq!(invitation["tipo"], "email");
    assert_eq!(invitation["estado"], "pendiente");
    assert_eq!(invitation["email"], "beto@example.org");
    assert_eq!(invitation["invitadoPor"]["_id"], f.ana_id.as_str());
    assert!(
        invitation.get("token").is_none(),
        "the secret only travels by mail"
    );

    // The mail is in the language the inviter chose for the invitee, with the spec's link.
    let mail = f.app.wait_for_mail_with("beto%40example.org").await;
    assert!(mail.contains("invites you to join"), "{mail}");
    assert!(mail.contains("Familia García"), "{mail}");
    assert!(
        mail.contains(&format!(
            "http://nido.test/register-invited?invitedBy={}&email=beto%40example.org&token=",
            f.ana_id
        )),
        "{mail}"
    );
    let token = f.mailed_token("beto@example.org").await;

    let preview = f
        .app
        .get(&format!("/api/invitaciones/consulta?token={token}"), None)
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert_eq!(preview.body["data"]["invitadoPor"]["nombre"], "Ana");
    assert_eq!(preview.body["data"]["familia"], "Familia García");
    assert_eq!(preview.body["data"]["email"], "beto@example.org");
    assert_eq!(preview.body["data"]["cuentaExiste"], false);

    // Ana is told Beto joined; what must not come is a verification mail.
    let mails_before = f.app.mails_with("/verify-email/").len();
    let beto = register_as(
        &f.app,
        "Beto",
        "beto@example.org",
        json!({"invitedBy": f.ana_id, "invitationToken": token}),
    )
    .await;
    assert_eq!(beto.status, StatusCode::CREATED, "{}", beto.body);
    let beto_token = beto.str("token").to_owned();
    assert_eq!(
        beto.body["emailVerificado"], true,
        "the link proved the address: {}",
        beto.body
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        f.app.mails_with("/verify-email/").len(),
        mails_before,
        "no verification mail for an address the invitation proved"
    );

    // Beto joined Ana's family, as invited, and has no empty family of his own.
    let his = families(&f.app, &beto_token).await;
    assert_eq!(his.len(), 1, "{his:?}");
    assert_eq!(id(&his[0]), f.family);
    let me = his[0]["miembros"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["yo"] == true))
        .cloned()
        .unwrap_or_default();
    assert_eq!(me["permiso"], "coparent");
    assert_eq!(me["relacion"], "padre");
    assert_eq!(me["esAdmin"], false);

    // Both see the same child, and Beto may change it.
    let children = f.app.get("/api/hijos", Some(&beto_token)).await;
    assert_eq!(children.body["data"][0]["_id"], f.child.as_str());
    let changed = put(
        &f.app,
        &format!("/api/hijos/{}", f.child),
        &beto_token,
        json!({"informacionEscolar": {"escuela": "Escuela 12"}}),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let seen = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&f.ana))
        .await;
    assert_eq!(
        seen.body["data"]["informacionEscolar"]["escuela"], "Escuela 12",
        "Ana sees Beto's change at once"
    );

    // The invitation worked once.
    let again = register_as(
        &f.app,
        "Otro",
        "otro@example.org",
        json!({"invitationToken": token}),
    )
    .await;
    assert_eq!(again.status, StatusCode::GONE, "{}", again.body);
    let list = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(list.body["data"]["pendientes"], json!([]));
}

#[tokio::test]
async fn a_linking_code_adds_a_read_only_grandparent_once() {
    let f = family().await;
    let code = f.code("viewer", "abuela").await;
    assert_eq!(code.len(), 8);
    assert!(
        code.chars()
            .all(|c| "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains(c)),
        "{code}"
    );
    let listed = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(listed.body["data"]["codigo"]["codigo"], code.as_str());

    // She registers on her own, then types the code the way people do.
    let (carla, _) = f.app.register("carla@example.org", PASSWORD).await;
    let typed = format!("{}-{}", &code[..4].to_lowercase(), &code[4..]);
    let joined = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&carla),
            json!({"codigo": typed}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    assert_eq!(id(&joined.body["data"]), f.family);
    assert_eq!(joined.body["data"]["miPermiso"], "viewer");

    let child = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&carla))
        .await;
    assert_eq!(child.status, StatusCode::OK, "{}", child.body);
    let edit = put(
        &f.app,
        &format!("/api/hijos/{}", f.child),
        &carla,
        json!({"informacionEscolar": {"escuela": "Otra"}}),
    )
    .await;
    assert_eq!(edit.status, StatusCode::FORBIDDEN, "{}", edit.body);
    let add = f
        .app
        .post(
            &format!("/api/hijos/{}/actividades", f.child),
            Some(&carla),
            json!({"nombre": "Natación"}),
        )
        .await;
    assert_eq!(add.status, StatusCode::FORBIDDEN, "{}", add.body);
    // A viewer reads the family but not its invitations, which do not exist for them.
    let list = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&carla),
        )
        .await;
    assert_eq!(list.status, StatusCode::NOT_FOUND, "{}", list.body);
    let invite = f
        .app
        .post(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&carla),
            json!({"email": "x@example.org"}),
        )
        .await;
    assert_eq!(invite.status, StatusCode::NOT_FOUND, "{}", invite.body);

    // Used once: the next person is told so, and the code can be looked up as used.
    let (dani, _) = f.app.register("dani@example.org", PASSWORD).await;
    let reused = accept_code(&f.app, &dani, &code).await;
    assert_eq!(reused.status, StatusCode::GONE, "{}", reused.body);
    assert_eq!(reused.body["code"], "invitation_used", "{}", reused.body);
    assert_eq!(families(&f.app, &dani).await.len(), 1);
}

#[tokio::test]
async fn bad_tokens_and_codes_are_refused_clearly_and_change_nothing() {
    let f = family().await;
    f.invite("beto@example.org", json!({})).await;
    let token = f.mailed_token("beto@example.org").await;

    // Unknown token: registration fails and creates no account.
    let unknown = register_as(
        &f.app,
        "Beto",
        "beto@example.org",
        json!({"invitationToken": "not-a-real-token"}),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);
    assert_eq!(unknown.body["code"], "invitation_unknown");
    assert_eq!(
        f.app.login("beto@example.org", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    let unknown_code = f
        .app
        .get("/api/invitaciones/consulta?codigo=ZZZZZZZZ", None)
        .await;
    assert_eq!(unknown_code.status, StatusCode::NOT_FOUND);
    let both = f
        .app
        .get(
            &format!("/api/invitaciones/consulta?token={token}&codigo=ABCDEFGH"),
            None,
        )
        .await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST, "{}", both.body);
    let neither = f.app.get("/api/invitaciones/consulta", None).await;
    assert_eq!(neither.status, StatusCode::BAD_REQUEST, "{}", neither.body);

    // Expired.
    f.app
        .sql("UPDATE invitaciones SET expires_at = '2020-01-01T00:00:00Z'")
        .await;
    let expired = f
        .app
        .get(&format!("/api/invitaciones/consulta?token={token}"), None)
        .await;
    assert_eq!(expired.status, StatusCode::GONE, "{}", expired.body);
    assert_eq!(expired.body["code"], "invitation_expired");
    let list = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(list.body["data"]["pendientes"][0]["estado"], "vencida");
    let late = register_as(
        &f.app,
        "Beto",
        "beto@example.org",
        json!({"invitationToken": token}),
    )
    .await;
    assert_eq!(late.status, StatusCode::GONE, "{}", late.body);

    // Resending gives a new link for 7 more days; the old one stops working.
    let invitation = id(&list.body["data"]["pendientes"][0]);
    let resent = f
        .app
        .post(
            &format!(
                "/api/familias/{}/invitaciones/{invitation}/reenviar",
                f.family
            ),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(resent.status, StatusCode::OK, "{}", resent.body);
    assert_eq!(resent.body["data"]["estado"], "pendiente");
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let new_token = f.mailed_token("beto@example.org").await;
    assert_ne!(new_token, token);
    let old = f
        .app
        .get(&format!("/api/invitaciones/consulta?token={token}"), None)
        .await;
    assert_eq!(old.status, StatusCode::NOT_FOUND, "{}", old.body);

    // Revoked.
    let revoked = delete(
        &f.app,
        &format!("/api/familias/{}/invitaciones/{invitation}", f.family),
        &f.ana,
    )
    .await;
    assert_eq!(revoked.status, StatusCode::OK, "{}", revoked.body);
    let after = f
        .app
        .get(
            &format!("/api/invitaciones/consulta?token={new_token}"),
            None,
        )
        .await;
    assert_eq!(after.status, StatusCode::GONE, "{}", after.body);
    assert_eq!(after.body["code"], "invitation_withdrawn");
    let resend_revoked = f
        .app
        .post(
            &format!(
                "/api/familias/{}/invitaciones/{invitation}/reenviar",
                f.family
            ),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(resend_revoked.status, StatusCode::CONFLICT);

    // A regenerated code replaces the old one.
    let first = f.code("coparent", "padre").await;
    let second = f.code("coparent", "padre").await;
    assert_ne!(first, second);
    let (eva, _) = f.app.register("eva@example.org", PASSWORD).await;
    let stale = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&eva),
            json!({"codigo": first}),
        )
        .await;
    assert_eq!(stale.status, StatusCode::GONE, "{}", stale.body);
    assert_eq!(families(&f.app, &eva).await.len(), 1, "nothing changed");

    // Field checks.
    let bad = f
        .invite(
            "no-es-un-email",
            json!({"permiso": "jefe", "relacion": "tio"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    for field in ["email", "permiso", "relacion"] {
        assert!(
            bad.body["errors"][field].is_string(),
            "{field}: {}",
            bad.body
        );
    }
    let english = f
        .app
        .request(
            Method::POST,
            &format!("/api/familias/{}/invitaciones", f.family),
            None,
            Some(json!({"email": "x@example.org"})),
            Some("en"),
        )
        .await;
    assert_eq!(english.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn someone_with_an_account_accepts_signed_in_and_cannot_join_twice() {
    let f = family().await;
    let (beto, _) = f.app.register("beto@example.org", PASSWORD).await;
    f.invite("beto@example.org", json!({"permiso": "viewer"}))
        .await;
    let token = f.mailed_token("beto@example.org").await;
    let preview = f
        .app
        .get(&format!("/api/invitaciones/consulta?token={token}"), None)
        .await;
    assert_eq!(preview.body["data"]["cuentaExiste"], true);

    // Received invitations need a verified address: anyone could register with Beto's.
    let unverified = f.app.get("/api/invitaciones/recibidas", Some(&beto)).await;
    assert_eq!(unverified.body["data"], json!([]));
    f.app
        .sql("UPDATE usuarios SET email_verificado_at = '2026-01-01T00:00:00Z' WHERE email = 'beto@example.org'")
        .await;
    // The session cache keeps the old user row for a few seconds; sign in again.
    let beto = f
        .app
        .login("beto@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();
    let received = f.app.get("/api/invitaciones/recibidas", Some(&beto)).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    assert_eq!(received.body["data"][0]["familia"], "Familia García");
    assert_eq!(received.body["data"][0]["invitadoPor"]["nombre"], "Ana");

    // Beto sees nothing of Ana's child before accepting.
    let before = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&beto))
        .await;
    assert_eq!(before.status, StatusCode::NOT_FOUND);

    let joined = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&beto),
            json!({"token": token}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    let after = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&beto))
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    // His own family, still empty, made way for the one he joined.
    assert_eq!(families(&f.app, &beto).await.len(), 1);

    // Inviting a member again is refused; so is a second pending invitation to one address.
    let member = f.invite("beto@example.org", json!({})).await;
    assert_eq!(member.status, StatusCode::CONFLICT, "{}", member.body);
    assert_eq!(member.body["code"], "invitee_already_member");
    let first = f.invite("carla@example.org", json!({})).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let twice = f.invite("carla@example.org", json!({})).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert_eq!(twice.body["code"], "invitation_pending");

    // A code for a family one already belongs to.
    let code = f.code("coparent", "otro").await;
    let again = accept_code(&f.app, &beto, &code).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(again.body["code"], "already_member");
    let both = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&beto),
            json!({"codigo": code, "token": token}),
        )
        .await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_received_invitation_can_be_accepted_or_declined_by_id() {
    let f = family().await;
    f.app.register("carla@example.org", PASSWORD).await;
    f.app
        .sql("UPDATE usuarios SET email_verificado_at = '2026-01-01T00:00:00Z'")
        .await;
    // Signed in again: the session cache holds the user row from before the change.
    let carla = f
        .app
        .login("carla@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();
    f.invite("carla@example.org", json!({})).await;
    let received = f.app.get("/api/invitaciones/recibidas", Some(&carla)).await;
    let invitation = id(&received.body["data"][0]);

    // Someone else cannot use Carla's invitation by its id.
    let (dani, _) = f.app.register("dani@example.org", PASSWORD).await;
    let stolen = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&dani),
            json!({"invitacionId": invitation}),
        )
        .await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND, "{}", stolen.body);

    let declined = delete(
        &f.app,
        &format!("/api/invitaciones/recibidas/{invitation}"),
        &carla,
    )
    .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    let accept = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&carla),
            json!({"invitacionId": invitation}),
        )
        .await;
    assert_eq!(accept.status, StatusCode::GONE, "{}", accept.body);
    let list = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(list.body["data"]["pendientes"], json!([]));

    // A new invitation, accepted by id.
    f.invite("carla@example.org", json!({})).await;
    let received = f.app.get("/api/invitaciones/recibidas", Some(&carla)).await;
    let invitation = id(&received.body["data"][0]);
    let accept = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&carla),
            json!({"invitacionId": invitation}),
        )
        .await;
    assert_eq!(accept.status, StatusCode::OK, "{}", accept.body);
    let received = f.app.get("/api/invitaciones/recibidas", Some(&carla)).await;
    assert_eq!(received.body["data"], json!([]));
}

#[tokio::test]
async fn invitations_of_another_family_are_out_of_reach() {
    let f = family().await;
    let sent = f.invite("beto@example.org", json!({})).await;
    let invitation = id(&sent.body["data"]);
    let (eve, _) = f.app.register("eve@example.org", PASSWORD).await;
    let eve_family = id(&families(&f.app, &eve).await[0]);
    for (method, path) in [
        (
            Method::GET,
            format!("/api/familias/{}/invitaciones", f.family),
        ),
        (
            Method::POST,
            format!("/api/familias/{}/invitaciones", f.family),
        ),
        (Method::POST, format!("/api/familias/{}/codigo", f.family)),
        (
            Method::POST,
            format!(
                "/api/familias/{}/invitaciones/{invitation}/reenviar",
                f.family
            ),
        ),
        (
            Method::DELETE,
            format!("/api/familias/{}/invitaciones/{invitation}", f.family),
        ),
        // Her own family in the path does not reach Ana's invitation either.
        (
            Method::POST,
            format!("/api/familias/{eve_family}/invitaciones/{invitation}/reenviar"),
        ),
        (
            Method::DELETE,
            format!("/api/familias/{eve_family}/invitaciones/{invitation}"),
        ),
    ] {
        let answer = f
            .app
            .request(
                method.clone(),
                &path,
                Some(&eve),
                Some(json!({"email": "z@example.org"})),
                None,
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            answer.body
        );
        assert!(
            answer.body.get("data").is_none(),
            "{method} {path}: {}",
            answer.body
        );
    }
    let list = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(list.body["data"]["pendientes"][0]["estado"], "pendiente");
}

#[tokio::test]
async fn blocking_stops_invitations_but_never_access_to_the_children() {
    let f = family().await;
    let code = f.code("coparent", "padre").await;
    let (beto, _) = f.app.register("beto@example.org", PASSWORD).await;
    let joined = accept_code(&f.app, &beto, &code).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);

    // Beto blocks Ana, whom he shares a family with.
    let blocked = block(&f.app, &beto, &f.ana_id).await;
    assert_eq!(blocked.status, StatusCode::CREATED, "{}", blocked.body);
    let twice = block(&f.app, &beto, &f.ana_id).await;
    assert_eq!(twice.status, StatusCode::CREATED, "{}", twice.body);
    let list = f.app.get("/api/usuarios/bloqueados", Some(&beto)).await;
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(list.body["data"][0]["_id"], f.ana_id.as_str());
    assert_eq!(list.body["data"][0]["nombre"], "Ana");
    let fam = families(&f.app, &beto).await;
    let shared = fam
        .iter()
        .find(|x| id(x) == f.family)
        .cloned()
        .unwrap_or_default();
    let ana_row = shared["miembros"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == f.ana_id.as_str()))
        .cloned()
        .unwrap_or_default();
    assert_eq!(ana_row["bloqueado"], true);

    // Inviting a member is refused as before; what a block does to invitations is tested in
    // `a_blocked_inviter_learns_nothing`.
    let refused = f.invite("beto@example.org", json!({})).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);

    // Neither loses access to the child.
    for token in [&f.ana, &beto] {
        let child = f
            .app
            .get(&format!("/api/hijos/{}", f.child), Some(token))
            .await;
        assert_eq!(child.status, StatusCode::OK, "{}", child.body);
    }

    // Strangers and oneself cannot be blocked.
    let (eve, eve_id) = f.app.register("eve@example.org", PASSWORD).await;
    let stranger = block(&f.app, &beto, &eve_id).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND, "{}", stranger.body);
    let myself = block(&f.app, &eve, &eve_id).await;
    assert_eq!(
        myself.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        myself.body
    );

    // Someone who invited Eve can be blocked by her, and she then cannot accept from them.
    f.invite("eve@example.org", json!({})).await;
    let token = f.mailed_token("eve@example.org").await;
    let eve_blocks = block(&f.app, &eve, &f.ana_id).await;
    assert_eq!(
        eve_blocks.status,
        StatusCode::CREATED,
        "{}",
        eve_blocks.body
    );
    let refused = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&eve),
            json!({"token": token}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(refused.body["code"], "inviter_blocked");

    // Unblocking lets invitations through again.
    let unblocked = delete(
        &f.app,
        &format!("/api/usuarios/bloqueados/{}", f.ana_id),
        &beto,
    )
    .await;
    assert_eq!(unblocked.status, StatusCode::OK, "{}", unblocked.body);
    assert_eq!(
        f.app
            .get("/api/usuarios/bloqueados", Some(&beto))
            .await
            .body["data"],
        json!([])
    );
}

#[tokio::test]
async fn a_removed_member_loses_the_children_at_once() {
    let f = family().await;
    let code = f.code("viewer", "abuelo").await;
    let (beto, beto_id) = f.app.register("beto@example.org", PASSWORD).await;
    accept_code(&f.app, &beto, &code).await;
    // Read twice, so that the pages are served from memory.
    for _ in 0..2 {
        let list = f.app.get("/api/hijos", Some(&beto)).await;
        assert!(
            list.body["data"]
                .as_array()
                .is_some_and(|l| l.iter().any(|c| id(c) == f.child))
        );
    }
    let removed = f.remove(&beto_id).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    let child = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&beto))
        .await;
    assert_eq!(child.status, StatusCode::NOT_FOUND, "{}", child.body);
    let list = f.app.get("/api/hijos", Some(&beto)).await;
    assert!(
        list.body["data"]
            .as_array()
            .is_some_and(|l| l.iter().all(|c| id(c) != f.child)),
        "{}",
        list.body
    );
}

/// Two instances on one PostgreSQL database: a change made through one is seen by the other at
/// once (NOTIFY), although both keep pages in memory.
#[tokio::test]
async fn another_instance_sees_changes_at_once() {
    let f = family().await;
    if !f.app.database_url().starts_with("postgres") {
        // One SQLite database is served by one process.
        return;
    }
    let other = TestApp::spawn_with(Options {
        database_url: Some(f.app.database_url().to_owned()),
        keys_from: Some(f.app.data_dir.path().to_owned()),
        ..Default::default()
    })
    .await;
    let code = f.code("coparent", "padre").await;
    let (beto, beto_id) = other.register("beto@example.org", PASSWORD).await;
    let joined = accept_code(&other, &beto, &code).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    let child_path = format!("/api/hijos/{}", f.child);
    for _ in 0..2 {
        let seen = other.get(&child_path, Some(&beto)).await;
        assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    }

    // Ana renames the child through the first instance.
    let renamed = put(
        &f.app,
        &child_path,
        &f.ana,
        json!({"nombre": "Tomasito", "apellido": "García", "fechaNacimiento": "2019-05-06", "genero": "masculino"}),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    let mut name = Value::Null;
    for _ in 0..40 {
        name = other.get(&child_path, Some(&beto)).await.body["data"]["nombre"].clone();
        if name == "Tomasito" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert_eq!(
        name, "Tomasito",
        "the other instance still shows the old name"
    );

    // Ana removes Beto through the first instance; the other stops showing him the child.
    let removed = f.remove(&beto_id).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    let mut status = StatusCode::OK;
    for _ in 0..40 {
        status = other.get(&child_path, Some(&beto)).await.status;
        if status == StatusCode::NOT_FOUND {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A member row of the family `familia_id` as `token`'s holder sees it, by user id.
async fn member_row(app: &TestApp, token: &str, familia_id: &str, usuario_id: &str) -> Value {
    families(app, token)
        .await
        .into_iter()
        .find(|f| id(f) == familia_id)
        .and_then(|f| {
            f["miembros"]
                .as_array()
                .and_then(|ms| ms.iter().find(|m| m["usuarioId"] == usuario_id).cloned())
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_mailed_invitation_admits_only_its_address() {
    let f = family().await;
    f.invite("beto@example.org", json!({})).await;
    let token = f.mailed_token("beto@example.org").await;

    // A stranger who changed `email=` in the link does not get an account through it.
    for (lang, text) in [
        (None, "solo sirve para esa dirección"),
        (Some("en"), "it only works for that address"),
    ] {
        let stranger = f
            .app
            .request(
                Method::POST,
                "/api/usuarios",
                None,
                Some(
                    json!({"nombre": "Mal", "apellido": "Lory", "email": "mallory@example.org",
                    "password": PASSWORD, "invitationToken": token}),
                ),
                lang,
            )
            .await;
        assert_eq!(
            stranger.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            stranger.body
        );
        assert_eq!(stranger.body["code"], "invitation_email_mismatch");
        assert!(stranger.str("msg").contains(text), "{}", stranger.body);
    }
    assert_eq!(
        f.app.login("mallory@example.org", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );

    // Nor does one who has an account already, signed in.
    let (mallory, mallory_id) = f.app.register("mallory@example.org", PASSWORD).await;
    let taken = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&mallory),
            json!({"token": token}),
        )
        .await;
    assert_eq!(
        taken.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        taken.body
    );
    assert_eq!(taken.body["code"], "invitation_email_mismatch");
    assert!(
        families(&f.app, &mallory)
            .await
            .iter()
            .all(|x| id(x) != f.family),
        "the stranger is no member"
    );
    assert_eq!(
        member_row(&f.app, &f.ana, &f.family, &mallory_id).await,
        Value::Null
    );
    let child = f
        .app
        .get(&format!("/api/hijos/{}", f.child), Some(&mallory))
        .await;
    assert_eq!(child.status, StatusCode::NOT_FOUND, "{}", child.body);

    // The invitation still works for its address, typed in another case.
    let beto = register_as(
        &f.app,
        "Beto",
        "Beto@Example.org",
        json!({"invitationToken": token}),
    )
    .await;
    assert_eq!(beto.status, StatusCode::CREATED, "{}", beto.body);
    assert_eq!(id(&families(&f.app, beto.str("token")).await[0]), f.family);
}

/// A client whose requests come from `ip` (any address of 127.0.0.0/8 is this machine).
fn client_from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip.parse::<std::net::IpAddr>().ok())
        .build()
        .expect("client")
}

async fn look_up_code(app: &TestApp, client: &reqwest::Client, code: &str) -> StatusCode {
    client
        .get(format!(
            "{}/api/invitaciones/consulta?codigo={code}",
            app.base
        ))
        .send()
        .await
        .expect("request")
        .status()
}

#[tokio::test]
async fn guessing_linking_codes_is_limited_per_address_and_in_total() {
    let f = family_on(
        TestApp::spawn_with(Options {
            rate_limits: true,
            ..Default::default()
        })
        .await,
    )
    .await;
    let code = f.code("coparent", "padre").await;
    let guesser = client_from("127.0.0.2");

    // Wrong codes count; a right one is given back, so typos and then success cost nothing.
    for _ in 0..19 {
        assert_eq!(
            look_up_code(&f.app, &guesser, "ZZZZZZZZ").await,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(look_up_code(&f.app, &guesser, &code).await, StatusCode::OK);
    assert_eq!(
        look_up_code(&f.app, &guesser, "ZZZZZZZY").await,
        StatusCode::NOT_FOUND
    );
    // Past 20 failures in the hour, even the right code is refused: no oracle for guessers.
    assert_eq!(
        look_up_code(&f.app, &guesser, "ZZZZZZZX").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        look_up_code(&f.app, &guesser, &code).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Signed-in acceptances from that address are limited by the same count.
    let (beto, _) = f.app.register("beto@example.org", PASSWORD).await;
    let refused = guesser
        .post(format!("{}/api/invitaciones/aceptar", f.app.base))
        .bearer_auth(&beto)
        .json(&json!({"codigo": code}))
        .send()
        .await
        .expect("request");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another address is not held back by it.
    assert_eq!(
        look_up_code(&f.app, &client_from("127.0.0.3"), &code).await,
        StatusCode::OK
    );

    // Many addresses together: 200 failures in the hour close codes for everyone.
    let mut failures = 20;
    'spread: for n in 10..40 {
        let client = client_from(&format!("127.0.0.{n}"));
        for _ in 0..20 {
            if failures >= 200 {
                break 'spread;
            }
            assert_eq!(
                look_up_code(&f.app, &client, "ZZZZZZZZ").await,
                StatusCode::NOT_FOUND
            );
            failures += 1;
        }
    }
    let fresh = client_from("127.0.0.99");
    assert_eq!(
        look_up_code(&f.app, &fresh, "ZZZZZZZZ").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        look_up_code(&f.app, &fresh, &code).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Mailed links are long secrets: they are not held up by guessed codes.
    f.invite("carla@example.org", json!({})).await;
    let token = f.mailed_token("carla@example.org").await;
    let link = fresh
        .get(format!(
            "{}/api/invitaciones/consulta?token={token}",
            f.app.base
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(link.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_blocked_inviter_learns_nothing() {
    let f = family().await;
    let (_, beto_id) = f.app.register("beto@example.org", PASSWORD).await;
    f.app
        .sql("UPDATE usuarios SET email_verificado_at = '2026-01-01T00:00:00Z' WHERE email = 'beto@example.org'")
        .await;
    let beto = f
        .app
        .login("beto@example.org", PASSWORD)
        .await
        .str("token")
        .to_owned();
    // Beto got an invitation from Ana, declined it and blocked her.
    f.invite("beto@example.org", json!({})).await;
    let first = f.app.get("/api/invitaciones/recibidas", Some(&beto)).await;
    let first = id(&first.body["data"][0]);
    let declined = delete(
        &f.app,
        &format!("/api/invitaciones/recibidas/{first}"),
        &beto,
    )
    .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    let blocked = block(&f.app, &beto, &f.ana_id).await;
    assert_eq!(blocked.status, StatusCode::CREATED, "{}", blocked.body);
    let mails_to_beto = f.app.mails_with("beto%40example.org").len();

    // Ana invites him again: the answer is the one of a delivered invitation.
    let withheld = f
        .invite("beto@example.org", json!({"relacion": "padre"}))
        .await;
    let delivered = f
        .invite("carla@example.org", json!({"relacion": "padre"}))
        .await;
    assert_eq!(withheld.status, StatusCode::CREATED, "{}", withheld.body);
    assert_eq!(withheld.status, delivered.status);
    let keys = |a: &Answer| {
        let mut keys: Vec<String> = a.body["data"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    };
    assert_eq!(keys(&withheld), keys(&delivered));
    assert_eq!(withheld.body["data"]["estado"], "pendiente");
    assert_eq!(withheld.body["success"], true);
    let invitation = id(&withheld.body["data"]);
    let resent = f
        .app
        .post(
            &format!(
                "/api/familias/{}/invitaciones/{invitation}/reenviar",
                f.family
            ),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(resent.status, StatusCode::OK, "{}", resent.body);
    let listed = f
        .app
        .get(
            &format!("/api/familias/{}/invitaciones", f.family),
            Some(&f.ana),
        )
        .await;
    assert!(
        listed.body["data"]["pendientes"]
            .as_array()
            .is_some_and(|l| l.iter().any(|i| id(i) == invitation)),
        "it looks sent to Ana: {}",
        listed.body
    );

    // Nothing reaches Beto: no mail (Carla's, sent after, has arrived), nothing to accept.
    f.app.wait_for_mail_with("carla%40example.org").await;
    assert_eq!(f.app.mails_with("beto%40example.org").len(), mails_to_beto);
    let received = f.app.get("/api/invitaciones/recibidas", Some(&beto)).await;
    assert_eq!(received.body["data"], json!([]), "{}", received.body);
    let by_id = f
        .app
        .post(
            "/api/invitaciones/aceptar",
            Some(&beto),
            json!({"invitacionId": invitation}),
        )
        .await;
    assert_eq!(by_id.status, StatusCode::NOT_FOUND, "{}", by_id.body);
    assert_eq!(
        member_row(&f.app, &f.ana, &f.family, &beto_id).await,
        Value::Null
    );
}

async fn close_account(app: &TestApp, token: &str) -> Answer {
    app.request(
        Method::DELETE,
        "/api/usuarios/perfil",
        Some(token),
        Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
        None,
    )
    .await
}

#[tokio::test]
async fn the_only_admin_closing_their_account_hands_the_family_over() {
    let f = family().await;
    // Carla has been there longest but only reads; Beto is the longest-standing co-parent.
    let (carla, carla_id) = f.app.register("carla@example.org", PASSWORD).await;
    let code = f.code("viewer", "abuela").await;
    accept_code(&f.app, &carla, &code).await;
    let (beto, beto_id) = f.app.register("beto@example.org", PASSWORD).await;
    let code = f.code("coparent", "padre").await;
    accept_code(&f.app, &beto, &code).await;
    let (dani, dani_id) = f.app.register("dani@example.org", PASSWORD).await;
    let code = f.code("coparent", "otro").await;
    accept_code(&f.app, &dani, &code).await;
    let open_code = f.code("coparent", "otro").await;

    let closed = close_account(&f.app, &f.ana).await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);

    let admin = |row: Value| row["esAdmin"] == true;
    assert!(admin(member_row(&f.app, &beto, &f.family, &beto_id).await));
    assert!(!admin(member_row(&f.app, &beto, &f.family, &dani_id).await));
    assert!(!admin(
        member_row(&f.app, &beto, &f.family, &carla_id).await
    ));
    let renamed = put(
        &f.app,
        &format!("/api/familias/{}", f.family),
        &beto,
        json!({"nombre": "Familia García", "zonaHoraria": "Europe/Madrid"}),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);

    // The code Ana made stops working.
    let looked = f
        .app
        .get(
            &format!("/api/invitaciones/consulta?codigo={open_code}"),
            None,
        )
        .await;
    assert_eq!(looked.status, StatusCode::GONE, "{}", looked.body);
    assert_eq!(looked.body["code"], "invitation_withdrawn");
    let (eva, _) = f.app.register("eva@example.org", PASSWORD).await;
    let refused = accept_code(&f.app, &eva, &open_code).await;
    assert_eq!(refused.status, StatusCode::GONE, "{}", refused.body);
}

#[tokio::test]
async fn joining_signed_in_leaves_no_empty_family_of_ones_own() {
    let f = family().await;
    // Beto registered on his own, then joined with a code: only Ana's family is his.
    let (beto, _) = f.app.register("beto@example.org", PASSWORD).await;
    let code = f.code("coparent", "padre").await;
    assert_eq!(
        accept_code(&f.app, &beto, &code).await.status,
        StatusCode::OK
    );
    let his = families(&f.app, &beto).await;
    assert_eq!(his.len(), 1, "{his:?}");
    assert_eq!(id(&his[0]), f.family);

    // Carla joins to read only; her own family appears with her first child, when she asks.
    let (carla, _) = f.app.register("carla@example.org", PASSWORD).await;
    let code = f.code("viewer", "abuela").await;
    assert_eq!(
        accept_code(&f.app, &carla, &code).await.status,
        StatusCode::OK
    );
    assert_eq!(families(&f.app, &carla).await.len(), 1);
    let child = f
        .app
        .post("/api/hijos", Some(&carla), json!({"nombre": "Lía", "apellido": "Pérez", "fechaNacimiento": "2021-02-03", "genero": "femenino", "nuevaFamilia": true}))
        .await;
    assert_eq!(child.status, StatusCode::CREATED, "{}", child.body);
    let hers = families(&f.app, &carla).await;
    assert_eq!(hers.len(), 2, "{hers:?}");
    let own = hers
        .iter()
        .find(|x| id(x) != f.family)
        .cloned()
        .unwrap_or_default();
    assert_eq!(own["hijos"], 1);
    assert_eq!(own["miembros"].as_array().map(Vec::len), Some(1));

    // A family of one's own with a child, or with someone invited to it, stays.
    let (dani, _) = f.app.register("dani@example.org", PASSWORD).await;
    let dani_family = id(&families(&f.app, &dani).await[0]);
    let invited = f
        .app
        .post(
            &format!("/api/familias/{dani_family}/invitaciones"),
            Some(&dani),
            json!({"email": "eva@example.org"}),
        )
        .await;
    assert_eq!(invited.status, StatusCode::CREATED, "{}", invited.body);
    let code = f.code("coparent", "otro").await;
    assert_eq!(
        accept_code(&f.app, &dani, &code).await.status,
        StatusCode::OK
    );
    assert_eq!(families(&f.app, &dani).await.len(), 2);
}
