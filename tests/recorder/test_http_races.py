"""Races and retries through a real HTTP server (issue 7), on SQLite and PostgreSQL.

Eight writers append to one game at once, each retrying on 409 with the version the
answer gives: every version holds exactly one event, the chain verifies, and every
event a writer saw acknowledged is there once.  Then the same on eight games at once,
and a matrix of idempotent retries: after success, after a conflict, after the client
gave up waiting, and from two clients at the same moment.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy import func, select

from recorder import close_app, create_app
from recorder.models import EventRow
from tests.browser.conftest import LiveServer
from tests.recorder.helpers import PLAYERS

WRITERS = 8
EVENTS_EACH = 6


@pytest.fixture
def server(db_url: str) -> Iterator[LiveServer]:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "races"})
    live = LiveServer(app)
    yield live
    live.stop()
    close_app(app)


def _call(url: str, method: str, path: str, body: Any = None, token: str | None = None,
          timeout: float = 30) -> tuple[int, Any]:
    """One request on its own connection, as separate devices make them."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def _new_game(server: LiveServer) -> tuple[str, str]:
    status, game = _call(server.url, "POST", "/api/games",
                         {"engine": "panic-in-the-air", "players": [{"name": n} for n in PLAYERS],
                          # An unknown deck size: draws never run the deck out, however many writers.
                          "options": {"deck_total": None}})
    assert status == 201
    return game["id"], game["write_token"]


def _writer(server: LiveServer, game_id: str, token: str, name: str, count: int,
            acknowledged: list[tuple[str, int]], errors: list[str], start: threading.Barrier) -> None:
    """Append ``count`` draws, each with its own idempotency key, retrying on 409 with
    the version the refusal names (the actor is left to the server: whoever is due)."""
    version = 0
    start.wait()
    for n in range(count):
        key = f"{name}-{n}"
        for _ in range(200):
            status, answer = _call(server.url, "POST", f"/api/games/{game_id}/events",
                                   {"type": "card_drawn", "data": {}, "expected_version": version,
                                    "idempotency_key": key}, token)
            if status == 409:
                version = answer["current_version"]
                continue
            if status == 429:
                time.sleep(answer["retry_after"])
                continue
            if status in (200, 201):
                acknowledged.append((key, answer["seq"]))
                version = answer["version"]
                break
            errors.append(f"{key}: {status} {answer}")
            return
        else:
            errors.append(f"{key}: still conflicting after 200 tries")


def _stored(server: LiveServer, game_id: str) -> list[tuple[int, str | None]]:
    with server.store.db.connect() as conn:
        rows = conn.execute(select(EventRow.seq, EventRow.idempotency_key)
                            .where(EventRow.game_id == game_id).order_by(EventRow.seq))
        return [(seq, key) for seq, key in rows]


def _race(server: LiveServer, games: list[tuple[str, str]], count: int) -> tuple[list[tuple[str, int]], list[str]]:
    acknowledged: list[tuple[str, int]] = []
    errors: list[str] = []
    start = threading.Barrier(WRITERS * len(games))
    threads = [threading.Thread(target=_writer,
                                args=(server, game_id, token, f"g{g}w{w}", count, acknowledged, errors, start))
               for g, (game_id, token) in enumerate(games) for w in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return acknowledged, errors


def _check_game(server: LiveServer, game_id: str, acknowledged: list[tuple[str, int]]) -> None:
    stored = _stored(server, game_id)
    assert [seq for seq, _ in stored] == list(range(1, len(stored) + 1)), "one event per version, no gap"
    keys = [key for _, key in stored]
    assert len(keys) == len(set(keys)), "no event stored twice"
    assert sorted(acknowledged) == sorted((key, seq) for seq, key in stored), "each acknowledged event, where acknowledged"
    assert server.store.verify(game_id)["ok"]


def test_eight_writers_on_one_game_lose_nothing_and_duplicate_nothing(server: LiveServer) -> None:
    game_id, token = _new_game(server)
    acknowledged, errors = _race(server, [(game_id, token)], EVENTS_EACH)
    assert errors == []
    assert len(acknowledged) == WRITERS * EVENTS_EACH
    _check_game(server, game_id, acknowledged)


def test_eight_writers_on_each_of_eight_games_keep_the_games_apart(server: LiveServer) -> None:
    games = [_new_game(server) for _ in range(8)]
    acknowledged, errors = _race(server, games, 2)  # 128 appends, kept short for make test
    assert errors == []
    for g, (game_id, _) in enumerate(games):
        mine = [(key, seq) for key, seq in acknowledged if key.startswith(f"g{g}w")]
        assert len(mine) == WRITERS * 2
        _check_game(server, game_id, mine)


# ------------------------------------------------------------------ idempotent retries

def _append(server: LiveServer, game_id: str, token: str, key: str, **extra: Any) -> tuple[int, Any]:
    body = {"type": "card_drawn", "data": {}, "idempotency_key": key, **extra}
    return _call(server.url, "POST", f"/api/games/{game_id}/events", body, token)


def _count(server: LiveServer, game_id: str) -> int:
    with server.store.db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(EventRow).where(EventRow.game_id == game_id)) or 0


