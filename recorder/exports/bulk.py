"""Many games as NDJSON: one game document (``game_json``) a line, streamed.

Games are read in keyset pages of ids and exported one at a time, so memory holds one
game, however many match; a game that goes away between the page and its export
(it cannot today: games are never deleted) would simply be skipped.

A line is written by orjson, with each event's JSON columns as the text stored
(``game_json.event_fragment``): decoding every event's data and encoding it again with
the standard library was half of an export's time (docs/BENCHMARKS.md, figure 6).  The
line holds the same values as ``ndjson_line`` of ``export_game``'s document; the stored
text keeps its own spacing and escapes.  What orjson does not write (an integer past 64
bits, a lone surrogate) the standard library writes instead, from the decoded document.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import orjson

from recorder.errors import NotFound
from recorder.exports.game_json import event_fragment, recorded_document

PAGE = 200


def game_ids(store: Any, engine: str | None = None, player: str | None = None,
             status: str | None = None) -> Iterator[str]:
    """The id of each matching game, oldest first, read a keyset page at a time."""
    after: tuple[str, str] | None = None
    while True:
        keys = store.game_keys(engine=engine, player=player, status=status, after=after, limit=PAGE)
        for _, game_id in keys:
            yield game_id
        if len(keys) < PAGE:
            return
        after = keys[-1]


# What json.dumps(document, ensure_ascii=False, separators=(",", ":")) builds for each call.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def ndjson_line(document: dict[str, Any]) -> str:
    """One line of NDJSON: compact, UTF-8 as it is, ending in a newline."""
    return _COMPACT.encode(document) + "\n"


def game_line(store: Any, game_id: str) -> tuple[str, int]:
    """The NDJSON line of one game as it stands, and how many events it holds."""
    recorded = store.recorded(game_id)
    try:
        text = orjson.dumps(recorded_document(store, recorded, event_fragment)).decode() + "\n"
    except orjson.JSONEncodeError:
        text = ndjson_line(recorded_document(store, recorded))
    return text, len(recorded.rows)


def game_lines(store: Any, engine: str | None = None, player: str | None = None,
               status: str | None = None) -> Iterator[tuple[str, int]]:
    """``game_line`` of each matching game, oldest first."""
    for game_id in game_ids(store, engine, player, status):
        try:
            yield game_line(store, game_id)
        except NotFound:
            continue


def ndjson_lines(store: Any, engine: str | None = None, player: str | None = None,
                 status: str | None = None) -> Iterator[str]:
    """One line for each matching game, oldest first."""
    return (line for line, _ in game_lines(store, engine, player, status))
