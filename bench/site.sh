#!/usr/bin/env bash
# The public site's weight and quality: the JavaScript the landing page loads (gzip; goal under
# 100 KB) and Lighthouse's four scores for /, /help and /blog (goal 95 or more each), against the
# release binary in Debian's Chromium. Not a test: nothing fails on a score.
#
#   bash bench/site.sh
#   PAGES="/ /faq" bash bench/site.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/nido
PORT=${PORT:-18082}
BASE="http://127.0.0.1:$PORT"
PAGES=${PAGES:-/ /help /blog}
LIGHTHOUSE=${LIGHTHOUSE:-lighthouse@12.8}
FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"

[ -x "$BIN" ] || { echo "build first: make build" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { apt-get update -qq && apt-get install -y -qq chromium; }

DATA=$(mktemp -d)
NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 100); do curl -sf "$BASE/api/health" >/dev/null && break; sleep 0.1; done

(cd web && LOCALE=es-AR node ../bench/landing_js.mjs "$BASE/" | tail -1 && LOCALE=en-US node ../bench/landing_js.mjs "$BASE/")

echo
echo "Lighthouse ($LIGHTHOUSE, mobile defaults): performance / accessibility / best practices / SEO"
for page in $PAGES; do
  PROFILE=$(mktemp -d)
  REPORT="$DATA/report.json"
  CHROME_PATH=/usr/bin/chromium npx --yes "$LIGHTHOUSE" "$BASE$page" --quiet --output=json --output-path="$REPORT" \
    --chrome-flags="$FLAGS --user-data-dir=$PROFILE" >/dev/null 2>&1 || { echo "  $page: lighthouse failed"; continue; }
  node -e '
    const r = require(process.argv[1]);
    const s = (k) => Math.round(r.categories[k].score * 100);
    const fails = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
    console.log(`  ${process.argv[2].padEnd(8)} ${s("performance")} / ${s("accessibility")} / ${s("best-practices")} / ${s("seo")}` + (fails.length ? `   (failing: ${fails.join(", ")})` : ""));
  ' "$REPORT" "$page"
  rm -rf "$PROFILE"
done
