use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use nido::config::Config;

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
    if let Command::Openapi = command {
        print!("{}", nido::http::openapi::document());
        return Ok(());
    }
    let config = Config::from_env()?;
    match command {
        Command::Migrate => {
            let state = nido::build_state(config).await?;
            drop(state);
            println!("migrations are up to date");
        }
        Command::Serve | Command::Openapi => {
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
