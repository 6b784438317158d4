#!/usr/bin/env python3
"""Crash durability: a storm of writes from several clients, the server killed with SIGKILL in the
middle, a restart, and a check that every write answered 2xx is there whole and nothing is
half-written (a child's row without the family it claims, an activity or contact without its child,
a photo record without its file, a photo file without its record).

    python3 bench/crash.py sqlite [ROUNDS]
    python3 bench/crash.py postgres [ROUNDS]
    BIN=target/debug/nido KILL_AFTER=1 python3 bench/crash.py sqlite 1

Runs the release binary (make build) unless BIN names another. KILL_AFTER fixes the seconds of
writing before the SIGKILL (random between 2 and 5 otherwise). Prints one line per round and the
totals; exits non-zero if anything acknowledged is missing or anything is half-written."""
import json, os, random, shutil, signal, sqlite3, struct, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request, uuid, zlib

BIN = os.environ.get("BIN") or os.path.join(os.path.dirname(__file__), "..", "target", "release", "nido")
KILL_AFTER = os.environ.get("KILL_AFTER")
PG_ADMIN = os.environ.get("PG_ADMIN", "postgres://postgres@127.0.0.1:5432/postgres")
CLIENTS = int(os.environ.get("CLIENTS", "8"))
PORT = int(os.environ.get("PORT", "18091"))
BASE = f"http://127.0.0.1:{PORT}"


def png(width, height, seed):
    """A small valid PNG, different per seed, built without any library."""
    rows = []
    for y in range(height):
        row = bytearray(b"\x00")
        for x in range(width):
            row += bytes(((x * seed) % 256, (y * 3 + seed) % 256, (x + y) % 256))
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def call(method, path, token=None, body=None, multipart=None, timeout=10):
    headers = {}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if multipart is not None:
        boundary = uuid.uuid4().hex
        data = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"foto\"; filename=\"f.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + multipart + f"\r\n--{boundary}--\r\n".encode()
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, None
    except Exception:
        return None, None  # the server is gone: not acknowledged


class Ledger:
    """What the server acknowledged, per client."""

    def __init__(self):
        self.lock = threading.Lock()
        self.users = []  # (email, password)
        self.children = {}  # child id -> {"token", "activities": set, "contacts": set, "photo": bool}

    def add(self, fn):
        with self.lock:
            fn()


def client(n, ledger, stop):
    rng = random.Random(n)
    while not stop.is_set():
        email = f"crash-{uuid.uuid4().hex[:12]}@example.org"
        status, answer = call("POST", "/api/usuarios", body={"nombre": "Crash", "apellido": f"C{n}", "email": email, "password": "buenas-noches"})
        if status != 201:
            continue
        ledger.add(lambda: ledger.users.append(email))
        token = answer["token"]
        for _ in range(3):
            if stop.is_set():
                return
            status, made = call("POST", "/api/hijos", token, {"nombre": "Hijo", "apellido": f"C{n}", "fechaNacimiento": "2018-04-0%d" % rng.randint(1, 9), "genero": "femenino"})
            if status != 201:
                continue
            child = made["data"]["_id"]
            ledger.add(lambda: ledger.children.__setitem__(child, {"token": token, "activities": set(), "contacts": set(), "photo": False}))
            status, a = call("POST", f"/api/hijos/{child}/actividades", token, {"nombre": f"Natación {rng.randint(1, 99)}", "diasSemana": ["lunes"], "horaInicio": "17:00", "horaFin": "18:00"})
            if status == 201:
                ids = {x["id"] for x in a["data"]["actividades"]}
                ledger.add(lambda: ledger.children[child]["activities"].update(ids))
            status, c = call("POST", f"/api/hijos/{child}/contactos-emergencia", token, {"nombre": "Abuela", "relacion": "abuela", "telefono": "011 4444-5555", "prioridad": 1})
            if status == 201:
                ids = {x["id"] for x in c["data"]["contactosEmergencia"]}
                ledger.add(lambda: ledger.children[child]["contacts"].update(ids))
            if rng.random() < 0.5:
                status, _ = call("POST", f"/api/hijos/{child}/foto", token, multipart=png(24, 16, rng.randint(1, 250)), timeout=20)
                if status == 200:
                    ledger.add(lambda: ledger.children[child].__setitem__("photo", True))


