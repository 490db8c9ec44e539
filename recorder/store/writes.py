"""The one way an event is written: three statements on the driver's connection, one transaction.

Every event appended (a game event, an undo, a void, an amend) is stored here, whether
it was judged against this process's head of the game or against the game read afresh
(``recorder/store/appends.py``): the fast path *is* the path.  Profiling ``make bench``
showed SQLAlchemy's per-statement work (ORM flush, identity map, statement compilation
and execution context) at over half of an append, more than the engine's check and the
commit's fsync together, so the write runs straight on the driver's connection, taken
from SQLAlchemy's pool:

1. ``INSERT INTO events``: a racing writer that took the same seq makes it fail on
   the unique ``(game_id, seq)``;
2. ``UPDATE games ... WHERE id = ? AND version = ? AND <the token may write>``, the
   compare-and-set: zero rows means someone else wrote since the game was judged (or the
   token was revoked, in any instance: recorder/credentials.py); either way the caller
   reads everything afresh and judges again (the event before the version: on
   PostgreSQL, writers taking the two locks in opposite orders deadlock);
3. on the snapshot boundary, ``INSERT INTO snapshots``;

plus, first, a look-up of the idempotency key when there is one, and on PostgreSQL
the ``pg_notify`` that wakes live streams in other instances.  All in one
transaction (SQLite's write lock is taken up front), so a failure anywhere leaves
nothing behind.  Values go in as bound parameters; JSON columns as ``json.dumps``
text, which is what SQLAlchemy's JSON type writes.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any

from sqlalchemy import Engine as DbEngine

from recorder.live import LIVE_CHANNEL

EVENT_COLUMNS = (
    "game_id", "seq", "type", "data", "actor", "note", "recorded_at", "recorded_by",
    "idempotency_key", "request_hash", "override", "flags", "prev_hash", "hash",
)
SNAPSHOT_COLUMNS = ("game_id", "step", "seq", "version", "rules_version", "state")
JSON_COLUMNS = frozenset({"data", "override", "flags", "state"})


@dataclass(frozen=True)
class Head:
    """What an append needs of a game at ``version``, kept between appends (the head).

    Every field but the fold is fixed when the game is created; the fold and the
    last hash are what the game's first ``version`` events give, the same in every
    process, so a head is never wrong, only possibly old (the compare-and-set says so).
    """

    game_id: str
    engine: str
    player_names: frozenset[str]
    token_hash: str
    version: int
    last_hash: str
    state: Any
    step: int
    seq: int


class Outcome(Enum):
    WRITTEN = "written"
    STALE = "stale"  # the game moved on since it was judged, or the token may no longer write
    KEY_SEEN = "key seen"  # the idempotency key is already stored: the game read afresh answers


class DriverStatements:
    """The append's statements in the driver's own parameter style."""

    def __init__(self, db: DbEngine):
        self.dialect = db.dialect.name
        if self.dialect == "sqlite":
            mark, json_mark = "?", "?"
        elif self.dialect == "postgresql":
            mark, json_mark = "%s", "CAST(%s AS JSON)"
        else:
            raise ValueError(f"no event writes for {self.dialect}")
        self.begin = "BEGIN IMMEDIATE" if self.dialect == "sqlite" else None
        self.key_seen = f"SELECT 1 FROM events WHERE game_id = {mark} AND idempotency_key = {mark}"
        # The compare-and-set also checks the writer's token in the database: the owner's
        # digest on the game, or a device credential not revoked.  A revocation or a rotation
        # made by any instance holds for the next append here, at no extra statement.
        self.advance = (
            f"UPDATE games SET version = {mark}, status = {mark} WHERE id = {mark} AND version = {mark}"
            f" AND (write_token_hash = {mark} OR EXISTS (SELECT 1 FROM device_credentials"
            f" WHERE token_hash = {mark} AND game_id = {mark} AND role = 'device' AND revoked_at IS NULL))")
        self.insert_event = _insert("events", EVENT_COLUMNS, mark, json_mark)
        self.insert_snapshot = _insert("snapshots", SNAPSHOT_COLUMNS, mark, json_mark)
        self.notify = f"SELECT pg_notify({mark}, {mark})" if self.dialect == "postgresql" else None


def _insert(table: str, columns: tuple[str, ...], mark: str, json_mark: str) -> str:
    values = ", ".join(json_mark if name in JSON_COLUMNS else mark for name in columns)
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({values})"


def _row(columns: tuple[str, ...], values: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(json.dumps(values[name]) if name in JSON_COLUMNS else values[name] for name in columns)


class Connections:
    """Where the write gets its driver connection.

    On SQLite each thread keeps one of its own, out of the pool: checking a connection
    out of SQLAlchemy's pool and back in (its reset and events) cost about 20 µs of an
    append, a tenth of the commit.  A file connection is cheap to hold, one per writing
    thread; one made before a fork is never used after it (the pid is checked), and one
    that met an error other than a lost race is closed and made again.  PostgreSQL's
    connections are a server's resource, so there the pool lends them as before.
    """

    def __init__(self, db: DbEngine):
        self.db = db
        self._own = db.dialect.name == "sqlite"
        self._local = threading.local()

    @contextmanager
    def borrowed(self) -> Iterator[Any]:
        if not self._own:
            connection = self.db.raw_connection()
            try:
                yield connection
            finally:
                connection.close()  # back to the pool
            return
        held = getattr(self._local, "held", None)
        if held is None or held[0] != os.getpid():
            connection = self.db.raw_connection()
            connection.detach()  # closed by us (or with the thread), never pooled
            held = self._local.held = (os.getpid(), connection)
        try:
            yield held[1]
        except self.db.dialect.dbapi.IntegrityError:  # type: ignore[union-attr]
            raise  # a racing writer won: the connection itself is fine
        except BaseException:
            self._local.held = None
            held[1].close()
            raise


def write_event(connections: Connections, sql: DriverStatements, game_id: str, version: int, event: Mapping[str, Any],
                status: str, snapshot: Mapping[str, Any] | None, writer_digest: str) -> Outcome:
    """Store ``event`` (every EVENT_COLUMNS key) as version ``version + 1`` of the game in
    one transaction, or nothing.  The driver's IntegrityError (a racing writer took the seq
    or the key) propagates after the rollback; the caller treats it as STALE, and so a
    ``writer_digest`` that no longer may write (the authorisation read afresh says why)."""
    with connections.borrowed() as connection:
        cursor = connection.cursor()
        try:
            if sql.begin:
                cursor.execute(sql.begin)
            if event["idempotency_key"] is not None:
                cursor.execute(sql.key_seen, (game_id, event["idempotency_key"]))
                if cursor.fetchone() is not None:
                    connection.rollback()
                    return Outcome.KEY_SEEN
            # The event first, then the version: two writers of one game on PostgreSQL
            # never hold one lock each and wait for the other's (a deadlock, seen in the
            # soak before this order was kept).
            cursor.execute(sql.insert_event, _row(EVENT_COLUMNS, event))
            cursor.execute(sql.advance, (version + 1, status, game_id, version,
                                         writer_digest, writer_digest, game_id))
            if cursor.rowcount != 1:
                connection.rollback()
                return Outcome.STALE
            if snapshot is not None:
                cursor.execute(sql.insert_snapshot, _row(SNAPSHOT_COLUMNS, snapshot))
            if sql.notify:
                cursor.execute(sql.notify, (LIVE_CHANNEL, game_id))
            connection.commit()
            return Outcome.WRITTEN
        except BaseException:
            connection.rollback()
            raise
        finally:
            cursor.close()
