"""schemathesis hooks for scripts/fuzz.sh: dates and instants drawn near today.

The contract says `format: date` and `format: date-time`; the server adds rules no schema can
state: a range of at most five years, a deadline in the future, an exchange not in the future,
a birth date not after today, years 1900 to 2100. Drawn from the whole calendar (years 1 to
9999), almost every valid date breaks one of them and the request stops at validation. Drawn
from three years back to two years ahead, most reach the handler's logic. Invalid dates are
still generated: this changes only where the valid ones fall.
"""

import ast
import threading
from datetime import datetime, timedelta, timezone

import schemathesis
from hypothesis import strategies as st

# CPython 3.11 keeps the depth counter of its AST conversion in state shared by every thread, so
# two workers parsing source at once (Hypothesis reads a lambda's source to describe it) may end
# in "SystemError: AST constructor recursion depth mismatch", a crash of the fuzzer that says
# nothing about the server and cost a whole pass again. One parse at a time avoids it.
_parse = ast.parse
_parsing = threading.Lock()


def _parse_one_at_a_time(*args, **kwargs):
    with _parsing:
        return _parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time

NOW = datetime.now(timezone.utc).replace(microsecond=0)
FIRST = NOW - timedelta(days=3 * 365)
LAST = NOW + timedelta(days=2 * 365)

schemathesis.openapi.format(
    "date", st.dates(min_value=FIRST.date(), max_value=LAST.date()).map(lambda d: d.isoformat())
)
schemathesis.openapi.format(
    "date-time",
    st.datetimes(min_value=FIRST.replace(tzinfo=None), max_value=LAST.replace(tzinfo=None)).map(
        lambda t: t.replace(microsecond=0).isoformat() + "Z"
    ),
)
