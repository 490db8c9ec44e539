"""A turn: score the die's points once, then end the turn (TT-T01..TT-T03)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation

from .state import tally

TURN_RULE = "A turn"
DIE = range(1, 7)


def check_scored(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    # TT-T01: "the player rolls a die and scores its 1 to 6 points".
    if data.get("points") not in DIE:
        out.append(Violation("TT-T01", TURN_RULE, f"A die shows 1 to 6 points, not {data.get('points')}"))
    # TT-T02: the points are scored once a turn.
    if tally(state)["scored"]:
        out.append(Violation("TT-T02", TURN_RULE, f"{who} has scored this turn already"))
    return out


def apply_scored(state: State, who: str, data: Mapping[str, Any]) -> None:
    tallied = tally(state)
    tallied["scores"][who] += int(data["points"])
    tallied["scored"] = True
    tallied["step"] += 1


def check_ended(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # TT-T03: the turn ends after the points are scored.
    if not tally(state)["scored"]:
        return [Violation("TT-T03", TURN_RULE, f"{who} ends the turn before scoring")]
    return []


def apply_ended(state: State, who: str, data: Mapping[str, Any]) -> None:
    tallied = tally(state)
    tallied["step"] += 1
    if max(tallied["scores"].values()) >= tallied["options"]["target"]:
        tallied["over"] = True  # the end: a turn ended with a player at the target
        return
    seats = tallied["players"]
    tallied["current"] = seats[(seats.index(tallied["current"]) + 1) % len(seats)]
    tallied["scored"] = False
    tallied["turn"] += 1

