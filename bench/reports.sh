#!/usr/bin/env bash
# A certified report of a busy family's year (docs/reports.md): MESSAGES (10,000) messages, EVENTS
# (2,000) events and EXPENSES (1,000) expenses seeded through the API (bench/reports.py), then a
# report of every section over the last 365 days, timed from the request to the PDF being kept,
# with the server's memory before and at its peak (goals: under 20 s, peak RSS under 300 MB); then
# that year's statistics under load (goal: p99 under 50 ms).
# SQLite, release build (BIN=target/debug/nido runs the debug build, to try the script at a small
# size), next to the /api/health ceiling of the same run. Not a test: nothing fails on a timing.
#
#   bash bench/reports.sh
#   BIN=target/debug/nido MESSAGES=50 EVENTS=10 EXPENSES=10 bash bench/reports.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
PORT=${PORT:-18098}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build

DATA=$(mktemp -d)
NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
wait_up "$BASE" "$SERVER" "$DATA/server.log"

echo "== certified reports ($BIN, SQLite)"
ceiling "$BASE"
python3 bench/reports.py "$BASE" "$SERVER" "$DATA/statistics"
# The same busy year's statistics (/estadisticas: time by month, money, messages). The first ask
# reads the year; each section is then kept until what it counts changes, so the load measures
# what every open of the page costs between changes.
read -r STATISTICS TOKEN <"$DATA/statistics"
curl -s -o /dev/null -H "Authorization: Bearer $TOKEN" \
  -w "the busy year's statistics, first ask (read from the database): %{time_total} s\n" "$BASE$STATISTICS"
run "the busy year's statistics" -H "Authorization: Bearer $TOKEN" "$BASE$STATISTICS"
