"""Figures 2 and 5: the service as deployed, granian on loopback, measured from outside.

The server runs ``make run``'s server (serve/app_server.py: 2 workers, 16 Flask threads) on a
SQLite store with the demo games loaded and the rate limits off (they would measure
themselves).  The load generator is ``bench.http_load`` in its own process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
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


def server_cpu_seconds(master: int) -> float:
    """CPU time (user and system) of the server's main process and its workers so far, from
    Linux's /proc: what the server spent, whatever its workers waited for."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid_text, rest = stat.read_text().split(" (", 1)
        except OSError:  # the process ended meanwhile
            continue
        fields = rest.rsplit(") ", 1)[1].split()
        if int(pid_text) == master or int(fields[1]) == master:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def costed(run: Callable[[], dict[str, Any]], master: int) -> dict[str, Any]:
    """``run``'s figures plus the server's CPU per answered request."""
    before = server_cpu_seconds(master)
    figures = run()
    figures["server_cpu_us"] = (server_cpu_seconds(master) - before) / max(figures["requests"], 1) * 1e6
    figures["server_cores_busy"] = (server_cpu_seconds(master) - before) / figures["seconds"]
    return figures


def served_figures(folder: Path, seconds: float, limit: int, viewers: int) -> dict[str, Any]:
    path = folder / "served.db"
    store = new_store(path)
    games = [f"{game_id}:{store.state_at(game_id).step}:{store.get_game(game_id).version}"
             for game_id, _, _ in load_demo_games(store)]
    store.db.dispose()
    # The workers' shared frames answers in this run's folder: none left by an earlier run.
    server = Server(f"sqlite:///{path}", WORKERS, threads=THREADS, env={
        "TABLESCRIBE_RATE_LIMITS": "off", "TABLESCRIBE_FRAMES_SHARED_DIR": str(folder / "frames")})
    server.start()
    try:
        assert server.process is not None
        master = server.process.pid
        appends = costed(lambda: load("appends", server.port, 8, seconds, limit), master)
        frames = load("frames", server.port, viewers, seconds, limit, games)
        static = costed(lambda: load("static", server.port, viewers, seconds, limit), master)
    finally:
        server.stop()
    return {
        "http_appends_per_s": appends["per_s"], "http_append_p50_ms": appends["p50_ms"],
        "http_append_p95_ms": appends["p95_ms"], "http_appends": appends["requests"],
        "http_append_clients": appends["clients"],
        "http_append_server_cpu_us": appends["server_cpu_us"], "http_server_cores_busy": appends["server_cores_busy"],
        "http_append_client_cpu_us": appends["client_cpu_us"], "static_server_cpu_us": static["server_cpu_us"],
        "viewer_frames_per_s": frames["per_s"], "viewer_frame_p50_ms": frames["p50_ms"],
        "viewer_frame_p95_ms": frames["p95_ms"], "viewer_requests": frames["requests"], "viewers": viewers,
        "static_per_s": static["per_s"], "static_p50_ms": static["p50_ms"], "static_p95_ms": static["p95_ms"],
        "viewer_p95_ratio": frames["p95_ms"] / static["p95_ms"],
        "viewer_throughput_ratio": frames["per_s"] / static["per_s"],
    }
