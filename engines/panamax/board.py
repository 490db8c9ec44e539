"""Panamax's board file: what the table transcribed once from one copy of the game (the
board, the Clipboards, the Market table, the unique ships' tiles, the cards), for every
game recorded on it.  The rulebook prints none of it.  A game starts from a board file
given as a saved board (``setup(..., board=...)``) or as the older ``board`` option,
never both (``engines.base.chosen_board``).  Its facts are declared before the first
event (each fact's origin is ``board``, either way), so the events need not declare
them and cannot contradict them (``declared/conflict``).

Every section is optional (``board_schema`` is the shape, ``board_rules`` the PX-B
problems, ``docs/formats/panamax-board-v1.schema.json`` the published JSON Schema)::

    {"canal": [zone, ...],                        # the canal's zones, Atlantic to Pacific
     "column_locks": {"1".."3": 1..3},            # the locks printed at a movement column's base
     "zones": {zone: "DASHED" | "LAKE"},          # a canal zone's kind
     "crossings": [{"bound": "PACIFIC" | "ATLANTIC", "from": zone, "to": zone | "OCEAN",
                    "icon": "lock" | "waterway"}],  # the icon between two places, one way
     "fees": {zone: 1..4},                        # the purple fee symbols, $ a die
     "market": [{"price": int, "dividend": int}], # the Market table (its prices are its range)
     "dividends": [{"price": int, "dividend": int}],  # dividends seen, without the table
     "clipboard": {nation: [icon, ...]},           # the free action under each space of a row
     "ships": {ship: {"slots", "min", "max", "max_dice"}},   # unique ships' tiles
     "two_slot_cost": int,                        # the 2-slot ship's price (not printed)
     "contracts": [{"id", "front": {"nation", "containers": [{"value", "rail"}]},
                    "back": {"containers": [...]}}],          # the 24 Contract cards
     "setup_contracts": [{"id", "front": {...}}],             # the 8 Setup Contract cards
     "bonus_cards": {"captain" | "stevedore": {"1".."5": {"locks", "waterways",
                                                         "any_moves", "loads"}}},
     "complete": ["contracts" | "setup_contracts" | "canal" | "crossings", ...]}

Each section declares what the events declare (the keys are theirs): ``zone_kind:``,
``crossing:<bound>:<from>:<to>``, ``column_locks:<column>``, ``zone_fee:``, ``dividend:<price>``,
``clipboard:<nation>:<space>``, ``ship_slots:`` and ``ship_spec:``, ``build_cost:2``,
``contract:<id>``, ``setup_contract:<id>``, ``bonus_card:<deck>:<n>``.  The canal's
order is not a fact: it becomes the game's ``canal`` (with the places the rulebook names
kept among the file's, ``board_rules.canal_order``), and the Market table's prices its
range (PX-K5, and a falling price stops at its bottom), as they always did.  So
``market`` is the whole table; ``dividends`` holds the dividends known at some prices
when the table's range is not (the same facts, no range).

Naming an item.  A reveal may name a card of the board by its id instead of spelling it
out (``{"id": "C7"}`` for a Contract card in ``contracts_revealed`` and
``contract_card_revealed``, a Setup Contract in ``setup_contracts_drawn``); the engine
takes its faces from the board (``reveals``).  A Captain or Stevedore card on the board
is played without ``effects``.  ``expected()`` offers the board's cards that may turn up
now.  A game whose file holds cards or marks a list complete keeps ``state["board"]``
(``table_of``) for those checks; one without keeps no such key, and folds as before.

``complete`` says a list is the whole box: every Contract card (24) or Setup Contract
card (8), every zone of the canal, every crossing.  Only then does the engine refuse a
card, a zone or a passage that is not on the board (PX-B21, PX-B23, PX-B24); without it
a list is what has been transcribed so far, and an event may still add to it.

Decisions where the rulebook and the issue are silent:

* The ``board`` option's file keeps being read as it always was (``board_legacy``): a
  file that option accepted before saved boards existed sets up with the same facts even
  where a saved board's shape or problems would refuse it (two Market rows for one price,
  a Market row with a note in it).  Stored games hold such files.
* ``from_game`` claims only what the game showed: each declared fact (the board's
  included), the canal's order as the game folded it, and a list complete only when the
  game's own board said so.  Anything its schema or problems would refuse (a fee of $6
  an overridden event declared) is left out, entry by entry.
* A card named by its id is resolved from the declared data, not from the board alone,
  so a card shown earlier in the same game may be named when it turns up again.
* No Panamax card is set aside for a player count or a round: the rulebook sets aside
  ships (§9), not cards.
* PX-B codes are the board's own; PX-B1 (the note's ship building check) is another code.

The project ships ``rulebook-board.json`` beside this module: only what the rulebook itself
states (the two lakes, the 3-slot cruise ships and how many dice they take), as a start
for a transcription of the real board.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from marshmallow import Schema, ValidationError

from engines.base import BoardFile, State
from engines.declared import Fact
from engines.panamax import board_rules, bonus_cards, contracts, setup_contracts
from engines.panamax.board_schema import PanamaxBoard
from engines.panamax.loading import LOADING_ZONES
from engines.panamax.movement import OCEAN
from engines.panamax.schemas import CardEffects, CardSchema, SetupCardSchema
from engines.panamax.state import BOARD_ORIGIN, NATIONS

ORIGIN = BOARD_ORIGIN
RULEBOOK_FILE = Path(__file__).with_name("rulebook-board.json")
JSON_SCHEMA = "docs/formats/panamax-board-v1.schema.json"


def rulebook_board() -> dict[str, Any]:
    """The shipped board file: only what the rulebook states."""
    loaded: dict[str, Any] = json.loads(RULEBOOK_FILE.read_text(encoding="utf-8"))
    return loaded


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The board file as declared facts (keys as the events declare them).  The sections
    the ``board`` option always had come first, read as they always were."""
    out = [Fact(f"zone_kind:{zone}", kind, f"The kind of zone {zone}") for zone, kind in board.get("zones", {}).items()]
    out += [Fact(f"crossing:{c['bound']}:{c['from']}:{c['to']}", c["icon"],
                 f"The icon from {c['from']} to {c['to']} (bound for the {c['bound'].title()})")
            for c in board.get("crossings", [])]
    out += [Fact(f"zone_fee:{zone}", rate, f"The fee in {zone}") for zone, rate in board.get("fees", {}).items()]
    out += [Fact(f"column_locks:{column}", locks, f"The locks printed at the base of column {column}")
            for column, locks in board.get("column_locks", {}).items()]
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
    out += [Fact(f"dividend:{row['price']}", row["dividend"], f"The dividend at a price of ${row['price']}")
            for row in board.get("dividends", [])]
    out += [contracts.card_fact(card) for card in board.get("contracts", [])]
    out += [setup_contracts.card_fact(card) for card in board.get("setup_contracts", [])]
    out += [bonus_cards.card_fact(deck, int(number), effects)
            for deck, cards in board.get("bonus_cards", {}).items() for number, effects in cards.items()]
    return out


