"""Smaller store defects of issue 22 (part 10): snapshots behind corrections, racing
undos, the fold limit, and a full disk."""

from __future__ import annotations

import errno
import threading
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select, text

from bench.seek import OPTIONS, synthetic_events
from recorder import close_app, create_app
from recorder.db import make_engine
from recorder.errors import RuleViolation, StoreBusy, StoreFull, UndoConflict
from recorder.migrate import upgrade
from recorder.models import Snapshot
from recorder.store import AppendRequest, EventStore
from recorder.store_faults import WriteHealth, store_fault
from tests.recorder.helpers import PLAYERS, draw


def recorded(store: EventStore, length: int) -> tuple[str, str]:
    game, token = store.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    for request in islice(synthetic_events(), length):
        store.append(game.id, token, request)
    return game.id, token


def forced_void(target: int) -> AppendRequest:
    return AppendRequest("void", {"target_seq": target, "reason": "misrecorded", "force": True})


def snapshot_rows(store: EventStore, game_id: str) -> list[tuple[int, int, int]]:
    with store._readers() as session:
        return [tuple(row) for row in session.execute(  # type: ignore[misc]
            select(Snapshot.step, Snapshot.seq, Snapshot.version).where(Snapshot.game_id == game_id))]


def test_reads_behind_corrections_keep_at_most_one_standing_snapshot_per_step(store: EventStore) -> None:
    game_id, token = recorded(store, 60)  # snapshot_every=5
    for target in (1, 3, 5):
        store.append(game_id, token, forced_void(target))
        for _ in range(3):  # anyone may GET, again and again
            store.state_at(game_id, 50)
            store.frames(game_id, 40, 5)
    rows = snapshot_rows(store, game_id)
    with store._readers() as session:
        corrections = store._corrections(session, store._game(session, game_id))
    assert [r for r in rows if corrections.invalidates(r[1], r[2])] == []  # none stale: replaced
    steps = [step for step, _, _ in rows]
    assert len(steps) == len(set(steps)) and len(rows) <= (60 - 3) // 5
    before = len(rows)
    store.state_at(game_id, 55)
    assert len(snapshot_rows(store, game_id)) == before  # a read where snapshots stand writes none
    assert store.state_at(game_id).step == 57


def test_two_undos_judged_at_once_retract_one_event(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    for _ in range(3):
        store.append(game.id, token, draw())
    judged_together = threading.Barrier(2, timeout=10)
    first_judgement: set[int] = set()
    prepare = store._prepare

    def prepare_together(*args: Any, **kwargs: Any) -> Any:
        prepared = prepare(*args, **kwargs)
        if threading.get_ident() not in first_judgement:  # both judged at version 3
            first_judgement.add(threading.get_ident())
            judged_together.wait()
        return prepared

    monkeypatch.setattr(store, "_prepare", prepare_together)
    outcomes: list[Any] = []

    def undo() -> None:
        try:
            outcomes.append(store.append(game.id, token, AppendRequest("undo", {"reason": "oops"}))[0])
        except UndoConflict as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=undo) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    refused = [o for o in outcomes if isinstance(o, UndoConflict)]
    assert len(outcomes) == 2 and len(refused) == 1
    answer = refused[0].to_dict()
    assert refused[0].status == 409 and answer["error"] == "version_conflict"
    assert answer["code"] == "correction/undo-raced" and answer["field"] == "expected_version"
    assert answer["target_seq"] == 3 and answer["current_version"] == 4
    undos = [row for row in store.recorded_events(game.id) if row.type == "undo"]
    assert [row.data["target_seq"] for row in undos] == [3]
    assert store.state_at(game.id).step == 2


def test_an_undo_alone_needs_no_version(store: EventStore) -> None:
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    store.append(game.id, token, draw())
    store.append(game.id, token, draw())
    assert store.append(game.id, token, AppendRequest("undo", {}))[0].seq == 3
    assert store.append(game.id, token, AppendRequest("undo", {}))[0].seq == 4
    assert store.state_at(game.id).step == 0


