"""The one event write (``recorder.store.writes``), on SQLite and PostgreSQL: an event
judged on this process's head of the game is stored exactly as one judged on the game
read afresh, both through ``write_event``, and a head another writer made old is never
trusted."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select, text

import recorder.store.appends
from engines.isle_of_pan.demo import demo_game
from recorder.errors import Forbidden, RuleViolation, Unauthorized, VersionConflict
from recorder.models import EventRow, Snapshot
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall

ISLE = "isle-of-pan"


def ticking_clock() -> Callable[[], str]:
    """The same recorded_at for the same n-th call in every store that uses one."""
    ticks = itertools.count()
    return lambda: f"2026-12-01T10:00:{next(ticks) % 60:02d}.000000Z"


class Writes:
    """What went through ``write_event`` (every write), and which appends were judged on a head."""

    def __init__(self) -> None:
        self.written = 0
        self.on_head: list[int] = []


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Writes:
    seen = Writes()
    real_write = recorder.store.appends.write_event
    real_on_head = EventStore._append_on_head

    def counting_write(*args: Any, **kwargs: Any) -> Any:
        outcome = real_write(*args, **kwargs)
        if outcome is recorder.store.appends.Outcome.WRITTEN:
            seen.written += 1
        return outcome

    def counting_on_head(self: EventStore, *args: Any) -> Any:
        result = real_on_head(self, *args)
        if result is not None:
            seen.on_head.append(1)
        return result

    monkeypatch.setattr(recorder.store.appends, "write_event", counting_write)
    monkeypatch.setattr(EventStore, "_append_on_head", counting_on_head)
    return seen


def stored(db: Any, game_id: str) -> list[tuple[Any, ...]]:
    """Every column that does not depend on the game's id, as the database holds it (the
    JSON columns as their text): the two judgements must be stored byte for byte alike."""
    with db.connect() as conn:
        return [tuple(row) for row in conn.execute(text(
            "SELECT seq, type, CAST(data AS TEXT), actor, note, recorded_at, recorded_by, idempotency_key, "
            "request_hash, CAST(override AS TEXT), CAST(flags AS TEXT) FROM events WHERE game_id = :g ORDER BY seq"),
            {"g": game_id})]


def snapshots(db: Any, game_id: str) -> list[tuple[Any, ...]]:
    with db.connect() as conn:
        return [tuple(row) for row in conn.execute(
            select(Snapshot.step, Snapshot.seq, Snapshot.version, Snapshot.rules_version, Snapshot.state)
            .where(Snapshot.game_id == game_id).order_by(Snapshot.step))]


def test_an_event_judged_on_the_head_is_stored_as_one_judged_afresh(store: EventStore, writes: Writes) -> None:
    demo = demo_game()
    on_head = EventStore(store.db, snapshot_every=10, clock=ticking_clock())
    head_game, head_token = on_head.create_game(ISLE, demo["players"], "on the head", demo.get("options"))
    fresh_clock = ticking_clock()
    fresh_game, fresh_token = EventStore(store.db, clock=fresh_clock).create_game(
        ISLE, demo["players"], "afresh", demo.get("options"))
    requests = [AppendRequest(e["type"], e.get("data", {}), e.get("actor"), recorded_by="demo", note=e.get("note"))
                for e in demo["events"]]
    requests[5].idempotency_key = "the sixth"
    for request in requests:
        on_head.append(head_game.id, head_token, request)
    assert len(writes.on_head) == writes.written == len(requests)  # the store that created the game holds its head
    for request in requests:
        # A store with no head of the game: every append reads the game afresh.
        EventStore(store.db, snapshot_every=10, clock=fresh_clock).append(fresh_game.id, fresh_token, request)
    assert len(writes.on_head) == len(requests)
    assert writes.written == 2 * len(requests)  # both through the one write
    assert stored(store.db, head_game.id) == stored(store.db, fresh_game.id)
    assert len(snapshots(store.db, head_game.id)) == len(requests) // 10
    assert snapshots(store.db, head_game.id) == snapshots(store.db, fresh_game.id)
    for game in (head_game, fresh_game):
        assert store.verify(game.id)["ok"], game.title
    assert store.get_game(head_game.id).status == store.get_game(fresh_game.id).status == "finished"
    assert store.state_at(head_game.id).state == store.state_at(fresh_game.id).state


def test_a_head_made_old_by_another_writer_is_judged_afresh(store: EventStore, writes: Writes) -> None:
    """Two stores on one database are two app processes.  The first's head says Ana still
    has an action; the second has since ended her turn, so her draw is refused."""
    here, there = store, EventStore(store.db)
    game, token = here.create_game("panic-in-the-air", PLAYERS)
    here.append(game.id, token, draw("Ana"))  # the head: Ana has one action left
    assert writes.on_head == [1]  # the creating store held the game's head from the start
    there.append(game.id, token, play_fall("Ana", 100, "Ana"))  # her second: Ben's turn now
    with pytest.raises(RuleViolation) as refused:
        here.append(game.id, token, draw("Ana"))
    assert refused.value.details["violations"][0]["code"] == "PN-C02"
    assert "Ben's turn" in refused.value.details["violations"][0]["message"]
    result, created = here.append(game.id, token, draw("Ben"))
    assert created and result.seq == 3
    assert writes.on_head == [1]  # the stale head was tried, found old, and never written through
    assert writes.written == 3
    result, _ = here.append(game.id, token, play_fall("Ben", 100, "Ben"))
    assert result.seq == 4 and writes.on_head == [1, 1]  # the fresh read renewed the head
    assert store.verify(game.id)["ok"]


def test_appends_on_the_head_keep_tokens_versions_and_idempotency(store: EventStore, writes: Writes) -> None:
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    other, other_token = store.create_game("panic-in-the-air", PLAYERS)
    store.append(game.id, token, draw("Ana"))
    with pytest.raises(Unauthorized):
        store.append(game.id, None, play_fall("Ana", 100))
    with pytest.raises(Forbidden):
        store.append(game.id, other_token, play_fall("Ana", 100))
    with pytest.raises(VersionConflict):
        store.append(game.id, token, play_fall("Ana", 100, expected_version=0))
    with pytest.raises(RuleViolation) as refused:
        store.append(game.id, token, draw("Ben"))
    assert refused.value.details["violations"][0]["code"] == "PN-C02"
    assert store.get_game(game.id).version == 1 and writes.on_head == [1] and writes.written == 1

    first, created = store.append(game.id, token, play_fall("Ana", 100, idempotency_key="k", expected_version=1))
    again, created_again = store.append(game.id, token, play_fall("Ana", 100, idempotency_key="k",
                                                                  expected_version=1))
    assert (created, created_again, again.replayed) == (True, False, True)
    assert (again.seq, again.standings) == (first.seq, first.standings) == (2, first.standings)
    with pytest.raises(RuleViolation) as reused:
        store.append(game.id, token, play_fall("Ben", 100, idempotency_key="k"))
    assert reused.value.details["violations"][0]["code"] == "idempotency/key-reused"
    with store.db.connect() as conn:
        seqs = list(conn.scalars(select(EventRow.seq).where(EventRow.game_id == game.id).order_by(EventRow.seq)))
    assert seqs == [1, 2] and writes.on_head == [1, 1] and writes.written == 2
    assert store.get_game(other.id).version == 0


def test_sqlite_lends_each_thread_its_own_connection_and_replaces_a_broken_one(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from recorder.db import make_engine
    from recorder.store.writes import Connections

    db = make_engine(f"sqlite:///{tmp_path / 'lend.db'}")
    try:
        lender = Connections(db)

        def borrow() -> Any:
            with lender.borrowed() as connection:
                return connection.dbapi_connection

        first = borrow()
        assert borrow() is first  # kept by the thread, not handed back to the pool
        with ThreadPoolExecutor(1) as other:
            assert other.submit(borrow).result() is not first
        assert db.pool.checkedout() == 0  # none of them is held from the pool

        with pytest.raises(ZeroDivisionError), lender.borrowed():
            raise ZeroDivisionError
        assert borrow() is not first  # an error other than a lost race: made afresh

        kept = borrow()
        monkeypatch.setattr("os.getpid", lambda: -1)  # as in a child after fork
        assert borrow() is not kept
    finally:
        db.dispose()
