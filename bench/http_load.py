"""Figures 2 and 5: load through the app server (granian) on loopback, from a separate process.

``python -m bench.http_load MODE PORT CLIENTS SECONDS LIMIT [GAME_IDS]`` runs
CLIENTS threads, each on its own keep-alive connection, until SECONDS have passed
or LIMIT requests were answered, and prints one JSON line: requests answered,
seconds, per second, p50 and p95 latency in milliseconds, its own CPU time per
request, and any status other than the one expected.  The parent (``bench.run``) starts the server and this
process, so the load generator never shares an interpreter (or a GIL) with either.

Modes:

- ``appends``: each client creates its own game and appends the Panic in the Air
  and Isle of Pan demo events to it, game after game (201 expected), with ``Prefer:
  return=minimal``, as a recording client that keeps its own view of the game would;
- ``frames``: each client is a viewer stepping through one of GAME_IDS (each
  ``id:steps:version``), asking for the frames batch by batch as the viewer page does
  (``?from=&count=20&board=parts&version=&build=``, gzip accepted), from the start again
  at the end (200 expected); it keeps no cache of its own, as a browser would;
- ``static``: each client asks for the same static file, the server's cheapest answer.
"""

from __future__ import annotations

import http.client
import itertools
import json
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from recorder.build import build_id
from recorder.demo import demo_games

BATCH = 20  # the viewer's batch (static/js/viewer/frames.js)
STATIC_PATH = "/static/css/app.css"
APPEND_ENGINES = ("panic-in-the-air", "isle-of-pan")
APPEND_PREFER = "return=minimal"  # figure 2's label says so (bench/run.py)


class Client:
    """One keep-alive connection, timing each request."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                parse: bool = False) -> tuple[int, Any, float]:
        """Status, the JSON answer when ``parse`` (else None: decoding a batch of frames
        here would load this process, which shares the cores with the server), seconds.
        Reads take gzip, as a browser's do (a parsed answer is asked for plain); appends
        ask for the minimal answer (``APPEND_PREFER``)."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if method == "GET" and not parse:
            headers["Accept-Encoding"] = "gzip"
        if method == "POST" and not parse:
            headers["Prefer"] = APPEND_PREFER
        if token:
            headers["Authorization"] = f"Bearer {token}"
        started = time.perf_counter()
        self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - started
        return response.status, json.loads(payload) if parse and payload else None, elapsed

    def close(self) -> None:
        self.conn.close()


def append_requests(client: Client) -> Iterator[tuple[str, str, Any, str | None, int]]:
    """(method, path, body, token, expected status) of appends, game after game; the
    game's creation is not timed (a new game is rare beside its events)."""
    demos = list(demo_games(only=APPEND_ENGINES))
    for demo in itertools.cycle(demos):
        status, game, _ = client.request("POST", "/api/games", {
            "engine": demo["engine"], "players": [{"name": name} for name in demo["players"]],
            "options": demo.get("options") or {}}, parse=True)
        if status != 201:
            raise RuntimeError(f"creating a game answered {status}: {game}")
        for event in demo["events"]:
            body = {"type": event["type"], "data": event.get("data", {})}
            if event.get("actor") is not None:
                body["actor"] = event["actor"]
            yield "POST", f"/api/games/{game['id']}/events", body, game["write_token"], 201


def frame_requests(game_id: str, steps: int, version: int) -> Iterator[tuple[str, str, Any, str | None, int]]:
    named = f"version={version}&build={build_id()}"  # as the viewer page names them (recorder/build.py)
    while True:
        for start in range(0, steps + 1, BATCH):
            yield "GET", f"/api/games/{game_id}/frames?from={start}&count={BATCH}&board=parts&{named}", None, None, 200


def static_requests() -> Iterator[tuple[str, str, Any, str | None, int]]:
    while True:
        yield "GET", STATIC_PATH, None, None, 200


def run(mode: str, port: int, clients: int, seconds: float, limit: int, games: list[tuple[str, int, int]]) -> dict[str, Any]:
    latencies: list[float] = []
    unexpected: dict[str, int] = {}
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    budget = itertools.count()

    def client_loop(index: int) -> None:
        client = Client(port)
        try:
            if mode == "appends":
                requests = append_requests(client)
            elif mode == "frames":
                requests = frame_requests(*games[index % len(games)])
            else:
                requests = static_requests()
            for method, path, body, token, expected in requests:
                if time.monotonic() >= deadline or next(budget) >= limit:
                    return
                status, answer, elapsed = client.request(method, path, body, token)
                with lock:
                    latencies.append(elapsed)
                    if status != expected:
                        unexpected[str(status)] = unexpected.get(str(status), 0) + 1
        finally:
            client.close()

    started, cpu_started = time.perf_counter(), time.process_time()
    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    ordered = sorted(latencies)
    return {
        "mode": mode, "clients": clients, "requests": len(ordered), "seconds": elapsed,
        "per_s": len(ordered) / elapsed,
        "p50_ms": statistics.median(ordered) * 1000 if ordered else float("nan"),
        "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1000 if ordered else float("nan"),
        "unexpected": unexpected,
        # This process's own CPU per request: it shares the machine's cores with the server.
        "client_cpu_us": cpu / max(len(ordered), 1) * 1e6,
    }


def main(argv: list[str]) -> None:
    mode, port, clients, seconds, limit = argv[0], int(argv[1]), int(argv[2]), float(argv[3]), int(argv[4])
    games = [(game_id, int(steps), int(version)) for game_id, steps, version in (item.split(":") for item in argv[5:])]
    print(json.dumps(run(mode, port, clients, seconds, limit, games)))


if __name__ == "__main__":
    main(sys.argv[1:])
