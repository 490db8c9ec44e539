"""Database engines: SQLite tuned for durability, PostgreSQL as it comes.

SQLite is the embedded default.  WAL lets readers work beside a writer, and
``synchronous=FULL`` makes a commit reach the disk before it is acknowledged, so
an event the client saw accepted survives a power cut.  Writers take the write
lock up front (``BEGIN IMMEDIATE``): a transaction that reads the game's version
and then upgrades its lock could otherwise fail half way with SQLITE_BUSY.
"""

from __future__ import annotations

import fcntl
import os
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

SQLITE_BUSY_TIMEOUT_MS = 10_000
WRITE_OPTIONS = {"sqlite_begin": "IMMEDIATE"}


def make_engine(url: str, sqlite_synchronous: str = "FULL", **kwargs: Any) -> Engine:
    """A SQLAlchemy engine for ``url`` with this project's connection settings.

    ``sqlite_synchronous`` exists for bulk loads in benchmarks; the service
    always runs with FULL."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}, **kwargs)
        _tune_sqlite(engine, sqlite_synchronous)
        return engine
    return create_engine(url, pool_pre_ping=True, **kwargs)


def _tune_sqlite(engine: Engine, synchronous: str) -> None:
    if synchronous not in ("FULL", "NORMAL", "OFF"):
        raise ValueError(f"unknown synchronous mode {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide where transactions begin.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
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
    that grow to 100 ms, so with several gunicorn workers appending at once a few
    appends waited tens of milliseconds for a lock that was free again in a quarter
    of one.  A kernel lock wakes the next writer the moment the last one lets go.
    Only the store's appends queue here; any other writer still meets SQLite's lock,
    which stays the guarantee.  PostgreSQL needs no gate: its row locks queue writers.
    """

    def __init__(self, engine: Engine):
        database = engine.url.database if engine.dialect.name == "sqlite" else None
        self.path = f"{database}-writers.lock" if database and database != ":memory:" else None
        self._threads = threading.Lock()

    @contextmanager
    def held(self) -> Iterator[None]:
        if self.path is None:
            yield
            return
        with self._threads:
            # Opened for each write (some microseconds): a descriptor kept open would leak
            # with every store, and one inherited through fork would share its lock.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # closing lets go of the lock
