#!/usr/bin/env bash
# Upload and download of a 25 MB file through the file service (encrypted at rest, streamed), on
# the release build (BIN=target/debug/nido: the debug build of the example, to try it): throughput
# and the process's peak resident memory in each phase.
#   bash bench/files.sh            SIZE_MB=100 bash bench/files.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
bench_build files_bench
SIZE_MB="${SIZE_MB:-25}" RUST_LOG=warn "$EXAMPLES/files_bench"
