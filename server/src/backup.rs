//! `nido backup` and `nido restore` for an instance on SQLite: one ZIP archive holding a
//! consistent copy of the database (`VACUUM INTO`, which reads one snapshot while the server keeps
//! writing), every stored file, and a manifest with the size and SHA-256 of each entry.
//!
//! The database is copied before the files are listed: a photo is stored before the record that
//! points at it, so every record in the copy finds its file. Files are copied in parts, so memory
//! stays small whatever their size. PostgreSQL has its own tools (pg_dump), see docs/deploy.md.

use std::{
    collections::BTreeSet,
    fs::File,
    io::{BufWriter, Read, Write},
    path::{Path, PathBuf},
    str::FromStr,
    time::Duration,
};

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use sea_orm::sqlx::{
    self, ConnectOptions, Connection, Row,
    sqlite::{SqliteConnectOptions, SqliteConnection, SqliteLockingMode},
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use zip::{CompressionMethod, ZipArchive, ZipWriter, write::SimpleFileOptions};

use crate::{config::Config, platform::storage::Storage};

/// The archive's layout version; `restore` refuses versions it does not know.
pub const FORMAT: u32 = 1;
const MANIFEST: &str = "manifest.json";
const DATABASE: &str = "database/nido.db";
const FILES: &str = "files/";
/// How much of a file is held in memory at once while copying.
const PART: usize = 4 << 20;

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub created_at: DateTime<Utc>,
    pub nido_version: String,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    pub size: u64,
    pub sha256: String,
}

impl Manifest {
    /// The stored files in the archive (the database is not one of them).
    pub fn files(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| e.name.starts_with(FILES))
            .count()
    }

    pub fn bytes(&self) -> u64 {
        self.entries.iter().map(|e| e.size).sum()
    }
}

/// Writes the archive to `<out>.tmp` and renames it to `out` once complete, so that a crash never
/// leaves half an archive under the final name.
pub async fn backup(config: &Config, out: &Path) -> anyhow::Result<Manifest> {
    let database = sqlite_file(config, "backup")?;
    if !database.is_file() {
        bail!("there is no database at {}", database.display());
    }
    let partial = with_suffix(out, ".tmp");
    let snapshot = with_suffix(out, ".db.tmp");
    let written = write_archive(config, &database, &snapshot, &partial).await;
    let _ = std::fs::remove_file(&snapshot);
    match written {
        Ok(manifest) => {
            std::fs::rename(&partial, out)
                .with_context(|| format!("renaming the archive to {}", out.display()))?;
            sync_dir(out);
            Ok(manifest)
        }
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            Err(err)
        }
    }
}

async fn write_archive(
    config: &Config,
    database: &Path,
    snapshot: &Path,
    partial: &Path,
) -> anyhow::Result<Manifest> {
    // VACUUM INTO refuses to overwrite: a snapshot left by a crashed run goes first.
    let _ = std::fs::remove_file(snapshot);
    let mut conn = open(database, false).await?;
    sqlx::query("VACUUM INTO ?")
        .bind(snapshot.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await
        .context("copying the database (VACUUM INTO)")?;
    conn.close().await.ok();

    // The signing key only matters for links, which a backup never makes.
    let storage = Storage::from_url(&config.storage_url, Vec::new())?;
    let files = storage.list().await?;

    let snapshot = snapshot.to_owned();
    let partial = partial.to_owned();
    let runtime = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || -> anyhow::Result<Manifest> {
        let file = File::create(&partial)
            .with_context(|| format!("cannot write {}", partial.display()))?;
        let mut zip = ZipWriter::new(BufWriter::new(file));
        let mut entries = Vec::new();

        let size = std::fs::metadata(&snapshot)?.len();
        zip.start_file(DATABASE, options(CompressionMethod::Deflated, size))?;
        let mut out = Hashing::new(&mut zip);
        std::io::copy(&mut File::open(&snapshot)?, &mut out)?;
        entries.push(out.entry(DATABASE));

        for (key, size) in files {
            let name = format!("{FILES}{key}");
            // Photos are JPEG already: deflating them again gains nothing.
            zip.start_file(name.as_str(), options(CompressionMethod::Stored, size))?;
            let mut out = Hashing::new(&mut zip);
            let mut offset = 0;
            let mut gone = false;
            while offset < size {
                let end = size.min(offset + PART as u64);
                match runtime.block_on(storage.get_range(&key, offset..end))? {
                    Some(part) => out.write_all(&part)?,
                    None => {
                        gone = true;
                        break;
                    }
                }
                offset = end;
            }
            if gone {
                // Removed after the listing (a replaced photo): the copied database no longer
                // points at it.
                zip.abort_file()?;
                continue;
            }
            entries.push(out.entry(&name));
        }

        let manifest = Manifest {
            format: FORMAT,
            created_at: Utc::now(),
            nido_version: env!("CARGO_PKG_VERSION").to_owned(),
            entries,
        };
        zip.start_file(MANIFEST, options(CompressionMethod::Deflated, 0))?;
        serde_json::to_writer_pretty(&mut zip, &manifest)?;
        let file = zip
            .finish()?
            .into_inner()
            .map_err(|e| e.into_error())
            .context("writing the archive")?;
        file.sync_all().context("writing the archive")?;
        Ok(manifest)
    })
    .await
    .context("the backup stopped")?
}

