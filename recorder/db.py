"""Database engines: SQLite tuned for durability, PostgreSQL as it comes.

SQLite is the embedded default.  WAL lets readers work beside a writer, and
``synchronous=FULL`` makes a commit reach the disk before it is acknowledged, so
an event the client saw accepted survives a power cut.  Writers take the write
lock up front (``BEGIN IMMEDIATE``): a transaction that reads the game's version
and then upgrades its lock could otherwise fail half way with SQLITE_BUSY.

A writer waits for the write lock at most the write deadline (``write_deadline``,
``TABLESCRIBE_WRITE_DEADLINE`` seconds): at the store's gate, in SQLite's busy
timeout, in PostgreSQL's ``lock_timeout``.  Past it the write is refused as busy
(503 with Retry-After) with nothing stored, instead of queueing without end.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from recorder.errors import StoreBusy

DEFAULT_WRITE_DEADLINE_SECONDS = 5.0
WRITE_OPTIONS = {"sqlite_begin": "IMMEDIATE"}
# The gate's wait for another process's writer: short polls, so that the next writer
# starts within a millisecond or so of the last one letting go (SQLite's own wait
# polls in steps that grow to 100 ms).
_GATE_POLL_SECONDS = (0.0002, 0.0005, 0.001, 0.002)


def write_deadline() -> float:
    """Seconds a write may wait for the write lock (``TABLESCRIBE_WRITE_DEADLINE``)."""
    return float(os.environ.get("TABLESCRIBE_WRITE_DEADLINE", DEFAULT_WRITE_DEADLINE_SECONDS))


def make_engine(url: str, sqlite_synchronous: str = "FULL", deadline: float | None = None, **kwargs: Any) -> Engine:
    """A SQLAlchemy engine for ``url`` with this project's connection settings.

    ``sqlite_synchronous`` exists for bulk loads in benchmarks; the service
    always runs with FULL.  ``deadline``: the write deadline, by default
    ``write_deadline()``."""
    wait = write_deadline() if deadline is None else deadline
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": wait}, **kwargs)
        _tune_sqlite(engine, sqlite_synchronous, int(wait * 1000))
        return engine
    connect_args = dict(kwargs.pop("connect_args", {}))
    # A lock wait past the deadline fails (SQLSTATE 55P03): the store answers busy.
    connect_args.setdefault("options", f"-c lock_timeout={max(int(wait * 1000), 1)}")
    return create_engine(url, pool_pre_ping=True, connect_args=connect_args, **kwargs)


def _tune_sqlite(engine: Engine, synchronous: str, busy_timeout_ms: int) -> None:
    if synchronous not in ("FULL", "NORMAL", "OFF"):
        raise ValueError(f"unknown synchronous mode {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide where transactions begin.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def session_factories(engine: Engine) -> tuple[sessionmaker[Session], sessionmaker[Session]]:
    """(readers, writers).

    Writers begin with the write lock held on SQLite; on PostgreSQL they run at
    READ COMMITTED, where the compare-and-set on the version decides races.
    Readers see one snapshot of the database for all their queries: SQLite's
    read transaction gives that, PostgreSQL needs REPEATABLE READ (otherwise a
    commit between two queries of one read mixes two versions of a game).
    """
    reader_engine = engine
    if engine.dialect.name == "postgresql":
        reader_engine = engine.execution_options(isolation_level="REPEATABLE READ")
    readers = sessionmaker(bind=reader_engine, expire_on_commit=False)
    writers = sessionmaker(bind=engine.execution_options(**WRITE_OPTIONS), expire_on_commit=False)
    return readers, writers


class WriteGate:
    """Where writers to one SQLite file queue: a lock for the threads of this process,
    then ``flock`` on a file beside the database for the other processes.

    SQLite's own wait for its write lock (``busy_timeout``) sleeps and polls, in steps
    that grow to 100 ms, so with several server workers appending at once a few
    appends waited tens of milliseconds for a lock that was free again in a quarter
    of one.  A kernel lock wakes the next writer the moment the last one lets go.
    Only the store's appends queue here; any other writer still meets SQLite's lock,
    which stays the guarantee.  PostgreSQL needs no gate: its row locks queue writers.

    ``held(deadline)`` waits at most ``deadline`` seconds, then raises StoreBusy: a
    writer never queues without end behind a long one.  Another process's holder is
    waited for by polling ``flock`` without blocking (a blocking ``flock`` cannot be
    given a timeout), in steps of at most 2 ms.
    """

    def __init__(self, engine: Engine):
        database = engine.url.database if engine.dialect.name == "sqlite" else None
        self.path = f"{database}-writers.lock" if database and database != ":memory:" else None
        self._threads = threading.Lock()

    @contextmanager
    def held(self, deadline: float | None = None) -> Iterator[None]:
        """The gate, waited for at most ``deadline`` seconds (None: as long as it takes)."""
        if self.path is None:
            yield
            return
        until = None if deadline is None else time.monotonic() + deadline
        if not self._threads.acquire(timeout=-1 if until is None else max(deadline or 0.0, 0.0)):
            raise _busy(deadline)
        try:
            # Opened for each write (some microseconds): a descriptor kept open would leak
            # with every store, and one inherited through fork would share its lock.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                _flock(fd, until, deadline)
                yield
            finally:
                os.close(fd)  # closing lets go of the lock
        finally:
            self._threads.release()


def _flock(fd: int, until: float | None, deadline: float | None) -> None:
    """Take the file lock, or raise StoreBusy at ``until`` (a monotonic time)."""
    if until is None:
        fcntl.flock(fd, fcntl.LOCK_EX)
        return
    polls = 0
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            left = until - time.monotonic()
            if left <= 0:
                raise _busy(deadline) from None
            time.sleep(min(_GATE_POLL_SECONDS[min(polls, len(_GATE_POLL_SECONDS) - 1)], left))
            polls += 1


def _busy(deadline: float | None) -> StoreBusy:
    return StoreBusy(f"The store is busy with other writes (waited {deadline:g} s): nothing was stored, "
                     "try again shortly", reason="write_deadline")
