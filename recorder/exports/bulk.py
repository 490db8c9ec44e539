"""Many games as NDJSON: one game document (``game_json``) a line, streamed.

Games are read in keyset pages of ids and exported one at a time, so memory holds one
game, however many match; a game that goes away between the page and its export
(it cannot today: games are never deleted) would simply be skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from recorder.errors import NotFound
from recorder.exports.game_json import export_game

PAGE = 200


def ndjson_lines(store: Any, engine: str | None = None, player: str | None = None,
                 status: str | None = None) -> Iterator[str]:
    """One line of JSON (ending in a newline) for each matching game, oldest first."""
    after: tuple[str, str] | None = None
    while True:
        keys = store.game_keys(engine=engine, player=player, status=status, after=after, limit=PAGE)
        for _, game_id in keys:
            try:
                document = export_game(store, game_id)
            except NotFound:
                continue
            yield json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
        if len(keys) < PAGE:
            return
        after = keys[-1]