/// Reads the whole archive and checks every entry against the manifest; changes nothing.
pub async fn check(archive: &Path) -> anyhow::Result<Manifest> {
    let archive = archive.to_owned();
    tokio::task::spawn_blocking(move || check_archive(&archive))
        .await
        .context("the check stopped")?
}

fn check_archive(archive: &Path) -> anyhow::Result<Manifest> {
    let broken = || format!("{} is not a whole Nido backup", archive.display());
    let file = File::open(archive).with_context(|| format!("cannot read {}", archive.display()))?;
    let mut zip = ZipArchive::new(file).with_context(broken)?;
    let manifest: Manifest = serde_json::from_reader(zip.by_name(MANIFEST).with_context(broken)?)
        .with_context(|| format!("{}: unreadable manifest", broken()))?;
    if manifest.format != FORMAT {
        bail!(
            "{} has archive format {}; this Nido reads format {FORMAT}",
            archive.display(),
            manifest.format
        );
    }

    let listed: BTreeSet<&str> = manifest.entries.iter().map(|e| e.name.as_str()).collect();
    if listed.len() != manifest.entries.len() {
        bail!("{}: the manifest names an entry twice", broken());
    }
    if !listed.contains(DATABASE) {
        bail!("{}: it holds no database", broken());
    }
    let present: Vec<String> = zip
        .file_names()
        .map(|n| n.map(|n| n.into_owned()))
        .collect::<Result<_, _>>()
        .with_context(broken)?;
    for name in &present {
        if name != MANIFEST && !listed.contains(name.as_str()) {
            bail!("{}: {name} is not in the manifest", broken());
        }
    }
    for entry in &manifest.entries {
        if entry.name != DATABASE && storage_key(&entry.name).is_none() {
            bail!("{}: unexpected entry {}", broken(), entry.name);
        }
        let mut out = Hashing::new(std::io::sink());
        let mut reader = zip
            .by_name(&entry.name)
            .with_context(|| format!("{}: {} is missing", broken(), entry.name))?;
        std::io::copy(&mut reader, &mut out)
            .with_context(|| format!("{}: {} is damaged", broken(), entry.name))?;
        let found = out.entry(&entry.name);
        if found.size != entry.size || found.sha256 != entry.sha256 {
            bail!("{}: {} does not match its checksum", broken(), entry.name);
        }
    }
    Ok(manifest)
}

/// Brings an archive back: checks it whole first, refuses a database in use or holding data
/// (unless `force`), then puts the files back and swaps the database in under its name.
pub async fn restore(config: &Config, archive: &Path, force: bool) -> anyhow::Result<Manifest> {
    let database = sqlite_file(config, "restore")?;
    let manifest = check(archive).await?;
    if database.exists() {
        let holds_data = release(&database).await?;
        if holds_data && !force {
            bail!(
                "the database at {} already holds data; add --force to replace it",
                database.display()
            );
        }
    }
    if let Some(dir) = database.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }

    let incoming = with_suffix(&database, ".restoring");
    let written = restore_files(config, archive, &incoming).await;
    let checked = match written {
        Ok(()) => integrity(&incoming).await,
        Err(err) => Err(err),
    };
    if let Err(err) = checked {
        let _ = std::fs::remove_file(&incoming);
        return Err(err);
    }

    // A server may have started while the files were copied.
    if database.exists()
        && let Err(err) = release(&database).await
    {
        let _ = std::fs::remove_file(&incoming);
        return Err(err);
    }
    // A journal left beside the old database would be replayed into the new one.
    for suffix in ["-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(with_suffix(&database, suffix));
    }
    std::fs::rename(&incoming, &database)
        .with_context(|| format!("moving the database to {}", database.display()))?;
    sync_dir(&database);
    Ok(manifest)
}

/// Writes the database to `incoming`, beside the live one, and every file through storage. The
/// database is renamed into place only after this, so no record is in use before its file is
/// back.
async fn restore_files(config: &Config, archive: &Path, incoming: &Path) -> anyhow::Result<()> {
    let storage = Storage::from_url(&config.storage_url, Vec::new())?;
    let archive = archive.to_owned();
    let incoming = incoming.to_owned();
    let runtime = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let mut zip = ZipArchive::new(File::open(&archive)?)?;
        {
            let mut out = File::create(&incoming)
                .with_context(|| format!("cannot write {}", incoming.display()))?;
            std::io::copy(&mut zip.by_name(DATABASE)?, &mut out)?;
            out.sync_all()?;
        }
        let mut buffer = vec![0; PART];
        for index in 0..zip.len() {
            let mut entry = zip.by_index(index)?;
            let name = entry.name()?.into_owned();
            let Some(key) = storage_key(&name).map(str::to_owned) else {
                continue;
            };
            let mut upload = runtime.block_on(storage.upload(&key))?;
            loop {
                let read = entry.read(&mut buffer)?;
                if read == 0 {
                    break;
                }
                upload.write(&buffer[..read]);
                runtime
                    .block_on(upload.wait_for_capacity(2))
                    .with_context(|| format!("storing {key}"))?;
            }
            runtime
                .block_on(upload.finish())
                .with_context(|| format!("storing {key}"))?;
        }
        Ok(())
    })
    .await
    .context("the restore stopped")?
}

