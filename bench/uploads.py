#!/usr/bin/env python3
"""The server's memory under hostile and heavy photo uploads. Not a test: nothing fails on a figure.

Round 1: 8 clients upload at once a decompression bomb, a valid 12000 x 12000 PNG of a few hundred
KB (432 MB once decoded), refused from its header. Round 2 (LARGE=1, the default): 8 clients upload
at once a real 7000 x 7000 photo (49 megapixels, under the limit), which is decoded two at a time.
Printed: the server's resident memory idle (after /api/health answered), its peak in each round
(sampled every 10 ms, and the kernel's high-water mark), the answers and how long each round took.

    python3 bench/uploads.py                     # release binary (make build)
    BIN=target/debug/nido LARGE=0 python3 bench/uploads.py
"""

import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
import zlib

BIN = os.environ.get("BIN", "target/release/nido")
PORT = int(os.environ.get("PORT", "18197"))
CLIENTS = int(os.environ.get("CLIENTS", "8"))
LARGE = os.environ.get("LARGE", "1") != "0"
BASE = f"http://127.0.0.1:{PORT}"


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, row_of):
    """A complete, valid RGB PNG, compressed row by row so the raw image never sits in memory."""
    z = zlib.compressobj(9)
    parts = []
    for y in range(height):
        parts.append(z.compress(b"\x00" + row_of(y)))
    parts.append(z.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b"")


def bomb():
    zeros = bytes(12000 * 3)
    return png(12000, 12000, lambda _y: zeros)


def large_photo():
    side = 7000
    base = bytes((x * 7) % 256 for x in range(side * 3))
    return png(side, side, lambda y: base[y % 3:] + base[: y % 3])


def call(method, path, token=None, body=None, photo=None, timeout=600):
    headers = {}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if photo is not None:
        boundary = uuid.uuid4().hex
        data = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"foto\"; filename=\"f.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def memory(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024  # MB
    return 0


def round_of(name, pid, uploads):
    peak = [memory(pid, "VmRSS")]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], memory(pid, "VmRSS"))
            time.sleep(0.01)

    answers = []
    lock = threading.Lock()

    def upload(token, child, photo):
        status, body = call("POST", f"/api/hijos/{child}/foto", token, photo=photo)
        with lock:
            answers.append((status, (body or {}).get("code", "")))

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.monotonic()
    threads = [threading.Thread(target=upload, args=u) for u in uploads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - started
    done.set()
    sampler.join()
    counts = {}
    for answer in answers:
        counts[answer] = counts.get(answer, 0) + 1
    summary = ", ".join(f"{n} x {s} {c}".rstrip() for (s, c), n in sorted(counts.items()))
    print(f"{name:<46} peak RSS {peak[0]:>5} MB (high-water {memory(pid, 'VmHWM'):>5} MB)   {took:6.1f} s   {summary}")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"{BIN} is missing: build first (make build), or set BIN=target/debug/nido")
    try:
        call("GET", "/api/health", timeout=1)
        sys.exit(f"port {PORT} is taken: set PORT")
    except (urllib.error.URLError, OSError):
        pass
    data_dir = tempfile.mkdtemp(prefix="nido-uploads-")
    env = dict(os.environ, DATABASE_URL=f"sqlite://{data_dir}/nido.db?mode=rwc", NIDO_DATA_DIR=data_dir,
               NIDO_ADDR=f"127.0.0.1:{PORT}", NIDO_RATE_LIMITS="off", RUST_LOG="warn",
               NIDO_STORAGE_URL=f"file://{data_dir}/files")
    log = open(os.path.join(data_dir, "server.log"), "w")
    server = subprocess.Popen([BIN, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(400):
            try:
                if call("GET", "/api/health", timeout=1)[0] == 200:
                    break
            except Exception:
                pass
            time.sleep(0.05)
        else:
            sys.exit("the server did not start")
        users = []
        for n in range(CLIENTS):
            status, body = call("POST", "/api/usuarios", body={
                "nombre": "Bench", "apellido": f"Uploads{n}", "email": f"uploads{n}@example.org",
                "password": f"bench-password-{n}-x"})
            token = body["token"] if status == 201 and body else sys.exit(f"register: {status} {body}")
            status, body = call("POST", "/api/hijos", token, body={
                "nombre": "Lucía", "apellido": "G", "fechaNacimiento": "2019-05-06", "genero": "femenino"})
            users.append((token, body["data"]["_id"]))
        for _ in range(20):
            call("GET", "/api/health")
        print(f"{BIN}, SQLite, {CLIENTS} clients at once, {os.cpu_count()} cores")
        print(f"{'idle, after /api/health (the floor)':<46} RSS      {memory(server.pid, 'VmRSS'):>5} MB")
        hostile = bomb()
        round_of(f"{CLIENTS} bombs 12000x12000 PNG ({len(hostile) // 1024} KB each)", server.pid,
                 [(t, c, hostile) for t, c in users])
        if LARGE:
            photo = large_photo()
            round_of(f"{CLIENTS} photos 7000x7000 PNG ({len(photo) // 1024} KB each)", server.pid,
                     [(t, c, photo) for t, c in users])
    finally:
        server.terminate()
        server.wait()
        log.close()


if __name__ == "__main__":
    main()
