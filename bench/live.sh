#!/usr/bin/env bash
# Live events on two instances sharing one fresh PostgreSQL database (as behind a load balancer):
# FAMILIES families of MEMBERS seeded users, every user with one open stream (half on each
# instance); the servers' resident memory per idle stream, and the delay from a child edit on
# instance A until each member's stream on A and on B gets the event (EDITS edits spread over the
# families), next to the /api/health ceiling of the same run. The families are seeded by the
# hidden `bench families-seed`. BIN, else the release build if there is one, else the debug
# build. Not a test: nothing fails on a timing.
#
#   bash bench/live.sh
#   FAMILIES=1000 MEMBERS=4 EDITS=500 bash bench/live.sh
#   BIN=target/debug/nido FAMILIES=5 EDITS=5 DURATION=1s bash bench/live.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  if [ -x target/release/nido ]; then BIN=target/release/nido; else BIN=target/debug/nido; fi
fi
. bench/common.sh

FAMILIES=${FAMILIES:-250}
MEMBERS=${MEMBERS:-4}
EDITS=${EDITS:-200}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
PORT_A=${PORT_A:-18091}
PORT_B=${PORT_B:-18092}

# One descriptor per stream on each side, plus the database's and the client's own.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
need_wrk
bench_build bench live_bench
BUILD=$(basename "$(dirname "$BIN")")

DATA_A=$(mktemp -d)
DATA_B=$(mktemp -d)
SERVERS=()
DB_URL=
cleanup() {
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SERVERS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$DB_URL" ]; then drop_pg_db "$DB_URL" || true; fi
  rm -rf "$DATA_A" "$DATA_B"
}
trap cleanup EXIT
DB_URL=$(new_pg_db nido_bench_live)

start() { # data dir, port
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$2 NIDO_DATA_DIR=$1 NIDO_PUBLIC_URL=http://127.0.0.1:$2 \
    NIDO_RATE_LIMITS=off RUST_LOG=warn "$BIN" serve >"$1/server.log" 2>&1 &
  SERVERS+=($!)
  wait_up "http://127.0.0.1:$2" "$!" "$1/server.log"
}

DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA_A "$BIN" migrate >/dev/null
DATABASE_URL=$DB_URL NIDO_DATA_DIR=$DATA_A RUST_LOG=warn "$EXAMPLES/bench" families-seed --families "$FAMILIES" --members "$MEMBERS"
start "$DATA_A" "$PORT_A"
# Every instance of one deployment has the same keys.
for key in master.key signing-key.pem document-key.pem vapid.key; do
  if [ -f "$DATA_A/$key" ]; then cp -p "$DATA_A/$key" "$DATA_B/$key"; fi
done
start "$DATA_B" "$PORT_B"

echo "live events: 2 instances of the $BUILD build on one PostgreSQL database, $(nproc) cores shared by servers, database and client"
BASE_A=http://127.0.0.1:$PORT_A BASE_B=http://127.0.0.1:$PORT_B PID_A=${SERVERS[0]} PID_B=${SERVERS[1]} \
  FAMILIES=$FAMILIES MEMBERS=$MEMBERS EDITS=$EDITS "$EXAMPLES/live_bench"

if [ "${CEILING:-1}" != 0 ]; then
  echo
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$PORT_A/api/health")
  printf 'ceiling: GET /api/health on A, wrk 2 threads, %s connections, %s: %s req/s, p50 %s, p99 %s\n' \
    "$CONNECTIONS" "$DURATION" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
fi
