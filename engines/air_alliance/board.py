"""Air Alliance's board file: what the table transcribes once from the physical game box --
the board, the Boarding Passes and the Passenger Cards -- and every game recorded on it
reuses (``engines.base.BoardFile``; the published form is
``docs/formats/air-alliance-board-v1.schema.json``).  A game gets one as a saved board
(``setup(..., board=...)``) or, as before, as the ``board`` option; never both.  Its facts
enter the declared-data registry before the first event (each fact's origin is
``"board"``), so events need not declare them and cannot contradict them
(``declared/conflict`` "by board").

Every section is optional::

    {"landable": {airport: [colour | "ALL", ...]},   # the colours each V airport (4 to 6) takes
     "special": {player colour: airport},            # each colour's special airport
     "passes": {player colour: [slot, slot, slot]},  # each Boarding Pass's printed icons:
                                                     #   a slot is [icon, ...] (1 to 3) or null (not known)
     "cards": [card face, ...],                      # Passenger Cards, as ``card_revealed`` spells them out
     "complete": ["cards"]}                          # the cards are all 60 of the box

What the file does in a game:

- ``landable``, ``special`` and ``passes`` are the facts ``board_declared`` declares:
  AA-C14 and AA-C16 are checked instead of ``unverified``, and a marker on a bare slot
  needs no ``pass_icons``.  While the registry knows every one of them for the colours in
  play, ``expected()`` no longer asks for ``board_declared`` at the set-up: it offers it
  only among the seldom actions (``minor``), for a table that reads the board's facts out
  (it must agree with the board).
- ``cards``: a reveal may name a card by id, ``{"card": {"id": "C07"}}``, and the face
  comes from the board (``engines.air_alliance.reveals``); a face spelled out must match
  it.  Every card still turns up with ``card_revealed``: the file says what a card shows,
  never when it turns up.  ``expected()`` offers the board's cards that have not turned
  up (``options["card_revealed"]["card.id"]``).
- ``complete``: ``["cards"]`` says the file holds every card of the box, so a reveal of
  any other card is refused (AA-C35).  Without it the list is what the table has
  transcribed so far, and a card not on it may still turn up, spelled out.

Problems (``problems``, for a file of the right shape), each with its own code:

========  =================================  ==============================================
Code      Rule                               Ruled out
========  =================================  ==============================================
AA-B01    Airports                           ``landable`` for an airport numbered 1 to 3
AA-B02    Board file                         two cards with one id
AA-B03    Passenger Cards                    a card whose departure is its arrival
AA-B04    Components                         more than the box's 60 cards
AA-B05    Components                         ``complete`` cards that are not 60
AA-B06    Trio List                          a Trio Set of more than 3 cards (of other than 3
                                             when the cards are complete)
AA-B07    List of the Flight icons           a Code Sharing icon showing one colour twice
========  =================================  ==============================================

Decisions where the rulebook and the issue are silent: a board slot may be ``null`` so that
a board made from a game (``from_game``) keeps the slots the game showed and claims none it
did not; a V airport's colours need not include the NPA that starts there (the rulebook
places the NPA planes but does not say the silhouettes match); two colours may share a
special airport; ``complete`` covers the cards only, since the other sections' wholes are
plain (12 V airports, 4 colours, 3 slots) and nothing waits on them.  AA-B03, AA-B04, AA-B06 and
AA-B07 are new rules: a saved board must meet them, but a ``board`` option file, read
without them before saved boards existed, still loads when it breaks only those
(``engine.RULES_SINCE_SAVED_BOARDS``), since games stored with it must still set up.  The rulebook prints none of these facts, so the engine
ships none: ``board-template.json`` beside this module holds the sections, empty.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from marshmallow import ValidationError, fields, validate

from engines.air_alliance import airports
from engines.air_alliance.reveals import COMPLETE, ORIGIN, natural
from engines.air_alliance.schemas import AIRPORT, COLOURS, CardSchema, IconSchema, _Strict
from engines.air_alliance.scoring import TRIOS
from engines.air_alliance.setup_phase import board_facts
from engines.air_alliance.turns import card_fact
from engines.base import BoardFile, BoardProblem, State
from engines.declared import Fact, declare

TEMPLATE_FILE = Path(__file__).with_name("board-template.json")
JSON_SCHEMA = "docs/formats/air-alliance-board-v1.schema.json"
BOX_CARDS = 60  # "60 Passenger Cards"
TRIO_CARDS = 3  # "if you collect all 3 cards of a set"
SECTIONS_COMPLETE = ("cards",)


def _unique(items: Sequence[Any]) -> None:
    if len(set(items)) != len(items):
        raise ValidationError("Each section is named once")


class AirAllianceBoard(_Strict):
    """The whole file's shape; unknown fields are refused at every level."""

    landable = fields.Dict(keys=fields.String(validate=AIRPORT),
                           values=fields.List(fields.String(validate=validate.OneOf([*COLOURS, "ALL"]))))
    special = fields.Dict(keys=fields.String(validate=validate.OneOf(airports.PLAYER_COLOURS)),
                          values=fields.String(validate=AIRPORT))
    passes = fields.Dict(keys=fields.String(validate=validate.OneOf(airports.PLAYER_COLOURS)),
                         values=fields.List(fields.List(fields.Nested(IconSchema), allow_none=True,
                                                        validate=validate.Length(min=1, max=3)),
                                            validate=validate.Length(equal=3)))
    cards = fields.List(fields.Nested(CardSchema))
    complete = fields.List(fields.String(validate=validate.OneOf(SECTIONS_COMPLETE)), validate=_unique)


