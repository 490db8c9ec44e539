"""Figure 1: durable appends, one event per transaction, beside two references.

Three contenders take turns, a short round each, so that the disk's good and bad
moments fall on all of them alike (the figure is a ratio; a machine that slows down
half way would otherwise decide it):

- the store: ``EventStore.append`` of the Panic in the Air and Isle of Pan demo
  games' events, game after game (engine check, hash chain, compare-and-set, WAL
  with ``synchronous=FULL``); the games are created before the clock starts;
- raw ``sqlite3``: one INSERT of a JSON body per ``BEGIN IMMEDIATE ... COMMIT``,
  same pragmas, same disk;
- the eventsourcing library: one ``save()`` of one event of a trivial aggregate;
- the schema floor: the event write's own statements on our schema (``BEGIN
  IMMEDIATE``, the event's INSERT, the version's compare-and-set, ``COMMIT``) with a
  fixed, realistic row and no Python work at all.  Not a target: it shows what no
  append through this schema can beat, so the store's time beyond it is its checks,
  its hash chain and its bookkeeping, and how much of that a target leaves room for.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from bench.es_reference import Saver
from recorder.db import make_engine
from recorder.demo import demo_games
from recorder.migrate import upgrade
from recorder.store import AppendRequest, EventStore
from recorder.store.writes import EVENT_COLUMNS, DriverStatements

ENGINES = ("panic-in-the-air", "isle-of-pan")


class Contender(Protocol):
    def run(self, count: int) -> float:
        """Seconds taken by ``count`` more writes."""

    def close(self) -> None: ...


def new_store(path: Path, synchronous: str = "FULL", snapshot_every: int = 100) -> EventStore:
    db = make_engine(f"sqlite:///{path}", sqlite_synchronous=synchronous)
    upgrade(db)
    return EventStore(db, snapshot_every=snapshot_every)


class StoreAppends:
    """The demo games' events, appended game after game, alternating the two engines."""

    def __init__(self, path: Path, total: int):
        self.store = new_store(path)
        demos = list(demo_games(only=ENGINES))
        shortest = min(len(demo["events"]) for demo in demos)
        # Enough games for every append, made before any clock starts.
        self.games = [(demo, *self.store.create_game(demo["engine"], demo["players"], options=demo.get("options")))
                      for demo, _ in zip(itertools.cycle(demos), range(total // shortest + 2))]
        self.requests = self._requests()
        self.appended = 0

    def _requests(self) -> Iterator[tuple[str, str, AppendRequest]]:
        for demo, game, token in self.games:
            for event in demo["events"]:
                yield game.id, token, AppendRequest(event["type"], event.get("data", {}), event.get("actor"))

    def run(self, count: int) -> float:
        batch = list(itertools.islice(self.requests, count))
        started = time.perf_counter()
        for game_id, token, request in batch:
            self.store.append(game_id, token, request)
        elapsed = time.perf_counter() - started
        self.appended += len(batch)
        return elapsed

    def close(self) -> None:
        self.store.db.dispose()


class RawCommits:
    """The floor: what one durable single-row commit costs on this disk."""

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, game TEXT, seq INTEGER, body TEXT)")
        self.body = json.dumps({"type": "card_drawn", "data": {}, "actor": "Ana"})
        self.seq = 0

    def run(self, count: int) -> float:
        started = time.perf_counter()
        for _ in range(count):
            self.seq += 1
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("INSERT INTO events (game, seq, body) VALUES (?, ?, ?)", ("g", self.seq, self.body))
            self.conn.execute("COMMIT")
        return time.perf_counter() - started

    def close(self) -> None:
        self.conn.close()


class SchemaFloor:
    """The event write's statements alone, on a migrated database, same pragmas."""

    def __init__(self, path: Path):
        store = new_store(path)
        self.sql = DriverStatements(store.db)
        game = store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"])[0]
        self.game_id, self.digest = game.id, game.write_token_hash  # the owner's token checks in the CAS
        store.db.dispose()
        self.conn = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            self.conn.execute(f"PRAGMA {pragma}")
        self.version = 0

    def run(self, count: int) -> float:
        started = time.perf_counter()
        for _ in range(count):
            row = _floor_row(self.game_id, self.version + 1)
            self.conn.execute(self.sql.begin or "BEGIN")
            self.conn.execute(self.sql.insert_event, row)
            self.conn.execute(self.sql.advance, (self.version + 1, "in_progress", self.game_id, self.version,
                                                 self.digest, self.digest, self.game_id))
            self.conn.execute("COMMIT")
            self.version += 1
        return time.perf_counter() - started

    def close(self) -> None:
        self.conn.close()


def _floor_row(game_id: str, seq: int) -> tuple[object, ...]:
    """A card played, as the store writes one (column by column, JSON as text)."""
    values = {
        "game_id": game_id, "seq": seq, "type": "card_played",
        "data": '{"target": "Ana", "card": {"kind": "FALL", "value": 100}}', "actor": "Ana", "note": None,
        "recorded_at": "2026-12-01T10:00:00.000000Z", "recorded_by": None, "idempotency_key": None,
        "request_hash": None, "override": "null", "flags": "[]", "prev_hash": f"{seq - 1:064x}", "hash": f"{seq:064x}",
    }
    return tuple(values[name] for name in EVENT_COLUMNS)


def durable_appends(folder: Path, rounds: int, per_round: int) -> dict[str, float]:
    """Writes per second of each contender over ``rounds`` turns of ``per_round`` writes."""
    contenders: dict[str, Contender] = {
        "store": StoreAppends(folder / "store.db", rounds * per_round),
        "raw": RawCommits(folder / "raw.db"),
        "eventsourcing": Saver(folder / "eventsourcing.db"),
        "floor": SchemaFloor(folder / "floor.db"),
    }
    try:
        for contender in contenders.values():  # warm-up: imports, caches, the first pages
            contender.run(20)
        seconds = dict.fromkeys(contenders, 0.0)
        names = list(contenders)
        for turn in range(rounds):
            for name in names[turn % len(names):] + names[:turn % len(names)]:  # each goes first in turn
                seconds[name] += contenders[name].run(per_round)
    finally:
        for contender in contenders.values():
            contender.close()
    rates = {name: rounds * per_round / spent for name, spent in seconds.items()}
    return {
        "store_appends_per_s": rates["store"],
        "raw_commits_per_s": rates["raw"],
        "eventsourcing_saves_per_s": rates["eventsourcing"],
        "append_ratio": rates["store"] / rates["raw"],
        "append_ratio_eventsourcing": rates["store"] / rates["eventsourcing"],
        "schema_floor_per_s": rates["floor"],
        # Microseconds per append: the store's work beyond its statements, and the room
        # the 1.2x eventsourcing target would leave for that work.
        "store_beyond_floor_us": 1e6 / rates["store"] - 1e6 / rates["floor"],
        "room_at_eventsourcing_target_us": 1e6 / (1.2 * rates["eventsourcing"]) - 1e6 / rates["floor"],
    }
