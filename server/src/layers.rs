//! The layering rule of docs/architecture.md, checked on the source: a module may use what lies
//! below its layer and what is inside its own top-level module, nothing beside or above it. Each
//! `crate::` path in the source (in `use` lines or written inline) counts.

use std::{collections::BTreeSet, fs, path::Path};

/// The layer of a top-level module, lowest first. A folder not named here is a domain: it may use
/// everything below the domains and `families`, and no other domain.
fn layer(module: &str) -> u8 {
    match module {
        "ids" | "config" | "i18n" => 0,
        "error" => 1,
        // `closed_set!` is exported at the root of the crate by `vocabulary`.
        "fields" | "db" | "time_zone" | "vocabulary" | "closed_set" => 2,
        "platform" => 3,
        "state" => 4,
        "request" | "domain" => 5,
        "live" | "notifications" => 6,
        "families" => 7,
        "http" => 9,
        "lib" | "main" | "maintenance" | "backup" | "layers" => 10,
        _ => 8,
    }
}

/// The names a `crate::` path takes from the crate's root: one, or several in braces.
fn roots_after(text: &str) -> Vec<String> {
    let Some(rest) = text.strip_prefix('{') else {
        let name: String = text
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        return vec![name];
    };
    let (mut depth, mut current, mut names) = (1, String::new(), Vec::new());
    for c in rest.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => {
                names.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        if depth >= 1 {
            current.push(c);
        }
    }
    names.push(current);
    names
        .iter()
        .filter_map(|n| {
            n.trim()
                .split("::")
                .next()
                .map(str::trim)
                .map(str::to_owned)
        })
        .filter(|n| !n.is_empty() && n != "self")
        .collect()
}

fn without_comments(source: &str) -> String {
    source
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn crossings(dir: &Path, root: &Path, found: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            // Migrations describe tables; they import nothing of the application.
            if !path.ends_with("migrations") {
                crossings(&path, root, found);
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap_or(&path);
        let module = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or_default()
            .trim_end_matches(".rs")
            .to_owned();
        let source = without_comments(&fs::read_to_string(&path).unwrap_or_default());
        for (at, _) in source.match_indices("crate::") {
            for target in roots_after(&source[at + "crate::".len()..]) {
                let allowed = target == module
                    || layer(&target) < layer(&module)
                    // Domains beside each other may use `families`, nothing else.
                    || (layer(&module) == 8 && target == "families");
                if !allowed {
                    found.insert(format!("{} uses crate::{target}", relative.display()));
                }
            }
        }
    }
}

#[test]
fn modules_use_only_the_layers_below_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeSet::new();
    crossings(&root, &root, &mut found);
    assert!(
        found.is_empty(),
        "imports across the layers of docs/architecture.md:\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Where `source` reaches `notifications::notify` itself: by its path, or by naming it in a
/// `notifications::{..}` import.
fn calls_notify_directly(source: &str) -> bool {
    if source.contains("notifications::notify") {
        return true;
    }
    source.match_indices("notifications::{").any(|(at, _)| {
        roots_after(&source[at + "notifications::".len()..])
            .iter()
            .any(|name| name == "notify")
    })
}

fn direct_notices(dir: &Path, root: &Path, found: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let relative = path.strip_prefix(root).unwrap_or(&path).to_owned();
        if path.is_dir() {
            // The service itself, and the one path every notice takes (`families::notices`).
            if relative != Path::new("notifications") {
                direct_notices(&path, root, found);
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs")
            || relative == Path::new("families/notices.rs")
            || relative == Path::new("layers.rs")
        {
            continue;
        }
        let source = without_comments(&fs::read_to_string(&path).unwrap_or_default());
        if calls_notify_directly(&source) {
            found.insert(relative.display().to_string());
        }
    }
}

/// Blocking must reach every notice another person's action causes: a domain sends notices
/// through `families::notices::notify`, which keeps them in the app for whoever blocked the actor.
#[test]
fn notices_go_through_families() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeSet::new();
    direct_notices(&root, &root, &mut found);
    assert!(
        found.is_empty(),
        "calls to notifications::notify outside families::notices:\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert!(calls_notify_directly(
        "crate::notifications::notify(txn, &r, n)"
    ));
    assert!(calls_notify_directly(
        "use crate::notifications::{self, notify};"
    ));
    assert!(!calls_notify_directly(
        "use crate::notifications::{self, Notice};"
    ));
}

#[test]
fn the_scanner_reads_braces_and_inline_paths() {
    assert_eq!(
        roots_after("{a::b, c::{d, e}, self, f}; rest"),
        ["a", "c", "f"]
    );
    assert_eq!(roots_after("families::memberships(state)"), ["families"]);
    assert!(layer("accounts") > layer("families") && layer("http") > layer("accounts"));
    assert_eq!(layer("messages"), 8, "a new folder is a domain");
}
