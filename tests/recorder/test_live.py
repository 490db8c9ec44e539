"""recorder/live.py: what wakes a live stream, on each database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import text

from recorder import close_app, create_app
from recorder.db import make_engine
from recorder.errors import RuleViolation
from recorder.live import NotifyWatch, PollingWatch, watch_for
from recorder.store import EventStore
from tests.recorder.helpers import PLAYERS, draw

PANIC = "panic-in-the-air"


def eventually(predicate: Callable[[], bool], seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


@pytest.fixture
def store(pg_url: str) -> Iterator[EventStore]:
    """LISTEN/NOTIFY is PostgreSQL's: these tests use it only (SQLite's polling is below)."""
    db = make_engine(pg_url)
    yield EventStore(db)
    db.dispose()


@pytest.fixture
def watch(store: EventStore) -> Iterator[NotifyWatch]:
    """A listening watch on the PostgreSQL database behind ``store``."""
    made = watch_for(store.db)
    assert isinstance(made, NotifyWatch)
    made.mark("warm-up")  # starts the listener
    assert eventually(lambda: made.listening), "the listener never connected"
    yield made
    made.stop()


def new_game(store: EventStore) -> tuple[str, str]:
    game, token = store.create_game(PANIC, PLAYERS)
    return game.id, token


def test_an_append_wakes_the_streams_of_its_game_only(store: EventStore, watch: NotifyWatch) -> None:
    game_id, token = new_game(store)
    other_id, other_token = new_game(store)
    mark, other_mark = watch.mark(game_id), watch.mark(other_id)
    store.append(game_id, token, draw())
    started = time.monotonic()
    assert watch.wait(game_id, mark, 10) is True
    assert time.monotonic() - started < 5
    assert watch.wait(other_id, other_mark, 0.3) is False, "another game's event must not wake this one"


def test_a_refused_or_rolled_back_append_wakes_nobody(
        store: EventStore, watch: NotifyWatch, monkeypatch: Any) -> None:
    game_id, token = new_game(store)
    mark = watch.mark(game_id)
    with pytest.raises(RuleViolation):
        store.append(game_id, token, draw(actor="Ben"))
    assert watch.wait(game_id, mark, 0.5) is False, "a refused event must not be announced"
    # The one write sends the NOTIFY inside its transaction; the commit then fails.
    real_connection = store.db.raw_connection

    class CommitFails:
        def __init__(self, connection: Any):
            self.connection = connection

        def __getattr__(self, name: str) -> Any:
            return getattr(self.connection, name)

        def commit(self) -> None:
            raise OSError("the disk filled up")

    monkeypatch.setattr(store.db, "raw_connection", lambda: CommitFails(real_connection()))
    fresh = EventStore(store.db)  # holds no head of the game: it reads the game afresh
    for writer in (fresh, store):  # the creating store judges on its head
        with pytest.raises(OSError):
            writer.append(game_id, token, draw())
        assert store.get_game(game_id).version == 0
        assert watch.wait(game_id, mark, 0.5) is False, "a rolled-back append must not be announced"
    monkeypatch.setattr(store.db, "raw_connection", real_connection)
    store.append(game_id, token, draw())
    assert watch.wait(game_id, mark, 10) is True


def test_an_event_between_mark_and_wait_is_not_missed(store: EventStore, watch: NotifyWatch) -> None:
    game_id, token = new_game(store)
    mark = watch.mark(game_id)
    store.append(game_id, token, draw())
    assert eventually(lambda: watch.mark(game_id) != mark)  # the notice arrives before anyone waits
    started = time.monotonic()
    assert watch.wait(game_id, mark, 5) is True
    assert time.monotonic() - started < 0.5, "the wait saw the earlier notice at once"


def test_a_lost_listen_connection_wakes_every_stream_and_comes_back(store: EventStore, watch: NotifyWatch) -> None:
    game_id, token = new_game(store)
    mark = watch.mark(game_id)
    woken: list[bool] = []
    waiter = threading.Thread(target=lambda: woken.append(watch.wait(game_id, mark, 30)))
    waiter.start()
    with store.db.begin() as conn:
        killed = conn.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE query LIKE 'LISTEN%' AND datname = current_database()")).scalars().all()
    assert killed == [True]
    waiter.join(10)
    assert woken == [True], "a stream waiting through the gap must re-read the version"
    assert eventually(lambda: watch.listening), "the listener did not reconnect"
    mark = watch.mark(game_id)
    store.append(game_id, token, draw())
    assert watch.wait(game_id, mark, 10) is True
    assert watch.interval(poll=0.5, heartbeat=15) == 15


def test_an_unexpected_error_in_the_listener_is_survived(
        store: EventStore, watch: NotifyWatch, monkeypatch: Any) -> None:
    game_id, token = new_game(store)
    wake = NotifyWatch._wake
    failures: list[str] = []

    def wake_once_badly(self: NotifyWatch, payload: str) -> None:
        if not failures:
            failures.append(payload)
            raise RuntimeError("a bug in the listener")
        wake(self, payload)

    monkeypatch.setattr(NotifyWatch, "_wake", wake_once_badly)
    store.append(game_id, token, draw())
    assert eventually(lambda: failures == [game_id])
    assert eventually(lambda: watch.listening), "the listener reconnected"
    mark = watch.mark(game_id)
    store.append(game_id, token, draw())
    assert watch.wait(game_id, mark, 10) is True


def test_while_the_listener_cannot_connect_streams_poll_and_stop_ends_it() -> None:
    never = NotifyWatch("postgresql://nobody@/nowhere?host=/nonexistent")
    never.mark("any")  # starts the listener, which cannot connect
    assert never.running
    assert never.interval(poll=0.5, heartbeat=15) == 0.5
    assert eventually(lambda: not never.listening)
    never.stop()
    assert eventually(lambda: not never.running, 5), "stop ends the listener thread"


def test_sqlite_streams_poll(tmp_path: Any) -> None:
    db = make_engine(f"sqlite:///{tmp_path / 'poll.db'}")
    polling = watch_for(db)
    assert isinstance(polling, PollingWatch)
    assert polling.interval(poll=0.5, heartbeat=15) == 0.5
    started = time.monotonic()
    assert polling.wait("any", polling.mark("any"), 0.2) is False
    assert time.monotonic() - started >= 0.2
    db.dispose()


def test_a_stream_on_postgresql_is_woken_without_polling(pg_url: str) -> None:
    """With polling and heartbeat 30 s apart, only NOTIFY can bring the update within 5 s
    (and a broken NOTIFY ends the stream after 20 s rather than hang the suite)."""
    app = create_app({"TESTING": True, "DATABASE_URL": pg_url, "LIVE_POLL_SECONDS": 30,
                      "LIVE_HEARTBEAT_SECONDS": 30, "LIVE_MAX_SECONDS": 20})
    store: EventStore = app.extensions["tablescribe.store"]
    game_id, token = new_game(store)
    appended_at: list[float] = []

    def record_once_listening() -> None:
        assert eventually(lambda: "tablescribe.live" in app.extensions and app.extensions["tablescribe.live"].listening)
        time.sleep(0.3)  # the stream is now waiting on its 30 s heartbeat
        appended_at.append(time.monotonic())
        store.append(game_id, token, draw())

    response = app.test_client().get(f"/api/games/{game_id}/stream", buffered=False)
    try:
        chunks = response.iter_encoded()
        assert next(chunks).startswith(b"retry: 1000\nevent: hello")
        recorder = threading.Thread(target=record_once_listening)
        recorder.start()
        update = next((c for c in chunks if c.startswith(b"event: update")), b"the stream ended")
        recorder.join()
        assert b'"version": 1' in update
        assert time.monotonic() - appended_at[0] < 5
    finally:
        response.close()
        close_app(app)



def test_forgetting_counted_games_wakes_their_streams_and_never_repeats_a_mark(
        store: EventStore, watch: NotifyWatch, monkeypatch: Any) -> None:
    """A long-lived process forgets the games it counted rather than grow without end."""
    monkeypatch.setattr("recorder.live.MAX_COUNTED_GAMES", 2)
    (a, a_token), (b, b_token), (c, c_token) = new_game(store), new_game(store), new_game(store)
    mark = watch.mark(a)
    store.append(a, a_token, draw())
    assert watch.wait(a, mark, 10)
    mark = watch.mark(a)  # a stream of game a, waiting from here
    store.append(b, b_token, draw())
    store.append(c, c_token, draw())  # the third game counted: the counts are forgotten
    assert watch.wait(a, mark, 10) is True, "the stream of a re-reads once"
    assert watch.mark(a) != mark
