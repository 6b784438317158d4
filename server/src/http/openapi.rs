use utoipa::{
    Modify, OpenApi,
    openapi::security::{Http, HttpAuthScheme, SecurityScheme},
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Nido API",
        description = "Children's records, co-parents and family life for separated parents."
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "site", description = "Health, the contact form, help-article feedback and the live status"),
        (name = "accounts", description = "Registration, sign-in, two-step verification, sessions, password reset, the profile, closing an account and exporting one's data"),
        (name = "families", description = "Families and their members: relation, permission, admins, leaving"),
        (name = "children", description = "Children's records: basic, school and medical information, activities, appointments, emergency contacts, photo"),
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

pub fn base() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    doc
}

/// The document as checked in at `docs/openapi.json`: pretty, with a final newline.
pub fn to_json(doc: &utoipa::openapi::OpenApi) -> String {
    let mut json = doc
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json.push('\n');
    json
}

/// The whole API's document, built from the handlers.
pub fn document() -> String {
    let (_, doc) = super::api().split_for_parts();
    to_json(&doc)
}
