//! Who reads what in the family record: an entry's content follows the rule of the domain that
//! wrote it (money for co-parents, judged when read; a document for whom its visibility shows it;
//! a conversation for its participants; a private event for its author), while the chain stays
//! every member's and verifies for each. The export holds its holder's own view, and `nido verify`
//! counts what was withheld apart from what was erased. Entries written before the rule got their
//! audience from the migration. Acts anyone can repeat at will are recorded once a day.

use std::io::Read;

use chrono::Utc;
use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

// What each act says, spelled so that finding it anywhere in an answer means it leaked.
const EXPENSE: &str = "Ortodoncia-de-Tomás";
const NOTES: &str = "Pagado-con-la-tarjeta-de-Ana";
const INCOME: i64 = 31_415_926;
const PRIVATE_DOC: &str = "Diario-de-Ana";
const COPARENTS_DOC: &str = "Acuerdo-de-divorcio";
const FAMILY_DOC: &str = "Calendario-escolar";
const SUBJECT: &str = "Vacaciones-de-invierno";
const PRIVATE_EVENT: &str = "Terapia-de-Ana";
const PUBLIC_EVENT: &str = "Acto-escolar";

async fn register(app: &TestApp, nombre: &str, email: &str) -> (String, String) {
    let a = app
        .post(
            "/api/usuarios",
            None,
            json!({"nombre": nombre, "apellido": "Paz", "email": email, "password": PASSWORD, "language": "es"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.str("token").to_owned(), a.str("_id").to_owned())
}

/// Ana and Beto co-parent Tomás; Rosa, his grandmother, is a viewer.
struct Family {
    app: TestApp,
    ana: String,
    ana_id: String,
    beto: String,
    beto_id: String,
    rosa: String,
    rosa_id: String,
    family: String,
    child: String,
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, ana_id) = register(&app, "Ana", "ana@example.org").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org").await;
    let (rosa, rosa_id) = register(&app, "Rosa", "rosa@example.org").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &rosa, "viewer", "abuela")
        .await;
    let child = app.add_child(&ana, &family).await;
    Family {
        app,
        ana,
        ana_id,
        beto,
        beto_id,
        rosa,
        rosa_id,
        family,
        child,
    }
}

fn id_of(a: &Answer) -> String {
    let data = &a.body["data"];
    data["_id"]
        .as_str()
        .or_else(|| data["id"].as_str())
        .unwrap_or_default()
        .to_owned()
}

fn created(a: Answer) -> String {
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    id_of(&a)
}

/// The ids of what `acts` made.
struct Made {
    documents: [String; 3],
    private_event: String,
}

impl Family {
    async fn upload(&self, titulo: &str, visibilidad: &str) -> String {
        let mut pdf = b"%PDF-1.7\n1 0 obj\n<</Type/Catalog>>\nendobj\n".to_vec();
        pdf.extend_from_slice(b"\n%%EOF\n");
        let form = reqwest::multipart::Form::new()
            .part(
                "archivo",
                reqwest::multipart::Part::bytes(pdf)
                    .file_name("papel.pdf")
                    .mime_str("application/octet-stream")
                    .expect("mime"),
            )
            .text("familiaId", self.family.clone())
            .text("categoria", "legal")
            .text("titulo", titulo.to_owned())
            .text("visibilidad", visibilidad.to_owned());
        let res = self
            .app
            .client
            .post(format!("{}/api/documentos", self.app.base))
            .bearer_auth(&self.ana)
            .multipart(form)
            .send()
            .await
            .expect("upload");
        created(crate::helpers::answer(res).await)
    }

