//! What a professional reads through the domains' own routes: each area in or out of scope, for
//! a parent's own professional and a family's, before consent, active, ended and expired; whose
//! view each reads; the period and the children; any write refused; every reading recorded once
//! per area and day for those who read the access log.

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::custody::{Family, day, family, today};
use crate::helpers::{Answer, link_token};

/// One access, taken up: its id, and the professional's token and id.
pub struct Pro {
    pub access: String,
    pub token: String,
    pub id: String,
}

/// What the family holds for the professionals to read (or not).
struct Things {
    child: String,
    other_child: String,
    /// Ana and Beto's conversation, with a message.
    both: String,
    /// Ana and Vera's (not every co-parent's).
    ana_vera: String,
    /// Beto and Vera's (not Ana's).
    beto_vera: String,
    event: String,
    expense: String,
    document: String,
}

async fn things(f: &Family) -> Things {
    let child = f.app.add_child(&f.ana, &f.family).await;
    let other_child = f.app.add_child(&f.ana, &f.family).await;
    let mut conversations = Vec::new();
    for (token, with) in [
        (&f.ana, None),
        (&f.ana, Some(&f.vera_id)),
        (&f.beto, Some(&f.vera_id)),
    ] {
        let mut body = json!({"familiaId": f.family, "tema": "escuela", "asunto": "Reunión"});
        if let Some(with) = with {
            body["participantes"] = json!([with]);
        }
        let a = f.app.post("/api/conversaciones", Some(token), body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        let id = text(&a.body["data"]["_id"]);
        let said = f
            .app
            .post(
                &format!("/api/conversaciones/{id}/mensajes"),
                Some(token),
                json!({"texto": format!("Hola en {id}"), "tipo": "normal"}),
            )
            .await;
        assert_eq!(said.status, StatusCode::CREATED, "{}", said.body);
        conversations.push(id);
    }
    let start = format!("{}T10:00:00", day(today()));
    let end = format!("{}T11:00:00", day(today()));
    let event = f
        .app
        .post(
            "/api/eventos",
            Some(&f.ana),
            json!({"familiaId": f.family, "titulo": "Natación", "tipo": "actividad",
                   "categoria": "actividades", "todoElDia": false,
                   "zonaHoraria": "America/Argentina/Buenos_Aires", "hijos": [],
                   "inicio": start, "fin": end}),
        )
        .await;
    assert_eq!(event.status, StatusCode::CREATED, "{}", event.body);
    let expense = expense(f, &day(today()), json!([])).await;
    let document = document(f, &f.ana, "familia", "Boletín").await;
    Things {
        child,
        other_child,
        both: conversations[0].clone(),
        ana_vera: conversations[1].clone(),
        beto_vera: conversations[2].clone(),
        event: text(&event.body["data"]["_id"]),
        expense,
        document,
    }
}

pub fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_owned()
}