def canal(board: Mapping[str, Any], named: list[str]) -> list[str]:
    """The canal's zones in order: the file's, with any named place it leaves out kept in
    its place among the named ones."""
    return board_rules.canal_order(board, named)


def table_of(board: Mapping[str, Any]) -> dict[str, list[str]] | None:
    """What a game keeps of its board for the checks of reveals (``state["board"]``): its
    cards' ids in the board's order (their faces are in the declared data) and the lists
    it holds whole.  None for a file with no card and nothing complete."""
    table = {"contracts": [card["id"] for card in board.get("contracts", [])],
             "setup_contracts": [card["id"] for card in board.get("setup_contracts", [])],
             "complete": list(board.get("complete", []))}
    return table if any(table.values()) else None


# -- from_game ------------------------------------------------------------------------


def from_game(state: State) -> dict[str, Any]:
    """The board file of every box fact the game declared by ``state`` (its board's
    included): what the next game on the same box need not type again.  It claims no more
    than the game showed, and nothing its schema or problems would refuse."""
    found = _declared_sections(state)
    found["canal"] = list(state["canal"])
    complete = list((state.get("board") or {}).get("complete", []))
    if complete:
        found["complete"] = complete
    return _valid({section: entries for section, entries in found.items() if entries or entries == 0})


def _declared_sections(state: State) -> dict[str, Any]:
    """The registry's facts, section by section, as the board file writes them."""
    out: dict[str, Any] = {"zones": {}, "column_locks": {}, "crossings": [], "fees": {}, "market": [], "clipboard": {}, "ships": {},
                           "contracts": [], "setup_contracts": [], "bonus_cards": {}}
    spaces: dict[str, dict[int, str]] = {}
    slots: dict[str, Any] = {}
    zones = {*state["canal"], *LOADING_ZONES}
    for key, entry in state["declared"].items():
        kind, _, name = key.partition(":")
        fact = entry["value"]
        if kind == "zone_kind":
            out["zones"][name] = fact
        elif kind == "crossing":
            crossing = _crossing(name, fact, zones)
            if crossing is not None:
                out["crossings"].append(crossing)
        elif kind == "zone_fee":
            out["fees"][name] = fact
        elif kind == "column_locks":
            out["column_locks"][name] = fact
        elif kind == "dividend" and name.lstrip("-").isdigit():
            out["market"].append({"price": int(name), "dividend": fact})
        elif kind == "clipboard" and name.count(":") == 1 and name.split(":")[1].isdigit():
            nation, space = name.split(":")
            spaces.setdefault(nation, {})[int(space)] = fact
        elif kind == "ship_spec" and isinstance(fact, Mapping):
            out["ships"].setdefault(name, {}).update(fact)
        elif kind == "ship_slots":
            slots[name] = fact
        elif key == "build_cost:2":
            out["two_slot_cost"] = fact
        elif kind in ("contract", "setup_contract"):
            card = _card(CardSchema if kind == "contract" else SetupCardSchema, {"id": name, **fact})
            if card is not None:
                out["contracts" if kind == "contract" else "setup_contracts"].append(card)
        elif kind == "bonus_card" and name.count(":") == 1:
            deck, number = name.split(":")
            effects = _card(CardEffects, fact)
            if effects is not None:
                out["bonus_cards"].setdefault(deck, {})[number] = effects
    for ship, count in slots.items():
        out["ships"].setdefault(ship, {}).setdefault("slots", count)
    out["clipboard"] = {nation: _row(spaces[nation]) for nation in NATIONS if nation in spaces}
    out["market"].sort(key=lambda row: row["price"])
    out["market"], out["dividends"] = _market(out["market"], state.get("market_prices"))
    return out


