"""The snapshot at the head of a finished game (issue 24): written when the event that
ends the game is stored, by append and import alike, or by the next read of a store
that has none; an export decodes it instead of folding the game's tail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

import engines
from recorder.demo import demo_games, load_demo_games
from recorder.exports.bulk import ndjson_lines
from recorder.exports.game_json import export_game
from recorder.imports.document import read_document
from recorder.models import Snapshot
from recorder.snapshots import snapshot_due
from recorder.store import AppendRequest, EventStore


def test_snapshot_due_every_nth_step_and_at_the_end() -> None:
    assert snapshot_due(10, 5, False)
    assert not snapshot_due(12, 5, False)
    assert snapshot_due(12, 5, True)


def _snapshot_steps(store: EventStore, game_id: str) -> list[int]:
    with store.db.connect() as conn:
        return sorted(conn.scalars(select(Snapshot.step).where(Snapshot.game_id == game_id)))


def _finished_demo_games(store: EventStore) -> list[Any]:
    games = [store.get_game(game_id) for game_id, _, _ in load_demo_games(store)]
    finished = [game for game in games if game.status == "finished"]
    assert finished, "the demo games end: this test needs finished games"
    return finished


def _head_step(store: EventStore, game_id: str) -> int:
    return store.state_at(game_id, remember=False).step


def test_appending_the_event_that_ends_a_game_writes_a_snapshot_at_its_head(store: EventStore) -> None:
    finished = _finished_demo_games(store)
    heads = {game.id: _head_step(store, game.id) for game in finished}
    assert any(step % store.snapshot_every for step in heads.values()), "a head off the every-5 grid"
    for game in finished:
        steps = _snapshot_steps(store, game.id)
        assert steps[-1] == heads[game.id]
        assert [s for s in steps[:-1] if s % store.snapshot_every] == []  # the rest on the grid
        assert engines.find(game.engine).is_over(store.state_at(game.id, remember=False).state)


def test_an_imported_finished_game_has_its_head_snapshot(store: EventStore, other_store: EventStore) -> None:
    for game in _finished_demo_games(store):
        document = export_game(store, game.id)
        assert other_store.import_game(read_document(document)).status == "imported"
        assert _snapshot_steps(other_store, game.id)[-1] == _head_step(store, game.id)
        assert export_game(other_store, game.id)["standings"] == document["standings"]


def test_a_store_without_head_snapshots_exports_the_same_bytes_and_gains_them(store: EventStore) -> None:
    finished = _finished_demo_games(store)
    before = "".join(ndjson_lines(store))
    heads = {game.id: _head_step(store, game.id) for game in finished}
    with store.db.begin() as conn:  # a store from before issue 24: snapshots on the grid only
        conn.execute(delete(Snapshot).where(Snapshot.step % store.snapshot_every != 0))
    assert all(_snapshot_steps(store, g)[-1] != step for g, step in heads.items() if step % store.snapshot_every)
    fresh = EventStore(store.db, snapshot_every=store.snapshot_every)  # nothing remembered: it folds
    assert "".join(ndjson_lines(fresh)) == before
    assert all(_snapshot_steps(store, g)[-1] == step for g, step in heads.items())


def _record_demo(store: EventStore, engine_name: str) -> tuple[str, str]:
    """A demo game recorded here with its token (load_demo_games keeps the tokens to itself)."""
    demo = next(d for d in demo_games() if d["engine"] == engine_name)
    game, token = store.create_game(demo["engine"], demo["players"], demo["title"], demo.get("options"))
    for event in demo["events"]:
        store.append(game.id, token, AppendRequest(type=event["type"], data=event.get("data", {}),
                                                   actor=event.get("actor"), note=event.get("note")))
    return game.id, token


def test_an_undo_after_the_end_leaves_no_head_snapshot_standing(store: EventStore) -> None:
    game_id, token = _record_demo(store, "panic-in-the-air")
    engine = engines.find("panic-in-the-air")
    end = store.state_at(game_id, remember=False)
    assert engine.is_over(end.state) and _snapshot_steps(store, game_id)[-1] == end.step
    store.append(game_id, token, AppendRequest(type="undo"))
    fresh = EventStore(store.db, snapshot_every=store.snapshot_every)
    after = fresh.state_at(game_id, remember=False)
    assert after.step == end.step - 1 and not engine.is_over(after.state)
    assert after.state == fresh.state_at(game_id, after.step, remember=False).state
    assert _snapshot_steps(store, game_id)[-1] < end.step, "the old head's snapshot is stale: replaced"
