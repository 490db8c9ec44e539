"""The Clipboard: flags, their free actions, and Passenger benefits (§5 "The Clipboard",
"Free Actions", "Passenger benefits").

Each nation has a row of flag spaces; a company's first flag of a nation fills that
row's first space, so "the first column" is full once it has a flag of every nation.
Which free action a space shows is printed on the Clipboard, not in the rulebook: it
is declared with the flag that uncovers it (the note's G5), and kept consistent by the
declared-data registry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Violation
from engines.panamax.state import NATIONS

FREE_RULE = "Free Actions"
PASSENGER_RULE = "Passenger benefits"
FREE_ACTIONS = ("market", "load_die", "move3", "load_rail")
BENEFITS = ("transfer_2", "extra_contract_choice", "extra_load")  # the three spots
FREE_DIE_VALUE = 2  # "take a die, at a value of 2, from the Warehouse or Dice Pool"
RAIL_RAISE = 2  # "raise the value of one of their dice already in the 1st wagon by 2 pips"
MOVE3 = 3  # "the player must make 3 moves (any mix of locks and waterways)"


def flag_problems(nation: str, supply: Mapping[str, int]) -> list[Violation]:
    """Flags are limited materials (§2): none is gained once its nation's run out."""
    if supply.get(nation, 0) < 1:
        return [Violation("PX-C14", "Components", f"No {nation} flag is left in the supply")]
    return []


def first_column_complete(flags: Sequence[str]) -> bool:
    """PX-F5: four different flags fill the first column: transfers are free from then on."""
    return set(NATIONS) <= set(flags)


def next_slot(flags: Sequence[str], nation: str) -> int:
    """The space of its nation's row that a new flag fills (0 is the first column)."""
    return sum(1 for flag in flags if flag == nation)


def free_action_problems(pending: Mapping[str, Any] | None, kind: str | None) -> list[Violation]:
    """PX-F1: a flag's free action "must immediately" be used: while one is pending, the
    next event resolves it (or, for the Market action only, defers it)."""
    if pending is None:
        if kind is not None:
            return [Violation("PX-F1", FREE_RULE, f"No flag's free action is waiting to be used ({kind} given)")]
        return []
    if kind is None:
        return [Violation("PX-F1", FREE_RULE, f"The {pending['nation']} flag's free action ({pending['kind']}) must be "
                          "used at once")]
    if kind != pending["kind"] and not (kind == "defer" and pending["kind"] == "market"):
        return [Violation("PX-F1", FREE_RULE, f"The flag uncovered {pending['kind']}, not {kind}"
                          + ("; only the Market action may be deferred" if kind == "defer" else ""))]
    return []


def rail_raise_problems(value: int, own: bool) -> list[Violation]:
    """PX-F4: +2 on one of the company's own dice in the 1st wagon; a die shows 6 at most ({INFER})."""
    if not own:
        return [Violation("PX-F4", FREE_RULE, "Only one of the company's own dice in the 1st wagon may be raised")]
    if value + RAIL_RAISE > 6:
        return [Violation("PX-F4", FREE_RULE, f"A {value} raised by {RAIL_RAISE} would show {value + RAIL_RAISE}; a die shows 6 at most")]
    return []


def benefit_problems(taken: Sequence[str | None], spot: str | None) -> list[Violation]:
    """PX-F6: "Passenger tokens are placed on the 3 available spots. When a player places a
    token, he chooses one spot."  A spot holds one token; once all three are taken a
    token is kept without a spot (it still counts: "players can acquire any number of
    ... Passenger tokens")."""
    free = [b for b in BENEFITS if b not in taken]
    if spot is None:
        return [Violation("PX-F6", PASSENGER_RULE, f"Choose a benefit spot: {', '.join(free)} is free")] if free else []
    if spot not in BENEFITS:
        return [Violation("PX-F6", PASSENGER_RULE, f"The Passenger spots are {', '.join(BENEFITS)}, not {spot}")]
    if spot in taken:
        return [Violation("PX-F6", PASSENGER_RULE, f"The {spot} spot already holds a token")]
    return []
