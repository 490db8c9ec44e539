"""The play record (issue 6): a finished game's result for the players' logging apps,
valid against its published schema, with the engine's own final standings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

import engines
from recorder.demo import load_demo_games
from recorder.store import EventStore
from tests.recorder.helpers import PLAYERS, draw

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/formats/tablescribe-play-v1.schema.json").read_text())


def test_the_play_schema_is_itself_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_finished_demo_gives_a_play_record_with_its_final_standings(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    for game_id, _, _ in load_demo_games(store):
        response = client.get(f"/api/games/{game_id}/export?format=play")
        assert response.status_code == 200, response.get_json()
        assert response.headers["Content-Disposition"].endswith(f'-{game_id}.play.json"')
        record = response.get_json()
        jsonschema.Draft202012Validator(SCHEMA).validate(record)
        game = store.get_game(game_id)
        engine = engines.find(game.engine)
        standings = engine.standings(store.state_at(game_id).state)
        last = store.recorded_events(game_id)[-1]
        assert record["game"]["name"] == engine.title and record["date"] == game.created_at[:10]
        assert (record["ended_at"], record["chain_head"]) == (last.recorded_at, last.hash)
        assert [p["name"] for p in record["players"]] == [p["name"] for p in game.players], "seat order"
        expected = {row["player"]: (row["total"], row["rank"]) for row in standings["players"]}
        assert {p["name"]: (p["score"], p["rank"]) for p in record["players"]} == expected
        assert record["winners"] == standings["winners"] and record["winners"]
        assert [p["name"] for p in record["players"] if p["winner"]] == [
            p["name"] for p in game.players if p["name"] in standings["winners"]]


def test_an_unfinished_game_has_no_play_record_yet(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game("panic-in-the-air", PLAYERS)
    store.append(game.id, token, draw())
    response = client.get(f"/api/games/{game.id}/export?format=play")
    assert response.status_code == 409
    assert response.get_json()["error"] == "not_finished" and game.id in response.get_json()["message"]


def test_the_cli_writes_the_play_record(runner: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game_id = next(i for i, _, _ in load_demo_games(store) if store.get_game(i).engine == "pan-am")
    result = runner.invoke(args=["export", game_id, "--format", "play"])
    assert result.exit_code == 0
    record = json.loads(result.output)
    assert record["format"] == "tablescribe-play" and record["game"]["engine"] == "pan-am"
