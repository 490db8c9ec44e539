"""The board file of Panic in the Air: empty.

The rulebook leaves nothing of the box to transcribe that an engine checks: the deck's
size and the Fall cards' values are rules-profile options (``deck_total``,
``fall_values``), and every card shows its kind when played.  The file exists so that
every engine speaks the same board protocol (``engines.base.BoardFile``); its only form
is ``{}``.
"""

from __future__ import annotations

from engines.base import empty_board_file

BOARD_FILE = empty_board_file("docs/formats/panic-in-the-air-board-v1.schema.json")
