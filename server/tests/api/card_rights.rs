//! An emergency-card link lives only as long as its maker's right to make it: when the maker
//! stops being a co-parent of the child's family (removed, left, made a viewer, account closed or
//! erased) every link they made there answers as revoked at once, the family record says why,
//! and the co-parents left are told. Links of the other co-parents keep working.

use chrono::Utc;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::TestApp;

const PASSWORD: &str = "lluvia-de-otoño-en-Rosario";

/// Ana (admin) and Cleo co-parent Tomás with Beto, who makes a card link and then loses his
/// rights; Ana made one too.
struct Family {
    app: TestApp,
    ana: String,
    beto: String,
    beto_id: String,
    cleo: String,
    family: String,
    child: String,
    betos_link: String,
    anas_link: String,
}

async fn register(app: &TestApp, nombre: &str, email: &str, language: &str) -> (String, String) {
    app.register_person(nombre, email, language, PASSWORD).await
}

async fn family() -> Family {
    let app = TestApp::spawn().await;
    let (ana, _) = register(&app, "Ana", "ana@example.org", "es").await;
    let (beto, beto_id) = register(&app, "Beto", "beto@example.org", "es").await;
    let (cleo, _) = register(&app, "Cleo", "cleo@example.org", "en").await;
    let family = app.own_family(&ana).await;
    app.join_family(&ana, &family, &beto, "coparent", "padre")
        .await;
    app.join_family(&ana, &family, &cleo, "coparent", "tutora")
        .await;
    let child = app.add_child(&ana, &family).await;
    let link = |token: String| {
        let app = &app;
        let path = format!("/api/hijos/{child}/tarjeta");
        async move {
            let vence = (Utc::now() + chrono::Duration::days(7))
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string();
            let made = app.post(&path, Some(&token), json!({"vence": vence})).await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
            let url = made.body["data"]["url"].as_str().unwrap_or_default();
            url[url.find("/tarjeta/").expect("a card url")..].to_owned()
        }
    };
    let betos_link = link(beto.clone()).await;
    let anas_link = link(ana.clone()).await;
    Family {
        ana,
        beto,
        beto_id,
        cleo,
        family,
        child,
        betos_link,
        anas_link,
        app,
    }
}

impl Family {
    async fn opens(&self, path: &str) -> StatusCode {
        self.app
            .client
            .get(format!("{}{path}", self.app.base))
            .send()
            .await
            .expect("page")
            .status()
    }

    /// Beto's membership id in the family.
    async fn betos_member_id(&self) -> String {
        let family = self
            .app
            .get(&format!("/api/familias/{}", self.family), Some(&self.ana))
            .await;
        family.body["data"]["miembros"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|m| m["usuarioId"] == self.beto_id.as_str())
            .and_then(|m| m["_id"].as_str())
            .expect("Beto is a member")
            .to_owned()
    }

    /// The `motivo` of each `tarjeta.revocada` entry of the family record, as Ana reads it.
    async fn revocations(&self) -> Vec<Value> {
        let record = self
            .app
            .get(
                &format!("/api/familias/{}/registro", self.family),
                Some(&self.ana),
            )
            .await;
        assert_eq!(record.status, StatusCode::OK, "{}", record.body);
        record.body["data"]["entradas"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["tipo"] == "tarjeta.revocada")
            .map(|e| {
                assert!(e["actor"].is_null(), "no one revoked it by hand: {e}");
                e["contenido"]["motivo"].clone()
            })
            .collect()
    }

