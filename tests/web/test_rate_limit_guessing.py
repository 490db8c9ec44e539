"""Rate limits cannot be bypassed (issue 22, part 10): wrong tokens share one bucket per
client address and game, whatever token each carries, and joining is limited too."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from recorder import close_app, create_app

BURST = 5


@pytest.fixture
def limited(db_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "WRITE_BURST": BURST, "WRITE_RATE": 0.01,
                      "JOIN_BURST": BURST, "JOIN_RATE": 0.01})
    yield app
    close_app(app)


def _game(client: Any) -> dict[str, Any]:
    return client.post("/api/games", json={"engine": "panic-in-the-air",
                                           "players": [{"name": n} for n in ("Ana", "Ben")]}).get_json()


def _draw(client: Any, game: dict[str, Any], token: str) -> int:
    return client.post(f"/api/games/{game['id']}/events", json={"type": "card_drawn", "data": {}},
                       headers={"Authorization": f"Bearer {token}"}).status_code


def _refused_after(statuses: list[int]) -> int:
    """How many requests went through before the first 429."""
    return statuses.index(429) if 429 in statuses else len(statuses)


def test_random_wrong_tokens_are_limited_after_as_many_as_one_wrong_token_repeated(limited: Any) -> None:
    client = limited.test_client()
    one, other = _game(client), _game(client)
    repeated = [_draw(client, one, "wrong") for _ in range(BURST + 3)]
    random_tokens = [_draw(client, other, secrets.token_urlsafe(32)) for _ in range(BURST + 3)]
    assert _refused_after(repeated) == _refused_after(random_tokens) == BURST
    assert set(random_tokens[:BURST]) == {403} and set(random_tokens[BURST:]) == {429}
    assert _draw(client, other, other["write_token"]) == 429, "the right token from that address waits too"
    elsewhere = limited.test_client()
    assert elsewhere.post(f"/api/games/{other['id']}/events", json={"type": "card_drawn", "data": {}},
                          headers={"Authorization": f"Bearer {other['write_token']}"},
                          environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 201, \
        "another address has its own bucket"


def test_joining_is_limited_per_address_through_the_page_and_the_api(limited: Any) -> None:
    client = limited.test_client()
    game = _game(client)
    page = client.get(f"/games/{game['id']}/record").get_data(as_text=True)
    form_csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    statuses = [client.post(f"/games/{game['id']}/join", data={"csrf_token": form_csrf, "token": secrets.token_urlsafe(16)}
                            ).status_code for _ in range(BURST)]
    assert set(statuses) == {403}
    limited_page = client.post(f"/games/{game['id']}/join", data={"csrf_token": form_csrf, "token": "guess"})
    assert limited_page.status_code == 429 and "Too many attempts to join" in limited_page.get_data(as_text=True)
    by_api = client.post(f"/api/games/{game['id']}/devices", json={"invite": "guess"})
    assert by_api.status_code == 429 and int(by_api.headers["Retry-After"]) >= 1
