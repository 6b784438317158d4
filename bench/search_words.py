"""The message search's latency per word, one request at a time, against a running server whose
database `nido bench-messages-seed` filled (family 1 holds 100,000 messages): for each of
bench/messages.sh's twelve words, the median and the 95th percentile of RUNS searches in the big
family, by its first parent. A search alone is what it costs the two cores; bench/messages.sh
measures them under load. Not a test: it prints figures.

    python3 bench/search_words.py http://127.0.0.1:18095 [RUNS]
"""

import http.client
import statistics
import sys
import time
import urllib.parse

FAMILY = "00000002-0000-7000-8000-000000000001"
WORDS = ["el", "the", "pediatra", "colegio", "school", "fiebre", "dentist", "natacion", "mochila",
         "cumple", "zanahoria", "xilofono"]


def main():
    base = urllib.parse.urlsplit(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    conn = http.client.HTTPConnection(base.hostname, base.port)
    headers = {"Authorization": "Bearer bench-token-1"}
    totals = []
    print(f"{'word':<10} {'results':>7} {'p50 ms':>7} {'p95 ms':>7}")
    for word in WORDS:
        path = f"/api/mensajes/buscar?familiaId={FAMILY}&q={word}"
        times = []
        found = 0
        for _ in range(runs):
            start = time.perf_counter()
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            body = response.read()
            times.append((time.perf_counter() - start) * 1000)
            if response.status != 200:
                sys.exit(f"{word}: {response.status} {body[:200]!r}")
            found = body.count(b'"mensajeId"')
        times.sort()
        totals.extend(times)
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{word:<10} {found:>7} {statistics.median(times):>7.2f} {p95:>7.2f}")
    print(f"{'all':<10} {'':>7} {statistics.median(totals):>7.2f} {statistics.mean(totals):>7.2f} (mean)")


main()
