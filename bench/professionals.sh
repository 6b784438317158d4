#!/usr/bin/env bash
# What reading through a professional's access costs, on SQLite and on PostgreSQL: one family of
# two co-parents with a conversation of MESSAGES messages, and a lawyer given one parent's view of
# the messages (registered with the mailed link, as a professional does). Next to the /api/health
# ceiling of the same run, at 32 connections:
#   - a co-parent's newest page of the conversation (kept in memory between changes);
#   - the same page read by the lawyer, answered through the access's lens (its scope judged,
#     the period applied, the reading noted once a day);
#   - the lawyer's list of the family's conversations.
# Release build (BIN=target/debug/nido runs the debug build instead, without building). Not a
# test: nothing fails on a timing.
#
#   bash bench/professionals.sh
#   BIN=target/debug/nido BACKENDS=sqlite MESSAGES=20 DURATION=2s bash bench/professionals.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

MESSAGES=${MESSAGES:-200}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10s}
BACKENDS=${BACKENDS:-sqlite postgres}
PORT=${PORT:-18099}
BASE="http://127.0.0.1:$PORT"

need_wrk
bench_build

SERVER=
DATA=
DB_URL=
LUA=$(mktemp -d)
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [[ "$DB_URL" == postgres* ]]; then drop_pg_db "$DB_URL"; fi
  rm -rf "$LUA" "$DATA"
}
trap cleanup EXIT

# Seeds through the API: prints "parent-token lawyer-token family conversation".
seed() { # data dir
  python3 - "$BASE" "$1" "$MESSAGES" <<'PY'
import glob, json, quopri, re, sys, time, urllib.request
base, data, messages = sys.argv[1], sys.argv[2], int(sys.argv[3])
def call(method, path, body=None, token=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header('Content-Type', 'application/json')
    if token:
        req.add_header('Authorization', 'Bearer ' + token)
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read() or b'{}')
def register(name, email, **extra):
    body = {'nombre': name, 'apellido': 'Bench', 'email': email, 'password': 'bench-password-2026', 'language': 'es', 'relacion': 'madre'}
    body.update(extra)
    answer = call('POST', '/api/usuarios', body)
    return answer.get('token') or answer['data']['token']
ana = register('Ana', 'ana@bench.example')
family = call('GET', '/api/familias', token=ana)['data'][0]['_id']
code = call('POST', f'/api/familias/{family}/codigo', {'permiso': 'coparent', 'relacion': 'padre'}, ana)['data']['codigo']
beto = register('Beto', 'beto@bench.example', relacion='padre')
call('POST', '/api/invitaciones/aceptar', {'codigo': code}, beto)
talk = call('POST', '/api/conversaciones', {'familiaId': family, 'tema': 'general', 'asunto': 'Bench'}, ana)['data']['_id']
for n in range(messages):
    call('POST', f'/api/conversaciones/{talk}/mensajes', {'texto': f'Mensaje {n} sobre la semana', 'tipo': 'normal'}, ana if n % 2 else beto)
until = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(time.time() + 60 * 86400))
call('POST', f'/api/familias/{family}/profesionales', {'email': 'lawyer@bench.example', 'profesion': 'abogado', 'tipo': 'de-parte', 'alcance': {'areas': ['mensajes']}, 'venceAt': until}, ana)
token = None
for _ in range(100):
    for f in sorted(glob.glob(data + '/outbox/*.eml')):
        mail = quopri.decodestring(open(f, 'rb').read()).decode('utf-8', 'replace')
        if 'lawyer@bench.example' in mail:
            found = re.search(r'/casos/aceptar\?token=([A-Za-z0-9_-]+)', mail)
            token = found and found.group(1)
    if token:
        break
    time.sleep(0.1)
lawyer = register('Lucía', 'lawyer@bench.example', accesoToken=token, profesion='abogado')
print(ana, lawyer, family, talk)
PY
}

as_token() { # file, token, path
  cat >"$LUA/$1" <<LUA
request = function()
  return wrk.format("GET", "$3", {["Authorization"] = "Bearer $2"})
end
LUA
}

for backend in $BACKENDS; do
  DATA=$(mktemp -d)
  if [ "$backend" = postgres ]; then
    DB_URL=$(new_pg_db nido_bench_professionals)
  else
    DB_URL="sqlite://$DATA/nido.db?mode=rwc"
  fi
  DATABASE_URL=$DB_URL NIDO_ADDR=127.0.0.1:$PORT NIDO_DATA_DIR=$DATA NIDO_PUBLIC_URL=$BASE NIDO_RATE_LIMITS=off \
    RUST_LOG=warn "$BIN" serve >"$DATA/server.log" 2>&1 &
  SERVER=$!
  wait_up "$BASE" "$SERVER" "$DATA/server.log"
  echo "$backend: seeding $MESSAGES messages and a lawyer's access"
  read -r PARENT LAWYER FAMILY TALK < <(seed "$DATA")
  as_token parent.lua "$PARENT" "/api/conversaciones/$TALK/mensajes"
  as_token lawyer.lua "$LAWYER" "/api/conversaciones/$TALK/mensajes"
  as_token cases.lua "$LAWYER" "/api/conversaciones?familiaId=$FAMILY"
  # What is measured must be an answer: a refused read would measure its error.
  for who in "$PARENT" "$LAWYER"; do
    curl -sf -H "Authorization: Bearer $who" "$BASE/api/conversaciones/$TALK/mensajes" >/dev/null \
      || { echo "$backend: the page was refused"; tail -20 "$DATA/server.log"; exit 1; }
  done
  echo "$backend: wrk 2 threads, $CONNECTIONS connections, $DURATION each, $(nproc) cores shared by server, database and client"
  ceiling "$BASE"
  warm -s "$LUA/parent.lua" "$BASE"
  run "a co-parent's newest page (50)" -s "$LUA/parent.lua" "$BASE"
  warm -s "$LUA/lawyer.lua" "$BASE"
  run "the lawyer's newest page, through the lens" -s "$LUA/lawyer.lua" "$BASE"
  run "the lawyer's list of conversations" -s "$LUA/cases.lua" "$BASE"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
  if [ "$backend" = postgres ]; then drop_pg_db "$DB_URL"; fi
  DB_URL=
  rm -rf "$DATA"
  DATA=
done
