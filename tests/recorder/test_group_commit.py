"""Group commit (``recorder/store/group_commit.py``): appends that queue while a write is in
flight are stored with one shared COMMIT, each in its own SAVEPOINT, and answered only
after it; one that loses its race fails alone, a failed COMMIT fails them all."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import recorder.store.core
from recorder.db import make_engine
from recorder.errors import StoreFull, VersionConflict
from recorder.migrate import upgrade
from recorder.store import EventStore
from recorder.store.writes import Outcome
from tests.recorder.helpers import PLAYERS, draw

PANIC = "panic-in-the-air"


@pytest.fixture
def store(tmp_path: Any) -> Iterator[EventStore]:
    """A SQLite file store (group commit is SQLite's: one writer at a time, each paying an fsync)."""
    db = make_engine(f"sqlite:///{tmp_path / 'group.db'}")
    upgrade(db)
    yield EventStore(db, write_deadline_seconds=30)
    db.dispose()


@pytest.fixture
def groups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every transaction the store wrote."""
    sizes: list[int] = []
    real = recorder.store.core.write_events

    def counted(connections: Any, sql: Any, writes: Any) -> list[Outcome]:
        sizes.append(len(writes))
        return real(connections, sql, writes)

    monkeypatch.setattr(recorder.store.core, "write_events", counted)
    return sizes


class FullAtCommit:
    """The store's connections, whose COMMIT finds the disk full (after every statement ran)."""

    def __init__(self, connections: Any):
        self.db = connections.db
        self._connections = connections

    @contextmanager
    def borrowed(self) -> Iterator[Any]:
        with self._connections.borrowed() as connection:
            yield _FullAtCommit(connection)


class _FullAtCommit:
    def __init__(self, connection: Any):
        self._connection = connection

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)

    def commit(self) -> None:
        raise sqlite3.OperationalError("database or disk is full")


def queued_behind_the_gate(store: EventStore, appends: list[Callable[[], Any]]) -> list[Any]:
    """Run ``appends`` in threads while the test holds the write gate: the first leads a
    group of its own and waits at the gate, the others queue for the next group.  Each
    thread's result, or the exception it raised."""
    results: list[Any] = [None] * len(appends)

    def run(index: int) -> None:
        try:
            results[index] = appends[index]()
        except Exception as exc:  # noqa: BLE001 - the test looks at it
            results[index] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(appends))]
    assert store._group is not None
    with store._gate.held():
        threads[0].start()
        _until(lambda: store._group is not None and store._group._leading)
        for thread in threads[1:]:
            thread.start()
        _until(lambda: store._group is not None and store._group.queued == len(appends) - 1)
        assert all(result is None for result in results), "nothing answered before its COMMIT"
    for thread in threads:
        thread.join(30)
    return results


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the appends never queued"
        time.sleep(0.005)


def test_queued_appends_share_one_commit_and_a_lost_race_fails_alone(store: EventStore, groups: list[int]) -> None:
    games = [store.create_game(PANIC, PLAYERS) for _ in range(4)]
    contested, contested_token = games[0]
    store.append(contested.id, contested_token, draw())  # version 1: on the head from here on
    groups.clear()
    appends: list[Callable[[], Any]] = [
        lambda: store.append(games[1][0].id, games[1][1], draw()),
        # Two appends to one game, both expecting version 1: one is stored, the other is a 409.
        lambda: store.append(contested.id, contested_token, draw(expected_version=1)),
        lambda: store.append(contested.id, contested_token, draw(expected_version=1)),
        lambda: store.append(games[2][0].id, games[2][1], draw()),
        lambda: store.append(games[3][0].id, games[3][1], draw()),
    ]
    results = queued_behind_the_gate(store, appends)
    # The first alone at the gate, the four that queued behind it together, and no more:
    # the loser's lost race undid its own statements only (no retry of the others).
    assert groups == [1, 4]
    conflicts = [r for r in results if isinstance(r, VersionConflict)]
    assert len(conflicts) == 1
    stored = [r for r in results if not isinstance(r, Exception)]
    assert len(stored) == 4 and all(created for _, created in stored)
    assert store.get_game(contested.id).version == 2
    for game, _ in games[1:]:
        assert store.get_game(game.id).version == 1
    for game, _ in games:
        assert store.verify(game.id)["ok"] is True


def test_a_failed_shared_commit_fails_every_append_in_the_group_and_stores_none(
        store: EventStore, groups: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    games = [store.create_game(PANIC, PLAYERS) for _ in range(4)]
    real = recorder.store.core.write_events

    def failing_commit(connections: Any, sql: Any, writes: Any) -> list[Outcome]:
        return real(connections if len(writes) == 1 else FullAtCommit(connections), sql, writes)

    monkeypatch.setattr(recorder.store.core, "write_events", failing_commit)
    results = queued_behind_the_gate(store, [lambda g=g: store.append(g[0].id, g[1], draw()) for g in games])
    assert not isinstance(results[0], Exception), "the first, alone in its group, is stored"
    assert all(isinstance(r, StoreFull) for r in results[1:]), results
    assert [store.get_game(g.id).version for g, _ in games] == [1, 0, 0, 0]
    assert [store.append(g.id, token, draw())[0].version for g, token in games[1:]] == [1, 1, 1]
