"""Registers one user through the API and gives it something to point at: a child with an
activity, an emergency contact and an appointment, a pending invitation, a push device, and a
second co-parent in its family with what two parents share: a custody schedule, a holiday
period, an event, a conversation with a message, expenses and a payment each way, a child
support agreement, a notification, and an invitation received from the other parent's second
family. Prints the ids as shell assignments, for scripts/fuzz.sh to export into schemathesis'
configuration.

    python3 scripts/fuzz_fixtures.py http://127.0.0.1:PORT TAG
"""

import json
import sys
import urllib.error
import urllib.request
from datetime import date, timedelta


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def ident(answer):
    data = answer.get("data", answer)
    return data.get("_id") or data.get("id")


def coparent(base, tag, token, family):
    """A second user who joins the family by its linking code; their token and id."""
    other = call(base, "POST", "/api/usuarios", body={
        "nombre": "Otro", "apellido": tag, "email": f"fuzz-other-{tag}@example.org",
        "password": f"tormenta-de-pruebas-{tag}",
    })
    code = call(base, "POST", f"/api/familias/{family}/codigo", token, {})["data"]["codigo"]
    call(base, "POST", "/api/invitaciones/aceptar", other["token"], {"codigo": code})
    return other["token"], other["_id"]


def shared(base, tag, token, me, family, other_token, other):
    """What two co-parents share, made through the API; the ids by name."""
    today = date.today()
    day = lambda n: (today + timedelta(days=n)).isoformat()
    call(base, "PUT", f"/api/familias/{family}/custodia", token, {
        "patron": "7-7", "inicio": day(-30), "progenitorA": me, "progenitorB": other,
    })
    ids = {}
    ids["PERIOD"] = ident(call(base, "POST", f"/api/familias/{family}/custodia/periodos", token, {
        "nombre": "Verano", "desde": day(200), "hasta": day(210), "modo": "progenitor",
        "usuarioId": me,
    }))
    ids["EVENT"] = ident(call(base, "POST", "/api/eventos", token, {
        "familiaId": family, "titulo": "Acto escolar", "tipo": "familia", "categoria": "escuela",
        "inicio": f"{day(20)}T10:00:00", "todoElDia": False, "hijos": [],
    }))
    conversation = ident(call(base, "POST", "/api/conversaciones", token, {
        "familiaId": family, "tema": "general", "asunto": "Vacaciones",
    }))
    ids["CONVERSATION"] = conversation
    ids["MESSAGE"] = ident(call(
        base, "POST", f"/api/conversaciones/{conversation}/mensajes", other_token,
        {"texto": "¿Hablamos del verano?"},
    ))
    expense = lambda who, what: ident(call(base, "POST", "/api/gastos", who, {
        "familiaId": family, "descripcion": what, "monto": 12000, "fecha": day(-2),
        "categoria": "educacion", "reparto": {"modo": "igual", "participantes": [me, other]},
    }))
    ids["EXPENSE"] = expense(token, "Útiles")
    ids["THEIR_EXPENSE"] = expense(other_token, "Zapatillas")
    ids["PAYMENT"] = ident(call(base, "POST", "/api/pagos", other_token, {
        "familiaId": family, "de": other, "para": me, "monto": 5000, "fecha": day(-1),
    }))
    ids["AGREEMENT"] = ident(call(base, "POST", f"/api/familias/{family}/cuotas", token, {
        "pagador": me, "beneficiario": other, "moneda": "ARS", "modo": "monto",
        "monto": 100000, "diaVencimiento": 10, "desde": day(-60),
    }))
    ids["NOTIFICATION"] = call(base, "GET", "/api/notificaciones", token)["data"]["notificaciones"][0]["_id"]
    second = ident(call(base, "POST", "/api/familias", other_token, {"nombre": "Familia segunda"}))
    ids["RECEIVED"] = ident(call(base, "POST", f"/api/familias/{second}/invitaciones", other_token, {
        "email": f"fuzz-{tag}@example.org",
    }))
    return ids


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
    # A second of each, for the operations that delete one: the first stays for the others.
    other_of = lambda path, key, body, first: next(
        item for item in call(base, "POST", f"/api/hijos/{cid}/{path}", token, body)["data"][key]
        if ident(item) != ident(first)
    )
    gone = {
        "ACTIVITY_GONE": ident(other_of("actividades", "actividades", {"nombre": "Inglés"}, activity)),
        "CONTACT_GONE": ident(other_of("contactos-emergencia", "contactosEmergencia", {
            "nombre": "Vecina", "telefono": "+54 11 5555 0001", "relacion": "vecina",
        }, contact)),
        "APPOINTMENT_GONE": ident(other_of("turnos-medicos", "turnosMedicos", {
            "fechaHora": "2027-04-01T10:00:00Z", "tipoConsulta": "vacuna",
        }, appointment)),
    }
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
    # A certified report of today's record, made in the background while the fuzzer runs.
    report = call(base, "POST", f"/api/familias/{family['_id']}/informes", token, {
        "desde": "2026-01-01", "hasta": "2026-01-31", "secciones": ["registro"], "idioma": "es",
    })["data"]
    session = next(s for s in call(base, "GET", "/api/usuarios/sesiones", token)["data"] if s["actual"])
    other_token, other = coparent(base, tag, token, family["_id"])
    two = shared(base, tag, token, user["_id"], family["_id"], other_token, other)
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
        "FUZZ_REPORT": report["_id"],
        "FUZZ_OTHER": other,
        **{f"FUZZ_{name}": value for name, value in {**two, **gone}.items()},
    }
    for name, value in values.items():
        print(f"{name}='{value}'")


if __name__ == "__main__":
    main()