/// The key of an archived file, when its name is one (no way out of the storage folder).
fn storage_key(name: &str) -> Option<&str> {
    let key = name.strip_prefix(FILES)?;
    let safe = !key.is_empty()
        && !key.contains('\\')
        && key
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
    safe.then_some(key)
}

/// Makes sure nothing else has the database open and leaves it fully written into its main
/// file; answers whether it holds data (the settings and job bookkeeping that any instance
/// writes on its first start do not count).
///
/// Every connection to a database in WAL mode keeps a shared lock on its file while open, so an
/// exclusive lock is granted only when no server (or any other process) has it open.
async fn release(database: &Path) -> anyhow::Result<bool> {
    let mut conn = open(database, true).await?;
    if sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut conn)
        .await
        .is_err()
    {
        conn.close().await.ok();
        bail!(
            "the database at {} is in use: stop the server before restoring",
            database.display()
        );
    }
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name NOT IN ('seaql_migrations', 'ajustes', 'tareas')",
    )
    .fetch_all(&mut conn)
    .await
    .with_context(|| format!("{} is not a Nido database", database.display()))?;
    let mut holds_data = false;
    for table in tables {
        // The name comes from the database's own catalogue, quoted as an identifier.
        let sql = format!(
            "SELECT EXISTS (SELECT 1 FROM \"{}\")",
            table.replace('"', "\"\"")
        );
        holds_data |= sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_one(&mut conn)
            .await?
            .try_get::<bool, _>(0)?;
    }
    sqlx::query("COMMIT").execute(&mut conn).await?;
    // Closing the last connection writes the WAL back into the database and removes it.
    conn.close().await.context("closing the database")?;
    Ok(holds_data)
}

async fn integrity(database: &Path) -> anyhow::Result<()> {
    let mut conn = open(database, false).await?;
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .context("the archived database cannot be read")?;
    conn.close().await.ok();
    if verdict != "ok" {
        bail!("the archived database is damaged: {verdict}");
    }
    Ok(())
}

async fn open(database: &Path, exclusive: bool) -> anyhow::Result<SqliteConnection> {
    let mut options = SqliteConnectOptions::new()
        .filename(database)
        .create_if_missing(false)
        .busy_timeout(if exclusive {
            Duration::from_millis(500)
        } else {
            Duration::from_secs(5)
        });
    if exclusive {
        options = options.locking_mode(SqliteLockingMode::Exclusive);
    }
    options
        .connect()
        .await
        .with_context(|| format!("cannot open the database at {}", database.display()))
}

/// The SQLite file behind `DATABASE_URL`; PostgreSQL has its own tools.
fn sqlite_file(config: &Config, action: &str) -> anyhow::Result<PathBuf> {
    let url = &config.database_url;
    if !url.starts_with("sqlite:") {
        let tool = if action == "backup" {
            "pg_dump"
        } else {
            "pg_restore"
        };
        bail!(
            "nido {action} works on SQLite only; DATABASE_URL points at PostgreSQL: use {tool} \
             and copy the object store as docs/deploy.md describes"
        );
    }
    let options = SqliteConnectOptions::from_str(url).context("DATABASE_URL")?;
    let file = options.get_filename();
    if file.as_os_str().is_empty() || file.to_string_lossy().contains(":memory:") {
        bail!("DATABASE_URL: an in-memory database cannot be backed up or restored");
    }
    Ok(file.to_owned())
}

fn options(method: CompressionMethod, size: u64) -> SimpleFileOptions {
    SimpleFileOptions::default()
        .compression_method(method)
        .large_file(size >= u64::from(u32::MAX))
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Makes a rename durable: the directory entry is written, not only the file.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(dir) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = dir.sync_all();
    }
}

/// Counts and hashes what goes through it.
struct Hashing<W> {
    inner: W,
    hasher: Sha256,
    size: u64,
}

impl<W: Write> Hashing<W> {
    fn new(inner: W) -> Self {
        Hashing {
            inner,
            hasher: Sha256::new(),
            size: 0,
        }
    }

    fn entry(self, name: &str) -> Entry {
        Entry {
            name: name.to_owned(),
            size: self.size,
            sha256: self
                .hasher
                .finalize()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        }
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.hasher.update(&buf[..written]);
        self.size += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archived_names_never_leave_the_storage_folder() {
        assert_eq!(storage_key("files/hijos/a/b.jpg"), Some("hijos/a/b.jpg"));
        for bad in [
            "files/",
            "files/../nido.db",
            "files/hijos/../../x",
            "files//x",
            "files/a\\b",
            "database/nido.db",
            "manifest.json",
        ] {
            assert_eq!(storage_key(bad), None, "{bad}");
        }
    }
}
