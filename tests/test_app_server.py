"""The app server under attack (issue 22, parts 1 and 9), small: the server as
``make run`` starts it (serve/app_server.py), one worker with only 4 Flask threads,
so that anything that held a thread per client would show at once.

- Slow clients: sockets that stop inside their headers, or announce a body and send
  one byte of it, do not keep the health check from answering; a body that never
  completes is answered 408 once its deadline passes, and an announced body over
  the size cap 413, both with the API's JSON error body.
- Live follow: 200 open streams on one game (50 times the threads) each get the
  update of an event recorded meanwhile, and a new client still gets a page.

``make soak`` runs the same attacks large (soak/attacks.py, docs/RELIABILITY.md).
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest

from recorder.db import make_engine
from recorder.migrate import upgrade
from soak import attacks
from soak.run import Server
from tests.recorder.helpers import PLAYERS

THREADS = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("app-server")
    url = f"sqlite:///{folder / 'attacks.db'}"
    db = make_engine(url)
    upgrade(db)
    db.dispose()
    running = Server(url, 1, {"TABLESCRIBE_BODY_SECONDS": "2", "TABLESCRIBE_RATE_LIMITS": "off"},
                     output=folder / "server.log", threads=THREADS)
    running.start()
    yield running
    running.stop()


def new_game(server: Server) -> tuple[str, str]:
    status, game = attacks.request(server.port, "POST", "/api/games", {
        "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS]})
    assert status == 201, game
    return game["id"], game["write_token"]


def test_slow_sockets_do_not_keep_others_waiting(server: Server) -> None:
    assert server.process is not None
    report = attacks.slow_clients(server.port, server.process.pid, count=25 * THREADS, seconds=3)
    assert report.requests >= 5 and report.server_errors == 0, report
    # A threaded server with 4 threads held by slow bodies answers none of them.
    assert report.worst_seconds < attacks.PROBE_TIMEOUT, report


def test_a_body_that_never_completes_is_answered_408(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 50\r\n\r\n{\"engine\"")
        started = time.monotonic()
        answer = sock.recv(65536).decode()
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 408"), answer
    assert json.loads(body)["error"] == "request_timeout"
    assert time.monotonic() - started < 10


def test_a_body_announced_over_the_cap_is_refused_before_it_is_read(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 999999999999\r\n\r\n")
        answer = sock.recv(65536).decode()
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413"), answer
    assert json.loads(body)["error"] == "request_entity_too_large"


def test_two_hundred_streams_each_get_the_update_and_a_new_client_a_page(server: Server) -> None:
    assert server.process is not None
    game_id, token = new_game(server)

    def append() -> int:
        status, answer = attacks.request(server.port, "POST", f"/api/games/{game_id}/events",
                                         {"type": "card_drawn", "data": {}}, token)
        assert status == 201, answer
        return int(answer["version"]) if "version" in answer else int(answer["seq"])

    report, readers, version = attacks.many_streams(server.port, server.process.pid, game_id, append, 200)
    assert not any(reader.busy for reader in readers), "no stream was turned away"
    assert all(reader.hello.is_set() for reader in readers)
    missing = [n for n, reader in enumerate(readers) if version not in reader.updates]
    assert not missing, f"{len(missing)} of 200 streams never got the update"
    assert report.server_errors == 0 and report.requests >= 1, report

