//! The tests' databases. Each test serves a database of its own, made from a migrated template:
//! on SQLite a copy of the template's bytes, on PostgreSQL a database that a finished test of
//! this process emptied, or else a new copy of the template. Creating and dropping a PostgreSQL
//! database writes and deletes some eight hundred files, which made the file system the slowest
//! part of the run; emptying ~70 tables takes a few milliseconds.

use std::{sync::Mutex, time::Duration};

use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};

/// The migrated SQLite database this process's databases are copied from: the migrations run
/// once, not once per test. Kept in memory, so that no file outlives the run.
static SQLITE_TEMPLATE: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();

pub async fn sqlite_template() -> &'static [u8] {
    SQLITE_TEMPLATE
        .get_or_init(|| async {
            let dir = tempfile::tempdir().expect("temp dir");
            let work = dir.path().join("migrating.db");
            let db = nido::db::connect(&format!("sqlite://{}?mode=rwc", work.display()))
                .await
                .expect("open the template");
            nido::db::migrate(&db).await.expect("migrate the template");
            // One self-contained file, whatever the write-ahead log still holds.
            let file = dir.path().join("template.db");
            db.execute_unprepared(&format!("VACUUM INTO '{}'", file.display()))
                .await
                .expect("write the template");
            db.close().await.expect("close the template");
            std::fs::read(file).expect("read the template")
        })
        .await
}

/// The migrated PostgreSQL database this process's databases are copied from, and its schema's
/// fingerprint.
static PG_TEMPLATE: tokio::sync::OnceCell<(String, String)> = tokio::sync::OnceCell::const_new();

/// What a test could change in a schema: tables, columns, indexes, constraints, triggers and
/// functions. A database whose fingerprint differs from the template's is dropped, not reused.
const FINGERPRINT: &str = "SELECT md5(concat_ws('|',
    (SELECT string_agg(table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
        || ':' || coalesce(column_default, ''), ',' ORDER BY table_name, column_name)
     FROM information_schema.columns WHERE table_schema = 'public'),
    (SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = 'public'),
    (SELECT string_agg(conname || pg_get_constraintdef(oid), ',' ORDER BY conname)
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
    (SELECT string_agg(t.tgname, ',' ORDER BY t.tgname) FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace
     AND NOT t.tgisinternal),
    (SELECT string_agg(proname || md5(prosrc), ',' ORDER BY proname)
     FROM pg_proc WHERE pronamespace = 'public'::regnamespace)))";

async fn fingerprint(db: &DatabaseConnection) -> String {
    names(db, FINGERPRINT).await.pop().unwrap_or_default()
}

/// Emptied databases of finished tests, for the next ones.
static PG_FREE: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// A database of this process is named `nido_<kind>_<process id>_<random>`.
fn name(kind: &str) -> String {
    format!(
        "nido_{kind}_{}_{}",
        std::process::id(),
        uuid::Uuid::now_v7().simple()
    )
}

/// `admin_url` pointing at the database `name`.
pub fn pg_url(admin_url: &str, name: &str) -> String {
    let mut url = url::Url::parse(admin_url).expect("TEST_DATABASE_URL is a URL");
    url.set_path(&format!("/{name}"));
    url.to_string()
}

async fn names(db: &DatabaseConnection, sql: &str) -> Vec<String> {
    db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("list names")
        .into_iter()
        .filter_map(|row| row.try_get_by_index::<String>(0).ok())
        .collect()
}

/// A database whose process is over (or which an older run named by the time it was born):
/// there is no moment at which a test process could drop its last ones, so the next one does.
fn abandoned(name: &str) -> bool {
    let pid = name.split('_').nth(2).unwrap_or_default();
    match pid.parse::<u32>() {
        // A process id; a number of seconds since 1970 (the older naming) is no live process.
        Ok(pid) => !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        Err(_) => true,
    }
}

