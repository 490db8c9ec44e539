"""Figure 5 behind nginx: ``make serve`` itself (PostgreSQL, two app instances, nginx with
its frames cache, serve/proxy.py), started in a temporary folder on a free port, and the
same 50 viewers and static-file load as through ``make run`` (``bench.served``).

The server is started as people start it (``python -m serve``, its default instances,
workers and threads), with the rate limits off as for every other figure.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from serve.postgres import Cluster
from serve.processes import ROOT
from serve.run import READY_LINE
from soak.run import _request

START_SECONDS = 180  # the first start makes a PostgreSQL cluster and loads the demo games


@contextlib.contextmanager
def make_serve() -> Iterator[int]:
    """``make serve`` running in a throwaway folder; yields nginx's port."""
    # Not a pytest or bench folder under /tmp/...-private: PostgreSQL and nginx's workers
    # run as their own users when we are root, and must reach it.
    folder = Path(tempfile.mkdtemp(prefix="tablescribe-bench-serve-"))
    folder.chmod(0o755)
    output = folder / "serve.out"
    with open(output, "wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "serve", "--port", "0", "--instance", str(folder / "instance")],
                                   cwd=ROOT, env={**os.environ, "TABLESCRIBE_RATE_LIMITS": "off"},
                                   stdout=sink, stderr=subprocess.STDOUT)
    try:
        yield _ready_port(process, output)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        cluster = Cluster(folder / "instance" / "pg")
        if cluster.initialized and cluster.running():  # only if the stop above failed
            cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


def _ready_port(process: subprocess.Popen[bytes], output: Path) -> int:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        printed = output.read_text()
        found = re.findall(rf"{READY_LINE}http://127\.0\.0\.1:(\d+)", printed)
        if found:
            return int(found[0])
        if process.poll() is not None:
            raise RuntimeError(f"make serve exited ({process.returncode}) before it was ready:\n{printed}")
        time.sleep(0.2)
    raise RuntimeError(f"make serve not ready after {START_SECONDS} s:\n{output.read_text()}")


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
