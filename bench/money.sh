#!/usr/bin/env bash
# Money at scale, on SQLite and on PostgreSQL: one family of two co-parents with EXPENSES
# (100,000) expenses and PAYMENTS (2,000) payments between them over ten years, seeded straight
# into the database by the `bench money-seed` example (server/examples/bench), which keeps the running balances
# (`saldos`) as the API would and checks them against the history before it ends. Next to the
# /api/health ceiling of the same run, at 32 connections, each request by one of the parents:
#   - the family's balance (GET /api/familias/{id}/balance), read from the running balances;
#   - the expense list's first page (GET /api/gastos?familiaId=…), the newest 50.
# Goals: p99 under 10 ms for the balance, under 20 ms for the list's first page. Release build
# (BIN=target/debug/nido runs the debug build instead, without building, to try the script at a
# small size). Not a test: nothing fails on a timing.
#
#   bash bench/money.sh
#   BIN=target/debug/nido BACKENDS=sqlite EXPENSES=2000 PAYMENTS=100 DURATION=3s bash bench/money.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

EXPENSES=${EXPENSES:-100000}
PAYMENTS=${PAYMENTS:-2000}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18097}
BASE="http://127.0.0.1:$PORT"
# As `bench money-seed` makes it: family 1, its parents users 1 and 2.
FAMILY=00000002-0000-7000-8000-000000000001

need_wrk
bench_build bench

LUA=$(mktemp -d)
# Either parent, at random.
parent() { # file, path
  cat >"$LUA/$1" <<LUA
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "$2", {["Authorization"] = "Bearer bench-token-" .. math.random(1, 2)})
end
LUA
}
parent balance.lua "/api/familias/$FAMILY/balance"
parent list.lua "/api/gastos?familiaId=$FAMILY"
users_lua "$LUA/users.lua" 2

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
    DB_URL=$(new_pg_db nido_bench_money)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA "$BIN" migrate >/dev/null
  echo "$backend: seeding"
  DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA RUST_LOG=warn "$EXAMPLES/bench" money-seed \
    --expenses "$EXPENSES" --payments "$PAYMENTS"
  # Seeding 100,000 expenses in a few minutes raises the family's money version once per row
  # (m0032's triggers), leaving hundreds of thousands of dead versions of that one row; a
  # database that grew over years has had autovacuum after them, as this one now does.
  if [ "$backend" = postgres ]; then psql -q "$DB_URL" -c "VACUUM ANALYZE"; fi
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE NIDO_RATE_LIMITS=off \
    RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  # What is measured must be an answer: a failing route would measure its error.
  for path in "/api/familias/$FAMILY/balance" "/api/gastos?familiaId=$FAMILY"; do
    curl -sf -H "Authorization: Bearer bench-token-1" "$BASE$path" >/dev/null \
      || { echo "$backend: GET $path failed"; tail -20 "$DATA/server.log"; exit 1; }
  done
  echo "$backend: balance $(curl -sf -H "Authorization: Bearer bench-token-1" "$BASE/api/familias/$FAMILY/balance")"
  echo "$backend: wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores shared by server, database and client"
  ceiling "$BASE"
  # Sessions and memberships into memory (unmeasured), through another route.
  warm -s "$LUA/users.lua" "$BASE"
  run "the balance ($EXPENSES expenses, $PAYMENTS payments)" -s "$LUA/balance.lua" "$BASE"
  run "the expense list's first page (50)" -s "$LUA/list.lua" "$BASE"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
