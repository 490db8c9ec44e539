"""The board file of Panic in the Air: empty.

The rulebook leaves nothing of the box to transcribe that an engine checks: the deck's
size and the Fall cards' values are rules-profile options (``deck_total``,
``fall_values``), and every card shows its kind when played.  The file exists so that
every engine speaks the same board protocol (``engines.base.BoardFile``); its only form
is ``{}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema

from engines.base import BoardFile, BoardProblem, State


class PanicBoard(Schema):
    """No sections: any field is unknown."""

    class Meta:
        unknown = RAISE


def problems(_board: Mapping[str, Any]) -> list[BoardProblem]:
    return []


def facts(_board: Mapping[str, Any]) -> list[Any]:
    return []


def from_game(_state: State) -> dict[str, Any]:
    return {}


BOARD_FILE = BoardFile(schema=PanicBoard, problems=problems, facts=facts, from_game=from_game,
                       json_schema="docs/formats/panic-in-the-air-board-v1.schema.json")
