//! `bench tone`: what rating a message's tone costs. The labelled set's texts are
//! joined and cut into 2,000-character messages; each is rated with both lexicons, many times
//! over, and it prints p50 and p99 per message. Needs no database.

use std::time::Instant;

use nido::messages::tone;

const SET: &str = include_str!("../../src/messages/tone/set.tsv");
const MESSAGE_CHARS: usize = 2_000;

/// The set's texts, joined with spaces and cut into messages of exactly 2,000 characters.
fn messages() -> Vec<String> {
    let joined: Vec<char> = SET
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.splitn(3, '\t').nth(2))
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .collect();
    // Start a message every 100 characters so the messages differ while keeping full length.
    (0..joined.len().saturating_sub(MESSAGE_CHARS))
        .step_by(100)
        .map(|start| joined[start..start + MESSAGE_CHARS].iter().collect())
        .collect()
}

pub fn run(rounds: usize) -> anyhow::Result<()> {
    let messages = messages();
    anyhow::ensure!(!messages.is_empty(), "the labelled set is too short");
    // The rules compile once per process; that is not part of rating a message.
    let _ = tone::analyze("hola", None);
    let mut times = Vec::with_capacity(messages.len() * rounds);
    let mut hostile = 0;
    for _ in 0..rounds {
        for message in &messages {
            let started = Instant::now();
            let analisis = tone::analyze(message, None);
            times.push(started.elapsed().as_nanos() as u64);
            hostile += usize::from(analisis.nivel == tone::ToneLevel::Hostile);
        }
    }
    times.sort_unstable();
    let pick = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "{} ratings of {} messages of {MESSAGE_CHARS} characters ({hostile} rated hostile)",
        times.len(),
        messages.len(),
    );
    println!(
        "per message  p50 {:>7.3} ms  p99 {:>7.3} ms  max {:>7.3} ms",
        pick(0.50) as f64 / 1e6,
        pick(0.99) as f64 / 1e6,
        pick(1.0) as f64 / 1e6,
    );
    Ok(())
}
