//! The layering rule of docs/architecture.md, checked on the source: a module may use what lies
//! below its layer and what is inside its own top-level module, nothing beside or above it. Each
//! `crate::` path in the source (in `use` lines or written inline) counts. Beside it: no domain
//! queries another domain's table by name, and no two modules import each other.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::Path,
};

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
        // Reads across the domains, each through the domain's own functions.
        "reports" => 9,
        "http" => 10,
        "lib" | "main" | "maintenance" | "backup" | "layers" => 11,
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

/// The module (first folder or file under `src`) a path lies in.
fn module_of(relative: &Path) -> String {
    relative
        .components()
        .next()
        .and_then(|c| c.as_os_str().to_str())
        .unwrap_or_default()
        .trim_end_matches(".rs")
        .to_owned()
}

/// Every source file under `dir` but the migrations, which describe every table.
fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("migrations") {
                sources(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Each domain's table, by the domain whose entities declare it (`table_name = "..."`).
fn table_owners(root: &Path, files: &[std::path::PathBuf]) -> BTreeMap<String, String> {
    let mut owners = BTreeMap::new();
    for path in files {
        let source = fs::read_to_string(path).unwrap_or_default();
        for (at, _) in source.match_indices("table_name = \"") {
            let name: String = source[at + "table_name = \"".len()..]
                .chars()
                .take_while(|c| *c != '"')
                .collect();
            let module = module_of(path.strip_prefix(root).unwrap_or(path));
            // The domains' tables; those below them (users, jobs, notices) are shared plumbing.
            if (7..=8).contains(&layer(&module)) {
                owners.insert(name, module);
            }
        }
    }
    owners
}

/// The words a source names as tables in a query: `Alias::new("t")`, and a word after FROM,
/// JOIN, INTO or UPDATE (any case, quoted or not) in SQL written as text.
fn tables_in_queries(source: &str) -> Vec<String> {
    let word = |text: &str| -> String {
        text.trim_start_matches(['"', '\\'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut named: Vec<String> = source
        .match_indices("Alias::new(\"")
        .map(|(at, _)| word(&source[at + "Alias::new(\"".len()..]))
        .collect();
    let lower = source.to_ascii_lowercase();
    let words: Vec<(usize, &str)> = lower
        .split_ascii_whitespace()
        .map(|w| (w.as_ptr() as usize - lower.as_ptr() as usize, w))
        .collect();
    for pair in words.windows(2) {
        let keyword = pair[0].1.trim_start_matches(['"', '(']);
        if ["from", "join", "into", "update"].contains(&keyword) {
            let at = pair[1].0;
            named.push(word(&source[at..at + pair[1].1.len()]));
        }
    }
    named.retain(|n| !n.is_empty());
    named
}

/// The tables of other modules that `source`, of `module`, names in a query.
fn reach_ins(module: &str, source: &str, owners: &BTreeMap<String, String>) -> Vec<String> {
    tables_in_queries(&without_comments(source))
        .into_iter()
        .filter(|t| owners.get(t).is_some_and(|owner| owner != module))
        .collect()
}

/// A domain asks another for its facts through `domain::Domain`, never by querying the other's
/// table by name, which neither the compiler nor the layers above can see.
#[test]
fn no_module_queries_another_modules_table_by_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let owners = table_owners(&root, &files);
    assert!(
        owners.get("hijos").is_some_and(|m| m == "children"),
        "{owners:?}"
    );
    let mut found = BTreeSet::new();
    for path in &files {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        if relative == Path::new("layers.rs") {
            continue;
        }
        let source = fs::read_to_string(path).unwrap_or_default();
        for table in reach_ins(&module_of(relative), &source, &owners) {
            found.insert(format!(
                "{} queries {table}, a table of {}",
                relative.display(),
                owners[&table]
            ));
        }
    }
    assert!(
        found.is_empty(),
        "tables queried by name outside their module (ask through domain::Domain):\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn a_table_named_in_another_modules_query_is_caught() {
    let owners = BTreeMap::from([("hijos".to_owned(), "children".to_owned())]);
    let planted = r#"
        let query = Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("hijos"))
            .to_owned();
    "#;
    assert_eq!(reach_ins("money", planted, &owners), ["hijos"]);
    assert_eq!(
        reach_ins(
            "money",
            r#"let sql = "SELECT id FROM hijos WHERE x";"#,
            &owners
        ),
        ["hijos"]
    );
    assert_eq!(
        reach_ins("money", r#""EXISTS (SELECT 1 FROM \"hijos\" h)""#, &owners),
        ["hijos"]
    );
    // Its own module may; a JSON key, a counter's name or a comment is no query.
    assert!(reach_ins("children", planted, &owners).is_empty());
    assert!(reach_ins("money", r#"json!({"hijos": ids}); count("hijos")"#, &owners).is_empty());
    assert!(reach_ins("money", "// read from hijos\nlet x = 1;", &owners).is_empty());
}

/// The module path of a source file under `src`: `money/expenses/input.rs` is
/// `money::expenses::input`, a folder's `mod.rs` the folder, `lib.rs` and `main.rs` the root.
fn module_path(relative: &Path) -> Vec<String> {
    let mut path: Vec<String> = relative
        .iter()
        .filter_map(|part| part.to_str())
        .map(|part| part.trim_end_matches(".rs").to_owned())
        .collect();
    if path
        .last()
        .is_some_and(|last| last == "mod" || (path.len() == 1 && (last == "lib" || last == "main")))
    {
        path.pop();
    }
    path
}

/// Every path a `use` or an inline path names after `text`'s start, braces expanded: for
/// `a::{b, c::{d}}` that is `a::b` and `a::c::d`.
fn paths_after(text: &str) -> Vec<Vec<String>> {
    fn parse(chars: &[char], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            if chars.get(*at) == Some(&'{') {
                *at += 1;
                loop {
                    while chars
                        .get(*at)
                        .is_some_and(|c| c.is_whitespace() || *c == ',')
                    {
                        *at += 1;
                    }
                    if chars.get(*at).is_none_or(|c| *c == '}') {
                        *at += 1;
                        return;
                    }
                    let before = *at;
                    parse(chars, at, &path, out);
                    if *at == before {
                        *at += 1;
                    }
                }
            }
            let start = *at;
            while chars
                .get(*at)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                *at += 1;
            }
            if *at > start {
                path.push(chars[start..*at].iter().collect());
            }
            if *at > start && chars[*at..].starts_with(&[':', ':']) {
                *at += 2;
                continue;
            }
            out.push(path);
            // ` as name` and anything else after the path ends it.
            while chars
                .get(*at)
                .is_some_and(|c| !matches!(c, ',' | '}' | ';'))
            {
                *at += 1;
            }
            return;
        }
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    parse(&chars, &mut 0, &[], &mut out);
    out
}

/// The modules (source files) each module imports from. What a module takes from itself or from
/// a module above it (a folder's `mod.rs`, which declares its children) is no edge: children take
/// their parent's shared items by design.
fn module_edges(root: &Path, files: &[std::path::PathBuf]) -> BTreeSet<(String, String)> {
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_path(f.strip_prefix(root).unwrap_or(f)))
        .collect();
    let mut edges = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        let from = module_path(relative);
        let source = without_comments(&fs::read_to_string(file).unwrap_or_default());
        for prefix in ["crate::", "super::", "self::"] {
            for (at, _) in source.match_indices(prefix) {
                if at > 0
                    && source[..at]
                        .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                {
                    continue;
                }
                let base: Vec<String> = match prefix {
                    "crate::" => Vec::new(),
                    "super::" => from[..from.len().saturating_sub(1)].to_vec(),
                    _ => from.clone(),
                };
                for path in paths_after(&source[at + prefix.len()..]) {
                    let mut target = base.clone();
                    target.extend(path);
                    while !target.is_empty() && !modules.contains(&target) {
                        target.pop();
                    }
                    // Its own items, and what a parent module holds for its children.
                    if from.starts_with(&target) {
                        continue;
                    }
                    edges.insert((from.join("::"), target.join("::")));
                }
            }
        }
    }
    edges
}

/// The cycles among `edges`, each as the modules on it.
fn cycles(edges: &BTreeSet<(String, String)>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (start, _) in edges {
        // A path back to `start` through modules after it in order: each cycle once.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for (_, next) in edges
                .range((at.clone(), String::new())..)
                .take_while(|(a, _)| *a == at)
            {
                if next == start {
                    found.push(path.clone());
                } else if next > start && seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn no_modules_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let found = cycles(&module_edges(&root, &files));
    assert!(
        found.is_empty(),
        "modules that import each other, through the others listed:\n{}",
        found
            .iter()
            .map(|c| c.join(" -> "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_cycle_finder_reads_nested_imports() {
    assert_eq!(
        paths_after("{access::{coparents, family_of_coparent}, store::insert as put};"),
        [
            vec!["access", "coparents"],
            vec!["access", "family_of_coparent"],
            vec!["store", "insert"],
        ]
    );
    assert_eq!(
        module_path(Path::new("money/expenses/mod.rs")),
        ["money", "expenses"]
    );
    let edges: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .into_iter()
        .map(|(x, y)| (x.to_owned(), y.to_owned()))
        .collect();
    assert_eq!(cycles(&edges), [["a", "b", "c"]]);
    let no_cycle: BTreeSet<(String, String)> = [("a", "b"), ("b", "c")]
        .into_iter()
        .map(|(x, y)| (x.to_owned(), y.to_owned()))
        .collect();
    assert!(cycles(&no_cycle).is_empty());
}

/// Handler parameters that take the path's family as a bare `FamilyMember`: outside `families`,
/// a domain says which scope it reads or changes (`Reads<S>`, `Changes<S>`), so that a new role
/// is answered by each domain's scope rule and never by a handler that forgot to ask.
fn bare_family_members(source: &str) -> usize {
    without_comments(source)
        .lines()
        .filter(|line| {
            let line = line.trim();
            line.ends_with(": FamilyMember,") && !line.starts_with("pub ")
        })
        .count()
}

#[test]
fn domains_take_a_family_through_their_scope() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let found: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(&root).unwrap_or(path);
            let source = fs::read_to_string(path).unwrap_or_default();
            let count = bare_family_members(&source);
            (module_of(relative) != "families" && relative != Path::new("layers.rs") && count > 0)
                .then(|| format!("{}: {count}", relative.display()))
        })
        .collect();
    assert!(
        found.is_empty(),
        "handlers outside families take a bare FamilyMember (take Reads<S> or Changes<S>):\n{}",
        found.join("\n")
    );
    assert_eq!(
        bare_family_members("async fn h(\n    access: FamilyMember,\n) {}\n"),
        1
    );
    assert_eq!(bare_family_members("fn f(access: &FamilyMember) {}"), 0);
}
