"""The browser's write tokens in one bounded cookie (issue 22, part 8): a browser that
joined 500 games still sends a small Cookie header, can write to its recent games, and
gets its static files; finished games are forgotten first; the old per-game cookies are
read once, folded in and cleared; a revoked device joins again with a new invite."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import request
from sqlalchemy import text

from recorder import close_app, create_app
from recorder.http.auth import MAX_GAMES, parse_jar
from recorder.store import EventStore
from tests.web.test_record_page import csrf_of, token_cookie

PANIC = "panic-in-the-air"
COOKIE_LIMIT = 4096


@pytest.fixture
def unlimited(db_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMITS": False})
    yield app
    close_app(app)


def store_of(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def cookie_header(client: Any, path: str = "/static/css/record.css") -> tuple[int, str]:
    """The status of a request and the Cookie header the browser sent with it."""
    with client:
        answer = client.get(path)
        answer.close()  # a static file's answer holds the file open
        return answer.status_code, request.headers.get("Cookie", "")


def join_with(client: Any, game_id: str, token: str, page_csrf: str) -> Any:
    return client.post(f"/games/{game_id}/join", data={"csrf_token": page_csrf, "token": token})


def jar_of(client: Any) -> list[tuple[str, str]]:
    cookie = client.get_cookie("ts_tokens")
    return parse_jar(cookie.value) if cookie is not None else []


def test_a_browser_that_joined_500_games_sends_a_small_cookie_and_still_writes(unlimited: Any) -> None:
    store = store_of(unlimited)
    browser = unlimited.test_client()
    page_csrf = csrf_of(browser.get("/").get_data(as_text=True))
    games = [store.create_game(PANIC, ["Ana", "Ben"], f"Game {n}") for n in range(500)]
    for game, token in games:
        assert join_with(browser, game.id, token, page_csrf).status_code == 303
    status, header = cookie_header(browser)
    assert status == 200, "static files answer"
    assert len(header) < COOKIE_LIMIT, len(header)
    assert "ts_token_" not in header
    assert [game_id for game_id, _ in jar_of(browser)] == [g.id for g, _ in reversed(games[-MAX_GAMES:])]
    for game, _ in games[-3:]:
        page = browser.get(f"/games/{game.id}/record").get_data(as_text=True)
        assert 'data-can-write="true"' in page
        wrote = browser.post(f"/api/games/{game.id}/events", json={"type": "card_drawn", "data": {}},
                             headers={"X-CSRF-Token": csrf_of(page)})
        assert wrote.status_code == 201
    oldest = browser.get(f"/games/{games[0][0].id}/record").get_data(as_text=True)
    assert 'data-can-write="false"' in oldest, "the oldest were forgotten, not kept past the bound"


def test_finished_games_are_forgotten_before_older_open_ones(unlimited: Any) -> None:
    store = store_of(unlimited)
    browser = unlimited.test_client()
    page_csrf = csrf_of(browser.get("/").get_data(as_text=True))
    games = [store.create_game(PANIC, ["Ana", "Ben"], f"Game {n}") for n in range(MAX_GAMES + 1)]
    for game, token in games[:MAX_GAMES]:
        join_with(browser, game.id, token, page_csrf)
    with store.db.begin() as connection:
        connection.execute(text("UPDATE games SET status = 'finished' WHERE id = :id"), {"id": games[1][0].id})
    join_with(browser, games[-1][0].id, games[-1][1], page_csrf)
    kept = {game_id for game_id, _ in jar_of(browser)}
    assert len(kept) == MAX_GAMES
    assert games[1][0].id not in kept, "the finished game went"
    assert games[0][0].id in kept, "the oldest open game stayed"


def test_the_old_per_game_cookies_are_read_once_folded_in_and_cleared(unlimited: Any) -> None:
    store = store_of(unlimited)
    (one, one_token), (two, two_token) = (store.create_game(PANIC, ["Ana", "Ben"], t) for t in ("One", "Two"))
    browser = unlimited.test_client()
    browser.set_cookie(f"ts_token_{one.id}", one_token)
    browser.set_cookie(f"ts_token_{two.id}", two_token)
    answer = browser.get(f"/games/{one.id}/record")
    assert 'data-can-write="true"' in answer.get_data(as_text=True)
    cleared = [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("ts_token_")]
    assert len(cleared) == 2 and all("Max-Age=0" in c or "expires=Thu, 01 Jan 1970" in c for c in cleared)
    assert token_cookie(answer, two.id).value == two_token
    assert browser.get_cookie(f"ts_token_{one.id}") is None
    assert dict(jar_of(browser)) == {one.id: one_token, two.id: two_token}
    status, header = cookie_header(browser)
    assert status == 200 and "ts_token_" not in header


def test_a_revoked_device_sees_why_and_the_join_form_again(unlimited: Any) -> None:
    store = store_of(unlimited)
    game, owner = store.create_game(PANIC, ["Ana", "Ben"], "Friday")
    code = unlimited.test_client().post(f"/api/games/{game.id}/invites", json={},
                                        headers={"Authorization": f"Bearer {owner}"}).get_json()["code"]
    phone = unlimited.test_client()
    page = phone.get(f"/games/{game.id}/record").get_data(as_text=True)
    form_csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    joined = phone.post(f"/games/{game.id}/join", data={
        "csrf_token": form_csrf, "token": f"http://table.local/games/{game.id}/record#invite={code}",
        "label": "Ben's phone"})
    assert joined.status_code == 303
    token = token_cookie(joined, game.id).value
    assert token != owner and 'data-can-write="true"' in phone.get(f"/games/{game.id}/record").get_data(as_text=True)
    [ben] = [d for d in store.credentials.devices(game.id) if d.label == "Ben's phone"]
    store.credentials.revoke(store.credentials.writer(game, owner), ben.id)
    after = phone.get(f"/games/{game.id}/record")
    html = after.get_data(as_text=True)
    assert 'data-can-write="false"' in html and "access to the game was revoked" in html
    assert token_cookie(after, game.id) is None, "the revoked token is forgotten"
    again = phone.post(f"/games/{game.id}/join", data={"csrf_token": form_csrf, "token": f"#invite={code}"})
    assert again.status_code == 410 and "already used" in again.get_data(as_text=True)


def test_the_owner_replaces_the_owner_token_from_the_page_and_the_browser_keeps_the_new_one(unlimited: Any) -> None:
    browser = unlimited.test_client()
    page_csrf = csrf_of(browser.get("/").get_data(as_text=True))
    created = browser.post("/games", data={"csrf_token": page_csrf, "engine": PANIC, "player0": "Ana", "player1": "Ben"})
    game_id = created.headers["Location"].split("/games/")[1].split("/")[0]
    old = token_cookie(created, game_id).value
    page = browser.get(f"/games/{game_id}/record").get_data(as_text=True)
    assert 'id="owner-rotate"' in page, "the owner may replace the owner token"
    rotated = browser.post(f"/api/games/{game_id}/owner-token", json={}, headers={"X-CSRF-Token": csrf_of(page)})
    assert rotated.status_code == 200 and rotated.headers["Cache-Control"] == "no-store"
    new = rotated.get_json()["token"]
    assert dict(jar_of(browser))[game_id] == new != old
    draw = {"type": "card_drawn", "data": {}}
    assert browser.post(f"/api/games/{game_id}/events", json=draw, headers={"X-CSRF-Token": csrf_of(page)}).status_code == 201
    refused = unlimited.test_client().post(f"/api/games/{game_id}/events", json=draw,
                                           headers={"Authorization": f"Bearer {old}"})
    assert refused.status_code == 403 and refused.get_json()["error"] == "token_revoked"


def test_a_device_sees_no_owner_controls(unlimited: Any) -> None:
    store = store_of(unlimited)
    game, owner = store.create_game(PANIC, ["Ana", "Ben"], "Friday")
    invite = store.credentials.invite(store.credentials.writer(game, owner))
    device, _ = store.credentials.exchange(game.id, invite.code, "Ben's phone")
    phone = unlimited.test_client()
    phone.set_cookie("ts_tokens", f"{game.id}:{device}")
    page = phone.get(f"/games/{game.id}/record").get_data(as_text=True)
    assert 'data-can-write="true"' in page and 'id="invite-make"' in page and 'id="owner-rotate"' not in page
