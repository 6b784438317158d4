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

/// Field names that name a closed set wherever they stand (not `moneda`: ISO 4217 is a standard's
/// list, which answers carry as `CurrencyCode` and inputs as three capital letters): each such field is a schema `enum`
/// (directly, through a `$ref` or as the items of an array), so clients are generated with the
/// values and the fuzzer sends ones the server accepts.
const CLOSED_SET_NAMES: &[&str] = &[
    "tipo",
    "categoria",
    "estado",
    "relacion",
    "permiso",
    "modo",
    "tema",
    "visibilidad",
    "clase",
    "tono",
    "nivel",
    "idioma",
    "language",
    "decision",
    "motivo",
    "alcance",
    "resumen",
    "genero",
    "grupoSanguineo",
    "kind",
    "patron",
    "pais",
    "moneda",
    "zonaHoraria",
];

/// Of those, the standard code lists (ISO 4217 currencies, IANA time zones): the server checks
/// them against a table compiled in. Answers give the enum; an input may instead be text of the
/// code's shape (a `pattern`), so that a form can send what a browser or a person typed and be
/// told, field by field, that it is unknown.
const CODE_LISTS: &[&str] = &["moneda", "zonaHoraria"];

fn is_code(field: &str, schema: &serde_json::Value) -> bool {
    CODE_LISTS.contains(&field) && schema["pattern"].is_string()
}

/// Fields of those names that are free text or an open set, and why.
const OPEN: &[(&str, &str)] = &[
    (
        "ReceiptFileView.tipo",
        "a media type, read from the file's content",
    ),
    (
        "DocumentFileView.tipo",
        "a media type, read from the file's content",
    ),
    (
        "ContactInput.relacion",
        "written by the parent: «abuela», «vecino»...",
    ),
    ("ContactView.relacion", "written by the parent"),
    ("SwapInput.motivo", "written by the parent"),
    ("SwapToAnswer.motivo", "written by the parent"),
    ("SwapView.motivo", "written by the parent"),
    (
        "FeedbackRequest.categoria",
        "a help category's slug: the help lives in the web app",
    ),
    (
        "GrantRequest.alcance",
        "an object: areas, children and a period",
    ),
    (
        "AccessView.alcance",
        "an object: areas, children and a period",
    ),
    (
        "CaseView.alcance",
        "an object: areas, children and a period",
    ),
];

fn is_enum(schemas: &serde_json::Value, schema: &serde_json::Value) -> bool {
    if schema.get("enum").is_some() {
        return true;
    }
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap_or_default();
        return is_enum(schemas, &schemas[name]);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(parts) = schema[key].as_array() {
            let typed = parts.iter().filter(|p| p["type"] != "null");
            return typed.into_iter().any(|p| is_enum(schemas, p));
        }
    }
    let array = schema["type"] == "array"
        || schema["type"]
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t == "array"));
    array && is_enum(schemas, &schema["items"])
}

#[test]
fn every_closed_set_field_is_an_enum() {
    let doc: serde_json::Value =
        serde_json::from_str(&nido::openapi_document()).expect("the document is JSON");
    let schemas = &doc["components"]["schemas"];
    let mut plain = Vec::new();
    for (name, schema) in schemas.as_object().expect("schemas") {
        for (field, property) in schema["properties"].as_object().into_iter().flatten() {
            let place = format!("{name}.{field}");
            let open = OPEN.iter().any(|(p, _)| *p == place);
            if CLOSED_SET_NAMES.contains(&field.as_str())
                && !open
                && !is_enum(schemas, property)
                && !is_code(field, property)
            {
                plain.push(place);
            }
        }
    }
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap_or_default();
                if CLOSED_SET_NAMES.contains(&name)
                    && !is_enum(schemas, &parameter["schema"])
                    && !is_code(name, &parameter["schema"])
                {
                    plain.push(format!("{method} {path} ?{name}"));
                }
            }
        }
    }
    assert!(
        plain.is_empty(),
        "closed sets typed as plain text: {plain:#?}"
    );
    for (place, _) in OPEN {
        let (name, field) = place.split_once('.').expect("Schema.field");
        assert!(
            schemas[name]["properties"][field].is_object(),
            "{place} is listed as open but is not in the document"
        );
    }
}

/// A schema a parameter or a field names must be in the document: a closed set that only a
/// query uses is listed by hand (`QueryDoc`), and a missing one breaks the web's generated types.
#[test]
fn every_schema_reference_resolves() {
    fn walk<'a>(value: &'a serde_json::Value, found: &mut Vec<&'a str>) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(target) = map.get("$ref").and_then(|r| r.as_str()) {
                    found.push(target);
                }
                map.values().for_each(|v| walk(v, found));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, found)),
            _ => {}
        }
    }
    let doc: serde_json::Value =
        serde_json::from_str(&nido::openapi_document()).expect("the document is JSON");
    let mut found = Vec::new();
    walk(&doc, &mut found);
    let missing: Vec<&str> = found
        .into_iter()
        .filter(|target| {
            let name = target.trim_start_matches("#/components/schemas/");
            doc["components"]["schemas"].get(name).is_none()
        })
        .collect();
    assert!(missing.is_empty(), "unresolved: {missing:?}");
}
