//! Upload and download of one large file through the file service, as `bench/files.sh` runs it:
//! written with `Files::put_stream` from a generated stream, read back through a signed link over
//! HTTP by the running server (decrypted and streamed). Prints the throughput of each and the
//! process's peak resident memory during each (Linux: VmHWM, reset between phases).

use std::time::Instant;

use bytes::Bytes;

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn current_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Resets the high-water mark so that each phase's peak is its own.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mb: usize = std::env::var("SIZE_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25);
    let len = mb * 1024 * 1024;
    let dir = tempfile::tempdir()?;
    let vars = [
        ("NIDO_DATA_DIR", dir.path().display().to_string()),
        ("NIDO_RATE_LIMITS", "off".to_owned()),
        ("NIDO_ADDR", "127.0.0.1:0".to_owned()),
    ];
    let config = nido::config::Config::from_lookup(|name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })?;
    let state = nido::build_state(config).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(nido::serve(
        state.clone(),
        listener,
        std::future::pending::<()>(),
    ));
    println!(
        "idle: rss {:.1} MB, peak {:.1} MB",
        current_rss_mb(),
        peak_rss_mb()
    );

    // The file is a user's own (`usuarios/<id>/`): a signed link is served to its reader only
    // while they may read it, and a user may read their own files.
    let client = reqwest::Client::new();
    let made: serde_json::Value = client
        .post(format!("http://{addr}/api/usuarios"))
        .json(&serde_json::json!({"nombre": "Banco", "apellido": "Prueba",
            "email": "banco@example.org", "password": "una-clave-larga-de-banco"}))
        .send()
        .await?
        .json()
        .await?;
    let owner = made["_id"].as_str().unwrap_or_default().to_owned();
    anyhow::ensure!(!owner.is_empty(), "registration: {made}");
    let key = format!("usuarios/{owner}/large.bin");

    // 1 MB pieces of a pattern, made as they are asked for: the source holds one piece at a time.
    let piece: Bytes = (0..1024 * 1024).map(|i| (i % 251) as u8).collect();
    let pieces = (0..mb).map(move |_| Ok::<_, std::io::Error>(piece.clone()));
    reset_peak();
    let start = Instant::now();
    let written = state
        .files
        .put_stream(&state.db, &key, futures_util::stream::iter(pieces))
        .await?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "upload:   {written} bytes in {:.3} s = {:.0} MB/s, peak rss {:.1} MB",
        secs,
        mb as f64 / secs,
        peak_rss_mb()
    );

    let link = state.storage.signed_link(&key, &owner);
    reset_peak();
    let start = Instant::now();
    let res = client.get(format!("http://{addr}{link}")).send().await?;
    anyhow::ensure!(res.status().is_success(), "download: {}", res.status());
    let mut res = res;
    let mut read = 0usize;
    while let Some(chunk) = res.chunk().await? {
        read += chunk.len();
    }
    let secs = start.elapsed().as_secs_f64();
    anyhow::ensure!(read == len, "read {read} of {len} bytes");
    println!(
        "download: {read} bytes in {:.3} s = {:.0} MB/s, peak rss {:.1} MB (server and client in one process)",
        secs,
        mb as f64 / secs,
        peak_rss_mb()
    );
    Ok(())
}
