"""Two app instances on one database (issue 7): a viewer following a game on one
sees the events recorded through the other, promptly.  On PostgreSQL the
instances' polling and heartbeat are set 30 s apart, so only NOTIFY can be that
quick; on SQLite the streams poll.  (That appends through two instances never
fork a game is the soak's "two instances" scenario, quick in tests/test_soak.py.)"""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator

import pytest

from soak.run import Server, _request
from tests.recorder.helpers import PLAYERS

SSE_TIMEOUT_SECONDS = 20


@pytest.fixture
def instances(db_url: str) -> Iterator[tuple[Server, Server]]:
    poll = "0.2" if db_url.startswith("sqlite") else "30"
    env = {"TABLESCRIBE_LIVE_POLL_SECONDS": poll, "TABLESCRIBE_LIVE_HEARTBEAT_SECONDS": "30",
           "GUNICORN_CMD_ARGS": "--graceful-timeout 1"}  # open streams need not hold up the stop
    servers = (Server(db_url, 1, env), Server(db_url, 1, env))
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


def sse_events(port: int, path: str) -> Iterator[tuple[str, dict[str, object]]]:
    """(event name, data) as the server sends them, until the stream ends."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=SSE_TIMEOUT_SECONDS)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    response = conn.getresponse()
    assert response.status == 200
    name = None
    try:
        while line := response.fp.readline():
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                name = text[len("event: "):]
            elif text.startswith("data: ") and name:
                yield name, json.loads(text[len("data: "):])
                name = None
    finally:
        conn.close()


def test_a_viewer_on_one_instance_sees_events_recorded_through_the_other(
        instances: tuple[Server, Server]) -> None:
    viewed, recorded = instances
    status, game = _request(recorded.port, "POST", "/api/games", {
        "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS]})
    assert status == 201
    events = sse_events(viewed.port, f"/api/games/{game['id']}/stream")
    try:
        follow_three_events(events, recorded, game)
    finally:
        events.close()


def follow_three_events(events: Iterator[tuple[str, dict[str, object]]], recorded: Server,
                        game: dict[str, str]) -> None:
    assert next(events) == ("hello", {"version": 0})
    time.sleep(1)  # the viewing instance's LISTEN connection is up, its stream waiting
    for version in (1, 2, 3):
        sent = time.monotonic()
        status, answer = _request(recorded.port, "POST", f"/api/games/{game['id']}/events",
                                  {"type": "card_drawn", "data": {}}, game["write_token"])
        assert (status, answer["seq"]) == (201, version)
        name, data = next(events)
        delay = time.monotonic() - sent
        assert (name, data["version"], data["steps"]) == ("update", version, version)
        assert delay < 5, f"update {version} took {delay:.1f} s"
