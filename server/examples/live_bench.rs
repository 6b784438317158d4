//! Live events across two instances on one PostgreSQL database, as `bench/live.sh` runs it (the
//! script starts the servers and seeds the families with the hidden `nido bench-families-seed`).
//! Every seeded user opens one stream (ticket from instance A, stream on A for odd users and on B
//! for even ones, so each family has members on both). Prints the servers' resident memory per idle stream, then
//! the delay from a child edit on A until each member's stream, on either instance, gets its
//! `hijos` event.
//!
//! Settings through environment variables: BASE_A, BASE_B, PID_A, PID_B, FAMILIES, MEMBERS, EDITS.

use std::collections::HashSet;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use tokio::sync::{Semaphore, mpsc};

/// How many streams or warm-up requests are opened at once.
const AT_ONCE: usize = 32;
/// How long an edit's events may take before their recipients count as missed.
const EVENT_DEADLINE: Duration = Duration::from_secs(10);

fn setting<T: FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The ids `nido bench-families-seed` gives (server/src/bench_families.rs): kind 1 users, kind 5
/// children.
fn seeded_id(kind: usize, n: usize) -> String {
    format!("{kind:08x}-0000-7000-8000-{n:012}")
}

fn token(user: usize) -> String {
    format!("bench-token-{user}")
}

/// 0 for instance A, 1 for B.
fn instance_of(user: usize) -> usize {
    usize::from(user.is_multiple_of(2))
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

enum Seen {
    Ready,
    Event { hijo: String, at: Instant },
    Ended(String),
}

struct Message {
    user: usize,
    seen: Seen,
}

async fn open_stream(
    client: &reqwest::Client,
    bases: &[String; 2],
    user: usize,
) -> anyhow::Result<reqwest::Response> {
    let answer: serde_json::Value = client
        .post(format!("{}/api/tiempo-real/ticket", bases[0]))
        .bearer_auth(token(user))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let ticket = answer["data"]["ticket"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no ticket in {answer}"))?;
    let url = url::Url::parse_with_params(
        &format!("{}/api/tiempo-real", bases[instance_of(user)]),
        [("ticket", ticket)],
    )?;
    Ok(client.get(url).send().await?.error_for_status()?)
}

/// Reads one stream until it ends, reporting `listo` and every `hijos` event with the instant its
/// bytes arrived.
async fn read_stream(user: usize, response: reqwest::Response, tx: mpsc::UnboundedSender<Message>) {
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
                "hijos" => {
                    let data: serde_json::Value = serde_json::from_str(&data).unwrap_or_default();
                    let hijo = data["hijoId"].as_str().unwrap_or_default().to_owned();
                    Seen::Event { hijo, at }
                }
                _ => continue,
            };
            if tx.send(Message { user, seen }).is_err() {
                return;
            }
        }
    };
    let _ = tx.send(Message {
        user,
        seen: Seen::Ended(end),
    });
}

