"""What a board file of the right shape may not say (``problems``): each rule a stable
PX-B code, the rulebook's section (or "Board file" for the file's own consistency), the
field it concerns and a message naming the entry.

A list the file marks ``complete`` is the whole box, and is checked as such (the
rulebook's counts, the places it names).  Without the marker a list is what the table has
transcribed so far, and only what it says is checked.

========  ========================================  ===================================================
code      rule                                      what the file may not say
========  ========================================  ===================================================
PX-B01    Board file                                a canal zone listed twice
PX-B02    Board file                                two Market table rows for one price
PX-B03    Board file                                two crossings for one passage (bound, from, to)
PX-B04    Board file                                two cards of one deck with the same id
PX-B05    Pay Cargo Fees                            a fee other than $1 to $4 a die
PX-B06    Contract cards                            a back other than one generic 3 (two for a
                                                    3-container front)
PX-B07    Contract cards                            a Rail icon on both faces of a card
PX-B08    Components                                more cards than the box holds (24 Contract, 8 Setup)
PX-B09    Components                                a deck marked complete with fewer cards than that
PX-B10    Set up                                    a complete canal without a place §3 step 15 names
PX-B11    Board file                                with a complete canal, a zone that is not on it
PX-B12    Ship Movement                             a crossing that leads backwards along the canal
PX-B13    Ship Movement                             Gatun Lake or Miraflores Lake as anything but a lake
PX-B14    How to load ships                         a ship whose minimum is above its maximum
PX-B15    How to load ships                         a ship of other than 1 to 4 slots
PX-B16    Unique ships                              a unique ship's tile against §10
PX-B17    Ship Movement                             a zone named where it cannot be (a canal zone called
                                                    like an ocean's zone, a fee in a Waiting zone, a
                                                    crossing that does not lead from a Loading or canal
                                                    zone into another canal zone or the ocean)
PX-B18    When a ship arrives at the end of the     a crossing out into the ocean by a waterway
          Canal
PX-B19    Board file                                ``dividends`` beside the Market table (``market``
                                                    is the whole table: its rows go there)
========  ========================================  ===================================================
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines.base import BoardProblem
from engines.panamax.contracts import GENERIC_VALUE
from engines.panamax.loading import LOADING_ZONES
from engines.panamax.movement import OCEAN
from engines.panamax.state import LAKES, NAMED_CANAL, OCEAN_OF, UNIQUE_SHIPS

Where = tuple[str | int, ...]
Found = tuple[Where, BoardProblem]

BOX = {"contracts": 24, "setup_contracts": 8}  # §2 "24 Contract cards", "8 Setup Contract cards"
DECK_NAMES = {"contracts": "Contract", "setup_contracts": "Setup Contract"}
SHIP_SLOTS = range(1, 5)  # "Ships have slots (1 to 4) to place dice on"
# §10: "The Lucky Me Cruises and Dice Fest Line ships can hold up to 3 dice"; §9 "3-slot Cruise ships".
THREE_DICE_CRUISES = ("Dice Fest Line", "Lucky Me Cruises")
WAITING_ZONES = ("WAITING ATLANTIC", "WAITING PACIFIC")
FILE_RULE = "Board file"


def _found(where: Where, code: str, rule: str, message: str) -> Found:
    return where, BoardProblem(".".join(map(str, where)), code, rule, message)


def problems(board: Mapping[str, Any]) -> list[BoardProblem]:
    """Everything the rules rule out in a board file of the right shape (empty when none)."""
    return [problem for _, problem in located(board)]


def located(board: Mapping[str, Any]) -> list[Found]:
    """``problems`` with each one's place in the file as a path of keys and indices, so
    that ``board.from_game`` can leave out exactly the entry at fault."""
    return [*_twice(board), *_cards(board), *_zones(board), *_crossings(board), *_ships(board), *_fees(board)]


def _complete(board: Mapping[str, Any], section: str) -> bool:
    return section in board.get("complete", [])


def _twice(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B01 to PX-B04: an entry that names again what an earlier one named."""
    for index in _repeats(board.get("canal", [])):
        yield _found(("canal", index), "PX-B01", FILE_RULE, f"{board['canal'][index]} is on the canal twice")
    for index in _repeats([row["price"] for row in board.get("market", [])]):
        yield _found(("market", index), "PX-B02", FILE_RULE, f"The Market table lists ${board['market'][index]['price']} "
                     "twice")
    for index in _repeats([row["price"] for row in board.get("dividends", [])]):
        yield _found(("dividends", index), "PX-B02", FILE_RULE, f"The dividend at ${board['dividends'][index]['price']} "
                     "is listed twice")
    for index, row in enumerate(board.get("dividends", []) if board.get("market") else []):
        yield _found(("dividends", index), "PX-B19", FILE_RULE, f"The Market table is on the board: the dividend at "
                     f"${row['price']} belongs in it")
    passages = [(c["bound"], c["from"], c["to"]) for c in board.get("crossings", [])]
    for index in _repeats(passages):
        bound, start, goal = passages[index]
        yield _found(("crossings", index), "PX-B03", FILE_RULE, f"The crossing from {start} to {goal} (bound for the "
                     f"{bound.title()}) is listed twice")
    for deck in BOX:
        for index in _repeats([card["id"] for card in board.get(deck, [])]):
            yield _found((deck, index, "id"), "PX-B04", FILE_RULE, f"Two {DECK_NAMES[deck]} cards are called "
                         f"{board[deck][index]['id']}")


