#!/usr/bin/env python3
"""Test-only reference for shared expenses' balances: IHateMoney's own balance computation.

Reads JSON on stdin, {members: [name], bills: [{payer, amount, owers: [name], weights?: {name:
number}, type?: "Expense"|"Reimbursement"}]} (amount a decimal string in major units, "1234.57";
a reimbursement is money the payer handed to the owers), and prints a JSON object {name: balance}
with each member's balance as IHateMoney's `Project.balance` computes it (what they paid minus
their weighted share of every expense they owe, plus what they handed over minus what they were
handed, in major units, a float). The server's running totals (GET /api/familias/{id}/balance)
must agree within one cent per bill.

IHateMoney keeps a weight per participant for the whole project, where Nido weighs each expense on
its own. A member is therefore entered once per distinct weight they carry in some bill, and their
balance is the sum of those participants' balances: IHateMoney's balance is a sum over bills, so
this is exactly what it would compute if it weighed each bill on its own.

The project runs in IHateMoney's Flask app on an in-memory SQLite database with the currency
"XXX" (no currency), so that no exchange rate is ever fetched.
"""

import json
import sys
import warnings
from decimal import Decimal

from flask import g

from ihatemoney.models import Bill, Person, Project, db
from ihatemoney.run import create_app
from ihatemoney.versioning import LoggingMode


class Settings:
    SQLALCHEMY_DATABASE_URI = "sqlite://"
    SECRET_KEY = "reference only, never served"
    ENABLE_CAPTCHA = False
    ACTIVATE_DEMO_PROJECT = False
    TESTING = True


def weight_key(value):
    # Weights arrive as JSON numbers; 2 and 2.0 are one participant.
    return str(Decimal(str(value)).normalize())


def balances(data):
    members = data["members"]
    bills = data["bills"]
    if len(set(members)) != len(members):
        raise ValueError("member names must be distinct")
    for bill in bills:
        if bill["payer"] not in members or not bill["owers"]:
            raise ValueError(f"bad bill: {bill}")
        for name in bill["owers"]:
            if name not in members:
                raise ValueError(f"unknown ower {name!r}")

    app = create_app(configuration=Settings)
    with app.app_context():
        # As IHateMoney's own tests set up their database.
        db.create_all()
        project = Project(
            id="reference",
            name="reference",
            password="unused",
            contact_email="reference@example.invalid",
            default_currency=Bill.currency_helper.no_currency,
            logging_preference=LoggingMode.DISABLED,
        )
        # The project's history is not what is compared: the versioning hook reads the preference
        # from the request's project.
        g.project = project
        db.session.add(project)
        people = {}

        def person(name, weight):
            key = (name, weight_key(weight))
            if key not in people:
                entry = Person(name=f"{name}#{key[1]}", weight=float(weight), project=project)
                db.session.add(entry)
                people[key] = entry
            return people[key]

        for bill in bills:
            weights = bill.get("weights") or {}
            owers = [person(name, weights.get(name, 1)) for name in bill["owers"]]
            payer = person(bill["payer"], 1)
            db.session.flush()
            db.session.add(
                Bill(
                    amount=float(Decimal(bill["amount"])),
                    original_currency=Bill.currency_helper.no_currency,
                    project_default_currency=project.default_currency,
                    owers=owers,
                    payer_id=payer.id,
                    what="reference",
                    bill_type=bill.get("type", "Expense"),
                )
            )
        db.session.commit()

        by_person = project.balance
        result = {name: 0.0 for name in members}
        for (name, _), entry in people.items():
            result[name] += by_person.get(entry.id, 0.0)
        return result


def main():
    # IHateMoney warns about its default secret key and its sample settings: the output must stay
    # the JSON alone.
    warnings.simplefilter("ignore")
    json.dump(balances(json.load(sys.stdin)), sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
