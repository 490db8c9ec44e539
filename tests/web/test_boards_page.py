"""The boards pages (issue 19): every saved board by game, the editor's page, the New game
form's Board chooser, and *Save this game's board* on a finished game's page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engines
from recorder.demo import load_demo_boards, load_demo_games
from recorder.store import EventStore
from tests.web.test_home_page import csrf

BOARD_ENGINES = [e.name for e in engines.all_engines() if not e.board_file.holds_nothing]


@pytest.fixture
def store_of(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def _demo_id(store: EventStore, engine: str) -> str:
    return next(game_id for game_id, _, _ in load_demo_games(store) if store.get_game(game_id).engine == engine)


def _board_select(page: str, engine: str) -> str:
    found = re.search(rf'<select id="board-{engine}" name="board".*?</select>', page, re.S)
    assert found, f"no Board chooser for {engine}"
    return found.group(0)


def test_every_game_with_a_box_to_transcribe_has_a_group_and_panic_has_none(client: Any) -> None:
    page = client.get("/boards").get_data(as_text=True)
    for name in BOARD_ENGINES:
        assert f'href="/boards/new?engine={name}"' in page
    assert "panic-in-the-air" not in page  # Panic in the Air prints all it needs: no board
    assert set(BOARD_ENGINES) == {"isle-of-pan", "pan-am", "panamax", "air-alliance"}
    assert client.get("/boards/new?engine=panic-in-the-air").status_code == 404
    assert client.get("/boards/new?engine=chess").status_code == 404
    assert client.get(f"/boards/{'a' * 32}/edit").status_code == 404


def test_a_saved_board_is_listed_with_its_source_its_games_and_what_to_do_with_it(
        client: Any, store_of: EventStore) -> None:
    demo = _demo_id(store_of, "isle-of-pan")
    board, _ = store_of.board_from_game(demo, "isle-of-pan", "Ana's <box>")
    store_of.create_game("isle-of-pan", ["Ana", "Ben"], "Sunday on the box", board=board.id)
    page = client.get("/boards?engine=isle-of-pan").get_data(as_text=True)
    card = page[page.index(f'id="board-{board.id}"'):]
    assert "Ana&#39;s &lt;box&gt;" in card and "<box>" not in page  # user text is escaped
    assert "Saved from a game" in card and f'href="/games/{demo}"' in card
    assert "Sunday on the box" in card
    assert f'href="/?new_engine=isle-of-pan&amp;board={board.id}#new-game"' in card
    assert f'href="/boards/{board.id}/edit"' in card and f'href="/api/boards/{board.id}/export"' in card
    assert 'id="group-isle-of-pan"' in page and 'id="group-pan-am"' not in page


def test_the_editor_page_carries_the_board_it_edits(client: Any, store_of: EventStore) -> None:
    board, _ = store_of.board_from_game(_demo_id(store_of, "panamax"), "panamax", "Panamax box")
    page = client.get(f"/boards/{board.id}/edit")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    data = json.loads(re.search(r'<script type="application/json" id="editor-data">(.*?)</script>',
                                page.get_data(as_text=True), re.S).group(1))  # type: ignore[union-attr]
    assert data["engine"] == "panamax" and data["base"]["id"] == board.id and data["base"]["data"] == board.data
    assert data["urls"]["save"] == "/api/boards"
    fresh = json.loads(re.search(r'id="editor-data">(.*?)</script>', client.get(
        "/boards/new?engine=pan-am").get_data(as_text=True), re.S).group(1))  # type: ignore[union-attr]
    assert fresh["engine"] == "pan-am" and fresh["base"] is None


def test_new_game_offers_each_games_saved_boards_newest_first_and_no_board(client: Any, store_of: EventStore) -> None:
    store_of.boards.clock = lambda: "2026-12-01T10:00:00.000000Z"
    older, _ = store_of.board_from_game(_demo_id(store_of, "air-alliance"), "air-alliance", "Older box")
    page = client.get("/").get_data(as_text=True)
    chooser = _board_select(page, "air-alliance")
    assert f'<option value="{older.id}" selected>Older box (the newest)</option>' in chooser
    assert '<option value="" >No board' in chooser
    none_saved = _board_select(page, "pan-am")
    assert '<option value="" selected>No board' in none_saved
    assert 'id="board-panic-in-the-air"' not in page
    assert 'name="opt.pan-am.board"' not in page, "the board option's JSON box is gone from the form"
    chosen = client.get(f"/?new_engine=air-alliance&board={older.id}").get_data(as_text=True)
    assert '<option value="air-alliance" selected>' in chosen


def test_a_game_created_from_the_form_on_a_board_is_recorded_on_it(client: Any, store_of: EventStore) -> None:
    board, _ = store_of.board_from_game(_demo_id(store_of, "isle-of-pan"), "isle-of-pan", "Isle box")
    form = {"csrf_token": csrf(client), "engine": "isle-of-pan", "title": "On the box", "player0": "Ana",
            "player1": "Ben", "board": board.id}
    created = client.post("/games", data=form)
    assert created.status_code == 303
    game_id = created.headers["Location"].split("/games/")[1].split("/")[0]
    assert store_of.get_game(game_id).board_id == board.id
    refused = client.post("/games", data={**form, "board": "f" * 32, "title": "Nowhere"})
    assert refused.status_code == 422 and "No saved board" in refused.get_data(as_text=True)


def test_a_finished_game_without_a_board_offers_to_save_it_and_saving_lists_it(
        client: Any, store_of: EventStore) -> None:
    demo = _demo_id(store_of, "pan-am")
    viewer = client.get(f"/games/{demo}").get_data(as_text=True)
    assert f'action="/games/{demo}/board"' in viewer and "Save this game's board" in viewer
    assert client.post(f"/games/{demo}/board", data={}).status_code == 400  # no CSRF token
    saved = client.post(f"/games/{demo}/board", data={"csrf_token": csrf(client)})
    assert saved.status_code == 303 and "/boards?engine=pan-am&saved=" in saved.headers["Location"]
    board_id = saved.headers["Location"].split("saved=")[1].split("#")[0]
    assert store_of.boards.get(board_id).source == f"from_game:{demo}"
    on_board, _ = store_of.create_game("pan-am", ["Ann", "Bob", "Cat"], "Next week", board=board_id)
    page = client.get(f"/games/{on_board.id}").get_data(as_text=True)
    assert "Recorded on the board" in page and f"#board-{board_id}" in page and "Save this game" not in page


def test_the_demo_saves_one_illustrative_board_per_game_with_a_box(store_of: EventStore) -> None:
    games = load_demo_games(store_of)
    saved = load_demo_boards(store_of, games)
    assert sorted(store_of.boards.get(board_id).engine for board_id, _, _ in saved) == sorted(BOARD_ENGINES)
    assert all("illustrative" in name for _, name, _ in saved)
    assert [new for _, _, new in load_demo_boards(store_of, games)] == [False] * len(saved), "once each"