    /// One act of every domain, each by Ana.
    async fn acts(&self) -> Made {
        let app = &self.app;
        let settings = app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/finanzas", self.family),
                Some(&self.ana),
                Some(json!({"ingresos": {&self.ana_id: INCOME}})),
                None,
            )
            .await;
        assert_eq!(settings.status, StatusCode::OK, "{}", settings.body);
        // Each co-parent states their own income (another's would wait for their consent); the
        // list is sent whole, Ana's unchanged.
        let settings = app
            .request(
                Method::PUT,
                &format!("/api/familias/{}/finanzas", self.family),
                Some(&self.beto),
                Some(json!({"ingresos": {&self.ana_id: INCOME, &self.beto_id: 27_182_818}})),
                None,
            )
            .await;
        assert_eq!(settings.status, StatusCode::OK, "{}", settings.body);
        created(
            app.post(
                "/api/gastos",
                Some(&self.ana),
                json!({
                    "familiaId": self.family, "descripcion": EXPENSE, "fecha": "2026-03-02",
                    "categoria": "salud", "monto": 1_234_567, "notas": NOTES,
                    "reparto": {"modo": "igual", "participantes": [&self.ana_id, &self.beto_id]},
                }),
            )
            .await,
        );
        let documents = [
            self.upload(PRIVATE_DOC, "privado").await,
            self.upload(COPARENTS_DOC, "coprogenitores").await,
            self.upload(FAMILY_DOC, "familia").await,
        ];
        // Ana and Rosa talk; Beto is not in it.
        let conversation = created(
            app.post(
                "/api/conversaciones",
                Some(&self.ana),
                json!({"familiaId": self.family, "tema": "general", "asunto": SUBJECT,
                       "participantes": [&self.rosa_id]}),
            )
            .await,
        );
        let sent = app
            .post(
                &format!("/api/conversaciones/{conversation}/mensajes"),
                Some(&self.ana),
                json!({"texto": "¿Lo llevás vos el martes?"}),
            )
            .await;
        let message = created(sent);
        let seen = app
            .post(
                &format!("/api/conversaciones/{conversation}/leidos"),
                Some(&self.rosa),
                json!({"hasta": message}),
            )
            .await;
        assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
        let event = |titulo: &str, privado: bool| {
            json!({"familiaId": self.family, "titulo": titulo, "tipo": "recordatorio",
                   "categoria": "medico", "inicio": "2027-05-03T09:00:00", "todoElDia": false,
                   "zonaHoraria": "America/Argentina/Buenos_Aires", "hijos": [&self.child],
                   "privado": privado})
        };
        let private_event = created(
            app.post("/api/eventos", Some(&self.ana), event(PRIVATE_EVENT, true))
                .await,
        );
        created(
            app.post("/api/eventos", Some(&self.ana), event(PUBLIC_EVENT, false))
                .await,
        );
        Made {
            documents,
            private_event,
        }
    }

    async fn record(&self, token: &str) -> Answer {
        self.app
            .get(
                &format!("/api/familias/{}/registro", self.family),
                Some(token),
            )
            .await
    }

    async fn entries(&self, token: &str) -> Vec<Value> {
        let a = self.record(token).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        a.body["data"]["entradas"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    async fn verification(&self, token: &str) -> Answer {
        self.app
            .get(
                &format!("/api/familias/{}/registro/verificacion", self.family),
                Some(token),
            )
            .await
    }

    async fn member_id(&self, usuario_id: &str) -> String {
        let family = self
            .app
            .get(&format!("/api/familias/{}", self.family), Some(&self.ana))
            .await;
        family.body["data"]["miembros"]
            .as_array()
            .and_then(|members| members.iter().find(|m| m["usuarioId"] == usuario_id))
            .and_then(|m| m["_id"].as_str())
            .expect("a member")
            .to_owned()
    }
}

/// The entries of kind `tipo` in a listing, oldest first.
fn of_kind<'a>(entries: &'a [Value], tipo: &str) -> Vec<&'a Value> {
    entries.iter().rev().filter(|e| e["tipo"] == tipo).collect()
}

fn withheld(entry: &Value) -> bool {
    entry["contenidoReservado"] == true
        && entry["contenido"].is_null()
        && entry["contenidoBorrado"] == false
}

fn shown(entry: &Value) -> bool {
    entry["contenidoReservado"] == false && entry["contenido"].is_object()
}

