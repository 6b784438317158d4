# Shared by the benchmark scripts that seed `bench-token-<user>` sessions (calendar.sh,
# messages.sh): sourced, not run.

# One measured wrk run at $CONNECTIONS connections for $DURATION, as a line of the report:
# requests per second, p50, p99 and how many answers were not 2xx.
run() { # name, wrk args...
  local name=$1; shift
  local out rps p50 p99 non2xx
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '  %-44s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${non2xx:-0}"
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
