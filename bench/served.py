"""Figures 2 and 5: the service as deployed, gunicorn on loopback, measured from outside.

The server runs ``make run``'s worker model (gthread, 2 workers, 16 threads) on a
SQLite store with the demo games loaded and the rate limits off (they would measure
themselves).  The load generator is ``bench.http_load`` in its own process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.appends import new_store
from recorder.demo import load_demo_games
from soak.run import ROOT, Server

WORKERS, THREADS = 2, 16


def load(mode: str, port: int, clients: int, seconds: float, limit: int, games: list[str] | None = None) -> dict[str, Any]:
    """One run of the load generator in a child process; its JSON line, parsed."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.http_load", mode, str(port), str(clients), str(seconds), str(limit),
         *(games or [])], cwd=ROOT, capture_output=True, text=True, timeout=seconds + 120, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if figures["unexpected"]:
        raise RuntimeError(f"{mode}: unexpected answers {figures['unexpected']}")
    return figures


def served_figures(folder: Path, seconds: float, limit: int, viewers: int) -> dict[str, Any]:
    path = folder / "served.db"
    store = new_store(path)
    games = [f"{game_id}:{store.state_at(game_id).step}" for game_id, _, _ in load_demo_games(store)]
    store.db.dispose()
    server = Server(f"sqlite:///{path}", WORKERS, env={"TABLESCRIBE_RATE_LIMITS": "off"}, threads=THREADS)
    server.start()
    try:
        appends = load("appends", server.port, 8, seconds, limit)
        frames = load("frames", server.port, viewers, seconds, limit, games)
        static = load("static", server.port, viewers, seconds, limit)
    finally:
        server.stop()
    return {
        "http_appends_per_s": appends["per_s"], "http_append_p50_ms": appends["p50_ms"],
        "http_append_p95_ms": appends["p95_ms"], "http_appends": appends["requests"],
        "http_append_clients": appends["clients"],
        "viewer_frames_per_s": frames["per_s"], "viewer_frame_p50_ms": frames["p50_ms"],
        "viewer_frame_p95_ms": frames["p95_ms"], "viewer_requests": frames["requests"], "viewers": viewers,
        "static_per_s": static["per_s"], "static_p50_ms": static["p50_ms"], "static_p95_ms": static["p95_ms"],
        "viewer_p95_ratio": frames["p95_ms"] / static["p95_ms"],
    }