/// What a reader sees of `secrets`: each either found somewhere in the answer or nowhere.
fn assert_reads(who: &str, text: &str, found: &[&str], not_found: &[&str]) {
    for secret in found {
        assert!(text.contains(secret), "{who} should read {secret}");
    }
    for secret in not_found {
        assert!(!text.contains(secret), "{who} must not read {secret}");
    }
}

/// The chain as everyone sees it: each entry without its content.
fn chain_of(entries: &[Value]) -> Vec<Value> {
    entries
        .iter()
        .map(|e| {
            json!({"seq": e["seq"], "tipo": e["tipo"], "actor": e["actor"], "hora": e["hora"],
                   "contenidoHash": e["contenidoHash"], "previo": e["previo"], "hash": e["hash"]})
        })
        .collect()
}

#[tokio::test]
async fn each_member_reads_what_the_domains_show_them_and_the_chain_verifies_for_all() {
    let f = family().await;
    let made = f.acts().await;
    let income = INCOME.to_string();

    let ana = f.record(&f.ana).await;
    assert_eq!(ana.status, StatusCode::OK, "{}", ana.body);
    let beto = f.record(&f.beto).await;
    let rosa = f.record(&f.rosa).await;
    assert_reads(
        "Ana",
        &ana.body.to_string(),
        &[
            EXPENSE,
            NOTES,
            &income,
            PRIVATE_DOC,
            COPARENTS_DOC,
            FAMILY_DOC,
            SUBJECT,
            PUBLIC_EVENT,
        ],
        // A private event's entry never names it, even to its author.
        &[PRIVATE_EVENT],
    );
    assert_reads(
        "Beto, the other co-parent",
        &beto.body.to_string(),
        &[
            EXPENSE,
            NOTES,
            &income,
            COPARENTS_DOC,
            FAMILY_DOC,
            PUBLIC_EVENT,
        ],
        &[PRIVATE_DOC, SUBJECT, PRIVATE_EVENT],
    );
    assert_reads(
        "Rosa, a viewer in the conversation",
        &rosa.body.to_string(),
        &[FAMILY_DOC, SUBJECT, PUBLIC_EVENT],
        &[
            EXPENSE,
            NOTES,
            &income,
            PRIVATE_DOC,
            COPARENTS_DOC,
            PRIVATE_EVENT,
        ],
    );

    let (ana, beto, rosa) = (
        f.entries(&f.ana).await,
        f.entries(&f.beto).await,
        f.entries(&f.rosa).await,
    );
    // The chain is the same for everyone, whatever each may read of it.
    assert_eq!(chain_of(&ana), chain_of(&beto));
    assert_eq!(chain_of(&ana), chain_of(&rosa));
    assert!(ana.iter().all(shown), "Ana reads every entry");

    let money = ["finanzas.cambiadas", "gasto.creado"];
    for tipo in money {
        assert!(of_kind(&beto, tipo).iter().all(|e| shown(e)), "{tipo}");
        assert!(of_kind(&rosa, tipo).iter().all(|e| withheld(e)), "{tipo}");
    }
    let uploads = |entries: &[Value]| -> Vec<bool> {
        of_kind(entries, "documento.subido")
            .iter()
            .map(|e| shown(e))
            .collect()
    };
    // Private, co-parents only, family: in the order they were uploaded.
    assert_eq!(uploads(&beto), [false, true, true]);
    assert_eq!(uploads(&rosa), [false, false, true]);
    for tipo in ["conversacion.creada", "mensaje.enviado", "mensaje.visto"] {
        assert!(of_kind(&beto, tipo).iter().all(|e| withheld(e)), "{tipo}");
        assert!(of_kind(&rosa, tipo).iter().all(|e| shown(e)), "{tipo}");
    }
    let events = |entries: &[Value]| -> Vec<bool> {
        of_kind(entries, "evento.creado")
            .iter()
            .map(|e| shown(e))
            .collect()
    };
    assert_eq!(events(&ana), [true, true]);
    assert_eq!(events(&beto), [false, true]);
    assert_eq!(events(&rosa), [false, true]);
    assert_eq!(
        of_kind(&ana, "evento.creado")[0]["contenido"]["eventoId"],
        made.private_event.as_str()
    );
    for entries in [&beto, &rosa] {
        assert!(of_kind(entries, "hijo.creado").iter().all(|e| shown(e)));
        assert!(of_kind(entries, "miembro.unido").iter().all(|e| shown(e)));
    }

    // Verification holds for every reader, each told how much was kept from them.
    for (token, entries) in [(&f.ana, &ana), (&f.beto, &beto), (&f.rosa, &rosa)] {
        let check = f.verification(token).await;
        assert_eq!(check.status, StatusCode::OK, "{}", check.body);
        let data = &check.body["data"];
        assert_eq!(data["valido"], true, "{data}");
        assert_eq!(data["primerError"], Value::Null);
        assert_eq!(data["entradas"], ana.len());
        assert_eq!(data["contenidoBorrado"], 0);
        let kept = entries.iter().filter(|e| withheld(e)).count();
        assert_eq!(data["contenidoReservado"], kept, "{data}");
    }
    // Beto: the private document, the conversation's three entries, the private event. Rosa:
    // both parents' settings, the expense, two documents, the private event.
    let kept = |entries: &[Value]| entries.iter().filter(|e| withheld(e)).count();
    assert_eq!((kept(&ana), kept(&beto), kept(&rosa)), (0, 5, 6));
}

