#!/usr/bin/env bash
# A certified report of a busy family's year (docs/reports.md): MESSAGES (10,000) messages, EVENTS
# (2,000) events and EXPENSES (1,000) expenses seeded through the API (bench/reports.py), then a
# report of every section over the last 365 days, timed from the request to the PDF being kept,
# with the server's memory before and at its peak (goals: under 20 s, peak RSS under 300 MB); then
# that year's statistics under load (goal: p99 under 50 ms).
# SQLite then PostgreSQL (BACKENDS=sqlite for one), release build (BIN=target/debug/nido runs the
# debug build, to try the script at a small size), next to the /api/health ceiling of the same
# run. Not a test: nothing fails on a timing.
#
#   bash bench/reports.sh
#   BIN=target/debug/nido MESSAGES=50 EVENTS=10 EXPENSES=10 bash bench/reports.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
PORT=${PORT:-18098}
BACKENDS=${BACKENDS:-sqlite postgres}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build

SERVER=
DATA=
DB_URL=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [[ "$DB_URL" == postgres* ]]; then drop_pg_db "$DB_URL"; fi
  rm -rf "$DATA"
}
trap cleanup EXIT

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    DB_URL=$(new_pg_db nido_bench_reports)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn \
    "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"

  echo "== certified reports ($BIN, $backend)"
  ceiling "$BASE"
  VACUUMS=
  if [ "$backend" = postgres ] && [ "$(psql -Atq "$DB_URL" -c 'SHOW autovacuum')" = off ]; then
    # With autovacuum off (as on this machine's PostgreSQL) the planner never learns how the
    # tables grow, and every send updates its conversation's row, whose dead versions pile up:
    # a year seeded in minutes then crawls. A server with autovacuum on, the default, vacuums and
    # analyzes by itself; here the bench does it while seeding.
    ( while kill -0 "$SERVER" 2>/dev/null; do
        psql -q "$DB_URL" -c 'VACUUM ANALYZE conversaciones, mensajes, mensaje_vistas' 2>/dev/null
        sleep 2
      done ) &
    VACUUMS=$!
  fi
  python3 bench/reports.py "$BASE" "$SERVER" "$DATA/statistics"
  if [ -n "$VACUUMS" ]; then kill "$VACUUMS" 2>/dev/null || true; wait "$VACUUMS" 2>/dev/null || true; fi
  # The same busy year's statistics (/estadisticas: time by month, money, messages). The first
  # ask reads the year; each section is then kept until what it counts changes, so the load
  # measures what every open of the page costs between changes.
  read -r STATISTICS TOKEN <"$DATA/statistics"
  curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" \
    -w "  the busy year's statistics, first ask (read from the database): %{time_total} s\n" "$BASE$STATISTICS"
  run "the busy year's statistics" -H "Authorization: Bearer $TOKEN" "$BASE$STATISTICS"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
