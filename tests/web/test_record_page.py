"""The recording page: creating a game from the form, the write cookie, CSRF on
cookie writes, joining from a second device, and escaping."""

from __future__ import annotations

import json
import re
from http.cookies import SimpleCookie
from typing import Any

from recorder.http.auth import parse_jar
from recorder.store import EventStore

PANIC = "panic-in-the-air"


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def csrf(client: Any, path: str = "/") -> str:
    return csrf_of(client.get(path).get_data(as_text=True))


def token_cookie(response: Any, game_id: str) -> Any:
    """The browser's one ``ts_tokens`` morsel among the response's Set-Cookie headers, its
    value this game's token in it; None when it holds none for the game."""
    for header in response.headers.getlist("Set-Cookie"):
        cookie = SimpleCookie()
        cookie.load(header)
        if "ts_tokens" in cookie:
            morsel = cookie["ts_tokens"]
            token = dict(parse_jar(morsel.value)).get(game_id)
            if token is None:
                return None
            morsel.set("ts_tokens", token, token)
            return morsel
    return None


def page_data(page: str) -> dict[str, Any]:
    raw = re.search(r'<script type="application/json" id="record-data">(.*?)</script>', page, re.DOTALL).group(1)  # type: ignore[union-attr]
    return json.loads(raw)  # type: ignore[no-any-return]


def store_of(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def create_from_form(client: Any, app: Any, title: str = "Friday") -> tuple[str, Any]:
    form = {"csrf_token": csrf(client), "engine": PANIC, "title": title,
            "player0": "Ana", "player1": "Ben", "player2": "Cy"}
    response = client.post("/games", data=form)
    game = store_of(app).list_games()[0][0]
    return game.id, response


def test_creating_a_game_redirects_to_recording_with_an_httponly_strict_cookie(client: Any, app: Any) -> None:
    game_id, response = create_from_form(client, app)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}/record?created=1")
    cookie = token_cookie(response, game_id)
    assert cookie is not None and cookie.value
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Strict"
    assert cookie["path"] == "/" and int(cookie["max-age"]) == 30 * 24 * 3600
    # The cookie holds this game's write token.
    store_of(app).authorize(game_id, cookie.value)


def test_the_form_without_csrf_is_refused_and_creates_nothing(client: Any, app: Any) -> None:
    client.get("/")  # a session exists, but the form does not echo its token
    response = client.post("/games", data={"engine": PANIC, "player0": "Ana", "player1": "Ben"})
    assert response.status_code == 400
    assert store_of(app).list_games()[1] == 0
    wrong = client.post("/games", data={"csrf_token": "forged", "engine": PANIC, "player0": "Ana", "player1": "Ben"})
    assert wrong.status_code == 400 and store_of(app).list_games()[1] == 0


def test_the_record_page_with_the_cookie_offers_invites_and_never_holds_the_token(client: Any, app: Any) -> None:
    game_id, response = create_from_form(client, app)
    token = token_cookie(response, game_id).value
    answer = client.get(f"/games/{game_id}/record?created=1")
    assert answer.headers["Cache-Control"] == "no-store", "the page depends on the browser's credentials"
    page = answer.get_data(as_text=True)
    assert token not in page, "the page holds no long-lived token: invites are made on demand"
    assert 'id="invite-make"' in page and 'class="invite-qr"' in page and 'id="device-list"' in page
    assert 'data-invite-now="true"' in page, "a new game makes its first invite at once"
    assert page_data(page)["urls"]["invites"] == f"/api/games/{game_id}/invites"
    assert "Game created." in page and 'id="invite" aria-labelledby="invite-title" hidden' not in page
    assert 'data-can-write="true"' in page
    assert f'href="/games/{game_id}"' in page  # the viewer
    assert 'src="/static/js/record.js"' in page and 'type="module"' in page
    # Later visits keep the invitation behind "Invite another device".
    later = client.get(f"/games/{game_id}/record").get_data(as_text=True)
    assert 'id="invite-open"' in later and "Game created." not in later and token not in later
    # The token never travels in a query string.
    assert f"?token={token}" not in page and f"&token={token}" not in page


def test_the_record_page_carries_the_engine_forms_in_schema_order(client: Any, app: Any) -> None:
    game_id, _ = create_from_form(client, app)
    data = page_data(client.get(f"/games/{game_id}/record").get_data(as_text=True))
    assert data["players"] == ["Ana", "Ben", "Cy"]
    assert data["urls"]["events"] == f"/api/games/{game_id}/events"
    played = data["engine"]["event_types"]["card_played"]
    assert list(played["properties"]) == ["target", "card"]  # as declared, not sorted
    assert list(played["properties"]["card"]["properties"]) == ["kind", "value", "direction"]
    assert {"undo", "void", "amend", "note"} <= set(data["engine"]["event_types"])


def test_without_the_cookie_the_page_explains_and_offers_the_join_form(client: Any, app: Any) -> None:
    game, token = store_of(app).create_game(PANIC, ["Ana", "Ben"], "Elsewhere")
    page = client.get(f"/games/{game.id}/record").get_data(as_text=True)
    assert "Recording needs an invite from a device that records this game" in page
    assert f'action="/games/{game.id}/join"' in page and 'name="csrf_token"' in page
    assert 'name="token"' in page
    assert "<svg" not in page and token not in page and "record-data" not in page
    assert 'data-can-write="false"' in page