def test_a_retry_after_success_gets_the_original_answer(server: LiveServer) -> None:
    game_id, token = _new_game(server)
    first = _append(server, game_id, token, "tap")
    again = _append(server, game_id, token, "tap")
    assert (first[0], again[0]) == (201, 200)
    assert {k: again[1][k] for k in ("seq", "version", "flags")} == {k: first[1][k] for k in ("seq", "version", "flags")}
    assert _count(server, game_id) == 1


def test_a_retry_after_a_conflict_is_stored_once_at_the_new_version(server: LiveServer) -> None:
    game_id, token = _new_game(server)
    _append(server, game_id, token, "other")
    refused = _append(server, game_id, token, "tap", expected_version=0)
    assert refused[0] == 409 and _count(server, game_id) == 1
    stored = _append(server, game_id, token, "tap", expected_version=refused[1]["current_version"])
    again = _append(server, game_id, token, "tap", expected_version=0)
    assert (stored[0], again[0], again[1]["seq"]) == (201, 200, 2), "a stale version does not matter once stored"
    assert _count(server, game_id) == 2


def test_a_retry_after_the_client_gave_up_waiting_finds_the_event(server: LiveServer) -> None:
    """The request reached the server, the answer never reached the phone."""
    game_id, token = _new_game(server)
    parts = urlsplit(server.url)
    body = json.dumps({"type": "card_drawn", "data": {}, "idempotency_key": "lost-answer"}).encode()
    with socket.create_connection((parts.hostname, parts.port)) as raw:
        raw.sendall(b"POST /api/games/%s/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Authorization: Bearer %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s"
                    % (game_id.encode(), token.encode(), len(body), body))
        raw.shutdown(socket.SHUT_WR)
        raw.settimeout(30)
        while raw.recv(65536):  # the server finishes; the client was gone for the answer
            pass
    retried = _append(server, game_id, token, "lost-answer")
    assert retried[0] == 200 and retried[1]["seq"] == 1
    assert _count(server, game_id) == 1


def test_two_clients_retrying_the_same_key_at_once_store_one_event(server: LiveServer) -> None:
    game_id, token = _new_game(server)
    answers: list[tuple[int, Any]] = []
    start = threading.Barrier(2)

    def tap() -> None:
        start.wait()
        answers.append(_append(server, game_id, token, "double-tap"))

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(status for status, _ in answers) == [200, 201]
    assert {answer["seq"] for _, answer in answers} == {1}
    assert _count(server, game_id) == 1


def test_the_same_key_with_another_body_is_refused(server: LiveServer) -> None:
    game_id, token = _new_game(server)
    _append(server, game_id, token, "tap")
    status, answer = _append(server, game_id, token, "tap", note="something else")
    assert status == 422 and answer["violations"][0]["code"] == "idempotency/key-reused"
    assert _count(server, game_id) == 1
