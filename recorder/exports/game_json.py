"""The JSON export of one game: everything needed to replay it later, anywhere.

The document (schema: ``docs/formats/tablescribe-game-v1.schema.json``) holds the game's
header exactly as its genesis hash covers it, every stored event as recorded (corrections
are events too, so they come along), each with its flags, override and place in the hash
chain, the declared board data the engine keeps, and the standings at the version
exported.  Nothing in it is recomputed on import but the fold: an importer re-checks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engines
from recorder.boards import board_document
from recorder.models import Board, EventRow, Game
from recorder.jsonish import declared_of
from recorder.store import game_header

FORMAT = "tablescribe-game"
FORMAT_VERSION = 1
SCHEMA_PATH = "docs/formats/tablescribe-game-v1.schema.json"


def event_dict(row: EventRow) -> dict[str, Any]:
    """One stored event as recorded: every field its hash covers (the idempotency key too,
    or the chain could not be verified elsewhere; ``game_id`` is the header's ``id``)."""
    return {
        "seq": row.seq, "type": row.type, "actor": row.actor, "data": row.data, "note": row.note,
        "recorded_at": row.recorded_at, "recorded_by": row.recorded_by, "idempotency_key": row.idempotency_key,
        "override": row.override, "flags": list(row.flags or []),
        "prev_hash": row.prev_hash, "hash": row.hash,
    }


def game_document(game: Game, rows: Sequence[EventRow], state: Mapping[str, Any],
                  standings: Mapping[str, Any], board: Board | None = None) -> dict[str, Any]:
    """The export of ``game`` at the version ``rows`` end at (``state`` and ``standings``
    are the fold of that same version).  A game recorded on a saved board embeds it
    (``board``), so the history replays on a server that never had the board."""
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {**game_header(game), "status": game.status, "version": len(rows),
                 "genesis_hash": game.genesis_hash},
        "declared": declared_of(state),
        "events": [event_dict(row) for row in rows],
        "standings": dict(standings),
    }
    if board is not None:
        document["board"] = board_document(board)
    return document


def export_game(store: Any, game_id: str, attempts: int = 5) -> dict[str, Any]:
    """The document for the game as it stands.  The events and the fold are read in two
    transactions; if an append lands in between, read again, so the standings always
    belong to the events exported."""
    for _ in range(attempts):
        rows = store.recorded_events(game_id)
        frame = store.state_at(game_id, remember=False)
        if frame.version == len(rows):
            game = store.get_game(game_id)
            board = store.boards.get(game.board_id) if game.board_id is not None else None
            return game_document(game, rows, frame.state, engines.find(game.engine).standings(frame.state), board)
    raise RuntimeError(f"game {game_id} kept changing while it was exported")


def file_name(game: Mapping[str, Any], extension: str) -> str:
    """``friday-night-<id>.<extension>``: the title's letters and digits, then the id.

    >>> file_name({"id": "ab12", "title": "Friday: Pan Am / 4 players!"}, "tablescribe.json")
    'friday-pan-am-4-players-ab12.tablescribe.json'
    """
    words = "".join(c.lower() if c.isalnum() else " " for c in str(game["title"])).split()
    stem = "-".join(words)[:60].strip("-")
    return f"{stem + '-' if stem else ''}{game['id']}.{extension}"
