use axum::Router;
use utoipa::{
    Modify, OpenApi,
    openapi::{
        Content, Ref, RefOr, ResponseBuilder,
        path::Operation,
        schema::{ArrayItems, Schema, SchemaFormat},
        security::{Http, HttpAuthScheme, SecurityScheme},
    },
};

use crate::{domain::Domain, state::AppState};

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
        (name = "record", description = "The family record: its entries, their verification, signed checkpoints and the public keys that check them"),
        (name = "notifications", description = "Notifications: the devices that get web push and the key they subscribe with"),
        (name = "children", description = "Children's records: basic, school and medical information, activities, appointments, emergency contacts, photo"),
        (name = "live", description = "Live events: a one-use ticket and the stream of the signed-in user's events (text/event-stream)"),
        (name = "reports", description = "A family's statistics over a period: parenting time, money and messages, each for those who see it"),
        (name = "money", description = "Shared expenses with exact shares and approvals, payments between co-parents, finance settings and the balance with its settlement"),
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

/// The API's routes and the document that describes them.
pub fn routes_and_document(
    domains: &[&dyn Domain],
) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (routes, mut doc) = super::api(domains).split_for_parts();
    add_shared_errors(&mut doc);
    add_text_patterns(&mut doc);
    (routes, doc)
}

/// The whole API's document, built from the handlers.
pub fn document(domains: &[&dyn Domain]) -> String {
    let (_, doc) = routes_and_document(domains);
    to_json(&doc)
}

/// Some answers come from the extractors every handler shares, not from the handler: `AuthUser`
/// answers 401 to a missing or ended session, the JSON body extractor answers 400, 413, 415
/// or 422 to a body it cannot read, and the query extractor answers 400 to a query string it cannot
/// read (a parameter given twice, say). They are listed here once, so that no operation's
/// `#[utoipa::path]` can leave them out; an annotation that describes one of them wins.
fn add_shared_errors(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
            if signed_in {
                add_error(operation, 401, "not signed in, or the session has ended");
            }
            if takes_query(operation) {
                add_error(operation, 400, "the query string cannot be read");
            }
            if takes_json(operation) {
                add_error(operation, 400, "the body is not valid JSON");
                add_error(operation, 413, "the body is too large");
                add_error(operation, 415, "the body is not sent as application/json");
                add_error(operation, 422, "the body does not have the expected shape");
            }
        }
    }
}

/// Text fields say which rule of `fields::plain` they pass (`format = "one-line"` or
/// `"multi-line"`); the document states the rule as a pattern, which clients and generators can
/// use, instead of a format only the server knows.
fn add_text_patterns(doc: &mut utoipa::openapi::OpenApi) {
    if let Some(components) = doc.components.as_mut() {
        components.schemas.values_mut().for_each(text_patterns_in);
    }
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            let Some(RefOr::T(body)) = operation.request_body.as_mut() else {
                continue;
            };
            for content in body.content.values_mut() {
                if let RefOr::T(Content {
                    schema: Some(schema),
                    ..
                }) = content
                {
                    text_patterns_in(schema);
                }
            }
        }
    }
}

fn text_patterns_in(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else {
        return;
    };
    match schema {
        Schema::Object(object) => {
            if let Some(SchemaFormat::Custom(format)) = &object.format {
                // The server trims text first: a required one (`\S`, or at least one character)
                // takes one that is not a space.
                let nonblank = object.pattern.as_deref() == Some(r"\S")
                    || object.min_length.is_some_and(|min| min > 0);
                if let Some(pattern) = crate::fields::text_pattern(format, nonblank) {
                    object.pattern = Some(pattern);
                    object.format = None;
                }
            }
            object.properties.values_mut().for_each(text_patterns_in);
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                text_patterns_in(items);
            }
        }
        Schema::AllOf(all) => all.items.iter_mut().for_each(text_patterns_in),
        Schema::OneOf(one) => one.items.iter_mut().for_each(text_patterns_in),
        Schema::AnyOf(any) => any.items.iter_mut().for_each(text_patterns_in),
        _ => {}
    }
}

/// The operations of a path the API uses.
fn operations(item: &mut utoipa::openapi::path::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .flatten()
}

fn takes_query(operation: &Operation) -> bool {
    let query = |p: &RefOr<utoipa::openapi::path::Parameter>| match p {
        RefOr::T(p) => matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Query),
        RefOr::Ref(_) => false,
    };
    operation.parameters.iter().flatten().any(query)
}

fn takes_json(operation: &Operation) -> bool {
    match &operation.request_body {
        Some(RefOr::T(body)) => body.content.contains_key("application/json"),
        _ => false,
    }
}

fn add_error(operation: &mut Operation, status: u16, description: &str) {
    operation
        .responses
        .responses
        .entry(status.to_string())
        .or_insert_with(|| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    Content::new(Some(Ref::from_schema_name("ErrorBody"))),
                )
                .build()
                .into()
        });
}
