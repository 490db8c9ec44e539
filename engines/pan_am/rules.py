"""What every Pan Am event type's check shares (``judge``), after ``TableEngine``'s guards.

The whole order, the first that fails the only answer until step 6:

1. unknown event type                        -> ``event/unknown-type``   (``TableEngine``)
2. the game is over                          -> PA-X3                   (``TableEngine``, ``guard_codes``)
3. an actor who is not a player              -> ``event/unknown-player`` (``TableEngine``, ``guard_codes``)
4. before ``cards_dealt``, anything else     -> PA-S3                   (``PanAm.table_guards``)
5. the event type's guard: its phase and whose turn (PA-V1, PA-E1/E3/E5/E6, PA-E16, PA-R1/R2,
   PA-A1, PA-D1, PA-E-R1, PA-B2, PA-P1/P3/P6, PA-I1, PA-K1, PA-DIR-1); the first that fails
   is the only answer
6. a short form the registry cannot complete (PA-B23, PA-B27), alone (``items.unfilled``);
7. the event type's own rules (several at once), on the event completed from the board
   (``items.fill``), the board's checks (``items.checks``: PA-B20..B22, PA-B24..B26,
   PA-B28), and ``declared/conflict`` for each declared fact that contradicts the registry.

Steps 5 to 7 are ``judge``: each ``EventRule``'s check (``events``) is ``judge`` of its type's
guard and rules.  Engineer events recorded in the Stock Price step are judged on the table
with the Engineer phase opened (``judged``: the step closes at the first Engineer event),
and so is the player they are for (``PanAm.actor_of``).  The modules per phase are
``rules_event``, ``rules_engineer``, ``rules_resolution``, ``rules_pan_am`` and ``rules_cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import conflicts
from engines.pan_am import flow, items, rules_cards, rules_resolution
from engines.pan_am.knowledge import facts_of
from engines.pan_am.table import next_state

Check = Callable[[State, str, Mapping[str, Any]], list[Violation]]

ENGINEER_EVENTS = ("engineer_assigned", "engineer_set_aside")


def judged(state: State, event_type: str) -> State:
    """The table an event is judged on: ``state``, or for an Engineer event in the Stock Price
    step a copy with the Engineer phase opened (the step closes at the first Engineer event)."""
    if event_type in ENGINEER_EVENTS and state["phase"] == "STOCK_PRICE":
        opened = next_state(state)
        flow.enter_engineer_phase(opened)
        return opened
    return state


def judge(event_type: str, guard: Check, rules: Check) -> Check:
    """The check of one event type, for ``who`` (``PanAm.actor_of``): its ``guard`` alone when it
    fails, then a short form the registry cannot complete alone, then its ``rules`` on the
    completed event with the board's checks and the declared facts' conflicts."""

    def check(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
        table = judged(state, event_type)
        early = guard(table, who, data)
        if early:
            return early
        data = items.fill(state, event_type, data)
        missing = items.unfilled(state, event_type, data)
        if missing:
            return missing
        out = rules(table, who, data)
        out += items.checks(state, event_type, data)
        out += conflicts(state["declared"], facts_of(state, event_type, data, who), state["step"] + 1)
        return out

    return check


def resolution_guard(event_type: str) -> Check:
    """A Resolution event's guard: the Engineer due, in the event's area (``rules_resolution.guard``)."""
    return lambda state, who, data: rules_resolution.guard(state, who, event_type)


def no_rules(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """An event whose guard is its only rule (``pan_am_offer_declined``)."""
    return []


def event_effect_rules(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """``event_effect``: the effects of the Event card's text, which name their players."""
    return rules_cards.effect_problems(state, who, data.get("effects"), personal=False)