def test_a_cookie_write_needs_the_csrf_header(client: Any, app: Any) -> None:
    game_id, _ = create_from_form(client, app)
    page = client.get(f"/games/{game_id}/record").get_data(as_text=True)
    body = {"type": "card_drawn", "data": {}, "expected_version": 0, "idempotency_key": "k1"}
    refused = client.post(f"/api/games/{game_id}/events", json=body)
    assert refused.status_code == 403 and "X-CSRF-Token" in refused.get_json()["message"]
    assert store_of(app).get_game(game_id).version == 0
    forged = client.post(f"/api/games/{game_id}/events", json=body, headers={"X-CSRF-Token": "forged"})
    assert forged.status_code == 403 and store_of(app).get_game(game_id).version == 0
    accepted = client.post(f"/api/games/{game_id}/events", json=body, headers={"X-CSRF-Token": csrf_of(page)})
    assert accepted.status_code == 201 and accepted.get_json()["seq"] == 1
    assert store_of(app).get_game(game_id).version == 1


def test_a_write_without_cookie_or_token_is_refused(app: Any) -> None:
    game, _ = store_of(app).create_game(PANIC, ["Ana", "Ben"], "No pen")
    stranger = app.test_client()
    page = stranger.get(f"/games/{game.id}/record").get_data(as_text=True)
    answer = stranger.post(f"/api/games/{game.id}/events", json={"type": "card_drawn"},
                           headers={"X-CSRF-Token": csrf_of(page)})
    assert answer.status_code == 401 and store_of(app).get_game(game.id).version == 0


def test_joining_with_a_wrong_token_is_403_and_with_the_right_one_sets_the_cookie(client: Any, app: Any) -> None:
    game_id, response = create_from_form(client, app)
    token = token_cookie(response, game_id).value
    second = app.test_client()
    page = second.get(f"/games/{game_id}/record").get_data(as_text=True)
    form_csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]

    wrong = second.post(f"/games/{game_id}/join", data={"csrf_token": form_csrf, "token": "not-the-token"})
    assert wrong.status_code == 403 and token_cookie(wrong, game_id) is None
    assert "not an invite to this game" in wrong.get_data(as_text=True)
    assert 'name="token"' in wrong.get_data(as_text=True)  # the form again, to retry

    no_csrf = second.post(f"/games/{game_id}/join", data={"token": token})
    assert no_csrf.status_code == 400 and token_cookie(no_csrf, game_id) is None

    right = second.post(f"/games/{game_id}/join", data={"csrf_token": form_csrf, "token": token})
    assert right.status_code == 303 and right.headers["Location"].endswith(f"/games/{game_id}/record")
    cookie = token_cookie(right, game_id)
    assert cookie.value == token and cookie["httponly"] is True and cookie["samesite"] == "Strict"
    joined = second.get(f"/games/{game_id}/record").get_data(as_text=True)
    assert 'data-can-write="true"' in joined and 'id="invite-make"' in joined


def test_joining_accepts_the_whole_link_pasted(client: Any, app: Any) -> None:
    game_id, response = create_from_form(client, app)
    token = token_cookie(response, game_id).value
    second = app.test_client()
    form_csrf = csrf(second, f"/games/{game_id}/record")
    link = f"http://table.local:5000/games/{game_id}/record#token={token}"
    right = second.post(f"/games/{game_id}/join", data={"csrf_token": form_csrf, "token": f"  {link} "})
    assert right.status_code == 303 and token_cookie(right, game_id).value == token


def test_a_stale_or_wrong_cookie_does_not_unlock_the_page(app: Any) -> None:
    game, _ = store_of(app).create_game(PANIC, ["Ana", "Ben"], "Locked")
    visitor = app.test_client()
    visitor.set_cookie(f"ts_token_{game.id}", "guessed")
    page = visitor.get(f"/games/{game.id}/record").get_data(as_text=True)
    assert 'data-can-write="false"' in page and "<svg" not in page and "guessed" not in page


def test_user_text_is_escaped(app: Any) -> None:
    evil_title = "<script>alert('t')</script>"
    evil_name = "<img src=x onerror=alert(1)>"
    game, token = store_of(app).create_game(PANIC, [evil_name, "Ben"], evil_title)
    writer = app.test_client()
    writer.set_cookie(f"ts_token_{game.id}", token)
    for page in (writer.get(f"/games/{game.id}/record").get_data(as_text=True),
                 app.test_client().get(f"/games/{game.id}/record").get_data(as_text=True)):
        assert evil_title not in page and "<img src=x" not in page
        assert "&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;" in page
        assert "&lt;img src=x onerror=alert(1)&gt;" in page
    # In the page's JSON island, < and > are escaped too, so it cannot close the script.
    island = writer.get(f"/games/{game.id}/record").get_data(as_text=True)
    raw = re.search(r'id="record-data">(.*?)</script>', island, re.DOTALL).group(1)  # type: ignore[union-attr]
    assert "<" not in raw and "\\u003cimg src=x" in raw
    assert page_data(island)["players"][0] == evil_name


def test_unknown_game_is_404_for_record_and_join(client: Any) -> None:
    missing = "0" * 32
    assert client.get(f"/games/{missing}/record").status_code == 404
    form_csrf = csrf(client)
    assert client.post(f"/games/{missing}/join", data={"csrf_token": form_csrf, "token": "x"}).status_code == 404


def test_the_script_modules_are_served(client: Any) -> None:
    for path in ("js/record.js", "js/record/app.js", "js/record/api.js", "js/dom.js", "js/record/ask.js",
                 "js/record/join.js", "js/record/schema-form.js", "css/record.css"):
        response = client.get(f"/static/{path}")
        assert response.status_code == 200, path
        response.close()
    api = client.get("/static/js/record/api.js")
    source = api.get_data(as_text=True)
    api.close()
    # Writes carry the CSRF header and the cookie, never an Authorization header.
    assert '"X-CSRF-Token"' in source and 'credentials: "same-origin"' in source
    assert "Authorization" not in source
