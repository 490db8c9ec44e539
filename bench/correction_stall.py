"""One game's corrections against every other game's writes (issue 22, part 2).

A game of 100,000 events (built by appends judged on the game's head, without fsync, to save
minutes), then, through the Flask app on one SQLite file:

- one thread sends 12 forced voids of early events of that game, each of which
  folds the whole game to judge it;
- one thread appends to another game all the while;
- one thread creates 8 games, one after another, while the voids run.

Prints each void's seconds, the other game's worst append wait, and every 5xx by
status (500: an error nobody handled; 503: busy, with Retry-After).  Before the
fold moved out of the write lock, the other append waited for whole voids and game
creations met ``database is locked``.

    .venv/bin/python -m bench.correction_stall [--events 100000] [--voids 12]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.appends import new_store
from bench.seek import OPTIONS, PLAYERS, synthetic_events
from recorder import close_app, create_app

SEATS = [{"name": name} for name in PLAYERS]


def build(path: Path, length: int) -> tuple[str, str]:
    """The long game: ``length`` synthetic events of Panic in the Air."""
    builder = new_store(path, synchronous="OFF")
    game, token = builder.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    events = synthetic_events()
    for _ in range(length):
        builder.append(game.id, token, next(events))
    builder.db.dispose()
    return game.id, token


def run(events: int, voids: int, creations: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stall.db"
        started = time.perf_counter()
        long_id, long_token = build(path, events)
        built = time.perf_counter() - started
        app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATE_LIMITS": False, "SNAPSHOT_EVERY": 100,
                          "FRAMES_SHARED_DIR": str(path.parent / "frames")})
        try:
            return {"built_seconds": round(built, 1), **_contend(app, long_id, long_token, voids, creations)}
        finally:
            close_app(app)


def _contend(app: Any, long_id: str, long_token: str, voids: int, creations: int) -> dict[str, Any]:
    client = app.test_client()
    other = client.post("/api/games", json={"engine": "panic-in-the-air", "players": SEATS,
                                            "options": OPTIONS}).get_json()
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    void_seconds: list[float] = []
    waits: list[float] = []
    creation_statuses: list[int] = []
    voiding = threading.Event()
    done = threading.Event()

    def count(status: int) -> None:
        with lock:
            statuses[status] += 1

    def void_all() -> None:
        c = app.test_client()
        voiding.set()
        # Every other early event, so that no void targets one already retracted.
        for target in range(1, 2 * voids, 2):
            began = time.perf_counter()
            answer = c.post(f"/api/games/{long_id}/events", headers={"Authorization": f"Bearer {long_token}"},
                            json={"type": "void", "data": {"target_seq": target, "reason": "bench", "force": True}})
            void_seconds.append(time.perf_counter() - began)
            count(answer.status_code)
        done.set()

    def append_other() -> None:
        c = app.test_client()
        moves = synthetic_events()
        voiding.wait()
        while not done.is_set():
            move = next(moves)
            began = time.perf_counter()
            answer = c.post(f"/api/games/{other['id']}/events",
                            headers={"Authorization": f"Bearer {other['write_token']}"},
                            json={"type": move.type, "data": move.data, "actor": move.actor})
            waits.append(time.perf_counter() - began)
            count(answer.status_code)
            if answer.status_code != 201:
                moves = synthetic_events()  # stay in step with the game as stored
                time.sleep(0.05)

    def create_games() -> None:
        c = app.test_client()
        voiding.wait()
        for _ in range(creations):
            time.sleep(0.5)
            answer = c.post("/api/games", json={"engine": "panic-in-the-air", "players": SEATS})
            creation_statuses.append(answer.status_code)
            count(answer.status_code)

    threads = [threading.Thread(target=t) for t in (void_all, append_other, create_games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "void_seconds_median": round(statistics.median(void_seconds), 2),
        "void_seconds_total": round(sum(void_seconds), 1),
        "other_appends": len(waits),
        "other_append_worst_wait_s": round(max(waits), 3) if waits else None,
        "creation_statuses": creation_statuses,
        "status_counts": dict(sorted(statuses.items())),
        "5xx": {str(s): n for s, n in sorted(statuses.items()) if s >= 500},
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--voids", type=int, default=12)
    parser.add_argument("--creations", type=int, default=8)
    args = parser.parse_args(argv)
    figures = run(args.events, args.voids, args.creations)
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures


if __name__ == "__main__":
    main()
