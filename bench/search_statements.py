"""The message search's statements timed alone, per word, on a database seeded by
`nido bench-messages-seed` (family 1 holds 100,000 messages): the median and the maximum of RUNS
searches for each of bench/messages.sh's twelve words, each search the statements the server runs
for it, in its order and with its conditions (a later statement only when the earlier ones found
fewer than 50). Not a test: it prints figures.

    python3 bench/search_statements.py postgres URL [RUNS] [before]
    python3 bench/search_statements.py sqlite FILE [RUNS]

PostgreSQL through `psql` and its \\timing (each statement's round trip, planning included, as
literal SQL); `before` runs the statements of the search before migration m0031 (it needs
m0022's index: `CREATE INDEX idx_mensajes_busqueda ON mensajes USING gin (familia_id,
busqueda)`). SQLite through Python's sqlite3 module (the system's SQLite, not the one built into
the server) with the server's `mmap_size`."""

import datetime as dt
import re
import statistics
import subprocess
import sys

FAMILY = "00000002-0000-7000-8000-000000000001"
USER = "00000001-0000-7000-8000-000000000001"
WORDS = ["el", "the", "pediatra", "colegio", "school", "fiebre", "dentist", "natacion", "mochila",
         "cumple", "zanahoria", "xilofono"]
READABLE = f"""SELECT "conversaciones"."id" FROM "conversaciones" INNER JOIN "conversacion_participantes"
    ON "conversacion_participantes"."conversacion_id" = "conversaciones"."id" INNER JOIN "miembros"
    ON "miembros"."familia_id" = "conversaciones"."familia_id"
    AND "miembros"."usuario_id" = "conversacion_participantes"."usuario_id"
    WHERE "conversacion_participantes"."usuario_id" = '{USER}'"""
COLS = """m.id, m.conversacion_id, m.familia_id, c.tema, c.asunto, m.numero, m.autor_id, u.nombre,
    u.apellido, m.tipo, m.enviado_at, m.texto"""
JOINS = "JOIN conversaciones c ON c.id = m.conversacion_id LEFT JOIN usuarios u ON u.id = m.autor_id"
SCOPE = f"AND m.conversacion_id = ANY(ARRAY({READABLE})) AND m.familia_id = '{FAMILY}'"
ORDER = "ORDER BY m.enviado_at DESC, m.id DESC"


def tsquery(word):
    return f"to_tsquery('simple', nido_sin_acentos('''{word}'':*'))"


def walk(word, recent):
    return (f"SELECT count(*) < 50 AS more, 50 - count(*) AS rest FROM (SELECT {COLS} FROM "
            f"(SELECT * FROM mensajes m WHERE m.familia_id IN ('{FAMILY}') {ORDER} LIMIT {recent}) m "
            f"{JOINS} WHERE m.busqueda @@ {tsquery(word)} {SCOPE} {ORDER} LIMIT 50) x \\gset w_")


def before(url, word):
    """Walk the newest 2,000; then their edge and every older match in the family (GIN)."""
    return [
        walk(word, 2000),
        "\\if :w_more",
        f"SELECT m.enviado_at, m.id FROM mensajes m WHERE m.familia_id IN ('{FAMILY}') {ORDER} "
        "OFFSET 1999 LIMIT 1 \\gset b_",
        "BEGIN;",
        "SET LOCAL plan_cache_mode = force_custom_plan;",
        f"WITH hits AS MATERIALIZED (SELECT m.* FROM mensajes m WHERE m.busqueda @@ {tsquery(word)} "
        f"AND m.familia_id IN ('{FAMILY}') AND (m.enviado_at, m.id) < (:'b_enviado_at', :'b_id')) "
        f"SELECT count(*) FROM (SELECT {COLS} FROM hits m {JOINS} WHERE TRUE {SCOPE} {ORDER} "
        "LIMIT :w_rest) x;",
        "COMMIT;",
        "\\endif",
    ]


def month_windows(newest, oldest, largest=32):
    """As messages::search::months::windows."""
    def back(m):
        y, mo = divmod(m.year * 12 + m.month - 2, 12)
        return dt.date(y, mo + 1, 1)
    last, start, size, windows = (dt.date(oldest.year, oldest.month, 1),
                                  dt.date(newest.year, newest.month, 1), 1, [])
    while start >= last:
        months, m = [], start
        while len(months) < size and m >= last:
            months.append(m)
            m = back(m)
        windows.append(months)
        start = m
        size = min(size * 2, largest)
    return windows


