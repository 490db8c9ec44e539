"""Contract cards and loading their cargo (§5 "Choose 1 Contract card and/or Load
Cargo", "Contract cards", "Loading Cargo"; "Passenger benefits").

A card is declared as the table sees it (its contents are not in the rulebook)::

    {"id": str, "front": {"nation": NATION, "containers": [{"value": 1..6, "rail": bool}]},
     "back": {"containers": [{"value": 3, "rail": bool}]}}

A company's held contract is ``{"card": id, "side": "front" | "back", "nation": NATION |
None, "containers": [{"value", "rail", "loaded": bool}]}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Violation
from engines.declared import Fact

CONTRACT_RULE = "Choose 1 Contract card and/or Load Cargo"
LOADING_RULE = "Loading Cargo"
CARD_RULE = "Contract cards"
MAX_INCOMPLETE = 2  # "Each player is limited to 2 incomplete Contracts at the end of their turn"
RAIL_WAGON_DICE = 4  # "if there are 4 dice in the 1st wagon, no player can load a die there"
GENERIC_VALUE = 3  # "all generic cargo will always be at a value of 3 per container"
EXTRA_SOURCES = ("inbound", "draw_top")  # Passenger benefit: "choose from the Inbound Cargo and top Contract card"


def card_problems(card: Mapping[str, Any]) -> list[Violation]:
    """What the rulebook says of every card's two sides: 1 to 3 containers of 1 to 6 on
    the front; on the back one generic container (two for a 3-container front), each a 3,
    and a Rail icon on exactly one side of a container."""
    front, back = card["front"]["containers"], card["back"]["containers"]
    problems = []
    if not 1 <= len(front) <= 3 or any(not 1 <= c["value"] <= 6 for c in front):
        problems.append(Violation("PX-C6", CARD_RULE, f"Card {card['id']}'s front shows 1 to 3 containers of 1 to 6"))
    wanted = 2 if len(front) == 3 else 1
    if len(back) != wanted or any(c["value"] != GENERIC_VALUE for c in back):
        problems.append(Violation("PX-C6", CARD_RULE, f"Card {card['id']}'s back shows {wanted} generic "
                                  f"container{'s' * (wanted > 1)} of {GENERIC_VALUE}, not {[c['value'] for c in back]}"))
    if any(c["rail"] for c in front) and any(c["rail"] for c in back):
        problems.append(Violation("PX-C7", CARD_RULE, f"Card {card['id']}: \"If a Rail icon appears on the front it will "
                                  "not appear on the back (and vice versa)\""))
    return problems


def card_fact(card: Mapping[str, Any]) -> Fact:
    """A card's contents, declared when it is first seen face up (the note's G4): the same
    id never shows other contents later."""
    return Fact(f"contract:{card['id']}", {"front": card["front"], "back": card["back"]}, f"Contract card {card['id']}")


def source_problems(source: str, die_pips: int | None, extra_choice: bool) -> list[Violation]:
    """PX-C1: the card comes with a grey die (its column's card, ``action_table``), or,
    with the Passenger benefit, from the Inbound Cargo space or the top of the Draw pile."""
    if die_pips is None or die_pips < 4:
        return [Violation("PX-C1", CONTRACT_RULE, "A Contract card is taken with a Contract/Load Cargo die (4 to 6)")]
    if source in EXTRA_SOURCES and not extra_choice:
        return [Violation("PX-C1", CONTRACT_RULE, f"Taking the {source.replace('_', ' ')} card needs the Passenger "
                          "benefit that allows it")]
    return []


def dice_for(count: int, warehouse: int, pool: int) -> tuple[int, int] | None:
    """PX-C2: the company's dice for a card of ``count`` containers, "first from the
    Warehouse, and then from the Dice Pool": (from the Warehouse, from the Pool), or None
    when it has too few ("he cannot take a Contract card").

    >>> dice_for(3, warehouse=2, pool=4), dice_for(3, warehouse=1, pool=1)
    ((2, 1), None)
    """
    if warehouse + pool < count:
        return None
    taken = min(count, warehouse)
    return taken, count - taken


def refill(slots: Mapping[str, Any], slot: str, inbound: Any, draw_top: Any) -> tuple[dict[str, Any], Any]:
    """PX-C3: "Each time a Contract is selected from the Action table it will be replaced by
    the Inbound Cargo card. The top card from the Draw pile will be placed on the Inbound
    Cargo space."  The new top of the Draw pile is revealed by its own event."""
    refilled = dict(slots)
    refilled[slot] = inbound
    return refilled, draw_top


def held(card: Mapping[str, Any], side: str) -> dict[str, Any]:
    """A card as the company holds it, every container still to load."""
    return {"card": card["id"], "side": side, "nation": card["front"]["nation"] if side == "front" else None,
            "containers": [{"value": c["value"], "rail": c["rail"], "loaded": False} for c in card[side]["containers"]]}


def target_problems(contract: Mapping[str, Any], container: Mapping[str, Any], target: Mapping[str, Any]) -> list[Violation]:
    """Where a container's die may go (PX-C6, PX-C7, PX-C9).

    ``target``: ``{"rail": True, "wagon_dice": n}`` or ``{"zone_kind": "LOADING" | ..., "nation": NATION}``.
    A front container goes to a ship in its nation's Loading zone, a back one to any
    Loading zone; a front Rail container only to the 1st wagon, a back one to the wagon or
    a ship; the wagon holds 4 dice.
    """
    if container["loaded"]:
        return [Violation("PX-C5", LOADING_RULE, f"That container of {contract['card']} is already loaded")]
    front = contract["side"] == "front"
    if target.get("rail"):
        if not container["rail"]:
            return [Violation("PX-C7", LOADING_RULE, "Only a container with the Rail icon goes on the Rail table")]
        if target["wagon_dice"] >= RAIL_WAGON_DICE:
            return [Violation("PX-C7", LOADING_RULE, f"The 1st wagon already holds {RAIL_WAGON_DICE} dice")]
        return []
    if container["rail"] and front:
        return [Violation("PX-C7", LOADING_RULE, "A Rail container of a card's front MUST be loaded onto the 1st wagon")]
    if target["zone_kind"] != "LOADING":
        return [Violation("PX-C9", LOADING_RULE, "Only ships in a Loading zone can be loaded")]
    if front and target["nation"] != contract["nation"]:
        return [Violation("PX-C6", LOADING_RULE, f"{contract['card']}'s cargo goes to the {contract['nation']} "
                          f"Loading zone, not {target['nation']}'s")]
    return []


def once_per_turn_problems(target: str, loaded_this_turn: Sequence[str], via: str) -> list[Violation]:
    """PX-C8: "players cannot place more than ONE die on the same ship or the Rail table in
    the same turn, unless they use a Clipboard Free Action or a Stevedore card"."""
    if via == "action" and target in loaded_this_turn:
        name = "the Rail table" if target == "rail" else target
        return [Violation("PX-C8", LOADING_RULE, f"A die was already loaded on {name} this turn")]
    return []


def is_complete(contract: Mapping[str, Any]) -> bool:
    return all(c["loaded"] for c in contract["containers"])


def earns_flag(contract: Mapping[str, Any]) -> str | None:
    """PX-C14: completing a front earns its nation's flag; "no flag will be awarded" for a back."""
    return contract["nation"] if contract["side"] == "front" and is_complete(contract) else None


def incomplete_problems(contracts: Sequence[Mapping[str, Any]]) -> list[Violation]:
    """PX-C15: at the end of the turn a company holds at most 2 incomplete contracts."""
    open_ones = [c["card"] for c in contracts if not is_complete(c)]
    if len(open_ones) > MAX_INCOMPLETE:
        return [Violation("PX-C15", LOADING_RULE, f"{len(open_ones)} incomplete contracts ({', '.join(open_ones)}) at the "
                          f"end of the turn; the limit is {MAX_INCOMPLETE}")]
    return []