def test_a_fold_longer_than_the_limit_is_refused_and_stores_nothing(db_url: str) -> None:
    db = make_engine(db_url)
    store = EventStore(db, snapshot_every=5, fold_limit=20)
    game_id, token = recorded(store, 60)
    with pytest.raises(RuleViolation) as refused:
        store.append(game_id, token, forced_void(1))
    violation = refused.value.details["violations"][0]
    assert violation["code"] == "store/fold-limit" and "at most 20" in violation["message"]
    assert refused.value.details["would_fold"] == 60
    assert store.get_game(game_id).version == 60
    assert store.append(game_id, token, forced_void(50))[0].seq == 61  # a nearby correction folds from a snapshot
    assert store.state_at(game_id, 30).step == 30
    db.dispose()


@pytest.mark.parametrize(("error", "kind"), [
    (OSError(errno.ENOSPC, "No space left on device"), StoreFull),
    (type("OperationalError", (Exception,), {})("database or disk is full"), StoreFull),
    (type("DiskFull", (Exception,), {"sqlstate": "53100"})("could not extend file"), StoreFull),
    (type("OperationalError", (Exception,), {})("database is locked"), StoreBusy),
    (type("LockNotAvailable", (Exception,), {"sqlstate": "55P03"})("canceling statement: lock timeout"), StoreBusy),
])
def test_busy_and_full_are_told_apart_from_other_failures(error: Exception, kind: type) -> None:
    assert isinstance(store_fault(error), kind)


def test_other_failures_are_neither_busy_nor_full() -> None:
    assert store_fault(OSError(errno.EACCES, "Permission denied")) is None
    assert store_fault(type("OperationalError", (Exception,), {})("no such table: games")) is None
    assert store_fault(type("UniqueViolation", (Exception,), {"sqlstate": "23505"})("database is locked")) is None


def test_a_full_disk_is_reported_for_a_while_only() -> None:
    now = [0.0]
    health = WriteHealth(reported_for=60, clock=lambda: now[0])
    health.failed(StoreFull("no room"))
    assert health.problem() == "no room"
    health.succeeded()
    assert health.problem() is None
    health.failed(StoreFull("no room"))
    now[0] = 61
    assert health.problem() is None  # out of rotation, an instance would never get the write that clears it


def test_a_full_database_answers_507_and_ready_reports_it_until_a_write_succeeds(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'full.db'}"
    upgrade(make_engine(url))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATE_LIMITS": False})
    pages = {"limit": 0}

    @event.listens_for(app.extensions["tablescribe.db"], "checkout")
    def _size_limit(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        # SQLite's honest SQLITE_FULL: the database may not grow past this many pages.
        dbapi_connection.execute(f"PRAGMA max_page_count={pages['limit'] or 2**31}")

    try:
        client = app.test_client()
        game = client.post("/api/games", json={"engine": "panic-in-the-air",
                                               "players": [{"name": n} for n in PLAYERS]}).get_json()
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        with app.extensions["tablescribe.db"].connect() as conn:
            pages["limit"] = conn.execute(text("PRAGMA page_count")).scalar()
        note = {"type": "note", "data": {"text": "x" * 2000}}
        answers = [client.post(f"/api/games/{game['id']}/events", json=note, headers=auth) for _ in range(20)]
        stored = [a for a in answers if a.status_code == 201]
        full = answers[len(stored)]
        assert full.status_code == 507, full.get_json()
        assert full.get_json()["error"] == "storage_full" and "nothing was stored" in full.get_json()["message"]
        ready = client.get("/api/ready")
        assert ready.status_code == 503 and ready.get_json()["reason"] == "disk_full"
        assert client.get(f"/api/games/{game['id']}").get_json()["version"] == len(stored)
        pages["limit"] = 0  # space freed
        assert client.get("/api/ready").status_code == 503  # until a write says otherwise
        assert client.post(f"/api/games/{game['id']}/events", json=note, headers=auth).status_code == 201
        assert client.get("/api/ready").status_code == 200
        assert client.get(f"/api/games/{game['id']}/verify").get_json()["ok"]
    finally:
        close_app(app)
