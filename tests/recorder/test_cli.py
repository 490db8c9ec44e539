"""The flask commands: init-db, demo, verify, replay, export, import."""

from __future__ import annotations

import json
from typing import Any

import engines
from recorder.demo import load_demo_games
from recorder.exports.game_json import export_game
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


def test_export_writes_one_game_in_each_format_and_all_games_as_ndjson(runner: Any, app: Any, tmp_path: Any) -> None:
    runner.invoke(args=["demo"])
    store = app.extensions["tablescribe.store"]
    game_id = panic_demo_id(store)
    as_json = runner.invoke(args=["export", game_id])
    assert as_json.exit_code == 0
    document = json.loads(as_json.output)
    assert document["game"]["id"] == game_id and len(document["events"]) == store.get_game(game_id).version
    sheet = tmp_path / "sheet.txt"
    assert runner.invoke(args=["export", game_id, "--format", "txt", "--out", str(sheet)]).exit_code == 0
    assert sheet.read_text(encoding="utf-8").startswith(store.get_game(game_id).title + "\n")
    table = runner.invoke(args=["export", game_id, "--format", "csv", "--table", "standings"])
    assert table.output.splitlines()[0].startswith("game,step,player,rank,total,status")

    everything = tmp_path / "all.ndjson"
    result = runner.invoke(args=["export", "--all", "--out", str(everything)])
    lines = everything.read_text(encoding="utf-8").splitlines()
    total_events = sum(len(json.loads(line)["events"]) for line in lines)
    assert len(lines) == len(engines.all_engines())
    assert f"Exported {len(lines)} games ({total_events} events) to {everything}." in result.output


def test_export_needs_a_game_or_all_and_names_an_unknown_game(runner: Any) -> None:
    assert runner.invoke(args=["export"]).exit_code == 2
    missing = runner.invoke(args=["export", "nope"])
    assert missing.exit_code == 1 and "No game" in missing.output


def test_import_reads_ndjson_and_pretty_json_reports_refusals_and_writes_tokens(
        runner: Any, app: Any, other_store: Any, tmp_path: Any) -> None:
    ids = [game_id for game_id, _, _ in load_demo_games(other_store)]
    documents = [export_game(other_store, game_id) for game_id in ids]
    bulk = tmp_path / "club.ndjson"
    broken = json.loads(json.dumps(documents[2]))
    broken["events"][3]["data"] = {"edited": True}
    bulk.write_text(json.dumps(documents[0]) + "\n" + json.dumps(broken) + "\n", encoding="utf-8")
    single = tmp_path / "one.json"
    single.write_text(json.dumps(documents[1], indent=2), encoding="utf-8")
    tokens = tmp_path / "tokens.ndjson"

    result = runner.invoke(args=["import", str(bulk), str(single), "--tokens", str(tokens)])
    assert result.exit_code == 1, "a refused game makes the command fail, after importing the others"
    assert f"refused: {bulk} line 2, game {ids[2]}, event 4: import/chain:" in result.output
    events = len(documents[0]["events"]) + len(documents[1]["events"])
    assert f"Imported 2 games ({events} events); 0 already here; 1 refused. Write tokens in {tokens}." in result.output
    written = [json.loads(line) for line in tokens.read_text(encoding="utf-8").splitlines()]
    assert [w["id"] for w in written] == ids[:2] and all(len(w["write_token"]) > 20 for w in written)
    store = app.extensions["tablescribe.store"]
    assert store.authorize(ids[0], written[0]["write_token"]).id == ids[0]

    assert tokens.stat().st_mode & 0o777 == 0o600, "a write token is a password"
    again = runner.invoke(args=["import", str(single), "--tokens", str(tokens)])
    assert again.exit_code == 0 and "Imported 0 games (0 events); 1 already here; 0 refused." in again.output
    assert tokens.read_text(encoding="utf-8").count("write_token") == 2, "earlier tokens are never overwritten"
    cut = tmp_path / "cut.json"
    cut.write_text(single.read_text(encoding="utf-8")[:-100], encoding="utf-8")
    truncated = runner.invoke(args=["import", str(cut)])
    assert truncated.exit_code == 1 and "import/not-json" in truncated.output and "truncated" in truncated.output
