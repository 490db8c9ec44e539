"""The Isle of Pan in the viewer: the island drawn hex by hex, step by step."""

from __future__ import annotations

import re
from typing import Any

import engines
from recorder.demo import load_demo_games
from recorder.store import EventStore

NEW_HEX = re.compile(r'<g class="iop-hex[^"]* iop-new[" ]')


def isle_demo(store: EventStore) -> str:
    ids = [game_id for game_id, _, _ in load_demo_games(store)]
    return next(i for i in ids if store.get_game(i).engine == "isle-of-pan")


def test_every_step_of_the_demo_draws_the_island_with_the_new_tile_highlighted(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game_id = isle_demo(store)
    frames = []
    start = 0
    while True:
        answer = client.get(f"/api/games/{game_id}/frames?from={start}&count=50").get_json()
        frames += answer["frames"]
        start += 50
        if start > answer["steps"]:
            break
    assert frames[-1]["step"] == answer["steps"] and answer["is_over"]
    placed = 0
    for frame in frames:
        state = store.state_at(game_id, frame["step"]).state
        html = frame["board_html"]
        assert html.count('<g class="iop-hex') == len(state["island"]), frame["step"]
        if frame["event"] and frame["event"]["type"] == "tile_placed":
            placed += 1
            assert len(NEW_HEX.findall(html)) == 3, f"the tile placed at step {frame['step']} stands out"
        else:
            assert not NEW_HEX.findall(html) or state["turn_step"] == "MOVE"
    assert placed == len(store.state_at(game_id).state["placed"]) == 18  # 9 turns each; 2 tiles stay face up


def test_player_names_are_escaped_on_the_island_board(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("isle-of-pan", ["<b>Ana</b>", "Ben"])
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "<b>Ana</b>" not in page and "&lt;b&gt;Ana&lt;/b&gt;" in page
    assert "The island appears when the Starting Tile is declared" in page
    assert engines.find("isle-of-pan").title in page
