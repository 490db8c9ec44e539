"""The checks of an import that need no database: is the engine here at the rules
version the game was recorded under, does the chain hold, and does the replay end where
the export did.  The replay itself is ``EventStore.import_game``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Engine as DbEngine
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

import engines
from engines.base import SetupError, resolve_options
from recorder.boards import NewBoard, new_board_from_document
from recorder.hashing import board_hash, board_id, canonical_json, genesis_hash, link_problem
from recorder.import_problems import ImportRefused
from recorder.jsonish import as_json, declared_of
from recorder.models import Base


def importable_engine(header: Mapping[str, Any], board: Any = None) -> engines.Engine:
    """The engine a game document needs, if this server has it at the same rules version,
    the header is the one its genesis hash was computed over, and the engine sets the
    game up with its players, options and the board it was recorded on (``board``, the data
    of the board the document embeds)."""
    game_id = header["id"]
    try:
        engine = engines.find(header["engine"])
    except KeyError:
        raise ImportRefused("import/unknown-engine", f"This server has no engine {header['engine']!r} "
                            f"(it has {', '.join(e.name for e in engines.all_engines())})", game=game_id) from None
    if header["rules_version"] != engine.rules_version:
        raise ImportRefused(
            "import/rules-version",
            f"Game {game_id} was recorded under {engine.name} rules {header['rules_version']}; this server "
            f"has rules {engine.rules_version}, and a game is only replayed under the rules it was recorded with",
            game=game_id)
    if genesis_hash(header) != header["genesis_hash"]:
        raise ImportRefused("import/genesis", "The game's header (players, options, title...) does not match "
                            "its genesis hash", game=game_id, seq=0)
    try:
        resolved = resolve_options(engine, header["options"])
        engine.setup([p["name"] for p in header["players"]], header["options"], board=board)
    except SetupError as exc:
        raise ImportRefused("import/setup", f"The game's set-up is refused: {exc.violations[0].message}",
                            game=game_id, violations=[v.to_dict() for v in exc.violations]) from None
    if canonical_json(resolved) != canonical_json(header["options"]):
        raise ImportRefused("import/options", "The game's options are not a complete rules profile for "
                            f"{engine.name} rules {engine.rules_version}", game=game_id)
    return engine


def imported_board(document: Mapping[str, Any]) -> NewBoard | None:
    """The board a game document embeds, if its header pins one: it must be the very board
    the header names (its id and hash, which the genesis hash covers), of the game's engine."""
    header = document["game"]
    pinned, embedded = header.get("board"), document.get("board")
    if pinned is None and embedded is None:
        return None
    game_id = header["id"]
    if pinned is None or embedded is None:
        what = "pins a board the file does not hold" if embedded is None else "pins no board, but the file holds one"
        raise ImportRefused("import/board", f"The game's header {what}", game=game_id)
    if embedded["engine"] != header["engine"]:
        raise ImportRefused("import/board", f"The file's board is a board of {embedded['engine']}, "
                            f"not of {header['engine']}", game=game_id)
    if (board_id(header["engine"], embedded["data"]), board_hash(embedded["data"])) != (pinned["id"], pinned["hash"]):
        raise ImportRefused("import/board", "The file's board is not the one the game was recorded on "
                            "(its data does not match the id and hash the header pins)", game=game_id)
    return new_board_from_document(embedded)


def check_chain(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> None:
    """Every event in order, each hashing to its hash and pointing back to the one before;
    and each idempotency key once, as the store's unique index demands."""
    game_id = header["id"]
    if header["version"] != len(records):
        raise ImportRefused("import/version", f"The header says version {header['version']} but the file "
                            f"holds {len(records)} events (cut short?)", game=game_id)
    previous = header["genesis_hash"]
    keys: dict[str, int] = {}
    for expected, record in enumerate(records, start=1):
        problem = link_problem({**record, "game_id": game_id}, expected, previous)
        if problem is not None:
            raise ImportRefused("import/chain", f"The hash chain is broken at event {problem['seq']}: "
                                f"{problem['reason']}", game=game_id, seq=problem["seq"])
        previous = record["hash"]
        key = record["idempotency_key"]
        if key is not None and key in keys:
            raise ImportRefused("import/idempotency-key", f"Events {keys[key]} and {expected} share the "
                                f"idempotency key {key!r}; the store never records a key twice",
                                game=game_id, seq=expected)
        if key is not None:
            keys[key] = expected


def check_result(engine: engines.Engine, document: Mapping[str, Any], state: Any, status: str) -> None:
    """The replay must end where the export did: same status, standings and declared data."""
    replayed = {"status": status, "standings": as_json(engine.standings(state)), "declared": declared_of(state)}
    exported = {"status": document["game"]["status"], "standings": as_json(document["standings"]),
                "declared": as_json(document["declared"])}
    for part in replayed:
        if canonical_json(replayed[part]) != canonical_json(exported[part]):
            raise ImportRefused("import/refold-differs", f"Replayed here, the game ends with other {part} than "
                                "the file says", game=document["game"]["id"], part=part)


def flag_keys(flags: Sequence[Mapping[str, Any]]) -> str:
    """What makes two judgements of an event the same: codes, severities, the events they
    name (as JSON, so 3 and 3.0 differ as they do in the hash); not the wording.

    >>> flag_keys([{"code": "X-1", "severity": "error", "message": "a"}])
    '[["X-1","error",null]]'
    """
    return canonical_json([[f.get("code"), f.get("severity"), f.get("seq")] for f in flags])


def scratch_database() -> DbEngine:
    """A private in-memory database with the store's tables, to replay an import in."""
    db = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    Base.metadata.create_all(db)
    return db
