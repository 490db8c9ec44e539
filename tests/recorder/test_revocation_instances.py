"""A revocation holds at once across app instances (issue 22, part 7): two app servers on
one database, a device recording through one (whose head cache then holds the game), its
credential revoked through the other; its very next write is refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from soak.run import Server, _request
from tests.recorder.helpers import PLAYERS


@pytest.fixture
def instances(db_url: str) -> Iterator[tuple[Server, Server]]:
    servers = (Server(db_url, 1), Server(db_url, 1))
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


def test_a_device_revoked_through_one_instance_is_refused_at_once_by_the_other(
        instances: tuple[Server, Server]) -> None:
    admin, table = instances
    status, game = _request(admin.port, "POST", "/api/games", {
        "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS]})
    assert status == 201
    owner = game["write_token"]
    status, invite = _request(admin.port, "POST", f"/api/games/{game['id']}/invites", {}, owner)
    assert status == 201
    status, joined = _request(table.port, "POST", f"/api/games/{game['id']}/devices", {"invite": invite["code"]})
    assert status == 201
    device = joined["token"]
    draw = {"type": "card_drawn", "data": {}}
    for version in (1, 2, 3):  # the first the general way, then the table's cached head
        status, answer = _request(table.port, "POST", f"/api/games/{game['id']}/events", draw, device)
        assert (status, answer["version"]) == (201, version)

    status, _ = _request(admin.port, "POST", f"/api/games/{game['id']}/devices/{joined['device']['id']}/revoke",
                         {}, owner)
    assert status == 200
    status, refused = _request(table.port, "POST", f"/api/games/{game['id']}/events", draw, device)
    assert status == 403 and refused["error"] == "token_revoked"
    status, answer = _request(table.port, "POST", f"/api/games/{game['id']}/events", draw, owner)
    assert (status, answer["version"]) == (201, 4), "the owner still writes through the same instance"
