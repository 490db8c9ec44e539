"""The ``board`` option's file as the engine read it before board files were saved.

Games stored with a ``board`` option must set up as they always did.  That reader was
looser than today's board file in a few corners the stricter one refuses: extra keys in
a Market row or a crossing (ignored), an empty string for an empty list, and nothing of
the file's own consistency (two rows for one price: the first one counted).  So a file
this reader accepts keeps loading, with the same facts (``board.facts`` reads it exactly
as before), even where a saved board's shape or problems would refuse it.  Nothing here
is used for a saved board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.panamax.clipboard import FREE_ACTIONS
from engines.panamax.flags import NO_ACTION
from engines.panamax.movement import ZONE_KINDS
from engines.panamax.state import NATIONS, UNIQUE_SHIPS

SECTIONS = ("canal", "zones", "crossings", "fees", "market", "clipboard", "ships", "two_slot_cost")
SHIP_FIELDS = ("slots", "min", "max", "max_dice")


def accepted(board: Any) -> bool:
    """Whether the reader of the ``board`` option accepted ``board`` (a file it stumbled on
    was refused as well: the game could not start)."""
    try:
        return isinstance(board, Mapping) and not _refusals(board)
    except (TypeError, AttributeError):
        return False


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _refusals(board: Mapping[str, Any]) -> list[str]:
    """The old reader's checks, one message each (its code was ``options/invalid``)."""
    found = [f"section {name}" for name in board if name not in SECTIONS]
    canal = board.get("canal", [])
    if not isinstance(canal, list) or not all(isinstance(z, str) and z for z in canal) or len(set(canal)) != len(canal):
        found.append("canal")
    if any(kind not in ZONE_KINDS for kind in _mapping(board, "zones", found).values()):
        found.append("zones")
    for crossing in board.get("crossings", []):
        if not (isinstance(crossing, Mapping) and crossing.get("bound") in ("PACIFIC", "ATLANTIC")
                and isinstance(crossing.get("from"), str) and isinstance(crossing.get("to"), str)
                and crossing.get("icon") in ("lock", "waterway")):
            found.append("crossings")
    if not all(_whole(rate, 1, 4) for rate in _mapping(board, "fees", found).values()):
        found.append("fees")
    for row in board.get("market", []):
        if not (isinstance(row, Mapping) and _whole(row.get("price"), 0, 99) and _whole(row.get("dividend"), 0, 99)):
            found.append("market")
    for nation, icons in _mapping(board, "clipboard", found).items():
        if nation not in NATIONS or not isinstance(icons, list) or any(i not in (*FREE_ACTIONS, NO_ACTION) for i in icons):
            found.append("clipboard")
    for ship, spec in _mapping(board, "ships", found).items():
        if ship not in UNIQUE_SHIPS or not isinstance(spec, Mapping) or any(
                key not in SHIP_FIELDS or not _whole(value, 0, 20) for key, value in spec.items()):
            found.append("ships")
    if "two_slot_cost" in board and not _whole(board["two_slot_cost"], 0, 30):
        found.append("two_slot_cost")
    return found


def _mapping(board: Mapping[str, Any], section: str, found: list[str]) -> Mapping[str, Any]:
    value = board.get(section, {})
    if not isinstance(value, Mapping):
        found.append(section)
        return {}
    return value