#[tokio::test]
async fn a_co_parent_made_a_viewer_stops_reading_money_and_strangers_read_nothing() {
    let f = family().await;
    f.acts().await;
    let beto_member = f.member_id(&f.beto_id).await;
    let demoted = f
        .app
        .request(
            Method::PUT,
            &format!("/api/familias/{}/miembros/{beto_member}", f.family),
            Some(&f.ana),
            Some(json!({"permiso": "viewer"})),
            None,
        )
        .await;
    assert_eq!(demoted.status, StatusCode::OK, "{}", demoted.body);
    let beto = f.record(&f.beto).await;
    assert_eq!(beto.status, StatusCode::OK, "{}", beto.body);
    assert_reads(
        "Beto, now a viewer",
        &beto.body.to_string(),
        &[FAMILY_DOC, PUBLIC_EVENT],
        &[
            EXPENSE,
            NOTES,
            &INCOME.to_string(),
            COPARENTS_DOC,
            PRIVATE_DOC,
            SUBJECT,
        ],
    );
    let check = f.verification(&f.beto).await;
    assert_eq!(check.body["data"]["valido"], true, "{}", check.body);

    // Someone of another family, a removed member, and no session at all.
    let (eve, _) = register(&f.app, "Eve", "eve@example.org").await;
    f.app.own_family(&eve).await;
    f.app.remove_member(&f.ana, &f.family, &f.rosa_id).await;
    for token in [&eve, &f.rosa] {
        for answer in [f.record(token).await, f.verification(token).await] {
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.body);
            assert_reads("a stranger", &answer.body.to_string(), &[], &[FAMILY_DOC]);
        }
    }
    for path in ["registro", "registro/verificacion"] {
        let answer = f
            .app
            .get(&format!("/api/familias/{}/{path}", f.family), None)
            .await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
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

async fn export_zip(app: &TestApp, token: &str) -> Vec<u8> {
    let res = app
        .client
        .get(format!("{}/api/usuarios/exportar", app.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("export");
    assert_eq!(res.status(), StatusCode::OK);
    res.bytes().await.expect("body").to_vec()
}

fn record_in(zip: &[u8], family: &str) -> Value {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).expect("a zip");
    let mut text = String::new();
    archive
        .by_name(&format!("registro/{family}.json"))
        .expect("the record in the export")
        .read_to_string(&mut text)
        .expect("utf-8");
    serde_json::from_str(&text).expect("json")
}

#[tokio::test]
async fn the_export_holds_each_readers_view_and_nido_verify_counts_what_was_withheld() {
    let f = family().await;
    f.acts().await;
    let signed = f
        .app
        .post(
            &format!("/api/familias/{}/registro/puntos-de-control", f.family),
            Some(&f.ana),
            json!({}),
        )
        .await;
    assert_eq!(signed.status, StatusCode::CREATED, "{}", signed.body);
    let dir = tempfile::tempdir().expect("temp dir");

    let ana = export_zip(&f.app, &f.ana).await;
    let ana_record = record_in(&ana, &f.family);
    assert_reads(
        "Ana's export",
        &ana_record.to_string(),
        &[EXPENSE, PRIVATE_DOC, SUBJECT],
        &[],
    );
    let ana_path = dir.path().join("ana.zip");
    std::fs::write(&ana_path, &ana).expect("write");
    let (ok, out) = nido_verify(&ana_path);
    assert!(ok, "{out}");
    assert!(!out.contains("withheld"), "{out}");

    let rosa = export_zip(&f.app, &f.rosa).await;
    let record = record_in(&rosa, &f.family);
    assert_reads(
        "Rosa's export",
        &record.to_string(),
        &[FAMILY_DOC, SUBJECT],
        &[EXPENSE, NOTES, PRIVATE_DOC, COPARENTS_DOC],
    );
    let entries = record["entradas"].as_array().cloned().unwrap_or_default();
    let kept: Vec<&Value> = entries
        .iter()
        .filter(|e| e["contenidoReservado"] == true)
        .collect();
    assert!(kept.iter().all(|e| e["contenidoJson"].is_null()));
    assert!(kept.iter().any(|e| e["tipo"] == "gasto.creado"));
    let shown_entries = entries
        .iter()
        .filter(|e| e["contenidoReservado"] == false)
        .count();
    assert!(shown_entries > 0);
    // Every entry is there, with its hashes: only the content of some is left out.
    assert_eq!(
        entries.len(),
        ana_record["entradas"].as_array().map_or(0, Vec::len)
    );

    let zip_path = dir.path().join("rosa.zip");
    std::fs::write(&zip_path, &rosa).expect("write");
    let (ok, out) = nido_verify(&zip_path);
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!(
            "{} with content withheld from the member who exported it",
            kept.len()
        )),
        "{out}"
    );
    assert!(out.contains("signature holds"), "{out}");

    // Withheld is not a pass for changing the entry: its hash still covers it.
    let at = entries
        .iter()
        .position(|e| e["contenidoReservado"] == true)
        .expect("a withheld entry");
    let mut changed = record.clone();
    changed["entradas"][at]["actor"] = json!(f.rosa_id);
    let single = dir.path().join("registro.json");
    std::fs::write(&single, changed.to_string()).expect("write");
    let (ok, out) = nido_verify(&single);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!("BROKEN at entry {}", at + 1)),
        "{out}"
    );
    // Nor a way to hide content one was given: a shown entry's content must match its hash.
    let shown_at = entries
        .iter()
        .position(|e| e["contenidoJson"].is_string())
        .expect("a shown entry");
    let mut forged = record.clone();
    forged["entradas"][shown_at]["contenidoJson"] = json!("{\"otro\":1}");
    std::fs::write(&single, forged.to_string()).expect("write");
    assert!(!nido_verify(&single).0);
}

