"""Tamper evidence: every event is hashed together with the hash before it.

The chain starts at the game's *genesis* hash (over the game's header), so a
change to the players or options shows up as well as a change to any event.
Hashes are SHA-256 over canonical JSON: sorted keys, no spaces, ASCII only, so
that any implementation that reads the export can recompute them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

# The fields of an event covered by its hash, in no particular order (keys are sorted).
EVENT_HASH_FIELDS = (
    "game_id", "seq", "type", "data", "actor", "note", "recorded_at",
    "recorded_by", "idempotency_key", "override", "flags", "prev_hash",
)
GAME_HASH_FIELDS = ("id", "engine", "rules_version", "title", "players", "options", "created_at")


def canonical_json(value: Any) -> str:
    """The one text form of a JSON value that hashes are computed over.

    >>> canonical_json({"b": 1, "a": [1, "é"]})
    '{"a":[1,"\\\\u00e9"],"b":1}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def genesis_hash(game: Mapping[str, Any]) -> str:
    """The hash that the first event of a game points back to.  A game recorded on a saved
    board has ``board: {id, hash}`` in its header, covered too; a game without one hashes
    exactly as before boards existed."""
    header = {name: game[name] for name in GAME_HASH_FIELDS}
    if game.get("board") is not None:
        header["board"] = {"id": game["board"]["id"], "hash": game["board"]["hash"]}
    return sha256_hex(canonical_json(header))


def board_hash(data: Any) -> str:
    """A board file's hash: SHA-256 of its canonical JSON, as the chain computes every hash."""
    return sha256_hex(canonical_json(data))


def board_id(engine: str, data: Any) -> str:
    """A saved board's id, derived from its engine and data: the same board has the same id
    on every server, so an import finds it by id and never stores it twice.

    >>> board_id("panic-in-the-air", {}) == board_id("panic-in-the-air", {}) != board_id("pan-am", {})
    True
    >>> len(board_id("pan-am", {}))
    32
    """
    return sha256_hex(canonical_json({"engine": engine, "data": data}))[:32]


def event_hash(event: Mapping[str, Any]) -> str:
    """The hash of one stored event; ``event`` must hold every EVENT_HASH_FIELDS key."""
    return sha256_hex(canonical_json({name: event[name] for name in EVENT_HASH_FIELDS}))


def link_problem(event: Mapping[str, Any], expected_seq: int, expected_prev: str) -> dict[str, Any] | None:
    """What is wrong with one link of a chain, or None: ``event`` holds every
    EVENT_HASH_FIELDS key plus its ``hash``; it should be number ``expected_seq`` and
    point back to ``expected_prev``.  The store's verify and the importer both ask this.

    >>> link = {name: None for name in EVENT_HASH_FIELDS} | {"seq": 1, "prev_hash": "g", "data": {}}
    >>> link_problem({**link, "hash": event_hash(link)}, 1, "g") is None
    True
    >>> link_problem({**link, "hash": event_hash(link)}, 1, "h")["reason"]
    "prev_hash does not match the previous event's hash"
    """
    if event["seq"] != expected_seq:
        return {"seq": expected_seq, "reason": f"event {expected_seq} is missing (found {event['seq']})"}
    if event["prev_hash"] != expected_prev:
        return {"seq": expected_seq, "reason": "prev_hash does not match the previous event's hash"}
    if event_hash(event) != event["hash"]:
        return {"seq": expected_seq, "reason": "the event's content does not match its hash"}
    return None
