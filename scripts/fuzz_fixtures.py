"""Registers one user through the API and gives it something to point at: a child with an
activity, an emergency contact and an appointment, a pending invitation and a push device. Prints
the ids as shell assignments, for scripts/fuzz.sh to export into schemathesis' configuration.

    python3 scripts/fuzz_fixtures.py http://127.0.0.1:PORT TAG
"""

import json
import sys
import urllib.request


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def main():
    base, tag = sys.argv[1], sys.argv[2]
    email = f"fuzz-{tag}@example.org"
    password = f"tormenta-de-pruebas-{tag}"
    user = call(base, "POST", "/api/usuarios", body={
        "nombre": "Fuzz", "apellido": tag, "email": email, "password": password,
    })
    token = user["token"]
    family = call(base, "GET", "/api/familias", token)["data"][0]
    me = next(m for m in family["miembros"] if m["yo"])
    child = call(base, "POST", "/api/hijos", token, {
        "nombre": "Luz", "apellido": tag, "fechaNacimiento": "2018-04-02", "genero": "femenino",
    })["data"]
    cid = child["_id"]
    activity = call(base, "POST", f"/api/hijos/{cid}/actividades", token, {
        "nombre": "Natación", "diasSemana": ["lunes"], "horaInicio": "17:00", "horaFin": "18:00",
    })["data"]["actividades"][0]
    contact = call(base, "POST", f"/api/hijos/{cid}/contactos-emergencia", token, {
        "nombre": "Abuela", "telefono": "+54 11 5555 0000", "relacion": "abuela",
    })["data"]["contactosEmergencia"][0]
    appointment = call(base, "POST", f"/api/hijos/{cid}/turnos-medicos", token, {
        "fechaHora": "2027-03-01T14:30:00Z", "tipoConsulta": "control",
    })["data"]["turnosMedicos"][0]
    invitation = call(base, "POST", f"/api/familias/{family['_id']}/invitaciones", token, {
        "email": f"invitee-{tag}@example.org",
    })["data"]
    # Its push service refuses connections at once (the discard port on this machine), so a test
    # push runs the sending code without waiting on the network.
    device = call(base, "POST", "/api/notificaciones/dispositivos", token, {
        "endpoint": f"http://127.0.0.1:9/fuzz-{tag}",
        "keys": {
            "p256dh": "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY",
            "auth": "_ordMnz7uTCmrpBTeUV4Bw",
        },
    })["data"]
    session = next(s for s in call(base, "GET", "/api/usuarios/sesiones", token)["data"] if s["actual"])
    values = {
        "FUZZ_TOKEN": token,
        "FUZZ_EMAIL": email,
        "FUZZ_PASSWORD": password,
        "FUZZ_USER": user["_id"],
        "FUZZ_FAMILY": family["_id"],
        "FUZZ_MEMBER": me["_id"],
        "FUZZ_CHILD": cid,
        "FUZZ_ACTIVITY": activity["id"],
        "FUZZ_CONTACT": contact["id"],
        "FUZZ_APPOINTMENT": appointment["_id"],
        "FUZZ_INVITATION": invitation["_id"],
        "FUZZ_SESSION": session["_id"],
        "FUZZ_PUSH_DEVICE": device["_id"],
    }
    for name, value in values.items():
        print(f"{name}='{value}'")


if __name__ == "__main__":
    main()
