#!/usr/bin/env python3
"""A 25 MB document up and down, next to copying the same file on this disk. Not a test.

One server (release build, SQLite, files in a local folder, always encrypted) and one parent with
a family. A PDF of SIZE_MB megabytes (a real PDF whose one stream holds random bytes, so nothing
compresses it) is uploaded with `POST /api/documentos` and downloaded with
`GET /api/documentos/{id}/archivo`, ROUNDS times each, by curl. Printed, for each direction: the
median time, the throughput, and the ratio to copying the file on disk (`cp`, and `cp` followed by
fsync); and the server's resident memory: idle, and its peak while uploading and while
downloading (sampled every 5 ms; the kernel's high-water mark after each phase). Each download is
compared byte for byte with the file sent.

    bash bench/documents.sh
    BIN=target/debug/nido ROUNDS=1 python3 bench/documents.py
"""

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BIN = os.environ.get("BIN", "target/release/nido")
PORT = int(os.environ.get("PORT", "18198"))
SIZE_MB = int(os.environ.get("SIZE_MB", "25"))
ROUNDS = int(os.environ.get("ROUNDS", "5"))
BASE = f"http://127.0.0.1:{PORT}"


def call(method, path, token=None, body=None, timeout=60):
    headers = {}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def write_pdf(path, size):
    """A valid one-page PDF of about `size` bytes: its content stream is random bytes."""
    head = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"
    objects = [
        b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
        b"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
        b"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n",
    ]
    filler = max(0, size - 1024)
    with open(path, "wb") as out:
        out.write(head)
        offsets = []
        position = len(head)
        for obj in objects:
            offsets.append(position)
            out.write(obj)
            position += len(obj)
        offsets.append(position)
        start = b"4 0 obj\n<< /Length %d >>\nstream\n" % filler
        out.write(start)
        left = filler
        while left:
            piece = os.urandom(min(left, 1 << 20))
            # Random bytes may spell a tag by chance; no byte of this stream is a '<'.
            out.write(piece.replace(b"<", b"("))
            left -= len(piece)
        end = b"\nendstream\nendobj\n"
        out.write(end)
        position += len(start) + filler + len(end)
        xref = b"xref\n0 5\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
        out.write(xref)
        out.write(b"trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % position)


def memory(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024  # MB
    return 0.0


class Peak:
    """The highest resident memory of `pid` while the block runs."""

    def __init__(self, pid):
        self.pid = pid
        self.mb = 0.0

    def __enter__(self):
        self.done = threading.Event()
        self.mb = memory(self.pid, "VmRSS")

        def sample():
            while not self.done.is_set():
                self.mb = max(self.mb, memory(self.pid, "VmRSS"))
                time.sleep(0.005)

        self.thread = threading.Thread(target=sample)
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.done.set()
        self.thread.join()


def disk_copy(source, target, fsync):
    started = time.monotonic()
    shutil.copyfile(source, target)
    if fsync:
        with open(target, "rb+") as f:
            os.fsync(f.fileno())
    took = time.monotonic() - started
    os.remove(target)
    return took


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for piece in iter(lambda: f.read(1 << 20), b""):
            digest.update(piece)
    return digest.hexdigest()


def line(name, times, size, copy, copy_sync):
    median = statistics.median(times)
    mb = size / 1e6
    print(f"{name:<10} median {median * 1000:7.1f} ms  {mb / median:7.1f} MB/s   "
          f"x{median / copy:6.1f} a disk copy ({copy * 1000:.1f} ms), "
          f"x{median / copy_sync:5.2f} a copy with fsync ({copy_sync * 1000:.1f} ms)")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"{BIN} is missing: build first (make build), or set BIN=target/debug/nido")
    try:
        call("GET", "/api/health", timeout=1)
        sys.exit(f"port {PORT} is taken: set PORT")
    except (urllib.error.URLError, OSError):
        pass
    work = tempfile.mkdtemp(prefix="nido-documents-")
    data_dir = os.path.join(work, "data")
    os.mkdir(data_dir)
    env = dict(os.environ, DATABASE_URL=f"sqlite://{data_dir}/nido.db?mode=rwc", NIDO_DATA_DIR=data_dir,
               NIDO_ADDR=f"127.0.0.1:{PORT}", NIDO_RATE_LIMITS="off", RUST_LOG="warn",
               NIDO_STORAGE_URL=f"file://{data_dir}/files")
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([BIN, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(400):
            try:
                if call("GET", "/api/health", timeout=1)[0] == 200:
                    break
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.05)
        else:
            sys.exit("the server did not start")
        status, body = call("POST", "/api/usuarios", body={
            "nombre": "Bench", "apellido": "Documentos", "email": "documentos@example.org",
            "password": "bench-password-documentos"})
        token = body["token"] if status == 201 and body else sys.exit(f"register: {status} {body}")
        # Registering makes the parent's own family.
        status, body = call("GET", "/api/familias", token)
        family = body["data"][0]["_id"] if status == 200 else sys.exit(f"family: {status} {body}")

        source = os.path.join(work, "informe.pdf")
        write_pdf(source, SIZE_MB * 1_000_000)
        size = os.path.getsize(source)
        expected = sha256(source)
        target = os.path.join(work, "copia.pdf")
        copy = statistics.median(disk_copy(source, target, False) for _ in range(ROUNDS))
        copy_sync = statistics.median(disk_copy(source, target, True) for _ in range(ROUNDS))
        for _ in range(20):
            call("GET", "/api/health")
        idle = memory(server.pid, "VmRSS")

        auth = ["-H", f"Authorization: Bearer {token}"]
        ups, ids = [], []
        with Peak(server.pid) as up_peak:
            for n in range(ROUNDS):
                out = os.path.join(work, f"answer-{n}.json")
                started = time.monotonic()
                answer = subprocess.run(
                    ["curl", "-s", "-o", out, "-w", "%{http_code}", *auth,
                     "-F", f"archivo=@{source};type=application/pdf", "-F", f"familiaId={family}",
                     "-F", "categoria=medico", "-F", f"titulo=Informe {n + 1}",
                     f"{BASE}/api/documentos"], capture_output=True, text=True, check=True)
                ups.append(time.monotonic() - started)
                with open(out) as f:
                    reply = json.load(f)
                if answer.stdout != "201":
                    sys.exit(f"upload: {answer.stdout} {reply}")
                ids.append(reply["data"]["_id"])
        up_high = memory(server.pid, "VmHWM")

        downs = []
        got = os.path.join(work, "bajado.pdf")
        with Peak(server.pid) as down_peak:
            for doc in ids:
                started = time.monotonic()
                answer = subprocess.run(
                    ["curl", "-s", "-o", got, "-w", "%{http_code}", *auth,
                     f"{BASE}/api/documentos/{doc}/archivo"], capture_output=True, text=True, check=True)
                downs.append(time.monotonic() - started)
                if answer.stdout != "200" or sha256(got) != expected:
                    sys.exit(f"download of {doc}: {answer.stdout}, or its bytes differ from the upload")
        down_high = memory(server.pid, "VmHWM")

        print(f"{BIN}, SQLite, a {size / 1e6:.1f} MB PDF, {ROUNDS} rounds each way, {os.cpu_count()} cores")
        line("upload", ups, size, copy, copy_sync)
        line("download", downs, size, copy, copy_sync)
        print(f"server memory: idle {idle:.1f} MB; peak uploading {up_peak.mb:.1f} MB "
              f"(+{up_peak.mb - idle:.1f}), downloading {down_peak.mb:.1f} MB (+{down_peak.mb - idle:.1f}); "
              f"high-water {up_high:.1f} MB after the uploads, {down_high:.1f} MB after the downloads")
        print("every download equals the upload, byte for byte")
    finally:
        server.terminate()
        server.wait()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
