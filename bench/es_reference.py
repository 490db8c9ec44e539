"""The reference from the eventsourcing library (the ``bench`` extra only): a trivial
aggregate, saved one event per ``save()`` and replayed by its repository.

Its SQLite store is the library's own (``eventsourcing.sqlite``): WAL, and SQLite's
default ``synchronous`` (FULL, checked below), so its commits are as durable as ours.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

SQLITE_FULL = 2  # PRAGMA synchronous's number for FULL


class Tally(Aggregate):
    """The trivial aggregate: one integer, one kind of event."""

    def __init__(self) -> None:
        self.total = 0

    @event("Counted")
    def count(self, amount: int) -> None:
        self.total += amount


class Tallies(Application[Any]):
    pass


def open_tallies(path: Path) -> Tallies:
    app = Tallies(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    with app.recorder.datastore.get_connection(commit=False) as connection:  # type: ignore[attr-defined]
        cursor = connection.cursor()
        cursor.execute("PRAGMA synchronous")
        synchronous = cursor.fetchone()[0]
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
    if synchronous != SQLITE_FULL or journal.lower() != "wal":
        raise RuntimeError(f"eventsourcing's SQLite runs with synchronous={synchronous}, journal={journal}")
    return app


class Saver:
    """Saves one event per ``save()``, like an append of one event per transaction."""

    def __init__(self, path: Path):
        self.app = open_tallies(path)
        self.tally = Tally()
        self.app.save(self.tally)

    def run(self, count: int) -> float:
        started = time.perf_counter()
        for _ in range(count):
            self.tally.count(1)
            self.app.save(self.tally)
        return time.perf_counter() - started

    def close(self) -> None:
        self.app.close()


def replay_rate(path: Path, length: int, repeats: int) -> float:
    """Events per second of ``repository.get`` over an aggregate of ``length`` events:
    read from SQLite, decoded, and applied; the median of ``repeats``."""
    app = open_tallies(path)
    try:
        tally = Tally()
        for _ in range(length - 1):
            tally.count(1)
        app.save(tally)
        timings = []
        for _ in range(repeats):
            started = time.perf_counter()
            replayed = app.repository.get(tally.id)
            timings.append(time.perf_counter() - started)
        if replayed.version != length or replayed.total != length - 1:
            raise RuntimeError("the replayed tally is not the saved one")
        return length / statistics.median(timings)
    finally:
        app.close()
