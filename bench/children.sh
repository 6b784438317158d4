#!/usr/bin/env bash
# GET /api/hijos and GET /api/hijos/{id} for random users of 10,000 seeded families (2 children
# each, with an activity, an appointment and two contacts, seeded by the hidden
# `bench families-seed`), next to the /api/health ceiling, on SQLite and on PostgreSQL, first
# with cold copies in memory, then warm. Not a test: nothing fails on a timing.
#
#   bash bench/children.sh                 # both backends, release build
#   BACKENDS=sqlite FAMILIES=2000 bash bench/children.sh
#   BIN=target/debug/nido FAMILIES=20 DURATION=1s bash bench/children.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

FAMILIES=${FAMILIES:-10000}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18081}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build bench

LUA=$(mktemp -d)
cat >"$LUA/list.lua" <<LUA
math.randomseed(os.time())
request = function()
  local i = math.random(1, $FAMILIES)
  return wrk.format("GET", nil, {["Authorization"] = "Bearer bench-token-" .. i})
end
LUA
cat >"$LUA/one.lua" <<LUA
math.randomseed(os.time())
request = function()
  local i = math.random(1, $FAMILIES)
  local path = string.format("/api/hijos/00000005-0000-7000-8000-%012d", i * 2)
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-" .. i})
end
LUA

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
    DB_URL=$(new_pg_db nido_bench_children)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$EXAMPLES/bench" families-seed --families "$FAMILIES"
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  echo "$backend: $FAMILIES families, wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores"
  ceiling "$BASE"
  # The first pass meets every user for the first time: sessions, memberships and children are
  # read from the database and kept. The next passes show the usual state, copies in memory.
  run "GET /api/hijos (cold copies)" -s "$LUA/list.lua" "$BASE/api/hijos"
  # Until every seeded user has been met once (unmeasured).
  warm -s "$LUA/list.lua" "$BASE/api/hijos"
  run "GET /api/hijos" -s "$LUA/list.lua" "$BASE/api/hijos"
  run "GET /api/hijos/{id}" -s "$LUA/one.lua" "$BASE/api/hijos"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
