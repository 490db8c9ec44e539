"""One game's correction must not stall every game; a busy store answers 503 (issue 22, part 2).

A correction folds the game from its target on to judge it.  That fold runs in a
read transaction; the write lock is taken only for the compare-and-set insert, and
a write that waits for it has a deadline, past which it is a 503 with Retry-After.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

import pytest
from sqlalchemy import create_engine, text

import engines
from bench.seek import OPTIONS, synthetic_events
from recorder import close_app, create_app
from recorder.db import WriteGate, make_engine
from recorder.errors import StoreBusy
from recorder.migrate import upgrade
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw

LONG_GAME = 1000


def long_game(db_url: str, length: int) -> tuple[str, str]:
    """A game of ``length`` legal events, recorded without fsync to save time."""
    db = make_engine(db_url, sqlite_synchronous="OFF")
    builder = EventStore(db, snapshot_every=50)
    game, token = builder.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    for request in islice(synthetic_events(), length):
        builder.append(game.id, token, request)
    db.dispose()
    return game.id, token


def forced_void(target: int) -> AppendRequest:
    return AppendRequest("void", {"target_seq": target, "reason": "misrecorded", "force": True})


def test_another_games_writes_commit_while_a_long_correction_is_still_folding(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, token = long_game(db_url, LONG_GAME)
    db, other_db = make_engine(db_url), make_engine(db_url)
    store = EventStore(db, snapshot_every=50)
    other = EventStore(other_db, snapshot_every=50)  # another worker: its own gate, the same lock file
    small, small_token = store.create_game("panic-in-the-air", PLAYERS)
    engine = engines.find("panic-in-the-air")
    real_check = engine.check
    folding, other_done = threading.Event(), threading.Event()
    correcting: dict[str, Any] = {}
    order: list[str] = []

    def check_slowly(state: Any, event: Any) -> Any:
        # The correction's trial fold stops half way until the other game's writes are in.
        if threading.get_ident() == correcting.get("thread") and not folding.is_set():
            folding.set()
            correcting["waited"] = other_done.wait(timeout=10)
        return real_check(state, event)

    monkeypatch.setattr(engine, "check", check_slowly)

    def correct() -> None:
        correcting["thread"] = threading.get_ident()
        correcting["result"] = store.append(game_id, token, forced_void(1))[0]
        order.append("correction")

    thread = threading.Thread(target=correct)
    thread.start()
    try:
        assert folding.wait(timeout=30)
        other.append(small.id, small_token, draw())  # the general way: no head of this game in `other`
        other.append(small.id, small_token, draw())  # judged on the head
        other.create_game("panic-in-the-air", PLAYERS)
        order.append("other")
    finally:
        other_done.set()
        thread.join(timeout=60)
    assert order == ["other", "correction"]
    assert correcting["waited"] is True
    assert correcting["result"].seq == LONG_GAME + 1 and other.get_game(small.id).version == 2
    assert store.verify(game_id)["ok"] and store.verify(small.id)["ok"]
    db.dispose()
    other_db.dispose()


def test_a_write_waits_for_the_gate_no_longer_than_its_deadline(tmp_path: Any) -> None:
    db = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    upgrade(db)
    store = EventStore(db, write_deadline_seconds=0.2)
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with WriteGate(db).held():  # another worker's long write
            held.set()
            release.wait(timeout=10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(timeout=5)
        with pytest.raises(StoreBusy) as busy:
            store.append(game.id, token, draw())
        with pytest.raises(StoreBusy):
            store.append(game.id, token, AppendRequest("note", {"text": "the general way"}))
    finally:
        release.set()
        holder.join()
    assert busy.value.status == 503 and busy.value.to_dict()["retry_after"] == 2
    assert store.get_game(game.id).version == 0  # nothing stored
    assert store.append(game.id, token, draw())[0].seq == 1
    db.dispose()


@contextmanager
def write_lock_held(db_url: str, game_id: str) -> Iterator[None]:
    """Another client holding the write lock: SQLite's whole database, PostgreSQL's game row."""
    if db_url.startswith("sqlite"):
        holder = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.rollback()
            holder.close()
        return
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn, conn.begin() as transaction:
            conn.execute(text("SELECT 1 FROM games WHERE id = :id FOR UPDATE"), {"id": game_id})
            yield
            transaction.rollback()
    finally:
        engine.dispose()


def test_a_busy_store_answers_503_with_retry_after_and_stores_nothing(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLESCRIBE_WRITE_DEADLINE", "0.3")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMITS": False})
    try:
        client = app.test_client()
        created = client.post("/api/games", json={"engine": "panic-in-the-air",
                                                  "players": [{"name": n} for n in PLAYERS]})
        game = created.get_json()
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        appends = [{"type": "card_drawn", "data": {}}, {"type": "note", "data": {"text": "on the head and afresh"}}]
        with write_lock_held(db_url, game["id"]):
            answers = [client.post(f"/api/games/{game['id']}/events", json=body, headers=auth) for body in appends]
            if db_url.startswith("sqlite"):  # PostgreSQL locks the game's row, not the games table
                answers.append(client.post("/api/games", json={"engine": "panic-in-the-air",
                                                               "players": [{"name": n} for n in PLAYERS]}))
        for answer in answers:
            assert answer.status_code == 503, answer.get_json()
            assert answer.headers["Retry-After"] == "2"
            assert answer.get_json()["error"] == "busy" and "nothing was stored" in answer.get_json()["message"]
        assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 0
        assert client.post(f"/api/games/{game['id']}/events", json=appends[0], headers=auth).status_code == 201
        assert client.get(f"/api/games/{game['id']}/verify").get_json()["ok"]
    finally:
        close_app(app)
