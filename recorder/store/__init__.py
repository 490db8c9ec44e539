"""The event store: create games, append events, fold them, verify the chain.

An append is judged in a read transaction (load the game, fold it, judge the
event against the current state with ``engine.check``), then stored by a short
write transaction: insert the row and advance the game's version with a
compare-and-set on the version judged.  However long the fold (a correction of a
long game folds it from the target on), the write lock is held only for the
insert; a lost race judges again.  Any failure before the commit leaves the store
exactly as it was, so it never holds a half-applied action.

``EventStore`` is the one facade; each of its parts is a module of this package and
uses only the parts below it (docs/DESIGN.md, "The store"):

========================  ===============================================================
``core.StoreBase``        the database, caches, write gate; a game's initial state
``folds.StoreFolds``      a game's state at a step, snapshots
``corrections``           undo, void, amend (on folds)
``games``                 create, find, list, authorise games (on folds)
``appends``               one event judged and stored (on games and corrections)
``imports``               a game document judged whole and stored (on appends)
``reads``                 the log, its pages, frames, timelines (on folds)
``verify``                the hash chain checked row by row (on the base)
``judging``, ``values``   the judge's functions, the value types and shared settings
========================  ===============================================================
"""

from __future__ import annotations

from recorder.store.core import DEFAULT_SNAPSHOT_EVERY
from recorder.store.games import game_header
from recorder.store.imports import StoreImports
from recorder.store.reads import StoreReads
from recorder.store.values import (
    STATUS_FINISHED,
    STATUS_IN_PROGRESS,
    AppendRequest,
    AppendResult,
    Effective,
    Frame,
    FrameData,
    ImportOutcome,
    LogPage,
    utc_now_text,
)
from recorder.store.verify import StoreVerify


class EventStore(StoreImports, StoreReads, StoreVerify):
    """All reads and writes of games and events go through here."""


__all__ = [
    "DEFAULT_SNAPSHOT_EVERY", "STATUS_FINISHED", "STATUS_IN_PROGRESS", "AppendRequest", "AppendResult", "Effective",
    "EventStore", "Frame", "FrameData", "ImportOutcome", "LogPage", "game_header", "utc_now_text",
]
