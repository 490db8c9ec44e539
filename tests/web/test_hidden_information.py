"""Hidden information on the pages: a game in progress is shown as the table sees it.

Panic in the Air: "It is forbidden to count cards remaining in the card deck"; players "will
not be able to look into their own falling deck or the one of another player's during the
game".  The viewer and the recording page's board show no deck count, no stack beneath its
top card and no distance until the game is over, unless the recording page asks for
``hidden=show``; the JSON state API stays complete (docs/WEB.md, "Hidden information").
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall

PANIC = "panic-in-the-air"
# What the whole-truth board and changes show and the table's view never does.
DECK_COUNT = re.compile(r"\d+</strong> cards? in the deck")
DISTANCE = re.compile(r"\b\d+ m\b")


@pytest.fixture
def in_progress(app: Any) -> tuple[EventStore, str, str]:
    """Ana plays a 300 and a 200 on herself, Ben draws and plays a 100 on Cy: Cy's turn (turn 3)."""
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game(PANIC, PLAYERS, "Hidden")
    for request in (play_fall("Ana", 300), play_fall("Ana", 200), draw(), play_fall("Cy", 100)):
        store.append(game.id, token, request)
    return store, game.id, token


def rip(store: EventStore, game_id: str, token: str) -> None:
    """Cy draws the R.I.P. card (early: the table rules it stands, PN-C10 aside): the game is over."""
    store.append(game_id, token, AppendRequest(type="card_drawn", data={"face": {"kind": "RIP"}},
                                               override={"reason": "the deck was short"}))


def frames(client: Any, game_id: str, query: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/games/{game_id}/frames?from=0&count=50{query}").get_json()
    return answer


def text_of(frame: dict[str, Any]) -> str:
    """Everything a frame shows: board, standings and changes."""
    return frame["board_html"] + json.dumps(frame["standings"]) + "\n".join(frame["changes"])


def test_frames_of_a_game_in_progress_show_no_deck_count_and_no_distance(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    answer = frames(client, game_id)
    assert answer["hidden_information"] == "withheld" and len(answer["frames"]) == 5
    for frame in answer["frames"]:
        assert not DECK_COUNT.search(frame["board_html"]), frame["step"]
        assert not DISTANCE.search(text_of(frame)), frame["step"]
        assert "Fall stack" not in frame["board_html"] and "Click-Clack</span>" not in frame["board_html"]
        assert [row["total"] for row in frame["standings"]["players"]] == [None, None, None]
        assert not any(line.startswith("Deck") for line in frame["changes"])
    last = answer["frames"][-1]
    assert "not to be counted" in last["board_html"]
    assert 'pita-card-value">200<small> m' in last["board_html"]  # Ana's top card, on her 300
    assert last["changes"] == ["Cy's stack: Fall 100 on top", "Ben's hand: 7 → 6 cards (played Fall 100)",
                               "Turn passes to Cy"]
    assert [row["breakdown"] for row in last["standings"]["players"]] == [
        {"hand_count": 4}, {"hand_count": 6}, {"hand_count": 6}]


def test_hidden_show_gives_the_whole_truth_of_a_game_in_progress(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    answer = frames(client, game_id, "&hidden=show")
    assert answer["hidden_information"] == "shown"
    last = answer["frames"][-1]
    assert DECK_COUNT.search(last["board_html"]) and "44</strong> cards in the deck" in last["board_html"]
    assert [row["total"] for row in last["standings"]["players"]] == [500, 0, 100]
    assert "Ana's stack: 1 → 2 cards, falls 300 m → 500 m" in answer["frames"][2]["changes"]


def test_once_the_game_is_over_every_step_shows_the_whole_truth(client: Any, in_progress: Any) -> None:
    store, game_id, token = in_progress
    rip(store, game_id, token)
    answer = frames(client, game_id)
    assert answer["is_over"] and answer["hidden_information"] is None
    earlier = answer["frames"][2]  # a step from while the game was played
    assert "44</strong> cards in the deck" in answer["frames"][3]["board_html"]
    assert "Ana's stack: 1 → 2 cards, falls 300 m → 500 m" in earlier["changes"]
    assert next(r for r in earlier["standings"]["players"] if r["player"] == "Ana")["total"] == 500
    # A batch that stops short of the last step is judged at the game's latest step too.
    short = client.get(f"/api/games/{game_id}/frames?from=1&count=2").get_json()
    assert short["hidden_information"] is None and DISTANCE.search(text_of(short["frames"][1]))


def test_a_batch_short_of_the_last_step_of_a_game_in_progress_is_withheld(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    short = client.get(f"/api/games/{game_id}/frames?from=1&count=2&board=parts").get_json()
    assert short["hidden_information"] == "withheld"
    joined = json.dumps(short["parts"]) + json.dumps(short["frames"])
    assert not DECK_COUNT.search(joined) and not DISTANCE.search(joined)


def test_the_timeline_has_no_totals_while_the_game_is_played(client: Any, in_progress: Any) -> None:
    store, game_id, token = in_progress
    timeline = client.get(f"/api/games/{game_id}/timeline").get_json()
    assert timeline["hidden_information"] == "withheld"
    assert {total for point in timeline["points"] for total in point["totals"].values()} == {None}
    assert "<polyline" not in timeline["chart_svg"]
    shown = client.get(f"/api/games/{game_id}/timeline?hidden=show").get_json()
    assert shown["hidden_information"] == "shown" and shown["points"][-1]["totals"] == {"Ana": 500, "Ben": 0, "Cy": 100}
    rip(store, game_id, token)
    over = client.get(f"/api/games/{game_id}/timeline").get_json()
    assert over["hidden_information"] is None and over["points"][4]["totals"] == {"Ana": 500, "Ben": 0, "Cy": 100}


def test_a_hidden_value_other_than_table_or_show_is_refused(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    assert client.get(f"/api/games/{game_id}/frames?hidden=all").status_code == 400
    assert client.get(f"/api/games/{game_id}/timeline?hidden=yes").status_code == 400


def test_the_state_api_stays_complete(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    state = client.get(f"/api/games/{game_id}/state").get_json()
    assert state["state"]["deck_remaining"] == 44
    assert [row["total"] for row in state["standings"]["players"]] == [500, 0, 100]


def test_the_viewer_page_of_a_game_in_progress_shows_what_the_table_sees(client: Any, in_progress: Any) -> None:
    _, game_id, _ = in_progress
    for step in (2, 4):
        page = client.get(f"/games/{game_id}?step={step}").get_data(as_text=True)
        assert 'id="hidden-note">Shown as the table sees it' in " ".join(page.split())
        assert 'id="chart-hidden">Totals are hidden until the game is over' in page
        assert not DECK_COUNT.search(page)
        assert not re.search(r'class="num total">\d', page)  # the standings table's totals
        assert "falls 300 m" not in page


def test_the_viewer_page_of_a_finished_game_shows_everything(client: Any, in_progress: Any) -> None:
    store, game_id, token = in_progress
    rip(store, game_id, token)
    page = client.get(f"/games/{game_id}?step=4").get_data(as_text=True)
    assert re.search(r'id="hidden-note" hidden', page) and re.search(r'id="chart-hidden" hidden', page)
    assert "44</strong> cards in the deck" in page and re.search(r'class="num total">500', page)


def test_an_engine_that_hides_nothing_says_so(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("isle-of-pan", ["Ana", "Ben"], "Open table")
    assert frames(client, game.id)["hidden_information"] is None
    assert client.get(f"/api/games/{game.id}/timeline").get_json()["hidden_information"] is None