async fn make_template(admin: &DatabaseConnection, admin_url: &str) -> (String, String) {
    let leftovers = names(
        admin,
        "SELECT datname FROM pg_database WHERE datname LIKE 'nido\\_tpl\\_%' OR datname LIKE 'nido\\_test\\_%'",
    )
    .await;
    for old in leftovers.into_iter().filter(|n| abandoned(n)) {
        let _ = admin
            .execute_unprepared(&format!("DROP DATABASE IF EXISTS {old} WITH (FORCE)"))
            .await;
    }
    let template = name("tpl");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {template}"))
        .await
        .expect("create template database");
    let db = nido::db::connect(&pg_url(admin_url, &template))
        .await
        .expect("connect to the template");
    nido::db::migrate(&db).await.expect("migrate the template");
    let schema = fingerprint(&db).await;
    // A database is copied only while no one is connected to it.
    db.close().await.expect("close the template");
    (template, schema)
}

/// A migrated, empty database of this test's own: (name, URL).
pub async fn postgres(admin_url: &str) -> (String, String) {
    let reused = PG_FREE.lock().expect("free databases").pop();
    if let Some(name) = reused {
        let url = pg_url(admin_url, &name);
        return (name, url);
    }
    let admin = Database::connect(admin_url)
        .await
        .unwrap_or_else(|e| panic!("TEST_DATABASE_URL is set but PostgreSQL is unreachable: {e}"));
    let (template, _) = PG_TEMPLATE
        .get_or_init(|| make_template(&admin, admin_url))
        .await;
    let name = name("test");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
        .await
        .expect("create test database");
    // A test's database outlives no crash worth surviving: commits need not wait for the disk.
    admin
        .execute_unprepared(&format!(
            "ALTER DATABASE {name} SET synchronous_commit = off"
        ))
        .await
        .expect("set up test database");
    let _ = admin.close().await;
    (name.clone(), pg_url(admin_url, &name))
}

/// Hands a finished test's database to the next test, empty; dropped instead if that fails.
/// Runs in `Drop`, which is not async: from a thread with its own runtime.
pub fn release_postgres(name: String, admin_url: String) {
    let _ = std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        rt.block_on(async move {
            let Ok(admin) = Database::connect(&admin_url).await else {
                return;
            };
            match empty(&admin, &admin_url, &name).await {
                Ok(fresh) => PG_FREE.lock().expect("free databases").push(fresh),
                Err(left) => {
                    let _ = admin
                        .execute_unprepared(&format!("DROP DATABASE IF EXISTS {left} WITH (FORCE)"))
                        .await;
                }
            }
            let _ = admin.close().await;
        });
    })
    .join();
}

/// Renames the database, so that nothing of the finished test (a server's pool, a job runner,
/// a child process) can reach it again, then empties every table but the migrations' own. A
/// schema the test changed (a table of its own, say) is not reused.
/// Answers the new name, or on failure the name the database has now.
async fn empty(admin: &DatabaseConnection, admin_url: &str, name: &str) -> Result<String, String> {
    let fresh = self::name("test");
    let mut renamed = false;
    // A rename needs everyone else gone; a pool of the finished test may reconnect meanwhile.
    for _ in 0..50 {
        let _ = admin
            .execute_unprepared(&format!(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            ))
            .await;
        if admin
            .execute_unprepared(&format!("ALTER DATABASE {name} RENAME TO {fresh}"))
            .await
            .is_ok()
        {
            renamed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if !renamed {
        return Err(name.to_owned());
    }
    let Ok(db) = Database::connect(pg_url(admin_url, &fresh)).await else {
        return Err(fresh);
    };
    let schema = fingerprint(&db).await;
    if PG_TEMPLATE.get().map(|(_, template)| template) != Some(&schema) {
        let _ = db.close().await;
        return Err(fresh);
    }
    let tables = names(
        &db,
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' \
         AND tablename <> 'seaql_migrations'",
    )
    .await;
    // Foreign keys and triggers are the replica role's to skip: every row goes.
    let mut sql = String::from("SET session_replication_role = replica;");
    for table in tables {
        sql.push_str(&format!("DELETE FROM \"{table}\";"));
    }
    sql.push_str("RESET session_replication_role;");
    let emptied = db.execute_unprepared(&sql).await.is_ok();
    let _ = db.close().await;
    if emptied { Ok(fresh) } else { Err(fresh) }
}
