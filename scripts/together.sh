#!/usr/bin/env bash
# Runs each argument as a shell command, all at once, and shows each one's output whole when it
# ends (not interleaved). Fails when any of them failed, after all have ended.
#
#   bash scripts/together.sh "cargo test -- a" "bash scripts/fuzz.sh"
#
# `make test` uses it for the server tests on both databases and the fuzzing: each mostly waits on
# its servers and databases, so together they finish sooner on two cores than one after another.
set -uo pipefail

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

commands=("$@")
pids=()
i=0
for command in "${commands[@]}"; do
  (
    start=$(date +%s)
    bash -c "$command" >"$dir/$i.log" 2>&1
    code=$?
    echo "$code $(($(date +%s) - start))" >"$dir/$i.end"
    exit "$code"
  ) &
  pids+=("$!")
  i=$((i + 1))
done

failed=0
left=$#
shown=()
# Shows each command's output as soon as it ends, in the order they end.
while ((left > 0)); do
  wait -n "${pids[@]}" 2>/dev/null || true
  for ((j = 0; j < $#; j++)); do
    if [[ -f "$dir/$j.end" && -z "${shown[$j]:-}" ]]; then
      shown[j]=1
      left=$((left - 1))
      read -r code seconds <"$dir/$j.end"
      echo "== ${commands[$j]}"
      cat "$dir/$j.log"
      if [[ "$code" == 0 ]]; then
        echo "== passed in ${seconds} s: ${commands[$j]}"
      else
        echo "== FAILED (exit $code) in ${seconds} s: ${commands[$j]}"
        failed=1
      fi
    fi
  done
done
wait
exit "$failed"
