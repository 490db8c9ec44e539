"""The viewer of a huge game: bytes sent, seconds, and what the worker keeps.

A 100,000-event game (``bench/seek.py``'s synthetic Panic in the Air, recorded without
fsync), then, in a fresh process as a worker would be: ``GET /games/<id>`` cold and
again, a page of the log in the middle, the timeline; the process's resident memory
(``VmRSS``) before the first request, after each, and after a garbage collection.
The growth that stays is what the caches and the page keep for good (issue 22: 60 MB
of HTML in 17 s, a worker grown from 144 MB to 713 MB).

    .venv/bin/python -m bench.huge_viewer [--events 100000] [--db path.db]

``--db`` keeps the game between runs (it is built when the file does not exist).  The
measuring child runs from the current directory, so the same database can be measured
with another checkout of the code: ``cd /other/tree && python -m bench.huge_viewer --db …``.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def build(path: Path, events: int) -> str:
    from bench.appends import new_store
    from bench.seek import OPTIONS, PLAYERS, synthetic_events

    store = new_store(path, synchronous="OFF")
    game, token = store.create_game("panic-in-the-air", PLAYERS, "Huge", options=OPTIONS)
    for request in itertools.islice(synthetic_events(), events):
        store.append(game.id, token, request)
    store.db.dispose()
    return game.id


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(path: Path, game_id: str) -> dict[str, Any]:
    """In this process: the figures of one worker serving the viewer of ``game_id``."""
    from recorder import close_app, create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATE_LIMITS": False,
                      "FRAMES_SHARED_DIR": str(path.parent / "frames")})
    client = app.test_client()
    client.get("/")  # templates and modules loaded: what any worker has
    gc.collect()
    figures: dict[str, Any] = {"rss_start_mb": round(rss_mb(), 1)}

    def get(name: str, url: str) -> None:
        started = time.perf_counter()
        response = client.get(url)
        seconds = time.perf_counter() - started
        assert response.status_code == 200, (url, response.status_code)
        figures[name] = {"bytes": len(response.data), "seconds": round(seconds, 3), "rss_mb": round(rss_mb(), 1)}

    get("viewer_cold", f"/games/{game_id}")
    get("viewer_warm", f"/games/{game_id}")
    get("viewer_step_50000", f"/games/{game_id}?step=50000")
    steps = app.extensions["tablescribe.store"].state_at(game_id).step
    if any(rule.rule.endswith("/log") for rule in app.url_map.iter_rules()):
        get("log_page_middle", f"/api/games/{game_id}/log?from={steps // 2}&count=200")
    get("timeline", f"/api/games/{game_id}/timeline")
    gc.collect()
    figures["rss_end_mb"] = round(rss_mb(), 1)
    figures["rss_growth_mb"] = round(figures["rss_end_mb"] - figures["rss_start_mb"], 1)
    close_app(app)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--child", nargs=2, metavar=("DB", "GAME_ID"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(Path(args.child[0]), args.child[1])))
        return
    path = args.db or Path(tempfile.mkdtemp(prefix="huge-viewer-")) / "huge.db"
    marker = path.with_suffix(".game")
    if path.exists() and marker.exists():
        game_id = marker.read_text().strip()
    else:
        started = time.perf_counter()
        game_id = build(path, args.events)
        marker.write_text(game_id)
        print(f"built {args.events} events in {time.perf_counter() - started:.1f} s: {path}", file=sys.stderr)
    # A fresh process, as a worker: the memory figures are that process's alone.
    child = subprocess.run([sys.executable, "-m", "bench.huge_viewer", "--child", str(path), game_id],
                           capture_output=True, text=True, check=True)
    figures = json.loads(child.stdout.strip().splitlines()[-1])
    print(f"worker RSS: {figures['rss_start_mb']} MB before, {figures['rss_end_mb']} MB after "
          f"(+{figures['rss_growth_mb']} MB kept)")
    for name, value in figures.items():
        if isinstance(value, dict):
            print(f"{name:20} {value['bytes'] / 1e6:9.3f} MB sent {value['seconds']:8.3f} s   "
                  f"RSS {value['rss_mb']} MB")


if __name__ == "__main__":
    main()
