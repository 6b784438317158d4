use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use nido::config::Config;

// glibc's allocator serialises threads that free what another allocated, which is every row a
// SQLite connection's thread hands to a request: measured, a page of messages took a third longer.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "nido",
    version,
    about = "Nido: co-parenting records, shared by the family"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app (the default).
    Serve,
    /// Run the database migrations and exit.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Manage the notices of the public status page.
    #[command(subcommand)]
    Status(StatusCommand),
    /// Write the database and every stored file to one archive, while the server runs (SQLite).
    Backup {
        /// Where the archive goes, e.g. /var/backups/nido-2026-11-23.zip.
        file: PathBuf,
    },
    /// Replace the master key that wraps every stored file's key (the old one is kept beside it
    /// as `<file>.<id>.old`); run again to finish an interrupted rotation. Stop the servers first.
    RotateMasterKey,
    /// Bring back an archive made by `nido backup`; the server must be stopped.
    Restore {
        file: PathBuf,
        /// Replace a database that already holds data.
        #[arg(long)]
        force: bool,
        /// Only check the archive (every entry against its checksum); change nothing.
        #[arg(long)]
        check: bool,
    },
    /// Check a family record exported from Nido (the account export's ZIP, or one of its
    /// registro/<id>.json files): every entry's hash and link, and the signed checkpoint; or a
    /// certified report (its PDF): its signature over every byte. Needs no server and no database.
    Verify {
        file: PathBuf,
        /// For a report: the certificate it must be signed with (the PEM file, or its SHA-256 as
        /// the cover and /api/registro/claves show it).
        #[arg(long)]
        key: Option<String>,
    },
    /// Make a new key for signing the family records' checkpoints (NIDO_SIGNING_KEY_FILE); the
    /// old file is kept beside it. Restart every instance afterwards.
    RotateSigningKey,
}

#[derive(Subcommand)]
enum StatusCommand {
    /// Publish an incident or a maintenance window.
    #[command(subcommand)]
    Add(NewNotice),
    /// Mark an incident resolved, or a maintenance window done or called off.
    Resolve {
        /// The notice's id, as `nido status list` shows it.
        id: String,
    },
    /// List every notice, newest first.
    List,
}

#[derive(Subcommand)]
enum NewNotice {
    /// Something is wrong now.
    Incident {
        #[arg(long)]
        title: String,
        #[arg(long, default_value = "")]
        description: String,
    },
    /// Planned work, announced ahead.
    Maintenance {
        #[arg(long)]
        title: String,
        #[arg(long, default_value = "")]
        description: String,
        /// When it starts, RFC 3339 (e.g. 2026-12-01T03:00:00Z).
        #[arg(long)]
        at: chrono::DateTime<chrono::Utc>,
        /// When it should end, RFC 3339.
        #[arg(long)]
        until: Option<chrono::DateTime<chrono::Utc>>,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn")),
        )
        .with_target(false)
        .init();

