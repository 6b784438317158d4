"""Gives the contract the fuzz fixtures' real ids as examples, for scripts/fuzz.sh.

schemathesis draws the dictionaries of the fuzz configuration only in its fuzzing and stateful
phases; its coverage phase builds each valid request from the schema alone, from a property's
`examples` when it has some. Without them every request of that phase names a family, a child or
a co-parent that does not exist and stops at validation. This reads the document the server
serves and writes a copy whose ids, wherever a field or a path names one, carry the fixtures'
values as examples. Nothing else changes: the generator still draws other values too.

    python3 scripts/fuzz_examples.py BASE_URL OUT_FILE    (ids from the FUZZ_* environment)
"""

import json
import os
import re
import sys
import urllib.request

env = os.environ.get

# Fields of a body or a query, by name, wherever they appear.
FIELDS = {
    "familiaId": ["FUZZ_FAMILY"],
    "hijoId": ["FUZZ_CHILD"],
    "progenitorA": ["FUZZ_USER"],
    "progenitorB": ["FUZZ_OTHER"],
    "pagador": ["FUZZ_USER"],
    "beneficiario": ["FUZZ_OTHER"],
    "de": ["FUZZ_OTHER"],
    "para": ["FUZZ_USER"],
    "pagadoPor": ["FUZZ_USER"],
    "usuarioId": ["FUZZ_USER", "FUZZ_OTHER"],
    "invitacionId": ["FUZZ_RECEIVED"],
    "respondeA": ["FUZZ_MESSAGE"],
    "hasta@SeenInput": ["FUZZ_MESSAGE"],
    "password": ["FUZZ_PASSWORD"],
    "currentPassword": ["FUZZ_PASSWORD"],
    "email@LoginRequest": ["FUZZ_EMAIL"],
    "email@ProfileRequest": ["FUZZ_EMAIL"],
}
# Lists of ids, by the list's name.
LISTS = {
    "hijos": ["FUZZ_CHILD"],
    "participantes": ["FUZZ_USER", "FUZZ_OTHER"],
}
# Path parameters: the first path pattern that matches names each parameter's ids
# (`name@method` for one method alone: a deletion takes a thing of its own).
PATHS = [
    (r"^/api/hijos/\{id\}/actividades/", {
        "id": ["FUZZ_CHILD"], "item_id": ["FUZZ_ACTIVITY"], "item_id@delete": ["FUZZ_ACTIVITY_GONE"],
    }),
    (r"^/api/hijos/\{id\}/contactos-emergencia/", {
        "id": ["FUZZ_CHILD"], "item_id": ["FUZZ_CONTACT"], "item_id@delete": ["FUZZ_CONTACT_GONE"],
    }),
    (r"^/api/hijos/\{id\}/turnos-medicos/", {
        "id": ["FUZZ_CHILD"], "item_id": ["FUZZ_APPOINTMENT"],
        "item_id@delete": ["FUZZ_APPOINTMENT_GONE"],
    }),
    (r"^/api/hijos/\{id\}", {"id": ["FUZZ_CHILD"]}),
    (r"^/api/familias/\{id\}", {
        "id": ["FUZZ_FAMILY"], "cuotaId": ["FUZZ_AGREEMENT"], "periodoId": ["FUZZ_PERIOD"],
        "miembroId": ["FUZZ_MEMBER"], "invitacionId": ["FUZZ_INVITATION"],
    }),
    (r"^/api/eventos/\{id\}", {"id": ["FUZZ_EVENT"]}),
    (r"^/api/conversaciones/\{id\}", {"id": ["FUZZ_CONVERSATION"], "mensajeId": ["FUZZ_MESSAGE"]}),
    (r"^/api/gastos/\{id\}", {"id": ["FUZZ_EXPENSE", "FUZZ_THEIR_EXPENSE"]}),
    (r"^/api/pagos/\{id\}", {"id": ["FUZZ_PAYMENT"]}),
    (r"^/api/informes/\{id\}", {"id": ["FUZZ_REPORT"]}),
    (r"^/api/notificaciones/\{id\}", {"id": ["FUZZ_NOTIFICATION"]}),
    (r"^/api/notificaciones/dispositivos/\{id\}", {"id": ["FUZZ_PUSH_DEVICE"]}),
    (r"^/api/invitaciones/recibidas/\{invitacionId\}", {"invitacionId": ["FUZZ_RECEIVED"]}),
    (r"^/api/usuarios/bloqueados/\{usuarioId\}", {"usuarioId": ["FUZZ_OTHER"]}),
]


def values(names):
    return [env(name) for name in names if env(name)]


def with_examples(schema, found):
    if found and isinstance(schema, dict) and "$ref" not in schema:
        schema["examples"] = found + [e for e in schema.get("examples", []) if e not in found]


def main():
    base, out = sys.argv[1], sys.argv[2]
    with urllib.request.urlopen(f"{base}/api/openapi.json", timeout=30) as answer:
        doc = json.load(answer)
    for name, schema in doc["components"]["schemas"].items():
        for field, prop in (schema.get("properties") or {}).items():
            found = values(FIELDS.get(f"{field}@{name}", FIELDS.get(field, [])))
            with_examples(prop, found)
            items = prop.get("items") if isinstance(prop, dict) else None
            with_examples(items, values(LISTS.get(field, [])))
    for path, operations in doc["paths"].items():
        ids = next((ids for pattern, ids in PATHS if re.match(pattern, path)), {})
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    name = parameter["name"]
                    found = ids.get(f"{name}@{method}", ids.get(name, []))
                    with_examples(parameter.get("schema"), values(found))
                elif parameter["in"] == "query":
                    with_examples(parameter.get("schema"), values(FIELDS.get(parameter["name"], [])))
    with open(out, "w", encoding="utf-8") as file:
        json.dump(doc, file)


if __name__ == "__main__":
    main()
