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
