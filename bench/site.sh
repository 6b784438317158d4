#!/usr/bin/env bash
# The public site's weight and quality: the JavaScript the landing page loads (gzip; goal under
# 100 KB) and Lighthouse's four scores for /, /help and /blog (goal 95 or more each), against the
# release binary in Debian's Chromium. Not a test: nothing fails on a score.
#
#   bash bench/site.sh
#   PAGES="/ /faq" bash bench/site.sh
#   BIN=target/debug/nido PAGES=/ LOCALES=es-AR bash bench/site.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

PORT=${PORT:-18082}
BASE="http://127.0.0.1:$PORT"
PAGES=${PAGES:-/ /help /blog}
# Whose texts the landing page's weight is measured with (they differ in size).
LOCALES=${LOCALES:-es-AR en-US}
LIGHTHOUSE=${LIGHTHOUSE:-lighthouse@12.8}
FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"

bench_build
[ -x /usr/bin/chromium ] || { apt-get update -qq && apt-get install -y -qq chromium; }

DATA=$(mktemp -d)
NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT
wait_up "$BASE" "$SERVER" "$DATA/server.log"

# The last locale's files are listed one by one, the others' totals only.
read -r -a LOCALES <<<"$LOCALES"
for locale in "${LOCALES[@]}"; do
  if [ "$locale" = "${LOCALES[-1]}" ]; then
    (cd web && LOCALE=$locale node ../bench/landing_js.mjs "$BASE/")
  else
    (cd web && LOCALE=$locale node ../bench/landing_js.mjs "$BASE/" | tail -1)
  fi
done

echo
echo "Lighthouse ($LIGHTHOUSE, mobile defaults): performance / accessibility / best practices / SEO"
for page in $PAGES; do
  PROFILE=$(mktemp -d)
  REPORT="$DATA/report.json"
  # npx installs it on first use. A page that does not settle in time on a busy machine is given
  # a second chance before it counts as failed.
  lighthouse() {
    CHROME_PATH=/usr/bin/chromium npx --yes --prefer-offline "$LIGHTHOUSE" "$BASE$page" --quiet --output=json \
      --output-path="$REPORT" --chrome-flags="$FLAGS --user-data-dir=$PROFILE" >"$DATA/lighthouse.log" 2>&1
  }
  lighthouse || lighthouse || {
    rm -rf "$PROFILE"
    # Without the registry there is nothing to score with: said, not failed.
    if ! npx --yes --prefer-offline "$LIGHTHOUSE" --version >/dev/null 2>&1; then
      echo "  Lighthouse could not be installed from the npm registry: no scores"
      exit 0
    fi
    echo "  $page: lighthouse failed:"
    tail -5 "$DATA/lighthouse.log" | sed 's/^/    /'
    [ -z "${BENCH_STRICT:-}" ] || exit 1
    continue
  }
  node -e '
    const r = require(process.argv[1]);
    const s = (k) => Math.round(r.categories[k].score * 100);
    const fails = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
    console.log(`  ${process.argv[2].padEnd(8)} ${s("performance")} / ${s("accessibility")} / ${s("best-practices")} / ${s("seo")}` + (fails.length ? `   (failing: ${fails.join(", ")})` : ""));
  ' "$REPORT" "$page"
  rm -rf "$PROFILE"
done