    /// The `tarjeta.revocada` notices of the holder of `token`: (title, text).
    async fn told(&self, token: &str) -> Vec<(String, String)> {
        let list = self.app.get("/api/notificaciones", Some(token)).await;
        list.body["data"]["notificaciones"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|n| n["tipo"] == "tarjeta.revocada")
            .map(|n| {
                (
                    n["titulo"].as_str().unwrap_or_default().to_owned(),
                    n["texto"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    }

    /// After Beto lost his rights `how`: his link answers as revoked, Ana's still opens, the
    /// record says why, Ana and Cleo were told in their languages, and Beto was not.
    async fn check_revoked(&self, how: &str, beto_named: bool) {
        assert_eq!(
            self.opens(&self.betos_link).await,
            StatusCode::NOT_FOUND,
            "{how}"
        );
        assert_eq!(self.opens(&self.anas_link).await, StatusCode::OK, "{how}");
        assert_eq!(self.revocations().await, vec![json!(how)]);
        let links = self
            .app
            .get(
                &format!("/api/hijos/{}/tarjeta", self.child),
                Some(&self.cleo),
            )
            .await;
        assert_eq!(
            links.body["data"].as_array().map(Vec::len),
            Some(1),
            "{how}: only Ana's link is live: {}",
            links.body
        );
        let to_ana = self.told(&self.ana).await;
        assert_eq!(to_ana.len(), 1, "{how}: {to_ana:?}");
        assert!(to_ana[0].0.contains("Tomás"), "{to_ana:?}");
        assert_eq!(to_ana[0].1.contains("Beto Paz"), beto_named, "{to_ana:?}");
        assert!(to_ana[0].1.contains("dejaron de funcionar"), "{to_ana:?}");
        let to_cleo = self.told(&self.cleo).await;
        assert_eq!(to_cleo.len(), 1, "{how}");
        assert!(to_cleo[0].1.contains("stopped working"), "{to_cleo:?}");
    }
}

#[tokio::test]
async fn a_removed_co_parents_links_are_revoked_recorded_and_told() {
    let f = family().await;
    assert_eq!(f.opens(&f.betos_link).await, StatusCode::OK);
    f.app.remove_member(&f.ana, &f.family, &f.beto_id).await;
    f.check_revoked("miembro_eliminado", true).await;
}

#[tokio::test]
async fn a_co_parent_who_leaves_takes_their_links_with_them() {
    let f = family().await;
    let member = f.betos_member_id().await;
    let left = f
        .app
        .request(
            Method::DELETE,
            &format!("/api/familias/{}/miembros/{member}", f.family),
            Some(&f.beto),
            None,
            None,
        )
        .await;
    assert_eq!(left.status, StatusCode::OK, "{}", left.body);
    f.check_revoked("miembro_salio", true).await;
    assert!(f.told(&f.beto).await.is_empty());
}

#[tokio::test]
async fn a_co_parent_made_a_viewer_loses_their_links_and_a_viewer_change_revokes_nothing() {
    let f = family().await;
    let member = f.betos_member_id().await;
    let change = |permiso: &str| {
        let body = json!({"permiso": permiso});
        let path = format!("/api/familias/{}/miembros/{member}", f.family);
        let app = &f.app;
        let ana = f.ana.clone();
        async move {
            app.request(Method::PUT, &path, Some(&ana), Some(body), None)
                .await
        }
    };
    let made = change("viewer").await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    f.check_revoked("paso_a_lector", true).await;
    // As a viewer he sees the card but not its links, and cannot make one.
    let links = f
        .app
        .get(&format!("/api/hijos/{}/tarjeta", f.child), Some(&f.beto))
        .await;
    assert_eq!(links.status, StatusCode::NOT_FOUND);
    // Back to co-parent: the old link stays revoked; changing his relation revokes nothing more.
    assert_eq!(change("coparent").await.status, StatusCode::OK);
    assert_eq!(f.opens(&f.betos_link).await, StatusCode::NOT_FOUND);
    let relation = f
        .app
        .request(
            Method::PUT,
            &format!("/api/familias/{}/miembros/{member}", f.family),
            Some(&f.ana),
            Some(json!({"relacion": "tutor"})),
            None,
        )
        .await;
    assert_eq!(relation.status, StatusCode::OK, "{}", relation.body);
    assert_eq!(f.revocations().await.len(), 1);
}

#[tokio::test]
async fn a_closed_account_ends_its_links_at_once() {
    let f = family().await;
    let closed = f
        .app
        .request(
            Method::DELETE,
            "/api/usuarios/perfil",
            Some(&f.beto),
            Some(json!({"password": PASSWORD, "confirmacion": "eliminar"})),
            None,
        )
        .await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.body);
    f.check_revoked("cuenta_cerrada", true).await;
}

#[tokio::test]
async fn an_erased_account_leaves_no_live_link_and_no_name_in_the_notice() {
    let f = family().await;
    // An account closed before links ended with their maker's rights: its link was still live
    // when its grace period ended.
    f.app
        .sql(&format!(
            "UPDATE usuarios SET desactivado_at = '2000-01-01T00:00:00+00:00', \
             purga_at = '2000-01-01T00:00:00+00:00' WHERE id = '{}'",
            f.beto_id
        ))
        .await;
    let erased = nido::accounts::closing::purge_due(&f.app.state, Utc::now())
        .await
        .expect("erasure");
    assert_eq!(erased, 1);
    f.check_revoked("cuenta_borrada", false).await;
}
