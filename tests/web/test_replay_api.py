"""/frames, /timeline and /stream: what the viewer replays and follows."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall

PANIC = "panic-in-the-air"


@pytest.fixture
def played(app: Any) -> tuple[EventStore, str, str]:
    """A game of seven recorded events (snapshots every 5 in the test app)."""
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game(PANIC, PLAYERS, "Frames")
    for request in (draw(), play_fall("Ben", 300), draw(), draw(), play_fall("Cy", 200), draw(), draw()):
        store.append(game.id, token, request)
    return store, game.id, token


def test_frames_cover_the_requested_steps_with_everything_the_viewer_shows(client: Any, played: Any) -> None:
    _, game_id, _ = played
    # The whole truth (hidden=show): a game in progress is otherwise shown as the table sees
    # it, without the totals (tests/web/test_hidden_information.py).
    answer = client.get(f"/api/games/{game_id}/frames?from=0&count=3&hidden=show").get_json()
    assert (answer["steps"], answer["version"], answer["is_over"]) == (7, 7, False)
    assert [f["step"] for f in answer["frames"]] == [0, 1, 2]
    setup, first, second = answer["frames"]
    assert setup["describe"] == "Set-up" and setup["event"] is None and setup["changes"] == []
    assert second["event"]["type"] == "card_played" and second["describe"]
    ben = next(r for r in second["standings"]["players"] if r["player"] == "Ben")
    assert ben["total"] == 300
    assert "Ben" in second["board_html"]
    assert all(isinstance(line, str) for line in second["changes"]) and second["changes"]


def test_frames_stop_at_the_last_step_and_404_beyond(client: Any, played: Any) -> None:
    _, game_id, _ = played
    tail = client.get(f"/api/games/{game_id}/frames?from=6&count=50").get_json()
    assert [f["step"] for f in tail["frames"]] == [6, 7]
    assert client.get(f"/api/games/{game_id}/frames?from=8").status_code == 404
    assert client.get(f"/api/games/{game_id}/frames?count=51").status_code == 400


def test_frames_equal_a_step_by_step_read_of_state(client: Any, played: Any) -> None:
    store, game_id, _ = played
    frames = client.get(f"/api/games/{game_id}/frames?from=3&count=4&hidden=show").get_json()["frames"]
    for frame in frames:
        expected = client.get(f"/api/games/{game_id}/state?at={frame['step']}").get_json()
        assert frame["standings"] == expected["standings"], frame["step"]


def test_frames_follow_corrections(client: Any, played: Any) -> None:
    store, game_id, token = played
    store.append(game_id, token, AppendRequest(type="undo"))
    answer = client.get(f"/api/games/{game_id}/frames?from=5&count=5").get_json()
    assert answer["steps"] == 6 and [f["step"] for f in answer["frames"]] == [5, 6]


def test_overridden_event_frame_carries_its_override_and_flags(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game(PANIC, PLAYERS)
    store.append(game.id, token, draw(actor="Ben", override={"reason": "house rule"}))
    frame = client.get(f"/api/games/{game.id}/frames?from=1&count=1").get_json()["frames"][0]
    assert frame["override"] == {"reason": "house rule"} and frame["flags"][0]["code"] == "PN-C02"


def test_timeline_has_every_step_and_a_chart(client: Any, played: Any) -> None:
    _, game_id, _ = played
    answer = client.get(f"/api/games/{game_id}/timeline?hidden=show").get_json()  # the totals, as above
    assert answer["steps"] == 7 and answer["players"] == PLAYERS
    assert [p["step"] for p in answer["points"]] == list(range(8))
    assert answer["points"][2]["totals"] == {"Ana": 0, "Ben": 300, "Cy": 0}
    svg = answer["chart_svg"]
    assert svg.startswith("<svg") and 'data-steps="7"' in svg and svg.count("<polyline") == 3


def test_chart_escapes_player_names(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game(PANIC, ["<b>Ana</b>", "Ben"])
    svg = client.get(f"/api/games/{game.id}/timeline").get_json()["chart_svg"]
    assert "<b>Ana</b>" not in svg and "&lt;b&gt;Ana&lt;/b&gt;" in svg


def test_stream_says_hello_then_reports_a_new_event_and_a_rewrite(client: Any, app: Any, played: Any) -> None:
    store, game_id, token = played
    app.config.update(LIVE_POLL_SECONDS=0.01, LIVE_MAX_SECONDS=10)
    response = client.get(f"/api/games/{game_id}/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = response.iter_encoded()
    assert next(chunks).startswith(b"retry: 1000\nevent: hello\ndata: {\"version\": 7}")
    store.append(game_id, token, draw())
    update = next(c for c in chunks if c.startswith(b"event: update"))
    assert b'"version": 8' in update and b'"steps": 8' in update and b'"rewritten": false' in update
    assert b'"is_over": false' in update
    store.append(game_id, token, AppendRequest(type="undo"))
    rewrite = next(c for c in chunks if c.startswith(b"event: update"))
    assert b'"version": 9' in rewrite and b'"steps": 7' in rewrite and b'"rewritten": true' in rewrite
    response.close()


def test_stream_of_an_unknown_game_is_404(client: Any) -> None:
    assert client.get("/api/games/" + "0" * 32 + "/stream").status_code == 404


def test_streams_beyond_the_limit_are_asked_to_come_back_later(client: Any, app: Any, played: Any) -> None:
    _, game_id, _ = played
    app.config.update(LIVE_POLL_SECONDS=0.01, LIVE_MAX_SECONDS=10, LIVE_MAX_STREAMS=1)
    first = client.get(f"/api/games/{game_id}/stream", buffered=False)
    assert next(first.iter_encoded()).startswith(b"retry: 1000\nevent: hello")
    second = client.get(f"/api/games/{game_id}/stream", buffered=False)
    assert b"".join(second.iter_encoded()) == b"retry: 5000\n\n"
    first.close()
    third = client.get(f"/api/games/{game_id}/stream", buffered=False)
    assert next(third.iter_encoded()).startswith(b"retry: 1000\nevent: hello"), "a closed stream frees its slot"
    third.close()


def test_a_batch_starting_where_the_last_one_ended_equals_one_folded_afresh(app: Any, client: Any,
                                                                            played: Any) -> None:
    """The next batch starts from the state the last one ended at (the store keeps it),
    not from a snapshot: the same frames either way, and that state left unchanged."""
    store, game_id, _ = played
    url = f"/api/games/{game_id}/frames?from={{}}&count={{}}&hidden=show&board=html"
    in_turn = [client.get(url.format(start, 2)).get_json()["frames"] for start in (0, 2, 4, 6)]
    assert [store._window_ends.get(f"{game_id}/{end}", 7) is not None for end in (1, 3, 5, 7)] == [True] * 4
    store._window_ends = type(store._window_ends)(128)  # forgotten: each batch folds afresh
    app.extensions.pop("tablescribe.frames")
    afresh = [client.get(url.format(start, 2)).get_json()["frames"] for start in (6, 4, 2, 0)][::-1]
    assert in_turn == afresh and [f["step"] for batch in in_turn for f in batch] == list(range(8))
    whole = client.get(url.format(0, 8)).get_json()["frames"]
    assert [f for batch in in_turn for f in batch] == whole
