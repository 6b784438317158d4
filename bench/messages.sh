#!/usr/bin/env bash
# Messages at scale, on SQLite and on PostgreSQL: 1,000,000 messages over 10,000 families of two
# co-parents, one family holding 100,000 in one conversation (seeded straight into the database by
# the `bench messages-seed` example (server/examples/bench)). Next to the /api/health ceiling of the same run:
#   - opening a conversation's newest 50 (GET /api/conversaciones/{id}/mensajes) at 32
#     connections, in random small families and in the 100,000-message conversation;
#   - a search in the 100,000-message family (GET /api/mensajes/buscar), words of every frequency;
#   - a sent message reaching the recipient's open stream (server/examples/messages_bench.rs);
#   - with WORD_RUNS set, each search word alone, one request at a time (bench/search_words.py);
# and, once, `bench tone` (rating a 2,000-character message, TONE_ROUNDS times). Release
# build (BIN=target/debug/nido runs the debug build, to try the script at a small size). Not a
# test: nothing fails on a timing.
#
#   bash bench/messages.sh
#   BACKENDS=sqlite FAMILIES=1000 MESSAGES=100000 BIG=20000 bash bench/messages.sh
#   BIN=target/debug/nido FAMILIES=10 MESSAGES=300 BIG=100 SENDS=3 DURATION=1s FIRST=1s bash bench/messages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

FAMILIES=${FAMILIES:-10000}
MESSAGES=${MESSAGES:-1000000}
BIG=${BIG:-100000}
SENDS=${SENDS:-200}
WORD_RUNS=${WORD_RUNS:-0}
TONE_ROUNDS=${TONE_ROUNDS:-20}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
# Short enough that the first openings do not wrap around to conversations already opened.
FIRST=${FIRST:-4s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18095}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build bench messages_bench

LUA=$(mktemp -d)
# The first conversation of a random family other than the big one, read by its first parent.
cat >"$LUA/small.lua" <<LUA
math.randomseed(os.time())
request = function()
  local f = math.random(2, $FAMILIES)
  local path = string.format("/api/conversaciones/0000000c-0000-7000-8000-%012d/mensajes", 2 + 2 * (f - 2))
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-" .. (2 * f - 1)})
end
LUA
# Every small family's conversation once, in order (each wrk thread takes every other one): each
# is a first opening, read from the database, as long as the run does not wrap around.
cat >"$LUA/first.lua" <<LUA
local threads = 0
function setup(thread) thread:set("n", threads); threads = threads + 1 end
request = function()
  local f = 2 + (n % ($FAMILIES - 1))
  n = n + 2
  local path = string.format("/api/conversaciones/0000000c-0000-7000-8000-%012d/mensajes", 2 + 2 * (f - 2))
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-" .. (2 * f - 1)})
end
LUA
users_lua "$LUA/users.lua" $((2 * FAMILIES))
cat >"$LUA/big.lua" <<LUA
request = function()
  return wrk.format("GET", nil, {["Authorization"] = "Bearer bench-token-1"})
end
LUA
# Words found in most messages, in some, in few, and in none.
cat >"$LUA/search.lua" <<LUA
math.randomseed(os.time())
local words = {"el", "the", "pediatra", "colegio", "school", "fiebre", "dentist", "natacion", "mochila", "cumple", "zanahoria", "xilofono"}
request = function()
  local q = words[math.random(1, #words)]
  local path = "/api/mensajes/buscar?familiaId=00000002-0000-7000-8000-000000000001&q=" .. q
  return wrk.format("GET", path, {["Authorization"] = "Bearer bench-token-1"})
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
    DB_URL=$(new_pg_db nido_bench_messages)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  echo "$backend: seeding"
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$EXAMPLES/bench" messages-seed \
    --families "$FAMILIES" --messages "$MESSAGES" --big "$BIG"
  # A bulk load has no planner statistics and no visibility map until autovacuum comes by; a
  # database that grew over years has had autovacuum after its rows, as this one now does.
  if [ "$backend" = postgres ]; then psql -q "$DB_URL" -c "VACUUM ANALYZE"; fi
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE NIDO_RATE_LIMITS=off \
    RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  echo "$backend: wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores shared by server, database and client"
  ceiling "$BASE"
  # Sessions and memberships into memory (unmeasured), through another route.
  warm -s "$LUA/users.lua" "$BASE"
  run "newest 50, first openings (from the database)" -d"$FIRST" -s "$LUA/first.lua" "$BASE"
  # Until every conversation's newest page is kept (unmeasured).
  warm -s "$LUA/first.lua" "$BASE"
  run "newest 50, random small conversations" -s "$LUA/small.lua" "$BASE"
  run "newest 50, the 100,000-message conversation" -s "$LUA/big.lua" \
    "$BASE/api/conversaciones/0000000c-0000-7000-8000-000000000001/mensajes"
  run "search in the 100,000-message family" -s "$LUA/search.lua" "$BASE"
  if [ "$WORD_RUNS" -gt 0 ]; then python3 bench/search_words.py "$BASE" "$WORD_RUNS"; fi
  BASE=$BASE SENDS=$SENDS "$EXAMPLES/messages_bench"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done

echo "tone:"
"$EXAMPLES/bench" tone --rounds "$TONE_ROUNDS"
