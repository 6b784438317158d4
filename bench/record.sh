#!/usr/bin/env bash
# What appending to the family record costs: 32 concurrent writers over 1,000 families, each write
# a transaction updating a random family's row, first alone, then with a record entry appended
# in the same transaction; p50 and p99 per write and writes per second, on SQLite and PostgreSQL.
# Then every chain is verified. Not a test: nothing fails on a timing.
#
#   bash bench/record.sh                   # both backends
#   BACKENDS=sqlite WRITES=5000 bash bench/record.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-target/release/nido}
FAMILIES=${FAMILIES:-1000}
WRITERS=${WRITERS:-32}
WRITES=${WRITES:-20000}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}

[ -x "$BIN" ] || { echo "build first: make build" >&2; exit 1; }

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  echo "== $backend"
  if [ "$backend" = postgres ]; then
    DB="nido_bench_record_$$"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $DB"
    URL="${PG_ADMIN%/*}/$DB"
  else
    URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  NIDO_DATA_DIR="$DATA" DATABASE_URL="$URL" RUST_LOG=warn \
    "$BIN" bench-record --families "$FAMILIES" --writers "$WRITERS" --writes "$WRITES"
  if [ "$backend" = postgres ]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE $DB WITH (FORCE)"
  fi
  rm -rf "$DATA"
done
