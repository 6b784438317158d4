#!/usr/bin/env python3
"""A real PostgreSQL outage under load: the release server serves reads and writes from several
clients, PostgreSQL is stopped (pg_ctlcluster ... stop) for OUTAGE seconds and started again.
Checks that while it is down every answer is a quick 503 with a message (no hang, no 500, the
process alive, /api/ready 503), that the same process serves again once it is back without a
restart, and that every write acknowledged before, during or after is there.

    python3 bench/outage.py            # stops and starts the local cluster: nothing else may use it

Needs root (pg_ctlcluster), the release binary (make build) and the cluster of PG_CLUSTER."""
import json, os, subprocess, sys, tempfile, threading, time, uuid

sys.path.insert(0, os.path.dirname(__file__))
import crash  # the HTTP client and the seeding of clients

PG_ADMIN = os.environ.get("PG_ADMIN", "postgres://postgres@127.0.0.1:5432/postgres")
PG_CLUSTER = os.environ.get("PG_CLUSTER", "15 main").split()
OUTAGE = float(os.environ.get("OUTAGE", "10"))
CLIENTS = int(os.environ.get("CLIENTS", "6"))


def pg(action):
    subprocess.run(["pg_ctlcluster", *PG_CLUSTER, action, *(["-m", "fast"] if action == "stop" else [])], check=True)


def main():
    name = f"nido_outage_{uuid.uuid4().hex[:8]}"
    subprocess.run(["psql", "-q", PG_ADMIN, "-c", f"CREATE DATABASE {name}"], check=True)
    db_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    data_dir = tempfile.mkdtemp(prefix="nido-outage-")
    env = dict(os.environ, DATABASE_URL=db_url, NIDO_DATA_DIR=data_dir, NIDO_ADDR=f"127.0.0.1:{crash.PORT}",
               NIDO_RATE_LIMITS="off", RUST_LOG="warn", NIDO_STORAGE_URL=f"file://{data_dir}/files")
    log = open(os.path.join(data_dir, "server.log"), "ab")
    server = crash.start(env, log)
    stats = {"ok": 0, "503": 0, "other": [], "slowest": 0.0}
    lock = threading.Lock()
    stop = threading.Event()
    down = threading.Event()

    def record(status, took):
        with lock:
            stats["slowest"] = max(stats["slowest"], took) if down.is_set() else stats["slowest"]
            if status is not None and 200 <= status < 300:
                stats["ok"] += 1
            elif status == 503:
                stats["503"] += 1
            else:
                stats["other"].append(status)

    # Each client: a user with a child, then reads and writes in a loop; acknowledged writes kept.
    acknowledged = []

    def client(n):
        token = None
        child = None
        while not stop.is_set():
            started = time.time()
            if token is None:
                status, answer = crash.call("POST", "/api/usuarios", body={"nombre": "Corte", "apellido": f"C{n}", "email": f"outage-{uuid.uuid4().hex[:10]}@example.org", "password": "buenas-noches"})
                record(status, time.time() - started)
                if status == 201:
                    token = answer["token"]
                continue
            if child is None:
                status, made = crash.call("POST", "/api/hijos", token, {"nombre": "Hijo", "apellido": f"C{n}", "fechaNacimiento": "2018-04-04", "genero": "femenino"})
                record(status, time.time() - started)
                if status == 201:
                    child = made["data"]["_id"]
                continue
            status, a = crash.call("POST", f"/api/hijos/{child}/actividades", token, {"nombre": f"Taller {uuid.uuid4().hex[:6]}"})
            record(status, time.time() - started)
            if status == 201:
                with lock:
                    acknowledged.append((token, child, {x["id"] for x in a["data"]["actividades"]}))
            started = time.time()
            status, _ = crash.call("GET", "/api/hijos", token)
            record(status, time.time() - started)
            time.sleep(0.02)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    time.sleep(3)
    print(f"before the outage: {stats['ok']} answers 2xx")
    pg("stop")
    down.set()
    stopped_at = time.time()
    ready = []
    while time.time() - stopped_at < OUTAGE:
        started = time.time()
        status, _ = crash.call("GET", "/api/ready", timeout=15)
        ready.append((status, round(time.time() - started, 2)))
        time.sleep(1)
    health, _ = crash.call("GET", "/api/health")
    during = dict(stats, other=list(stats["other"]))
    pg("start")
    down.clear()
    back_at = time.time()
    while crash.call("GET", "/api/ready", timeout=5)[0] != 200 and time.time() - back_at < 60:
        time.sleep(0.2)
    recovered = time.time() - back_at
    time.sleep(3)
    stop.set()
    for t in threads:
        t.join()
    alive = server.poll() is None

    expected = {}
    for token, child, ids in acknowledged:
        expected.setdefault((token, child), set()).update(ids)
    missing = 0
    for (token, child), ids in expected.items():
        status, got = crash.call("GET", f"/api/hijos/{child}", token)
        have = {a["id"] for a in got["data"]["actividades"]} if status == 200 else set()
        missing += len(ids - have)
    server.terminate()
    server.wait()
    subprocess.run(["psql", "-q", PG_ADMIN, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)

    print(f"during the {OUTAGE:.0f} s outage: /api/health {health}; /api/ready answers (status, seconds): {ready}")
    print(f"  client answers so far: {during['ok']} 2xx, {during['503']} 503, other: {sorted(set(map(str, during['other'])))}; slowest while down {during['slowest']:.2f} s")
    print(f"after: ready again {recovered:.1f} s after PostgreSQL started; same process alive: {alive}")
    print(f"  {stats['ok']} answers 2xx in all, {stats['503']} 503, other {sorted(set(map(str, stats['other'])))}; acknowledged activities missing: {missing} of {sum(len(i) for i in expected.values())}")
    # Anything but 2xx or 503 (a 500, or no answer within 10 s: a hang) fails the run.
    bad = missing or not alive or any(s != 503 for s, _ in ready) or stats["other"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
