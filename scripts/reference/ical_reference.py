"""Parses a calendar feed with the icalendar package (test-only reference for the feed tests).

Reads RFC 5545 text on stdin; prints JSON: the calendar's VERSION and PRODID, every parse error
icalendar noted, and each VEVENT's properties (date-times in ISO 8601, dates as YYYY-MM-DD).
"""

import json
import sys

from icalendar import Calendar


def when(component, name):
    value = component.get(name)
    if value is None:
        return None
    moment = value.dt
    if hasattr(moment, "tzinfo") and moment.tzinfo is not None:
        return moment.isoformat().replace("+00:00", "Z")
    return moment.isoformat()


def text(component, name):
    value = component.get(name)
    return None if value is None else str(value)


def main():
    calendar = Calendar.from_ical(sys.stdin.buffer.read())
    errors = []
    for component in calendar.walk():
        errors.extend(f"{component.name}: {e}" for e in getattr(component, "errors", []))
    events = []
    for event in calendar.walk("VEVENT"):
        categories = event.get("CATEGORIES")
        events.append(
            {
                "uid": text(event, "UID"),
                "dtstamp": when(event, "DTSTAMP"),
                "dtstart": when(event, "DTSTART"),
                "dtend": when(event, "DTEND"),
                "summary": text(event, "SUMMARY"),
                "location": text(event, "LOCATION"),
                "description": text(event, "DESCRIPTION"),
                "categories": [str(c) for c in categories.cats] if categories else [],
                "class": text(event, "CLASS"),
            }
        )
    json.dump(
        {
            "version": text(calendar, "VERSION"),
            "prodid": text(calendar, "PRODID"),
            "errors": errors,
            "events": events,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