def _repeats(items: Sequence[Any]) -> list[int]:
    """The index of every item equal to an earlier one."""
    return [index for index, item in enumerate(items) if item in items[:index]]


def _cards(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B06 to PX-B09: each Contract card as "Contract cards" describes every card, and
    each deck within the box."""
    for index, card in enumerate(board.get("contracts", [])):
        front, back = card["front"]["containers"], card["back"]["containers"]
        wanted = 2 if len(front) == 3 else 1
        if len(back) != wanted or any(box["value"] != GENERIC_VALUE for box in back):
            yield _found(("contracts", index, "back"), "PX-B06", "Contract cards", f"Card {card['id']}'s back shows "
                         f"{wanted} generic container{'s' * (wanted > 1)} of {GENERIC_VALUE}, not "
                         f"{[box['value'] for box in back]}")
        if any(box["rail"] for box in front) and any(box["rail"] for box in back):
            yield _found(("contracts", index), "PX-B07", "Contract cards", f"Card {card['id']}: \"If a Rail icon appears "
                         "on the front it will not appear on the back (and vice versa)\"")
    for deck, most in BOX.items():
        cards = board.get(deck, [])
        if len(cards) > most:
            yield _found((deck, most), "PX-B08", "Components", f"The box holds {most} {DECK_NAMES[deck]} cards; the file "
                         f"lists {len(cards)} (from {cards[most]['id']} on)")
        elif _complete(board, deck) and len({card["id"] for card in cards}) < most:
            yield _found(("complete", board["complete"].index(deck)), "PX-B09", "Components", f"{deck} is marked "
                         f"complete with {len(cards)} cards; the box holds {most} {DECK_NAMES[deck]} cards")


def _zones(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B10, PX-B11, PX-B13, PX-B17: where each zone the file names can be."""
    canal = board.get("canal", [])
    for index, zone in enumerate(canal):
        if _fixed(zone):
            yield _found(("canal", index), "PX-B17", "Ship Movement", f"{zone} is not a zone of the canal")
    for zone, kind in board.get("zones", {}).items():
        if _fixed(zone):
            yield _found(("zones", zone), "PX-B17", "Ship Movement", f"{zone} is not a zone of the canal: its kind is "
                         "the rulebook's")
        elif zone in LAKES and kind != "LAKE":
            yield _found(("zones", zone), "PX-B13", "Ship Movement", f"{zone} is a lake (\"a lake (Miraflores or "
                         f"Gatun)\"), not {kind}")
        elif _complete(board, "canal") and zone not in canal:
            yield _found(("zones", zone), "PX-B11", FILE_RULE, f"{zone} is not on the canal, which is marked complete")
    if _complete(board, "canal"):
        missing = [place for place in NAMED_CANAL if place not in canal]
        if missing:
            yield _found(("complete", board["complete"].index("canal")), "PX-B10", "Set up", "The canal is marked "
                         f"complete without {', '.join(missing)}, named by §3 step 15")


def _fixed(zone: str) -> bool:
    """A name the canal cannot use: an ocean's Loading or Waiting zone, or the ocean itself."""
    return zone == OCEAN or zone.startswith(("LOADING ", "WAITING "))


def _fees(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B05, PX-B11, PX-B17: "at the rate indicated in each zone (from $1 - $4 per die)",
    for dice "transiting through the Canal and in any Loading zone"."""
    canal = board.get("canal", [])
    for zone, rate in board.get("fees", {}).items():
        if zone == OCEAN or zone in WAITING_ZONES or (zone.startswith("LOADING ") and zone not in LOADING_ZONES):
            yield _found(("fees", zone), "PX-B17", "Pay Cargo Fees", f"No fee is paid in {zone}: fees are for dice in "
                         "the canal and the Loading zones")
        elif not 1 <= rate <= 4:
            yield _found(("fees", zone), "PX-B05", "Pay Cargo Fees", f"The fee in {zone} is ${rate} a die; the rates "
                         "run from $1 to $4")
        elif _complete(board, "canal") and zone not in LOADING_ZONES and zone not in canal:
            yield _found(("fees", zone), "PX-B11", FILE_RULE, f"{zone} is not on the canal, which is marked complete")


def _crossings(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B11, PX-B12, PX-B17, PX-B18: a crossing leads from a Loading zone or a canal zone
    into another canal zone, or out into the ocean by a lock, forward along the canal."""
    order = canal_order(board, NAMED_CANAL)
    listed = board.get("canal", [])
    for index, crossing in enumerate(board.get("crossings", [])):
        start, goal, bound = crossing["from"], crossing["to"], crossing["bound"]
        where = ("crossings", index)
        if _bad_end(start, goal):
            yield _found(where, "PX-B17", "Ship Movement", f"A crossing leads from a Loading zone or a canal zone into "
                         f"another canal zone or the OCEAN, not from {start} to {goal}")
        elif goal == OCEAN and crossing["icon"] != "lock":
            yield _found(where, "PX-B18", "When a ship arrives at the end of the Canal", f"Ships leave the canal from "
                         f"{start} by a lock movement, not a waterway")
        elif _complete(board, "canal") and any(z not in listed for z in (start, goal) if z != OCEAN and z not in LOADING_ZONES):
            yield _found(where, "PX-B11", FILE_RULE, f"The crossing from {start} to {goal} leaves the canal, which is "
                         "marked complete")
        elif not _forward(order, start, goal, bound):
            yield _found(where, "PX-B12", "Ship Movement", f"The crossing from {start} to {goal} leads away from the "
                         f"{bound.title()}: \"Ships must follow the direction of the arrows\"")


def _bad_end(start: str, goal: str) -> bool:
    """Whether a crossing's ends are not a Loading or canal zone, then a canal zone or the ocean."""
    if start == goal or start == OCEAN or start.startswith("WAITING ") or goal.startswith(("LOADING ", "WAITING ")):
        return True
    if start.startswith("LOADING "):
        return start not in LOADING_ZONES or goal == OCEAN  # "a ship in a Loading zone has the whole canal ahead"
    return False


def _forward(order: Sequence[str], start: str, goal: str, bound: str) -> bool:
    """Whether ``goal`` lies ahead of ``start`` for ships bound for ``bound``.  Where the
    canal does not place both, only a Loading zone's side of the canal is known."""
    here, there = _place(order, start, bound), _place(order, goal, bound)
    if here is not None and there is not None:
        return there > here if bound == "PACIFIC" else there < here
    if start in LOADING_ZONES:
        return (here == -1) == (bound == "PACIFIC")
    return True


def _place(order: Sequence[str], zone: str, bound: str) -> float | None:
    """A zone's place from the Atlantic (-1) to the Pacific (len(order)); the ocean a ship
    leaves into lies beyond its end."""
    if zone == OCEAN:
        return float("inf") if bound == "PACIFIC" else float("-inf")
    if zone in LOADING_ZONES:
        return -1 if OCEAN_OF[LOADING_ZONES[zone]] == "ATLANTIC" else len(order)
    return order.index(zone) if zone in order else None


def canal_order(board: Mapping[str, Any], named: Sequence[str]) -> list[str]:
    """The canal's zones in order: the file's, with any named place it leaves out kept in
    its place among the named ones (the order the engine plays by)."""
    order = list(board.get("canal", []))
    for index, zone in enumerate(named):
        if zone not in order:
            after = next((order.index(z) + 1 for z in reversed(named[:index]) if z in order), 0)
            order.insert(after, zone)
    return order


def _ships(board: Mapping[str, Any]) -> Iterator[Found]:
    """PX-B14 to PX-B16: a unique ship's tile as "How to load ships" and §10 have it."""
    for ship, spec in board.get("ships", {}).items():
        if "min" in spec and "max" in spec and spec["min"] > spec["max"]:
            yield _found(("ships", ship, "min"), "PX-B14", "How to load ships", f"{ship} needs {spec['min']} to sail "
                         f"but carries at most {spec['max']}")
        if "slots" in spec and spec["slots"] not in SHIP_SLOTS:
            yield _found(("ships", ship, "slots"), "PX-B15", "How to load ships", f"{ship} has {spec['slots']} slots; "
                         "ships have 1 to 4")
        kind = UNIQUE_SHIPS[ship][0]
        for field, wanted in _printed(ship, kind).items():
            if field in spec and spec[field] != wanted:
                yield _found(("ships", ship, field), "PX-B16", "Unique ships", f"{ship}'s {field} is {wanted} by §10, "
                             f"not {spec[field]}")


def _printed(ship: str, kind: str) -> dict[str, int]:
    """What §9 and §10 print of a unique ship's tile."""
    if ship in THREE_DICE_CRUISES:
        return {"slots": 3, "max_dice": 3}
    if kind == "MILITARY":
        return {"max_dice": 0}  # "Military ships do not carry any dice"
    return {}
