"""Figure 5 behind nginx: ``make serve`` itself (PostgreSQL, two app instances, nginx with
its frames cache, serve/proxy.py), started in a temporary folder on a free port, and the
same 50 viewers and static-file load as through ``make run`` (``bench.served``).

The server is started as people start it (``python -m serve``, its default instances,
workers and threads), with the rate limits off as for every other figure.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from serve.launched import launched
from soak.run import _request

START_SECONDS = 180  # the first start makes a PostgreSQL cluster and loads the demo games


@contextlib.contextmanager
def make_serve() -> Iterator[int]:
    """``make serve`` running in a throwaway folder; yields nginx's port."""
    env = {**os.environ, "TABLESCRIBE_RATE_LIMITS": "off"}
    with launched([], env, START_SECONDS, "tablescribe-bench-serve-") as serving:
        yield serving.port


def demo_games(port: int) -> list[str]:
    """``id:steps:version`` of each game the server holds (its demo games)."""
    status, listed = _request(port, "GET", "/api/games")
    assert status == 200, listed
    found = []
    for game in listed["games"]:
        status, detail = _request(port, "GET", f"/api/games/{game['id']}")
        assert status == 200, detail
        found.append(f"{game['id']}:{detail['steps']}:{detail['version']}")
    return found


def proxied_figures(seconds: float, limit: int, viewers: int) -> dict[str, Any]:
    """The frames and static loads of figure 5, through nginx."""
    from bench.served import load  # the same load generator, in its own process

    with make_serve() as port:
        games = demo_games(port)
        frames = load("frames", port, viewers, seconds, limit, games)
        static = load("static", port, viewers, seconds, limit)
    return {
        "proxied_frames_per_s": frames["per_s"], "proxied_frame_p50_ms": frames["p50_ms"],
        "proxied_frame_p95_ms": frames["p95_ms"], "proxied_static_per_s": static["per_s"],
        "proxied_static_p95_ms": static["p95_ms"],
        "proxied_p95_ratio": frames["p95_ms"] / static["p95_ms"],
        "proxied_throughput_ratio": frames["per_s"] / static["per_s"],
    }
