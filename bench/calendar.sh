#!/usr/bin/env bash
# The calendar under load, on SQLite and on PostgreSQL: FAMILIES families of two co-parents, each
# with a 2-2-5-5 custody schedule begun 400 days ago, two yearly holiday periods and EVENTS
# recurring events (seeded straight into the database by the hidden `nido bench-calendar-seed`).
# Next to the /api/health ceiling of the same run, at 32 connections, each request for a random
# family by one of its parents:
#   - a month of events (GET /api/eventos, this month);
#   - the month's nights (GET /api/familias/{id}/custodia/noches);
#   - a year's parenting-time report (GET /api/familias/{id}/custodia/reparto over 365 days).
# Goals: p99 under 10 ms for a month, under 20 ms for the year's report. Release build. Not a
# test: nothing fails on a timing.
#
#   bash bench/calendar.sh
#   BACKENDS=sqlite FAMILIES=200 bash bench/calendar.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/nido
FAMILIES=${FAMILIES:-1000}
EVENTS=${EVENTS:-50}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${PORT:-18096}
BASE="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
cargo build --quiet --release --locked --bin nido

MONTH_START=$(date -u +%Y-%m-01)
NEXT_MONTH=$(date -u -d "$MONTH_START +1 month" +%Y-%m-01)
MONTH_END=$(date -u -d "$NEXT_MONTH -1 day" +%Y-%m-%d)
YEAR_START=$(date -u -d "-365 days" +%Y-%m-%d)
YEAR_END=$(date -u -d "-1 day" +%Y-%m-%d)

LUA=$(mktemp -d)
# A random family (ids as `bench-calendar-seed` makes them), read by its first parent.
lua() { # file, path format with %s for the family id
  cat >"$LUA/$1" <<LUA
math.randomseed(os.time())
request = function()
  local f = math.random(1, $FAMILIES)
  local family = string.format("00000002-0000-7000-8000-%012d", f)
  local path = string.format("$2", family)
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-" .. (2 * f - 1)})
end
LUA
}
lua events.lua "/api/eventos?familiaId=%s&desde=${MONTH_START}T00:00:00Z&hasta=${NEXT_MONTH}T00:00:00Z"
lua nights.lua "/api/familias/%s/custodia/noches?desde=${MONTH_START}&hasta=${MONTH_END}"
lua share.lua "/api/familias/%s/custodia/reparto?desde=${YEAR_START}&hasta=${YEAR_END}"

run() { # name, wrk args...
  local name=$1; shift
  local out rps p50 p99 non2xx
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '  %-44s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${non2xx:-0}"
}

SERVER=
DATA=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$LUA" "$DATA"
}
trap cleanup EXIT

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS nido_bench_calendar" -c "CREATE DATABASE nido_bench_calendar"
    DB_URL="${PG_ADMIN%/*}/nido_bench_calendar"
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  echo "$backend: seeding"
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$BIN" bench-calendar-seed \
    --families "$FAMILIES" --events "$EVENTS"
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE NIDO_RATE_LIMITS=off \
    RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 300); do curl -sf "$BASE/api/health" >/dev/null && break; sleep 0.1; done
  echo "$backend: wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores shared by server, database and client"
  run "GET /api/health (ceiling)" "$BASE/api/health"
  # Until the users met have their sessions and memberships in memory (unmeasured).
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -s "$LUA/nights.lua" "$BASE" >/dev/null
  run "a month of events ($EVENTS series)" -s "$LUA/events.lua" "$BASE"
  run "a month of custody nights" -s "$LUA/nights.lua" "$BASE"
  run "a year's parenting-time report" -s "$LUA/share.lua" "$BASE"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  rm -rf "$DATA"
  if [ "$backend" = postgres ]; then psql -q "$PG_ADMIN" -c "DROP DATABASE nido_bench_calendar"; fi
done
