//! The programs the scripts of bench/ run besides the server: seeders that fill a scratch
//! database straight through the entities (so a column a migration adds shows here at build
//! time), and two measures of one step alone. They link the `nido` library and ship in no build
//! of the server. The database is the server's (`DATABASE_URL`, `NIDO_DATA_DIR`...), migrated
//! first.
//!
//!   cargo run --example bench -- families-seed --families 20

mod calendar;
mod families;
mod messages;
mod money;
mod record;
mod tone;

use clap::{Parser, Subcommand};

use nido::config::Config;

#[derive(Parser)]
#[command(name = "bench", about = "Nido's bench seeders and measures")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure what rating a 2,000-character message's tone costs (no database).
    Tone {
        #[arg(long, default_value_t = 20)]
        rounds: usize,
    },
    #[command(flatten)]
    OnDatabase(OnDatabase),
}

/// What runs on the server's database.
#[derive(Subcommand)]
enum OnDatabase {
    /// Measure what appending to the family record costs (a scratch database only).
    Record {
        #[arg(long, default_value_t = 1000)]
        families: usize,
        #[arg(long, default_value_t = 32)]
        writers: usize,
        #[arg(long, default_value_t = 20000)]
        writes: usize,
    },
    /// Fill a scratch database with families, their members and children for bench/children.sh,
    /// bench/soak.sh and bench/live.sh.
    FamiliesSeed {
        #[arg(long, default_value_t = 10_000)]
        families: usize,
        /// Users per family: the first two co-parents, the others viewers.
        #[arg(long, default_value_t = 1)]
        members: usize,
    },
    /// Fill a scratch database with families, conversations and messages for bench/messages.sh.
    MessagesSeed {
        #[arg(long, default_value_t = 10_000)]
        families: usize,
        #[arg(long, default_value_t = 1_000_000)]
        messages: usize,
        /// Messages of family 1's one conversation (part of `messages`).
        #[arg(long, default_value_t = 100_000)]
        big: usize,
    },
    /// Fill a scratch database with families, custody schedules and recurring events for
    /// bench/calendar.sh.
    CalendarSeed {
        #[arg(long, default_value_t = 1_000)]
        families: usize,
        #[arg(long, default_value_t = 50)]
        events: usize,
    },
    /// Fill a scratch database with one family's expenses, payments and running balances for
    /// bench/money.sh.
    MoneySeed {
        #[arg(long, default_value_t = 100_000)]
        expenses: usize,
        #[arg(long, default_value_t = 2_000)]
        payments: usize,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = match Cli::parse().command {
        Command::Tone { rounds } => return tone::run(rounds),
        Command::OnDatabase(command) => command,
    };
    let config = Config::from_env()?;
    let db = nido::connect_and_migrate(&config).await?;
    match command {
        OnDatabase::Record {
            families,
            writers,
            writes,
        } => {
            let options = record::Options {
                families,
                writers,
                writes,
            };
            record::run(db, options).await
        }
        OnDatabase::FamiliesSeed { families, members } => {
            families::run(db, families::Options { families, members }).await
        }
        OnDatabase::MessagesSeed {
            families,
            messages,
            big,
        } => {
            let options = messages::Options {
                families,
                messages,
                big,
            };
            messages::run(db, options).await
        }
        OnDatabase::CalendarSeed { families, events } => {
            calendar::run(db, calendar::Options { families, events }).await
        }
        OnDatabase::MoneySeed { expenses, payments } => {
            money::run(db, money::Options { expenses, payments }).await
        }
    }
}
