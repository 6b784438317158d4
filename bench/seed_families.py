#!/usr/bin/env python3
"""Seeds N families straight into a Nido database (after its migrations ran): MEMBERS users per
family (1 unless given; the first two co-parents, the others viewers), user j (from 1, family by
family) with a session whose token is bench-token-<j>, two children per family each with an
activity, an appointment and two emergency contacts. Usage: seed_families.py DATABASE_URL N [MEMBERS]"""
import hashlib, io, json, sqlite3, subprocess, sys
from datetime import datetime, timezone

url, n = sys.argv[1], int(sys.argv[2])
members = int(sys.argv[3]) if len(sys.argv) > 3 else 1
RELATIONS = [("madre", "coparent", True), ("padre", "coparent", False), ("abuela", "viewer", False), ("cuidador", "viewer", False)]
now = datetime.now(timezone.utc).isoformat()
# Any valid argon2id hash: these users sign in with their session token, never a password.
HASH = "$argon2id$v=19$m=19456,t=2,p=1$dtl8Je3Gr5C4XC2qwah6cw$i1JkuUaDmMDIdt8KSItOL8bwYU7RjzSh8DwfE7gAavI"

def uid(kind, i):
    return f"{kind:08x}-0000-7000-8000-{i:012d}"

# Named columns where tables grow with later migrations (new columns are nullable).
COLUMNS = {
    "usuarios": "(id, nombre, apellido, email, telefono, foto, language, password_hash, created_at, updated_at)",
    "hijos": "(id, familia_id, nombre, apellido, fecha_nacimiento, genero, grupo_sanguineo, numero_seguro_social, foto_key, "
    "miniatura_key, escuela, grado, profesor_principal, telefono_escuela, horario_entrada, horario_salida, doctor_nombre, "
    "doctor_telefono, alergias, medicamentos, condiciones_especiales, notas_medicas, created_at, updated_at)",
}
rows = {t: [] for t in ["usuarios", "sesiones", "familias", "miembros", "hijos", "actividades", "turnos_medicos", "contactos_emergencia"]}
for i in range(1, n + 1):
    fam = uid(2, i)
    rows["familias"].append((fam, f"Familia {i}", "America/Argentina/Buenos_Aires", now, now))
    for m in range(members):
        j = (i - 1) * members + m + 1
        user = uid(1, j)
        token_hash = hashlib.sha256(f"bench-token-{j}".encode()).hexdigest()
        rows["usuarios"].append((user, "Bench", f"User{j}", f"bench{j}@example.org", None, None, "es", HASH, now, now))
        rows["sesiones"].append((uid(3, j), user, token_hash, "bench", "127.0.0.1", now, now))
        relation, permission, admin = RELATIONS[m % len(RELATIONS)]
        rows["miembros"].append((uid(4, j), fam, user, relation, permission, admin, now, now))
    for k in (0, 1):
        child = uid(5, i * 2 + k)
        rows["hijos"].append((child, fam, f"Hijo{k}", f"User{i}", f"201{k}-0{k + 3}-1{k}", "femenino" if k else "masculino",
                              "O+", None, None, None, "Escuela 5", "3", "Marta", "011 4444-5555", "08:00", "12:30",
                              "Dra. Pérez", "011 5555-0000", json.dumps(["maní"]), "[]", "[]", None, now, now))
        rows["actividades"].append((uid(6, i * 2 + k), child, "Natación", "Club", None, json.dumps(["lunes", "miercoles"]), "17:00", "18:00", now, now))
        rows["turnos_medicos"].append((uid(7, i * 2 + k), child, "Control", "programado", now, "Dr. Ruiz", "Pediatría", None, now, now))
        for c in (1, 2):
            rows["contactos_emergencia"].append((uid(8, (i * 2 + k) * 2 + c), child, f"Contacto {c}", "familia", "011 4000-0000", None, c, now, now))

if url.startswith("sqlite:"):
    path = url.split("://", 1)[1].split("?", 1)[0]
    db = sqlite3.connect(path)
    for table, data in rows.items():
        db.executemany(f"INSERT INTO {table} {COLUMNS.get(table, '')} VALUES ({','.join('?' * len(data[0]))})", data)
    db.commit()
else:
    for table, data in rows.items():
        buf = io.StringIO()
        for row in data:
            buf.write("\t".join("\\N" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in row) + "\n")
        subprocess.run(["psql", "-q", url, "-c", f"\\copy {table} {COLUMNS.get(table, '')} FROM STDIN"], input=buf.getvalue(), text=True, check=True)
print(f"seeded {n} families of {members}, {n * members} users, {2 * n} children")