def _market(rows: list[dict[str, int]], prices: Sequence[int] | None) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """The dividends seen, as the Market table when the game had one (its prices are the
    range the cube stays in: a game that saw some prices only cannot claim it), else as
    ``dividends``."""
    if not prices:
        return [], rows
    return [row for row in rows if min(prices) <= row["price"] <= max(prices)], []


def _crossing(name: str, icon: Any, zones: set[str]) -> dict[str, Any] | None:
    """A crossing from its registry key's tail (``<bound>:<from>:<to>``); zone names may
    hold a colon, so the split is the one whose ends are places the game knows."""
    bound, _, ends = name.partition(":")
    cuts = [i for i, char in enumerate(ends) if char == ":"]
    known = [i for i in cuts if ends[:i] in zones and (ends[i + 1:] in zones or ends[i + 1:] == OCEAN)]
    cut = known[0] if len(known) == 1 else cuts[0] if len(cuts) == 1 else None
    if cut is None:
        return None
    return {"bound": bound, "from": ends[:cut], "to": ends[cut + 1:], "icon": icon}


def _row(spaces: Mapping[int, str]) -> list[str]:
    """A Clipboard row's icons from its first space, as far as they run without a gap."""
    row: list[str] = []
    while len(row) in spaces:
        row.append(spaces[len(row)])
    return row


def _card(schema: type[Schema], fact: Any) -> dict[str, Any] | None:
    """A fact as the board file writes it (the events' booleans made JSON's), or None
    when it does not read as one."""
    try:
        loaded: dict[str, Any] = schema().load(fact)
    except (ValidationError, TypeError):
        return None
    return loaded


def _valid(board: dict[str, Any]) -> dict[str, Any]:
    """``board`` less every entry its shape or its problems refuse, one at a time."""
    for _ in range(1000):
        errors = PanamaxBoard().validate(board)
        where = [_first_error(section, errors[section]) for section in errors] if errors else \
            [where for where, _ in board_rules.located(board)]
        if not where:
            break
        for place in sorted(set(where), key=_deepest_last, reverse=True):
            _drop(board, place)
    return {section: entries for section, entries in board.items() if entries or entries == 0}


def _first_error(section: str, messages: Any) -> tuple[str | int, ...]:
    """The entry of ``section`` a shape error names (the section itself when none)."""
    if isinstance(messages, Mapping) and section in ("contracts", "setup_contracts", "crossings", "market", "dividends",
                                                      "canal", "complete", "zones", "fees", "clipboard", "ships",
                                                      "column_locks"):
        entry = next(iter(messages))
        return (section, entry) if entry != "_schema" else (section,)
    return (section,)


def _deepest_last(place: Sequence[str | int]) -> tuple[int, str]:
    """Later list entries first, so that dropping one leaves the others' indices."""
    index = place[1] if len(place) > 1 and isinstance(place[1], int) else -1
    return index, str(place[0])


def _drop(board: dict[str, Any], place: Sequence[str | int]) -> None:
    """Remove the entry at ``place`` (a section, or one of its entries)."""
    section = str(place[0])
    if len(place) == 1 or section not in board:
        board.pop(section, None)
        return
    entries, entry = board[section], place[1]
    if section == "bonus_cards" and len(place) > 2 and isinstance(entries, dict) and entry in entries:
        entries, entry = entries[entry], place[2]
    if isinstance(entries, list) and isinstance(entry, int) and 0 <= entry < len(entries):
        del entries[entry]
    elif isinstance(entries, dict):
        entries.pop(entry, None)
    else:
        board.pop(section, None)


BOARD_FILE = BoardFile(schema=PanamaxBoard, problems=board_rules.problems, facts=facts, from_game=from_game,
                       json_schema=JSON_SCHEMA,
                       holds="its canal, fee rates, Market table, Clipboards and cards")