async fn expense(f: &Family, fecha: &str, hijos: Value) -> String {
    let a = f
        .app
        .post(
            "/api/gastos",
            Some(&f.ana),
            json!({"familiaId": f.family, "descripcion": "Útiles", "fecha": fecha,
                   "categoria": "educacion", "monto": 1000, "moneda": "ARS", "hijos": hijos,
                   "reparto": {"modo": "igual", "participantes": [f.ana_id, f.beto_id]}}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let data = &a.body["data"];
    text(if data["_id"].is_string() {
        &data["_id"]
    } else {
        &data["id"]
    })
}

async fn document(f: &Family, token: &str, visibilidad: &str, titulo: &str) -> String {
    let form = reqwest::multipart::Form::new()
        .part(
            "archivo",
            reqwest::multipart::Part::bytes(b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n".to_vec())
                .file_name("boletin.pdf")
                .mime_str("application/octet-stream")
                .expect("mime"),
        )
        .text("familiaId", f.family.clone())
        .text("categoria", "escolar")
        .text("titulo", titulo.to_owned())
        .text("visibilidad", visibilidad.to_owned());
    let res = f
        .app
        .client
        .post(format!("{}/api/documentos", f.app.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let a = crate::helpers::answer(res).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    text(&a.body["data"]["_id"])
}

/// Ana (or Beto) grants `email` an access; the professional registers and accepts it (a family's
/// professional then waits for Beto's consent, given only if `consent`).
pub async fn professional(
    f: &Family,
    grantor: &str,
    email: &str,
    tipo: &str,
    alcance: Value,
    consent: bool,
) -> Pro {
    professional_as(f, grantor, email, "abogado", tipo, alcance, consent).await
}

/// `professional`, of a given profession.
pub async fn professional_as(
    f: &Family,
    grantor: &str,
    email: &str,
    profesion: &str,
    tipo: &str,
    alcance: Value,
    consent: bool,
) -> Pro {
    let a = f
        .app
        .post(
            &format!("/api/familias/{}/profesionales", f.family),
            Some(grantor),
            json!({"email": email, "profesion": profesion, "tipo": tipo, "alcance": alcance,
                   "venceAt": (Utc::now() + Duration::days(60)).to_rfc3339()}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let access = text(&a.body["data"]["_id"]);
    let mail = f.app.wait_for_mail_with(&format!("To: {email}")).await;
    let secret = link_token(&mail, "/casos/aceptar?token=");
    let (token, id) = f.app.register(email, "una-clave-larga-9").await;
    let taken = f
        .app
        .post(
            "/api/accesos/aceptar",
            Some(&token),
            json!({"token": secret}),
        )
        .await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.body);
    if tipo == "de-familia" && consent {
        let other = if grantor == f.ana { &f.beto } else { &f.ana };
        let c = f
            .app
            .post(
                &format!("/api/accesos/{access}/consentir"),
                Some(other),
                json!({}),
            )
            .await;
        assert_eq!(c.status, StatusCode::OK, "{}", c.body);
    }
    Pro { access, token, id }
}

impl Things {
    /// The status of each area's reading route for `token`.
    async fn reads(&self, f: &Family, token: &str) -> Vec<(&'static str, StatusCode)> {
        let week = (
            (Utc::now() - Duration::days(7)).to_rfc3339(),
            (Utc::now() + Duration::days(7)).to_rfc3339(),
        );
        let paths = [
            ("hijos", format!("/api/hijos/{}", self.child)),
            (
                "mensajes",
                format!("/api/conversaciones/{}/mensajes", self.both),
            ),
            (
                "calendario",
                format!(
                    "/api/eventos?familiaId={}&desde={}&hasta={}",
                    f.family,
                    week.0.replace('+', "%2B"),
                    week.1.replace('+', "%2B")
                ),
            ),
            ("dinero", format!("/api/gastos?familiaId={}", f.family)),
            (
                "documentos",
                format!("/api/documentos?familiaId={}", f.family),
            ),
        ];
        let mut out = Vec::new();
        for (area, path) in paths {
            out.push((area, f.app.get(&path, Some(token)).await.status));
        }
        out
    }

    /// The status of a change in each area by `token`.
    async fn writes(&self, f: &Family, token: &str) -> Vec<(&'static str, StatusCode)> {
        let app = &f.app;
        let child = app
            .request(
                Method::PUT,
                &format!("/api/hijos/{}", self.child),
                Some(token),
                Some(json!({"nombre": "Otro"})),
                None,
            )
            .await;
        let message = app
            .post(
                &format!("/api/conversaciones/{}/mensajes", self.both),
                Some(token),
                json!({"texto": "Soy el abogado", "tipo": "normal"}),
            )
            .await;
        let event = app
            .request(
                Method::DELETE,
                &format!("/api/eventos/{}", self.event),
                Some(token),
                None,
                None,
            )
            .await;
        let expense = app
            .post(
                "/api/gastos",
                Some(token),
                json!({"familiaId": f.family, "descripcion": "x", "fecha": day(today()),
                       "categoria": "educacion", "monto": 1, "moneda": "ARS"}),
            )
            .await;
        let document = app
            .request(
                Method::DELETE,
                &format!("/api/documentos/{}", self.document),
                Some(token),
                None,
                None,
            )
            .await;
        vec![
            ("hijos", child.status),
            ("mensajes", message.status),
            ("calendario", event.status),
            ("dinero", expense.status),
            ("documentos", document.status),
        ]
    }
}

/// Reads answer 200 in `areas` and 404 elsewhere; writes 403 in `areas` and 404 elsewhere.
async fn assert_scope(f: &Family, t: &Things, token: &str, areas: &[&str], when: &str) {
    for (area, status) in t.reads(f, token).await {
        let expected = if areas.contains(&area) {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(status, expected, "{when}: reading {area}");
    }
    for (area, status) in t.writes(f, token).await {
        let expected = if areas.contains(&area) {
            StatusCode::FORBIDDEN
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(status, expected, "{when}: changing {area}");
    }
}

#[tokio::test]
async fn the_scope_matrix_holds_for_both_kinds_before_consent_active_ended_and_expired() {
    let f = family().await;
    let t = things(&f).await;
    let halves: [&[&str]; 2] = [
        &["mensajes", "calendario"],
        &["hijos", "dinero", "documentos"],
    ];
    for tipo in ["de-parte", "de-familia"] {
        for (n, areas) in halves.iter().enumerate() {
            let email = format!("pro{n}-{tipo}@estudio.example");
            let pro = professional(&f, &f.ana, &email, tipo, json!({"areas": areas}), false).await;
            if tipo == "de-familia" {
                assert_scope(&f, &t, &pro.token, &[], "before Beto's consent").await;
                let c = f
                    .app
                    .post(
                        &format!("/api/accesos/{}/consentir", pro.access),
                        Some(&f.beto),
                        json!({}),
                    )
                    .await;
                assert_eq!(c.status, StatusCode::OK, "{}", c.body);
            }
            assert_scope(&f, &t, &pro.token, areas, &format!("{tipo} active")).await;
            if n == 0 {
                let ended = f
                    .app
                    .request(
                        Method::DELETE,
                        &format!("/api/accesos/{}", pro.access),
                        Some(&f.ana),
                        None,
                        None,
                    )
                    .await;
                assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
                assert_scope(&f, &t, &pro.token, &[], &format!("{tipo} ended")).await;
            } else {
                f.app
                    .sql(&format!(
                        "UPDATE accesos_profesionales SET vence_at = '2020-01-01T00:00:00+00:00' \
                         WHERE id = '{}'",
                        pro.access
                    ))
                    .await;
                assert_scope(&f, &t, &pro.token, &[], &format!("{tipo} expired")).await;
            }
        }
    }
    // Nothing was changed by any of them.
    let listed = f
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", t.both),
            Some(&f.ana),
        )
        .await;
    assert_eq!(
        listed.body["data"]["mensajes"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(
        f.app
            .get(&format!("/api/documentos/{}", t.document), Some(&f.ana))
            .await
            .status,
        StatusCode::OK
    );
}

fn ids_in(answer: &Answer, list: &str) -> Vec<String> {
    answer.body["data"][list]
        .as_array()
        .map(|l| l.iter().map(|x| text(&x["_id"])).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_parents_professional_reads_what_the_parent_reads_and_a_familys_what_all_share() {
    let f = family().await;
    let t = things(&f).await;
    let ana_private = document(&f, &f.ana, "privado", "Notas de Ana").await;
    let beto_private = document(&f, &f.beto, "privado", "Notas de Beto").await;
    let coparents = document(&f, &f.beto, "coprogenitores", "Acuerdo").await;
    let areas = json!({"areas": ["mensajes", "documentos"]});
    let lawyer = professional(
        &f,
        &f.ana,
        "abogada@estudio.example",
        "de-parte",
        areas.clone(),
        true,
    )
    .await;
    let mediator = professional(
        &f,
        &f.ana,
        "mediador@centro.example",
        "de-familia",
        areas,
        true,
    )
    .await;
    let conversations = |token: String| {
        let app = &f.app;
        let family = f.family.clone();
        async move {
            let a = app
                .get(
                    &format!("/api/conversaciones?familiaId={family}"),
                    Some(&token),
                )
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            let mut ids = ids_in(&a, "conversaciones");
            ids.sort();
            ids
        }
    };
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(
        conversations(lawyer.token.clone()).await,
        sorted(vec![t.both.clone(), t.ana_vera.clone()])
    );
    assert_eq!(
        conversations(mediator.token.clone()).await,
        vec![t.both.clone()]
    );
    for (pro, hidden) in [(&lawyer, &t.beto_vera), (&mediator, &t.ana_vera)] {
        let a = f
            .app
            .get(
                &format!("/api/conversaciones/{hidden}/mensajes"),
                Some(&pro.token),
            )
            .await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
        let a = f
            .app
            .get(&format!("/api/conversaciones/{hidden}"), Some(&pro.token))
            .await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
    let said = f
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", t.ana_vera),
            Some(&lawyer.token),
        )
        .await;
    assert_eq!(said.status, StatusCode::OK, "{}", said.body);
    assert!(
        said.body
            .to_string()
            .contains(&format!("Hola en {}", t.ana_vera))
    );
    // A professional never marks anything seen, nor starts a conversation.
    let seen = f
        .app
        .post(
            &format!("/api/conversaciones/{}/leidos", t.both),
            Some(&mediator.token),
            json!({}),
        )
        .await;
    assert_eq!(seen.status, StatusCode::FORBIDDEN, "{}", seen.body);
    let started = f
        .app
        .post(
            "/api/conversaciones",
            Some(&lawyer.token),
            json!({"familiaId": f.family, "tema": "general", "asunto": "Hola"}),
        )
        .await;
    assert_eq!(started.status, StatusCode::FORBIDDEN, "{}", started.body);

    let documents = |token: String| {
        let app = &f.app;
        let family = f.family.clone();
        async move {
            let a = app
                .get(&format!("/api/documentos?familiaId={family}"), Some(&token))
                .await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            let mut ids = ids_in(&a, "documentos");
            ids.sort();
            ids
        }
    };
    assert_eq!(
        documents(lawyer.token.clone()).await,
        sorted(vec![
            t.document.clone(),
            ana_private.clone(),
            coparents.clone()
        ])
    );
    assert_eq!(
        documents(mediator.token.clone()).await,
        sorted(vec![t.document.clone(), coparents.clone()])
    );
    // What they see is never theirs to change, and the views say so.
    let listed = f
        .app
        .get(
            &format!("/api/documentos?familiaId={}", f.family),
            Some(&lawyer.token),
        )
        .await;
    assert!(
        listed.body["data"]["documentos"]
            .as_array()
            .is_some_and(|l| !l.is_empty() && l.iter().all(|d| d["puedeEditar"] == false)),
        "{}",
        listed.body
    );
    for (pro, hidden) in [(&lawyer, &beto_private), (&mediator, &ana_private)] {
        let a = f
            .app
            .get(&format!("/api/documentos/{hidden}"), Some(&pro.token))
            .await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{}", a.body);
    }
    let one = f
        .app
        .get(
            &format!("/api/documentos/{coparents}"),
            Some(&mediator.token),
        )
        .await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.body);
    // The deleted ones are a co-parent's business.
    let deleted = f
        .app
        .get(
            &format!("/api/documentos?familiaId={}&eliminados=true", f.family),
            Some(&lawyer.token),
        )
        .await;
    assert_eq!(ids_in(&deleted, "documentos"), Vec::<String>::new());
    // Reading a family makes no one a member of it, nor lets them see its members.
    let members = f
        .app
        .get(&format!("/api/familias/{}", f.family), Some(&f.ana))
        .await;
    assert!(!members.body.to_string().contains(&lawyer.id));
    let theirs = f
        .app
        .get(&format!("/api/familias/{}", f.family), Some(&lawyer.token))
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "{}", theirs.body);
}

#[tokio::test]
async fn a_period_and_children_narrow_what_a_professional_reads() {
    let f = family().await;
    let t = things(&f).await;
    let yesterday = day(today() - Duration::days(1));
    let last_year = day(today() - Duration::days(400));
    let past = professional(
        &f,
        &f.ana,
        "pasado@estudio.example",
        "de-parte",
        json!({"areas": ["mensajes", "calendario", "dinero"], "hasta": yesterday}),
        true,
    )
    .await;
    let listed = f
        .app
        .get(
            &format!("/api/conversaciones?familiaId={}", f.family),
            Some(&past.token),
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    assert_eq!(ids_in(&listed, "conversaciones"), Vec::<String>::new());
    let read = f
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", t.both),
            Some(&past.token),
        )
        .await;
    assert_eq!(read.status, StatusCode::NOT_FOUND, "{}", read.body);
    let (from, to) = (
        (Utc::now() - Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B"),
        (Utc::now() + Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B"),
    );
    let events = f
        .app
        .get(
            &format!(
                "/api/eventos?familiaId={}&desde={from}&hasta={to}",
                f.family
            ),
            Some(&past.token),
        )
        .await;
    assert_eq!(events.status, StatusCode::OK, "{}", events.body);
    assert!(
        !events.body.to_string().contains(&t.event),
        "{}",
        events.body
    );
    // Nothing happened in its period: its case says so.
    let cases = f.app.get("/api/profesional/casos", Some(&past.token)).await;
    assert_eq!(cases.status, StatusCode::OK, "{}", cases.body);
    assert_eq!(
        cases.body["data"][0]["ultimaActividad"],
        Value::Null,
        "{}",
        cases.body
    );
    let old = expense(&f, &last_year, json!([])).await;
    let spent = f
        .app
        .get(
            &format!("/api/gastos?familiaId={}", f.family),
            Some(&past.token),
        )
        .await;
    assert_eq!(spent.status, StatusCode::OK, "{}", spent.body);
    assert!(spent.body.to_string().contains(&old));
    assert!(!spent.body.to_string().contains(&t.expense));

    let current = professional(
        &f,
        &f.ana,
        "actual@estudio.example",
        "de-parte",
        json!({"areas": ["hijos", "mensajes", "calendario", "dinero"], "hijos": [t.child],
               "desde": day(today())}),
        true,
    )
    .await;
    let read = f
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", t.both),
            Some(&current.token),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(
        read.body["data"]["mensajes"].as_array().map(Vec::len),
        Some(1)
    );
    let events = f
        .app
        .get(
            &format!(
                "/api/eventos?familiaId={}&desde={from}&hasta={to}",
                f.family
            ),
            Some(&current.token),
        )
        .await;
    assert!(
        events.body.to_string().contains(&t.event),
        "{}",
        events.body
    );
    let theirs = expense(&f, &day(today()), json!([t.child])).await;
    let others = expense(&f, &day(today()), json!([t.other_child])).await;
    let spent = f
        .app
        .get(
            &format!("/api/gastos?familiaId={}", f.family),
            Some(&current.token),
        )
        .await;
    let shown = spent.body.to_string();
    assert!(
        shown.contains(&theirs) && shown.contains(&t.expense),
        "{shown}"
    );
    assert!(!shown.contains(&others) && !shown.contains(&old), "{shown}");
    let cases = f
        .app
        .get("/api/profesional/casos", Some(&current.token))
        .await;
    let latest = cases.body["data"][0]["ultimaActividad"]
        .as_str()
        .unwrap_or_default();
    assert!(
        chrono::DateTime::parse_from_rfc3339(latest)
            .is_ok_and(|at| Utc::now() - at.to_utc() < Duration::minutes(5)),
        "{}",
        cases.body
    );
    let children = f.app.get("/api/hijos", Some(&current.token)).await;
    assert_eq!(children.status, StatusCode::OK, "{}", children.body);
    let ids: Vec<String> = children.body["data"]
        .as_array()
        .map(|l| l.iter().map(|c| text(&c["_id"])).collect())
        .unwrap_or_default();
    assert_eq!(ids, vec![t.child.clone()]);
    let hidden = f
        .app
        .get(
            &format!("/api/hijos/{}", t.other_child),
            Some(&current.token),
        )
        .await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{}", hidden.body);
    // Ana's own list of children is untouched by her being a grantor.
    let ana = f.app.get("/api/hijos", Some(&f.ana)).await;
    assert_eq!(ana.body["data"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn a_professionals_reading_is_recorded_once_per_area_and_day_for_its_log_readers() {
    let f = family().await;
    let t = things(&f).await;
    let lawyer = professional(
        &f,
        &f.ana,
        "registro@estudio.example",
        "de-parte",
        json!({"areas": ["mensajes", "calendario"]}),
        true,
    )
    .await;
    for _ in 0..3 {
        let a = f
            .app
            .get(
                &format!("/api/conversaciones/{}/mensajes", t.both),
                Some(&lawyer.token),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        let a = f
            .app
            .get(
                &format!("/api/conversaciones?familiaId={}", f.family),
                Some(&lawyer.token),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    let week = (
        (Utc::now() - Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B"),
        (Utc::now() + Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B"),
    );
    let events = f
        .app
        .get(
            &format!(
                "/api/eventos?familiaId={}&desde={}&hasta={}",
                f.family, week.0, week.1
            ),
            Some(&lawyer.token),
        )
        .await;
    assert_eq!(events.status, StatusCode::OK, "{}", events.body);
    assert_eq!(f.entries("profesional.lectura").await, 2);

    let log = |token: String| {
        let app = &f.app;
        let path = format!("/api/familias/{}/profesionales", f.family);
        let access = lawyer.access.clone();
        async move {
            let a = app.get(&path, Some(&token)).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            a.body["data"]
                .as_array()
                .and_then(|l| l.iter().find(|x| x["_id"] == access.as_str()).cloned())
                .map(|x| x["lecturas"].clone())
                .unwrap_or(Value::Null)
        }
    };
    let ana_log = log(f.ana.clone()).await;
    let mut areas: Vec<String> = ana_log
        .as_array()
        .map(|l| l.iter().map(|r| text(&r["area"])).collect())
        .unwrap_or_default();
    areas.sort();
    assert_eq!(areas, vec!["calendario", "mensajes"]);
    assert!(
        ana_log
            .as_array()
            .is_some_and(|l| l.iter().all(|r| r["dia"] == day(today())))
    );
    assert_eq!(log(f.beto.clone()).await, Value::Null);
    assert_eq!(log(f.vera.clone()).await, Value::Null);

    // In the record, what was read is Ana's to know; the others see the entry withheld.
    let record = |token: String| {
        let app = &f.app;
        let path = format!("/api/familias/{}/registro", f.family);
        async move {
            let a = app.get(&path, Some(&token)).await;
            assert_eq!(a.status, StatusCode::OK, "{}", a.body);
            a.body["data"]["entradas"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter(|e| e["tipo"] == "profesional.lectura")
                        .cloned()
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        }
    };
    let ana = record(f.ana.clone()).await;
    assert_eq!(ana.len(), 2);
    assert!(
        ana.iter()
            .all(|e| e["contenido"]["acceso"] == lawyer.access.as_str())
    );
    let beto = record(f.beto.clone()).await;
    assert!(beto.iter().all(|e| e["contenido"].is_null()), "{beto:?}");
}

#[tokio::test]
async fn a_professionals_export_holds_nothing_of_the_family_and_their_erasure_ends_the_access() {
    let f = family().await;
    let t = things(&f).await;
    let lawyer = professional(
        &f,
        &f.ana,
        "borrar@estudio.example",
        "de-parte",
        json!({"areas": ["mensajes", "documentos"]}),
        true,
    )
    .await;
    let read = f
        .app
        .get(
            &format!("/api/conversaciones/{}/mensajes", t.both),
            Some(&lawyer.token),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    // Their own export: the access they hold, nothing of what it let them read.
    let theirs = f.app.export_file(&lawyer.token, "profesional.json").await;
    assert!(theirs.contains(&lawyer.access), "{theirs}");
    assert!(
        !theirs.contains("Hola en") && !theirs.contains("Boletín"),
        "{theirs}"
    );

    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&lawyer.token),
            Some(json!({"password": "una-clave-larga-9", "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert!(closed.status.is_success(), "{}", closed.body);
    let erased = nido::accounts::closing::purge_due(&f.app.state, Utc::now() + Duration::days(91))
        .await
        .expect("purge");
    assert_eq!(erased, 1);
    let listed = f
        .app
        .get(
            &format!("/api/familias/{}/profesionales", f.family),
            Some(&f.ana),
        )
        .await;
    let access = listed.body["data"]
        .as_array()
        .and_then(|l| {
            l.iter()
                .find(|a| a["_id"] == lawyer.access.as_str())
                .cloned()
        })
        .unwrap_or(Value::Null);
    assert_eq!(access["estado"], "terminado", "{access}");
    assert_eq!(access["profesional"], Value::Null, "{access}");
    assert!(!listed.body.to_string().contains(&lawyer.id));
    // The record still holds together without them.
    let check = f
        .app
        .get(
            &format!("/api/familias/{}/registro/verificacion", f.family),
            Some(&f.ana),
        )
        .await;
    assert_eq!(check.body["data"]["valido"], true, "{}", check.body);
}

#[tokio::test]
async fn no_professional_reads_a_private_event_in_the_calendar() {
    let f = family().await;
    let t = things(&f).await;
    let start = format!("{}T15:00:00", day(today()));
    let end = format!("{}T16:00:00", day(today()));
    let private = f
        .app
        .post(
            "/api/eventos",
            Some(&f.ana),
            json!({"familiaId": f.family, "titulo": "Terapia de Ana", "tipo": "personalizado",
                   "categoria": "medico", "todoElDia": false, "privado": true,
                   "zonaHoraria": "America/Argentina/Buenos_Aires", "hijos": [],
                   "inicio": start, "fin": end}),
        )
        .await;
    assert_eq!(private.status, StatusCode::CREATED, "{}", private.body);
    let private = text(&private.body["data"]["_id"]);
    let areas = json!({"areas": ["calendario"]});
    let lawyer = professional(
        &f,
        &f.ana,
        "abogada@estudio.example",
        "de-parte",
        areas.clone(),
        true,
    )
    .await;
    let mediator = professional(
        &f,
        &f.ana,
        "mediador@centro.example",
        "de-familia",
        areas,
        true,
    )
    .await;
    let week = format!(
        "/api/eventos?familiaId={}&desde={}&hasta={}",
        f.family,
        (Utc::now() - Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B"),
        (Utc::now() + Duration::days(7))
            .to_rfc3339()
            .replace('+', "%2B")
    );
    // Ana reads her own private event; neither professional does, not even her own lawyer.
    let theirs = f.app.get(&week, Some(&f.ana)).await;
    assert!(
        theirs.body.to_string().contains(&private),
        "{}",
        theirs.body
    );
    for pro in [&lawyer, &mediator] {
        let listed = f.app.get(&week, Some(&pro.token)).await;
        assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
        let shown = listed.body.to_string();
        assert!(shown.contains(&t.event), "{shown}");
        assert!(
            !shown.contains(&private) && !shown.contains("Terapia de Ana"),
            "{shown}"
        );
    }
}
