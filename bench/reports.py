"""A year of a busy family, then its certified report: seeds MESSAGES messages between the two
co-parents, EVENTS calendar events over the year and EXPENSES expenses through the API (as a
client would, so every act is in the family record), asks for a report of every section over the
last 365 days, and measures how long the job takes to make it and the server's peak memory.

    python3 bench/reports.py http://127.0.0.1:18098 <server pid> [file for the statistics query]
"""

import datetime
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request

BASE, PID = sys.argv[1], sys.argv[2]
MESSAGES = int(os.environ.get("MESSAGES", 10_000))
EVENTS = int(os.environ.get("EVENTS", 2_000))
EXPENSES = int(os.environ.get("EXPENSES", 1_000))
WORKERS = 8


def call(method, path, token=None, body=None):
    request = urllib.request.Request(BASE + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def ok(status, body, expected=(200, 201, 202)):
    if status not in expected:
        raise SystemExit(f"unexpected answer {status}: {body}")
    return body


def rss_kib(field):
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def in_parallel(count, make):
    """Runs make(i) for i in range(count) on WORKERS threads."""
    next_index = iter(range(count))
    lock = threading.Lock()
    failures = []

    def work():
        while True:
            with lock:
                i = next(next_index, None)
            if i is None or failures:
                return
            try:
                make(i)
            except BaseException as error:  # a failed request stops the seeding
                failures.append(error)
                return

    threads = [threading.Thread(target=work) for _ in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(str(failures[0]))


stamp = int(time.time() * 1000)
people = []
for name in ("Ana", "Beto"):
    person = ok(*call("POST", "/api/usuarios", body={
        "nombre": name, "apellido": "Bench", "email": f"{name.lower()}-{stamp}@example.org",
        "password": "lluvia-de-otoño-en-Rosario", "language": "es"}))
    people.append((person["token"], person["_id"]))
(ana, ana_id), (beto, beto_id) = people
family = ok(*call("GET", "/api/familias", ana))["data"][0]["_id"]
code = ok(*call("POST", f"/api/familias/{family}/codigo", ana,
                {"permiso": "coparent", "relacion": "padre"}))["data"]["codigo"]
ok(*call("POST", "/api/invitaciones/aceptar", beto, {"codigo": code}))
conversation = ok(*call("POST", "/api/conversaciones", ana, {
    "familiaId": family, "tema": "escuela", "asunto": "La semana", "participantes": [beto_id]}))["data"]["_id"]

started = time.monotonic()
in_parallel(MESSAGES, lambda i: ok(*call(
    "POST", f"/api/conversaciones/{conversation}/mensajes", ana if i % 2 == 0 else beto,
    {"texto": f"Mensaje {i}: mañana a las 18:00 los busco en la escuela; llevan la mochila y el inhalador.",
     "tipo": "normal"})))
today = datetime.date.today()
in_parallel(EVENTS, lambda i: ok(*call("POST", "/api/eventos", ana, {
    "familiaId": family, "titulo": f"Actividad {i}", "tipo": "actividad", "categoria": "actividades",
    "inicio": f"{today - datetime.timedelta(days=i % 365)}T{9 + i % 9:02d}:00:00",
    "todoElDia": False, "hijos": []})))
in_parallel(EXPENSES, lambda i: ok(*call("POST", "/api/gastos", ana if i % 2 == 0 else beto, {
    "familiaId": family, "descripcion": f"Gasto {i}", "monto": 1000 + i,
    "categoria": "educacion", "fecha": str(today - datetime.timedelta(days=i % 365)),
    "pagadoPor": ana_id if i % 2 == 0 else beto_id,
    "reparto": {"modo": "igual", "participantes": [ana_id, beto_id]}})))
seeded = time.monotonic() - started

before = rss_kib("VmRSS")
asked = time.monotonic()
report = ok(*call("POST", f"/api/familias/{family}/informes", ana, {
    "desde": str(today - datetime.timedelta(days=364)), "hasta": str(today),
    "secciones": ["mensajes", "calendario", "dinero", "documentos", "registro"], "idioma": "es"}))["data"]
peak_rss = before
# The database file is mapped (SQLite's mmap_size): its pages count in RSS as RssFile, page cache
# the kernel takes back at will; RssAnon is the server's own memory.
peak_anon, file_at_peak = rss_kib("RssAnon"), rss_kib("RssFile")
while True:
    rss = rss_kib("VmRSS")
    if rss > peak_rss:
        peak_rss, file_at_peak = rss, rss_kib("RssFile")
    peak_anon = max(peak_anon, rss_kib("RssAnon"))
    data = ok(*call("GET", f"/api/informes/{report['_id']}", ana))["data"]
    if data["estado"] != "pendiente":
        break
    time.sleep(0.05)
made = time.monotonic() - asked
if data["estado"] != "listo":
    raise SystemExit(f"the report failed: {data}")
print(f"  seeded {MESSAGES} messages, {EVENTS} events, {EXPENSES} expenses in {seeded:.1f} s")
print(f"  a year's certified report: {data['paginas']} pages, {data['tamano'] / 1e6:.1f} MB, "
      f"made in {made:.1f} s; server RSS {before // 1024} MB before, {peak_rss // 1024} MB at most "
      f"while it was made (sampled; {file_at_peak // 1024} MB of it mapped files: the program and, on SQLite, the database), "
      f"{rss_kib('VmHWM') // 1024} MB peak since start; the server's own memory (RssAnon) "
      f"{peak_anon // 1024} MB at most")

# For the statistics run that follows (bench/reports.sh): the family, a year, and who asks.
if len(sys.argv) > 3:
    with open(sys.argv[3], "w") as out:
        out.write(f"/api/familias/{family}/estadisticas?desde={today - datetime.timedelta(days=364)}"
                  f"&hasta={today} {ana}\n")
