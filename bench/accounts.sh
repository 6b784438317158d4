#!/usr/bin/env bash
# Load figures for the accounts endpoints, each next to the /api/health ceiling of the same run.
# Starts the release server on a fresh SQLite data dir with seeded users, drives it with wrk
# (from Debian), prints requests/s and p50/p99 latency. Not a test: nothing fails on a timing.
#
#   bash bench/accounts.sh            # 32 connections, 10 s per endpoint
#   CONNECTIONS=64 DURATION=20s bash bench/accounts.sh
#   BIN=target/debug/nido USERS=5 DURATION=1s bash bench/accounts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
USERS=${USERS:-50}
PORT=${PORT:-18080}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build

DATA=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
SERVER=$!
wait_up "$BASE" "$SERVER" "$DATA/server.log"

echo "seeding $USERS users..."
TOKENS=()
for i in $(seq "$USERS"); do
  answer=$(curl -sf -X POST "$BASE/api/usuarios" -H 'content-type: application/json' \
    -d "{\"nombre\":\"Bench\",\"apellido\":\"User$i\",\"email\":\"bench$i@example.org\",\"password\":\"tormenta-de-banco-$i\"}")
  TOKENS+=("\"$(sed -E 's/.*"token":"([^"]+)".*/\1/' <<<"$answer")\"")
done

# Profile reads rotate over every seeded user's token.
PROFILE_LUA=$(mktemp --suffix=.lua)
{
  echo "local tokens = {$(IFS=,; echo "${TOKENS[*]}")}"
  cat <<'LUA'
local n = 0
request = function()
  n = n % #tokens + 1
  return wrk.format("GET", nil, {["Authorization"] = "Bearer " .. tokens[n]})
end
LUA
} >"$PROFILE_LUA"

LUA=$(mktemp --suffix=.lua)
cat >"$LUA" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n % $USERS + 1
  return wrk.format(nil, nil, nil, string.format('{"email":"bench%d@example.org","password":"tormenta-de-banco-%d"}', n, n))
end
LUA

echo "wrk: $THREADS threads, $CONNECTIONS connections, $DURATION per endpoint, $(nproc) cores"
ceiling "$BASE"
run "GET /api/usuarios/perfil (auth)" -s "$PROFILE_LUA" "$BASE/api/usuarios/perfil"
run "POST /api/usuarios/login (argon2)" -s "$LUA" "$BASE/api/usuarios/login"
rm -f "$LUA" "$PROFILE_LUA"
echo "argon2id parameters: m=19456 KiB, t=2, p=1 (the argon2 crate's defaults)"
