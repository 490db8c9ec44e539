"""The board file: empty, as Tally's box has nothing the rules do not print.  A game
with a map or card faces to transcribe describes them here (see engines/isle_of_pan/board.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema

from engines.base import BoardFile, BoardProblem, State


class TallyBoard(Schema):
    """No sections: any field is unknown."""

    class Meta:
        unknown = RAISE


def problems(_board: Mapping[str, Any]) -> list[BoardProblem]:
    return []


def facts(_board: Mapping[str, Any]) -> list[Any]:
    return []


def from_game(_state: State) -> dict[str, Any]:
    return {}


BOARD_FILE = BoardFile(schema=TallyBoard, problems=problems, facts=facts, from_game=from_game,
                       json_schema="docs/formats/template-board-v1.schema.json")
