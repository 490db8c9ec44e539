"""``check``: the guards in a fixed order, then the rules of the event's type.

1. unknown event type                        -> ``event/unknown-type``
2. the game is over                          -> PA-X3
3. an actor who is not a player              -> ``event/unknown-player``
4. before ``cards_dealt``, anything else     -> PA-S3
5. the event type's guard: its phase and whose turn (PA-V1, PA-E1/E3/E5/E6, PA-E16, PA-R1/R2,
   PA-A1, PA-D1, PA-E-R1, PA-B2, PA-P1/P3/P6, PA-I1, PA-K1, PA-DIR-1); the first that fails
   is the only answer
6. a short form the registry cannot complete (PA-B23, PA-B27), alone (``items.unfilled``);
7. the event type's own rules (several at once), on the event completed from the board
   (``items.fill``), the board's checks (``items.checks``: PA-B20..B22, PA-B24..B26,
   PA-B28), and ``declared/conflict`` for each declared fact that contradicts the registry.

Engineer events recorded in the Stock Price step are judged on the table with the Engineer
phase opened (the step closes at the first Engineer event).  The modules per phase are
``rules_event``, ``rules_engineer``, ``rules_resolution``, ``rules_pan_am`` and ``rules_cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import conflicts
from engines.pan_am import (
    flow,
    items,
    rules_cards,
    rules_engineer,
    rules_event,
    rules_pan_am,
    rules_resolution,
)
from engines.pan_am.knowledge import facts_of
from engines.pan_am.schemas import EVENT_SCHEMAS
from engines.pan_am.table import next_state, who_of

Check = Callable[[State, str, Mapping[str, Any]], list[Violation]]


def _resolution_guard(event_type: str) -> Check:
    return lambda state, who, data: rules_resolution.guard(state, who, event_type)


def _none(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    return []


def _event_effect(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    return rules_cards.effect_problems(state, who, data.get("effects"), personal=False)


# event type -> (guard, rules)
_CHECKS: dict[str, tuple[Check, Check]] = {
    "cards_dealt": (rules_event.guard_dealt, rules_event.check_dealt),
    "event_card_revealed": (rules_event.guard_revealed, rules_event.check_revealed),
    "event_effect": (rules_event.guard_event_effect, _event_effect),
    "engineer_assigned": (rules_engineer.guard, rules_engineer.check_assigned),
    "engineer_set_aside": (rules_engineer.guard, rules_engineer.check_set_aside),
    "airport_placed": (_resolution_guard("airport_placed"), rules_resolution.check_airport),
    "airport_kept": (_resolution_guard("airport_kept"), rules_resolution.check_airport_kept),
    "destination_taken": (_resolution_guard("destination_taken"), rules_resolution.check_destination),
    "destination_display_refilled": (rules_resolution.guard_refill, rules_resolution.check_refill),
    "plane_acquired": (_resolution_guard("plane_acquired"), rules_resolution.check_plane),
    "bid_failed": (_resolution_guard("bid_failed"), rules_resolution.check_bid_failed),
    "route_claimed": (_resolution_guard("route_claimed"), rules_resolution.check_route),
    "route_claim_wasted": (_resolution_guard("route_claim_wasted"), rules_resolution.check_nothing),
    "directive_drawn": (_resolution_guard("directive_drawn"), rules_resolution.check_nothing),
    "die_rolled": (rules_pan_am.guard_roll, rules_pan_am.check_roll),
    "pan_am_expanded": (rules_pan_am.guard_path, rules_pan_am.check_expanded),
    "pan_am_path_exhausted": (rules_pan_am.guard_path, rules_pan_am.check_exhausted),
    "route_sold_to_pan_am": (rules_pan_am.guard_offer, rules_pan_am.check_sold),
    "pan_am_offer_declined": (rules_pan_am.guard_offer, _none),
    "income_collected": (rules_pan_am.guard_income, rules_pan_am.check_income),
    "stock_bought": (rules_pan_am.guard_stock, rules_pan_am.check_stock),
    "directive_played": (rules_cards.guard_directive, rules_cards.check_directive),
}
assert set(_CHECKS) == set(EVENT_SCHEMAS)

ENGINEER_EVENTS = ("engineer_assigned", "engineer_set_aside")


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """Every violation of the event against the rules, in the documented guard order."""
    pair = _CHECKS.get(event_type)
    if pair is None:
        return [Violation("event/unknown-type", "Playing the Game", f"Pan Am has no event type {event_type!r}")]
    # PA-X3: "The game ends after Round 7."
    if state["phase"] == "OVER":
        return [Violation("PA-X3", "End of the Game", f"The game is over after round 7; no {event_type.replace('_', ' ')} can follow")]
    if actor is not None and actor not in state["players"]:
        return [Violation("event/unknown-player", "Player Setup", f"{actor!r} is not a player in this game")]
    # PA-S3: the face-up cards are dealt before anything else.
    if state["phase"] == "SETUP" and event_type != "cards_dealt":
        return [Violation("PA-S3", "Player Setup", f"Deal the starting Destination cards and the display before any {event_type.replace('_', ' ')}")]
    judged = state
    if event_type in ENGINEER_EVENTS and state["phase"] == "STOCK_PRICE":
        judged = next_state(state)
        flow.enter_engineer_phase(judged)
    who = who_of(judged, actor)
    guard, specific = pair
    early = guard(judged, who, data)
    if early:
        return early
    data = items.fill(state, event_type, data)
    missing = items.unfilled(state, event_type, data)
    if missing:
        return missing
    out = specific(judged, who, data)
    out += items.checks(state, event_type, data)
    out += conflicts(state["declared"], facts_of(state, event_type, data, who), state["step"] + 1)
    return out

