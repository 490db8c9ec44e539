"""Which of an event's stored checks are *flags*.

A flag marks a ruling: a rule the table overrode (``error``) or a warning the
rulebook's text calls one.  A check that could not run for want of data
(``unverified``: no board declared the fact) is stored with the event like the
others, since what was judged keeps its meaning, but it is not a flag: the pages
list it with the event's details and count it once per game, so that a flag still
picks out the table's real rulings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

UNCHECKED = "unverified"


def split_flags(checks: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(flags, unchecked): the rulings and warnings, then the checks that could not run.

    >>> split_flags([{"code": "A", "severity": "error"}, {"code": "B", "severity": "unverified"}])
    ([{'code': 'A', 'severity': 'error'}], [{'code': 'B', 'severity': 'unverified'}])
    """
    flags = [check for check in checks if check.get("severity") != UNCHECKED]
    return flags, [check for check in checks if check.get("severity") == UNCHECKED]


def unchecked_count(entries: Iterable[dict[str, Any]]) -> int:
    """How many checks of a game's effective log could not run (the log's one quiet line)."""
    return sum(len(entry.get("unchecked") or []) for entry in entries)
