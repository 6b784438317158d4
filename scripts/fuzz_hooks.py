"""schemathesis hooks for scripts/fuzz.sh: dates and instants drawn near today.

The contract says `format: date` and `format: date-time`; the server adds rules no schema can
state: a range of at most five years, a deadline in the future, an exchange not in the future,
a birth date not after today, years 1900 to 2100. Drawn from the whole calendar (years 1 to
9999), almost every valid date breaks one of them and the request stops at validation. Drawn
from three years back to two years ahead, most reach the handler's logic. Invalid dates are
still generated: this changes only where the valid ones fall.
"""

from datetime import datetime, timedelta, timezone

import schemathesis
from hypothesis import strategies as st

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