    match run(cli.command.unwrap_or(Command::Serve)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // One line that says what is wrong, never a trace.
            eprintln!("nido: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Openapi => {
            print!("{}", nido::openapi_document());
            return Ok(());
        }
        // Checking an archive needs no configuration and touches no database.
        Command::Restore {
            file, check: true, ..
        } => {
            let manifest = nido::backup::check(&file).await?;
            println!(
                "{} is whole: made {} by Nido {}, {} files, {} bytes",
                file.display(),
                manifest.created_at.to_rfc3339(),
                manifest.nido_version,
                manifest.files(),
                manifest.bytes()
            );
            return Ok(());
        }
        Command::Verify { file, key } => return verify_command(&file, key.as_deref()),
        _ => {}
    }
    let config = Config::from_env()?;
    match command {
        Command::Status(status) => status_command(config, status).await?,
        Command::Backup { file } => {
            let manifest = nido::backup::backup(&config, &file).await?;
            println!(
                "backup written to {}: the database and {} files, {} bytes",
                file.display(),
                manifest.files(),
                manifest.bytes()
            );
        }
        Command::Restore { file, force, .. } => {
            let manifest = nido::backup::restore(&config, &file, force).await?;
            println!(
                "restored {} (made {} by Nido {}): the database and {} files; \
                 `nido serve` migrates it on start",
                file.display(),
                manifest.created_at.to_rfc3339(),
                manifest.nido_version,
                manifest.files()
            );
        }
        Command::RotateMasterKey => {
            let db = nido::connect_and_migrate(&config).await?;
            let done = nido::platform::files::master::rotate(&db, &config.master_key_file).await?;
            println!(
                "{} master key {} in {}: {} file keys rewrapped; start the servers with this key \
                 file and keep the .old file until the next backup",
                if done.finished_earlier {
                    "finished rotating to"
                } else {
                    "rotated to"
                },
                done.new_id,
                config.master_key_file.display(),
                done.rewrapped
            );
        }
        Command::RotateSigningKey => {
            let path = &config.signing_key_file;
            let (old, new) = nido::platform::signing::rotate(path)?;
            if let Some(old) = old {
                println!(
                    "old key {} kept as {}.{}.old",
                    old.key_id(),
                    path.display(),
                    old.key_id()
                );
            }
            println!(
                "new signing key {} written to {}; restart every instance: each publishes it at \
                 start, and the old key stays listed at /api/registro/claves",
                new.key_id(),
                path.display()
            );
        }
        Command::Migrate => {
            let state = nido::build_state(config).await?;
            drop(state);
            println!("migrations are up to date");
        }
        Command::Serve | Command::Openapi | Command::Verify { .. } => {
            let addr = config.addr;
            let state = nido::build_state(config).await?;
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| anyhow::anyhow!("NIDO_ADDR: cannot listen on {addr}: {e}"))?;
            println!("Nido is serving at http://{addr}");
            println!("Mail goes to: {}", state.mailer.describe());
            nido::serve(state, listener, shutdown_signal()).await?;
            println!("Nido stopped");
        }
    }
    Ok(())
}

/// Prints what a certified report's signature says; fails (exit code 1) unless it holds, by the
/// certificate given when one is.
fn verify_report(file: &std::path::Path, pdf: &[u8], key: Option<&str>) -> anyhow::Result<()> {
    use nido::platform::document_signing::{self, Checked};
    use sha2::{Digest, Sha256};
    let sha: String = Sha256::digest(pdf)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    println!("{}: SHA-256 {sha}", file.display());
    let Some(checks) = nido::reports::certified::sign::check(pdf) else {
        anyhow::bail!("it has no signature: it is not a Nido report");
    };
    let certificate = match checks.signature {
        Checked::DigestMismatch => {
            anyhow::bail!("the file changed after it was signed: it is not the report issued")
        }
        Checked::Invalid => anyhow::bail!("its signature does not hold"),
        Checked::Valid { certificate } => certificate,
    };
    let signed_by = document_signing::fingerprint_of(&certificate);
    println!("  the signature holds over every byte, by the certificate with SHA-256 {signed_by}");
    match key {
        Some(key) => {
            let expected = if key.len() == 64 && key.bytes().all(|b| b.is_ascii_hexdigit()) {
                key.to_ascii_lowercase()
            } else {
                let pem = std::fs::read_to_string(key)
                    .map_err(|e| anyhow::anyhow!("--key {key}: {e}"))?;
                document_signing::fingerprint_of_pem(&pem)
                    .ok_or_else(|| anyhow::anyhow!("--key {key}: not a certificate"))?
            };
            if expected != signed_by {
                anyhow::bail!("it was signed by another certificate than {expected}");
            }
            println!("  that is the certificate given");
        }
        None => println!(
            "  compare it with the one its cover prints and the server lists at /api/registro/claves"
        ),
    }
    match checks.stamp {
        None => println!("  no outside timestamp"),
        Some(Some(stamp)) => println!(
            "  timestamped by {} at {} (RFC 3161): the stamp holds for this signature \
             (whether that authority is to be trusted is checked against its published chain)",
            stamp.authority,
            stamp.moment.to_rfc3339()
        ),
        Some(None) => anyhow::bail!("its timestamp does not hold for this signature"),
    }
    Ok(())
}

