#!/usr/bin/env python3
"""Test-only reference for the calendar's recurrence: python-dateutil with zoneinfo.

Reads a JSON list of cases on stdin, each {zone, start, allDay, rule, exdates, rdates, from, to}
(local starts as the API takes them, `from`/`to` RFC 3339 instants), and prints a JSON list with,
per case, the [local start, RFC 3339 instant] of every occurrence whose instant s satisfies
from <= s < to. The server's expansion (server/src/calendar/recurrence) must print the same.

Wall-clock datetimes carry fold=0: zoneinfo then reads a time in a daylight-saving gap with the
offset from before the gap, and an ambiguous time as its first occurrence, which is the calendar's
rule. An all-day event is a series of local midnights; its date UNTIL (20260415) means "up to that
date", which is its local midnight as a UTC UNTIL.
"""

import json
import sys
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr, rruleset


def local(value, zone, all_day):
    if all_day:
        return datetime.combine(date.fromisoformat(value), time(0), tzinfo=zone)
    return datetime.fromisoformat(value).replace(tzinfo=zone)


def rule_text(rule, zone, all_day):
    parts = []
    for part in rule.split(";"):
        key, _, value = part.partition("=")
        if key.upper() == "UNTIL" and all_day and len(value) == 8:
            midnight = datetime.combine(
                date(int(value[:4]), int(value[4:6]), int(value[6:])), time(0), tzinfo=zone
            )
            value = midnight.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        parts.append(f"{key}={value}")
    return ";".join(parts)


def expand(case):
    zone = ZoneInfo(case["zone"])
    all_day = case["allDay"]
    start = local(case["start"], zone, all_day)
    series = rruleset()
    if case.get("rule"):
        series.rrule(rrulestr(rule_text(case["rule"], zone, all_day), dtstart=start))
    else:
        series.rdate(start)
    for value in case.get("rdates", []):
        series.rdate(local(value, zone, all_day))
    for value in case.get("exdates", []):
        series.exdate(local(value, zone, all_day))
    low = datetime.fromisoformat(case["from"].replace("Z", "+00:00"))
    high = datetime.fromisoformat(case["to"].replace("Z", "+00:00"))
    found = []
    for occurrence in series:
        instant = occurrence.astimezone(timezone.utc)
        # Wall-clock order is the series' order: two days past the end, nothing can come back.
        if occurrence.replace(tzinfo=None) > high.replace(tzinfo=None) + timedelta(days=2):
            break
        if low <= instant < high:
            shown = occurrence.date().isoformat() if all_day else occurrence.replace(tzinfo=None).isoformat()
            # Through UTC: astimezone to its own zone would keep a gap time's offset from before.
            found.append([shown, instant.astimezone(zone).isoformat()])
    found.sort(key=lambda pair: datetime.fromisoformat(pair[1]))
    return found


def main():
    cases = json.load(sys.stdin)
    json.dump([expand(case) for case in cases], sys.stdout)


if __name__ == "__main__":
    main()
