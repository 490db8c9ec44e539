"""``make bench``: durable appends and bulk export beside raw sqlite3, and seek cost.

1. Durable single-event appends per second through ``EventStore.append`` (the
   engine's check, the hash chain, one event per transaction, WAL with
   ``synchronous=FULL``), with Panic in the Air events; beside raw ``sqlite3``
   single-row INSERT+COMMIT under the same settings, in the same run.  Printed
   as a ratio (target of issue 8: at least 0.5x).
2. ``state_at`` at step 100 and at step 10,000 of a long synthetic game, with
   snapshots every 100 events.  Printed as a ratio (target: at most 1.5x).
3. NDJSON export (``recorder.exports.bulk.ndjson_lines``) of 1,000 games, re-chained
   copies of the demo games imported through ``EventStore.import_game``: events per
   second beside raw ``sqlite3`` SELECT + ``json.dumps`` of the same rows in the same
   run (a ratio), and the peak RSS of the export's own child process at 100 and at
   1,000 games (a ratio: it should stay near 1), with tracemalloc's peak beside it.
   The import rate of the generated games is printed too.  See ``bench/export_bench.py``.

``--quick`` runs the same code on small sizes (the test suite calls it so the
benchmark cannot rot); its figures mean little.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from bench.export_bench import export_figures, export_lines
from recorder.db import make_engine
from recorder.migrate import upgrade
from recorder.store import AppendRequest, EventStore

PLAYERS = ["Ana", "Ben", "Cy"]
# deck_total unknown: the deck never runs out, so the synthetic game can go on forever.
OPTIONS = {"deck_total": None}


# A real deck has 63 cards, so no table ever holds more than that on its stacks.
CARDS_ON_THE_TABLE = 60


def synthetic_events() -> Iterator[AppendRequest]:
    """A legal endless game whose table stays the size of a real one.

    Each player draws a card and drops a 100 m Fall card on itself until 60
    cards lie on the stacks; from then on, players draw twice a turn.  The
    length is artificial, the state is not: a state that grew without bound
    would measure JSON decoding of an impossible table, not seeking.
    """
    played = 0
    while True:
        for player in PLAYERS:
            yield AppendRequest(type="card_drawn", data={}, actor=player)
            if played < CARDS_ON_THE_TABLE:
                played += 1
                yield AppendRequest(
                    type="card_played", actor=player,
                    data={"target": player, "card": {"kind": "FALL", "value": 100}})
            else:
                yield AppendRequest(type="card_drawn", data={}, actor=player)


def new_store(path: Path, synchronous: str = "FULL") -> EventStore:
    db = make_engine(f"sqlite:///{path}", sqlite_synchronous=synchronous)
    upgrade(db)
    return EventStore(db, snapshot_every=100)


def appends_per_second(folder: Path, count: int) -> float:
    store = new_store(folder / "store.db")
    game, token = store.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    events = synthetic_events()
    for _ in range(10):  # warm-up: imports, first snapshot query, connection pool
        store.append(game.id, token, next(events))
    started = time.perf_counter()
    for _ in range(count):
        store.append(game.id, token, next(events))
    elapsed = time.perf_counter() - started
    store.db.dispose()
    return count / elapsed


def raw_commits_per_second(folder: Path, count: int) -> float:
    conn = sqlite3.connect(folder / "raw.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, game TEXT, seq INTEGER, body TEXT)")
    body = json.dumps({"type": "card_drawn", "data": {}, "actor": "Ana"})
    started = time.perf_counter()
    for seq in range(count):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO events (game, seq, body) VALUES (?, ?, ?)", ("g", seq, body))
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - started
    conn.close()
    return count / elapsed


def median_seconds(action: Callable[[], Any], repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def seek_times(folder: Path, length: int, steps: list[int], repeats: int) -> dict[int, float]:
    """Median seconds of ``state_at`` at each of ``steps`` in a game ``length`` events long."""
    # Built without fsync to save minutes; the seeks themselves are plain reads.
    builder = new_store(folder / "long.db", synchronous="OFF")
    game, token = builder.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    events = synthetic_events()
    for _ in range(length):
        builder.append(game.id, token, next(events))
    builder.db.dispose()
    store = new_store(folder / "long.db")
    for step in steps:  # warm-up
        store.state_at(game.id, step)
    return {step: median_seconds(lambda: store.state_at(game.id, step), repeats) for step in steps}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    args = parser.parse_args(argv)
    appends, length, repeats = (50, 300, 5) if args.quick else (2000, 10_000, 30)
    games, small_games = (6, 3) if args.quick else (1000, 100)
    # On a snapshot (100, length) and half way between two (150, length - 50).
    near, far, near_mid, far_mid = 100, length, 150, length - 50
    with tempfile.TemporaryDirectory(prefix="tablescribe-bench-") as tmp:
        folder = Path(tmp)
        store_rate = appends_per_second(folder, appends)
        raw_rate = raw_commits_per_second(folder, appends)
        seeks = seek_times(folder, length, [near, far, near_mid, far_mid], repeats)
        exports = export_figures(folder, games, small_games)
    figures = {
        "store_appends_per_s": store_rate,
        "raw_commits_per_s": raw_rate,
        "append_ratio": store_rate / raw_rate,
        **{f"state_at_{step}_ms": seconds * 1000 for step, seconds in seeks.items()},
        "seek_ratio": seeks[far] / seeks[near],
        "seek_ratio_between_snapshots": seeks[far_mid] / seeks[near_mid],
        **exports,
    }
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"SQLite {sqlite3.sqlite_version}")
    print(f"1. durable appends: store {store_rate:,.0f}/s, raw sqlite3 {raw_rate:,.0f}/s "
          f"-> ratio {figures['append_ratio']:.2f}x ({appends} events each, WAL + synchronous=FULL)")
    print(f"2. seek: state_at({near}) {seeks[near] * 1000:.2f} ms, state_at({far}) {seeks[far] * 1000:.2f} ms "
          f"-> ratio {figures['seek_ratio']:.2f}x (snapshots every 100, median of {repeats})")
    print(f"   between snapshots: state_at({near_mid}) {seeks[near_mid] * 1000:.2f} ms, "
          f"state_at({far_mid}) {seeks[far_mid] * 1000:.2f} ms -> ratio {figures['seek_ratio_between_snapshots']:.2f}x")
    for line in export_lines(figures, games, small_games):
        print(line)
    return figures


if __name__ == "__main__":
    main()
