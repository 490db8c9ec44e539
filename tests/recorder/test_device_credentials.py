"""Per-device write credentials (issue 22, part 7): an invite is a short-lived, single-use
code a device exchanges for its own token; the owner lists, revokes and rotates; and a
revocation holds at once, in this app and in another app on the same database, on the
appends judged on a cached head of the game too."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from recorder import close_app, create_app
from recorder.store import EventStore
from tests.recorder.helpers import PLAYERS

PANIC = "panic-in-the-air"


@pytest.fixture
def two_apps(db_url: str) -> Iterator[tuple[Any, Any]]:
    """Two app instances on one database, each with its own store and head cache."""
    apps = tuple(create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMITS": False}) for _ in range(2))
    yield apps  # type: ignore[misc]
    for app in apps:
        close_app(app)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(client: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json={"engine": PANIC, "players": [{"name": p} for p in PLAYERS]})
    assert answer.status_code == 201
    return answer.get_json()  # type: ignore[no-any-return]


def invite(client: Any, game: dict[str, Any], token: str) -> str:
    answer = client.post(f"/api/games/{game['id']}/invites", json={}, headers=bearer(token))
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["join_url"].endswith(f"/games/{game['id']}/record#invite={body['code']}")
    assert body["qr_svg"].startswith("<svg")
    return body["code"]  # type: ignore[no-any-return]


def join(client: Any, game: dict[str, Any], code: str, label: str | None = "Ana's phone") -> Any:
    return client.post(f"/api/games/{game['id']}/devices", json={"invite": code, "label": label})


def device(client: Any, game: dict[str, Any], owner: str, label: str = "Ana's phone") -> dict[str, Any]:
    answer = join(client, game, invite(client, game, owner), label)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()  # type: ignore[no-any-return]


def draw(client: Any, game: dict[str, Any], token: str) -> Any:
    return client.post(f"/api/games/{game['id']}/events", json={"type": "card_drawn", "data": {}},
                       headers=bearer(token))


def store_of(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def test_an_invite_gives_a_device_its_own_token_and_works_once(client: Any) -> None:
    game = new_game(client)
    code = invite(client, game, game["write_token"])
    joined = join(client, game, code)
    assert joined.status_code == 201
    token = joined.get_json()["token"]
    assert token != game["write_token"] and joined.get_json()["device"]["label"] == "Ana's phone"
    assert [draw(client, game, token).status_code for _ in range(3)] == [201, 201, 201]
    again = join(client, game, code)
    assert again.status_code == 410 and again.get_json()["error"] == "invite_used"
    unknown = join(client, game, "not-a-code")
    assert unknown.status_code == 403 and unknown.get_json()["error"] == "invite_unknown"
    elsewhere = new_game(client)
    assert join(client, elsewhere, invite(client, game, token)).get_json()["error"] == "invite_unknown", \
        "an invite is for its own game only"
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 3


def test_an_invite_expires_after_ten_minutes(client: Any, app: Any) -> None:
    game = new_game(client)
    credentials = store_of(app).credentials
    made = credentials.now()
    credentials.now = lambda: made
    early, late = invite(client, game, game["write_token"]), invite(client, game, game["write_token"])
    credentials.now = lambda: made + timedelta(minutes=9, seconds=59)
    assert join(client, game, early).status_code == 201
    credentials.now = lambda: made + timedelta(minutes=10)
    expired = join(client, game, late)
    assert expired.status_code == 410 and expired.get_json()["error"] == "invite_expired"
    assert "expired" in expired.get_json()["message"]


def test_a_device_without_a_label_is_named_after_its_browser(client: Any) -> None:
    game = new_game(client)
    phone = client.post(f"/api/games/{game['id']}/devices", json={"invite": invite(client, game, game["write_token"])},
                        headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) "
                                               "AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1"})
    assert phone.get_json()["device"]["label"] == "Safari on iPhone"


def test_the_owner_lists_and_revokes_a_device_whose_next_writes_are_refused(client: Any) -> None:
    game = new_game(client)
    owner = game["write_token"]
    ana, ben = device(client, game, owner, "Ana's phone"), device(client, game, owner, "Ben's tablet")
    listed = client.get(f"/api/games/{game['id']}/devices", headers=bearer(owner)).get_json()
    assert [d["label"] for d in listed["devices"]] == ["Owner token (from the game's creation)", "Ana's phone", "Ben's tablet"]
    assert listed["you"] == "owner" and listed["may_revoke"] is True
    assert draw(client, game, ana["token"]).status_code == 201 and draw(client, game, ana["token"]).status_code == 201

    # A device may not revoke another; the owner may.
    by_ben = client.post(f"/api/games/{game['id']}/devices/{ana['device']['id']}/revoke", json={},
                         headers=bearer(ben["token"]))
    assert by_ben.status_code == 403
    revoked = client.post(f"/api/games/{game['id']}/devices/{ana['device']['id']}/revoke", json={},
                          headers=bearer(owner))
    assert revoked.status_code == 200 and revoked.get_json()["revoked_at"]

    refused = draw(client, game, ana["token"])
    assert refused.status_code == 403 and refused.get_json()["error"] == "token_revoked"
    assert "revoked" in refused.get_json()["message"]
    voided = client.post(f"/api/games/{game['id']}/events", headers=bearer(ana["token"]), json={
        "type": "void", "data": {"target_seq": 1, "reason": "mine", "force": True}})
    assert voided.status_code == 403, "no correction either"
    assert client.post(f"/api/games/{game['id']}/invites", json={}, headers=bearer(ana["token"])).status_code == 403
    assert draw(client, game, ben["token"]).status_code == 201, "the other device keeps writing"
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 3
    rows = client.get(f"/api/games/{game['id']}/devices", headers=bearer(owner)).get_json()["devices"]
    assert [d["revoked_at"] is not None for d in rows] == [False, True, False], "revoked is marked, not deleted"


def test_a_device_may_revoke_itself(client: Any) -> None:
    game = new_game(client)
    ana = device(client, game, game["write_token"])
    left = client.post(f"/api/games/{game['id']}/devices/{ana['device']['id']}/revoke", json={},
                       headers=bearer(ana["token"]))
    assert left.status_code == 200 and draw(client, game, ana["token"]).status_code == 403


def test_rotating_the_owner_token_retires_the_old_one_and_spends_open_invites(client: Any) -> None:
    game = new_game(client)
    old = game["write_token"]
    ana = device(client, game, old)
    code = invite(client, game, old)
    assert client.post(f"/api/games/{game['id']}/owner-token", json={}, headers=bearer(ana["token"])).status_code == 403
    rotated = client.post(f"/api/games/{game['id']}/owner-token", json={}, headers=bearer(old))
    assert rotated.status_code == 200
    new = rotated.get_json()["token"]
    refused = draw(client, game, old)
    assert refused.status_code == 403 and refused.get_json()["error"] == "token_revoked"
    assert draw(client, game, new).status_code == 201 and draw(client, game, ana["token"]).status_code == 201
    assert join(client, game, code).get_json()["error"] == "invite_expired"
    rows = client.get(f"/api/games/{game['id']}/devices", headers=bearer(new)).get_json()["devices"]
    assert [(d["role"], d["revoked_at"] is not None) for d in rows] == [
        ("owner", False), ("owner", True), ("device", False)]


def test_a_revocation_in_one_app_holds_at_once_in_the_other_on_its_cached_head(two_apps: tuple[Any, Any]) -> None:
    here, there = (app.test_client() for app in two_apps)
    game = new_game(here)
    ana = device(here, game, game["write_token"])
    # ``there`` writes twice with the device token: its head of the game (and the token)
    # is cached, so its next append is judged on it.
    assert [draw(there, game, ana["token"]).status_code for _ in range(2)] == [201, 201]
    assert store_of(two_apps[1])._heads.latest(game["id"]) is not None
    revoked = here.post(f"/api/games/{game['id']}/devices/{ana['device']['id']}/revoke", json={},
                        headers=bearer(game["write_token"]))
    assert revoked.status_code == 200
    refused = draw(there, game, ana["token"])
    assert refused.status_code == 403 and refused.get_json()["error"] == "token_revoked"
    assert there.get(f"/api/games/{game['id']}").get_json()["version"] == 2


def test_an_owner_token_rotated_in_one_app_is_refused_at_once_by_the_other(two_apps: tuple[Any, Any]) -> None:
    here, there = (app.test_client() for app in two_apps)
    game = new_game(there)  # ``there`` made the game: its head holds the owner token's digest
    assert draw(there, game, game["write_token"]).status_code == 201
    new = here.post(f"/api/games/{game['id']}/owner-token", json={},
                    headers=bearer(game["write_token"])).get_json()["token"]
    assert draw(there, game, game["write_token"]).status_code == 403
    assert draw(there, game, new).status_code == 201
    assert there.get(f"/api/games/{game['id']}").get_json()["version"] == 2


def test_a_wrong_token_is_never_judged_on_the_head(client: Any, app: Any) -> None:
    game = new_game(client)
    assert draw(client, game, game["write_token"]).status_code == 201
    before = store_of(app)._heads.latest(game["id"])
    wrong = draw(client, game, "x" * 43)
    assert wrong.status_code == 403 and wrong.get_json()["error"] == "forbidden"
    assert store_of(app)._heads.latest(game["id"]) is before


def test_the_api_describes_the_device_endpoints(client: Any) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert {"/api/games/{game_id}/invites", "/api/games/{game_id}/devices",
            "/api/games/{game_id}/devices/{device_id}/revoke", "/api/games/{game_id}/owner-token"} <= set(paths)
    assert "410" in paths["/api/games/{game_id}/devices"]["post"]["responses"]
