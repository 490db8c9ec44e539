"""Every version of the rules a stored game may have been recorded under, oldest first,
and the upcasts that lift an older game's events to today's shape (docs/DESIGN.md,
"Rules versions").  A stored event is never rewritten; the store upcasts it on read.

Tally's history is made up, to show one upcast: its first version called a turn's
points ``roll``.  A new engine starts with one entry, ``RulesVersion("1", ...)``, and
adds one each time an event's shape or a rule's reading changes."""

from __future__ import annotations

from engines.base import Event, RulesVersion


def points_named_points(event: Event) -> Event:
    """Version 1's ``points_scored {"roll": n}`` as version 2's ``{"points": n}``; an event
    of today's shape (a game begun under 1 and continued since) passes unchanged."""
    if event.type != "points_scored" or "roll" not in event.data or "points" in event.data:
        return event
    data = {("points" if name == "roll" else name): value for name, value in event.data.items()}
    return Event(event.type, data, event.actor)


RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "A turn's points were called roll"),
    RulesVersion("2", "A turn's points are called points", upcast=points_named_points),
)
