"""flask backup and flask restore (issue 7): a copy of the whole store that restores into
an empty database with every game as it was, every chain verified; never over games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from recorder import create_app
from recorder.demo import load_demo_games
from recorder.exports.bulk import ndjson_lines
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, tamper


def test_a_backup_restores_into_an_empty_database_game_for_game(
        runner: Any, app: Any, other_db_url: str, tmp_path: Path) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    demos = len(load_demo_games(store))
    game, token = store.create_game("panic-in-the-air", PLAYERS, "Tonight")
    store.append(game.id, token, draw())
    store.append(game.id, token, AppendRequest(type="undo"))
    before = list(ndjson_lines(store))
    out = tmp_path / "tablescribe.backup"

    made = runner.invoke(args=["backup", str(out)])
    assert made.exit_code == 0, made.output
    assert f"Backed up to {out}: {demos + 1} games" in made.output and "every hash chain verified" in made.output
    again = runner.invoke(args=["backup", str(out)])
    assert again.exit_code == 1 and "never overwrites" in again.output

    target = create_app({"TESTING": True, "DATABASE_URL": other_db_url})
    try:
        restored = target.test_cli_runner().invoke(args=["restore", str(out)])
        assert restored.exit_code == 0, restored.output
        assert f"Restored {out}: {demos + 1} games" in restored.output
        assert list(ndjson_lines(target.extensions["tablescribe.store"])) == before
        twice = target.test_cli_runner().invoke(args=["restore", str(out)])
        assert twice.exit_code == 1 and f"already holds {demos + 1} games" in twice.output
    finally:
        target.extensions["tablescribe.db"].dispose()


def test_a_backup_of_a_tampered_store_says_which_game_fails(runner: Any, app: Any, tmp_path: Path) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    store.append(game.id, token, draw())
    tamper(store.db, "UPDATE events SET actor = 'Cy' WHERE seq = 1")
    result = runner.invoke(args=["backup", str(tmp_path / "b")])
    assert result.exit_code == 1 and f"1 games fail verify: {game.id}" in result.output
    assert json.loads(json.dumps(store.verify(game.id)))["ok"] is False
