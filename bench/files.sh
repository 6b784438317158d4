#!/usr/bin/env bash
# Upload and download of a 25 MB file through the file service (encrypted at rest, streamed), on
# the release build: throughput and the process's peak resident memory in each phase.
#   bash bench/files.sh            SIZE_MB=100 bash bench/files.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE_MB="${SIZE_MB:-25}" RUST_LOG=warn cargo run --quiet --release --example files_bench