def template() -> dict[str, Any]:
    """The shipped file: every section, empty."""
    loaded: dict[str, Any] = json.loads(TEMPLATE_FILE.read_text(encoding="utf-8"))
    return loaded


# -- problems -------------------------------------------------------------------------


def problems(board: Mapping[str, Any]) -> list[BoardProblem]:
    """What the rulebook or the file's own consistency rules out, for a file of the right
    shape (read as sent: the shape is ``AirAllianceBoard``'s)."""
    cards = list(board.get("cards", []))
    return [*_landable_problems(board.get("landable", {})), *_card_problems(cards),
            *_count_problems(cards, "cards" in board.get("complete", [])), *_icon_problems(board)]


def _landable_problems(landable: Mapping[str, Any]) -> list[BoardProblem]:
    # AA-B01: "On numbers 1, 2 and 3 all planes can land" -- only a V airport has colours.
    return [BoardProblem(f"landable.{code}", "AA-B01", airports.AIRPORT_RULE,
                         f"{code} is not a V airport (4 to 6): every colour lands there")
            for code in landable if airports.shape(code) != "V"]


def _card_problems(cards: Sequence[Mapping[str, Any]]) -> list[BoardProblem]:
    found: list[BoardProblem] = []
    first: dict[str, int] = {}
    for index, face in enumerate(cards):
        # AA-B02: a card id names one card.
        if face["id"] in first:
            found.append(BoardProblem(f"cards.{index}.id", "AA-B02", "Board file",
                                      f"Card {face['id']} is listed twice (first as cards.{first[face['id']]})"))
        first.setdefault(face["id"], index)
        # AA-B03: "Each card shows a departure airport and an arrival airport".
        if face["dep"] == face["arr"]:
            found.append(BoardProblem(f"cards.{index}.arr", "AA-B03", "Passenger Cards",
                                      f"Card {face['id']} departs from and arrives at {face['dep']}: its route "
                                      "goes from one airport to another"))
    return found


def _count_problems(cards: Sequence[Mapping[str, Any]], complete: bool) -> list[BoardProblem]:
    """AA-B04 to AA-B06: the box's 60 cards, and its Trio Sets of three."""
    found: list[BoardProblem] = []
    if len(cards) > BOX_CARDS:  # AA-B04: "60 Passenger Cards"
        found.append(BoardProblem("cards", "AA-B04", "Components",
                                  f"The box has {BOX_CARDS} Passenger Cards; the file lists {len(cards)}"))
    elif complete and len(cards) != BOX_CARDS:  # AA-B05: complete means all of them
        found.append(BoardProblem("complete", "AA-B05", "Components",
                                  f"The file says its cards are complete, but lists {len(cards)} of the box's "
                                  f"{BOX_CARDS} Passenger Cards"))
    members: dict[str, list[str]] = {}
    for index, face in enumerate(cards):
        trio = face.get("trio")
        if trio is None:
            continue
        members.setdefault(trio, []).append(face["id"])
        if len(members[trio]) > TRIO_CARDS:  # AA-B06: "each trio's three cards"
            found.append(BoardProblem(f"cards.{index}.trio", "AA-B06", "Trio List",
                                      f"Card {face['id']} would be the {len(members[trio])}th card of the {trio} "
                                      f"Trio, which has {TRIO_CARDS}"))
    if complete and len(cards) == BOX_CARDS:
        found += [BoardProblem("cards", "AA-B06", "Trio List",
                               f"The {trio} Trio has {TRIO_CARDS} cards; the complete file has "
                               f"{len(members.get(trio, []))}{_listed(members.get(trio, []))}")
                  for trio in TRIOS if len(members.get(trio, [])) < TRIO_CARDS]
    return found


def _listed(ids: Sequence[str]) -> str:
    return f" ({', '.join(ids)})" if ids else ""


def _icon_problems(board: Mapping[str, Any]) -> list[BoardProblem]:
    # AA-B07: "If 2 colours show, you choose 1 of them" -- two colours are two different ones.
    return [BoardProblem(f"{where}.colours", "AA-B07", "List of the Flight icons",
                         f"{what} shows {icon['colours'][0]} twice on one Code Sharing icon")
            for where, what, icon in _icons(board) if icon["type"] == "CODESHARE" and _twice(icon)]


