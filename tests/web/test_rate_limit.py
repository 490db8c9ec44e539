"""Rate limits (issue 7): writes per game token, new games and imports per client
address; a 429 names the wait and stores nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from recorder import close_app, create_app
from tests.web.test_home_page import csrf


@pytest.fixture
def limited(db_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "WRITE_BURST": 3, "WRITE_RATE": 0.01,
                      "CREATE_BURST": 2, "CREATE_RATE": 0.01})
    yield app
    close_app(app)


def _create(client: Any) -> Any:
    return client.post("/api/games", json={"engine": "panic-in-the-air",
                                           "players": [{"name": n} for n in ("Ana", "Ben", "Cy")]})


def _draw(client: Any, game: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game['id']}/events", json={"type": "card_drawn", "data": {}},
                       headers={"Authorization": f"Bearer {game['write_token']}"})


def test_a_token_writing_too_fast_gets_429_with_the_wait_and_nothing_stored(limited: Any) -> None:
    client = limited.test_client()
    one, two = _create(client).get_json(), _create(client).get_json()
    assert [_draw(client, one).status_code for _ in range(3)] == [201, 201, 201]
    refused = _draw(client, one)
    assert refused.status_code == 429 and refused.get_json()["error"] == "too_many_requests"
    assert int(refused.headers["Retry-After"]) == refused.get_json()["retry_after"] >= 1
    assert client.get(f"/api/games/{one['id']}").get_json()["version"] == 3
    assert _draw(client, two).status_code == 201, "another game's token has its own bucket"


def test_new_games_and_imports_from_one_address_are_limited(limited: Any) -> None:
    client = limited.test_client()
    assert [_create(client).status_code for _ in range(3)] == [201, 201, 429]
    form = {"csrf_token": csrf(client), "engine": "panic-in-the-air", "player0": "Ana", "player1": "Ben"}
    page = client.post("/games", data=form)
    assert page.status_code == 429 and "Too many new games" in page.get_data(as_text=True)
    assert client.post("/api/import", json={}).status_code == 429
    assert client.get("/api/games").get_json()["total"] == 2
    other = limited.test_client()
    elsewhere = other.post("/api/games", json={"engine": "panic-in-the-air",
                                               "players": [{"name": n} for n in ("Ana", "Ben", "Cy")]},
                           environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert elsewhere.status_code == 201, "another address has its own bucket"


def test_the_limits_can_be_turned_off(limited: Any) -> None:
    limited.config["RATE_LIMITS"] = False
    client = limited.test_client()
    assert {_create(client).status_code for _ in range(5)} == {201}


def _create_from(client: Any, forwarded_for: str, proto: str = "http") -> Any:
    return client.post("/api/games", json={"engine": "panic-in-the-air", "players": [{"name": "A"}, {"name": "B"}]},
                       headers={"X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": proto})


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_bucket(db_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "CREATE_BURST": 2, "CREATE_RATE": 0.01,
                      "TRUSTED_PROXIES": 1})
    try:
        client = app.test_client()  # every request comes from the proxy's one address
        assert [_create_from(client, "203.0.113.7").status_code for _ in range(3)] == [201, 201, 429]
        assert _create_from(client, "198.51.100.2").status_code == 201, "another client behind the same proxy"
    finally:
        close_app(app)


def test_without_trusted_proxies_forwarded_headers_are_ignored(limited: Any) -> None:
    client = limited.test_client()
    assert _create_from(client, "203.0.113.7").status_code == 201
    assert _create_from(client, "198.51.100.2").status_code == 201
    assert _create_from(client, "192.0.2.1").status_code == 429, "a client cannot pose as many by naming them"


def test_a_cookie_set_behind_an_https_proxy_is_secure(db_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "TRUSTED_PROXIES": 1})
    try:
        client = app.test_client()
        form = {"csrf_token": csrf(client), "engine": "panic-in-the-air", "player0": "Ana", "player1": "Ben"}
        created = client.post("/games", data=form, headers={"X-Forwarded-For": "203.0.113.7",
                                                            "X-Forwarded-Proto": "https"})
        assert created.status_code == 303
        cookie = next(v for k, v in created.headers.items() if k == "Set-Cookie" and v.startswith("ts_tokens="))
        assert "Secure" in cookie and "HttpOnly" in cookie
    finally:
        close_app(app)


def test_new_boards_from_one_address_are_limited_like_new_games(limited: Any) -> None:
    client = limited.test_client()
    body = {"engine": "isle-of-pan", "name": "Box", "data": {}}
    answers = [client.post("/api/boards", json={**body, "name": f"Box {i}"}) for i in range(3)]
    assert [a.status_code for a in answers] == [201, 200, 429]
    assert int(answers[2].headers["Retry-After"]) >= 1 and "boards" in answers[2].get_json()["message"]
    assert client.get("/api/boards").get_json()["total"] == 1
