"""Loading ships, ships ready to sail, and what a ship pays when it leaves the canal.

Rulebook: §5 "How to load ships", "When a ship arrives at the end of the Canal";
§10 "Unique ships".  A ship here is the dict of ``setup.initial_state``'s ``ships``:
``kind``, ``slots``, ``min``/``max`` for a company ship, and its ``dice`` as
``{"company", "value"}``.  What the rulebook does not give (how many dice Spiel of
the Seas holds, the San Juan Prospector's slots and range) comes as a declared spec;
without one the check is ``unverified``, never silently passed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Violation

LOAD_RULE = "How to load ships"
UNIQUE_RULE = "Unique ships"
EXIT_RULE = "When a ship arrives at the end of the Canal"
CRUISE_VALUES = (1, 2)  # §10: "Cruise ships can only accommodate dice with a value 1 or 2"
CRUISE_MAX_DICE = {"Dice Fest Line": 3, "Lucky Me Cruises": 3}  # §10: "can hold up to 3 dice"
CRUISE_MIN_DICE = {"Dice Fest Line": 2, "Lucky Me Cruises": 2, "Spiel of the Seas": 1}  # §10
# "the owner ... may take ONE Bonus card OR money ... in accord with the size of each ship".
EXIT_BONUS = {1: ("captain", 2), 2: ("stevedore", 3), 3: ("advisor", 5)}
MILITARY_PAY_CAP = 3  # §10: "up to a maximum of $3"


def load_problems(name: str, ship: Mapping[str, Any], value: int, spec: Mapping[str, Any] | None = None) -> list[Violation]:
    """Whether a die of ``value`` may go on ``ship`` now (PX-C10 to PX-C13).

    - A company ship has ``slots`` places and carries a sum from ``min`` to ``max``: the sum
      never passes the maximum (PX-AMB-9), and the die that fills the last slot may not
      leave the sum short of the minimum.
    - A cruise ship takes only 1s and 2s, and counts dice, not pips.
    - A military ship takes none.
    """
    kind, dice = ship["kind"], ship["dice"]
    total = sum(die["value"] for die in dice) + value
    if kind == "MILITARY":
        return [Violation("PX-C12", UNIQUE_RULE, f"{name} is a military ship: it carries no dice")]
    if kind == "CRUISE":
        problems = []
        if value not in CRUISE_VALUES:
            problems.append(Violation("PX-C11", UNIQUE_RULE, f"{name} takes only dice of 1 or 2, not {value}"))
        most = CRUISE_MAX_DICE.get(name, (spec or {}).get("max_dice"))
        if most is None:
            problems.append(Violation("PX-C11", UNIQUE_RULE, f"How many dice {name} holds is not in the rulebook; "
                                      "declare its spec to check it", "unverified"))
        elif len(dice) >= most:
            problems.append(Violation("PX-C11", UNIQUE_RULE, f"{name} holds {most} dice and has {len(dice)}"))
        return problems
    if kind == "PANAMAX" and (spec is None or any(key not in spec for key in ("slots", "min", "max"))):
        return [Violation("PX-C13", UNIQUE_RULE, f"{name}'s slots and range are not in the rulebook; declare its spec "
                          "to check them", "unverified")]
    sized = ship if kind == "COMPANY" else spec or {}
    slots, low, high = sized["slots"], sized["min"], sized["max"]
    if len(dice) >= slots:
        return [Violation("PX-C10", LOAD_RULE, f"{name} has {slots} slot{'s' * (slots > 1)}, all taken")]
    if total > high:
        return [Violation("PX-C10", LOAD_RULE, f"{name} carries at most {high}; a {value} makes {total}")]
    if len(dice) + 1 == slots and total < low:
        return [Violation("PX-C10", LOAD_RULE, f"A {value} in {name}'s last slot leaves {total}, short of the {low} "
                          "it needs to sail")]
    return []


def ready_to_sail(name: str, ship: Mapping[str, Any], spec: Mapping[str, Any] | None = None) -> bool | None:
    """PX-M5: "A ship can only move when its load sum meets the minimum value required to
    sail"; a cruise ship counts its dice; a military ship is "always ready to move".
    None when the rulebook does not say (the Prospector without a declared spec)."""
    kind, dice = ship["kind"], ship["dice"]
    if kind == "MILITARY":
        return True
    if kind == "CRUISE":
        return len(dice) >= CRUISE_MIN_DICE[name]
    low = ship["min"] if kind == "COMPANY" else (spec or {}).get("min")
    return None if low is None else sum(die["value"] for die in dice) >= low


def exit_payments(ship: Mapping[str, Any], doubled: Mapping[str, int] | None = None) -> dict[str, int]:
    """PX-M10 and PX-M14: what each company earns from a ship leaving the canal, $1 a pip
    of its dice.  On the San Juan Prospector each company doubles one of its dice, the
    one it chooses (``doubled``: company -> that die's value; by default its best).

    >>> prospector = {"kind": "PANAMAX", "dice": [{"company": "red", "value": 5},
    ...     {"company": "green", "value": 5}, {"company": "green", "value": 3}]}
    >>> exit_payments(prospector)
    {'red': 10, 'green': 13}
    """
    paid: dict[str, int] = {}
    for die in ship["dice"]:
        paid[die["company"]] = paid.get(die["company"], 0) + die["value"]
    if ship["kind"] == "PANAMAX":
        for company in paid:
            values = [die["value"] for die in ship["dice"] if die["company"] == company]
            chosen = (doubled or {}).get(company, max(values))
            paid[company] += chosen if chosen in values else 0
    return paid


def doubled_problems(ship: Mapping[str, Any], doubled: Mapping[str, int]) -> list[Violation]:
    """PX-M14: a company doubles one of its own dice on the Prospector."""
    problems = []
    for company, value in doubled.items():
        values = [die["value"] for die in ship["dice"] if die["company"] == company]
        if value not in values:
            problems.append(Violation("PX-M14", UNIQUE_RULE, f"The {company} company has no {value} on the San Juan "
                                      f"Prospector to double (its dice: {values or 'none'})"))
    return problems


def passenger_payments(ship: Mapping[str, Any], tokens: Sequence[int], mover: str,
                       turn_order: Sequence[str]) -> list[tuple[str, int | None]]:
    """PX-M13: each die on a cruise ship earns its company one Passenger token from the
    top of the stack, "1st the player who did the final movement and then respecting
    turn order"; the company is paid the token's value.  ``mover`` and ``turn_order``
    are companies.  A die after the stack ran out earns nothing (None: no token).

    >>> cruise = {"kind": "CRUISE", "dice": [{"company": "red", "value": 1}, {"company": "green", "value": 2},
    ...     {"company": "green", "value": 1}]}
    >>> passenger_payments(cruise, [3, 2], mover="green", turn_order=["red", "green"])
    [('green', 3), ('green', 2), ('red', None)]
    """
    order = [mover, *[company for company in turn_order if company != mover]]
    owners = sorted((die["company"] for die in ship["dice"]), key=order.index)
    stack = list(tokens)
    return [(company, stack.pop(0) if stack else None) for company in owners]


def exit_bonus(slots: int, choice: str) -> tuple[str, int]:
    """PX-M10: the owner of a company ship takes the card of its size or the money
    ("1-slot ship = 1 Captain card or $2", 2-slot Stevedore or $3, 3-slot Financial
    Advisor or $5): (``card kind``, 0) or (``money``, amount to the player)."""
    card, money = EXIT_BONUS[slots]
    return (card, 0) if choice == "card" else ("money", money)


def military_pay(flags_of_nation: int) -> int:
    """PX-M15: the mover is paid one dollar a flag of that ship's nation, at most $3."""
    return min(MILITARY_PAY_CAP, flags_of_nation)
