#!/usr/bin/env bash
# Every benchmark at a tiny size, against the debug build `make test` already made (BIN): each
# seeds what it measures and makes one short pass, so that a bench that no longer runs (a seeder
# behind a migration, a route that moved, an answer that is now an error) fails `make test`.
# Figures are printed, never judged: at these sizes they mean nothing. A measured run answering
# anything but 2xx fails (BENCH_STRICT). `make bench-smoke` runs it.
#
#   BIN=target/debug/nido bash bench/smoke.sh
#   BIN=target/debug/nido bash bench/smoke.sh children.sh money.sh    # only these
set -euo pipefail
cd "$(dirname "$0")/.."
export BIN=${BIN:-target/debug/nido}
. bench/common.sh

# What each file of bench/ is run with. A file added to bench/ without a line here fails the
# smoke pass, so no bench is left out of it by accident.
declare -A SMOKE=(
  [accounts.sh]="USERS=3 bash bench/accounts.sh"
  [children.sh]="FAMILIES=20 bash bench/children.sh"
  [soak.sh]="FAMILIES=20 ROUNDS=1 bash bench/soak.sh"
  [calendar.sh]="FAMILIES=5 EVENTS=5 bash bench/calendar.sh"
  [messages.sh]="FAMILIES=10 MESSAGES=300 BIG=100 SENDS=3 FIRST=1s WORD_RUNS=1 TONE_ROUNDS=1 bash bench/messages.sh"
  [search_words.py]="(run by messages.sh, WORD_RUNS)"
  [money.sh]="EXPENSES=200 PAYMENTS=20 bash bench/money.sh"
  [professionals.sh]="MESSAGES=10 bash bench/professionals.sh"
  [live.sh]="FAMILIES=5 MEMBERS=4 EDITS=5 bash bench/live.sh"
  [record.sh]="FAMILIES=10 WRITERS=4 WRITES=100 bash bench/record.sh"
  [files.sh]="SIZE_MB=1 bash bench/files.sh"
  [reports.sh]="MESSAGES=40 EVENTS=10 EXPENSES=10 bash bench/reports.sh"
  [reports.py]="(run by reports.sh)"
  [documents.sh]="SIZE_MB=1 ROUNDS=1 bash bench/documents.sh"
  [documents.py]="(run by documents.sh)"
  [uploads.py]="LARGE=0 CLIENTS=2 python3 bench/uploads.py"
  [crash.py]="PORT=18093 KILL_AFTER=2 CLIENTS=4 python3 bench/crash.py sqlite 1 && PORT=18093 KILL_AFTER=2 CLIENTS=4 python3 bench/crash.py postgres 1"
  [site.sh]="PAGES=/ LOCALES=es-AR bash bench/site.sh"
  [landing_js.mjs]="(run by site.sh)"
  [outage.py]="(not run: it stops the machine's PostgreSQL cluster, which the other tests use)"
  [common.sh]="(sourced by the others)"
  [smoke.sh]="(this file)"
)
# Longest first, so that those running at once end close together.
ORDER=(site.sh calendar.sh messages.sh live.sh money.sh children.sh soak.sh crash.py accounts.sh uploads.py
  record.sh files.sh documents.sh reports.sh professionals.sh)

missing=()
for file in bench/*; do
  name=$(basename "$file")
  [ "$name" = README.md ] && continue
  [ -n "${SMOKE[$name]:-}" ] || missing+=("$name")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench/smoke.sh does not say how to run: ${missing[*]}" >&2
  exit 1
fi

# Tiny figures, but real answers: 4 connections, 1-second runs, no unmeasured passes nor
# /api/health ceilings, and a non-2xx answer fails. Everything is built here once, for every script.
export CONNECTIONS=4 DURATION=1s WARMUP=0 CEILING=0 BENCH_STRICT=1
need_wrk
bench_build bench live_bench messages_bench files_bench
export BENCH_BUILT=1

# One database migrated once; each script's PostgreSQL database is a copy of it.
PG_TEMPLATE=
TEMPLATE_DATA=$(mktemp -d)
LOGS=$(mktemp -d)
cleanup() {
  if [ -n "$PG_TEMPLATE" ]; then drop_pg_db "${PG_ADMIN%/*}/$PG_TEMPLATE"; fi
  rm -rf "$TEMPLATE_DATA" "$LOGS"
}
trap cleanup EXIT
template_url=$(new_pg_db nido_bench_template)
PG_TEMPLATE=${template_url##*/}
# Migrations alone (a seeder's first step, here with nothing to seed): `nido migrate` would also
# record this data folder's master key in the database, which the copies' folders do not hold.
DATABASE_URL=$template_url NIDO_DATA_DIR=$TEMPLATE_DATA RUST_LOG=warn "$EXAMPLES/bench" families-seed --families 0 >/dev/null
export PG_TEMPLATE

chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=("${ORDER[@]}")
for name in "${chosen[@]}"; do
  [[ -n "${SMOKE[$name]:-}" && "${SMOKE[$name]}" != "("* ]] || { echo "bench/smoke.sh: nothing to run for $name" >&2; exit 1; }
done

# Three at a time (JOBS): much of a bench's time is a server starting, a database being made or
# seeded, a client or Lighthouse waiting; three keep both cores busy (measured on this 2-core
# machine under the same load: 71 s for the lot, 83 s two at a time, 72 s four at a time).
# Each one's output is shown when it ends.
JOBS=${JOBS:-3}
declare -A NAME_OF=() BEGAN=()
times=()
failed=()
finish_one() {
  local pid status=0 name
  wait -n -p pid || status=$?
  name=${NAME_OF[$pid]}
  unset "NAME_OF[$pid]"
  echo "== $name: ${SMOKE[$name]}"
  cat "$LOGS/$name.log"
  times+=("$(printf '%-16s %4d s' "$name" $((SECONDS - BEGAN[$name])))")
  if [ "$status" -ne 0 ]; then
    echo "== $name failed (exit $status)"
    failed+=("$name")
  fi
}
started=$SECONDS
for name in "${chosen[@]}"; do
  while [ ${#NAME_OF[@]} -ge "$JOBS" ]; do finish_one; done
  bash -c "${SMOKE[$name]}" >"$LOGS/$name.log" 2>&1 &
  NAME_OF[$!]=$name
  BEGAN[$name]=$SECONDS
done
while [ ${#NAME_OF[@]} -gt 0 ]; do finish_one; done

echo "== the benches at a tiny size, $JOBS at a time, in $((SECONDS - started)) s:"
printf '   %s\n' "${times[@]}"
echo "   outage.py ${SMOKE[outage.py]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "== failed: ${failed[*]}" >&2
  exit 1
fi
