"""Checks for the set-up cards and the Event phase: PA-S3, PA-S4, PA-V1..V5 (and the price
checks card effects share)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.pan_am.prices import price_range, raw_price
from engines.pan_am.state import DISPLAY_SLOTS

SETUP = "Player Setup"
BOARD_SETUP = "Game Board Setup"
EVENT = "1. Event Phase"
PRICE_STEP = "1. Event Phase: Stock Price Step"
EXPANSION = "4. Pan Am Phase: Expansion Step"


def guard_dealt(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-S3: the face-up cards are dealt once, before anything else.
    if state["phase"] != "SETUP":
        return [Violation("PA-S3", SETUP, "The starting Destination cards and the display are already dealt")]
    return []


def check_dealt(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """The whole deal, or the part of it the table deals now (a hand, the display)."""
    out: list[Violation] = []
    hands = data.get("destinations") or {}
    if not hands and data.get("display") is None:
        return [Violation("PA-S3", SETUP, "Deal a player's two Destination cards or the display's four")]
    # PA-S3: "Each player draws 2 Destination cards" -- once.
    for name in state["seats"]:
        if name not in hands:
            continue
        count = len(hands.get(name) or [])
        if count != 2:
            out.append(Violation("PA-S3", SETUP, f"{name} draws 2 Destination cards, not {count}"))
        if state["players"][name]["destinations"]:
            out.append(Violation("PA-S3", SETUP, f"{name}'s Destination cards are already dealt"))
    out += [Violation("PA-S3", SETUP, f"{name!r} is not a player in this game") for name in hands if name not in state["players"]]
    # PA-S4: "Put one card face up in each of the four spaces." -- once.
    if data.get("display") is not None:
        shown = len(data.get("display") or [])
        if shown != len(DISPLAY_SLOTS):
            out.append(Violation("PA-S4", BOARD_SETUP, f"The display holds {len(DISPLAY_SLOTS)} Destination cards, not {shown}"))
        if any(space["card"] is not None for space in state["display"]):
            out.append(Violation("PA-S4", BOARD_SETUP, "The display's Destination cards are already dealt"))
    return out


def guard_revealed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-V1: one Event card per round, the first event of the round.
    if state["phase"] != "EVENT":
        card = state["event_card"] or {}
        return [Violation("PA-V1", EVENT, f"Round {state['round']}'s Event card is already revealed ({card.get('name')})")]
    given = data.get("round")
    if given is not None and given != state["round"]:
        return [Violation("PA-V1", EVENT, f"This is round {state['round']}: the card revealed now is round {state['round']}'s, not {given}'s")]
    return []


def check_revealed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    adjustment = data.get("stock_adjustment") or {}
    op, value = adjustment.get("op"), adjustment.get("value")
    # PA-V2: up one, down one, or set to the number shown.
    if op == "set" and not isinstance(value, int):
        out.append(Violation("PA-V2", PRICE_STEP, "A Stock Price 'set' needs the number on the card"))
    elif op == "set" and isinstance(value, int) and value < 1:
        out.append(Violation("PA-V2", PRICE_STEP, f"The Stock Price cannot be set to ${value}: a Stock costs at least $1"))
    elif op in ("up", "down") and value is not None and value != 1:
        out.append(Violation("PA-V2", PRICE_STEP, f"The Stock Price moves {op} by one, not by {value}"))
    # PA-V3: "the first Event card will set the Stock Price".
    elif op != "set" and state["stock_price"] is None and state["options"]["start_price"] is None:
        message = f"The Stock Price is not set yet: {data.get('name')!r} moves it {op}, but round 1's card must set it (or give start_price)"
        out.append(Violation("PA-V3", BOARD_SETUP, message))
    else:
        out += price_problems(state, op, value)
    # PA-V5: the die is rolled 0 or more times.
    rolls = data.get("die_rolls")
    if not isinstance(rolls, int) or rolls < 0:
        out.append(Violation("PA-V5", EXPANSION, f"An Event card shows the die 0 or more times, not {rolls}"))
    return out


def price_problems(state: State, op: Any, value: Any) -> list[Violation]:
    """PA-V4: the Stock Price stays on its track (range from the board file, else unverified)."""
    wanted = raw_price(state, op, value)
    if wanted is None:
        return []
    ends = price_range(state)
    if ends is None:
        if wanted < 1:
            return [Violation("PA-V4", PRICE_STEP, f"The Stock Price would fall to ${wanted}: it stays at $1", "warning")]
        return [Violation("PA-V4", PRICE_STEP, f"The Stock Price track's range is not known: cannot confirm ${wanted} is on it", "unverified")]
    lo, hi = ends
    if lo <= wanted <= hi:
        return []
    if op == "set":
        return [Violation("PA-V4", PRICE_STEP, f"The Stock Price track runs from ${lo} to ${hi}: it cannot be set to ${wanted}")]
    end = hi if wanted > hi else lo
    return [Violation("PA-V4", PRICE_STEP, f"The Stock Price is at the end of its track: it stays at ${end}", "warning")]


def guard_event_effect(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-V1: an Event card's text acts during its round, while it is face up.
    if state["event_card"] is None:
        return [Violation("PA-V1", EVENT, f"No Event card is face up in round {state['round']} yet")]
    return []
