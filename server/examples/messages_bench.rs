//! A sent message reaching the recipient's open stream, as `bench/messages.sh` runs it against a
//! server holding `nido bench-messages-seed`'s data. SENDS families (2, 3, ...) take part: the
//! second parent of each opens a stream (a ticket, then the stream, until `listo`), then one at a
//! time the first parent sends a message to their family's first conversation; it prints the
//! delay from the request sent until the recipient's stream gets the `mensajes` event, and the
//! send's own round trip.
//!
//! Settings through environment variables: BASE, SENDS.

use std::collections::HashMap;
use std::str::FromStr;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use tokio::sync::mpsc;

/// How long one send's event may take before it counts as missed.
const EVENT_DEADLINE: Duration = Duration::from_secs(10);

fn setting<T: FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The ids `nido bench-messages-seed` gives (see server/src/bench_messages.rs).
fn seeded_id(kind: u32, n: usize) -> String {
    format!("{kind:08x}-0000-7000-8000-{n:012}")
}

/// Family f (from 2) has conversations 2 + 2(f - 2) and the next one.
fn first_conversation(family: usize) -> String {
    seeded_id(0x0c, 2 + 2 * (family - 2))
}

fn token(user: usize) -> String {
    format!("bench-token-{user}")
}

enum Seen {
    Ready,
    Message { mensaje: String, at: Instant },
    Ended(String),
}

async fn open_stream(
    client: &reqwest::Client,
    base: &str,
    user: usize,
) -> anyhow::Result<reqwest::Response> {
    let answer: serde_json::Value = client
        .post(format!("{base}/api/tiempo-real/ticket"))
        .bearer_auth(token(user))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let ticket = answer["data"]["ticket"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no ticket in {answer}"))?;
    let url =
        url::Url::parse_with_params(&format!("{base}/api/tiempo-real"), [("ticket", ticket)])?;
    Ok(client.get(url).send().await?.error_for_status()?)
}

/// Reads one stream until it ends, reporting `listo` and every `mensajes` event with the
/// instant its bytes arrived.
async fn read_stream(response: reqwest::Response, tx: mpsc::UnboundedSender<Seen>) {
    let mut body = response.bytes_stream();
    let mut buffer = String::new();
    let end = loop {
        let chunk = match body.next().await {
            Some(Ok(chunk)) => chunk,
            Some(Err(e)) => break e.to_string(),
            None => break "closed by the server".to_owned(),
        };
        let at = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(split) = buffer.find("\n\n") {
            let block: String = buffer.drain(..split + 2).collect();
            let mut kind = "";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("event:") {
                    kind = v.trim();
                } else if let Some(v) = line.strip_prefix("data:") {
                    data.push_str(v.trim());
                }
            }
            let seen = match kind {
                "listo" => Seen::Ready,
                "mensajes" => {
                    let data: serde_json::Value = serde_json::from_str(&data).unwrap_or_default();
                    let mensaje = data["mensajeId"].as_str().unwrap_or_default().to_owned();
                    Seen::Message { mensaje, at }
                }
                _ => continue,
            };
            if tx.send(seen).is_err() {
                return;
            }
        }
    };
    let _ = tx.send(Seen::Ended(end));
}

fn percentiles(samples: &mut [f64]) -> String {
    if samples.is_empty() {
        return "no samples".to_owned();
    }
    samples.sort_by(f64::total_cmp);
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    format!(
        "p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
        at(0.50),
        at(0.95),
        at(0.99),
        at(1.0),
        samples.len()
    )
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base: String = setting("BASE", "http://127.0.0.1:18095".to_owned());
    let sends: usize = setting("SENDS", 200);
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()?;

    // One stream per recipient: the second parent of families 2 ..= sends + 1.
    let families: Vec<usize> = (2..sends + 2).collect();
    let mut streams = HashMap::new();
    for &family in &families {
        let (tx, rx) = mpsc::unbounded_channel();
        let response = open_stream(&client, &base, family * 2).await?;
        tokio::spawn(read_stream(response, tx));
        streams.insert(family, rx);
    }
    for rx in streams.values_mut() {
        match tokio::time::timeout(EVENT_DEADLINE, rx.recv()).await {
            Ok(Some(Seen::Ready)) => {}
            Ok(Some(Seen::Ended(why))) => anyhow::bail!("a stream ended before listo: {why}"),
            _ => anyhow::bail!("a stream did not say listo in time"),
        }
    }

    let mut delays = Vec::with_capacity(sends);
    let mut round_trips = Vec::with_capacity(sends);
    let mut missed = 0;
    for (n, &family) in families.iter().enumerate() {
        let start = Instant::now();
        let answer: serde_json::Value = client
            .post(format!(
                "{base}/api/conversaciones/{}/mensajes",
                first_conversation(family)
            ))
            .bearer_auth(token(family * 2 - 1))
            .json(&json!({"texto": format!("¿Podés buscarla mañana a las 18? ({n})"), "tipo": "normal"}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        round_trips.push(start.elapsed().as_secs_f64() * 1e3);
        let sent = answer["data"]["_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let rx = streams
            .get_mut(&family)
            .ok_or_else(|| anyhow::anyhow!("no stream for family {family}"))?;
        let deadline = tokio::time::Instant::now() + EVENT_DEADLINE;
        loop {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(Seen::Message { mensaje, at })) if mensaje == sent => {
                    delays.push(at.duration_since(start).as_secs_f64() * 1e3);
                    break;
                }
                Ok(Some(Seen::Ended(why))) => anyhow::bail!("a stream ended: {why}"),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => {
                    missed += 1;
                    break;
                }
            }
        }
    }
    println!(
        "{sends} messages sent, one at a time, each to a recipient with an open stream; {missed} events missed"
    );
    println!(
        "  from the request sent to the recipient's event: {}",
        percentiles(&mut delays)
    );
    println!(
        "  the send's own round trip:                      {}",
        percentiles(&mut round_trips)
    );
    Ok(())
}
