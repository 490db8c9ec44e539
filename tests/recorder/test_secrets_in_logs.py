"""No write token and no secret key in the logs or in any answer but the one that
hands the token out (issue 7).

The app server runs as in production, with its access log and its debug-level log
(the app's own log lines go there too) written to one file.  Every way a token
travels is used: the Bearer header (right, wrong, another game's), the browser's
cookie with and without the CSRF header, the join form, the recording page.
"""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from recorder.db import make_engine
from recorder.migrate import upgrade
from soak.run import Server
from tests.recorder.helpers import PLAYERS

SECRET_KEY = "not-for-any-page-0f9a8b7c6d5e4f3a2b1c"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    url = f"sqlite:///{tmp_path / 'logs.db'}"
    db = make_engine(url)
    upgrade(db)
    db.dispose()
    env = {"TABLESCRIBE_SECRET_KEY": SECRET_KEY}
    running = Server(url, 1, env, output=tmp_path / "server.log", log_level="debug", access_log=True)
    running.start()
    yield running
    running.stop()


class Browser:
    """Just enough of a browser: a cookie jar and every answer kept."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.answers: list[str] = []

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
                self.answers.append(f"Set-Cookie: {name}")  # the cookie's value is the token: expected
        conn.close()
        self.answers.append(text)
        return response.status, text

    def post_json(self, path: str, payload: Any, headers: dict[str, str] | None = None) -> tuple[int, str]:
        return self.send("POST", path, json.dumps(payload).encode(),
                         {"Content-Type": "application/json", **(headers or {})})


def test_tokens_and_the_secret_key_stay_out_of_logs_and_pages(server: Server, tmp_path: Path) -> None:
    program = Browser(server.port)
    status, created = program.post_json("/api/games", {"engine": "panic-in-the-air",
                                                       "players": [{"name": p} for p in PLAYERS]})
    assert status == 201
    game = json.loads(created)
    token, game_id = game["write_token"], game["id"]
    _, other = program.post_json("/api/games", {"engine": "panic-in-the-air", "players": [{"name": "A"}, {"name": "B"}]})
    other_token = json.loads(other)["write_token"]
    program.answers.clear()  # the one answer that hands tokens out

    draw = {"type": "card_drawn", "data": {}}
    events = f"/api/games/{game_id}/events"
    assert program.post_json(events, draw, {"Authorization": f"Bearer {token}"})[0] == 201
    assert program.post_json(events, draw, {"Authorization": f"Bearer {token[::-1]}"})[0] == 403
    assert program.post_json(events, draw, {"Authorization": f"Bearer {other_token}"})[0] == 403
    assert program.post_json(events, {"type": "card_drawn", "data": {"x": 1}},
                             {"Authorization": f"Bearer {token}"})[0] == 400

    phone = Browser(server.port)
    status, page = phone.send("GET", f"/games/{game_id}/record")
    assert status == 200
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf, "the join form carries a CSRF token"
    form = urlencode({"csrf_token": csrf.group(1), "token": token}).encode()
    status, _ = phone.send("POST", f"/games/{game_id}/join", form,
                           {"Content-Type": "application/x-www-form-urlencoded"})
    assert status in (302, 303)
    assert phone.cookies.get("ts_tokens", "").startswith(f"{game_id}:")
    status, holders_page = phone.send("GET", f"/games/{game_id}/record")
    assert status == 200
    assert token not in holders_page, "a holder's page never holds the token: invites are made on demand"
    assert phone.post_json(events, draw)[0] == 403, "a cookie alone, without the CSRF header, writes nothing"
    meta = re.search(r'<meta name="csrf-token" content="([^"]+)"', holders_page)
    assert meta
    assert phone.post_json(events, draw, {"X-CSRF-Token": meta.group(1)})[0] == 201

    stranger = Browser(server.port)
    stranger_csrf = re.search(r'name="csrf_token" value="([^"]+)"', stranger.send("GET", f"/games/{game_id}/record")[1])
    assert stranger_csrf
    wrong = urlencode({"csrf_token": stranger_csrf.group(1), "token": other_token}).encode()
    assert stranger.send("POST", f"/games/{game_id}/join", wrong,
                         {"Content-Type": "application/x-www-form-urlencoded"})[0] == 403
    server.stop()

    log = (tmp_path / "server.log").read_text()
    assert f"POST {events}" in log, "the access log was written"
    everything = "\n".join([log, *program.answers, *phone.answers, *stranger.answers])
    for secret in (token, other_token, token[::-1], SECRET_KEY):
        assert secret not in everything
