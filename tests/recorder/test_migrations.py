"""Migrations keep every stored event as it was, and the append-only guard with it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import event, text
from sqlalchemy.exc import DBAPIError

from recorder.db import make_engine
from recorder.migrate import alembic_config, upgrade
from recorder.store import AppendRequest, EventStore
from recorder.store.writes import DriverStatements
from tests.recorder.helpers import PLAYERS, draw


def _rows(store: EventStore) -> list[tuple[Any, ...]]:
    with store.db.connect() as conn:
        return conn.execute(text("SELECT position, game_id, seq, type, hash FROM events ORDER BY position")).all()


def test_every_migration_keeps_the_stored_events_and_the_append_only_guard_down_and_up(db_url: str) -> None:
    db = make_engine(db_url)
    try:
        store = EventStore(db, snapshot_every=5)
        game, token = store.create_game("panic-in-the-air", PLAYERS)
        store.append(game.id, token, draw("Ana", idempotency_key="first"))
        store.append(game.id, token, AppendRequest("note", {"text": "a remark"}))
        store.append(game.id, token, draw("Ana"))
        store.append(game.id, token, AppendRequest("undo", {}))
        before = _rows(store)

        command.downgrade(alembic_config(db), "0001")  # through 0003 (boards) and 0002 (lean indexes)
        assert _rows(store) == before
        with pytest.raises(DBAPIError, match="append-only"), db.begin() as conn:
            conn.execute(text("DELETE FROM events"))
        with db.connect() as conn:
            assert "board_id" not in set(conn.execute(text("SELECT * FROM games")).keys())

        upgrade(db)
        store = EventStore(db, snapshot_every=5)
        assert _rows(store) == before
        assert store.verify(game.id)["ok"]
        assert store.state_at(game.id).step == 1  # Ana's first draw; her second was undone, the note is no step
        with pytest.raises(DBAPIError, match="append-only"), db.begin() as conn:
            conn.execute(text("UPDATE events SET actor = 'Cy'"))
        # The key is still unique per game, and events without one still go in.
        retried, new = store.append(game.id, token, draw("Ana", idempotency_key="first"))
        assert (retried.seq, new) == (1, False)
        assert store.append(game.id, token, draw("Ana"))[0].seq == 5
        assert store.get_game(game.id).board_id is None
    finally:
        db.dispose()


def test_boards_are_immutable_from_their_migration_and_go_with_its_downgrade(db_url: str) -> None:
    db = make_engine(db_url)
    try:
        from recorder.boards import NewBoard

        store = EventStore(db)
        board, _ = store.boards.save(NewBoard("panic-in-the-air", "Box", {}))
        with pytest.raises(DBAPIError, match="immutable"), db.begin() as conn:
            conn.execute(text("DELETE FROM boards"))
        command.downgrade(alembic_config(db), "0002")
        with db.connect() as conn:
            assert "boards" not in {name for (name,) in conn.execute(text(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                if db.dialect.name == "postgresql" else "SELECT name FROM sqlite_master WHERE type = 'table'"))}
        upgrade(db)
        assert EventStore(db).boards.find(board.id) is None
    finally:
        db.dispose()


def test_sqlite_reads_the_recorder_events_and_keys_through_their_partial_indexes(tmp_path: Path) -> None:
    db = make_engine(f"sqlite:///{tmp_path / 'plan.db'}")
    upgrade(db)
    try:
        store = EventStore(db)
        game, _token = store.create_game("panic-in-the-air", PLAYERS)
        plans: list[str] = []

        def explain(_conn: Any, cursor: Any, statement: str, parameters: Any, *_context: Any) -> None:
            if "events.type IN ('amend', 'note', 'undo', 'void')" in statement:
                plans.extend(row[3] for row in cursor.connection.execute(f"EXPLAIN QUERY PLAN {statement}", parameters))

        event.listen(db, "before_cursor_execute", explain)
        store.frames(game.id, 0, 1)  # counts the steps and reads the corrections
        event.remove(db, "before_cursor_execute", explain)
        assert len(plans) == 2 and all("USING INDEX ix_events_recorder_types" in plan for plan in plans), plans

        with db.connect() as conn:
            plan = conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {DriverStatements(db).key_seen}", (game.id, "k")).all()
        assert "uq_events_game_idempotency_key" in plan[0][3]
    finally:
        db.dispose()
