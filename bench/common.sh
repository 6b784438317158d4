# Shared by the benchmark scripts: sourced, not run.
#
# BIN names the server binary a script runs (the release build by default, built first when it
# is the one asked for); the examples a script runs (server/examples) are built in the same
# profile and found beside it. PG_TEMPLATE, when set, names a PostgreSQL database that the same
# binary already migrated: each script's database is then a copy of it (bench/smoke.sh does this,
# so that each script does not spend seconds on migrations).

BIN=${BIN:-target/release/nido}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}

# Builds what the script needs (the release binary if it is BIN, and the named examples) and
# sets EXAMPLES to the folder the examples are in. BENCH_BUILT says it is all built already (the
# smoke pass builds once for every script).
bench_build() { # example names...
  local profile=() targets=()
  case "$BIN" in
    target/release/*) profile=(--release) ;;
  esac
  if [ "$BIN" = target/release/nido ]; then targets+=(--bin nido); fi
  for example in "$@"; do targets+=(--example "$example"); done
  if [ ${#targets[@]} -gt 0 ] && [ -z "${BENCH_BUILT:-}" ]; then
    cargo build --quiet --locked "${profile[@]}" "${targets[@]}"
  fi
  [ -x "$BIN" ] || { echo "$BIN is missing: build it first (make build, or cargo build)" >&2; exit 1; }
  if [ ${#profile[@]} -gt 0 ]; then EXAMPLES=target/release/examples; else EXAMPLES=target/debug/examples; fi
}

# wrk from Debian's packages, installed when missing.
need_wrk() {
  command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
}

# One statement on the admin database. When PostgreSQL has no connection free (other test runs
# on the same machine can hold them all for a while), it waits for one, up to a minute.
pg_admin() { # SQL
  local deadline=$((SECONDS + 60)) err
  until err=$(psql -q "$PG_ADMIN" -c "$1" 2>&1 >/dev/null); do
    if [[ "$err" != *"too many clients"* ]] || [ "$SECONDS" -ge "$deadline" ]; then
      echo "$err" >&2
      return 1
    fi
    sleep 1
  done
}

# A fresh PostgreSQL database with a name of its own (two runs at once do not meet); prints its
# URL. The caller drops it with drop_pg_db.
new_pg_db() { # name prefix
  local name
  name="$1_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')"
  # Called as $(new_pg_db …), where errexit does not reach: a failure is returned by hand.
  pg_admin "CREATE DATABASE $name${PG_TEMPLATE:+ TEMPLATE $PG_TEMPLATE}" || return 1
  echo "${PG_ADMIN%/*}/$name"
}

drop_pg_db() { # url
  pg_admin "DROP DATABASE IF EXISTS ${1##*/} WITH (FORCE)"
}

# Waits until the server answers /api/health; fails with the end of its log if its process ends
# first, or if it has not answered within a minute (a debug build migrating on a loaded machine
# takes seconds).
wait_up() { # base URL, server pid, log file
  local deadline=$((SECONDS + 60))
  until curl -sf "$1/api/health" >/dev/null; do
    if ! kill -0 "$2" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "the server at $1 did not start:" >&2
      tail -20 "$3" >&2
      return 1
    fi
    sleep 0.1
  done
}

# One measured wrk run at $CONNECTIONS connections for $DURATION, as a line of the report:
# requests per second, p50, p99 and how many answers were not 2xx. With BENCH_STRICT set (the
# smoke pass), a run with an answer other than 2xx, or none at all, fails the script: the bench
# would be measuring an error. A run without a single answer is first tried again, twice as long
# each time (up to 8 times DURATION): a slow route (a password check) on a busy machine may not
# answer within a second, which says nothing about the bench.
run() { # name, wrk args...
  local name=$1; shift
  local out rps p50 p99 non2xx total duration=$DURATION
  while :; do
    out=$(wrk -t"${THREADS:-2}" -c"$CONNECTIONS" -d"$duration" --latency "$@")
    total=$(awk '/requests in/ {print $1}' <<<"$out")
    if [ -z "${BENCH_STRICT:-}" ] || [ "${total:-0}" != 0 ] || ! [[ "$duration" =~ ^[0-9]+s$ ]] \
      || [ "${duration%s}" -ge $((8 * ${DURATION%s})) ]; then
      break
    fi
    duration=$((2 * ${duration%s}))s
  done
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  # "Non-2xx or 3xx responses: N"
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '  %-44s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${non2xx:-0}"
  if [ -n "${BENCH_STRICT:-}" ] && { [ "${non2xx:-0}" != 0 ] || [ "${total:-0}" = 0 ]; }; then
    echo "$name: ${non2xx:-0} answers other than 2xx of ${total:-0}" >&2
    return 1
  fi
}

# What the machine serves at most, `GET /api/health`, as the line the other figures stand beside;
# CEILING=0 leaves it out where no figure is compared (the smoke pass).
ceiling() { # base URL
  if [ "${CEILING:-1}" != 0 ]; then run "GET /api/health (ceiling)" "$1/api/health"; fi
}

# An unmeasured wrk pass before a measure (sessions into memory, answers kept), for WARMUP
# (DURATION unless set); WARMUP=0 leaves it out, where no figure is compared (the smoke pass).
warm() { # wrk args...
  if [ "${WARMUP:-$DURATION}" != 0 ]; then
    wrk -t2 -c"$CONNECTIONS" -d"${WARMUP:-$DURATION}" "$@" >/dev/null
  fi
}

# A wrk script reading random users' profiles: run unmeasured before a measure, it brings the
# sessions into memory through a route other than the one measured.
users_lua() { # file, number of users
  cat >"$1" <<LUA
math.randomseed(os.time())
request = function()
  local u = math.random(1, $2)
  return wrk.format("GET", "/api/usuarios/perfil", {["Authorization"] = "Bearer bench-token-" .. u})
end
LUA
}
