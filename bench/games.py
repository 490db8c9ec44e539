"""Many distinct games for benchmarks, made from real exports without replaying them.

A copy of an exported game under a new id and creation time is a new game: its genesis
hash and every event hash change with the id, so the chain is recomputed here.  The
events themselves are the original's, so the copy imports (and is checked) like any game.
"""

from __future__ import annotations

import copy
from typing import Any

from recorder.hashing import EVENT_HASH_FIELDS, event_hash, genesis_hash


def rechained(document: dict[str, Any], game_id: str | None = None, created_at: str | None = None,
              **header: Any) -> dict[str, Any]:
    """A deep copy of ``document`` with the header changed as asked and every hash recomputed.

    >>> doc = {"game": {"id": "a" * 32, "engine": "e", "rules_version": "1", "title": "t", "players": [],
    ...        "options": {}, "created_at": "x", "genesis_hash": ""}, "events": []}
    >>> rechained(doc, "b" * 32)["game"]["genesis_hash"] == genesis_hash({**doc["game"], "id": "b" * 32})
    True
    """
    out = copy.deepcopy(document)
    game = out["game"]
    game.update(header)
    if game_id is not None:
        game["id"] = game_id
    if created_at is not None:
        game["created_at"] = created_at
    game["genesis_hash"] = previous = genesis_hash(game)
    for event in out["events"]:
        event["prev_hash"] = previous
        event["hash"] = previous = event_hash({**{name: event.get(name) for name in EVENT_HASH_FIELDS},
                                               "game_id": game["id"]})
    return out
