//! The checked-in `docs/openapi.json` must be what the handlers describe.
//! Regenerate with `make openapi` (or UPDATE_OPENAPI=1 when running this test).

#[test]
fn the_checked_in_openapi_document_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json");
    let generated = nido::openapi_document();
    if std::env::var("UPDATE_OPENAPI").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("write docs/openapi.json");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "docs/openapi.json is stale: run `make openapi` and commit the result"
    );
}

#[tokio::test]
async fn the_server_serves_the_same_document() {
    let app = crate::helpers::TestApp::spawn().await;
    let served = app.get("/api/openapi.json", None).await;
    assert_eq!(served.status, reqwest::StatusCode::OK);
    assert_eq!(served.body["openapi"], "3.1.0");
    assert!(served.body["paths"]["/api/usuarios/login"]["post"].is_object());
    assert!(served.body["paths"]["/api/usuarios/olvide-password/{token}"]["get"].is_object());
}

/// Clients generate one function or type per operation: two operations of one name would merge
/// into one on the web (and did: the contact form and the suggestions box).
#[test]
fn every_operation_has_its_own_id() {
    let doc: serde_json::Value =
        serde_json::from_str(&nido::openapi_document()).expect("the document is JSON");
    let mut seen = std::collections::BTreeMap::new();
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            if let Some(id) = operation["operationId"].as_str() {
                let place = format!("{method} {path}");
                if let Some(first) = seen.insert(id.to_owned(), place.clone()) {
                    panic!("operationId {id} is both {first} and {place}");
                }
            }
        }
    }
    assert!(seen.len() > 100, "the document lists its operations");
}
