"""The optional board file (the ``board`` option): what the table transcribed from the
physical board, the Boarding Passes and the Passenger Cards, loaded into the
declared-data registry before the first event (each fact's origin is ``board``), so that
events need not declare it and cannot contradict it.

Every section is optional::

    {"landable": {airport: [colour | "ALL", ...]},  # the colours each V airport (4 to 6) takes
     "special": {player colour: airport},           # each colour's special airport
     "passes": {player colour: [[icon, ...] x 3]},   # the icons printed on each Boarding Pass slot
     "cards": [card face, ...]}                      # Passenger Cards, as ``card_revealed`` declares them

A card in the file must still turn up with ``card_revealed``; its face there must match.
The project ships ``board-template.json`` beside this module: the sections, empty.  The
rulebook prints none of these facts, so the engine ships none (nothing is made up).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from marshmallow import RAISE, ValidationError, fields

from engines.air_alliance.schemas import BoardDeclared, CardSchema
from engines.air_alliance.setup_phase import board_facts, check_board
from engines.air_alliance.turns import card_fact
from engines.base import Violation
from engines.declared import Fact

ORIGIN = "board"
TEMPLATE_FILE = Path(__file__).with_name("board-template.json")


class BoardFile(BoardDeclared):
    """The board facts ``board_declared`` takes, and the Passenger Cards."""

    cards = fields.List(fields.Nested(CardSchema))


def template() -> dict[str, Any]:
    """The shipped file: every section, empty."""
    loaded: dict[str, Any] = json.loads(TEMPLATE_FILE.read_text(encoding="utf-8"))
    return loaded


def problems(board: Any) -> list[Violation]:
    """Why the board file cannot be loaded (empty when it can): its shape, then the same
    rules as ``board_declared`` (a V airport's colours, a special airport that exists), and
    one face a card."""
    if not isinstance(board, Mapping):
        return [_bad("The board file is an object of sections")]
    try:
        loaded = BoardFile(unknown=RAISE).load(board)
    except ValidationError as error:
        return [_bad(f"{section}: {message}") for section, message in sorted(_flat(error.messages).items())]
    ids = [face["id"] for face in loaded.get("cards", [])]
    found = [_bad(f"cards: {card_id} is listed twice") for card_id in sorted({i for i in ids if ids.count(i) > 1})]
    checked = check_board({"declared": {}, "step": 0}, None, loaded)
    return found + [_bad(v.message) for v in checked if v.blocks]


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The board file as declared facts (keys as the events declare them)."""
    loaded = BoardFile().load(board)
    return board_facts(loaded) + [card_fact(face) for face in loaded.get("cards", [])]


def _bad(message: str) -> Violation:
    return Violation("options/invalid", "Board file", message)


def _flat(messages: Any, prefix: str = "") -> dict[str, str]:
    """marshmallow's nested messages as ``{"cards.0.miles": "..."}``."""
    if isinstance(messages, Mapping):
        out: dict[str, str] = {}
        for key, inner in messages.items():
            out.update(_flat(inner, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix or "board": "; ".join(map(str, messages)) if isinstance(messages, list) else str(messages)}
