"""The optional board file (the ``board`` option): what the table transcribed from the
physical board, the Clipboards, the Market table and the unique ships' tiles, loaded
into the declared-data registry before the first event (each fact's origin is
``board``), so that the events need not declare it and cannot contradict it.

Every section is optional::

    {"canal": [zone, ...],                      # the canal's zones, Atlantic to Pacific
     "zones": {zone: "DASHED" | "LAKE"},
     "crossings": [{"bound": "PACIFIC" | "ATLANTIC", "from": zone, "to": zone | "OCEAN",
                    "icon": "lock" | "waterway"}],
     "fees": {zone: 1..4},                      # the purple fee symbols, $ a die
     "market": [{"price": int, "dividend": int}],
     "clipboard": {nation: [icon, ...]},         # the free action under each space of a row
     "ships": {ship: {"slots", "min", "max", "max_dice"}},   # unique ships' tiles
     "two_slot_cost": int}

The project ships ``rulebook-board.json`` beside this module: only what the rulebook itself
states (the two lakes, the 3-slot cruise ships and how many dice they take), as a start
for a transcription of the real board.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engines.base import Violation
from engines.declared import Fact
from engines.panamax.clipboard import FREE_ACTIONS
from engines.panamax.flags import NO_ACTION
from engines.panamax.movement import ZONE_KINDS
from engines.panamax.setup import NATIONS, UNIQUE_SHIPS

ORIGIN = "board"
RULEBOOK_FILE = Path(__file__).with_name("rulebook-board.json")
SECTIONS = ("canal", "zones", "crossings", "fees", "market", "clipboard", "ships", "two_slot_cost")
SHIP_FIELDS = ("slots", "min", "max", "max_dice")


def rulebook_board() -> dict[str, Any]:
    """The shipped board file: only what the rulebook states."""
    loaded: dict[str, Any] = json.loads(RULEBOOK_FILE.read_text(encoding="utf-8"))
    return loaded


def _bad(message: str) -> Violation:
    return Violation("options/invalid", "Board file", message)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def problems(board: Any) -> list[Violation]:
    """Why the board file cannot be loaded (empty when it can)."""
    if not isinstance(board, Mapping):
        return [_bad("The board file is an object of sections")]
    found = [_bad(f"Unknown board section {name!r}; the sections are {', '.join(SECTIONS)}")
             for name in board if name not in SECTIONS]
    canal = board.get("canal", [])
    if not isinstance(canal, list) or not all(isinstance(z, str) and z for z in canal) or len(set(canal)) != len(canal):
        found.append(_bad("canal: a list of different zone names, Atlantic to Pacific"))
    if any(kind not in ZONE_KINDS for kind in _mapping(board, "zones", found).values()):
        found.append(_bad(f"zones: each zone is one of {', '.join(ZONE_KINDS)}"))
    for crossing in board.get("crossings", []):
        if not (isinstance(crossing, Mapping) and crossing.get("bound") in ("PACIFIC", "ATLANTIC")
                and isinstance(crossing.get("from"), str) and isinstance(crossing.get("to"), str)
                and crossing.get("icon") in ("lock", "waterway")):
            found.append(_bad(f"crossings: {crossing!r} needs bound, from, to and icon (lock or waterway)"))
    if not all(_whole(rate, 1, 4) for rate in _mapping(board, "fees", found).values()):
        found.append(_bad("fees: a zone's fee is $1 to $4 a die"))
    for row in board.get("market", []):
        if not (isinstance(row, Mapping) and _whole(row.get("price"), 0, 99) and _whole(row.get("dividend"), 0, 99)):
            found.append(_bad(f"market: {row!r} needs a price and its dividend"))
    for nation, icons in _mapping(board, "clipboard", found).items():
        if nation not in NATIONS or not isinstance(icons, list) or any(i not in (*FREE_ACTIONS, NO_ACTION) for i in icons):
            found.append(_bad(f"clipboard: {nation!r} must be a nation with a list of icons "
                              f"({', '.join(FREE_ACTIONS)} or {NO_ACTION})"))
    for ship, spec in _mapping(board, "ships", found).items():
        if ship not in UNIQUE_SHIPS or not isinstance(spec, Mapping) or any(
                key not in SHIP_FIELDS or not _whole(value, 0, 20) for key, value in spec.items()):
            found.append(_bad(f"ships: {ship!r} must be a unique ship with whole-number {', '.join(SHIP_FIELDS)}"))
    if "two_slot_cost" in board and not _whole(board["two_slot_cost"], 0, 30):
        found.append(_bad("two_slot_cost: the 2-slot ship's price in dollars"))
    return found


def _mapping(board: Mapping[str, Any], section: str, found: list[Violation]) -> Mapping[str, Any]:
    value = board.get(section, {})
    if not isinstance(value, Mapping):
        found.append(_bad(f"{section}: an object"))
        return {}
    return value


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The board file as declared facts (keys as the events declare them)."""
    out = [Fact(f"zone_kind:{zone}", kind, f"The kind of zone {zone}") for zone, kind in board.get("zones", {}).items()]
    out += [Fact(f"crossing:{c['bound']}:{c['from']}:{c['to']}", c["icon"],
                 f"The icon from {c['from']} to {c['to']} (bound for the {c['bound'].title()})")
            for c in board.get("crossings", [])]
    out += [Fact(f"zone_fee:{zone}", rate, f"The fee in {zone}") for zone, rate in board.get("fees", {}).items()]
    out += [Fact(f"dividend:{row['price']}", row["dividend"], f"The dividend at a price of ${row['price']}")
            for row in board.get("market", [])]
    out += [Fact(f"clipboard:{nation}:{slot}", icon, f"The free action under space {slot + 1} of the {nation} row")
            for nation, icons in board.get("clipboard", {}).items() for slot, icon in enumerate(icons)]
    for ship, spec in board.get("ships", {}).items():
        if "slots" in spec:
            out.append(Fact(f"ship_slots:{ship}", spec["slots"], f"The slots of {ship}"))
        out.append(Fact(f"ship_spec:{ship}", dict(spec), f"What {ship} carries"))
    if "two_slot_cost" in board:
        out.append(Fact("build_cost:2", board["two_slot_cost"], "The price of a 2-slot ship"))
    return out


def canal(board: Mapping[str, Any], named: list[str]) -> list[str]:
    """The canal's zones in order: the file's, with any named place it leaves out kept in
    its place among the named ones."""
    order = list(board.get("canal", []))
    for index, zone in enumerate(named):
        if zone not in order:
            after = next((order.index(z) + 1 for z in reversed(named[:index]) if z in order), 0)
            order.insert(after, zone)
    return order