/// Prints what was found in each family's record, or in a report; fails (exit code 1) when any
/// is broken.
fn verify_command(file: &std::path::Path, key: Option<&str>) -> anyhow::Result<()> {
    let head = {
        use std::io::Read;
        let mut head = [0u8; 5];
        let read = std::fs::File::open(file)
            .and_then(|mut f| f.read(&mut head))
            .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        head[..read].to_vec()
    };
    if head.starts_with(b"%PDF-") {
        let pdf = std::fs::read(file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        return verify_report(file, &pdf, key);
    }
    if key.is_some() {
        anyhow::bail!("--key is for reports (PDF files); a record export carries its own keys");
    }
    let reports = nido::families::record::export::check_file(file)?;
    let mut broken = 0;
    for report in &reports {
        let mut apart = Vec::new();
        if report.erased > 0 {
            apart.push(format!("{} with content erased", report.erased));
        }
        if report.withheld > 0 {
            apart.push(format!(
                "{} with content withheld from the member who exported it",
                report.withheld
            ));
        }
        let erased = if apart.is_empty() {
            String::new()
        } else {
            format!(" ({})", apart.join(", "))
        };
        match report.first_error {
            None => println!(
                "{}: family {}: {} entries hold{erased}",
                report.name, report.familia, report.entries
            ),
            Some(seq) => println!(
                "{}: family {}: BROKEN at entry {seq} of {}",
                report.name, report.familia, report.entries
            ),
        }
        match &report.checkpoint {
            None => println!("  no signed checkpoint yet: nothing vouches for the entries"),
            Some(c) if c.signature_holds => println!(
                "  checkpoint of {} entries signed at {} by key {}: signature holds \
                 (check that this key is listed at /api/registro/claves)",
                c.entradas, c.hora, c.key_id
            ),
            Some(c) => println!(
                "  checkpoint of {} entries signed at {} by key {}: SIGNATURE DOES NOT HOLD",
                c.entradas, c.hora, c.key_id
            ),
        }
        match report.checkpoint.as_ref().and_then(|c| c.stamp.as_ref()) {
            None => {}
            Some(Some(stamp)) => println!(
                "  timestamped by {} at {} (RFC 3161): the stamp holds for that signature",
                stamp.authority,
                stamp.moment.to_rfc3339()
            ),
            Some(None) => println!("  its timestamp DOES NOT HOLD for that signature"),
        }
        if !report.valid() {
            broken += 1;
        }
    }
    if broken > 0 {
        anyhow::bail!("{broken} of {} family records do not verify", reports.len());
    }
    println!("all {} family records verify", reports.len());
    Ok(())
}

async fn status_command(config: Config, command: StatusCommand) -> anyhow::Result<()> {
    use nido::site::notices;
    let db = nido::connect_and_migrate(&config).await?;
    match command {
        StatusCommand::Add(NewNotice::Incident { title, description }) => {
            let id = notices::add(&db, notices::NewNotice::Incident, &title, &description).await?;
            println!("incident published: {id}");
        }
        StatusCommand::Add(NewNotice::Maintenance {
            title,
            description,
            at,
            until,
        }) => {
            let kind = notices::NewNotice::Maintenance {
                starts: at,
                ends: until,
            };
            let id = notices::add(&db, kind, &title, &description).await?;
            println!("maintenance published: {id}");
        }
        StatusCommand::Resolve { id } => {
            notices::resolve(&db, &id).await?;
            println!("resolved: {id}");
        }
        StatusCommand::List => {
            let lines = notices::list(&db).await?;
            if lines.is_empty() {
                println!("no notices");
            }
            for line in lines {
                println!("{line}");
            }
        }
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
