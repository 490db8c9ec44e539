"""``/frames?board=parts``: each board part once per batch, and boards that join back
into exactly the HTML a single frame sends (recorder/views/board_parts.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from recorder.demo import load_demo_games
from recorder.store import EventStore
from recorder.views.board_parts import assemble

ENGINES = ["pan-am", "isle-of-pan", "panic-in-the-air", "panamax", "air-alliance"]


@pytest.fixture
def demos(app: Any) -> dict[str, str]:
    store: EventStore = app.extensions["tablescribe.store"]
    return {store.get_game(game_id).engine: game_id for game_id, _, _ in load_demo_games(store)}


def batches(client: Any, game_id: str, steps: int, query: str, size: int = 50) -> list[dict[str, Any]]:
    answers = []
    for start in range(0, steps + 1, size):
        answer = client.get(f"/api/games/{game_id}/frames?from={start}&count={size}{query}")
        assert answer.status_code == 200, answer.get_json()
        answers.append(answer.get_json())
    return answers


@pytest.mark.parametrize("engine", ENGINES)
def test_every_step_joined_from_its_parts_is_the_single_frame_byte_for_byte(
        app: Any, client: Any, demos: dict[str, str], engine: str) -> None:
    game_id = demos[engine]
    steps = client.get(f"/api/games/{game_id}/frames?from=0&count=1").get_json()["steps"]
    fragments = app.jinja_env.fragments
    fragments.enabled = False  # the truth: every board drawn whole, nothing cached
    single = [client.get(f"/api/games/{game_id}/frames?from={step}&count=1").get_json()["frames"][0]
              for step in range(steps + 1)]
    fragments.enabled = True
    # Cold (each batch meets an empty cache), then warm (a cache other batches filled),
    # then batches that start mid-way, so that parts are met in other orders.
    for size, cold in ((50, True), (50, False), (7, False)):
        if cold:
            fragments.clear()
        frames: list[dict[str, Any]] = []
        for answer in batches(client, game_id, steps, "&board=parts", size):
            if cold:
                fragments.clear()
            for frame in answer["frames"]:
                frames.append(dict(frame, board_html=assemble(frame.pop("board"), answer["parts"])))
        assert [f["step"] for f in frames] == list(range(steps + 1))
        for frame, expected in zip(frames, single, strict=True):
            assert frame == expected, frame["step"]
            assert "\x00" not in frame["board_html"]


def test_a_batch_sends_each_shared_part_once(client: Any, demos: dict[str, str]) -> None:
    game_id = demos["pan-am"]
    whole = client.get(f"/api/games/{game_id}/frames?from=100&count=50").get_data()
    answer = client.get(f"/api/games/{game_id}/frames?from=100&count=50&board=parts").get_json()
    parts = [json.dumps(part) for part in answer["parts"]]
    assert len(set(parts)) == len(parts)  # no part twice
    # The network, the areas, the mats: drawn in every frame, sent a few times, not 50.
    assert len(json.dumps(answer)) * 5 < len(whole)
    used = {chunk for frame in answer["frames"] for chunk in frame["board"] if isinstance(chunk, int)}
    used |= {chunk for part in answer["parts"] for chunk in part if isinstance(chunk, int)}
    assert used == set(range(len(parts)))  # and every part sent is used


def test_board_html_stays_the_default_and_other_formats_are_refused(client: Any, demos: dict[str, str]) -> None:
    game_id = demos["panic-in-the-air"]
    answer = client.get(f"/api/games/{game_id}/frames?from=0&count=2").get_json()
    assert "parts" not in answer and all("board_html" in f and "board" not in f for f in answer["frames"])
    html = client.get(f"/api/games/{game_id}/frames?from=0&count=2&board=html").get_json()
    assert html == answer
    refused = client.get(f"/api/games/{game_id}/frames?from=0&count=2&board=svg")
    assert refused.status_code == 400 and "board" in refused.get_json()["fields"]


def test_the_api_document_describes_the_board_formats(client: Any) -> None:
    document = client.get("/api/openapi.json").get_json()
    frames = document["paths"]["/api/games/{game_id}/frames"]["get"]
    board = next(p for p in frames["parameters"] if p["name"] == "board")
    assert board["schema"]["enum"] == ["html", "parts"] and board["schema"]["default"] == "html"
    out = document["components"]["schemas"]["FramesOut"]["properties"]
    assert "parts" in out and "board=parts" in out["parts"]["description"]
