"""The JSON export of one game: everything needed to replay it later, anywhere.

The document (schema: ``docs/formats/tablescribe-game-v1.schema.json``) holds the game's
header exactly as its genesis hash covers it, every stored event as recorded (corrections
are events too, so they come along), each with its flags, override and place in the hash
chain, the declared board data the engine keeps, and the standings at the version
exported.  Nothing in it is recomputed on import but the fold: an importer re-checks it.

The document is signed (``signature``, recorder/signing.py): the head of a game recorded
on this server with this server's key, at export time.  A game that was imported carries
the signature it came with, while its head is still the one that was signed, and no
signature after events were added here: this server vouches only for histories it
recorded itself, never for one it was handed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from orjson import Fragment

import engines
from recorder.boards import board_document
from recorder.jsonish import declared_of
from recorder.models import Board, Game
from recorder.signing import KeyRing, current_ring, document_head, head_payload
from recorder.store import game_header
from recorder.store.values import Recorded

FORMAT = "tablescribe-game"
FORMAT_VERSION = 1
SCHEMA_PATH = "docs/formats/tablescribe-game-v1.schema.json"


def event_dict(row: Sequence[Any]) -> dict[str, Any]:
    """One stored event as recorded: every field its hash covers (the idempotency key too,
    or the chain could not be verified elsewhere; ``game_id`` is the header's ``id``).
    ``row`` holds ``RECORDED_COLUMNS``, the JSON columns as the text stored (decoded here
    as the column type would: SQL NULL and JSON ``null`` both None, no flags ``[]``)."""
    seq, type_, actor, data, note, recorded_at, recorded_by, idempotency_key, override, flags, prev_hash, hash_ = row
    return {
        "seq": seq, "type": type_, "actor": actor, "data": _decoded(data), "note": note,
        "recorded_at": recorded_at, "recorded_by": recorded_by, "idempotency_key": idempotency_key,
        "override": None if override == "null" else _decoded(override),
        "flags": [] if flags == "[]" else list(_decoded(flags) or []),
        "prev_hash": prev_hash, "hash": hash_,
    }


def event_fragment(row: Sequence[Any]) -> dict[str, Any]:
    """One stored event as ``event_dict`` has it, but with its JSON columns kept as the
    text stored (``orjson.Fragment``), for the bulk export (``recorder.exports.bulk``):
    decoding each event's JSON and encoding it again was half of an export's time.  The
    values are the same; only the stored text's spacing and escapes are kept."""
    seq, type_, actor, data, note, recorded_at, recorded_by, idempotency_key, override, flags, prev_hash, hash_ = row
    return {
        "seq": seq, "type": type_, "actor": actor, "data": Fragment("null" if data is None else data), "note": note,
        "recorded_at": recorded_at, "recorded_by": recorded_by, "idempotency_key": idempotency_key,
        "override": Fragment("null" if override is None else override),
        "flags": Fragment("[]" if flags is None or flags == "null" else flags),
        "prev_hash": prev_hash, "hash": hash_,
    }


def _decoded(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def game_document(game: Game, rows: Sequence[Sequence[Any]], state: Mapping[str, Any],
                  standings: Mapping[str, Any], board: Board | None = None,
                  ring: KeyRing | None = None,
                  event_of: Callable[[Sequence[Any]], dict[str, Any]] = event_dict) -> dict[str, Any]:
    """The export of ``game`` at the version ``rows`` end at (``state`` and ``standings``
    are the fold of that same version).  A game recorded on a saved board embeds it
    (``board``), so the history replays on a server that never had the board.  ``ring``:
    the key to sign with (``head_signature``); none, no signature of this server's.
    ``event_of``: how a row becomes its event (``event_fragment`` for the bulk export)."""
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {**game_header(game), "status": game.status, "version": len(rows),
                 "genesis_hash": game.genesis_hash},
        "declared": declared_of(state),
        "events": [event_of(row) for row in rows],
        "standings": dict(standings),
    }
    if board is not None:
        document["board"] = board_document(board)
    signature = head_signature(game, document, ring)
    if signature is not None:
        document["signature"] = signature
    return document


def head_signature(game: Game, document: Mapping[str, Any], ring: KeyRing | None) -> dict[str, Any] | None:
    """The signature the export carries: this server's over the head of a game recorded
    here; the one an imported game came with, while its head is still the signed one."""
    imported = getattr(game, "imported", None)
    if imported is None:
        return ring.sign(head_payload(document["game"], document_head(document))) if ring is not None else None
    carried = imported.get("signature")
    if carried is not None and imported.get("version") == document["game"]["version"]:
        return dict(carried)
    return None


def export_game(store: Any, game_id: str) -> dict[str, Any]:
    """The document for the game as it stands: its events and its fold are read in one
    transaction (``EventStore.recorded``), so the standings belong to the events exported."""
    return recorded_document(store, store.recorded(game_id))


def recorded_document(store: Any, recorded: Recorded,
                      event_of: Callable[[Sequence[Any]], dict[str, Any]] = event_dict) -> dict[str, Any]:
    """The document of a game as ``EventStore.recorded`` read it, its board from ``store``."""
    game, state = recorded.game, recorded.frame.state
    board = store.boards.get(game.board_id) if game.board_id is not None else None
    return game_document(game, recorded.rows, state, engines.find(game.engine).standings(state), board,
                         current_ring(), event_of)


def file_name(game: Mapping[str, Any], extension: str) -> str:
    """``friday-night-<id>.<extension>``: the title's letters and digits, then the id.

    >>> file_name({"id": "ab12", "title": "Friday: Pan Am / 4 players!"}, "tablescribe.json")
    'friday-pan-am-4-players-ab12.tablescribe.json'
    """
    words = "".join(c.lower() if c.isalnum() else " " for c in str(game["title"])).split()
    stem = "-".join(words)[:60].strip("-")
    return f"{stem + '-' if stem else ''}{game['id']}.{extension}"
