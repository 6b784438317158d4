#!/usr/bin/env bash
# GET /api/hijos and GET /api/hijos/{id} for random users of 10,000 seeded families (2 children
# each, with an activity, an appointment and two contacts), next to the /api/health ceiling, on
# SQLite and on PostgreSQL, first with cold copies in memory, then warm. Not a test: nothing fails
# on a timing.
#
#   bash bench/children.sh                 # both backends
#   BACKENDS=sqlite FAMILIES=2000 bash bench/children.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/nido
FAMILIES=${FAMILIES:-10000}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${PORT:-18081}
BASE="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
[ -x "$BIN" ] || { echo "build first: make build" >&2; exit 1; }

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

run() { # name, wrk args...
  local name=$1; shift
  local out rps p50 p99 non2xx
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $4}' <<<"$out")
  printf '  %-28s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${non2xx:-0}"
}

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS nido_bench" -c "CREATE DATABASE nido_bench"
    DB_URL="${PG_ADMIN%/*}/nido_bench"
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  python3 bench/seed_families.py "$DB_URL" "$FAMILIES"
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "$BASE/api/health" >/dev/null && break; sleep 0.1; done
  echo "$backend: $FAMILIES families, wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores"
  run "GET /api/health (ceiling)" "$BASE/api/health"
  # The first pass meets every user for the first time: sessions, memberships and children are
  # read from the database and kept. The next passes show the usual state, copies in memory.
  run "GET /api/hijos (cold copies)" -s "$LUA/list.lua" "$BASE/api/hijos"
  # Until every seeded user has been met once (unmeasured).
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -s "$LUA/list.lua" "$BASE/api/hijos" >/dev/null
  run "GET /api/hijos" -s "$LUA/list.lua" "$BASE/api/hijos"
  run "GET /api/hijos/{id}" -s "$LUA/one.lua" "$BASE/api/hijos"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  rm -rf "$DATA"
  [ "$backend" = postgres ] && psql -q "$PG_ADMIN" -c "DROP DATABASE nido_bench"
done
rm -rf "$LUA"