/// (seq, audiencia, lectores) of every content row of the family, by seq.
async fn audiences(app: &TestApp, family: &str) -> Vec<(i64, String, String)> {
    let sql = format!(
        "SELECT seq, audiencia, lectores FROM registro_contenidos \
         WHERE familia_id = '{family}' ORDER BY seq"
    );
    let backend = app.db.get_database_backend();
    app.db
        .query_all_raw(Statement::from_string(backend, sql))
        .await
        .expect("audiences")
        .iter()
        .map(|row| {
            (
                row.try_get("", "seq").expect("seq"),
                row.try_get("", "audiencia").expect("audiencia"),
                row.try_get("", "lectores").expect("lectores"),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_migration_gives_older_entries_the_audience_their_domain_gives_new_ones() {
    let f = family().await;
    let made = f.acts().await;
    let link = f
        .app
        .post(
            &format!("/api/hijos/{}/tarjeta", f.child),
            Some(&f.ana),
            json!({"vence": (Utc::now() + chrono::Duration::days(7)).to_rfc3339()}),
        )
        .await;
    assert_eq!(link.status, StatusCode::CREATED, "{}", link.body);
    let written = audiences(&f.app, &f.family).await;
    let of = |audiencia: &str| written.iter().filter(|w| w.1 == audiencia).count();
    assert!(of("familia") > 0 && of("coprogenitores") > 0 && of("usuarios") > 0);
    let private_doc_readers = format!(" {} ", f.ana_id);
    let mut pair = [f.ana_id.clone(), f.rosa_id.clone()];
    pair.sort();
    let conversation_readers = format!(" {} ", pair.join(" "));
    assert!(written.iter().any(|w| w.2 == private_doc_readers));
    assert!(written.iter().any(|w| w.2 == conversation_readers));

    // As the migration found them: no audience of their own (opened to all, the worst case).
    f.app
        .sql("UPDATE registro_contenidos SET audiencia = 'familia', lectores = ''")
        .await;
    nido::db::migrations::m0036_record_audiences::backfill(&f.app.db)
        .await
        .expect("backfill");
    assert_eq!(audiences(&f.app, &f.family).await, written);
    let rosa = f.record(&f.rosa).await;
    assert_reads(
        "Rosa after the migration",
        &rosa.body.to_string(),
        &[FAMILY_DOC, SUBJECT],
        &[EXPENSE, PRIVATE_DOC, COPARENTS_DOC],
    );

    // Entries whose rows are gone cannot be placed: they go to the co-parents, never to all.
    let [_, _, family_doc] = &made.documents;
    f.app
        .sql(&format!("DELETE FROM documentos WHERE id = '{family_doc}'"))
        .await;
    f.app
        .sql(&format!(
            "DELETE FROM eventos WHERE id = '{}'",
            made.private_event
        ))
        .await;
    nido::db::migrations::m0036_record_audiences::backfill(&f.app.db)
        .await
        .expect("backfill");
    let rosa = f.entries(&f.rosa).await;
    let upload = of_kind(&rosa, "documento.subido");
    assert!(withheld(upload[2]), "{}", upload[2]);
    // The private event's entry still says it was private: it stays its author's.
    let ana = f.entries(&f.ana).await;
    assert!(shown(of_kind(&ana, "evento.creado")[0]));
    assert!(withheld(
        of_kind(&f.entries(&f.beto).await, "evento.creado")[0]
    ));
}

/// How many entries of `tipo` the family's record holds (as Ana reads it).
async fn count_of(f: &Family, tipo: &str) -> usize {
    of_kind(&f.entries(&f.ana).await, tipo).len()
}

#[tokio::test]
async fn a_card_link_opened_again_and_again_is_recorded_once_a_day() {
    let f = family().await;
    // The family lives a day ahead of most of the world: its day is the one that counts.
    let moved = f
        .app
        .request(
            Method::PUT,
            &format!("/api/familias/{}", f.family),
            Some(&f.ana),
            Some(json!({"nombre": "Los Paz", "zonaHoraria": "Pacific/Kiritimati"})),
            None,
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let make = || async {
        let link = f
            .app
            .post(
                &format!("/api/hijos/{}/tarjeta", f.child),
                Some(&f.ana),
                json!({"vence": (Utc::now() + chrono::Duration::days(7)).to_rfc3339()}),
            )
            .await;
        assert_eq!(link.status, StatusCode::CREATED, "{}", link.body);
        let url = link.body["data"]["url"].as_str().unwrap_or_default();
        url[url.find("/tarjeta/").expect("a card url")..].to_owned()
    };
    let open = |path: String| {
        let app = &f.app;
        async move {
            let res = app
                .client
                .get(format!("{}{path}", app.base))
                .send()
                .await
                .expect("card");
            assert_eq!(res.status(), StatusCode::OK);
        }
    };
    let first = make().await;
    let kiritimati = || {
        Utc::now()
            .with_timezone(&chrono_tz::Pacific::Kiritimati)
            .format("%Y-%m-%d")
            .to_string()
    };
    let day_before = kiritimati();
    // Twelve at once, then eight more one after another.
    futures_util::future::join_all((0..12).map(|_| open(first.clone()))).await;
    for _ in 0..8 {
        open(first.clone()).await;
    }
    let day_after = kiritimati();
    assert_eq!(count_of(&f, "tarjeta.abierta").await, 1);
    let links = f
        .app
        .get(&format!("/api/hijos/{}/tarjeta", f.child), Some(&f.ana))
        .await;
    assert_eq!(
        links.body["data"][0]["aperturas"].as_array().map(Vec::len),
        Some(20),
        "every opening is still listed"
    );
    let marked = f
        .app
        .db
        .query_all_raw(Statement::from_string(
            f.app.db.get_database_backend(),
            "SELECT dia FROM registro_marcas".to_owned(),
        ))
        .await
        .expect("marks");
    let day: String = marked[0].try_get("", "dia").expect("dia");
    assert!(day == day_before || day == day_after, "{day}");

    // Another link makes its own entry.
    let second = make().await;
    open(second.clone()).await;
    open(second).await;
    assert_eq!(count_of(&f, "tarjeta.abierta").await, 2);

    // The next day, the first link's opening is recorded again.
    f.app
        .sql("UPDATE registro_marcas SET dia = '2000-01-01'")
        .await;
    open(first.clone()).await;
    open(first.clone()).await;
    assert_eq!(count_of(&f, "tarjeta.abierta").await, 3);
    let first_again = first;
    let check = f.verification(&f.ana).await;
    assert_eq!(check.body["data"]["valido"], true, "{}", check.body);
    // The card's entries are the co-parents' business, as its links are.
    let rosa = f.entries(&f.rosa).await;
    assert!(
        of_kind(&rosa, "tarjeta.abierta")
            .iter()
            .all(|e| withheld(e))
    );
    // Marks of past days (both links' of "yesterday") are forgotten by the daily work; today's
    // stays.
    let pruned = nido::families::record::daily::prune_marks(&f.app.db)
        .await
        .expect("prune");
    assert_eq!(pruned, 2);
    open(first_again).await;
    assert_eq!(count_of(&f, "tarjeta.abierta").await, 3);
}

#[tokio::test]
async fn downloads_are_recorded_once_per_person_document_and_day() {
    let f = family().await;
    let made = f.acts().await;
    let [_, coparents_doc, family_doc] = &made.documents;
    let download = |token: String, id: String| {
        let app = &f.app;
        async move {
            let res = app
                .client
                .get(format!("{}/api/documentos/{id}/archivo", app.base))
                .bearer_auth(token)
                .send()
                .await
                .expect("download");
            assert_eq!(res.status(), StatusCode::OK);
            let _ = res.bytes().await;
        }
    };
    futures_util::future::join_all((0..8).map(|_| download(f.ana.clone(), family_doc.clone())))
        .await;
    for _ in 0..4 {
        download(f.ana.clone(), family_doc.clone()).await;
    }
    assert_eq!(count_of(&f, "documento.descargado").await, 1);
    // Another person, another document: each its own entry.
    for _ in 0..3 {
        download(f.rosa.clone(), family_doc.clone()).await;
        download(f.ana.clone(), coparents_doc.clone()).await;
    }
    let entries = f.entries(&f.ana).await;
    let downloads = of_kind(&entries, "documento.descargado");
    assert_eq!(downloads.len(), 3);
    let by: Vec<(&str, &str)> = downloads
        .iter()
        .map(|e| {
            (
                e["actor"].as_str().unwrap_or_default(),
                e["contenido"]["documento"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        by,
        [
            (f.ana_id.as_str(), family_doc.as_str()),
            (f.rosa_id.as_str(), family_doc.as_str()),
            (f.ana_id.as_str(), coparents_doc.as_str()),
        ]
    );
    // Rosa reads which family document was downloaded, not the co-parents' one.
    let rosa = f.entries(&f.rosa).await;
    let seen: Vec<bool> = of_kind(&rosa, "documento.descargado")
        .iter()
        .map(|e| shown(e))
        .collect();
    assert_eq!(seen, [true, true, false]);
}
