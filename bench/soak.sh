#!/usr/bin/env bash
# A bounded soak: mixed reads and writes from random users of seeded families (the hidden
# `bench families-seed`), at 32 connections, round after round (a minute each), on SQLite
# and on PostgreSQL. Each round prints its throughput, errors, p50/p99 and the server's resident
# memory, so that a drift (slower, bigger, failing) shows. Not a test: nothing fails on a timing;
# the script exits non-zero only on errors (non-2xx or socket errors).
#
#   bash bench/soak.sh                          # 5 rounds of a minute per backend, 32 connections
#   ROUNDS=2 BACKENDS=sqlite bash bench/soak.sh
#   BIN=target/debug/nido FAMILIES=20 ROUNDS=1 DURATION=1s bash bench/soak.sh
#
# The mix per request: 40% GET /api/hijos, 25% GET /api/hijos/{id}, 10% GET /api/familias,
# 15% PUT /api/hijos/{id}/actividades/{actividadId}, 10% PUT /api/hijos/{id}/informacion-medica.
# The writes change records rather than add them, so the data keeps its size and a drift in speed
# or memory would be the server's own.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

FAMILIES=${FAMILIES:-2000}
CONNECTIONS=${CONNECTIONS:-32}
# MINUTES is the older name of ROUNDS, from when a round was always a minute.
ROUNDS=${ROUNDS:-${MINUTES:-5}}
DURATION=${DURATION:-60s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18083}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build bench

LUA=$(mktemp -d)
cat >"$LUA/mix.lua" <<LUA
math.randomseed(os.time() + os.clock() * 1000)
local days = {"lunes", "martes", "miercoles", "jueves", "viernes"}
request = function()
  local i = math.random(1, $FAMILIES)
  local n = i * 2 + math.random(0, 1)
  local child = string.format("/api/hijos/00000005-0000-7000-8000-%012d", n)
  local activity = string.format("/actividades/00000006-0000-7000-8000-%012d", n)
  local headers = {["Authorization"] = "Bearer bench-token-" .. i, ["Content-Type"] = "application/json"}
  local r = math.random(1, 100)
  if r <= 40 then
    return wrk.format("GET", "/api/hijos", headers)
  elseif r <= 65 then
    return wrk.format("GET", child, headers)
  elseif r <= 75 then
    return wrk.format("GET", "/api/familias", headers)
  elseif r <= 90 then
    local body = string.format('{"nombre":"Taller %d","diasSemana":["%s"],"horaInicio":"17:00","horaFin":"18:00"}', math.random(1, 999), days[math.random(1, 5)])
    return wrk.format("PUT", child .. activity, headers, body)
  else
    local body = string.format('{"doctorPrimario":{"nombre":"Dra. %d","telefono":"011 4444-5555"},"alergias":["polen"],"medicamentos":[],"condicionesEspeciales":[]}', math.random(1, 999))
    return wrk.format("PUT", child .. "/informacion-medica", headers, body)
  end
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

status=0
for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    DB_URL=$(new_pg_db nido_soak)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$EXAMPLES/bench" families-seed --families "$FAMILIES"
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  echo "$backend: $FAMILIES families, $CONNECTIONS connections, $ROUNDS x $DURATION, $(nproc) cores"
  printf '  %-8s %10s %8s %10s %10s %10s\n' round "req/s" errors p50 p99 "RSS MiB"
  first_rss=""
  for round in $(seq "$ROUNDS"); do
    out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$LUA/mix.lua" "$BASE")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out")
    p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
    sockerr=$(awk '/Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}' <<<"$out")
    errors=$(( ${non2xx:-0} + ${sockerr:-0} ))
    rss=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$SERVER/status")
    [ -z "$first_rss" ] && first_rss=$rss
    printf '  %-8s %10s %8s %10s %10s %10s\n' "$round" "$rps" "$errors" "$p50" "$p99" "$rss"
    [ "$errors" -eq 0 ] || status=1
  done
  growth=$(awk -v a="$first_rss" -v b="$rss" 'BEGIN {printf "%+.1f%%", (b - a) / a * 100}')
  echo "  memory after the first round: $first_rss MiB, at the end: $rss MiB ($growth)"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
exit "$status"
