#!/usr/bin/env bash
# The calendar under load, on SQLite and on PostgreSQL: FAMILIES families of two co-parents, each
# with a 2-2-5-5 custody schedule begun 400 days ago, two yearly holiday periods and EVENTS
# recurring events (seeded straight into the database by the `bench calendar-seed` example (server/examples/bench)).
# Next to the /api/health ceiling of the same run, at 32 connections, each request for a random
# family by one of its parents:
#   - a month of events (GET /api/eventos, this month);
#   - the month's nights (GET /api/familias/{id}/custodia/noches);
#   - a year's parenting-time report (GET /api/familias/{id}/custodia/reparto over 365 days).
# Each is measured twice: first openings (a window no one has asked for since the server started,
# so read from the database and computed), then openings of the current month or year again (the
# answers kept in memory, calendar::kept). Goals: p99 under 10 ms for a month, under 20 ms for
# the year's report. Release build (BIN=target/debug/nido runs the debug build, to try the
# script at a small size). Not a test: nothing fails on a timing.
#
#   bash bench/calendar.sh
#   BACKENDS=sqlite FAMILIES=200 bash bench/calendar.sh
#   BIN=target/debug/nido FAMILIES=5 EVENTS=5 DURATION=1s bash bench/calendar.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

FAMILIES=${FAMILIES:-1000}
EVENTS=${EVENTS:-50}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18096}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build bench

MONTH_START=$(date -u +%Y-%m-01)
NEXT_MONTH=$(date -u -d "$MONTH_START +1 month" +%Y-%m-01)
MONTH_END=$(date -u -d "$NEXT_MONTH -1 day" +%Y-%m-%d)
YEAR_START=$(date -u -d "-365 days" +%Y-%m-%d)
YEAR_END=$(date -u -d "-1 day" +%Y-%m-%d)

LUA=$(mktemp -d)
# A random family (ids as `bench calendar-seed` makes them), read by its first parent.
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
# Every request a window never asked before: family n mod FAMILIES, its start moved by one more
# day each time every family has had a turn (each wrk thread takes every other n).
first() { # file, path format with %s for the family id and the two dates, first date, span in days
  # One `date` for the 120 dates (a process each costs seconds on a busy machine).
  local dates
  dates=$(for d in $(seq 0 59); do echo "$3 +$d days"; echo "$3 +$((d + $4)) days"; done |
    date -u -f - +%Y-%m-%d | paste -d' ' - - | awk '{printf "{\"%s\", \"%s\"},", $1, $2}')
  cat >"$LUA/$1" <<LUA
local windows = {$dates}
local threads = 0
function setup(thread) thread:set("n", threads); threads = threads + 1 end
request = function()
  local f = 1 + (n % $FAMILIES)
  local w = windows[1 + (math.floor(n / $FAMILIES) % #windows)]
  n = n + 2
  local family = string.format("00000002-0000-7000-8000-%012d", f)
  local path = string.format("$2", family, w[1], w[2])
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-" .. (2 * f - 1)})
end
LUA
}
first events-first.lua "/api/eventos?familiaId=%s&desde=%sT00:00:00Z&hasta=%sT00:00:00Z" "$MONTH_START" 30
first nights-first.lua "/api/familias/%s/custodia/noches?desde=%s&hasta=%s" "$MONTH_START" 29
first share-first.lua "/api/familias/%s/custodia/reparto?desde=%s&hasta=%s" "$YEAR_START" 364
first statistics-first.lua "/api/familias/%s/estadisticas?desde=%s&hasta=%s" "$YEAR_START" 364
users_lua "$LUA/users.lua" $((2 * FAMILIES))
lua events.lua "/api/eventos?familiaId=%s&desde=${MONTH_START}T00:00:00Z&hasta=${NEXT_MONTH}T00:00:00Z"
lua nights.lua "/api/familias/%s/custodia/noches?desde=${MONTH_START}&hasta=${MONTH_END}"
lua share.lua "/api/familias/%s/custodia/reparto?desde=${YEAR_START}&hasta=${YEAR_END}"
# Each section is kept by its domain's versions (the calendar's, the money's, the conversations').
lua statistics.lua "/api/familias/%s/estadisticas?desde=${YEAR_START}&hasta=${YEAR_END}"


SERVER=
DATA=
DB_URL=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [[ "$DB_URL" == postgres* ]]; then drop_pg_db "$DB_URL"; fi
  rm -rf "$LUA" "$DATA"
}
trap cleanup EXIT

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    DB_URL=$(new_pg_db nido_bench_calendar)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  echo "$backend: seeding"
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$EXAMPLES/bench" calendar-seed \
    --families "$FAMILIES" --events "$EVENTS"
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE NIDO_RATE_LIMITS=off \
    RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  # What is measured must be an answer: a failing route would measure its error.
  statistics="/api/familias/00000002-0000-7000-8000-000000000001/estadisticas?desde=${YEAR_START}&hasta=${YEAR_END}"
  curl -sf -H "Authorization: Bearer bench-token-1" "$BASE$statistics" >/dev/null \
    || { echo "$backend: GET $statistics failed"; tail -20 "$DATA/server.log"; exit 1; }
  echo "$backend: wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores shared by server, database and client"
  ceiling "$BASE"
  # Sessions into memory (unmeasured), through another route.
  warm -s "$LUA/users.lua" "$BASE"
  run "a month of events ($EVENTS series), first" -s "$LUA/events-first.lua" "$BASE"
  run "a month of custody nights, first" -s "$LUA/nights-first.lua" "$BASE"
  run "a year's parenting-time report, first" -s "$LUA/share-first.lua" "$BASE"
  run "a year's statistics (time by month, money, messages), first" -s "$LUA/statistics-first.lua" "$BASE"
  # Until every family's current month and year are kept (unmeasured).
  for kind in events nights share statistics; do
    warm -s "$LUA/$kind.lua" "$BASE"
  done
  run "a month of events ($EVENTS series), again" -s "$LUA/events.lua" "$BASE"
  run "a month of custody nights, again" -s "$LUA/nights.lua" "$BASE"
  run "a year's parenting-time report, again" -s "$LUA/share.lua" "$BASE"
  run "a year's statistics (time by month, money, messages), again" -s "$LUA/statistics.lua" "$BASE"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
