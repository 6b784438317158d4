#!/usr/bin/env bash
# A 25 MB document uploaded and downloaded through /api/documentos, next to copying the same file
# on disk, with the server's peak memory in each direction (bench/documents.py says how).
#   bash bench/documents.sh          SIZE_MB=100 ROUNDS=3 bash bench/documents.sh
#   BIN=target/debug/nido SIZE_MB=1 ROUNDS=1 bash bench/documents.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
bench_build
BIN=$BIN exec python3 bench/documents.py
