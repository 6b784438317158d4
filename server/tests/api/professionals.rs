//! Professional access, granted and taken up: who may grant, consent and end it; the link that
//! only its address may accept; a family's professional active once every co-parent consents;
//! the record's acts; an access ending with its grantor's rights; bad input.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::custody::{Family, family};
use crate::helpers::{Answer, link_token};

fn until(days: i64) -> String {
    (Utc::now() + Duration::days(days)).to_rfc3339()
}

impl Family {
    fn accesses(&self) -> String {
        format!("/api/familias/{}/profesionales", self.family)
    }

    async fn grant(&self, token: &str, body: Value) -> Answer {
        self.app.post(&self.accesses(), Some(token), body).await
    }

    /// Ana grants `email` an access of kind `tipo` to the messages and the calendar for 90 days;
    /// gives back its id and the link's secret from the mail.
    async fn granted(&self, email: &str, tipo: &str) -> (String, String) {
        let a = self
            .grant(
                &self.ana,
                json!({"email": email, "profesion": "abogado", "tipo": tipo,
                       "alcance": {"areas": ["mensajes", "calendario"]}, "venceAt": until(90)}),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        let id = a.body["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let mail = self.app.wait_for_mail_with(&format!("To: {email}")).await;
        (id, link_token(&mail, "/casos/aceptar?token="))
    }

    async fn listed(&self, token: &str, id: &str) -> Value {
        let a = self.app.get(&self.accesses(), Some(token)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]
            .as_array()
            .and_then(|l| l.iter().find(|x| x["_id"] == id).cloned())
            .unwrap_or(Value::Null)
    }

    async fn end_access(&self, token: &str, id: &str) -> Answer {
        self.app
            .request(
                Method::DELETE,
                &format!("/api/accesos/{id}"),
                Some(token),
                None,
                None,
            )
            .await
    }
}

async fn consent(f: &Family, token: &str, id: &str) -> Answer {
    f.app
        .post(
            &format!("/api/accesos/{id}/consentir"),
            Some(token),
            json!({}),
        )
        .await
}

async fn accept(f: &Family, token: &str, secret: &str) -> Answer {
    f.app
        .post(
            "/api/accesos/aceptar",
            Some(token),
            json!({"token": secret}),
        )
        .await
}

#[tokio::test]
async fn a_parents_own_professional_is_active_once_accepted_and_ends_when_the_parent_says() {
    let f = family().await;
    let (id, secret) = f.granted("lucia@abogados.example", "de-parte").await;
    let mail = f.app.wait_for_mail_with("To: lucia@abogados.example").await;
    assert!(mail.contains("te da acceso"), "{mail}");
    let pending = f.listed(&f.beto, &id).await;
    assert_eq!(pending["estado"], "pendiente");
    assert_eq!(pending["tipo"], "de-parte");
    assert_eq!(
        pending["alcance"]["areas"],
        json!(["mensajes", "calendario"])
    );
    assert_eq!(pending["otorgadoPor"], f.ana_id.as_str());
    // The viewer sees that it exists too.
    assert_eq!(f.listed(&f.vera, &id).await["profesion"], "abogado");

    // Only the address invited accepts, with the link's secret.
    let (carla_pro, _) = f
        .app
        .register("otra@abogados.example", "una-clave-larga-9")
        .await;
    let wrong = accept(&f, &carla_pro, &secret).await;
    assert_eq!(
        wrong.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        wrong.body
    );
    assert_eq!(wrong.body["code"], "access_email_mismatch");
    let (lucia, lucia_id) = f
        .app
        .register("lucia@abogados.example", "una-clave-larga-9")
        .await;
    let unknown = accept(&f, &lucia, "not-the-secret").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.body["code"], "access_unknown");
    let accepted = accept(&f, &lucia, &secret).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(accepted.body["data"]["estado"], "activo");
    assert_eq!(
        accepted.body["data"]["profesional"]["_id"],
        lucia_id.as_str()
    );
    for coparent in [&f.ana_id, &f.beto_id] {
        assert_eq!(f.notices(coparent, "profesional.inicio").await.len(), 1);
    }
    assert!(f.notices(&f.vera_id, "profesional.inicio").await.is_empty());
    // An own professional is no one else's to consent to: nobody was asked.
    assert!(
        f.notices(&f.beto_id, "profesional.propuesto")
            .await
            .is_empty()
    );
    // The link works once.
    assert_eq!(
        accept(&f, &lucia, &secret).await.status,
        StatusCode::NOT_FOUND
    );

    let cases = f.app.get("/api/profesional/casos", Some(&lucia)).await;
    assert_eq!(cases.status, StatusCode::OK, "{}", cases.body);
    assert_eq!(cases.body["data"][0]["_id"], id.as_str());
    assert_eq!(cases.body["data"][0]["familia"]["_id"], f.family.as_str());
    assert_eq!(cases.body["data"][0]["estado"], "activo");
    // Another parent's own professional is not consented to.
    let consent = consent(&f, &f.beto, &id).await;
    assert_eq!(consent.status, StatusCode::CONFLICT, "{}", consent.body);
    assert_eq!(consent.body["code"], "access_not_consentable");

    // Only Ana ends her own professional's access; Beto is told it is not his, Vera that she
    // only reads, Carla that there is no such thing.
    assert_eq!(
        f.end_access(&f.beto, &id).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        f.end_access(&f.vera, &id).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        f.end_access(&f.carla, &id).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        f.end_access(&lucia, &id).await.status,
        StatusCode::NOT_FOUND
    );
    let ended = f.end_access(&f.ana, &id).await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    assert_eq!(f.listed(&f.ana, &id).await["estado"], "terminado");
    // Beto and the lawyer are told; Ana ended it herself.
    assert_eq!(f.notices(&f.beto_id, "profesional.fin").await.len(), 1);
    assert_eq!(f.notices(&lucia_id, "profesional.fin").await.len(), 1);
    assert!(f.notices(&f.ana_id, "profesional.fin").await.is_empty());
    let cases = f.app.get("/api/profesional/casos", Some(&lucia)).await;
    assert_eq!(cases.body["data"][0]["estado"], "terminado");
    // Ending it again changes nothing.
    assert_eq!(f.end_access(&f.ana, &id).await.status, StatusCode::OK);

    for kind in [
        "profesional.otorgado",
        "profesional.aceptado",
        "profesional.terminado",
    ] {
        assert_eq!(f.entries(kind).await, 1, "{kind}");
    }
}

#[tokio::test]
async fn a_familys_professional_waits_for_every_coparents_consent() {
    let f = family().await;
    let (id, secret) = f.granted("mediacion@example.org", "de-familia").await;
    // Beto is asked; Ana proposed it.
    assert_eq!(
        f.notices(&f.beto_id, "profesional.propuesto").await.len(),
        1
    );
    assert!(
        f.notices(&f.ana_id, "profesional.propuesto")
            .await
            .is_empty()
    );
    let (pro, pro_id) = f
        .app
        .register("mediacion@example.org", "una-clave-larga-9")
        .await;
    let accepted = accept(&f, &pro, &secret).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    // Ana's consent came with her grant; Beto's is still missing.
    assert_eq!(accepted.body["data"]["estado"], "pendiente");
    assert_eq!(
        accepted.body["data"]["faltanConsentimientos"],
        json!([f.beto_id])
    );
    let viewer = consent(&f, &f.vera, &id).await;
    assert_eq!(viewer.status, StatusCode::FORBIDDEN);
    let stranger = consent(&f, &f.carla, &id).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    let beto = consent(&f, &f.beto, &id).await;
    assert_eq!(beto.status, StatusCode::OK, "{}", beto.body);
    assert_eq!(beto.body["data"]["estado"], "activo");
    assert_eq!(beto.body["data"]["faltanConsentimientos"], json!([]));
    // It started with Beto's consent: Ana is told, Beto acted.
    assert_eq!(f.notices(&f.ana_id, "profesional.inicio").await.len(), 1);
    assert!(f.notices(&f.beto_id, "profesional.inicio").await.is_empty());
    // Consenting twice writes nothing more.
    let again = consent(&f, &f.beto, &id).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(f.entries("profesional.consentido").await, 1);
    // Any co-parent ends a family's professional.
    let ended = f.end_access(&f.beto, &id).await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    assert_eq!(f.listed(&f.ana, &id).await["estado"], "terminado");
    assert_eq!(f.notices(&f.ana_id, "profesional.fin").await.len(), 1);
    assert_eq!(f.notices(&pro_id, "profesional.fin").await.len(), 1);
    let late = consent(&f, &f.ana, &id).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn an_access_ends_with_its_grantors_rights_and_no_member_is_a_professional() {
    let f = family().await;
    // Beto grants his own lawyer, then is removed from the family: the lawyer's access ends with
    // his rights.
    let a = f
        .grant(
            &f.beto,
            json!({"email": "abogado@example.org", "profesion": "abogado", "tipo": "de-parte",
                   "alcance": {"areas": ["dinero"]}, "venceAt": until(30)}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let id = a.body["data"]["_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let mail = f.app.wait_for_mail_with("To: abogado@example.org").await;
    let secret = link_token(&mail, "/casos/aceptar?token=");
    let (lawyer, lawyer_id) = f
        .app
        .register("abogado@example.org", "una-clave-larga-9")
        .await;
    assert_eq!(accept(&f, &lawyer, &secret).await.status, StatusCode::OK);
    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    assert_eq!(f.listed(&f.ana, &id).await["estado"], "terminado");
    assert_eq!(f.entries("profesional.terminado").await, 1);
    // The lawyer and the co-parents left are told; the lawyer reads nothing more.
    assert_eq!(f.notices(&lawyer_id, "profesional.fin").await.len(), 1);
    assert_eq!(f.notices(&f.ana_id, "profesional.fin").await.len(), 1);
    let spent = f
        .app
        .get(
            &format!("/api/gastos?familiaId={}", f.family),
            Some(&lawyer),
        )
        .await;
    assert_eq!(spent.status, StatusCode::NOT_FOUND, "{}", spent.body);

    // A member's address is no professional's.
    let member = f
        .grant(
            &f.ana,
            json!({"email": "vera@example.org", "profesion": "psicologo", "tipo": "de-parte",
                   "alcance": {"areas": ["hijos"]}, "venceAt": until(30)}),
        )
        .await;
    assert_eq!(member.status, StatusCode::CONFLICT, "{}", member.body);
    assert_eq!(member.body["code"], "professional_is_member");
    // A viewer grants nothing; a stranger finds no family.
    let base = json!({"email": "x@example.org", "profesion": "otro", "tipo": "de-parte",
                      "alcance": {"areas": ["hijos"]}, "venceAt": until(30)});
    assert_eq!(
        f.grant(&f.vera, base.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(f.grant(&f.carla, base).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_grant_with_bad_fields_is_refused_field_by_field_in_the_callers_language() {
    let f = family().await;
    let cases = [
        (json!({"email": "no-es-un-email"}), "email"),
        (json!({"profesion": "astronauta"}), "profesion"),
        (json!({"tipo": "de-todos"}), "tipo"),
        (json!({"venceAt": until(400)}), "venceAt"),
        (json!({"venceAt": until(-1)}), "venceAt"),
        (json!({"venceAt": "mañana"}), "venceAt"),
        (json!({"alcance": {"areas": []}}), "alcance.areas"),
        (
            json!({"alcance": {"areas": ["hijos", "hijos"]}}),
            "alcance.areas",
        ),
        (json!({"alcance": {"areas": ["salud"]}}), "alcance.areas"),
        (
            json!({"alcance": {"areas": ["hijos"], "hijos": ["no-such-child"]}}),
            "alcance.hijos",
        ),
        (
            json!({"alcance": {"areas": ["hijos"], "desde": "2026-05-01", "hasta": "2026-04-01"}}),
            "alcance.hasta",
        ),
        (
            json!({"alcance": {"areas": ["hijos"], "desde": "2026-13-01"}}),
            "alcance.desde",
        ),
    ];
    for (change, field) in cases {
        let mut body = json!({"email": "pro@example.org", "profesion": "mediador",
                              "tipo": "de-familia", "alcance": {"areas": ["hijos"]},
                              "venceAt": until(30)});
        for (k, v) in change.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        let a = f.grant(&f.beto, body).await;
        assert_eq!(
            a.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {}",
            a.body
        );
        assert!(a.body["errors"][field].is_string(), "{field}: {}", a.body);
    }
    // Beto reads English, Ana Spanish.
    let english = f
        .app
        .request(
            Method::PUT,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(
                json!({"nombre": "Beto", "apellido": "Paz", "email": "beto@example.org",
                        "language": "en"}),
            ),
            None,
        )
        .await;
    assert_eq!(english.status, StatusCode::OK, "{}", english.body);
    let a = f
        .grant(
            &f.beto,
            json!({"email": "pro@example.org", "profesion": "mediador",
                                 "tipo": "de-familia", "alcance": {"areas": ["hijos"]}}),
        )
        .await;
    assert_eq!(
        a.body["errors"]["venceAt"],
        "Say until when the access lasts."
    );
    let a = f
        .grant(
            &f.ana,
            json!({"email": "pro@example.org", "profesion": "mediador",
                                "tipo": "de-familia", "alcance": {"areas": ["hijos"]}}),
        )
        .await;
    assert_eq!(
        a.body["errors"]["venceAt"],
        "Indica hasta cuándo dura el acceso."
    );
    // Nothing was granted by any of them.
    let list = f.app.get(&f.accesses(), Some(&f.ana)).await;
    assert_eq!(list.body["data"], json!([]));
    assert_eq!(f.entries("profesional.otorgado").await, 0);
}

#[tokio::test]
async fn an_access_expires_once_in_the_record_and_its_grantor_is_told_a_week_before() {
    let f = family().await;
    let (id, secret) = f.granted("perito@example.org", "de-parte").await;
    let (kept, _) = f.granted("otro-perito@example.org", "de-parte").await;
    f.app
        .sql(&format!(
            "UPDATE accesos_profesionales SET vence_at = '2020-01-01T00:00:00+00:00' WHERE id = '{id}'"
        ))
        .await;
    assert_eq!(
        nido::families::professionals::expire(&f.app.state, Utc::now())
            .await
            .expect("the pass runs"),
        1
    );
    // A second pass finds nothing more to enter.
    assert_eq!(
        nido::families::professionals::expire(&f.app.state, Utc::now())
            .await
            .expect("the pass runs"),
        0
    );
    assert_eq!(f.entries("profesional.vencido").await, 1);
    for coparent in [&f.ana_id, &f.beto_id] {
        assert_eq!(f.notices(coparent, "profesional.fin").await.len(), 1);
    }
    assert_eq!(f.listed(&f.ana, &id).await["estado"], "vencido");
    assert_eq!(f.listed(&f.ana, &kept).await["estado"], "pendiente");
    let (pro, _) = f
        .app
        .register("perito@example.org", "una-clave-larga-9")
        .await;
    assert_eq!(
        accept(&f, &pro, &secret).await.status,
        StatusCode::NOT_FOUND
    );

    // The other one ends in three days: Ana, who gave it, is told once.
    assert!(
        f.notices(&f.ana_id, "profesional.por_vencer")
            .await
            .is_empty()
    );
    let soon = (Utc::now() + Duration::days(3)).to_rfc3339();
    f.app
        .sql(&format!(
            "UPDATE accesos_profesionales SET vence_at = '{soon}' WHERE id = '{kept}'"
        ))
        .await;
    for _ in 0..2 {
        nido::families::professionals::expire(&f.app.state, Utc::now())
            .await
            .expect("the pass runs");
    }
    assert_eq!(
        f.notices(&f.ana_id, "profesional.por_vencer").await.len(),
        1
    );
    assert!(
        f.notices(&f.beto_id, "profesional.por_vencer")
            .await
            .is_empty()
    );
    assert_eq!(f.listed(&f.ana, &kept).await["estado"], "pendiente");
}

#[tokio::test]
async fn a_professional_registers_with_the_link_and_takes_the_access_up() {
    let f = family().await;
    let (id, secret) = f.granted("nueva@abogados.example", "de-parte").await;
    let register = |email: &str, extra: Value| {
        let mut body = json!({"nombre": "Inés", "apellido": "Paz", "email": email,
                              "password": "una-clave-larga-9", "accesoToken": secret});
        for (k, v) in extra.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        body
    };
    // Another address, or a profession that is not one, creates nothing.
    let other = f
        .app
        .post(
            "/api/usuarios",
            None,
            register("otra@abogados.example", json!({})),
        )
        .await;
    assert_eq!(
        other.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        other.body
    );
    assert_eq!(other.body["code"], "access_email_mismatch");
    let bad = f
        .app
        .post(
            "/api/usuarios",
            None,
            register("nueva@abogados.example", json!({"profesion": "astronauta"})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(bad.body["errors"]["profesion"].is_string(), "{}", bad.body);

    let made = f
        .app
        .post(
            "/api/usuarios",
            None,
            register(
                "nueva@abogados.example",
                json!({"matricula": "T° 120 F° 33", "organizacion": "Estudio Paz"}),
            ),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let token = made.str("token").to_owned();
    let user = made.str("_id").to_owned();
    assert_eq!(f.listed(&f.ana, &id).await["estado"], "activo");
    let cases = f.app.get("/api/profesional/casos", Some(&token)).await;
    assert_eq!(cases.body["data"][0]["_id"], id.as_str());
    // No family of their own, and the profession is the access's.
    let families = f.app.get("/api/familias", Some(&token)).await;
    assert_eq!(families.body["data"], json!([]), "{}", families.body);
    let profile = nido::families::professionals::profile::Entity::find_by_id(&user)
        .one(&f.app.db)
        .await
        .expect("the profile")
        .expect("a profile row");
    assert_eq!(profile.profesion, "abogado");
    assert_eq!(profile.matricula.as_deref(), Some("T° 120 F° 33"));
    assert_eq!(profile.organizacion.as_deref(), Some("Estudio Paz"));
    // The link worked once.
    let again = accept(&f, &token, &secret).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // Their export holds their profile and their case, nothing of the family.
    let exported: Value =
        serde_json::from_str(&f.app.export_file(&token, "profesional.json").await).expect("JSON");
    assert_eq!(exported["perfil"]["matricula"], "T° 120 F° 33");
    assert_eq!(exported["casos"][0]["_id"], id.as_str());
    assert_eq!(exported["casos"][0]["familia"]["_id"], f.family.as_str());
    let families: Value =
        serde_json::from_str(&f.app.export_file(&token, "familias.json").await).expect("JSON");
    assert_eq!(families, json!([]));
}