def _twice(icon: Mapping[str, Any]) -> bool:
    return len(set(icon["colours"])) != len(icon["colours"])


def _icons(board: Mapping[str, Any]) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """Every Flight icon of the file: (its field, what it is on, the icon)."""
    for index, face in enumerate(board.get("cards", [])):
        for place, icon in enumerate(face["icons"]):
            yield f"cards.{index}.icons.{place}", f"Card {face['id']}'s icon {place + 1}", icon
    for colour, slots in board.get("passes", {}).items():
        for slot, shown in enumerate(slots):
            for place, icon in enumerate(shown or []):
                yield (f"passes.{colour}.{slot}.{place}", f"The {colour} Boarding Pass's slot {slot + 1} (icon "
                       f"{place + 1})", icon)


# -- facts ----------------------------------------------------------------------------


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The board file as declared facts, keyed as the events declare them (``landable:<code>``,
    ``pass:<colour>:<slot>``, ``special:<colour>``, ``card:<id>``); a slot not known (null)
    declares nothing."""
    return board_facts(board) + [card_fact(face) for face in board.get("cards", [])]


def board_state(board: Mapping[str, Any] | None) -> dict[str, Any]:
    """What a game keeps of the board it starts on: its facts in the registry (origin
    ``"board"``, as the ``board`` option always loaded them) and, only when the file has
    one, its ``complete`` list (so a game without it keeps today's state)."""
    if board is None:
        return {"declared": {}}
    kept: dict[str, Any] = {"declared": declare({}, facts(board), ORIGIN)}
    if board.get("complete"):
        kept[COMPLETE] = list(board["complete"])
    return kept


# -- from a game ----------------------------------------------------------------------


def from_game(state: State) -> dict[str, Any]:
    """The board file of every box fact the game declared by ``state`` (its board's
    included), valid under ``AirAllianceBoard`` and ``problems``.  It claims no more than
    the game showed: a pass slot nobody declared is null, and the cards are ``complete``
    only when the board the game was recorded on said so.  A fact that a problem rules out
    (declared by an event the table overrode) is left out."""
    registry = state["declared"]
    out: dict[str, Any] = {}
    landable = {key[9:]: list(entry["value"]) for key, entry in registry.items()
                if key.startswith("landable:") and airports.shape(key[9:]) == "V"}
    special = {key[8:]: entry["value"] for key, entry in registry.items() if key.startswith("special:")}
    passes = _passes(registry)
    cards = _cards(registry)
    for name, section in (("landable", landable), ("special", special), ("passes", passes), ("cards", cards)):
        if section:
            out[name] = section
    if "cards" in state.get(COMPLETE, []) and not problems({**out, "complete": ["cards"]}):
        out["complete"] = ["cards"]
    return out


def _passes(registry: Mapping[str, Mapping[str, Any]]) -> dict[str, list[Any]]:
    """Each colour's three slots as declared (null for a slot nobody declared)."""
    passes: dict[str, list[Any]] = {}
    for colour in airports.PLAYER_COLOURS:
        slots = [registry.get(f"pass:{colour}:{slot}", {}).get("value") for slot in range(3)]
        slots = [None if shown is None or any(_codeshare_twice(icon) for icon in shown) else list(shown)
                 for shown in slots]
        if any(shown is not None for shown in slots):
            passes[colour] = slots
    return passes


def _codeshare_twice(icon: Mapping[str, Any]) -> bool:
    return icon["type"] == "CODESHARE" and _twice(icon)


def _cards(registry: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The faces declared, the board's first, then by the event that declared them; a face
    a board problem rules out is left out (AA-B03, AA-B07), and so are a Trio Set's cards
    past its three (AA-B06) and cards past the box's 60 (AA-B04)."""
    entries = [(key[5:], entry) for key, entry in registry.items() if key.startswith("card:")]
    entries.sort(key=lambda item: (isinstance(item[1]["at"], int), item[1]["at"] if isinstance(item[1]["at"], int)
                                   else 0, natural(item[0])))
    cards: list[dict[str, Any]] = []
    trios: dict[str, int] = {}
    for card_id, entry in entries:
        face = {"id": card_id, **entry["value"]}
        if face["dep"] == face["arr"] or any(_codeshare_twice(icon) for icon in face["icons"]):
            continue
        if face.get("trio") is not None:
            if trios.get(face["trio"], 0) >= TRIO_CARDS:
                continue
            trios[face["trio"]] = trios.get(face["trio"], 0) + 1
        cards.append(face)
    return cards[:BOX_CARDS]


BOARD_FILE = BoardFile(schema=AirAllianceBoard, problems=problems, facts=facts, from_game=from_game,
                       json_schema=JSON_SCHEMA,
                       holds="its Passenger Cards, Boarding Passes and airports")
