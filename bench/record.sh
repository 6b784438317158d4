#!/usr/bin/env bash
# What appending to the family record costs: 32 concurrent writers over 1,000 families, each write
# a transaction updating a random family's row, first alone, then with a record entry appended
# in the same transaction; p50 and p99 per write and writes per second, on SQLite and PostgreSQL.
# Then every chain is verified. Not a test: nothing fails on a timing.
#
#   bash bench/record.sh                   # both backends
#   BACKENDS=sqlite WRITES=5000 bash bench/record.sh
#   BIN=target/debug/nido FAMILIES=10 WRITERS=4 WRITES=100 bash bench/record.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

FAMILIES=${FAMILIES:-1000}
WRITERS=${WRITERS:-32}
WRITES=${WRITES:-20000}
BACKENDS=${BACKENDS:-sqlite postgres}

bench_build bench

DATA=
URL=
cleanup() {
  if [[ "$URL" == postgres* ]]; then drop_pg_db "$URL"; fi
  rm -rf "$DATA"
}
trap cleanup EXIT

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  echo "== $backend"
  if [ "$backend" = postgres ]; then
    URL=$(new_pg_db nido_bench_record)
  else
    URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  NIDO_DATA_DIR="$DATA" DATABASE_URL="$URL" RUST_LOG=warn \
    "$EXAMPLES/bench" record --families "$FAMILIES" --writers "$WRITERS" --writes "$WRITES"
  if [ "$backend" = postgres ]; then drop_pg_db "$URL"; fi
  URL=
  rm -rf "$DATA"
  DATA=
done
