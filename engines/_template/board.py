"""The board file: empty, as Tally's box has nothing the rules do not print.  A game
with a map or card faces to transcribe describes them here, with a marshmallow schema of
its sections, the problems the rules rule out and the facts it declares (see
engines/isle_of_pan/board.py)."""

from __future__ import annotations

from engines.base import empty_board_file

BOARD_FILE = empty_board_file("docs/formats/template-board-v1.schema.json")