def after(url, word):
    """Walk the newest 500; then their edge and the families' oldest; then month windows."""
    edge = (f"SELECT e.enviado_at, e.id, (SELECT min((SELECT min(o.enviado_at) FROM mensajes o "
            f"WHERE o.familia_id = f)) FROM unnest(ARRAY['{FAMILY}']::text[]) f) AS oldest "
            f"FROM (SELECT m.enviado_at, m.id FROM mensajes m WHERE m.familia_id IN ('{FAMILY}') "
            f"{ORDER} OFFSET 499 LIMIT 1) e")
    at, _, oldest = subprocess.run(["psql", "-X", "-At", "-F", "|", url, "-c", edge],
                                   capture_output=True, text=True, check=True).stdout.strip().split("|")
    instant = lambda s: dt.datetime.fromisoformat(s + ":00" if re.search(r"[+-]\d\d$", s) else s)
    statements = [walk(word, 500), "\\if :w_more", edge + " \\gset e_"]
    for months in month_windows(instant(at), instant(oldest)):
        newest = months[0]
        until = dt.date(newest.year + (newest.month == 12), newest.month % 12 + 1, 1)
        listed = ", ".join(f"'{m}T00:00:00Z'" for m in months)
        statements += [
            f"WITH hits AS MATERIALIZED (SELECT m.* FROM mensajes m WHERE "
            f"nido_busqueda_mes(m.familia_id, m.enviado_at, m.busqueda) @@ nido_busqueda_consulta("
            f"ARRAY['{FAMILY}']::text[], ARRAY[{listed}]::timestamptz[], ARRAY['{word}']::text[])), "
            f"page AS (SELECT m.* FROM hits m WHERE m.busqueda @@ {tsquery(word)} "
            f"AND m.familia_id IN ('{FAMILY}') AND m.enviado_at >= '{months[-1]}T00:00:00Z' "
            f"AND m.enviado_at < '{until}T00:00:00Z' AND (m.enviado_at, m.id) < (:'e_enviado_at', :'e_id') "
            f"AND m.conversacion_id = ANY(ARRAY({READABLE})) {ORDER} LIMIT :w_rest) "
            f"SELECT count(*) AS n FROM (SELECT {COLS} FROM page m {JOINS} {ORDER}) x \\gset p_",
            "\\timing off\nSELECT :w_rest - :p_n AS rest, :w_rest - :p_n > 0 AS more \\gset w_\n\\timing on",
            "\\if :w_more",
        ]
    return statements + ["\\endif"] * statements.count("\\if :w_more")


def postgres(url, runs, old):
    for word in WORDS:
        statements = (before if old else after)(url, word)
        script = "\\timing on\n" + "\n".join(
            "\\echo RUN\n" + "\n".join(statements) for _ in range(runs + 1)) + "\n"
        out = subprocess.run(["psql", "-X", "-q", "-At", url], input=script, capture_output=True,
                             text=True)
        if out.stderr.strip():
            sys.exit(out.stderr[:2000])
        # The first search warms the caches and is left out.
        runs_ = [[float(t) for t in re.findall(r"^Time: ([0-9.]+) ms", block, re.M)]
                 for block in out.stdout.split("RUN\n")[2:]]
        totals = [sum(r) for r in runs_]
        counts = sorted({len(r) for r in runs_})
        print(f"{word:10} median {statistics.median(totals):6.2f} ms  max {max(totals):6.2f} ms  "
              f"statements {'/'.join(map(str, counts))}")


def sqlite(path, runs):
    import sqlite3
    import time
    token = "f" + FAMILY.replace("-", "")
    statement = f"""SELECT {COLS} FROM mensajes_busqueda b
        CROSS JOIN mensajes_busqueda_filas bf ON bf.fila = b.rowid
        CROSS JOIN mensajes m ON m.id = bf.mensaje_id {JOINS}
        WHERE mensajes_busqueda MATCH ? AND m.conversacion_id IN ({READABLE})
        AND m.familia_id = ? ORDER BY b.rowid DESC LIMIT 50"""
    db = sqlite3.connect(path)
    db.execute("PRAGMA mmap_size = 1073741824")
    for word in WORDS:
        args = (f'familia : ("{token}") AND texto : ("{word}" *)', FAMILY)
        times = []
        for i in range(runs + 1):
            start = time.perf_counter()
            rows = db.execute(statement, args).fetchall()
            if i:
                times.append((time.perf_counter() - start) * 1000)
        print(f"{word:10} median {statistics.median(times):6.2f} ms  max {max(times):6.2f} ms  "
              f"results {len(rows)}")


if __name__ == "__main__":
    backend, target = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    if backend == "postgres":
        postgres(target, runs, len(sys.argv) > 4 and sys.argv[4] == "before")
    else:
        sqlite(target, runs)