fn percentiles(samples: &mut [f64]) -> String {
    if samples.is_empty() {
        return "no samples".to_owned();
    }
    samples.sort_by(f64::total_cmp);
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    format!(
        "{:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>7}",
        at(0.50),
        at(0.95),
        at(0.99),
        at(1.0),
        samples.len()
    )
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let bases = [
        setting("BASE_A", "http://127.0.0.1:18091".to_owned()),
        setting("BASE_B", "http://127.0.0.1:18092".to_owned()),
    ];
    let pids = [setting("PID_A", 0u32), setting("PID_B", 0u32)];
    let families: usize = setting("FAMILIES", 250);
    let members: usize = setting("MEMBERS", 4);
    let edits: usize = setting("EDITS", 200);
    let users = families * members;
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()?;
    let gate = Arc::new(Semaphore::new(AT_ONCE));

    // Every user's first request, so that what the servers keep per user and their database
    // pools are in place before the memory is read: what grows next is the streams' own.
    let mut warm = Vec::with_capacity(users);
    for user in 1..=users {
        let (client, gate) = (client.clone(), gate.clone());
        let url = format!("{}/api/hijos", bases[instance_of(user)]);
        warm.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await;
            client
                .get(url)
                .bearer_auth(token(user))
                .send()
                .await?
                .error_for_status()?;
            anyhow::Ok(())
        }));
    }
    for task in warm {
        task.await??;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = pids.map(rss_mb);

    let (tx, mut rx) = mpsc::unbounded_channel();
    let opening = Instant::now();
    for user in 1..=users {
        let (client, gate, tx, bases) = (client.clone(), gate.clone(), tx.clone(), bases.clone());
        tokio::spawn(async move {
            let permit = gate.acquire_owned().await;
            match open_stream(&client, &bases, user).await {
                Ok(response) => {
                    drop(permit);
                    read_stream(user, response, tx).await;
                }
                Err(e) => {
                    let _ = tx.send(Message {
                        user,
                        seen: Seen::Ended(e.to_string()),
                    });
                }
            }
        });
    }
    drop(tx);
    let mut ready = HashSet::new();
    let mut failed = Vec::new();
    let open_deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while ready.len() + failed.len() < users {
        match tokio::time::timeout_at(open_deadline, rx.recv()).await {
            Ok(Some(Message {
                user,
                seen: Seen::Ready,
            })) => {
                ready.insert(user);
            }
            Ok(Some(Message {
                user,
                seen: Seen::Ended(why),
            })) => failed.push((user, why)),
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => break,
        }
    }
    let open_secs = opening.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = pids.map(rss_mb);
    let per_instance = [0, 1].map(|i| ready.iter().filter(|&&u| instance_of(u) == i).count());

    let mut delays: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut round_trips = Vec::with_capacity(edits);
    let mut missed = 0;
    let mut expected = 0;
    for e in 0..edits {
        // Spread over the families; each edit changes one of the family's two children.
        let family = 1 + (e * families / edits.max(1)) % families;
        let child = seeded_id(5, family * 2 + e % 2);
        let first = (family - 1) * members + 1;
        let mut waiting: HashSet<usize> = (first..first + members)
            .filter(|u| ready.contains(u))
            .collect();
        expected += waiting.len();
        let start = Instant::now();
        client
            .put(format!("{}/api/hijos/{child}", bases[0]))
            .bearer_auth(token(first))
            .json(&json!({"informacionEscolar": {"escuela": format!("Escuela {e}")}}))
            .send()
            .await?
            .error_for_status()?;
        round_trips.push(start.elapsed().as_secs_f64() * 1000.0);
        let deadline = tokio::time::Instant::from_std(start + EVENT_DEADLINE);
        while !waiting.is_empty() {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(Message {
                    user,
                    seen: Seen::Event { hijo, at },
                })) if hijo == child && waiting.remove(&user) => {
                    delays[instance_of(user)].push((at - start).as_secs_f64() * 1000.0);
                }
                Ok(Some(Message {
                    user,
                    seen: Seen::Ended(why),
                })) => eprintln!("stream of user {user} ended: {why}"),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
        missed += waiting.len();
    }
    let rss_end = pids.map(rss_mb);

    println!(
        "{families} families x {members} members = {users} users, one stream each (A {}, B {}), \
         opened in {open_secs:.1} s ({AT_ONCE} at a time), {} failed",
        per_instance[0],
        per_instance[1],
        failed.len()
    );
    for (user, why) in failed.iter().take(3) {
        println!("  failed: user {user}: {why}");
    }
    println!();
    println!("memory (VmRSS)  before streams   with streams   per idle stream   after the edits");
    for i in 0..2 {
        let per_stream = (after[i] - before[i]) * 1024.0 / per_instance[i].max(1) as f64;
        println!(
            "  instance {}   {:>10.1} MB  {:>10.1} MB  {:>12.1} KB  {:>12.1} MB",
            ["A", "B"][i],
            before[i],
            after[i],
            per_stream,
            rss_end[i]
        );
    }
    println!();
    println!(
        "{edits} child edits on A (PUT /api/hijos/{{id}}, sequential), {expected} events expected, \
         {missed} missed (none within {} s)",
        EVENT_DEADLINE.as_secs()
    );
    println!("  ms, from the request sent        p50      p95      p99      max   count");
    println!(
        "  PUT answered on A           {}",
        percentiles(&mut round_trips)
    );
    let [mut on_a, mut on_b] = delays;
    let mut all: Vec<f64> = on_a.iter().chain(on_b.iter()).copied().collect();
    println!("  event on streams of A       {}", percentiles(&mut on_a));
    println!("  event on streams of B       {}", percentiles(&mut on_b));
    println!("  event on every stream       {}", percentiles(&mut all));
    Ok(())
}
