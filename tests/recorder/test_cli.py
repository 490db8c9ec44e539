"""The flask commands: init-db, demo, verify, replay."""

from __future__ import annotations

from typing import Any

import engines
from tests.recorder.helpers import panic_demo_id, tamper


def test_init_db_is_idempotent(runner: Any) -> None:
    first = runner.invoke(args=["init-db"])
    second = runner.invoke(args=["init-db"])
    assert first.exit_code == 0 and second.exit_code == 0
    assert "latest schema" in second.output


def test_demo_records_a_finished_game_once(runner: Any, app: Any) -> None:
    first = runner.invoke(args=["demo"])
    assert first.exit_code == 0, first.output
    assert first.output.startswith("loaded")
    again = runner.invoke(args=["demo"])
    assert again.output.startswith("present")
    store = app.extensions["tablescribe.store"]
    games, total = store.list_games()
    assert total == len(engines.all_engines()), "one demo game per engine"
    assert all(g.status == "finished" and store.verify(g.id)["ok"] for g in games)


def test_replay_prints_the_log_and_final_standings(runner: Any, app: Any) -> None:
    runner.invoke(args=["demo"])
    store = app.extensions["tablescribe.store"]
    game = store.get_game(panic_demo_id(store))
    result = runner.invoke(args=["replay", game.id])
    assert result.exit_code == 0
    assert "   1. " in result.output and "Final standings:" in result.output
    assert "Winner(s): " in result.output and "Winner(s): none" not in result.output


def test_verify_command_passes_then_names_a_tampered_event(runner: Any, app: Any) -> None:
    runner.invoke(args=["demo"])
    store = app.extensions["tablescribe.store"]
    game = store.get_game(panic_demo_id(store))
    ok = runner.invoke(args=["verify", game.id])
    assert ok.exit_code == 0 and ok.output.startswith("OK")
    tamper(store.db, "UPDATE events SET note = 'edited' WHERE game_id = :g AND seq = 5", g=game.id)
    broken = runner.invoke(args=["verify", game.id])
    assert broken.exit_code == 1 and "event 5" in broken.output


def test_verify_unknown_game_fails_cleanly(runner: Any) -> None:
    result = runner.invoke(args=["verify", "nope"])
    assert result.exit_code == 1 and "No game" in result.output