def start(env, log):
    proc = subprocess.Popen([BIN, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    # A debug build migrating a fresh database on a busy machine takes seconds.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if call("GET", "/api/health", timeout=1)[0] == 200:
            return proc
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"the server did not start (its log: {log.name})")


def query(db_url, data_dir, sql):
    if db_url.startswith("sqlite"):
        con = sqlite3.connect(os.path.join(data_dir, "nido.db"))
        try:
            return con.execute(sql).fetchall()
        finally:
            con.close()
    out = subprocess.run(["psql", "-qAt", "-F", "\t", db_url, "-c", sql], check=True, capture_output=True, text=True).stdout
    return [tuple(line.split("\t")) for line in out.splitlines() if line]


def check(db_url, data_dir, ledger):
    problems = []
    # Everything acknowledged is there, whole.
    for email in ledger.users:
        status, _ = call("POST", "/api/usuarios/login", body={"email": email, "password": "buenas-noches"})
        if status != 200:
            problems.append(f"user {email} acknowledged but cannot sign in ({status})")
    for child, expected in ledger.children.items():
        status, got = call("GET", f"/api/hijos/{child}", expected["token"])
        if status != 200:
            problems.append(f"child {child} acknowledged but answers {status}")
            continue
        data = got["data"]
        if not expected["activities"] <= {a["id"] for a in data["actividades"]}:
            problems.append(f"child {child}: an acknowledged activity is missing")
        if not expected["contacts"] <= {c["id"] for c in data["contactosEmergencia"]}:
            problems.append(f"child {child}: an acknowledged contact is missing")
        if expected["photo"] and not data["foto"]:
            problems.append(f"child {child}: an acknowledged photo is missing")
    # Nothing half-written.
    orphans = query(db_url, data_dir, "SELECT count(*) FROM hijos WHERE familia_id NOT IN (SELECT id FROM familias)")[0][0]
    orphans = int(orphans) + int(query(db_url, data_dir, "SELECT count(*) FROM actividades WHERE hijo_id NOT IN (SELECT id FROM hijos)")[0][0])
    orphans += int(query(db_url, data_dir, "SELECT count(*) FROM contactos_emergencia WHERE hijo_id NOT IN (SELECT id FROM hijos)")[0][0])
    orphans += int(query(db_url, data_dir, "SELECT count(*) FROM usuarios u WHERE NOT EXISTS (SELECT 1 FROM miembros m WHERE m.usuario_id = u.id)")[0][0])
    if orphans:
        problems.append(f"{orphans} rows point at nothing (a child without its family, a list item without its child, a user without a family)")
    # The restarted server settles what the killed one left half-done as it starts (the pending
    # files sweep); give it a few seconds before calling a file an orphan.
    for attempt in range(50):
        keys = set()
        for foto, mini in query(db_url, data_dir, "SELECT foto_key, miniatura_key FROM hijos WHERE foto_key IS NOT NULL"):
            keys.update([foto, mini])
        files_dir = os.path.join(data_dir, "files")
        stored = set()
        for root, _, names in os.walk(files_dir):
            for name in names:
                rel = os.path.relpath(os.path.join(root, name), files_dir)
                if rel.startswith("hijos/") and not name.startswith("."):
                    stored.add(rel)
        if keys <= stored and stored <= keys:
            break
        time.sleep(0.1)
    if keys - stored:
        problems.append(f"{len(keys - stored)} photo records without their file")
    if stored - keys:
        problems.append(f"{len(stored - keys)} photo files without their record")
    return problems, len(ledger.users), len(ledger.children), sum(1 for c in ledger.children.values() if c["photo"])


def pg_admin(sql):
    """One statement on the admin database, waiting up to a minute for a free connection (other
    test runs on the same machine can hold them all for a while)."""
    deadline = time.monotonic() + 60
    while True:
        done = subprocess.run(["psql", "-q", PG_ADMIN, "-c", sql], capture_output=True, text=True)
        if done.returncode == 0:
            return
        if "too many clients" not in done.stderr or time.monotonic() > deadline:
            raise SystemExit(f"psql: {done.stderr.strip()}")
        time.sleep(1)


def round_(backend, number):
    data_dir = tempfile.mkdtemp(prefix="nido-crash-")
    if backend == "postgres":
        name = f"nido_crash_{uuid.uuid4().hex[:8]}"
        # PG_TEMPLATE (bench/common.sh): a database this binary already migrated, copied.
        template = os.environ.get("PG_TEMPLATE")
        pg_admin(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
        db_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    else:
        name = None
        db_url = f"sqlite://{data_dir}/nido.db?mode=rwc"
    env = dict(os.environ, DATABASE_URL=db_url, NIDO_DATA_DIR=data_dir, NIDO_ADDR=f"127.0.0.1:{PORT}",
               NIDO_RATE_LIMITS="off", RUST_LOG="warn", NIDO_STORAGE_URL=f"file://{data_dir}/files")
    log = open(os.path.join(data_dir, "server.log"), "ab")
    # Kept to look into when the round fails.
    keep = True
    try:
        server = start(env, log)
        ledger, stop = Ledger(), threading.Event()
        threads = [threading.Thread(target=client, args=(n, ledger, stop)) for n in range(CLIENTS)]
        for t in threads:
            t.start()
        time.sleep(float(KILL_AFTER) if KILL_AFTER else random.uniform(2.0, 5.0))
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        for t in threads:
            t.join()
        server = start(env, log)
        try:
            problems, users, children, photos = check(db_url, data_dir, ledger)
        finally:
            server.terminate()
            server.wait()
        state = "ok" if not problems else "FAILED"
        print(f"  round {number:2d}: {users:4d} users, {children:4d} children, {photos:3d} photos acknowledged before SIGKILL; {state}", flush=True)
        for p in problems[:10]:
            print(f"           {p}")
        keep = bool(problems)
        return problems, users, children, photos
    finally:
        log.close()
        if keep:
            print(f"           its data and the server's log: {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
        if name:
            pg_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main():
    backend = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    print(f"{backend}: {rounds} rounds, {CLIENTS} clients writing, SIGKILL after {KILL_AFTER or '2-5'} s")
    totals = [0, 0, 0, 0]
    for number in range(1, rounds + 1):
        problems, users, children, photos = round_(backend, number)
        totals[0] += len(problems)
        totals[1] += users
        totals[2] += children
        totals[3] += photos
    print(f"  total: {totals[1]} users, {totals[2]} children, {totals[3]} photos acknowledged; {totals[0]} problems")
    sys.exit(1 if totals[0] else 0)


if __name__ == "__main__":
    main()
