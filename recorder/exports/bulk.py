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


def documents(store: Any, engine: str | None = None, player: str | None = None,
              status: str | None = None) -> Iterator[dict[str, Any]]:
    """The game document of each matching game, oldest first, one at a time."""
    after: tuple[str, str] | None = None
    while True:
        keys = store.game_keys(engine=engine, player=player, status=status, after=after, limit=PAGE)
        for _, game_id in keys:
            try:
                yield export_game(store, game_id)
            except NotFound:
                continue
        if len(keys) < PAGE:
            return
        after = keys[-1]


# What json.dumps(document, ensure_ascii=False, separators=(",", ":")) builds for each call.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def ndjson_line(document: dict[str, Any]) -> str:
    """One line of NDJSON: compact, UTF-8 as it is, ending in a newline."""
    return _COMPACT.encode(document) + "\n"


def ndjson_lines(store: Any, engine: str | None = None, player: str | None = None,
                 status: str | None = None) -> Iterator[str]:
    """One line for each matching game, oldest first."""
    return (ndjson_line(document) for document in documents(store, engine, player, status))
